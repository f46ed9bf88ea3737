import Foundation
import PropertyMapper

extension RecordingModel {
    static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#
    static let nameExpression = try! NSRegularExpression(pattern: "^[A-Z][a-z]+( [A-Z][a-z]+)*$")

    /// One mapping with every descriptor kind (property, box with built-in and custom boxings, call in
    /// all four forms, list, nested keys, nested indices, a nested mapping with validators), every
    /// validator, odd keys and a property mapped twice. The fuzz target and the corpus replay use it.
    /// It has no definition errors (FuzzCorpusTests checks), so every input reaches the data checks.
    static let everyKind = MappingSpecRoot<RecordingModel>([
        ("id", .leaf("id", .property(\.id).isRequired().min(1).max(1_000_000_000), .exact(\.id) { Oracle.integer($0, as: Int.self) })),
        ("name", .leaf("title", .property(\.title).isRequired().lengthRange(1, 80), .exact(\.title, Oracle.string))),
        ("sub", .leaf("subtitle", .property(\.subtitle).minLength(1).maxLength(40), .optional(\.subtitle, Oracle.string))),
        ("rating", .leaf("rating", .property(\.rating).range(1, 5), .optional(\.rating) { Oracle.integer($0, as: Int.self) })),
        ("ratio", .leaf("ratio", .property(\.ratio).range(0.0, 1.0), .exact(\.ratio, Oracle.double))),
        ("score", .leaf("score", .property(\.score).min(-1.5).max(1e30), .exact(\.score) { Oracle.double($0).map(Float.init) })),
        ("small", .leaf("small", .property(\.small).range(-100...100), .exact(\.small) { Oracle.integer($0, as: Int8.self) })),
        ("count", .leaf("count", .property(\.count).min(0).range(0.0...1e19), .exact(\.count) { Oracle.integer($0, as: UInt64.self) })),
        ("flag", .leaf("flag", .property(\.flag).equalTo(true), .exact(\.flag, Oracle.bool))),
        ("maybe", .leaf("maybeFlag", .property(\.maybeFlag), .optional(\.maybeFlag, Oracle.bool))),
        ("tags", .leaf("tags", .property(\.tags).maxLength(5).isRequired(), .exact(\.tags, Oracle.strings))),
        ("nums", .leaf("numbers", .property(\.numbers).length(3), .exact(\.numbers, Oracle.integers))),
        ("weights", .leaf("weights", .property(\.weights), .exact(\.weights, Oracle.doubles))),
        ("url", .leaf("link", .box(.url, \.link).isRequired().matchesRegEx("^https?://"))),
        ("date", .leaf("date", .box(.date, \.date).isRequired())),
        ("color", .leaf("color", .box(.rgbColor, \.color).length(7))),
        ("color2", .leaf("optionalColor", .box(.rgbColor, \.optionalColor).isLowercaseASCII())),
        ("type", .leaf("kind", .call(RecordingModel.kind(from:), \.kind).oneOf(["short", "long", "live", "unknown"]))),
        (
            "label",
            .leaf(
                "label",
                .call(RecordingModel.label(from:), \.label).validate("notBlank") { (text: String) in
                    !text.allSatisfy(\.isWhitespace)
                })
        ),
        ("code", .leaf("code", .call(RecordingModel.code(from:property:), \.code).range(0.0...999.0))),
        ("kindName", .leaf("kindName", .call(RecordingModel.kindName(from:property:), \.kindName).maxLength(20))),
        (
            "author",
            .nested([
                ("email", .leaf("email", .property(\.email).isRequired().matchesRegEx(emailPattern), .exact(\.email, Oracle.string))),
                (
                    "name",
                    .leaf(
                        "authorName", .property(\.authorName).matchesRegEx(nameExpression).lengthRange(2...40),
                        .exact(\.authorName, Oracle.string))
                ),
                (
                    "meta",
                    .nested([
                        (
                            "level",
                            .leaf("level", .property(\.level).equalTo(3).isRequired(), .exact(\.level) { Oracle.integer($0, as: Int.self) })
                        )
                    ])
                ),
            ])
        ),
        (
            "geo",
            .nested(
                [
                    (0, .leaf("latitude", .property(\.latitude).isRequired().range(-90, 90), .exact(\.latitude, Oracle.double))),
                    (1, .leaf("longitude", .property(\.longitude).range(-180.0...180.0), .exact(\.longitude, Oracle.double))),
                    (
                        2,
                        .nested([
                            ("alt", .leaf("altitude", .property(\.altitude).min(-500).max(9000.5), .optional(\.altitude, Oracle.double)))
                        ])
                    ),
                ], decorate: { $0.maxLength(3) })
        ),
        (
            "link",
            .list(
                [
                    .leaf("linkText", .property(\.linkText).minLength(8), .exact(\.linkText, Oracle.string)),
                    .leaf("link", .box(.url, \.link)),
                ], decorate: { $0.matchesRegEx("^https://") })
        ),
        ("dec", .leaf("decimal", .property(\.decimal))),
        ("any", .leaf("payload", .property(\.payload))),
        // An `Any?` property takes every kind of value, so its string validator can meet a number or
        // a container at run time. (An invalid pattern is a definition error: it would refuse the
        // whole mapping, see PlanCheckTests.)
        ("bad", .leaf("payload", .property(\.payload).matchesRegEx("^[0-9]+$"))),
        ("", .leaf("emptyKey", .property(\.emptyKey), .exact(\.emptyKey, Oracle.string))),
        ("a.b", .leaf("dotted", .property(\.dotted), .exact(\.dotted) { Oracle.integer($0, as: Int.self) })),
        ("x[0]", .leaf("bracketed", .property(\.bracketed), .optional(\.bracketed, Oracle.string))),
        ("title", .leaf("title", .property(\.title).isLowercaseASCII(), .exact(\.title, Oracle.string))),
    ])
}

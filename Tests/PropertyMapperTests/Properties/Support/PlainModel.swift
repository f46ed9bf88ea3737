import Foundation
import PropertyMapper

/// A model with plain stored properties (no observers), whose mapping writes into a sub-object
/// (`\.author.name`, a class: each model makes its own) and into a sub-struct (`\.geo.latitude`).
///
/// `RecordingModel` observes every property, which sends every write through its key path; this
/// model leaves the engine free to write stored properties directly, so the checks reach the
/// engine's fast paths, across objects included. Shared like `RecordingModel` by the fuzz target
/// and the corpus replay: public API only, no test framework. Every property starts with a preset
/// value that no valid source produces by accident.
final class PlainModel {
    final class Author {
        var email = "preset@example.com"
        var name = "preset author"
        var level = -1
        var tags = ["preset"]
    }

    struct Geo {
        var latitude = -999.5
        var longitude = -999.5
        var altitude: Double? = -1.5
    }

    var id = -7
    var title = "preset title"
    var subtitle: String? = "preset subtitle"
    var rating: Int? = -1
    var flag = true
    var link = URL(string: "https://preset.example.com")
    var author = Author()
    var geo = Geo()
    /// Never named by any mapping: it must never be written.
    var unmapped = "untouched"

    init() {}

    /// Every property, sub-object and sub-struct included, rendered as text under the name the
    /// spec gives it, to compare a model before and after a mapping.
    var snapshot: [String: String] {
        let values: [String: Any?] = [
            "id": id, "title": title, "subtitle": subtitle, "rating": rating, "flag": flag, "link": link,
            "authorEmail": author.email, "authorName": author.name, "authorLevel": author.level, "authorTags": author.tags,
            "latitude": geo.latitude, "longitude": geo.longitude, "altitude": geo.altitude, "unmapped": unmapped,
        ]
        return values.mapValues { String(describing: $0) }
    }

    /// A mapping whose writes cross into `author` and `geo`, over the keys of `RecordingModel.everyKind`
    /// (so the fuzz corpus reaches it), with few validators, so that many inputs map and write.
    static let crossing = MappingSpecRoot<PlainModel>([
        ("id", .leaf("id", .property(\.id).min(1), .exact(\.id) { Oracle.integer($0, as: Int.self) })),
        ("name", .leaf("title", .property(\.title).lengthRange(1, 80), .exact(\.title, Oracle.string))),
        ("sub", .leaf("subtitle", .property(\.subtitle), .optional(\.subtitle, Oracle.string))),
        ("rating", .leaf("rating", .property(\.rating).range(1, 5), .optional(\.rating) { Oracle.integer($0, as: Int.self) })),
        ("flag", .leaf("flag", .property(\.flag), .exact(\.flag, Oracle.bool))),
        ("url", .leaf("link", .box(.url, \.link))),
        ("tags", .leaf("authorTags", .property(\.author.tags).maxLength(5), .exact(\.author.tags, Oracle.strings))),
        (
            "author",
            .nested([
                (
                    "email",
                    .leaf(
                        "authorEmail", .property(\.author.email).matchesRegEx(RecordingModel.emailPattern),
                        .exact(\.author.email, Oracle.string))
                ),
                ("name", .leaf("authorName", .property(\.author.name), .exact(\.author.name, Oracle.string))),
                (
                    "meta",
                    .nested([
                        (
                            "level",
                            .leaf("authorLevel", .property(\.author.level), .exact(\.author.level) { Oracle.integer($0, as: Int.self) })
                        )
                    ])
                ),
            ])
        ),
        (
            "geo",
            .nested([
                (0, .leaf("latitude", .property(\.geo.latitude).range(-90, 90), .exact(\.geo.latitude, Oracle.double))),
                (1, .leaf("longitude", .property(\.geo.longitude), .exact(\.geo.longitude, Oracle.double))),
                (
                    2,
                    .nested([
                        ("alt", .leaf("altitude", .property(\.geo.altitude), .optional(\.geo.altitude, Oracle.double)))
                    ])
                ),
            ])
        ),
        (
            "label",
            .list(
                [
                    .leaf("authorName", .property(\.author.name), .exact(\.author.name, Oracle.string)),
                    .leaf("subtitle", .property(\.subtitle), .optional(\.subtitle, Oracle.string)),
                ], decorate: { $0 })
        ),
        ("title", .leaf("title", .property(\.title), .exact(\.title, Oracle.string))),
    ])
}

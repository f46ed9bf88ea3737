import FeedModel
import Foundation
import Testing

@testable import PropertyMapper

/// A model for definition checks: one property of each input kind, each preset so a write shows.
private struct Sheet: Equatable {
    var id = -1
    var title = "preset"
    var subtitle: String? = "preset"
    var rating: Int? = -1
    var ratio = -1.5
    var flag = true
    var tags = ["preset"]
    var weights: [String: Double] = ["preset": 1]
    var link: URL? = URL(string: "https://preset.example")
    var code = -1
    var latitude = -1.5
    var longitude = -1.5

    func code(from number: Int) -> Int? { number * 2 }
}

/// The definition error of `problem` at `path`, as `PlanCheck` builds it.
private func definitionError(_ path: String, _ property: String, _ problem: DefinitionProblem) -> ValidationError {
    ValidationError(path: path, property: property, rule: "mapping", value: nil, failure: .definition(problem))
}

/// `validator` can never judge a field that receives `receives`.
private func neverApplies(
    _ validator: String, judges: ValueKinds, judgedType: String? = nil, receives: FieldInput
) -> DefinitionProblem {
    .validatorNeverApplies(validator: validator, judges: judges, judgedType: judgedType, receives: receives)
}

@Suite struct PlanCheckTests {
    // MARK: A validator that can never judge its field

    /// Each descriptor, under the key `"x"`, has one validator that can never judge the values
    /// its field receives.
    fileprivate static let misfits: [(descriptor: PropertyDescriptor<Sheet>, property: String, problem: DefinitionProblem)] = [
        (.property(\.id).lengthRange(1, 3), "id", neverApplies("lengthRange", judges: [.string, .array], receives: .type("Int"))),
        (.property(\.id).length(2), "id", neverApplies("length", judges: [.string, .array], receives: .type("Int"))),
        (.property(\.rating).minLength(1), "rating", neverApplies("minLength", judges: [.string, .array], receives: .type("Int?"))),
        (.property(\.flag).maxLength(1), "flag", neverApplies("maxLength", judges: [.string, .array], receives: .type("Bool"))),
        (
            .property(\.weights).lengthRange(1...3), "weights",
            neverApplies("lengthRange", judges: [.string, .array], receives: .type("[String: Double]"))
        ),
        (.property(\.title).min(1), "title", neverApplies("min", judges: .number, receives: .type("String"))),
        (.property(\.tags).max(1.5), "tags", neverApplies("max", judges: .number, receives: .type("[String]"))),
        (.property(\.flag).range(0, 1), "flag", neverApplies("range", judges: .number, receives: .type("Bool"))),
        (.property(\.id).matchesRegEx("^[0-9]+$"), "id", neverApplies("matchesRegEx", judges: .string, receives: .type("Int"))),
        (.property(\.tags).matchesRegEx("a"), "tags", neverApplies("matchesRegEx", judges: .string, receives: .type("[String]"))),
        (
            .property(\.id).validate("isShort") { (text: String) in text.count < 5 }, "id",
            neverApplies("isShort", judges: .string, judgedType: "String", receives: .type("Int"))
        ),
        (
            .property(\.title).oneOf([1, 2, 3]), "title",
            neverApplies("oneOf", judges: .number, judgedType: "Int", receives: .type("String"))
        ),
        (
            .property(\.ratio).equalTo(true), "ratio",
            neverApplies("equalTo", judges: .boolean, judgedType: "Bool", receives: .type("Double"))
        ),
        // A boxing or a call receives its input type, not the property's.
        (.box(.url, \.link).min(1), "link", neverApplies("min", judges: .number, receives: .type("String"))),
        (.call(Sheet.code(from:), \.code).matchesRegEx("1"), "code", neverApplies("matchesRegEx", judges: .string, receives: .type("Int"))),
    ]

    @Test(arguments: misfits.indices)
    func validatorThatNeverJudgesItsFieldIsADefinitionError(index: Int) {
        let misfit = Self.misfits[index]
        let mapping = Mapping<Sheet>([("x", misfit.descriptor)])
        #expect(mapping.definitionErrors == [definitionError("x", misfit.property, misfit.problem)])
        #expect(mapping.definitionErrors.allSatisfy { $0.rule == "mapping" && $0.value == nil && !$0.message.isEmpty })
    }

    /// Validators that can judge some of what their field receives are fine, whatever the data.
    @Test func validatorsThatFitTheirFieldAreNoDefinitionError() {
        let mapping: Mapping<Sheet> = [
            "id": .property(\.id).min(1).max(9).range(0, 5).oneOf([1, 2]).equalTo(2).validate("even") { (n: Int) in n.isMultiple(of: 2) },
            "title": .property(\.title).lengthRange(1, 3).length(2).minLength(1).maxLength(9).matchesRegEx("a").oneOf(["a"]).equalTo("a"),
            "tags": .property(\.tags).lengthRange(1, 3).maxLength(2),
            "flag": .property(\.flag).equalTo(true).isRequired(),
            "link": .box(.url, \.link).matchesRegEx("^https://").maxLength(80),
            "code": .call(Sheet.code(from:), \.code).range(1, 99),
            // A validator taking `Double` judges numbers, and so fits an integer field.
            "rating": .property(\.rating).validate("small") { (number: Double) in number < 10 },
        ]
        #expect(mapping.definitionErrors == [])
    }

    /// An `Any?` property receives every kind of value: no validator is a definition error there
    /// (a value it cannot judge is a runtime error with the validator's rule).
    @Test func anyPropertyTakesEveryValidator() {
        let mapping: Mapping<Loose> = [
            "a": .property(\.value).lengthRange(1, 3).min(1).matchesRegEx("x").oneOf([1]).equalTo(true),
            "b": .property(\.other).validate("isShort") { (text: String) in text.count < 5 },
        ]
        #expect(mapping.definitionErrors == [])
        let loose = Loose()
        let errors = mappingErrors { try Mapper.mapValues(from: ["b": 42], to: loose, using: mapping) }
        expectSingleError(errors, at: "b", rule: "isShort")
        #expect(errors.first?.value == "42")
        #expect(loose.isUnchanged)
    }

    /// A nested mapping receives a dictionary (keys) or an array (indices).
    @Test func validatorsOnANestedMappingJudgeItsContainer() {
        let keyed: PropertyDescriptor<Sheet> = ["lat": .property(\.latitude), "long": .property(\.longitude)]
        let indexed: PropertyDescriptor<Sheet> = [0: .property(\.latitude), 1: .property(\.longitude)]
        let fitting: Mapping<Sheet> = ["geo": indexed.lengthRange(2, 2).isRequired(), "pos": keyed.isRequired()]
        #expect(fitting.definitionErrors == [])
        let misfit: Mapping<Sheet> = ["geo": indexed.matchesRegEx("x"), "pos": keyed.minLength(1)]
        #expect(
            misfit.definitionErrors == [
                definitionError("geo", "latitude, longitude", neverApplies("matchesRegEx", judges: .string, receives: .kinds(.array))),
                definitionError(
                    "pos", "latitude, longitude", neverApplies("minLength", judges: [.string, .array], receives: .kinds(.object))),
            ])
    }

    /// A list receives what all its descriptors receive at once.
    @Test func validatorsOnAListJudgeWhatEveryMemberReceives() {
        let fitting: Mapping<Sheet> = ["x": .list(.property(\.title), .box(.url, \.link)).matchesRegEx("^https://")]
        #expect(fitting.definitionErrors == [])
        let misfit: Mapping<Sheet> = ["x": .list(.property(\.title), .property(\.subtitle)).min(1)]
        #expect(
            misfit.definitionErrors == [
                definitionError("x", "title, subtitle", neverApplies("min", judges: .number, receives: .kinds(.string)))
            ])
    }

    // MARK: Keys

    @Test func sameKeyTwiceAtOneLevel() {
        let mapping: Mapping<Sheet> = [
            "title": .property(\.title),
            "geo": [1: .property(\.latitude), 1: .property(\.longitude)],
            "title": .property(\.subtitle),
            "inner": ["a": .property(\.id), "b": .property(\.code), "a": .property(\.rating), "a": .property(\.ratio)],
        ]
        #expect(
            mapping.definitionErrors == [
                definitionError("geo[1]", "longitude", .duplicateKey(.index(1))),
                definitionError("title", "subtitle", .duplicateKey(.key("title"))),
                definitionError("inner.a", "rating", .duplicateKey(.key("a"))),
                definitionError("inner.a", "ratio", .duplicateKey(.key("a"))),
            ])
    }

    /// The same key at different levels, or a list's descriptors over one key, are not duplicates.
    @Test func sameKeyAtOtherLevelsAndListMembersAreNoDuplicates() {
        let mapping: Mapping<Sheet> = [
            "a": .property(\.title),
            "b": ["a": .property(\.subtitle), "b": ["a": .property(\.id)]],
            "c": .list(.property(\.title), .property(\.subtitle)),
        ]
        #expect(mapping.definitionErrors == [])
    }

    @Test func indexBelowZero() {
        let mapping: Mapping<Sheet> = ["geo": [0: .property(\.latitude), -1: .property(\.longitude), -1: .property(\.ratio)]]
        // Each negative index is reported once, as negative (never also as a duplicate).
        #expect(
            mapping.definitionErrors == [
                definitionError("geo[-1]", "longitude", .negativeIndex(-1)),
                definitionError("geo[-1]", "ratio", .negativeIndex(-1)),
            ])
    }

    @Test func levelMixingKeysAndIndices() {
        let nested: Mapping<Sheet> = ["geo": ["lat": .property(\.latitude), 1: .property(\.longitude)]]
        #expect(nested.definitionErrors == [definitionError("geo", "latitude, longitude", .mixedKeysAndIndices)])
        // At the root, the path is "" and the property names every property of the level.
        let root: Mapping<Sheet> = ["title": .property(\.title), 0: .property(\.id), "geo": [0: .property(\.latitude)]]
        #expect(root.definitionErrors == [definitionError("", "title, id, latitude", .mixedKeysAndIndices)])
        // The level's own error comes first, then its entries' errors.
        let both: Mapping<Sheet> = ["geo": ["lat": .property(\.latitude), -2: .property(\.longitude)]]
        #expect(
            both.definitionErrors == [
                definitionError("geo", "latitude, longitude", .mixedKeysAndIndices),
                definitionError("geo[-2]", "longitude", .negativeIndex(-2)),
            ])
    }

    // MARK: Validators wrong in themselves

    @Test(arguments: ["(", "[a-", "a{2,1}", "*", ""])
    func invalidPattern(pattern: String) {
        let mapping: Mapping<Sheet> = ["title": .property(\.title).matchesRegEx(pattern)]
        #expect(mapping.definitionErrors == [definitionError("title", "title", .invalidPattern(pattern: pattern))])
        // On a field it could never judge either, the invalid pattern is its one error.
        let onNumber: Mapping<Sheet> = ["id": .property(\.id).matchesRegEx(pattern)]
        #expect(onNumber.definitionErrors == [definitionError("id", "id", .invalidPattern(pattern: pattern))])
    }

    @Test func notANumberBound() {
        let mapping: Mapping<Sheet> = [
            "a": .property(\.ratio).min(Double.nan),
            "b": .property(\.ratio).max(Double.nan),
            "c": .property(\.ratio).range(Double.nan, 1),
            "d": .property(\.ratio).range(0, Double.nan),
            "e": .property(\.ratio).min(-Double.infinity).max(Double.infinity),
        ]
        #expect(
            mapping.definitionErrors == [
                definitionError("a", "ratio", .notANumberBound(validator: "min")),
                definitionError("b", "ratio", .notANumberBound(validator: "max")),
                definitionError("c", "ratio", .notANumberBound(validator: "range")),
                definitionError("d", "ratio", .notANumberBound(validator: "range")),
            ])
    }

    // MARK: Lists

    @Test func emptyList() {
        let mapping: Mapping<Sheet> = ["a": .list(), "b": .list([]).min(1), "c": ["d": .list()]]
        // A validator on an empty list is not judged on top of it.
        #expect(
            mapping.definitionErrors == [
                definitionError("a", "", .emptyList),
                definitionError("b", "", .emptyList),
                definitionError("c.d", "", .emptyList),
            ])
    }

    @Test func listWithoutCommonInput() {
        let mapping: Mapping<Sheet> = [
            "a": .list(.property(\.title), .property(\.id)).matchesRegEx("x"),
            "b": .list(.property(\.title), ["c": .property(\.id)]),
            "c": .list(.property(\.ratio), .property(\.rating), .property(\.flag)),
        ]
        // A validator on such a list is not judged on top of it.
        #expect(
            mapping.definitionErrors == [
                definitionError("a", "title, id", .listWithoutCommonInput(inputs: [.type("String"), .type("Int")])),
                definitionError("b", "title, id", .listWithoutCommonInput(inputs: [.type("String"), .kinds(.object)])),
                definitionError(
                    "c", "ratio, rating, flag", .listWithoutCommonInput(inputs: [.type("Double"), .type("Int?"), .type("Bool")])),
            ])
    }

    /// A list member's own definition errors are reported; the list is still judged on what its
    /// members receive, unless a member receives nothing (an empty list), which ends the check.
    @Test func listMemberWithItsOwnDefinitionError() {
        let mapping: Mapping<Sheet> = [
            "a": .list(.property(\.title).min(1), .property(\.subtitle)).maxLength(2),
            "b": .list(.property(\.title).min(1), .property(\.id)),
            "c": .list(.list(), .property(\.id)).matchesRegEx("x"),
        ]
        #expect(
            mapping.definitionErrors == [
                definitionError("a", "title", neverApplies("min", judges: .number, receives: .type("String"))),
                definitionError("b", "title", neverApplies("min", judges: .number, receives: .type("String"))),
                definitionError("b", "title, id", .listWithoutCommonInput(inputs: [.type("String"), .type("Int")])),
                definitionError("c", "", .emptyList),
            ])
    }

    // MARK: Order

    /// Several errors at once: all listed, in declaration order, depth first (a nested mapping's
    /// entries before the validators on the nested mapping itself).
    @Test func everyErrorInDeclarationOrderDepthFirst() {
        let inner: PropertyDescriptor<Sheet> = ["x": .property(\.id).matchesRegEx("a"), "x": .property(\.rating)]
        let mapping: Mapping<Sheet> = [
            "a": .property(\.id).lengthRange(1, 2).min(1).matchesRegEx("("),
            "n": inner.maxLength(3),
            "g": [-1: .property(\.latitude)],
            "a": .property(\.title),
            "z": .list(),
        ]
        let errors = mapping.definitionErrors
        #expect(errors.map(\.path) == ["a", "a", "n.x", "n.x", "n", "g[-1]", "a", "z"])
        #expect(
            errors == [
                definitionError("a", "id", neverApplies("lengthRange", judges: [.string, .array], receives: .type("Int"))),
                definitionError("a", "id", .invalidPattern(pattern: "(")),
                definitionError("n.x", "id", neverApplies("matchesRegEx", judges: .string, receives: .type("Int"))),
                definitionError("n.x", "rating", .duplicateKey(.key("x"))),
                definitionError("n", "id, rating", neverApplies("maxLength", judges: [.string, .array], receives: .kinds(.object))),
                definitionError("g[-1]", "latitude", .negativeIndex(-1)),
                definitionError("a", "title", .duplicateKey(.key("a"))),
                definitionError("z", "", .emptyList),
            ])
        #expect(errors.allSatisfy { $0.rule == "mapping" && $0.value == nil })
        // A mapping built in code checks the same.
        #expect(Mapping<Sheet>(mapping.entries.map { ($0.key, $0.descriptor) }).definitionErrors == errors)
    }

    // MARK: Sound mappings

    @Test func sharedAndDocumentedMappingsHaveNoDefinitionErrors() {
        #expect(Video.mapping.definitionErrors == [])
        #expect(VideoRecord.mapping.definitionErrors == [])
        #expect(ReadmeCallSite.Video.mapping.definitionErrors == [])
        #expect(ReadmeCallSite.VideoValue.mapping.definitionErrors == [])
        #expect(StyleCallSite.Video.mapping.definitionErrors == [])
        #expect(StyleCallSite.Upload.mapping.definitionErrors == [])
        #expect(DocCallSite.Model.mapping.definitionErrors == [])
        #expect(Profile.mapping.definitionErrors == [])
        #expect(Profile.strictMapping.definitionErrors == [])
        #expect(Form.mapping.definitionErrors == [])
        #expect(Shipment.mapping.definitionErrors == [])
        #expect(RecordingModel.everyKind.mapping.definitionErrors == [])
        #expect(Mapping<Sheet>([]).definitionErrors == [])
    }

    // MARK: Every entry point refuses a broken mapping

    /// Two definition errors, and a validator that records every value it is asked to judge.
    private static func broken(_ log: CallLog) -> Mapping<Sheet> {
        [
            "id": .property(\.id).lengthRange(1, 3),
            "title": .property(\.title).validate("spy") { (text: String) in
                log.record(text); return true
            },
            "geo": [-1: .property(\.latitude)],
        ]
    }

    private static var validRecord: [String: Any] { ["id": 5, "title": "Romeo", "geo": [1.5]] }

    @Test func mapValuesFromASourceThrowsTheDefinitionErrorsAlone() throws {
        let log = CallLog()
        let mapping = Self.broken(log)
        #expect(mapping.definitionErrors.map(\.path) == ["id", "geo[-1]"])
        let sources: [Any?] = [
            Self.validRecord, ["id": "x", "title": 5], NSDictionary(dictionary: Self.validRecord), [1, 2], 5, nil, NSNull(),
        ]
        for source in sources {
            var sheet = Sheet()
            #expect(mappingErrors { try Mapper.mapValues(from: source, to: &sheet, using: mapping) } == mapping.definitionErrors)
            #expect(sheet == Sheet())
        }
        // A class target too.
        let loose = Loose()
        let looseMapping: Mapping<Loose> = ["v": .property(\.value), "v": .property(\.other)]
        #expect(mappingErrors { try Mapper.mapValues(from: ["v": 1], to: loose, using: looseMapping) } == looseMapping.definitionErrors)
        #expect(looseMapping.definitionErrors.count == 1)
        #expect(loose.isUnchanged)
        #expect(log.count == 0, "no value was checked: \(log.all)")
    }

    /// Even malformed JSON: the mapping is refused before the bytes are read.
    @Test(arguments: [#"{"id": 5, "title": "Romeo", "geo": [1.5]}"#, #"{"id": "#, "", "[1, 2,]", "null", "nope"])
    func mapValuesFromJSONThrowsTheDefinitionErrorsAlone(json: String) {
        let log = CallLog()
        let mapping = Self.broken(log)
        var sheet = Sheet()
        #expect(mappingErrors { try Mapper.mapValues(fromJSON: json, to: &sheet, using: mapping) } == mapping.definitionErrors)
        #expect(mappingErrors { try Mapper.mapValues(fromJSON: Data(json.utf8), to: &sheet, using: mapping) } == mapping.definitionErrors)
        #expect(sheet == Sheet())
        #expect(log.count == 0)
    }

    @Test func mapValuesFromInvalidUTF8ThrowsTheDefinitionErrorsAlone() {
        let mapping = Self.broken(CallLog())
        var sheet = Sheet()
        let bytes = Data([0x7B, 0x22, 0xFF, 0xFE, 0x22])
        #expect(mappingErrors { try Mapper.mapValues(fromJSON: bytes, to: &sheet, using: mapping) } == mapping.definitionErrors)
        #expect(sheet == Sheet())
    }

    @Test func mapArrayThrowsTheDefinitionErrorsAloneAndCreatesNothing() {
        let log = CallLog()
        let mapping = Self.broken(log)
        var created = 0
        let create = { () -> Sheet in
            created += 1
            return Sheet()
        }
        // An array, and sources that are not arrays (no `type` error: the mapping is refused first).
        for source: Any? in [[Self.validRecord, Self.validRecord], [Any](), ["id": 1], 5, nil] {
            #expect(mappingErrors { _ = try Mapper.mapArray(from: source, using: mapping, create: create) } == mapping.definitionErrors)
        }
        for json in [#"[{"id": 5, "title": "Romeo"}, {"id": 6}]"#, "[]", #"{"id": 5}"#, "[{", ""] {
            #expect(
                mappingErrors { _ = try Mapper.mapArray(fromJSON: Data(json.utf8), using: mapping, create: create) }
                    == mapping.definitionErrors)
        }
        #expect(created == 0)
        #expect(log.count == 0)
    }

    @Test func validateReturnsTheDefinitionErrorsAlone() {
        let log = CallLog()
        let mapping = Self.broken(log)
        for source: Any? in [Self.validRecord, ["id": "x"], 5, nil] {
            #expect(Mapper.validate(source, for: Sheet(), using: mapping) == mapping.definitionErrors)
        }
        #expect(log.count == 0)
    }

    /// A sound mapping runs its checks as before: the spy sees the value.
    @Test func soundMappingStillChecksTheData() throws {
        let log = CallLog()
        let mapping: Mapping<Sheet> = [
            "title": .property(\.title).validate("spy") { (text: String) in
                log.record(text); return true
            }
        ]
        var sheet = Sheet()
        try Mapper.mapValues(from: ["title": "Romeo"], to: &sheet, using: mapping)
        #expect(sheet.title == "Romeo")
        #expect(log.all == ["Romeo"])
    }
}

/// A nested model's mapping says whether its field receives a dictionary or an array. It is read when the mapping is
/// used, not while it is built (a recursive model's mapping is then still being built): a validator that judges neither
/// is from then on a definition error, never an error blamed on every value.
@Suite struct ValidatorOnANestedModelTests {
    fileprivate struct Owner: Mappable {
        var login = ""
        static let mapping: Mapping<Owner> = ["login": .property(\.login)]
    }

    fileprivate struct Point: Mappable {
        var x = 0.0
        var y = 0.0
        static let mapping: Mapping<Point> = [0: .property(\.x), 1: .property(\.y)]
    }

    fileprivate struct Repo {
        var owner = Owner()
        var origin: Point?
        var name = ""
    }

    fileprivate final class Node: Mappable {
        var parent: Node?
        var name = ""
        static let mapping: Mapping<Node> = ["parent": .property(\.parent).minLength(1), "name": .property(\.name)]
    }

    private static let ownerRange = definitionError(
        "owner", "owner", neverApplies("lengthRange", judges: [.string, .array], receives: .type("Owner")))

    @Test func aValidatorThatJudgesNeitherContainerIsADefinitionError() {
        let mapping: Mapping<Repo> = ["owner": .property(\.owner).lengthRange(1, 3), "name": .property(\.name)]
        #expect(mapping.definitionErrors == [Self.ownerRange])
        var repo = Repo()
        let errors = mappingErrors { try Mapper.mapValues(from: ["owner": ["login": "ada"], "name": "x"], to: &repo, using: mapping) }
        #expect(errors == [Self.ownerRange])
        #expect(Mapper.validate(["owner": ["login": "ada"]], for: Repo(), using: mapping) == [Self.ownerRange])
    }

    @Test func anOptionalModelToo() {
        let mapping: Mapping<Repo> = ["origin": .property(\.origin).matchesRegEx("x")]
        #expect(
            mapping.definitionErrors == [
                definitionError("origin", "origin", neverApplies("matchesRegEx", judges: .string, receives: .type("Point?")))
            ])
    }

    /// `lengthRange` judges an array: a model read from one (indices) takes it.
    @Test func aValidatorThatJudgesTheModelsContainerIsNone() throws {
        let mapping: Mapping<Repo> = ["origin": .property(\.origin).lengthRange(2, 2)]
        #expect(mapping.definitionErrors == [])
        var repo = Repo()
        try Mapper.mapValues(from: ["origin": [1.5, 2.5]], to: &repo, using: mapping)
        #expect(repo.origin?.y == 2.5)
        let errors = mappingErrors { try Mapper.mapValues(from: ["origin": [1.5, 2.5, 3.5]], to: &repo, using: mapping) }
        expectSingleError(errors, at: "origin", rule: "lengthRange")
    }

    /// A recursive model's own mapping: read once it is built, without re-entering it.
    @Test func aRecursiveModel() {
        let error = definitionError(
            "parent", "parent", neverApplies("minLength", judges: [.string, .array], receives: .type("Node?")))
        #expect(Node.mapping.definitionErrors == [error])
        let errors = mappingErrors { _ = try Mapper.map(Node.self, from: ["name": "leaf", "parent": ["name": "root"]]) }
        #expect(errors == [error])
    }
}

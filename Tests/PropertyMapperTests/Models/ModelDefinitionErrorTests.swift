import Foundation
import PropertyMapper
import Testing

// Definition errors in model graphs: read-only key paths, calls in immutable models, and nested
// models whose own mapping cannot work.

/// A class whose mapping targets a `let`: refused by every entry point that writes.
private final class Frozen {
    let id: Int = 0
    var name = "before"
    static let mapping: Mapping<Frozen> = ["id": .property(\.id), "name": .property(\.name)]
}

/// A `Mappable` struct whose mapping targets a `let`.
private struct FrozenRecord: Mappable {
    let id: Int
    var name = ""
    init() { id = 0 }
    static let mapping: Mapping<FrozenRecord> = ["id": .property(\.id), "name": .property(\.name)]
}

/// An immutable model used as a `mapValues` target, which it cannot be.
private struct Badge: ImmutableMappable, Equatable {
    let label: String
    var note: String?
    static let mapping: Mapping<Badge> = ["label": .property(\.label), "note": .property(\.note)]
    init(label: String) { self.label = label }
    init(_ values: MappedValues<Badge>) throws {
        label = try values[\.label]
        note = try values[\.note]
    }
}

/// An immutable model whose mapping makes a call, which needs an instance it does not have.
private struct Called: ImmutableMappable {
    let name: String
    let size: Int
    static let mapping: Mapping<Called> = [
        "name": .property(\.name),
        "size": .call(Called.size(from:), \.size),
    ]
    init(_ values: MappedValues<Called>) throws {
        name = try values[\.name]
        size = try values[\.size]
    }
    func size(from text: String) -> Int? { text.count }
}

/// A model whose own mapping has a definition error (`lengthRange` on an `Int`).
private struct Broken: Mappable, Equatable {
    var count = 0
    static let mapping: Mapping<Broken> = ["count": .property(\.count).lengthRange(1, 3)]
}

/// A model holding the broken one, alone, optional and in an array.
private struct BrokenHolder: Mappable {
    var name = ""
    var one = Broken()
    var maybe: Broken?
    var many: [Broken] = []
    static let mapping: Mapping<BrokenHolder> = [
        "name": .property(\.name).lengthRange(1, 3),
        "one": .property(\.one),
        "maybe": .property(\.maybe),
        "many": .property(\.many),
    ]
}

/// The broken model under the data policies that turn a failing value into a warning.
private struct ForgivingHolder: Mappable {
    var many: [Broken] = []
    var one = Broken()
    var reads: [ReadsUnmapped] = []
    var shapes: [any Figure] = []
    static let mapping: Mapping<ForgivingHolder> = [
        "many": .property(\.many).droppingInvalidElements(),
        "one": .property(\.one, fallback: Broken()),
        "reads": .property(\.reads).droppingInvalidElements(),
        "shapes": .polymorphic(\.shapes, on: "type", ["disc": Disc.self, "twig": Twig.self]).droppingInvalidElements(),
    ]
}

/// An immutable model whose `init` reads a key path its mapping does not target.
private struct ReadsUnmapped: ImmutableMappable {
    let a: Int
    var doubled: Int { a * 2 }
    static let mapping: Mapping<ReadsUnmapped> = ["a": .property(\.a)]
    init(_ values: MappedValues<ReadsUnmapped>) throws {
        a = try values[\.a]
        _ = try values[\.doubled]
    }
}

private protocol Figure: Sendable {}
private struct Disc: Mappable, Figure {
    var radius = 0
    static let mapping: Mapping<Disc> = ["radius": .property(\.radius)]
}
/// Listed for `[any Figure]`, but not a `Figure`: known only once one is made.
private struct Twig: ImmutableMappable {
    let size: Int
    static let mapping: Mapping<Twig> = ["size": .property(\.size)]
    init(_ values: MappedValues<Twig>) throws { size = try values[\.size] }
}

/// An immutable model holding the broken one.
private struct ImmutableBrokenHolder: ImmutableMappable {
    let child: Broken?
    static let mapping: Mapping<ImmutableBrokenHolder> = ["child": .property(\.child)]
    init(_ values: MappedValues<ImmutableBrokenHolder>) throws { child = try values[\.child] }
}

@Suite("Models: definition errors")
struct ModelDefinitionErrorTests {
    // MARK: Read-only key paths

    @Test func aLetInAClassMappingIsADefinitionError() {
        let errors = Frozen.mapping.definitionErrors
        #expect(errors.map(\.rule) == ["mapping"])
        #expect(errors.map(\.path) == ["id"])
        #expect(errors.map(\.property) == ["id"])
    }

    @Test func mapValuesRefusesALetAndWritesNothing() throws {
        let frozen = Frozen()
        let source: [String: Any] = ["id": 1, "name": "after"]
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: source, to: frozen, using: Frozen.mapping) }
        #expect(error?.errors == Frozen.mapping.definitionErrors)
        #expect(frozen.name == "before")
        let fromJSON = #expect(throws: MappingError.self) {
            try Mapper.mapValues(fromJSON: #"{"id": 1, "name": "after"}"#, to: frozen, using: Frozen.mapping)
        }
        #expect(fromJSON?.errors == Frozen.mapping.definitionErrors)
        #expect(frozen.name == "before")
        #expect(Mapper.validate(source, for: frozen, using: Frozen.mapping) == Frozen.mapping.definitionErrors)
    }

    @Test func mapArrayRefusesALetByThrowingNotPerRecord() {
        let error = #expect(throws: MappingError.self) {
            _ = try Mapper.mapArray(from: [["name": "a"], ["name": "b"]], using: Frozen.mapping) { Frozen() }
        }
        #expect(error?.errors == Frozen.mapping.definitionErrors)
        let empty = #expect(throws: MappingError.self) { _ = try Mapper.mapArray(from: [Any](), using: Frozen.mapping) { Frozen() } }
        #expect(empty?.errors == Frozen.mapping.definitionErrors)
    }

    @Test func aMappableStructWithALetIsRefusedByEveryModelEntryPoint() throws {
        let expected = FrozenRecord.mapping.definitionErrors
        #expect(expected.map(\.rule) == ["mapping"])
        #expect(expected.map(\.path) == ["id"])
        let source: [String: Any] = ["id": 1, "name": "x"]
        #expect(Mapper.validate(source, as: FrozenRecord.self) == expected)
        let one = #expect(throws: MappingError.self) { _ = try Mapper.map(FrozenRecord.self, from: source) }
        #expect(one?.errors == expected)
        let json = #expect(throws: MappingError.self) { _ = try Mapper.map(FrozenRecord.self, fromJSON: #"{"id": 1}"#) }
        #expect(json?.errors == expected)
        let all = #expect(throws: MappingError.self) { _ = try Mapper.map([FrozenRecord].self, from: [source, source]) }
        #expect(all?.errors == expected)
        let batch = #expect(throws: MappingError.self) { _ = try Mapper.mapArray(from: [source], as: FrozenRecord.self) }
        #expect(batch?.errors == expected)
        let batchJSON = #expect(throws: MappingError.self) {
            _ = try Mapper.mapArray(fromJSON: Data(#"[{"id": 1}]"#.utf8), as: FrozenRecord.self)
        }
        #expect(batchJSON?.errors == expected)
    }

    @Test func anImmutableModelsLetsAreNotListedButMapValuesStillRefusesThem() throws {
        #expect(Badge.mapping.definitionErrors.isEmpty)
        let badge = try Mapper.map(Badge.self, from: ["label": "gold", "note": "n"])
        #expect(badge.label == "gold" && badge.note == "n")

        var target = Badge(label: "before")
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["label": "after", "note": "x"], to: &target, using: Badge.mapping)
        }
        // Only `label` is a let: `note` is writable.
        #expect(error?.errors.map(\.rule) == ["mapping"])
        #expect(error?.errors.map(\.path) == ["label"])
        #expect(error?.errors.map(\.property) == ["label"])
        #expect(target == Badge(label: "before"))
        let fromJSON = #expect(throws: MappingError.self) {
            try Mapper.mapValues(fromJSON: Data(#"{"label": "after"}"#.utf8), to: &target, using: Badge.mapping)
        }
        #expect(fromJSON?.errors == error?.errors)
        #expect(target == Badge(label: "before"))
    }

    @Test func mapArrayWithAnImmutableModelsMappingThrowsTheLetAlone() {
        // DESIGN: "mapValues always refuses" a read-only key path, and definition errors are thrown
        // alone by every entry point ("mapArray throws them").
        let error = #expect(throws: MappingError.self) {
            _ = try Mapper.mapArray(from: [["label": "a"]], using: Badge.mapping) { Badge(label: "x") }
        }
        #expect(error?.errors.map(\.path) == ["label"])
    }

    @Test func validateForAnInstanceReturnsWhatMapValuesThrowsForAnImmutableModelsLet() {
        // Mapper.validate(_:for:using:) is documented to return "the errors mapValues would throw".
        let source: [String: Any] = ["label": "after"]
        var target = Badge(label: "before")
        let thrown = Self.errors { () throws(MappingError) in try Mapper.mapValues(from: source, to: &target, using: Badge.mapping) }
        #expect(thrown.map(\.rule) == ["mapping"])
        #expect(Mapper.validate(source, for: target, using: Badge.mapping) == thrown)
    }

    // MARK: Calls in immutable models

    @Test func aCallInAnImmutableModelsMappingIsADefinitionError() {
        let errors = Called.mapping.definitionErrors
        #expect(errors.map(\.rule) == ["mapping"])
        #expect(errors.map(\.path) == ["size"])
        #expect(errors.map(\.property) == ["size"])
        let source: [String: Any] = ["name": "n", "size": "abc"]
        #expect(Mapper.validate(source, as: Called.self) == errors)
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map(Called.self, from: source) }
        #expect(error?.errors == errors)
        let batch = #expect(throws: MappingError.self) { _ = try Mapper.mapArray(from: [source], as: Called.self) }
        #expect(batch?.errors == errors)
        let all = #expect(throws: MappingError.self) {
            _ = try Mapper.map([Called].self, fromJSON: #"[{"name": "n", "size": "abc"}]"#)
        }
        #expect(all?.errors == errors)
    }

    // MARK: Nested models with definition errors

    @Test func aBrokenNestedMappingIsNotTheParentsDefinitionError() {
        // The parent's mapping is fine; the nested model's mapping is read only when one is mapped.
        #expect(BrokenHolder.mapping.definitionErrors.isEmpty)
        #expect(Broken.mapping.definitionErrors.map(\.path) == ["count"])
        // With no nested model in the source, nothing uses the broken mapping.
        #expect(Mapper.validate(["name": "ab"], as: BrokenHolder.self).isEmpty)
    }

    @Test func aBrokenNestedMappingIsReportedAtTheNestedModelsPathNeverATrap() {
        let errors = Mapper.validate(["name": "ab", "one": ["count": 1]], as: BrokenHolder.self)
        #expect(errors.map(\.rule) == ["mapping"])
        #expect(errors.map(\.path) == ["one.count"])
        #expect(errors.map(\.property) == ["one.count"])
        #expect(errors.first?.message == Broken.mapping.definitionErrors.first?.message)
        let thrown = #expect(throws: MappingError.self) { _ = try Mapper.map(BrokenHolder.self, from: ["one": ["count": 1]]) }
        #expect(thrown?.errors == errors)
    }

    @Test func aBrokenNestedMappingInOptionalsArraysAndJSON() throws {
        let source: [String: Any] = ["maybe": ["count": 1], "many": [["count": 1], ["count": 2]]]
        let errors = Mapper.validate(source, as: BrokenHolder.self)
        #expect(errors.allSatisfy { $0.rule == "mapping" })
        #expect(errors.first?.path == "maybe.count")
        #expect(errors.contains { $0.path.hasPrefix("many[") })
        let data = try JSONSerialization.data(withJSONObject: source)
        let fromJSON = #expect(throws: MappingError.self) { _ = try Mapper.map(BrokenHolder.self, fromJSON: data) }
        #expect(fromJSON?.errors == errors)
        // A null optional and an empty array make no nested model.
        #expect(Mapper.validate(["maybe": NSNull(), "many": [Any]()], as: BrokenHolder.self).isEmpty)
        let inImmutable = Mapper.validate(["child": ["count": 1]], as: ImmutableBrokenHolder.self)
        #expect(inImmutable.map(\.rule) == ["mapping"])
        #expect(inImmutable.map(\.path) == ["child.count"])
    }

    /// Definition errors met while mapping (a nested model's mapping, a rule's read) are reported alone, never mixed with
    /// the data's errors: the data is not checked against a broken mapping.
    @Test func definitionErrorsMetInARunComeAlone() throws {
        let nested = Mapper.validate(["name": "much too long", "one": ["count": 1]], as: BrokenHolder.self)
        #expect(nested.map(\.path) == ["one.count"])
        let fromJSON = #expect(throws: MappingError.self) {
            _ = try Mapper.map(BrokenHolder.self, fromJSON: #"{"name": "much too long", "one": {"count": 1}}"#)
        }
        #expect(fromJSON?.errors == nested)
        struct Tagged: ImmutableMappable {
            let x: Int
            let z: String
            static let mapping = Mapping<Tagged>(
                rules: [MappingRule("positiveY") { try $0[\.unmapped] > 0 }], ["x": .property(\.x), "z": .property(\.z)])
            var unmapped: Int { 1 }
            init(_ values: MappedValues<Tagged>) throws {
                x = try values[\.x]
                z = try values[\.z]
            }
        }
        let rule = Mapper.validate(["x": 1, "z": 5], as: Tagged.self)
        #expect(rule.map(\.rule) == ["mapping"])
        #expect(rule.first?.message.contains("not a target of this mapping") == true)
    }

    /// `.droppingInvalidElements()` and `fallback:` forgive the data, never a mistake in a mapping: it is thrown, alone.
    @Test(arguments: ["many", "one", "reads", "shapes"])
    func aMistakeInANestedMappingIsNeverADroppedElementOrAFallback(key: String) throws {
        let (source, path): ([String: Any], String) =
            switch key {
            case "many": (["many": [["count": 1], ["count": 2]]], "many[0].count")
            case "one": (["one": ["count": 1]], "one.count")
            case "reads": (["reads": [["a": 1]]], "reads[0]")
            default: (["shapes": [["type": "disc", "radius": 1], ["type": "twig", "size": 2]]], "shapes[1]")
            }
        var warnings: [MappingWarning] = []
        let thrown = #expect(throws: MappingError.self) { _ = try Mapper.map(ForgivingHolder.self, from: source, warnings: &warnings) }
        let errors = try #require(thrown?.errors)
        #expect(errors.map(\.rule) == ["mapping"])
        #expect(errors.first?.path == path)
        #expect(warnings.isEmpty)
        #expect(Mapper.validate(source, as: ForgivingHolder.self) == errors)
        let json = try JSONSerialization.data(withJSONObject: source)
        let fromJSON = #expect(throws: MappingError.self) { _ = try Mapper.map(ForgivingHolder.self, fromJSON: json) }
        #expect(fromJSON?.errors == errors)
    }

    /// A per-record batch throws a broken nested mapping's definition errors, as it does its own: a mistake in the mapping is
    /// never one record's failure.
    @Test func aPerRecordBatchThrowsABrokenNestedMapping() throws {
        let records: [[String: Any]] = [["name": "ok"], ["one": ["count": 1]], ["name": "fine"]]
        let json = try JSONSerialization.data(withJSONObject: records)
        let expected = Mapper.validate(records[1], as: BrokenHolder.self)
        #expect(expected.map(\.path) == ["one.count"])
        let thrown = [
            Self.errors { () throws(MappingError) in _ = try Mapper.mapArray(from: records, as: BrokenHolder.self) },
            Self.errors { () throws(MappingError) in _ = try Mapper.mapArray(fromJSON: json, as: BrokenHolder.self) },
            Self.errors { () throws(MappingError) in _ = try Mapper.mapArray(from: records, using: BrokenHolder.mapping) { BrokenHolder() }
            },
            Self.errors { () throws(MappingError) in _ = try Mapper.mapArray(fromJSON: json, using: BrokenHolder.mapping) { BrokenHolder() }
            },
        ]
        #expect(thrown == Array(repeating: expected, count: 4))
    }

    /// One mistake in a nested mapping met by every element of an array, and by every record, is one error, the first.
    @Test func aBrokenNestedMappingMetManyTimesIsOneError() throws {
        let records: [[String: Any]] = Array(repeating: ["one": ["count": 1], "many": [["count": 1], ["count": 2]]], count: 3)
        let json = try JSONSerialization.data(withJSONObject: records)
        let expected = ["[0].one.count", "[0].many[0].count"]
        #expect(Self.errors { () throws(MappingError) in _ = try Mapper.map([BrokenHolder].self, from: records) }.map(\.path) == expected)
        #expect(Self.errors { () throws(MappingError) in _ = try Mapper.map([BrokenHolder].self, fromJSON: json) }.map(\.path) == expected)
        #expect(Mapper.validate(["many": [["count": 1], ["count": 2]]], as: BrokenHolder.self).map(\.path) == ["many[0].count"])
    }

    private static func errors(_ body: () throws(MappingError) -> Void) -> [ValidationError] {
        do {
            try body()
            return []
        } catch {
            return error.errors
        }
    }
}

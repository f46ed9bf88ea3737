import Foundation
import PropertyMapper
import Testing

/// The one driver of the two phases, whichever way the model is obtained (an instance, a new
/// `Mappable`, an `ImmutableMappable` made from its values): a faulty mapping never runs, a null is
/// never a model, rules are judged after every field, and warnings come back only with success.
@Suite struct EngineTests {
    struct Box: Mappable, Equatable {
        var low = 0
        var high = 0
        static let mapping = Mapping<Box>(
            rules: [MappingRule("ordered") { try $0[\.low] <= $0[\.high] }],
            ["low": .property(\.low).min(0), "high": .property(\.high, default: 10)])
    }

    struct FrozenBox: ImmutableMappable, Equatable {
        let low: Int
        let high: Int
        static let mapping = Mapping<FrozenBox>(
            rules: [MappingRule("ordered") { try $0[\.low] <= $0[\.high] }],
            ["low": .property(\.low).min(0), "high": .property(\.high, default: 10)])
        init(_ values: MappedValues<FrozenBox>) throws {
            low = try values[\.low]
            high = try values[\.high]
        }
    }

    /// The errors of mapping `source` every way a model is obtained; each way must give the same.
    static func errors(_ source: Any?, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        var instance = Box()
        let intoInstance = mappingErrors { try Mapper.mapValues(from: source, to: &instance, using: Box.mapping) }
        let made = mappingErrors { _ = try Mapper.map(Box.self, from: source) }
        let immutable = mappingErrors { _ = try Mapper.map(FrozenBox.self, from: source) }
        let dryRun = Mapper.validate(source, as: Box.self)
        for other in [made, immutable, dryRun] {
            #expect(other == intoInstance, sourceLocation: sourceLocation)
        }
        #expect(instance == Box(), "nothing written", sourceLocation: sourceLocation)
        return intoInstance.map { "\($0.path) \($0.rule)" }
    }

    @Test func everyWayOfObtainingTheModelGivesTheSameErrors() {
        #expect(Self.errors(["low": -1, "high": 3]) == ["low min"])
        #expect(Self.errors(["low": 5, "high": 3]) == [" ordered"])
        #expect(Self.errors(["low": "5"]) == ["low type"])
    }

    @Test func aRuleOverAFailedFieldAddsNothing() {
        // `low` fails: the rule does not read it, and reports nothing of its own.
        #expect(Self.errors(["low": -5, "high": -6]) == ["low min"])
    }

    @Test func everyWayOfObtainingTheModelGivesTheSameModel() throws {
        var instance = Box()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(from: ["low": 3], to: &instance, using: Box.mapping, warnings: &warnings)
        #expect(instance == Box(low: 3, high: 10))
        #expect(warnings.map(\.kind) == [.defaultUsed])
        #expect(try Mapper.map(Box.self, from: ["low": 3]) == instance)
        let frozen = try Mapper.map(FrozenBox.self, from: ["low": 3])
        #expect(frozen.low == 3 && frozen.high == 10)
    }

    @Test func aNullIsNeverAModel() {
        for source: Any? in [NSNull(), Optional<Int>.none as Any] {
            expectSingleError(mappingErrors { _ = try Mapper.map(Box.self, from: source) }, at: "", rule: "type")
            expectSingleError(mappingErrors { _ = try Mapper.map(FrozenBox.self, from: source) }, at: "", rule: "type")
        }
    }

    @Test func warningsComeBackOnlyWithSuccess() {
        var instance = Box()
        var warnings: [MappingWarning] = []
        _ = mappingErrors { try Mapper.mapValues(from: ["low": -1], to: &instance, using: Box.mapping, warnings: &warnings) }
        #expect(warnings.isEmpty)
        _ = Mapper.validate(["low": 20], for: instance, using: Box.mapping, warnings: &warnings)
        #expect(warnings.isEmpty)  // the rule failed
        _ = Mapper.validate(["low": 2], for: instance, using: Box.mapping, warnings: &warnings)
        #expect(warnings.map(\.kind) == [.defaultUsed])
        #expect(instance == Box())
    }

    @Test func aFaultyMappingIsRefusedBeforeAnySourceIsRead() {
        let faulty: Mapping<Box> = ["low": .property(\.low).lengthRange(1, 2), "high": .property(\.high).matchesRegEx("(")]
        var instance = Box()
        for source: Any? in [["low": "not even an Int"], NSNull(), nil, 42] {
            let errors = mappingErrors { try Mapper.mapValues(from: source, to: &instance, using: faulty) }
            #expect(errors.map(\.path) == ["low", "high"])
            #expect(errors.allSatisfy { $0.rule == "mapping" })
            #expect(Mapper.validate(source, for: instance, using: faulty) == errors)
        }
    }
}

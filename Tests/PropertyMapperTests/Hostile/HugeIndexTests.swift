import Foundation
import PropertyMapper
import Testing

/// Index keys far past any real array: `Int.max` used to trap while the mapping was built (the JSON
/// reader's table of demands ran from 0 to the last mapped index), before any source was read.
@Suite struct HugeIndexTests {
    static let hugeIndices = [Int.max, Int.max - 1, 1_000_000_000]

    static func nested(_ index: Int, required: Bool) -> Mapping<RecordingModel> {
        let far: PropertyDescriptor<RecordingModel> = required ? .property(\.longitude).isRequired() : .property(\.longitude)
        return ["geo": [0: .property(\.latitude), .index(index): far]]
    }

    static func topLevel(_ index: Int, required: Bool) -> Mapping<RecordingModel> {
        let far: PropertyDescriptor<RecordingModel> = required ? .property(\.longitude).isRequired() : .property(\.longitude)
        return [0: .property(\.latitude), .index(index): far]
    }

    @Test(arguments: hugeIndices)
    func absentOptionalIndexWritesNothing(index: Int) throws {
        let viaLiteral = RecordingModel()
        try Mapper.mapValues(from: ["geo": [1.5, 2.5, 3.5]], to: viaLiteral, using: Self.nested(index, required: false))
        #expect(viaLiteral.log == ["latitude"])
        #expect(viaLiteral.longitude == -999.5)

        let viaJSON = RecordingModel()
        try Mapper.mapValues(fromJSON: #"{"geo": [1.5, 2.5, 3.5]}"#, to: viaJSON, using: Self.nested(index, required: false))
        #expect(viaJSON.log == ["latitude"])

        let topLevel = RecordingModel()
        try Mapper.mapValues(fromJSON: "[1.5, 2.5]", to: topLevel, using: Self.topLevel(index, required: false))
        try Mapper.mapValues(from: [1.5, 2.5] as [Any], to: topLevel, using: Self.topLevel(index, required: false))
        try Mapper.mapValues(from: NSArray(array: [1.5, 2.5]), to: topLevel, using: Self.topLevel(index, required: false))
        #expect(topLevel.log == ["latitude", "latitude", "latitude"])
        #expect(Mapper.validate(["geo": [1.5]], for: RecordingModel(), using: Self.nested(index, required: false)).isEmpty)
    }

    @Test(arguments: hugeIndices)
    func absentRequiredIndexIsOneIsRequiredError(index: Int) {
        let mapping = Self.nested(index, required: true)
        let paths = ["geo[\(index)]"]
        for errors in [
            mappingErrors { try Mapper.mapValues(from: ["geo": [1.5, 2.5]], to: RecordingModel(), using: mapping) },
            mappingErrors { try Mapper.mapValues(fromJSON: #"{"geo": [1.5, 2.5]}"#, to: RecordingModel(), using: mapping) },
            mappingErrors { try Mapper.mapValues(fromJSON: Data(#"{"geo": []}"#.utf8), to: RecordingModel(), using: mapping) },
            Mapper.validate(["geo": [1.5]], for: RecordingModel(), using: mapping),
        ] {
            #expect(errors.map(\.path) == paths)
            #expect(errors.map(\.rule) == ["isRequired"])
        }
        let top = mappingErrors {
            try Mapper.mapValues(fromJSON: "[1.5]", to: RecordingModel(), using: Self.topLevel(index, required: true))
        }
        expectSingleError(top, at: "[\(index)]", rule: "isRequired")
    }

    @Test(arguments: hugeIndices)
    func mapArrayWithAHugeIndex(index: Int) throws {
        let mapping = Self.nested(index, required: true)
        let fromLiteral = try Mapper.mapArray(from: [["geo": [1.5]], ["geo": [2.5]]] as [Any], using: mapping) { RecordingModel() }
        let fromJSON = try Mapper.mapArray(fromJSON: Data(#"[{"geo": [1.5]}, {"geo": [2.5, 3.5]}]"#.utf8), using: mapping) {
            RecordingModel()
        }
        for batch in [fromLiteral, fromJSON] {
            #expect(batch.failures.map(\.index) == [0, 1])
            #expect(batch.failures.flatMap { $0.error.errors.map(\.path) } == ["geo[\(index)]", "geo[\(index)]"])
        }
    }

    /// An index a million elements in: every element before it is skipped, and the mapped one is read.
    @Test func presentIndexAMillionElementsIn() throws {
        let count = 1_000_001
        let mapping = Self.nested(count - 1, required: true)
        let json = #"{"geo": [7.5"# + String(repeating: ",0", count: count - 2) + ",8.5]}"
        let viaJSON = RecordingModel()
        try Mapper.mapValues(fromJSON: json, to: viaJSON, using: mapping)
        #expect(viaJSON.latitude == 7.5)
        #expect(viaJSON.longitude == 8.5)

        var elements: [Any] = Array(repeating: 0, count: count)
        elements[0] = 7.5
        elements[count - 1] = 8.5
        let viaLiteral = RecordingModel()
        try Mapper.mapValues(from: ["geo": elements], to: viaLiteral, using: mapping)
        #expect(viaLiteral.longitude == 8.5)

        let short = mappingErrors {
            try Mapper.mapValues(
                fromJSON: #"{"geo": [7.5"# + String(repeating: ",0", count: count - 3) + "]}", to: RecordingModel(), using: mapping)
        }
        expectSingleError(short, at: "geo[\(count - 1)]", rule: "isRequired")
    }

    /// The mapped elements come back at their own index when the mapping names several, in any order.
    @Test func sparseIndicesReadInOrder() throws {
        struct Triple { var a = 0, b = 0, c = 0 }
        let mapping: Mapping<Triple> = ["v": [9_223_372_036_854_775_807: .property(\.c), 4: .property(\.b), 1: .property(\.a)]]
        var triple = Triple()
        try Mapper.mapValues(fromJSON: #"{"v": [0, 11, [2], {"x": 3}, 44, 5]}"#, to: &triple, using: mapping)
        #expect(triple.a == 11 && triple.b == 44 && triple.c == 0)
    }

    /// Serialize writes an array with a null at each index before its last: an index past 1,048,575 is a `serialize`
    /// error at its path, before anything is written, unless the field only reads.
    @Test(arguments: hugeIndices + [1_048_576])
    func aHugeIndexIsASerializeErrorUnlessItOnlyReads(index: Int) throws {
        struct Pair {
            var near = 1.5
            var far: Double?
        }
        let mapping: Mapping<Pair> = ["geo": [0: .property(\.near), .index(index): .property(\.far)]]
        for error in [
            try #require(throws: MappingError.self) { try Mapper.serializeJSON(Pair(), using: mapping) },
            try #require(throws: MappingError.self) { try Mapper.serialize(Pair(), using: mapping) },
        ] {
            #expect(error.errors.map { "\($0.path) \($0.property) \($0.rule)" } == ["geo[\(index)] far serialize"])
        }
        let oneWay: Mapping<Pair> = ["geo": [0: .property(\.near), .index(index): .property(\.far).oneWay()]]
        #expect(try Mapper.serializeJSON(Pair(far: 2.5), using: oneWay) == Data(#"{"geo":[1.5]}"#.utf8))
        let near: Mapping<Pair> = ["geo": [0: .property(\.near), 3: .property(\.far)]]
        #expect(try Mapper.serializeJSON(Pair(far: 2.5), using: near) == Data(#"{"geo":[1.5,null,null,2.5]}"#.utf8))
    }
}

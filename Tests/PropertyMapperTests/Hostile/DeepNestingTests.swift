import Foundation
import PropertyMapper
import Testing

/// Deeply nested sources: JSON deeper than JSONSerialization's limit is one `json` error; a deep
/// literal costs nothing where the mapping does not walk it.
@Suite struct DeepNestingTests {
    static let mapping: Mapping<RecordingModel> = [
        "any": .property(\.payload),
        "author": ["name": .property(\.authorName)],
    ]

    static func nestedArrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test(arguments: [
        nestedArrays(10_000),
        String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000),
        #"{"any": "# + nestedArrays(10_000) + "}",
    ])
    func jsonTenThousandDeepIsOneJSONError(json: String) {
        let model = RecordingModel()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: model, using: Self.mapping) }
        let error = expectSingleError(errors, at: "", rule: "json")
        #expect(error?.property == "")
        #expect(model.log.isEmpty)
    }

    /// JSONSerialization accepts 512 levels of nesting (the document counts as one) and rejects 513.
    @Test func jsonNestingLimitIs512Levels() throws {
        let model = RecordingModel()
        try Mapper.mapValues(fromJSON: #"{"any": "# + Self.nestedArrays(511) + "}", to: model, using: Self.mapping)
        #expect(model.log == ["payload"])
        let errors = mappingErrors {
            try Mapper.mapValues(fromJSON: #"{"any": "# + Self.nestedArrays(512) + "}", to: RecordingModel(), using: Self.mapping)
        }
        expectSingleError(errors, at: "", rule: "json")
    }

    static func nestedDictionary(_ depth: Int) -> [String: Any] {
        var value: [String: Any] = ["leaf": true]
        for _ in 0..<depth { value = ["a": value] }
        return value
    }

    @Test func literalTenThousandDeepMapsWhereItIsNotWalked() throws {
        let deep = Self.nestedDictionary(10_000)
        let model = RecordingModel()
        try Mapper.mapValues(from: ["any": deep, "unmapped": deep, "author": ["name": "Romeo"]], to: model, using: Self.mapping)
        #expect(model.log == ["payload", "authorName"])
        #expect(model.authorName == "Romeo")
    }

    @Test func literalTenThousandDeepWhereAStringIsExpectedIsOneTypeError() {
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["author": ["name": Self.nestedDictionary(10_000)]], to: RecordingModel(), using: Self.mapping)
        }
        let error = expectSingleError(errors, at: "author.name", rule: "type")
        #expect(error?.value == "{…} (1 key)")
    }

    static func nestedArray(_ depth: Int) -> [Any] {
        var value: [Any] = [true]
        for _ in 0..<depth { value = [value] }
        return value
    }

    /// Every descriptor kind and validator meets a 10,000-deep dictionary or array: errors, no
    /// stack overflow (casting one to `NSString` or `NSNumber` used to bridge it recursively).
    @Test(arguments: [true, false])
    func literalTenThousandDeepUnderEveryDescriptorKind(dictionary: Bool) {
        let deep: Any = dictionary ? Self.nestedDictionary(10_000) : Self.nestedArray(10_000)
        var source: [String: Any] = [:]
        for (key, _) in RecordingModel.everyKind.entries {
            if case let .key(name) = key { source[name] = deep }
        }
        source["author"] = ["email": deep, "name": deep, "meta": ["level": deep]]
        source["geo"] = [deep, deep, ["alt": deep]]
        let problems = MappingInvariants.check(RecordingModel.everyKind, source: source)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let errors = Mapper.validate(source, for: RecordingModel(), using: RecordingModel.everyKind.mapping)
        #expect(errors.count >= 25)
        #expect(errors.allSatisfy { ($0.value?.count ?? 0) < 40 })
    }

    /// A mapping nested 200 levels deep (built in code) over a source as deep.
    @Test func deepMappingOverDeepSource() throws {
        var descriptor: PropertyDescriptor<RecordingModel> = .property(\.title)
        var source: Any = "deep"
        for _ in 0..<200 {
            descriptor = PropertyDescriptor(dictionaryLiteral: ("k", descriptor))
            source = ["k": source]
        }
        let mapping = Mapping<RecordingModel>([("k", descriptor)])
        let model = RecordingModel()
        try Mapper.mapValues(from: ["k": source], to: model, using: mapping)
        #expect(model.title == "deep")
        let errors = mappingErrors { try Mapper.mapValues(from: ["k": ["k": 5]], to: RecordingModel(), using: mapping) }
        expectSingleError(errors, at: "k.k", rule: "type")
    }
}

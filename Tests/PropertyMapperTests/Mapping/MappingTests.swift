import Foundation
import PropertyMapper
import Testing

/// The two forms a record arrives in: a Swift literal, and JSONSerialization output.
private enum Source: String, CaseIterable, Sendable {
    case literal, parsed

    func record(_ record: [String: Any]) throws -> [String: Any] {
        switch self {
        case .literal: record
        case .parsed: try Fixtures.parsed(record)
        }
    }

    /// A top-level array in the same form.
    func array(_ array: [Any]) throws -> Any {
        switch self {
        case .literal: array
        case .parsed: try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: array))
        }
    }
}

private final class Node {
    var first: String? = "preset"
    var second: String? = "preset"
    var number = 0
    var other = 0
}

@Suite private struct MappingTests {
    // MARK: Paths at any depth

    @Test(arguments: Source.allCases)
    func reportsFullPathAtAnyDepth(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["a": ["b": [0: ["c": [1: ["d": .property(\.number)]]]]]]
        let record = try source.record(["a": ["b": [["c": [0, ["d": "x"]] as [Any]]]]])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: node, using: mapping) }
        let error = expectSingleError(errors, at: "a.b[0].c[1].d", rule: "type")
        #expect(error?.property == "number")

        try Mapper.mapValues(from: source.record(["a": ["b": [["c": [0, ["d": 7]] as [Any]]]]]), to: node, using: mapping)
        #expect(node.number == 7)
    }

    @Test(arguments: Source.allCases)
    func reportsShapeErrorAtTheContainerAtAnyDepth(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["a": ["b": [0: ["c": .property(\.number), "d": .property(\.other)]]]]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["a": ["b": ["flat"]]]), to: node, using: mapping) }
        let error = expectSingleError(errors, at: "a.b[0]", rule: "type")
        #expect(error?.property == "number, other")
        #expect(error?.value == #""flat""#)
    }

    // MARK: A top-level array

    @Test(arguments: Source.allCases)
    func mapsTopLevelArrayByIndex(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = [0: .property(\.first), 2: .property(\.second), 3: ["n": .property(\.number)]]
        try Mapper.mapValues(from: source.array(["a", "b", "c", ["n": 5]]), to: node, using: mapping)
        #expect(node.first == "a")
        #expect(node.second == "c")
        #expect(node.number == 5)
    }

    @Test(arguments: Source.allCases)
    func reportsTopLevelIndexPaths(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = [0: .property(\.first), 1: ["n": .property(\.number)]]
        let errors = mappingErrors { try Mapper.mapValues(from: source.array([1, ["n": "x"]]), to: node, using: mapping) }
        #expect(errors.map(\.path) == ["[0]", "[1].n"])
        #expect(errors.map(\.rule) == ["type", "type"])
    }

    @Test func mapsNSArrayAndNSDictionarySources() throws {
        let node = Node()
        try Mapper.mapValues(from: NSArray(array: ["a", NSDictionary(dictionary: ["n": 3])]), to: node, using: [0: .property(\.first), 1: ["n": .property(\.number)]])
        #expect(node.first == "a")
        #expect(node.number == 3)
    }

    @Test(arguments: Source.allCases)
    func indexMappingOverDictionarySourceIsOneTypeErrorAtTheRoot(source: Source) throws {
        let node = Node()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source.record(["0": "a"]), to: node, using: [0: .property(\.first), 1: .property(\.second)])
        }
        let error = expectSingleError(errors, at: "", rule: "type")
        #expect(error?.property == "first, second")
        #expect(node.first == "preset")
    }

    // MARK: Indices

    @Test(arguments: Source.allCases)
    func indexPastTheEndIsAbsent(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["list": [0: .property(\.first), 5: .property(\.second)]]
        try Mapper.mapValues(from: source.record(["list": ["a"]]), to: node, using: mapping)
        #expect(node.first == "a")
        #expect(node.second == "preset")

        let required: Mapping<Node> = ["list": [5: .property(\.second).isRequired()]]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["list": ["a"]]), to: node, using: required) }
        let error = expectSingleError(errors, at: "list[5]", rule: "isRequired")
        #expect(error?.value == nil)
    }

    @Test(arguments: Source.allCases)
    func negativeIndexIsAbsent(source: Source) throws {
        let node = Node()
        try Mapper.mapValues(from: source.record(["list": ["a", "b"]]), to: node, using: ["list": [-1: .property(\.second)]])
        #expect(node.second == "preset")

        let errors = mappingErrors {
            try Mapper.mapValues(from: source.record(["list": ["a", "b"]]), to: node, using: ["list": [-1: .property(\.second).isRequired()]])
        }
        expectSingleError(errors, at: "list[-1]", rule: "isRequired")
    }

    // MARK: Declaration order

    @Test func entriesKeepDeclarationOrder() {
        let mapping: Mapping<Node> = [
            "zulu": .property(\.first), 3: .property(\.second), "alpha": .property(\.number),
            "mike": .property(\.other), 0: .property(\.first), "bravo": ["x": .property(\.number)],
        ]
        #expect(mapping.entries.map(\.key) == ["zulu", 3, "alpha", "mike", 0, "bravo"])

        let built = Mapping<Node>([("zulu", .property(\.first)), ("alpha", .property(\.second)), ("mike", .property(\.number))])
        #expect(built.entries.map(\.key) == ["zulu", "alpha", "mike"])
    }

    @Test(arguments: Source.allCases)
    func errorsFollowDeclarationOrderNotSourceOrder(source: Source) throws {
        let forward: Mapping<Node> = [
            "zulu": .property(\.number), "alpha": .property(\.other), "mike": ["x": .property(\.number)], "bravo": .property(\.first),
        ]
        let backward: Mapping<Node> = [
            "bravo": .property(\.first), "mike": ["x": .property(\.number)], "alpha": .property(\.other), "zulu": .property(\.number),
        ]
        let record = try source.record(["alpha": "x", "bravo": 1, "mike": ["x": "x"], "zulu": "x"])
        let node = Node()
        #expect(mappingErrors { try Mapper.mapValues(from: record, to: node, using: forward) }.map(\.path) == ["zulu", "alpha", "mike.x", "bravo"])
        #expect(mappingErrors { try Mapper.mapValues(from: record, to: node, using: backward) }.map(\.path) == ["bravo", "mike.x", "alpha", "zulu"])
    }

    // MARK: Duplicate keys

    @Test(arguments: Source.allCases)
    func duplicateKeysInOneLiteralAreBothApplied(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["name": .property(\.first), "name": .property(\.second)]
        try Mapper.mapValues(from: source.record(["name": "Romeo"]), to: node, using: mapping)
        #expect(node.first == "Romeo")
        #expect(node.second == "Romeo")
    }

    @Test(arguments: Source.allCases)
    func duplicateKeysAreBothChecked(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["name": .property(\.first).maxLength(10), "name": .property(\.second).maxLength(3)]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["name": "Romeo"]), to: node, using: mapping) }
        let error = expectSingleError(errors, at: "name", rule: "maxLength")
        #expect(error?.property == "second")
        #expect(node.first == "preset" && node.second == "preset")
    }

    @Test(arguments: Source.allCases)
    func propertyMappedTwiceTakesTheLaterValue(source: Source) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["early": .property(\.first), "late": .property(\.first)]
        try Mapper.mapValues(from: source.record(["early": "one", "late": "two"]), to: node, using: mapping)
        #expect(node.first == "two")
    }

    // MARK: Reuse

    @Test(arguments: Source.allCases)
    func oneMappingServesManyRecordsAndTargets(source: Source) throws {
        let mapping: Mapping<Node> = ["n": .property(\.number)]
        let nodes = (0..<4).map { _ in Node() }
        for (index, node) in nodes.enumerated() {
            try Mapper.mapValues(from: source.record(["n": index * 10]), to: node, using: mapping)
        }
        #expect(nodes.map(\.number) == [0, 10, 20, 30])
    }
}

import Foundation
import PropertyMapper
import Testing

private final class Node {
    var first: String? = "preset"
    var second: String? = "preset"
    var number = 0
    var other = 0
}

@Suite private struct MappingTests {
    // MARK: Paths at any depth

    @Test(arguments: SourceForm.allCases)
    func reportsFullPathAtAnyDepth(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["a": ["b": [0: ["c": [1: ["d": .property(\.number)]]]]]]
        let record = try source(["a": ["b": [["c": [0, ["d": "x"]] as [Any]]]]])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: node, using: mapping) }
        let error = expectSingleError(errors, at: "a.b[0].c[1].d", rule: "type")
        #expect(error?.property == "number")

        try Mapper.mapValues(from: source(["a": ["b": [["c": [0, ["d": 7]] as [Any]]]]]), to: node, using: mapping)
        #expect(node.number == 7)
    }

    @Test(arguments: SourceForm.allCases)
    func reportsShapeErrorAtTheContainerAtAnyDepth(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["a": ["b": [0: ["c": .property(\.number), "d": .property(\.other)]]]]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["a": ["b": ["flat"]]]), to: node, using: mapping) }
        let error = expectSingleError(errors, at: "a.b[0]", rule: "type")
        #expect(error?.property == "number, other")
        #expect(error?.value == #""flat""#)
    }

    // MARK: A top-level array

    @Test(arguments: SourceForm.allCases)
    func mapsTopLevelArrayByIndex(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = [0: .property(\.first), 2: .property(\.second), 3: ["n": .property(\.number)]]
        try Mapper.mapValues(from: source.array(["a", "b", "c", ["n": 5]]), to: node, using: mapping)
        #expect(node.first == "a")
        #expect(node.second == "c")
        #expect(node.number == 5)
    }

    @Test(arguments: SourceForm.allCases)
    func reportsTopLevelIndexPaths(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = [0: .property(\.first), 1: ["n": .property(\.number)]]
        let errors = mappingErrors { try Mapper.mapValues(from: source.array([1, ["n": "x"]]), to: node, using: mapping) }
        #expect(errors.map(\.path) == ["[0]", "[1].n"])
        #expect(errors.map(\.rule) == ["type", "type"])
    }

    @Test func mapsNSArrayAndNSDictionarySources() throws {
        let node = Node()
        try Mapper.mapValues(
            from: NSArray(array: ["a", NSDictionary(dictionary: ["n": 3])]), to: node,
            using: [0: .property(\.first), 1: ["n": .property(\.number)]])
        #expect(node.first == "a")
        #expect(node.number == 3)
    }

    @Test(arguments: SourceForm.allCases)
    func indexMappingOverDictionarySourceIsOneTypeErrorAtTheRoot(source: SourceForm) throws {
        let node = Node()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["0": "a"]), to: node, using: [0: .property(\.first), 1: .property(\.second)])
        }
        let error = expectSingleError(errors, at: "", rule: "type")
        #expect(error?.property == "first, second")
        #expect(node.first == "preset")
    }

    // MARK: Indices

    @Test(arguments: SourceForm.allCases)
    func indexPastTheEndIsAbsent(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["list": [0: .property(\.first), 5: .property(\.second)]]
        try Mapper.mapValues(from: source(["list": ["a"]]), to: node, using: mapping)
        #expect(node.first == "a")
        #expect(node.second == "preset")

        let required: Mapping<Node> = ["list": [5: .property(\.second).isRequired()]]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["list": ["a"]]), to: node, using: required) }
        let error = expectSingleError(errors, at: "list[5]", rule: "isRequired")
        #expect(error?.value == nil)
    }

    @Test(arguments: SourceForm.allCases)
    func negativeIndexIsADefinitionErrorAndReadsNothing(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["list": [-1: .property(\.second)]]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["list": ["a", "b"]]), to: node, using: mapping) }
        let error = expectSingleError(errors, at: "list[-1]", rule: "mapping")
        #expect(error?.property == "second")
        #expect(error?.value == nil)
        #expect(errors == mapping.definitionErrors)
        #expect(node.second == "preset")

        // `isRequired` on it is never judged: the mapping is refused first.
        let required: Mapping<Node> = ["list": [-1: .property(\.second).isRequired()]]
        let requiredErrors = mappingErrors { try Mapper.mapValues(from: source(["list": ["a", "b"]]), to: node, using: required) }
        expectSingleError(requiredErrors, at: "list[-1]", rule: "mapping")
        #expect(node.second == "preset")
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

    @Test(arguments: SourceForm.allCases)
    func errorsFollowDeclarationOrderNotSourceOrder(source: SourceForm) throws {
        let forward: Mapping<Node> = [
            "zulu": .property(\.number), "alpha": .property(\.other), "mike": ["x": .property(\.number)], "bravo": .property(\.first),
        ]
        let backward: Mapping<Node> = [
            "bravo": .property(\.first), "mike": ["x": .property(\.number)], "alpha": .property(\.other), "zulu": .property(\.number),
        ]
        let record = try source(["alpha": "x", "bravo": 1, "mike": ["x": "x"], "zulu": "x"])
        let node = Node()
        #expect(
            mappingErrors { try Mapper.mapValues(from: record, to: node, using: forward) }.map(\.path) == [
                "zulu", "alpha", "mike.x", "bravo",
            ])
        #expect(
            mappingErrors { try Mapper.mapValues(from: record, to: node, using: backward) }.map(\.path) == [
                "bravo", "mike.x", "alpha", "zulu",
            ])
    }

    // MARK: Duplicate keys

    @Test(arguments: SourceForm.allCases)
    func duplicateKeysInOneLiteralAreADefinitionError(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["name": .property(\.first), "name": .property(\.second)]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["name": "Romeo"]), to: node, using: mapping) }
        let error = expectSingleError(errors, at: "name", rule: "mapping")
        #expect(error?.property == "second")  // the second entry is the one mapped twice
        #expect(error?.value == nil)
        #expect(node.first == "preset" && node.second == "preset")

        // One value for several properties is a list.
        let list: Mapping<Node> = ["name": .list(.property(\.first), .property(\.second))]
        try Mapper.mapValues(from: source(["name": "Romeo"]), to: node, using: list)
        #expect(node.first == "Romeo")
        #expect(node.second == "Romeo")
    }

    @Test(arguments: SourceForm.allCases)
    func listMembersOverOneKeyAreAllChecked(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["name": .list(.property(\.first).maxLength(10), .property(\.second).maxLength(3))]
        #expect(mapping.definitionErrors.isEmpty)
        let errors = mappingErrors { try Mapper.mapValues(from: source(["name": "Romeo"]), to: node, using: mapping) }
        let error = expectSingleError(errors, at: "name", rule: "maxLength")
        #expect(error?.property == "second")
        #expect(node.first == "preset" && node.second == "preset")
    }

    @Test(arguments: SourceForm.allCases)
    func duplicateKeysAreADefinitionErrorBeforeAnyCheck(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["name": .property(\.first).maxLength(10), "name": .property(\.second).maxLength(3)]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["name": "Romeo"]), to: node, using: mapping) }
        let error = expectSingleError(errors, at: "name", rule: "mapping")
        #expect(error?.property == "second")
        #expect(error?.value == nil)
        #expect(node.first == "preset" && node.second == "preset")
    }

    @Test(arguments: SourceForm.allCases)
    func propertyMappedTwiceTakesTheLaterValue(source: SourceForm) throws {
        let node = Node()
        let mapping: Mapping<Node> = ["early": .property(\.first), "late": .property(\.first)]
        try Mapper.mapValues(from: source(["early": "one", "late": "two"]), to: node, using: mapping)
        #expect(node.first == "two")
    }

    // MARK: Reuse

    @Test(arguments: SourceForm.allCases)
    func oneMappingServesManyRecordsAndTargets(source: SourceForm) throws {
        let mapping: Mapping<Node> = ["n": .property(\.number)]
        let nodes = (0..<4).map { _ in Node() }
        for (index, node) in nodes.enumerated() {
            try Mapper.mapValues(from: source(["n": index * 10]), to: node, using: mapping)
        }
        #expect(nodes.map(\.number) == [0, 10, 20, 30])
    }
}

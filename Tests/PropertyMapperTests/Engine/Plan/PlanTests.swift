import FeedModel
import Foundation
import Testing

@testable import PropertyMapper

/// A model of plain stored properties (their key paths name them) of several sizes and alignments.
private struct Layout {
    struct Author {
        var email = ""
    }

    var flag = false
    var small: Int8 = 0
    var id = 0
    var title = ""
    var subtitle: String?
    var ratio = 0.0
    var tags: [String] = []
    var link: URL?
    var author = Author()
    var latitude = 0.0
    var longitude = 0.0
    var code: Int16 = 0

    func code(from text: String) -> Int16? { Int16(text) }
}

/// Every node of a plan, depth first in declaration order (a list's descriptors after the list).
private func allNodes(_ level: PlanLevel) -> [PlanNode] {
    level.entries.flatMap { nodes(from: $0) }
}

private func nodes(from node: PlanNode) -> [PlanNode] {
    switch node.body {
    case .field: [node]
    case let .nested(level): [node] + allNodes(level)
    case let .list(children): [node] + children.flatMap { nodes(from: $0) }
    }
}

@Suite struct PlanTests {
    // MARK: Paths and property names

    @Test func pathsAndPropertiesOfNestedKeysAndIndices() throws {
        let mapping: Mapping<Layout> = [
            "a": ["b": [0: ["c": .property(\.title)], 2: .property(\.id)]],
            "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
            "top": .property(\.ratio),
        ]
        let plan = mapping.plan
        #expect(plan.root.path == "")
        #expect(plan.root.property == "title, id, latitude, longitude, ratio")
        let nodes = allNodes(plan.root)
        #expect(nodes.map(\.path) == ["a", "a.b", "a.b[0]", "a.b[0].c", "a.b[2]", "geo", "geo[0]", "geo[1]", "top"])
        #expect(
            nodes.map(\.property) == [
                "title, id", "title, id", "title", "title", "id", "latitude, longitude", "latitude", "longitude", "ratio",
            ])
        #expect(nodes.map(\.key) == ["a", "b", 0, "c", 2, "geo", 0, 1, "top"])
        // Each nested level knows its own path, property names and shape.
        guard case let .nested(a) = nodes[0].body, case let .nested(b) = nodes[1].body else {
            Issue.record("a and a.b should be nested levels")
            return
        }
        #expect(a.path == "a" && a.property == "title, id")
        #expect(b.path == "a.b")
        #expect(a.shape == .keyed && b.shape == .indexed)
    }

    @Test func keysThatWouldBeAmbiguousInAPathAreQuoted() {
        let mapping: Mapping<Layout> = [
            "a.b": ["first name": .property(\.title), "": .property(\.id), "x[0]": .property(\.ratio)],
            "q\"uote": [3: .property(\.latitude)],
        ]
        #expect(
            allNodes(mapping.plan.root).map(\.path) == [
                #"["a.b"]"#, #"["a.b"]["first name"]"#, #"["a.b"][""]"#, #"["a.b"]["x[0]"]"#, #"["q\"uote"]"#, #"["q\"uote"][3]"#,
            ])
    }

    @Test func propertyNamesComeFromKeyPaths() {
        let mapping: Mapping<Layout> = [
            "email": .property(\.author.email),
            "url": .box(.url, \.link),
            "code": .call(Layout.code(from:), \.code),
        ]
        #expect(allNodes(mapping.plan.root).map(\.property) == ["author.email", "link", "code"])
    }

    /// A property with observers has no name in its key path: it is named after its mapping key.
    @Test func observedPropertyIsNamedAfterItsKey() {
        let mapping: Mapping<RecordingModel> = [
            "name": .property(\.title),
            "outer": ["score": .property(\.id), "inner": [1: .property(\.ratio)]],
            "list": .list(.property(\.linkText), .box(.url, \.link)),
        ]
        let nodes = allNodes(mapping.plan.root)
        #expect(nodes.map(\.path) == ["name", "outer", "outer.score", "outer.inner", "outer.inner[1]", "list", "list", "list"])
        #expect(nodes.map(\.property) == ["name", "score, [1]", "score", "[1]", "[1]", "list", "list", "list"])
    }

    // MARK: Fields

    @Test func fieldsAreNumberedInDeclarationOrderDepthFirst() {
        let mapping: Mapping<Layout> = [
            "z": .property(\.title),
            "n": ["y": .property(\.id), "x": .list(.property(\.subtitle), .box(.url, \.link))],
            "geo": [1: .property(\.longitude), 0: .property(\.latitude)],
            "w": .property(\.ratio),
        ]
        let plan = mapping.plan
        #expect(plan.fields.map(\.index) == Array(0..<7))
        let fieldNodes = allNodes(plan.root).filter { $0.field != nil }
        #expect(fieldNodes.map(\.property) == ["title", "id", "subtitle", "link", "longitude", "latitude", "ratio"])
        #expect(fieldNodes.compactMap { $0.field?.index } == Array(0..<7))
        // The plan's field list holds the very fields of the nodes, in the same order.
        #expect(zip(fieldNodes, plan.fields).allSatisfy { $0.field === $1 })
        #expect(
            fieldNodes.compactMap { $0.field?.field.traits.propertyName } == [
                "title", "id", "subtitle", "link", "longitude", "latitude", "ratio",
            ])
    }

    @Test func listChildrenShareTheirListsKeyAndPath() {
        let mapping: Mapping<Layout> = ["n": ["link": .list(.property(\.subtitle), .box(.url, \.link), .property(\.title)).isRequired()]]
        let nodes = allNodes(mapping.plan.root)
        let list = nodes[1]
        guard case let .list(children) = list.body else {
            Issue.record("n.link should be a list")
            return
        }
        #expect(children.count == 3)
        #expect(children.allSatisfy { $0.key == "link" && $0.path == "n.link" })
        #expect(children.map(\.property) == ["subtitle", "link", "title"])
        #expect(list.property == "subtitle, link, title")
        #expect(list.isRequired && children.allSatisfy { !$0.isRequired })
    }

    @Test func validatorsStayOnTheirNode() {
        let mapping: Mapping<Layout> = ["t": .property(\.title).isRequired().minLength(1).matchesRegEx("a"), "n": .property(\.id)]
        let nodes = allNodes(mapping.plan.root)
        #expect(nodes.map { $0.validators.map(\.rule) } == [["minLength", "matchesRegEx"], []])
        #expect(nodes.map(\.isRequired) == [true, false])
    }

    @Test func levelShapes() {
        let mapping: Mapping<Layout> = [
            "keyed": ["a": .property(\.id)],
            "indexed": [0: .property(\.ratio)],
            "empty": [:],
            "mixed": ["a": .property(\.title), 0: .property(\.latitude)],
        ]
        let shapes = mapping.plan.root.entries.map { node -> PlanLevel.Shape? in
            if case let .nested(level) = node.body { level.shape } else { nil }
        }
        #expect(shapes == [.keyed, .indexed, .empty, .mixed])
        #expect(mapping.plan.root.shape == .keyed)
        #expect(Mapping<Layout>([]).plan.root.shape == .empty)
        #expect(mapping.plan.definitionErrors == mapping.definitionErrors)
    }

    // MARK: Staging layout

    /// Every field's slot (its staged value) and scratch region (its converted input) lie inside
    /// the buffer, aligned, without overlapping any other region; the flags come after all of them.
    static func checkLayout(_ plan: Plan, sourceLocation: SourceLocation = #_sourceLocation) {
        var regions: [(name: String, range: Range<Int>)] = []
        for planField in plan.fields {
            let staged = planField.field.traits.stagedLayout
            let scratch = planField.field.traits.scratchLayout
            #expect(planField.slot % staged.alignment == 0, "slot of field \(planField.index)", sourceLocation: sourceLocation)
            #expect(planField.scratch % scratch.alignment == 0, "scratch of field \(planField.index)", sourceLocation: sourceLocation)
            #expect(plan.staging.alignment % staged.alignment == 0, sourceLocation: sourceLocation)
            #expect(plan.staging.alignment % scratch.alignment == 0, sourceLocation: sourceLocation)
            if staged.size > 0 { regions.append(("slot \(planField.index)", planField.slot..<planField.slot + staged.size)) }
            if scratch.size > 0 { regions.append(("scratch \(planField.index)", planField.scratch..<planField.scratch + scratch.size)) }
        }
        for level in levels(plan.root) {
            for range in level.keyScan?.regions ?? [] { regions.append(("key scan of \"\(level.path)\"", range)) }
        }
        for (index, region) in regions.enumerated() {
            #expect(
                region.range.lowerBound >= 0 && region.range.upperBound <= plan.staging.flags, "\(region.name) lies before the flags",
                sourceLocation: sourceLocation)
            for other in regions[(index + 1)...] {
                #expect(!region.range.overlaps(other.range), "\(region.name) overlaps \(other.name)", sourceLocation: sourceLocation)
            }
        }
        #expect(plan.staging.size >= plan.staging.flags + plan.fields.count, "a flag byte per field", sourceLocation: sourceLocation)
        #expect(plan.staging.size >= 1, "a buffer always has an address", sourceLocation: sourceLocation)
        #expect(plan.staging.alignment >= 1, sourceLocation: sourceLocation)
    }

    /// `level` and every level under it.
    static func levels(_ level: PlanLevel) -> [PlanLevel] {
        func nested(_ node: PlanNode) -> [PlanLevel] {
            switch node.body {
            case .field: []
            case let .nested(inner): levels(inner)
            case let .list(children): children.flatMap(nested)
            }
        }
        return [level] + level.entries.flatMap(nested)
    }

    @Test func stagingRegionsAreAlignedAndDisjoint() {
        let mapping: Mapping<Layout> = [
            "flag": .property(\.flag),
            "small": .property(\.small),
            "id": .property(\.id),
            "title": .property(\.title),
            "code": .call(Layout.code(from:), \.code),
            "subtitle": .property(\.subtitle),
            "url": .box(.url, \.link),
            "ratio": .property(\.ratio),
            "n": ["tags": .property(\.tags), "geo": [0: .property(\.latitude), 1: .property(\.longitude)]],
            "both": .list(.property(\.title), .box(.url, \.link), .property(\.subtitle)),
            "again": .property(\.small),
        ]
        let plan = mapping.plan
        #expect(plan.fields.count == 15)
        Self.checkLayout(plan)
        let staged: [ValueLayout] = [
            .of(Bool.self), .of(Int8.self), .of(Int.self), .of(String.self), .of(Int16.self), .of(String?.self), .of(URL?.self),
            .of(Double.self), .of([String].self), .of(Double.self), .of(Double.self), .of(String.self), .of(URL?.self),
            .of(String?.self), .of(Int8.self),
        ]
        #expect(plan.fields.map(\.field.traits.stagedLayout) == staged)
        // A boxing or a call converts its input (a `String` here) into scratch space first; a
        // property converts straight into its slot.
        let withScratch = plan.fields.filter { $0.field.traits.scratchLayout.size > 0 }
        #expect(withScratch.map(\.index) == [4, 6, 12])
        #expect(withScratch.allSatisfy { $0.field.traits.scratchLayout == .of(String.self) })
        #expect(plan.staging.alignment == MemoryLayout<Int>.alignment)
    }

    @Test func emptyMappingsHaveANonEmptyBuffer() {
        for mapping: Mapping<Layout> in [[:], ["empty": [:]], ["a": ["b": [:]]]] {
            #expect(mapping.plan.fields.isEmpty)
            #expect(mapping.plan.staging.size >= 1)
            Self.checkLayout(mapping.plan)
        }
        // And they map: nothing is read, nothing written.
        var layout = Layout()
        layout.title = "kept"
        #expect(throws: Never.self) { try Mapper.mapValues(from: ["empty": 5], to: &layout, using: ["empty": [:]]) }
        #expect(layout.title == "kept")
    }

    /// One-byte fields only: the slots come first, then the root level's key scan (two positions
    /// and two counts per entry), then the flags (three per field), and the buffer is as small as that.
    @Test func flagsFollowTheLastRegion() throws {
        let mapping: Mapping<Layout> = ["a": .property(\.flag), "b": .property(\.small), "c": .property(\.flag)]
        let plan = mapping.plan
        #expect(plan.fields.map(\.slot) == [0, 1, 2])
        let scan = try #require(plan.root.keyScan?.regions)
        let stride = MemoryLayout<[String: Any].Index>.stride
        let positions =
            (3 + MemoryLayout<[String: Any].Index>.alignment - 1) / MemoryLayout<[String: Any].Index>.alignment
            * MemoryLayout<[String: Any].Index>.alignment
        #expect(scan == [positions..<(positions + 6 * stride), (positions + 6 * stride)..<(positions + 6 * stride + 6)])
        #expect(plan.staging.flags == positions + 6 * stride + 6)
        #expect(plan.staging.size == plan.staging.flags + 9)
        Self.checkLayout(plan)
    }

    @Test func everyKindAndRandomMappingsHaveSoundLayouts() {
        Self.checkLayout(RecordingModel.everyKind.mapping.plan)
        Self.checkLayout(Video.mapping.plan)
        var random = SplitMix64(seed: 99)
        for _ in 0..<200 {
            Self.checkLayout(RandomMapping.mapping(using: &random).mapping.plan)
        }
    }
}

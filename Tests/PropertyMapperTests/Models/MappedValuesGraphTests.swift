import Dispatch
import Foundation
import PropertyMapper
import Testing

// The immutable models of one graph read their values through one shared object, opened by each model's make in turn:
// values a nested model kept are read late (and throw) while the object is open for its parent, siblings or a later
// record; a nested model read twice is made again without disturbing its parent; a graph that passes through a
// `Mappable` model, a nested model that fails, and many graphs at once on many threads. `Tracked` and `Sightings`
// come from MappedValuesTests.

// MARK: Fixtures

/// Keeps its values past init.
private struct KeepingLeaf: ImmutableMappable {
    let name: String
    let tracked: Tracked
    let kept: MappedValues<KeepingLeaf>
    static let sightings = Sightings()
    static let mapping: Mapping<KeepingLeaf> = ["name": .property(\.name), "tracked": .property(\.tracked)]
    init(_ values: MappedValues<KeepingLeaf>) throws {
        name = try values[\.name]
        tracked = try values[\.tracked]
        Self.sightings.record(tracked)
        kept = values
    }
}

/// Reads its leaves, then, in its own init (the graph's values now open for it), every leaf's kept values, then its
/// own name: what the late reads threw, and whether they disturbed its own reads.
private struct ReadsKeptLeavesInInit: ImmutableMappable {
    let leaves: [KeepingLeaf]
    let name: String
    let lateReads: [MappingError]
    let kept: MappedValues<ReadsKeptLeavesInInit>
    static let mapping: Mapping<ReadsKeptLeavesInInit> = ["leaves": .property(\.leaves), "name": .property(\.name)]
    init(_ values: MappedValues<ReadsKeptLeavesInInit>) throws {
        leaves = try values[\.leaves]
        var lateReads: [MappingError] = []
        for leaf in leaves {
            for read in [{ _ = try leaf.kept[\.name] }, { _ = try leaf.kept[\.tracked] }] {
                do {
                    try read()
                } catch let error as MappingError {
                    lateReads.append(error)
                }
            }
        }
        self.lateReads = lateReads
        name = try values[\.name]
        kept = values
    }
}

/// Reads, first thing in its init, the values the sibling made before it kept: the same type, so the same key paths.
private struct ReadsEarlierSibling: ImmutableMappable {
    let name: String
    let tracked: Tracked
    let lateRead: MappingError?
    let kept: MappedValues<ReadsEarlierSibling>
    nonisolated(unsafe) static var earlier: MappedValues<ReadsEarlierSibling>?
    static let mapping: Mapping<ReadsEarlierSibling> = ["name": .property(\.name), "tracked": .property(\.tracked)]
    init(_ values: MappedValues<ReadsEarlierSibling>) throws {
        do {
            _ = try Self.earlier?[\.name]
            lateRead = nil
        } catch let error as MappingError {
            lateRead = error
        }
        name = try values[\.name]
        tracked = try values[\.tracked]
        kept = values
        Self.earlier = values
    }
}

private struct ParentOfSiblings: ImmutableMappable {
    let children: [ReadsEarlierSibling]
    static let mapping: Mapping<ParentOfSiblings> = ["children": .property(\.children)]
    init(_ values: MappedValues<ParentOfSiblings>) throws {
        children = try values[\.children]
    }
}

/// Lets a late read of its leaf's kept values escape its init.
private struct RethrowsKeptLeafRead: ImmutableMappable {
    let leaf: KeepingLeaf
    static let mapping: Mapping<RethrowsKeptLeafRead> = ["leaf": .property(\.leaf)]
    init(_ values: MappedValues<RethrowsKeptLeafRead>) throws {
        leaf = try values[\.leaf]
        _ = try leaf.kept[\.name]
    }
}

/// Reads `name` twice (so it is made again, copying), and its tracked object once.
private struct ReadsTwice: ImmutableMappable {
    let name: String
    let again: String
    let tracked: Tracked
    static let mapping: Mapping<ReadsTwice> = ["name": .property(\.name), "tracked": .property(\.tracked)]
    init(_ values: MappedValues<ReadsTwice>) throws {
        name = try values[\.name]
        again = try values[\.name]
        tracked = try values[\.tracked]
    }
}

/// Children that read twice around a tracked object of its own, read in order (moved: its only reference).
private struct ParentOfRetakes: ImmutableMappable {
    let first: ReadsTwice
    let tracked: Tracked
    let rest: [ReadsTwice]
    let trackedWasUnique: Bool
    static let mapping: Mapping<ParentOfRetakes> = [
        "first": .property(\.first), "tracked": .property(\.tracked), "rest": .property(\.rest),
    ]
    init(_ values: MappedValues<ParentOfRetakes>) throws {
        first = try values[\.first]
        var tracked: Tracked = try values[\.tracked]
        trackedWasUnique = isKnownUniquelyReferenced(&tracked)
        self.tracked = tracked
        rest = try values[\.rest]
    }
}

/// A chain of models, each reading `n` twice: counts its `init`s.
private struct ChainReadingTwice: ImmutableMappable, Sendable {
    static let inits = InitCount()
    let n: Int
    let next: [ChainReadingTwice]
    static let mapping: Mapping<ChainReadingTwice> = ["n": .property(\.n), "next": .property(\.next, default: [])]
    init(_ values: MappedValues<ChainReadingTwice>) throws {
        Self.inits.add()
        n = try values[\.n]
        next = try values[\.next]
        _ = try values[\.n]
    }

    static func source(levels: Int) -> [String: Any] {
        var node: [String: Any] = ["n": levels - 1]
        for level in stride(from: levels - 2, through: 0, by: -1) { node = ["n": level, "next": [node]] }
        return node
    }
}

private final class InitCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    func take() -> Int {
        lock.withLock {
            defer { count = 0 }; return count
        }
    }
}

/// A `Mappable` model between two immutable ones.
private struct MutableMiddle: Mappable {
    var leaf: KeepingLeaf?
    var leaves: [KeepingLeaf] = []
    static let mapping: Mapping<MutableMiddle> = ["leaf": .property(\.leaf), "leaves": .property(\.leaves)]
}

private struct ImmutableTop: ImmutableMappable {
    let middle: MutableMiddle
    let name: String
    let kept: MappedValues<ImmutableTop>
    static let mapping: Mapping<ImmutableTop> = ["middle": .property(\.middle), "name": .property(\.name)]
    init(_ values: MappedValues<ImmutableTop>) throws {
        middle = try values[\.middle]
        name = try values[\.name]
        kept = values
    }
}

/// Reads a key path its mapping lacks when its name says so: a definition error of that model alone.
private struct StraysWhenAsked: ImmutableMappable {
    let name: String
    let unmapped: Int
    static let mapping: Mapping<StraysWhenAsked> = ["name": .property(\.name)]
    init(_ values: MappedValues<StraysWhenAsked>) throws {
        name = try values[\.name]
        unmapped = name == "stray" ? try values[\.unmapped] : 0
    }
}

private struct ParentOfStrays: ImmutableMappable {
    let children: [StraysWhenAsked]
    let name: String
    static let mapping: Mapping<ParentOfStrays> = ["children": .property(\.children), "name": .property(\.name)]
    init(_ values: MappedValues<ParentOfStrays>) throws {
        children = try values[\.children]
        name = try values[\.name]
    }
}

private func leaf(_ name: String, _ id: Int) -> [String: Any] {
    ["name": name, "tracked": ["id": id]]
}

private func lateReadMessage(_ error: MappingError?) -> String? {
    guard let error, error.errors.map(\.rule) == ["mapping"] else { return nil }
    return error.errors.first?.message
}

// MARK: Tests

// Serialized: one test counts the tracked objects every model of this file saw.
@Suite(.serialized) struct MappedValuesGraphTests {
    @Test func valuesANestedModelKeptThrowWhenReadInItsParentsInitAndLeaveItsReadsAlone() throws {
        let source: [String: Any] = ["leaves": [leaf("a", 1), leaf("b", 2), leaf("c", 3)], "name": "parent"]
        let parent = try Mapper.map(ReadsKeptLeavesInInit.self, from: source)
        #expect(parent.name == "parent")
        #expect(parent.leaves.map(\.name) == ["a", "b", "c"])
        #expect(parent.leaves.map(\.tracked.id) == [1, 2, 3])
        // Each leaf's two late reads threw, naming the key path read late, and never answered with the parent's values.
        #expect(parent.lateReads.count == 6)
        for error in parent.lateReads {
            let message = try #require(lateReadMessage(error))
            #expect(message.contains("read after init(_ values:) returned"))
            #expect(message.contains("KeepingLeaf"))
        }
        // After the graph was made, every model's kept values throw too.
        #expect(throws: MappingError.self) { _ = try parent.kept[\.name] }
        for leaf in parent.leaves {
            #expect(lateReadMessage(#expect(throws: MappingError.self) { _ = try leaf.kept[\.name] }) != nil)
        }
    }

    @Test func valuesASiblingKeptThrowWhenReadInTheNextSiblingsInitAndLeaveItsValuesAlone() throws {
        defer { ReadsEarlierSibling.earlier = nil }
        ReadsEarlierSibling.earlier = nil
        let children = (1...4).map { ["name": "s\($0)", "tracked": ["id": $0]] as [String: Any] }
        let parent = try Mapper.map(ParentOfSiblings.self, from: ["children": children])
        #expect(parent.children.map(\.name) == ["s1", "s2", "s3", "s4"])
        #expect(parent.children.map(\.tracked.id) == [1, 2, 3, 4])
        #expect(parent.children[0].lateRead == nil)
        for child in parent.children.dropFirst() {
            #expect(lateReadMessage(child.lateRead)?.contains("read after init(_ values:) returned") == true)
        }
    }

    @Test func aLateReadEscapingAParentsInitIsThatInitsErrorNotAMappingError() {
        let error = #expect(throws: MappingError.self) {
            _ = try Mapper.map(RethrowsKeptLeafRead.self, from: ["leaf": leaf("a", 1)])
        }
        #expect(error?.errors.map(\.rule) == ["init"])
        #expect(error?.errors.first?.message.contains("read after init(_ values:) returned") == true)
    }

    @Test func keptValuesOfEveryRecordThrowOnceLaterRecordsOpenedTheValues() throws {
        let records = (0..<20).map { ["leaves": [leaf("x\($0)", $0)], "name": "p\($0)"] as [String: Any] }
        let all = try Mapper.map([ReadsKeptLeavesInInit].self, from: records)
        #expect(all.map(\.name) == (0..<20).map { "p\($0)" })
        let batch = try Mapper.mapArray(from: records, as: ReadsKeptLeavesInInit.self)
        #expect(batch.results.compactMap { try? $0.get().name } == (0..<20).map { "p\($0)" })
        for parent in all + batch.results.compactMap({ try? $0.get() }) {
            #expect(parent.lateReads.count == 2)
            #expect(throws: MappingError.self) { _ = try parent.kept[\.leaves] }
            #expect(throws: MappingError.self) { _ = try parent.leaves[0].kept[\.tracked] }
        }
    }

    @Test func nestedModelsReadTwiceAreMadeAgainAndTheirParentStillMovesItsOwnValues() throws {
        let source: [String: Any] = [
            "first": ["name": "one", "tracked": ["id": 1]],
            "tracked": ["id": 10],
            "rest": (2...4).map { ["name": "n\($0)", "tracked": ["id": $0]] as [String: Any] },
        ]
        for _ in 0..<3 {
            let parent = try Mapper.map(ParentOfRetakes.self, from: source)
            #expect(parent.first.name == "one" && parent.first.again == "one" && parent.first.tracked.id == 1)
            #expect(parent.tracked.id == 10)
            #expect(parent.trackedWasUnique)
            #expect(parent.rest.map(\.name) == ["n2", "n3", "n4"])
            #expect(parent.rest.map(\.again) == ["n2", "n3", "n4"])
            #expect(parent.rest.map(\.tracked.id) == [2, 3, 4])
        }
    }

    /// A model that reads a value twice is made again; in its make again, the models nested in it that read twice copy at
    /// once. A chain of them remakes the levels below each level once: n²/2 `init`s, never 2^n.
    @Test func aChainOfModelsReadingTwiceRemakesEachLevelBelowOnce() throws {
        _ = ChainReadingTwice.inits.take()
        let model = try Mapper.map(ChainReadingTwice.self, from: ChainReadingTwice.source(levels: 40))
        var levels = 1
        var link = model
        while let next = link.next.first {
            #expect(next.n == link.n + 1)
            levels += 1
            link = next
        }
        #expect(levels == 40)
        #expect(ChainReadingTwice.inits.take() == 40 * 41 / 2 + 40)
    }

    @Test func aMappableModelBetweenImmutableOnesPassesTheirValuesOn() throws {
        let source: [String: Any] = [
            "middle": ["leaf": leaf("solo", 7), "leaves": [leaf("l1", 8), leaf("l2", 9)]],
            "name": "top",
        ]
        let top = try Mapper.map(ImmutableTop.self, from: source)
        #expect(top.name == "top")
        #expect(top.middle.leaf?.name == "solo" && top.middle.leaf?.tracked.id == 7)
        #expect(top.middle.leaves.map(\.name) == ["l1", "l2"])
        #expect(top.middle.leaves.map(\.tracked.id) == [8, 9])
        #expect(throws: MappingError.self) { _ = try top.kept[\.name] }
        for leaf in [top.middle.leaf!] + top.middle.leaves {
            #expect(lateReadMessage(#expect(throws: MappingError.self) { _ = try leaf.kept[\.name] }) != nil)
        }
    }

    @Test func aNestedModelsDefinitionErrorIsItsOwnAndItsSiblingsAreStillMade() {
        let source: [String: Any] = [
            "children": [["name": "fine"], ["name": "stray"], ["name": "fine too"], ["name": "stray"]], "name": "p",
        ]
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map(ParentOfStrays.self, from: source) }
        // The mistake is the model's, met at two elements: one error, the first.
        #expect(error?.errors.map(\.path) == ["children[1]"])
        #expect(error?.errors.map(\.rule) == ["mapping"])
        #expect(error?.errors.allSatisfy { $0.message.contains("StraysWhenAsked.unmapped") } == true)
        let fine = try? Mapper.map(ParentOfStrays.self, from: ["children": [["name": "a"], ["name": "b"]], "name": "p"])
        #expect(fine?.children.map(\.name) == ["a", "b"])
        #expect(fine?.name == "p")
    }

    @Test func everyTrackedValueOfAGraphIsDestroyedOnceWhenTheGraphGoes() throws {
        let before = KeepingLeaf.sightings.alive.of
        do {
            let records = (0..<10).map { ["leaves": [leaf("a", $0), leaf("b", $0)], "name": "p"] as [String: Any] }
            let all = try Mapper.map([ReadsKeptLeavesInInit].self, from: records)
            withExtendedLifetime(all) {
                let alive = KeepingLeaf.sightings.alive
                #expect(alive.of - before == 20)
            }
        }
        let alive = KeepingLeaf.sightings.alive
        #expect(alive.of - before == 20)
        #expect(alive.count == 0)
    }

    @Test func manyGraphsAtOnceOnManyThreadsEachReadTheirOwnValues() {
        let failures = ThreadFailures()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let source: [String: Any] = [
                "leaves": (0..<3).map { leaf("t\(index).\($0)", index * 10 + $0) }, "name": "thread \(index)",
            ]
            guard let parent = try? Mapper.map(ReadsKeptLeavesInInit.self, from: source),
                parent.name == "thread \(index)",
                parent.leaves.map(\.name) == (0..<3).map({ "t\(index).\($0)" }),
                parent.leaves.map(\.tracked.id) == (0..<3).map({ index * 10 + $0 }),
                parent.lateReads.count == 6
            else {
                failures.add("graph \(index)")
                return
            }
        }
        #expect(failures.all == [])
    }
}

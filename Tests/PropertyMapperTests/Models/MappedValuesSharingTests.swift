import Dispatch
import Foundation
import PropertyMapper
import Testing

// The one values object an immutable model graph shares, attacked (MappedValuesGraphTests has the plain cases). Kept values read
// while the object is open for a model whose key paths are the same objects (a recursive type at several depths,
// same-type siblings, the model made just before), read out of order, twice, for absent optionals; retakes at several
// depths mixed with kept values and inits that throw after partial reads (every counted object destroyed once);
// polymorphic fields, a `Mappable` model and a merge between immutable ones, dictionaries, sets, optionals and arrays
// of arrays; per-record batches with failing records; dry runs; rules; inits that map (re-entrancy, another thread)
// and read their values from another thread; the Codable bridge; many graphs on many threads.

// MARK: Counting

/// Counts the `Counted` objects alive: a leak or a double destroy shows as a count that does not come back.
private final class Census: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var born = 0
    private var died = 0

    static let shared = Census()

    func birth() { lock.withLock { born += 1 } }
    func death() { lock.withLock { died += 1 } }

    var counts: (born: Int, died: Int) { lock.withLock { (born, died) } }
    var alive: Int { lock.withLock { born - died } }
}

/// A class value whose instances `Census` counts.
private final class Counted: Mappable {
    var id = 0
    static let mapping: Mapping<Counted> = ["id": .property(\.id)]
    init() { Census.shared.birth() }
    deinit { Census.shared.death() }
}

/// Weak references to models, to check they are all destroyed.
private final class WeakSet: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [Weak] = []
    private struct Weak {
        weak var object: AnyObject?
    }

    func add(_ object: AnyObject) { lock.withLock { objects.append(Weak(object: object)) } }
    var alive: Int { lock.withLock { objects.filter { $0.object != nil }.count } }
    var count: Int { lock.withLock { objects.count } }
}

private final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// Whether `read` threw the late-read `MappingError` (rule `mapping`, "read after init(_ values:) returned").
private func isLate(_ read: () throws -> Void) -> Bool {
    do {
        try read()
        return false
    } catch let error as MappingError {
        return error.errors.count == 1 && error.errors[0].rule == "mapping"
            && error.errors[0].message.contains("read after init(_ values:) returned")
    } catch {
        return false
    }
}

// MARK: A recursive model

/// A recursive class model: its children and its optional `only` child are its own type, so a kept `MappedValues`
/// of a child has the very key path objects of the parent reading it. Its mapping's order is the order `init` reads
/// in (children, only, note, name, counted): between `only` and `note` it reads, late, every key path of the kept
/// values of each child and of the `Node` made before it (a sibling, a child or another graph's), which must all
/// throw and leave its own reads in order (its `counted` then moved: its only reference). A name starting `twice`
/// reads `name` again (a retake: made again, copying), `stray` reads an unmapped key path, `boom` throws at the end.
private final class Node: ImmutableMappable {
    let children: [Node]
    let only: Node?
    let note: String?
    let name: String
    let counted: Counted
    let again: String?
    let unmapped: Int
    let countedWasUnique: Bool
    let hadPrevious: Bool
    let lateThrew: Int
    let lateAnswered: Int
    let kept: MappedValues<Node>

    nonisolated(unsafe) static var previous: MappedValues<Node>?
    /// False on many threads at once: `previous` is one for the process.
    nonisolated(unsafe) static var usesPrevious = true
    static let made = WeakSet()
    nonisolated(unsafe) static var tracksMade = true

    static let mapping: Mapping<Node> = [
        "children": .property(\.children),
        "only": .property(\.only),
        "note": .property(\.note),
        "name": .property(\.name),
        "counted": .property(\.counted),
    ]

    init(_ values: MappedValues<Node>) throws {
        var threw = 0
        var answered = 0
        func late(_ kept: MappedValues<Node>) {
            let reads: [() throws -> Void] = [
                { _ = try kept[\.children] }, { _ = try kept[\.only] }, { _ = try kept[\.note] },
                { _ = try kept[\.name] }, { _ = try kept[\.counted] },
            ]
            for read in reads {
                if isLate(read) { threw += 1 } else { answered += 1 }
            }
        }
        let previous = Self.usesPrevious ? Self.previous : nil
        hadPrevious = previous != nil
        if let previous { late(previous) }
        children = try values[\.children]
        only = try values[\.only]
        for child in children { late(child.kept) }
        if let only { late(only.kept) }
        // Read twice more, to be sure a late read changed nothing.
        if let previous { late(previous) }
        note = try values[\.note]
        name = try values[\.name]
        var counted = try values[\.counted]
        countedWasUnique = isKnownUniquelyReferenced(&counted)
        self.counted = counted
        again = name.hasPrefix("twice") ? try values[\.name] : nil
        unmapped = name.hasPrefix("stray") ? try values[\.unmapped] : 0
        lateThrew = threw
        lateAnswered = answered
        kept = values
        if Self.usesPrevious { Self.previous = values }
        if name.contains("boom") { throw Boom() }
        if Self.tracksMade { Self.made.add(self) }
    }
}

/// A node's source.
private func node(
    _ name: String, _ id: Int, note: String? = nil, children: [[String: Any]] = [], only: [String: Any]? = nil
) -> [String: Any] {
    var source: [String: Any] = ["name": name, "counted": ["id": id], "children": children]
    if let note { source["note"] = note }
    if let only { source["only"] = only }
    return source
}

/// A tree `depth` levels below its root, `fanOut` children a node; every third node reads twice, every other one has
/// a note, every fourth inner node an `only` child (a leaf).
private func tree(_ path: String, depth: Int, fanOut: Int, counter: inout Int) -> [String: Any] {
    counter += 1
    let id = counter
    let name = (id % 3 == 1 ? "twice " : "") + path
    let note = id % 2 == 0 ? "note \(id)" : nil
    var children: [[String: Any]] = []
    if depth > 0 {
        for index in 0..<fanOut {
            children.append(tree("\(path).\(index)", depth: depth - 1, fanOut: fanOut, counter: &counter))
        }
    }
    var only: [String: Any]?
    if depth > 0, id % 4 == 0 {
        counter += 1
        only = node("only \(path)", counter, note: "only note")
    }
    return node(name, id, note: note, children: children, only: only)
}

/// What differs between `node` and `source`, node by node ("" when nothing).
private func mismatches(_ model: Node, _ source: [String: Any], at path: String = "$") -> [String] {
    var found: [String] = []
    let name = source["name"] as! String
    let id = (source["counted"] as! [String: Any])["id"] as! Int
    let twice = name.hasPrefix("twice")
    if model.name != name { found.append("\(path): name \(model.name) != \(name)") }
    if model.counted.id != id { found.append("\(path): id \(model.counted.id) != \(id)") }
    if model.note != source["note"] as? String { found.append("\(path): note \(String(describing: model.note))") }
    if model.again != (twice ? name : nil) { found.append("\(path): again \(String(describing: model.again))") }
    if model.countedWasUnique == twice { found.append("\(path): countedWasUnique \(model.countedWasUnique)") }
    let childSources = source["children"] as! [[String: Any]]
    let onlySource = source["only"] as? [String: Any]
    let kids = childSources.count + (onlySource == nil ? 0 : 1)
    if model.lateAnswered != 0 { found.append("\(path): \(model.lateAnswered) late reads answered") }
    let expectedThrew = 5 * kids + (model.hadPrevious ? 10 : 0)
    if model.lateThrew != expectedThrew { found.append("\(path): \(model.lateThrew) late reads threw, not \(expectedThrew)") }
    if !isLate({ _ = try model.kept[\.name] }) { found.append("\(path): its own kept values answered after the graph") }
    if model.children.count != childSources.count {
        found.append("\(path): \(model.children.count) children, not \(childSources.count)")
    } else {
        for (index, (child, childSource)) in zip(model.children, childSources).enumerated() {
            found += mismatches(child, childSource, at: "\(path).children[\(index)]")
        }
    }
    switch (model.only, onlySource) {
    case (nil, nil): break
    case let (only?, onlySource?): found += mismatches(only, onlySource, at: "\(path).only")
    default: found.append("\(path): only \(String(describing: model.only?.name))")
    }
    return found
}

private func count(_ model: Node) -> Int {
    1 + model.children.map(count).reduce(0, +) + (model.only.map(count) ?? 0)
}

// MARK: Leaves, containers, polymorphism, merges, rules

/// Reads, first, the kept values of the `Leaf` made before it.
private struct Leaf: ImmutableMappable {
    let name: String
    let counted: Counted
    let previousWasLate: Bool
    let kept: MappedValues<Leaf>
    nonisolated(unsafe) static var previous: MappedValues<Leaf>?
    static let mapping: Mapping<Leaf> = ["name": .property(\.name), "counted": .property(\.counted)]
    init(_ values: MappedValues<Leaf>) throws {
        if let previous = Self.previous {
            previousWasLate = isLate { _ = try previous[\.name] } && isLate { _ = try previous[\.counted] }
        } else {
            previousWasLate = true
        }
        name = try values[\.name]
        counted = try values[\.counted]
        kept = values
        Self.previous = values
    }

    var keptIsLate: Bool { isLate { _ = try kept[\.name] } && isLate { _ = try kept[\.counted] } }
}

private func leaf(_ name: String, _ id: Int) -> [String: Any] { ["name": name, "counted": ["id": id]] }

/// Hashable by name, for a set.
private struct HashedLeaf: ImmutableMappable, Hashable {
    let name: String
    let kept: MappedValues<HashedLeaf>
    static let mapping: Mapping<HashedLeaf> = ["name": .property(\.name)]
    init(_ values: MappedValues<HashedLeaf>) throws {
        name = try values[\.name]
        kept = values
    }
    static func == (lhs: HashedLeaf, rhs: HashedLeaf) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// Immutable models in every container, read in reverse order, then each one's kept values, then `name`.
private struct Bag: ImmutableMappable {
    let byKey: [String: Leaf]
    let set: Set<HashedLeaf>
    let maybe: Leaf?
    let absent: Leaf?
    let maybeList: [Leaf]?
    let grid: [[Leaf]]
    let name: String
    let allLate: Bool
    static let mapping: Mapping<Bag> = [
        "byKey": .property(\.byKey), "set": .property(\.set), "maybe": .property(\.maybe), "absent": .property(\.absent),
        "maybeList": .property(\.maybeList), "grid": .property(\.grid), "name": .property(\.name),
    ]
    init(_ values: MappedValues<Bag>) throws {
        grid = try values[\.grid]
        maybeList = try values[\.maybeList]
        absent = try values[\.absent]
        maybe = try values[\.maybe]
        set = try values[\.set]
        byKey = try values[\.byKey]
        let leaves = Array(byKey.values) + [maybe, absent].compactMap { $0 } + (maybeList ?? []) + grid.flatMap { $0 }
        allLate =
            leaves.allSatisfy { $0.keptIsLate && $0.previousWasLate } && set.allSatisfy { item in isLate { _ = try item.kept[\.name] } }
        name = try values[\.name]
    }
}

private protocol Figure {
    var name: String { get }
    /// Whether every kept value it holds throws now.
    var keptIsLate: Bool { get }
}

private struct Disc: ImmutableMappable, Figure {
    let name: String
    let radius: Int
    let counted: Counted
    let squareWasLate: Bool
    let kept: MappedValues<Disc>
    static let mapping: Mapping<Disc> = ["name": .property(\.name), "radius": .property(\.radius), "counted": .property(\.counted)]
    init(_ values: MappedValues<Disc>) throws {
        // Another type's values, kept by the square made before: throw.
        if let square = Quad.last {
            squareWasLate = isLate { _ = try square[\.name] } && isLate { _ = try square[\.side] }
        } else {
            squareWasLate = true
        }
        counted = try values[\.counted]
        radius = try values[\.radius]
        name = try values[\.name]
        kept = values
    }
    var keptIsLate: Bool { isLate { _ = try kept[\.name] } && isLate { _ = try kept[\.counted] } }
}

private struct Quad: ImmutableMappable, Figure {
    let name: String
    let side: Int
    let kept: MappedValues<Quad>
    nonisolated(unsafe) static var last: MappedValues<Quad>?
    static let mapping: Mapping<Quad> = ["name": .property(\.name), "side": .property(\.side)]
    init(_ values: MappedValues<Quad>) throws {
        name = try values[\.name]
        side = try values[\.side]
        if side < 0 { throw Boom() }
        kept = values
        Self.last = values
    }
    var keptIsLate: Bool { isLate { _ = try kept[\.name] } }
}

/// A `Mappable` case holding immutable leaves.
private final class FigureGroup: Mappable, Figure {
    var name = ""
    var leaves: [Leaf] = []
    static let mapping: Mapping<FigureGroup> = ["name": .property(\.name), "leaves": .property(\.leaves)]
    init() {}
    var keptIsLate: Bool { leaves.allSatisfy(\.keptIsLate) }
}

private let figureKinds: KeyValuePairs<String, Any.Type> = ["circle": Disc.self, "square": Quad.self, "group": FigureGroup.self]

/// Polymorphic fields of every arity inside an immutable model; reads the array first, then reads twice when `twice`.
private struct Drawing: ImmutableMappable {
    let main: any Figure
    let others: [any Figure]
    let maybe: (any Figure)?
    let twice: Bool
    let again: Bool
    let allLate: Bool
    static let mapping: Mapping<Drawing> = [
        "main": .polymorphic(\.main, on: "kind", figureKinds),
        "others": .polymorphic(\.others, on: "kind", figureKinds),
        "maybe": .polymorphic(\.maybe, on: "kind", figureKinds),
        "twice": .property(\.twice),
    ]
    init(_ values: MappedValues<Drawing>) throws {
        others = try values[\.others]
        main = try values[\.main]
        maybe = try values[\.maybe]
        twice = try values[\.twice]
        again = twice ? try values[\.twice] : false
        allLate = ([main] + others + [maybe].compactMap { $0 }).allSatisfy(\.keptIsLate)
    }
}

private struct LeafSettings: Mappable {
    var level = 0
    var leaves: [Leaf] = []
    static let mapping: Mapping<LeafSettings> = ["level": .property(\.level), "leaves": .property(\.leaves)]
}

/// A `Mappable` model that merges a model holding immutable leaves.
private struct MergingMiddle: Mappable {
    var settings = LeafSettings()
    var name = ""
    static let mapping: Mapping<MergingMiddle> = ["settings": .property(\.settings).merging(), "name": .property(\.name)]
}

private struct HoldsMerging: ImmutableMappable {
    let middle: MergingMiddle
    let leaf: Leaf
    let allLate: Bool
    static let mapping: Mapping<HoldsMerging> = ["middle": .property(\.middle), "leaf": .property(\.leaf)]
    init(_ values: MappedValues<HoldsMerging>) throws {
        middle = try values[\.middle]
        leaf = try values[\.leaf]
        allLate = middle.settings.leaves.allSatisfy(\.keptIsLate) && leaf.keptIsLate
    }
}

/// Rules over immutable leaves: one keeps its values for `init` to read (late), and checks the leaves' kept values.
private struct RuledParent: ImmutableMappable {
    let leaves: [Leaf]
    let name: String
    let ruleValuesWereLate: Bool
    nonisolated(unsafe) static var ruleValues: MappedValues<RuledParent>?
    static let mapping = Mapping<RuledParent>(
        rules: [
            MappingRule("leavesClosed") { values in
                let leaves = try values[\.leaves]
                RuledParent.ruleValues = values
                return leaves.allSatisfy { $0.keptIsLate && $0.previousWasLate } && leaves.count == 2
            },
            MappingRule("readsTwice") { values in
                let name = try values[\.name]
                let leaves = try values[\.leaves]
                return try name == values[\.name] && leaves.map(\.name) == values[\.leaves].map(\.name)
            },
        ],
        ["leaves": .property(\.leaves), "name": .property(\.name)])
    init(_ values: MappedValues<RuledParent>) throws {
        ruleValuesWereLate = isLate { _ = try RuledParent.ruleValues?[\.name] }
        leaves = try values[\.leaves]
        name = try values[\.name]
    }
}

/// A nested immutable model with a rule, inside an immutable parent with none.
private struct RuledChild: ImmutableMappable {
    let value: Int
    let kept: MappedValues<RuledChild>
    nonisolated(unsafe) static var previous: MappedValues<RuledChild>?
    static let mapping = Mapping<RuledChild>(
        rules: [
            MappingRule("previousClosed") { values in
                // The previous child's values, read while the shared object is closed (or open for nobody's rule).
                let wasLate = RuledChild.previous.map { previous in isLate { _ = try previous[\.value] } } ?? true
                return try wasLate && values[\.value] >= 0
            }
        ],
        ["value": .property(\.value)])
    init(_ values: MappedValues<RuledChild>) throws {
        value = try values[\.value]
        kept = values
        Self.previous = values
    }
}

private struct ParentOfRuled: ImmutableMappable {
    let children: [RuledChild]
    let total: Int
    static let mapping: Mapping<ParentOfRuled> = ["children": .property(\.children), "total": .property(\.total)]
    init(_ values: MappedValues<ParentOfRuled>) throws {
        children = try values[\.children]
        total = try values[\.total]
    }
}

/// Reads `name` twice, so it is made twice (the second time copying); its first attempt keeps its values for the
/// second to read, late.
private struct ReadsItsFirstAttempt: ImmutableMappable {
    let name: String
    let counted: Counted
    let again: String
    let firstAttemptWasLate: Bool
    nonisolated(unsafe) static var firstAttempt: MappedValues<ReadsItsFirstAttempt>?
    static let mapping: Mapping<ReadsItsFirstAttempt> = ["name": .property(\.name), "counted": .property(\.counted)]
    init(_ values: MappedValues<ReadsItsFirstAttempt>) throws {
        if let first = Self.firstAttempt {
            firstAttemptWasLate = isLate { _ = try first[\.name] } && isLate { _ = try first[\.counted] }
            Self.firstAttempt = nil
        } else {
            firstAttemptWasLate = false
            Self.firstAttempt = values
        }
        name = try values[\.name]
        counted = try values[\.counted]
        again = try values[\.name]
    }
}

private struct ParentOfAttempts: ImmutableMappable {
    let children: [ReadsItsFirstAttempt]
    let counted: Counted
    let countedWasUnique: Bool
    static let mapping: Mapping<ParentOfAttempts> = ["children": .property(\.children), "counted": .property(\.counted)]
    init(_ values: MappedValues<ParentOfAttempts>) throws {
        children = try values[\.children]
        var counted = try values[\.counted]
        countedWasUnique = isKnownUniquelyReferenced(&counted)
        self.counted = counted
    }
}

// MARK: Re-entrancy

/// Maps other immutable graphs in its `init` between its own reads: one on this thread, one of its own type (one
/// level less), one on another thread; and reads one of its own values on another thread.
private struct Reentrant: ImmutableMappable {
    let depth: Int
    let first: Leaf
    let nested: Node
    let inner: [Reentrant]
    let offThread: Node?
    let second: Leaf
    let name: String
    let firstWasLate: Bool
    let firstWasLateOffThread: Bool
    static let mapping: Mapping<Reentrant> = [
        "depth": .property(\.depth), "first": .property(\.first), "second": .property(\.second), "name": .property(\.name),
    ]
    init(_ values: MappedValues<Reentrant>) throws {
        let depth = try values[\.depth]
        self.depth = depth
        first = try values[\.first]
        nested = try Mapper.map(Node.self, from: node("nested \(depth)", 900 + depth, children: [node("twice kid", 950)]))
        inner = depth > 0 ? [try Mapper.map(Reentrant.self, from: reentrantSource(depth - 1))] : []
        let result = Box<Node?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.value = try? Mapper.map(Node.self, from: node("off \(depth)", 800 + depth))
            done.signal()
        }
        done.wait()
        offThread = result.value
        // The box may outlive this init a little, with the block that held it: the model holds the node, not the box.
        result.value = nil
        // This init's values, read on another thread while it waits: still this model's, still open.
        let shared = Box(values)
        let secondBox = Box<Result<Leaf, any Error>?>(nil)
        let read = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            secondBox.value = Result { try shared.value[\.second] }
            read.signal()
        }
        read.wait()
        second = try secondBox.value!.get()
        secondBox.value = nil
        // The first leaf's kept values, read on another thread while this init (open now) waits: late.
        let firstKept = Box(first.kept)
        let lateBox = Box(false)
        let lateRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            lateBox.value = isLate { _ = try firstKept.value[\.name] } && isLate { _ = try firstKept.value[\.counted] }
            lateRead.signal()
        }
        lateRead.wait()
        firstWasLateOffThread = lateBox.value
        name = try values[\.name]
        firstWasLate = first.keptIsLate
    }
}

private func reentrantSource(_ depth: Int) -> [String: Any] {
    [
        "depth": depth, "first": leaf("first \(depth)", 10 * depth + 1), "second": leaf("second \(depth)", 10 * depth + 2),
        "name": "r\(depth)",
    ]
}

// MARK: Codable

private final class CodableTree: ImmutableMappable, MappedDecodable {
    let kids: [CodableTree]
    let leaf: CodableLeaf?
    let name: String
    let keptWereLate: Bool
    let kept: MappedValues<CodableTree>
    static let mapping: Mapping<CodableTree> = ["kids": .property(\.kids), "leaf": .property(\.leaf), "name": .property(\.name)]
    init(_ values: MappedValues<CodableTree>) throws {
        kids = try values[\.kids]
        leaf = try values[\.leaf]
        keptWereLate =
            kids.allSatisfy { kid in isLate { _ = try kid.kept[\.name] } && isLate { _ = try kid.kept[\.kids] } }
            && (leaf.map { leaf in isLate { _ = try leaf.kept[\.id] } } ?? true)
        name = try values[\.name]
        kept = values
        if name == "boom" { throw Boom() }
    }
}

private struct CodableLeaf: ImmutableMappable, MappedDecodable {
    let id: Int
    let kept: MappedValues<CodableLeaf>
    static let mapping: Mapping<CodableLeaf> = ["id": .property(\.id)]
    init(_ values: MappedValues<CodableLeaf>) throws {
        id = try values[\.id]
        kept = values
    }
}

private struct TreeEnvelope: Decodable {
    let version: Int
    let trees: [CodableTree]
    let single: CodableTree
}

// MARK: Tests

// Serialized: the statics (`previous`, `last`) and the census are the suite's.
@Suite(.serialized) struct MappedValuesSharingTests {
    @Test func recursiveGraphsReadKeptValuesOfTheirOwnTypeLateAtEveryDepth() throws {
        Node.previous = nil
        let alive = Census.shared.alive
        for (depth, fanOut) in [(0, 0), (1, 1), (2, 2), (3, 2), (4, 3)] {
            var counter = 0
            let source = tree("r", depth: depth, fanOut: fanOut, counter: &counter)
            do {
                let root = try Mapper.map(Node.self, from: source)
                #expect(mismatches(root, source) == [])
                #expect(count(root) == counter)
                withExtendedLifetime(root) { #expect(Census.shared.alive - alive == counter) }
            }
            #expect(Census.shared.alive == alive)
            #expect(Node.made.alive == 0)
        }
    }

    @Test func aChainOfOptionalChildrenEachReadingItsChildsKeptValues() throws {
        Node.previous = nil
        let alive = Census.shared.alive
        // 60 levels through `only`, every tenth one reading twice (each retake makes the levels below it again: 2^6 times
        // for the deepest).
        var source = node("leaf", 0)
        for level in 1...60 {
            source = node((level % 10 == 5 ? "twice " : "") + "level \(level)", level, note: level % 3 == 0 ? "n" : nil, only: source)
        }
        do {
            let root = try Mapper.map(Node.self, from: source)
            #expect(mismatches(root, source) == [])
            // Held to here: a release build would end its lifetime at its last use.
            withExtendedLifetime(root) { #expect(Census.shared.alive - alive == 61) }
        }
        #expect(Census.shared.alive == alive)
    }

    @Test func initsThatThrowAfterPartialReadsAtEveryDepthDestroyEveryValueOnce() throws {
        Node.previous = nil
        let alive = Census.shared.alive
        let made = Census.shared.counts
        let cases: [(source: [String: Any], paths: [String], rules: [String])] = [
            (node("boom", 1), [""], ["init"]),
            (node("p", 1, children: [node("a", 2), node("boom", 3, children: [node("c", 4)]), node("d", 5)]), ["children[1]"], ["init"]),
            (
                node("twice p", 1, children: [node("twice a", 2, children: [node("boom x", 3), node("twice y", 4)])], only: node("z", 5)),
                ["children[0].children[0]"], ["init"]
            ),
            (
                node("p", 1, children: [node("stray", 2), node("twice b", 3, only: node("boom", 4))], only: node("stray too", 5)),
                // The definition errors alone: the data is not judged against a broken mapping.
                ["children[0]", "only"], ["mapping", "mapping"]
            ),
            (
                node("p", 1, children: [node("q", 2, children: [node("r", 3, only: node("twice boom", 4))])]),
                ["children[0].children[0].only"], ["init"]
            ),
        ]
        for (source, paths, rules) in cases {
            let error = #expect(throws: MappingError.self) { _ = try Mapper.map(Node.self, from: source) }
            #expect(error?.errors.map(\.path) == paths)
            #expect(error?.errors.map(\.rule) == rules)
            #expect(Census.shared.alive == alive)
            // The same graph as a dry run: the same errors, nothing kept.
            let dry = Mapper.validate(source, as: Node.self)
            #expect(dry.map(\.path) == paths)
            #expect(dry.map(\.rule) == rules)
            #expect(Census.shared.alive == alive)
        }
        #expect(Census.shared.counts.born > made.born)
        #expect(Node.made.alive == 0)
    }

    @Test func aDryRunOfAValidRecursiveGraphMakesAndDestroysEveryModel() {
        Node.previous = nil
        let alive = Census.shared.alive
        var counter = 0
        let source = tree("v", depth: 3, fanOut: 3, counter: &counter)
        #expect(Mapper.validate(source, as: Node.self) == [])
        #expect(Census.shared.alive == alive)
        var warnings: [MappingWarning] = []
        #expect(Mapper.validate(source, as: Node.self, warnings: &warnings) == [])
        #expect(Census.shared.alive == alive)
    }

    @Test func perRecordBatchesWithFailingRecordsKeepEachRecordsValues() throws {
        Node.previous = nil
        let alive = Census.shared.alive
        var counter = 0
        let good = tree("g", depth: 2, fanOut: 2, counter: &counter)
        let records: [[String: Any]] = [
            good,
            node("p", 100, children: [node("twice", 101), node("x", 102, only: node("boom", 103))]),
            node("twice top", 104, children: [node("twice", 105, children: [node("twice", 106)])]),
            node("last", 109, note: "n", children: [node("b", 110)], only: node("c", 111)),
        ]
        do {
            let batch = try Mapper.mapArray(from: records, as: Node.self)
            #expect(batch.results.count == 4)
            #expect(batch.failures.map(\.index) == [1])
            #expect(batch.failures.map { $0.error.errors.map(\.path) } == [["children[1].only"]])
            #expect(batch.failures.map { $0.error.errors.map(\.rule) } == [["init"]])
            for index in [0, 2, 3] {
                let model = try batch.results[index].get()
                #expect(mismatches(model, records[index]) == [], "record \(index)")
            }
            // All or nothing: the same records fail it; the good ones alone make every model.
            let error = #expect(throws: MappingError.self) { _ = try Mapper.map([Node].self, from: records) }
            #expect(error?.errors.map(\.path) == ["[1].children[1].only"])
            let all = try Mapper.map([Node].self, from: [records[0], records[2], records[3]])
            for (model, source) in zip(all, [records[0], records[2], records[3]]) {
                #expect(mismatches(model, source) == [])
            }
            // A record whose `init` reads a key path its mapping lacks: that definition error is thrown alone, by both.
            let withStray = records + [node("stray", 107, children: [node("a", 108)])]
            let perRecord = #expect(throws: MappingError.self) { _ = try Mapper.mapArray(from: withStray, as: Node.self) }
            #expect(perRecord?.errors.map(\.rule) == ["mapping"])
            let allOrNothing = #expect(throws: MappingError.self) { _ = try Mapper.map([Node].self, from: withStray) }
            #expect(allOrNothing?.errors.map(\.path) == ["[4]"])
            #expect(allOrNothing?.errors.map(\.rule) == ["mapping"])
        }
        #expect(Census.shared.alive == alive)
        #expect(Node.made.alive == 0)
    }

    @Test func containersOfImmutableModelsInAnImmutableModel() throws {
        Leaf.previous = nil
        let alive = Census.shared.alive
        let source: [String: Any] = [
            "byKey": ["a": leaf("ka", 1), "b": leaf("kb", 2)],
            "set": [["name": "s1"], ["name": "s2"], ["name": "s3"]],
            "maybe": leaf("m", 3),
            "maybeList": [leaf("l1", 4), leaf("l2", 5)],
            "grid": [[leaf("g00", 6), leaf("g01", 7)], [], [leaf("g20", 8)]],
            "name": "bag",
        ]
        do {
            let bag = try Mapper.map(Bag.self, from: source)
            #expect(bag.name == "bag")
            #expect(bag.byKey.mapValues(\.name) == ["a": "ka", "b": "kb"])
            #expect(bag.byKey.mapValues(\.counted.id) == ["a": 1, "b": 2])
            #expect(Set(bag.set.map(\.name)) == ["s1", "s2", "s3"])
            #expect(bag.maybe?.name == "m" && bag.maybe?.counted.id == 3)
            #expect(bag.absent == nil)
            #expect(bag.maybeList?.map(\.name) == ["l1", "l2"])
            #expect(bag.grid.map { $0.map(\.name) } == [["g00", "g01"], [], ["g20"]])
            #expect(bag.grid.flatMap { $0 }.map(\.counted.id) == [6, 7, 8])
            #expect(bag.allLate)
            withExtendedLifetime(bag) { #expect(Census.shared.alive - alive == 8) }
        }
        #expect(Census.shared.alive == alive)
        // Absent and null optionals, an empty everything.
        let empty = try Mapper.map(Bag.self, from: ["byKey": [:], "set": [], "maybe": NSNull(), "grid": [], "name": "e"] as [String: Any])
        #expect(empty.maybe == nil && empty.maybeList == nil && empty.byKey.isEmpty && empty.set.isEmpty && empty.name == "e")
    }

    @Test func polymorphicImmutableModelsAndAMappableCaseInsideAnImmutableModel() throws {
        Leaf.previous = nil
        Quad.last = nil
        let alive = Census.shared.alive
        let circle: [String: Any] = ["kind": "circle", "name": "c", "radius": 2, "counted": ["id": 1]]
        let square: [String: Any] = ["kind": "square", "name": "s", "side": 3]
        let group: [String: Any] = ["kind": "group", "name": "g", "leaves": [leaf("gl1", 2), leaf("gl2", 3)]]
        for twice in [false, true] {
            let source: [String: Any] = [
                "main": circle, "others": [square, group, circle, square, circle], "maybe": group, "twice": twice,
            ]
            do {
                let drawing = try Mapper.map(Drawing.self, from: source)
                #expect(drawing.main.name == "c" && (drawing.main as? Disc)?.counted.id == 1)
                #expect(drawing.others.map(\.name) == ["s", "g", "c", "s", "c"])
                #expect((drawing.others[1] as? FigureGroup)?.leaves.map(\.name) == ["gl1", "gl2"])
                #expect((drawing.others[2] as? Disc)?.squareWasLate == true)
                #expect((drawing.others[4] as? Disc)?.squareWasLate == true)
                #expect((drawing.maybe as? FigureGroup)?.leaves.map(\.counted.id) == [2, 3])
                #expect(drawing.again == twice)
                #expect(drawing.allLate)
            }
            #expect(Census.shared.alive == alive)
        }
        // A failing case deep in the array: the drawing fails at its path, and everything made is destroyed.
        let bad: [String: Any] = [
            "main": circle, "others": [circle, ["kind": "square", "name": "neg", "side": -1], group], "twice": true,
        ]
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map(Drawing.self, from: bad) }
        #expect(error?.errors.map(\.path) == ["others[1]"])
        #expect(error?.errors.map(\.rule) == ["init"])
        #expect(Census.shared.alive == alive)
    }

    @Test func aMergedModelWithImmutableLeavesInsideAnImmutableModel() throws {
        Leaf.previous = nil
        let alive = Census.shared.alive
        let source: [String: Any] = [
            "middle": ["settings": ["level": 3, "leaves": [leaf("m1", 1), leaf("m2", 2)]], "name": "mid"],
            "leaf": leaf("top", 3),
        ]
        do {
            let holder = try Mapper.map(HoldsMerging.self, from: source)
            #expect(holder.middle.name == "mid" && holder.middle.settings.level == 3)
            #expect(holder.middle.settings.leaves.map(\.name) == ["m1", "m2"])
            #expect(holder.middle.settings.leaves.allSatisfy { $0.previousWasLate })
            #expect(holder.leaf.name == "top" && holder.leaf.counted.id == 3 && holder.leaf.previousWasLate)
            #expect(holder.allLate)
        }
        #expect(Census.shared.alive == alive)
    }

    @Test func rulesOfImmutableModelsWithImmutableLeaves() throws {
        Leaf.previous = nil
        RuledParent.ruleValues = nil
        let alive = Census.shared.alive
        do {
            let parent = try Mapper.map(RuledParent.self, from: ["leaves": [leaf("a", 1), leaf("b", 2)], "name": "p"] as [String: Any])
            #expect(parent.leaves.map(\.name) == ["a", "b"] && parent.name == "p")
            #expect(parent.ruleValuesWereLate)
            #expect(Mapper.validate(["leaves": [leaf("a", 1), leaf("b", 2)], "name": "p"] as [String: Any], as: RuledParent.self) == [])
        }
        #expect(Census.shared.alive == alive)
        let failing = Mapper.validate(["leaves": [leaf("a", 1)], "name": "p"] as [String: Any], as: RuledParent.self)
        #expect(failing.map(\.rule) == ["leavesClosed"])
        RuledChild.previous = nil
        let parent = try Mapper.map(
            ParentOfRuled.self, from: ["children": [["value": 1], ["value": 2], ["value": 3]], "total": 6] as [String: Any])
        #expect(parent.children.map(\.value) == [1, 2, 3] && parent.total == 6)
        #expect(parent.children.allSatisfy { child in isLate { _ = try child.kept[\.value] } })
    }

    @Test func anInitThatMapsOtherGraphsAndReadsItsValuesOnAnotherThread() throws {
        Leaf.previous = nil
        Node.previous = nil
        let alive = Census.shared.alive
        do {
            let model = try Mapper.map(Reentrant.self, from: reentrantSource(3))
            var level: Reentrant? = model
            var depth = 3
            while let current = level {
                #expect(current.depth == depth)
                #expect(current.name == "r\(depth)")
                #expect(current.first.name == "first \(depth)" && current.first.counted.id == 10 * depth + 1)
                #expect(current.second.name == "second \(depth)" && current.second.counted.id == 10 * depth + 2)
                #expect(current.nested.name == "nested \(depth)" && current.nested.children.map(\.name) == ["twice kid"])
                #expect(current.nested.children.first?.again == "twice kid")
                #expect(current.offThread?.name == "off \(depth)")
                #expect(current.firstWasLate)
                #expect(current.firstWasLateOffThread)
                level = current.inner.first
                depth -= 1
            }
            #expect(depth == -1)
        }
        #expect(Census.shared.alive == alive)
    }

    @Test func theCodableBridgeDecodesImmutableGraphs() throws {
        let json = #"""
            {"version": 2,
             "trees": [{"name": "t0", "kids": [{"name": "t0.0", "kids": [], "leaf": {"id": 1}}, {"name": "t0.1", "kids": [{"name": "t0.1.0", "kids": []}]}]},
                       {"name": "t1", "kids": [], "leaf": {"id": 2}}],
             "single": {"name": "s", "kids": [{"name": "s.0", "kids": [], "leaf": {"id": 3}}], "leaf": {"id": 4}}}
            """#
        let envelope = try JSONDecoder().decode(TreeEnvelope.self, from: Data(json.utf8))
        #expect(envelope.version == 2)
        #expect(envelope.trees.map(\.name) == ["t0", "t1"])
        #expect(envelope.trees[0].kids.map(\.name) == ["t0.0", "t0.1"])
        #expect(envelope.trees[0].kids[0].leaf?.id == 1)
        #expect(envelope.trees[0].kids[1].kids.map(\.name) == ["t0.1.0"])
        #expect(envelope.trees[1].leaf?.id == 2)
        #expect(envelope.single.kids.map(\.name) == ["s.0"] && envelope.single.kids[0].leaf?.id == 3)
        #expect(envelope.single.leaf?.id == 4)
        func all(_ tree: CodableTree) -> [CodableTree] { [tree] + tree.kids.flatMap(all) }
        for tree in envelope.trees.flatMap(all) + all(envelope.single) {
            #expect(tree.keptWereLate, "\(tree.name)")
            #expect(isLate { _ = try tree.kept[\.name] })
        }
        let bad =
            #"{"version": 1, "trees": [], "single": {"name": "s", "kids": [{"name": "ok", "kids": []}, {"name": "boom", "kids": []}]}}"#
        let error = #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(TreeEnvelope.self, from: Data(bad.utf8)) }
        #expect(error?.mappingError?.errors.map(\.path) == ["single.kids[1]"])
        #expect(error?.mappingError?.errors.map(\.rule) == ["init"])
    }

    @Test func valuesKeptInOneGraphThrowWhileAnotherGraphOfTheSameTypeIsMade() throws {
        Node.previous = nil
        let first = try Mapper.map(Node.self, from: node("first", 1, children: [node("kid", 2)]))
        // `previous` now holds the first graph's root values: the second graph's first model reads them, late.
        let second = try Mapper.map(Node.self, from: node("second", 3, children: [node("kid2", 4)]))
        #expect(second.children[0].hadPrevious && second.children[0].lateThrew == 10 && second.children[0].lateAnswered == 0)
        #expect(isLate { _ = try first.kept[\.name] })
        #expect(isLate { _ = try first.children[0].kept[\.counted] })
        #expect(first.name == "first" && second.name == "second")
    }

    @Test func aNestedModelMadeTwiceReadsItsFirstAttemptsValuesLate() throws {
        ReadsItsFirstAttempt.firstAttempt = nil
        let alive = Census.shared.alive
        do {
            let source: [String: Any] = ["children": (1...4).map { ["name": "c\($0)", "counted": ["id": $0]] }, "counted": ["id": 9]]
            let parent = try Mapper.map(ParentOfAttempts.self, from: source)
            #expect(parent.children.map(\.name) == ["c1", "c2", "c3", "c4"])
            #expect(parent.children.map(\.again) == ["c1", "c2", "c3", "c4"])
            #expect(parent.children.map(\.counted.id) == [1, 2, 3, 4])
            #expect(parent.children.allSatisfy { $0.firstAttemptWasLate })
            #expect(parent.counted.id == 9 && parent.countedWasUnique)
            withExtendedLifetime(parent) { #expect(Census.shared.alive - alive == 5) }
        }
        #expect(Census.shared.alive == alive)
        #expect(ReadsItsFirstAttempt.firstAttempt == nil)
    }

    @Test func recursiveGraphsFromJSONTextAndPerRecordJSON() throws {
        Node.previous = nil
        let alive = Census.shared.alive
        var counter = 0
        let sources = (0..<4).map { tree("j\($0)", depth: 2, fanOut: 2, counter: &counter) }
        do {
            let one = try Mapper.map(Node.self, fromJSON: JSONSerialization.data(withJSONObject: sources[0]))
            #expect(mismatches(one, sources[0]) == [])
            var records: [Any] = sources
            records.insert(node("boom", 0), at: 2)
            let batch = try Mapper.mapArray(fromJSON: JSONSerialization.data(withJSONObject: records), as: Node.self)
            #expect(batch.failures.map(\.index) == [2])
            let models = batch.models
            #expect(models.count == 4)
            for (model, source) in zip(models, sources) {
                #expect(mismatches(model, source) == [])
            }
        }
        #expect(Census.shared.alive == alive)
    }

    @Test func manyGraphsWithRetakesAndFailuresOnManyThreads() {
        Node.usesPrevious = false
        Node.tracksMade = false
        defer {
            Node.usesPrevious = true
            Node.tracksMade = true
        }
        let alive = Census.shared.alive
        let failures = ThreadFailures()
        DispatchQueue.concurrentPerform(iterations: 96) { index in
            var counter = index * 1000
            var source = tree("t\(index)", depth: 3, fanOut: 2, counter: &counter)
            if index % 4 == 3 {
                var children = source["children"] as! [[String: Any]]
                children[1] = node("boom \(index)", -index)
                source["children"] = children
                do {
                    _ = try Mapper.map(Node.self, from: source)
                    failures.add("\(index): no error")
                } catch {
                    let paths = (error as? MappingError)?.errors.map(\.path)
                    if paths != ["children[1]"] { failures.add("\(index): \(String(describing: paths))") }
                }
                return
            }
            do {
                let root = try Mapper.map(Node.self, from: source)
                let found = mismatches(root, source)
                if !found.isEmpty { failures.add("\(index): \(found)") }
            } catch {
                failures.add("\(index): \(error)")
            }
        }
        #expect(failures.all == [])
        #expect(Census.shared.alive == alive)
    }
}

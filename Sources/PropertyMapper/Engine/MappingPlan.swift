/// A mapping compiled once: every node knows its full path, its property names, its validators.
///
/// Built when a `Mapping` is created, so mapping a record does no string work and no key-path
/// description; paths are only read when an error is reported.
struct PlanLevel<Root>: Sendable {
    /// The container's path (`""` for the source itself).
    let path: String
    /// Every property under this level, for an error that concerns the whole container.
    let property: String
    let entries: [PlanEntry<Root>]
    /// Some entry is a string key: the container must be a dictionary.
    let expectsKeys: Bool
    /// Some entry is an index: the container must be an array.
    let expectsIndices: Bool
    /// How many fields (leaves) lie below, to size the staged writes.
    let fieldCount: Int
    /// The same level without its `Root` type: what the engine walks.
    let core: LevelCore

    init(entries: [(MappingKey, PropertyDescriptor<Root>)], path: String) {
        self.path = path
        self.entries = entries.map { key, descriptor in
            PlanEntry(key: key, node: PlanNode(descriptor, key: key, path: key.appended(to: path)))
        }
        self.property = NodeCore.joinedNames(self.entries.map(\.node.property))
        self.expectsKeys = entries.contains { if case .key = $0.0 { true } else { false } }
        self.expectsIndices = entries.contains { if case .index = $0.0 { true } else { false } }
        self.fieldCount = self.entries.reduce(0) { $0 + $1.node.fieldCount }
        self.core = LevelCore(
            path: path, property: property, entries: self.entries.map { ($0.key, $0.node) },
            expectsKeys: expectsKeys, expectsIndices: expectsIndices, fieldCount: fieldCount)
        var next = 0
        core.numberFields(from: &next)
    }
}

struct PlanEntry<Root>: Sendable {
    let key: MappingKey
    let node: PlanNode<Root>
}

/// A node of the plan: `NodeCore` holds everything the engine reads, this subclass adds the typed body.
final class PlanNode<Root>: NodeCore, @unchecked Sendable {
    enum Body: Sendable {
        case field(any Field<Root>)
        case nested(PlanLevel<Root>)
        case list([PlanNode<Root>])
    }

    let body: Body

    /// `key` is the node's mapping key, which names a field whose key path has no name.
    init(_ descriptor: PropertyDescriptor<Root>, key: MappingKey, path: String) {
        let property: String
        let core: NodeCore.Body
        switch descriptor.node {
        case let .field(field):
            body = .field(field)
            property = field.propertyName ?? key.description
            core = .field(field)
        case let .nested(entries):
            let level = PlanLevel(entries: entries, path: path)
            body = .nested(level)
            property = level.property
            core = .nested(level.core)
        case let .list(descriptors):
            let children = descriptors.map { PlanNode($0, key: key, path: path) }
            body = .list(children)
            property = Self.joinedNames(children.map(\.property))
            core = .list(children)
        }
        super.init(
            path: path, property: property, isRequired: descriptor.isRequiredFlag,
            validators: descriptor.validators, body: core)
    }

    var fieldCount: Int {
        switch body {
        case .field: return 1
        case let .nested(level): return level.fieldCount
        case let .list(children): return children.reduce(0) { $0 + $1.fieldCount }
        }
    }
}

// MARK: The plan without its Root type

/// A level of the plan with no generic parameter, so that the engine's loops over entries run as
/// plain code: generic code that the client's module cannot specialize looks up type metadata on
/// every access, and that cost more than the mapping itself.
// Immutable once the plan is built (`numberFields` runs while building it).
final class LevelCore: @unchecked Sendable {
    let path: String
    let property: String
    let entries: [(key: MappingKey, node: NodeCore)]
    /// The entries' nodes, unretained (`entries` holds them), and their string keys (nil for an
    /// index): what the walk reads, without the reference counting that copying entries costs.
    let nodes: [Unmanaged<NodeCore>]
    let keyNames: [String?]
    let expectsKeys: Bool
    let expectsIndices: Bool
    let fieldCount: Int
    /// The sizes of the staging area's slots and scratch space (see `StagingLayout`).
    private(set) var stagingLayout = StagingLayout()

    init(
        path: String, property: String, entries: [(key: MappingKey, node: NodeCore)],
        expectsKeys: Bool, expectsIndices: Bool, fieldCount: Int
    ) {
        self.path = path
        self.property = property
        self.entries = entries
        self.nodes = entries.map { .passUnretained($0.node) }
        self.keyNames = entries.map { if case let .key(name) = $0.key { name } else { nil } }
        self.expectsKeys = expectsKeys
        self.expectsIndices = expectsIndices
        self.fieldCount = fieldCount
    }

    /// Gives every field node below a `writeIndex`, in declaration order (a nested level numbers
    /// its own fields, then its parent numbers them again within the whole plan).
    func numberFields(from next: inout Int) {
        var layout = StagingLayout()
        for entry in entries { entry.node.numberFields(from: &next, layout: &layout) }
        stagingLayout = layout
    }
}

/// What the engine needs of a plan node: its path and property for errors, its rules, and its body.
// Immutable; `@unchecked` because a non-final class cannot state `Sendable` otherwise.
class NodeCore: @unchecked Sendable {
    enum Body {
        case field(FieldCore)
        case nested(LevelCore)
        case list([NodeCore])
    }

    let path: String
    let property: String
    let isRequired: Bool
    let validators: [Validator]
    let coreBody: Body
    /// The field of a field node, unretained, for the walk: reading it costs no reference counting
    /// (the node holds it in `coreBody`).
    let field: Unmanaged<FieldCore>?
    /// This field's place among the plan's fields, set while the plan is built; -1 for other nodes.
    private(set) var writeIndex = -1

    init(path: String, property: String, isRequired: Bool, validators: [Validator], body: Body) {
        self.path = path
        self.property = property
        self.isRequired = isRequired
        self.validators = validators
        self.coreBody = body
        if case let .field(field) = body { self.field = .passUnretained(field) } else { self.field = nil }
    }

    /// Numbers this node's fields and widens `layout` to fit their staged values.
    func numberFields(from next: inout Int, layout: inout StagingLayout) {
        switch coreBody {
        case let .field(field):
            writeIndex = next
            next += 1
            layout.fit(field)
        case let .nested(level):
            for entry in level.entries { entry.node.numberFields(from: &next, layout: &layout) }
        case let .list(children):
            for child in children { child.numberFields(from: &next, layout: &layout) }
        }
    }

    /// Names in first-seen order, each once: `"latitude, longitude"`.
    static func joinedNames(_ names: [String]) -> String {
        var seen = Set<String>()
        return names
            .flatMap { $0.split(separator: ", ").map(String.init) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
            .joined(separator: ", ")
    }
}

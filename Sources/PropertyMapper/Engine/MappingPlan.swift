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

    init(entries: [(MappingKey, PropertyDescriptor<Root>)], path: String) {
        self.path = path
        self.entries = entries.map { key, descriptor in
            PlanEntry(key: key, node: PlanNode(descriptor, path: key.appended(to: path)))
        }
        self.property = PlanNode<Root>.joinedNames(self.entries.map(\.node.property))
        self.expectsKeys = entries.contains { if case .key = $0.0 { true } else { false } }
        self.expectsIndices = entries.contains { if case .index = $0.0 { true } else { false } }
        self.fieldCount = self.entries.reduce(0) { $0 + $1.node.fieldCount }
    }
}

struct PlanEntry<Root>: Sendable {
    let key: MappingKey
    let node: PlanNode<Root>
}

final class PlanNode<Root>: Sendable {
    enum Body: Sendable {
        case field(any Field<Root>)
        case nested(PlanLevel<Root>)
        case list([PlanNode<Root>])
    }

    let path: String
    let property: String
    let isRequired: Bool
    let validators: [Validator]
    let body: Body

    init(_ descriptor: PropertyDescriptor<Root>, path: String) {
        self.path = path
        self.isRequired = descriptor.isRequiredFlag
        self.validators = descriptor.validators
        switch descriptor.node {
        case let .field(field):
            body = .field(field)
            property = field.propertyName
        case let .nested(entries):
            let level = PlanLevel(entries: entries, path: path)
            body = .nested(level)
            property = level.property
        case let .list(descriptors):
            let children = descriptors.map { PlanNode($0, path: path) }
            body = .list(children)
            property = Self.joinedNames(children.map(\.property))
        }
    }

    var fieldCount: Int {
        switch body {
        case .field: return 1
        case let .nested(level): return level.fieldCount
        case let .list(children): return children.reduce(0) { $0 + $1.fieldCount }
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

/// The mapping dictionary: source keys (and array indices) to property descriptors.
///
///     static let mapping: Mapping<Video> = [
///         "videoURL": .box(.url, \.contentURL).isRequired(),
///         "name": .property(\.title).lengthRange(5, 12),
///         "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
///     ]
///
/// A mapping is immutable and `Sendable`: build it once (a `static let`) and use it from any
/// number of threads at once. Building it compiles it into a plan (paths, property names and
/// patterns are worked out once), so mapping a record does no per-record set-up.
/// Entries keep their declaration order, which is the order of reported errors.
public struct Mapping<Root>: Sendable, ExpressibleByDictionaryLiteral {
    /// The entries in declaration order.
    public let entries: [(key: MappingKey, descriptor: PropertyDescriptor<Root>)]
    let plan: PlanLevel<Root>
    /// What the JSON reader builds for this mapping (only the mapped values).
    let jsonLevel: JSONLevel

    public init(dictionaryLiteral elements: (MappingKey, PropertyDescriptor<Root>)...) {
        self.init(elements)
    }

    /// A mapping built from entries in code rather than a literal; the order is kept.
    public init(_ entries: [(MappingKey, PropertyDescriptor<Root>)]) {
        self.entries = entries.map { (key: $0.0, descriptor: $0.1) }
        self.plan = PlanLevel(entries: entries, path: "")
        self.jsonLevel = JSONLevel(plan)
    }
}

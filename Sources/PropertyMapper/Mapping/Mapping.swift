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
    public var entries: [(key: MappingKey, descriptor: PropertyDescriptor<Root>)] { storage.entries }
    var plan: Plan { storage.plan }
    /// What the JSON reader builds for this mapping (only the mapped values).
    var jsonLevel: JSONLevel { storage.jsonLevel }

    /// Everything the mapping holds, in one object: a copy of a mapping (a model's `static let`,
    /// read for every nested model mapped or serialized) retains one reference, not three.
    private let storage: Storage

    private final class Storage: Sendable {
        let entries: [(key: MappingKey, descriptor: PropertyDescriptor<Root>)]
        let plan: Plan
        let jsonLevel: JSONLevel

        init(
            _ entries: [(MappingKey, PropertyDescriptor<Root>)], keys: KeyMatching = .exact,
            unknownKeys: UnknownKeyPolicy = .ignore, rules: [MappingRule<Root>] = []
        ) {
            self.entries = entries.map { (key: $0.0, descriptor: $0.1) }
            plan = Plan(entries, keys: keys, unknownKeys: unknownKeys, rules: rules)
            jsonLevel = JSONLevel(plan.root)
        }
    }

    /// What is wrong with the mapping itself, such as a validator that can never judge its field
    /// (`lengthRange` on an `Int`) or the same key twice at one level; empty for a sound mapping.
    ///
    /// Each is a `ValidationError` with the rule `mapping`, at the path of the entry concerned:
    /// `name → count: lengthRange can never judge this field, which receives Int (lengthRange judges a string or an array) [mapping]`.
    /// Every use of a mapping with definition errors throws them alone (and `Mapper.validate` returns
    /// them): the data is never checked against a broken mapping.
    public var definitionErrors: [ValidationError] { plan.definitionErrors }

    public init(dictionaryLiteral elements: (MappingKey, PropertyDescriptor<Root>)...) {
        self.init(elements)
    }

    /// A mapping built from entries in code rather than a literal; the order is kept.
    public init(_ entries: [(MappingKey, PropertyDescriptor<Root>)]) {
        storage = Storage(entries)
    }

    /// A mapping with policies for all of its entries; each has a default, so name only those you
    /// change:
    ///
    ///     static let mapping = Mapping<Trip>(
    ///         keys: .ignoringCaseAndSeparators,      // .exact (default), .caseInsensitive
    ///         unknownKeys: .warn,                    // .ignore (default), .fail
    ///         coercion: .lenient,                    // .strict (default)
    ///         rules: [MappingRule("endsAfterStart") { try $0[\.end] > $0[\.start] }],
    ///         [
    ///             .anyOf("start_date", "start"): .box(.date, \.start),
    ///             "end": .box(.date, \.end),
    ///         ])
    ///
    /// `keys` and `unknownKeys` cover the mapping's own levels (its nested dictionaries and arrays),
    /// not nested models, which follow their own mappings. `coercion: .lenient` is `.lenient()` on
    /// every entry. `rules` are judged after the fields, before anything is written.
    public init(
        keys: KeyMatching = .exact, unknownKeys: UnknownKeyPolicy = .ignore, coercion: CoercionPolicy = .strict,
        rules: [MappingRule<Root>] = [], _ entries: KeyValuePairs<MappingKey, PropertyDescriptor<Root>>
    ) {
        let entries = entries.map { key, descriptor in (key, coercion == .lenient ? descriptor.lenientThroughout() : descriptor) }
        storage = Storage(entries, keys: keys, unknownKeys: unknownKeys, rules: rules)
    }
}

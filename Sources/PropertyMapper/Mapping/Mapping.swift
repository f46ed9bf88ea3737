/// The mapping dictionary: source keys (and array indices) to property descriptors.
///
/// Immutable and `Sendable`: build it once (a `static let`) and use it from any thread. Errors come in entry order.
///
///     static let mapping: Mapping<Video> = [
///         "videoURL": .box(.url, \.contentURL).isRequired(),
///         "name": .property(\.title).lengthRange(5, 12),
///         "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
///     ]
public struct Mapping<Root>: Sendable, ExpressibleByDictionaryLiteral {
    /// The entries in declaration order.
    public var entries: [(key: MappingKey, descriptor: PropertyDescriptor<Root>)] { storage.entries }
    var plan: Plan { storage.plan }
    var jsonLevel: JSONLevel { storage.jsonLevel }

    /// One object, so that a copy of a mapping (made for every nested model) retains one reference, not three.
    private let storage: Storage

    private final class Storage: Sendable {
        let entries: [(key: MappingKey, descriptor: PropertyDescriptor<Root>)]
        let plan: Plan
        let jsonLevel: JSONLevel

        init(
            _ entries: [(MappingKey, PropertyDescriptor<Root>)], keys: KeyMatching = .exact,
            keyStyle: KeyStyle = .asWritten, unknownKeys: UnknownKeyPolicy = .ignore, rules: [MappingRule<Root>] = []
        ) {
            self.entries = entries.map { (key: $0.0, descriptor: $0.1) }
            plan = Plan(entries, keys: keys, keyStyle: keyStyle, unknownKeys: unknownKeys, rules: rules)
            jsonLevel = JSONLevel(plan.root)
        }
    }

    /// What is wrong with the mapping itself, each a `mapping` error at its entry's path; empty for a sound mapping.
    ///
    /// `name → count: lengthRange can never judge this field, which receives Int (lengthRange judges a string or an array) [mapping]`.
    /// A mapping with any is never run: every use throws them alone (`Mapper.validate` returns them).
    public var definitionErrors: [ValidationError] { plan.definitionErrors }

    public init(dictionaryLiteral elements: (MappingKey, PropertyDescriptor<Root>)...) {
        self.init(elements)
    }

    /// A mapping built from entries in code rather than a literal; the order is kept.
    public init(_ entries: [(MappingKey, PropertyDescriptor<Root>)]) {
        storage = Storage(entries)
    }

    /// A mapping with policies for all of its entries; each has a default, so name only those you change. `keys`,
    /// `keyStyle` and `unknownKeys` cover this mapping's levels, not nested models (which follow their own mappings);
    /// `coercion: .lenient` is `.lenient()` on every entry; `rules` are judged after the fields, before any write.
    ///
    ///     static let mapping = Mapping<Trip>(
    ///         keys: .ignoringCaseAndSeparators,      // .exact (default), .caseInsensitive
    ///         keyStyle: .snakeCase,                  // .asWritten (default), .kebabCase, .custom { … }
    ///         unknownKeys: .warn,                    // .ignore (default), .fail
    ///         coercion: .lenient,                    // .strict (default)
    ///         rules: [MappingRule("endsAfterStart") { try $0[\.end] > $0[\.start] }],
    ///         [
    ///             .anyOf("startDate", "start"): .box(.date, \.start),     // reads start_date, then start
    ///             "end": .box(.date, \.end),
    ///         ])
    public init(
        keys: KeyMatching = .exact, keyStyle: KeyStyle = .asWritten, unknownKeys: UnknownKeyPolicy = .ignore,
        coercion: CoercionPolicy = .strict, rules: [MappingRule<Root>] = [],
        _ entries: KeyValuePairs<MappingKey, PropertyDescriptor<Root>>
    ) {
        let entries = entries.map { key, descriptor in (key, coercion == .lenient ? descriptor.lenient() : descriptor) }
        storage = Storage(entries, keys: keys, keyStyle: keyStyle, unknownKeys: unknownKeys, rules: rules)
    }
}

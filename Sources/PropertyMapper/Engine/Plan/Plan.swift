/// A mapping compiled once: each node's path, property names, validators and staging slot.
///
/// Not generic, so the engine's loops over it are plain code; only the fields are generic. It never
/// reads a nested model's mapping while being built, so a recursive model does not re-enter its own
/// `static let`.
final class Plan: Sendable {
    let root: PlanLevel
    /// Every field, in declaration order (depth first): the order phase two writes them in.
    let fields: [PlanField]
    /// For each field: its move when its property lies inline in a struct model.
    let inlineMoves: [InlineMove?]
    /// The size and alignment of one run's staging buffer.
    let staging: StagingLayout
    /// What is wrong with the mapping itself; a run over a plan with any is refused. Those found by reading a nested model's
    /// mapping are found here, once the plan is built.
    var definitionErrors: [ValidationError] {
        modelChecks.isEmpty ? checkedErrors : checkedErrors + modelChecks.compactMap(\.error)
    }
    private let checkedErrors: [ValidationError]
    private let modelChecks: [PlanCheck.ModelCheck]
    /// A definition error for each `let` target: refused by every run that writes into a model
    /// (part of `definitionErrors` unless the model is `ImmutableMappable`).
    let readOnlyTargets: [ValidationError]
    /// Where `MappedValues` reads each targeted key path.
    let reads: ValueReads

    /// Each property several fields target: in an immutable model's plan, a non-optional one is absent only when all of
    /// them are; in any plan, a `default:` staged for one gives way to a value the source held for another.
    let sharedTargets: [SharedTarget]

    /// A `serialize` error for each field that cannot run backwards and is not `.oneWay()`.
    let serializeErrors: [ValidationError]

    /// The `MappingRule`s, judged after the fields, before any write.
    let rules: [PlanRule]

    init<Root>(
        _ entries: [(MappingKey, PropertyDescriptor<Root>)], keys: KeyMatching = .exact, keyStyle: KeyStyle = .asWritten,
        unknownKeys: UnknownKeyPolicy = .ignore, rules: [MappingRule<Root>] = []
    ) {
        let immutable = Root.self is any ImmutableMappable.Type
        var builder = PlanBuilder(
            immutable: immutable, targetCounts: PlanBuilder.targetCounts(entries), matching: keys,
            style: keyStyle, unknownKeys: unknownKeys)
        let root = builder.level(entries, path: "")
        self.root = root
        sharedTargets = builder.sharedTargets
        builder.layout.finish(fieldCount: builder.fields.count)
        fields = builder.fields
        inlineMoves = fields.map(\.field.traits.inlineMove)
        staging = builder.layout
        let check = PlanCheck(root, immutable: immutable)
        self.rules = rules.map { PlanRule($0, in: root) }
        checkedErrors =
            (immutable ? check.errors : check.errors + check.readOnlyTargets) + self.rules.compactMap(\.definitionError)
        modelChecks = check.modelChecks
        readOnlyTargets = check.readOnlyTargets
        reads = ValueReads(fields)
        serializeErrors = root.serializeErrors
    }
}

/// A property that several fields target.
struct SharedTarget: Sendable {
    /// Where the first of its fields that may not be absent alone reads, for the error when all are absent.
    var path: String
    var property: String
    var fields: [Int]
    /// A non-optional property of an immutable model, with a field that has no absent policy: one of its fields must be
    /// present (or defaulted).
    var isRequired: Bool
}

/// The key paths a plan's fields target, for `MappedValues`: found by object identity first (a key
/// path literal is one object throughout its module, so `init(_ values:)` reading in mapping order
/// costs one comparison per read), by equality otherwise. The fields keep the objects alive, so an
/// identity cannot be reused while the plan exists.
final class ValueReads: Sendable {
    /// For each key path a field targets, once, in the order of its first field: what a read looks at first, together.
    struct KeyPathRead {
        let identity: ObjectIdentifier
        /// The value's type (what its fields' slots hold where `stagesValue`).
        let valueType: Any.Type
        /// The one field that targets the key path when it stages the value itself (not a merge's writes); else -1.
        let onlyField: Int
    }

    let keyPaths: [KeyPathRead]
    /// For each key path: the first field that targets it.
    private let firstFields: [PlanField]
    /// For each key path: the last field that targets it.
    let lastFields: [Int]
    /// For each field: the earlier field with the same key path, or -1 (the later value wins).
    let earlierFields: [Int]
    /// For each field: whether its slot holds the property's value (a merge's holds writes).
    let stagesValue: [Bool]

    init(_ fields: [PlanField]) {
        var firstFields: [PlanField] = []
        var lastFields: [Int] = []
        var earlierFields: [Int] = []
        var positions: [AnyKeyPath: Int] = [:]
        for field in fields {
            let position = positions[field.field.keyPathID] ?? firstFields.count
            if position == firstFields.count {
                positions[field.field.keyPathID] = position
                firstFields.append(field)
                lastFields.append(-1)
            }
            earlierFields.append(lastFields[position])
            lastFields[position] = field.index
        }
        keyPaths = zip(firstFields, lastFields).map { first, last in
            let only = last == first.index && first.field.traits.stagesPropertyValue
            return KeyPathRead(
                identity: ObjectIdentifier(first.field.keyPathID), valueType: first.field.traits.valueType,
                onlyField: only ? first.index : -1)
        }
        self.firstFields = firstFields
        self.lastFields = lastFields
        self.earlierFields = earlierFields
        stagesValue = fields.map(\.field.traits.stagesPropertyValue)
    }

    /// A key path a field targets that `keyPath`, not one itself, lies under or over (`\.pair` for `\.pair.low`, or
    /// `\.pair.low` for `\.pair`), judged by their names; whether `keyPath` lies under it. Nil when there is none.
    func mappedKeyPath<Root, Value>(overlapping keyPath: KeyPath<Root, Value>) -> (keyPath: AnyKeyPath, readUnder: Bool)? {
        guard let name = PropertyName.of(keyPath) else { return nil }
        func lies(_ inner: String, under outer: String) -> Bool {
            inner.hasPrefix(outer) && inner.dropFirst(outer.count).first.map { ".?![".contains($0) } == true
        }
        for first in firstFields {
            guard let mapped = first.field.traits.propertyName else { continue }
            if lies(name, under: mapped) { return (first.field.keyPathID, true) }
            if lies(mapped, under: name) { return (first.field.keyPathID, false) }
        }
        return nil
    }

    /// The position of a key path equal to, but not identical with, one a field targets.
    func position(equalTo keyPath: AnyKeyPath) -> Int? {
        firstFields.firstIndex { $0.field.keyPathID == keyPath }
    }
}

/// One level of a mapping: the source itself, or a nested dictionary or index array.
final class PlanLevel: Sendable {
    enum Shape: Sendable {
        /// String keys: the container must be a dictionary.
        case keyed
        /// Indices: the container must be an array.
        case indexed
        /// No entries: any value is accepted and nothing is read.
        case empty
        /// Keys and indices at once: a definition error (see `PlanCheck`).
        case mixed
    }

    /// The container's path (`""` for the source itself).
    let path: String
    /// Every property under this level, for an error that concerns the whole container.
    let property: String
    let entries: [PlanNode]
    /// In a keyed level, each entry's key, so the walk copies no `MappingKey` out of a node.
    let keyNames: [String]
    let shape: Shape
    /// Serialize's order of the entries: mapping order or, sorted, by the keys' UTF-8 bytes; by index.
    let serialOrder: [Int]
    let sortedSerialOrder: [Int]
    let outputKeys: [JSONOutput.Key]
    /// The level's keys, compiled under the mapping's key policies.
    let keys: KeyMatcher
    /// `keys` again when the level reads beyond its exact keys (alternatives, loose matching,
    /// unknown keys); nil otherwise.
    let keyPolicy: KeyMatcher?
    let fieldIndices: [Int]
    /// In a keyed level: how a small `[String: Any]` is matched without hashing.
    let keyScan: KeyScan?
    /// The keys the other levels of its list read: no unknown keys here.
    let keysReadBeside: [KeyMatcher]

    /// `keys`: the entries' keys, compiled; `entries` read them as the document spells them.
    /// `layout`: the staging layout, where a keyed level reserves its `keyScan`'s region.
    init(path: String, entries: [PlanNode], keys: KeyMatcher, keysReadBeside: [KeyMatcher], layout: inout StagingLayout) {
        self.path = path
        self.keysReadBeside = keysReadBeside
        self.entries = entries
        self.property = PlanNode.joinedNames(entries.map(\.property))
        fieldIndices = entries.flatMap(\.fieldIndices)
        let hasKeys = entries.contains { $0.key.name != nil }
        let hasIndices = entries.contains { $0.key.name == nil }
        shape =
            switch (hasKeys, hasIndices) {
            case (true, true): .mixed
            case (true, false): .keyed
            case (false, true): .indexed
            case (false, false): .empty
            }
        keyNames = shape == .keyed ? entries.map { $0.key.name ?? "" } : []
        keyScan = shape == .keyed ? KeyScan(entries: entries.count, in: &layout) : nil
        self.keys = keys
        keyPolicy = keys.readsBeyondExactKeys && shape == .keyed ? keys : nil
        outputKeys = keyNames.map(JSONOutput.Key.init)
        switch shape {
        case .keyed:
            serialOrder = Array(entries.indices)
            sortedSerialOrder = JSONWriter.sortedIndices(of: keyNames)
        case .indexed:
            let indices = entries.map { if case let .index(index) = $0.key { index } else { 0 } }
            serialOrder = entries.indices.sorted { (indices[$0], $0) < (indices[$1], $1) }
            sortedSerialOrder = serialOrder
        case .empty, .mixed:
            (serialOrder, sortedSerialOrder) = ([], [])
        }
    }

    /// The nodes whose field writes `keyPath`, in declaration order.
    func nodes(writing keyPath: AnyKeyPath) -> [PlanNode] {
        func search(_ node: PlanNode) -> [PlanNode] {
            guard let field = node.field else { return node.body.children.flatMap(search) }
            return field.field.keyPathID == keyPath ? [node] : []
        }
        return entries.flatMap(search)
    }

    /// A `serialize` error for each node under this level that serialize cannot run, in declaration order.
    var serializeErrors: [ValidationError] {
        entries.flatMap { node -> [ValidationError] in
            switch node.serialization {
            case let .irreversible(failure):
                [ValidationError(path: node.path, property: node.property, rule: "serialize", value: nil, failure: failure)]
            case let .nested(level): level.serializeErrors
            case .field, .skipped: []
            }
        }
    }
}

/// A node of the plan: one mapping entry (or one descriptor of a list), with its rules and body.
final class PlanNode: Sendable {
    enum Body: Sendable {
        case field(PlanField)
        case nested(PlanLevel)
        case list([PlanNode])

        /// The nodes right under a nested mapping (its entries) or a list (its descriptors'); none under a field.
        var children: [PlanNode] {
            switch self {
            case .field: []
            case let .nested(level): level.entries
            case let .list(children): children
            }
        }
    }

    /// The mapping key the node reads (a list's descriptors share their list's key).
    let key: MappingKey
    let path: String
    /// The property written, or every property under a nested mapping or a list.
    let property: String
    /// `isRequired()`: absent and null both fail.
    let isRequired: Bool
    /// Absent fails (`isRequired`, or a non-optional field of an immutable model).
    let absentIsError: Bool
    /// Phase one records the field's presence (see `Plan.sharedTargets`).
    let tracksPresence: Bool
    /// `.ifAbsent(_:)` (or `default:`) and `.ifNull(_:)`.
    let absentPolicy: MissingValuePolicy?
    let nullPolicy: MissingValuePolicy?
    let fallsBack: Bool
    /// Serialize writes nil as `null`, not left out: absent would read back as something else (`default:`, `.fail`),
    /// and null reads back as nil or, under `.keep`, as the new model's value (as a left-out key would without either).
    /// A list writes nil as the descriptor it writes through does.
    let writesNil: Bool
    /// `.ifNull(_:)` or `fallback:`: a present value takes the walk's policy path.
    let hasPresentPolicy: Bool
    let validators: [Validator]
    /// `.ensure(_:_:)`: rules on the converted value.
    let ensures: [Ensure]
    let body: Body
    /// `body`'s field, stored apart so the walk reaches it without retaining an enum payload.
    let field: PlanField?
    let serialization: Serialization
    /// `serialization`'s field or level, stored apart like `field`.
    let serialField: PlanField?
    let serialLevel: PlanLevel?
    /// The fields under this node: what a failure here leaves unjudged for `MappingRule`s.
    let fieldIndices: [Int]

    /// What serialize writes for a node.
    enum Serialization: Sendable {
        case field(PlanField)
        case nested(PlanLevel)
        /// `.oneWay()` (or a list whose descriptors all are).
        case skipped
        /// A serialize error (a call or boxing without a reverse).
        case irreversible(Failure)
    }

    /// The node of `descriptor`, read at `key` (see `PlanBuilder`). `property` names a field's property (a nested
    /// mapping or a list names every property under it); `requiredByModel`: absent fails though not `isRequired()`.
    init<Root>(
        _ descriptor: PropertyDescriptor<Root>, key: MappingKey, path: String, property: String? = nil,
        requiredByModel: Bool = false, tracksPresence: Bool = false, body: Body
    ) {
        self.key = key
        self.path = path
        self.property = property ?? Self.joinedNames(body.children.map(\.property))
        isRequired = descriptor.isRequiredFlag
        absentIsError = isRequired || requiredByModel
        self.tracksPresence = tracksPresence
        absentPolicy = descriptor.absentPolicy
        nullPolicy = descriptor.nullPolicy
        self.body = body
        if case let .field(field) = body { self.field = field } else { self.field = nil }
        // A boxing or call that makes a number: the validators that judge numbers judge it, after the conversion. One
        // with a problem of its own (a NaN bound) stays where `PlanCheck` reports it.
        let convertsToNumber = field?.field.traits.convertsToNumber ?? false
        let judgesResult = { (validator: Validator) in convertsToNumber && validator.judgesNumbers && validator.problem == nil }
        validators = descriptor.validators.filter { !judgesResult($0) }
        ensures = descriptor.validators.filter(judgesResult).map(Ensure.init(judgingResult:)) + descriptor.ensures
        fieldIndices = field.map { [$0.index] } ?? body.children.flatMap(\.fieldIndices)
        fallsBack = field?.field.traits.hasFallback ?? false
        hasPresentPolicy = fallsBack || nullPolicy != nil
        serialization = descriptor.isOneWay ? .skipped : Self.serialization(of: body, at: key)
        serialField = if case let .field(field) = serialization { field } else { nil }
        serialLevel = if case let .nested(level) = serialization { level } else { nil }
        writesNil =
            if case let .list(children) = body {
                children.first(where: \.isSerialized)?.writesNil ?? false
            } else {
                (absentPolicy == .useDefault || absentPolicy == .fail) && nullPolicy != .useDefault && nullPolicy != .fail
            }
    }

    /// Whether serialize writes this node (not one-way, not irreversible).
    var isSerialized: Bool { serialField != nil || serialLevel != nil }

    /// The failure when the node is absent and may not be: every path it was looked for at.
    func missing(under prefixes: [String]?) -> Failure {
        pathsTried(under: prefixes).map(Failure.missingKeys(tried:)) ?? .missing
    }

    /// Where the node was looked for, when not at one key only: its keys (several under `.anyOf`) under each path tried
    /// for the absent level above it (`prefixes`, from the outermost absent `.anyOf` down); else nil.
    func pathsTried(under prefixes: [String]?) -> [String]? {
        guard case let .alternatives(names) = key, names.count > 1 else {
            return prefixes.map { $0.map(key.appended(to:)) }
        }
        guard let prefixes else { return names }
        return prefixes.flatMap { prefix in names.map { MappingKey.key($0).appended(to: prefix) } }
    }

    /// A list writes its first descriptor that can be serialized, else reports its first error.
    private static func serialization(of body: Body, at key: MappingKey) -> Serialization {
        if case let .index(index) = key, index > Serializer.largestIndex {
            // Its array would be written with a null at every index before it.
            return .irreversible(.indexTooFarToWrite(index: index, limit: Serializer.largestIndex))
        }
        switch body {
        case let .field(field):
            return field.field.traits.irreversibility.map(Serialization.irreversible) ?? .field(field)
        case let .nested(level):
            return .nested(level)
        case let .list(children):
            let written = children.first(where: \.isSerialized)
            let failed = children.first { if case .irreversible = $0.serialization { true } else { false } }
            return (written ?? failed)?.serialization ?? .skipped
        }
    }

    /// Names in first-seen order, each once: `"latitude, longitude"`.
    static func joinedNames(_ names: [String]) -> String {
        var seen = Set<String>()
        let parts = names.flatMap { $0.split(separator: ", ").map(String.init) }
        return parts.filter { !$0.isEmpty && seen.insert($0).inserted }.joined(separator: ", ")
    }
}

/// A field of the plan and its place in a run's staging buffer.
final class PlanField: Sendable {
    let field: any Field
    /// Its place in declaration order, among the plan's fields.
    let index: Int
    /// Where its staged value lies in the staging buffer.
    let slot: Int
    /// Where a value converted before its transform lies.
    let scratch: Int

    init(field: any Field, index: Int, slot: Int, scratch: Int) {
        self.field = field
        self.index = index
        self.slot = slot
        self.scratch = scratch
    }

    // The walk calls the field through these methods, where `self` is borrowed: nothing is retained.

    /// Stages a present, non-null value.
    func stage(_ item: SourceItem, at node: PlanNode, in run: inout MappingRun) {
        field.stage(item, at: node, self, in: &run)
    }

    func serialize(
        from model: ModelAccess, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> SerialOutcome {
        field.serialize(from: model, key: key, into: &output, &issues)
    }

    /// Stages null, the `default:` or the `fallback:` (see `Field`).
    @discardableResult
    func stage(_ substitute: Substitute, at node: PlanNode, in run: inout MappingRun) -> String? {
        field.stage(substitute, at: node, self, in: &run)
    }

    func commit(_ staging: StagingBuffer, into model: ModelAccess) {
        field.commit(self, from: staging, into: model)
    }

    func discard(_ staging: StagingBuffer) {
        field.discard(self, from: staging)
    }
}

/// Compiles descriptors into plan nodes, numbering the fields and laying out their staging.
private struct PlanBuilder {
    /// For an `ImmutableMappable` model: an absent non-optional field is required.
    let immutable: Bool
    /// How many fields target each key path.
    let targetCounts: [AnyKeyPath: Int]
    let matching: KeyMatching
    let style: KeyStyle
    /// `.ignore` while the levels under a list that a field reads whole are built.
    var unknownKeys: UnknownKeyPolicy
    var fields: [PlanField] = []
    var layout = StagingLayout()
    /// Each property several fields target, in the order of its first field, and where it lies in `sharedTargets`.
    var sharedTargets: [SharedTarget] = []
    var sharedPositions: [AnyKeyPath: Int] = [:]

    static func targetCounts<Root>(_ entries: [(MappingKey, PropertyDescriptor<Root>)]) -> [AnyKeyPath: Int] {
        var counts: [AnyKeyPath: Int] = [:]
        func count(_ descriptor: PropertyDescriptor<Root>) {
            switch descriptor.node {
            case let .field(field): counts[field.keyPathID, default: 0] += 1
            case let .nested(entries): entries.forEach { count($0.1) }
            case let .list(descriptors): descriptors.forEach(count)
            }
        }
        entries.forEach { count($0.1) }
        return counts
    }

    /// Adds `field` to its property's shared target; the first field that `requires` it gives the target its path.
    mutating func share(_ field: PlanField, path: String, property: String, requires: Bool) {
        let position = sharedPositions[field.field.keyPathID] ?? sharedTargets.count
        if position == sharedTargets.count {
            sharedPositions[field.field.keyPathID] = position
            sharedTargets.append(SharedTarget(path: path, property: property, fields: [], isRequired: requires))
        } else if requires, !sharedTargets[position].isRequired {
            (sharedTargets[position].path, sharedTargets[position].property) = (path, property)
            sharedTargets[position].isRequired = true
        }
        sharedTargets[position].fields.append(field.index)
    }

    /// `keys`: its matcher, when its list compiled it already; `beside`: the keys the other levels of its list read.
    mutating func level<Root>(
        _ entries: [(MappingKey, PropertyDescriptor<Root>)], path: String, keys: KeyMatcher? = nil, beside: [KeyMatcher] = []
    ) -> PlanLevel {
        let keys = keys ?? keyMatcher(entries)
        let nodes = entries.enumerated().map { entry, mapped in
            let key = keys.documentKey(of: entry, mapped.0)
            return node(mapped.1, key: key, written: mapped.0, path: key.appended(to: path))
        }
        return PlanLevel(path: path, entries: nodes, keys: keys, keysReadBeside: beside, layout: &layout)
    }

    private func keyMatcher<Root>(_ entries: [(MappingKey, PropertyDescriptor<Root>)]) -> KeyMatcher {
        KeyMatcher(entries.map(\.0.names), style: style, matching: matching, unknownKeys: unknownKeys)
    }

    /// `key` as the document spells it, `written` as the mapping does; `keys` and `beside` as `level` takes them.
    private mutating func node<Root>(
        _ descriptor: PropertyDescriptor<Root>, key: MappingKey, written: MappingKey, path: String, keys: KeyMatcher? = nil,
        beside: [KeyMatcher] = []
    ) -> PlanNode {
        switch descriptor.node {
        case let .field(field):
            let planField = PlanField(
                field: field, index: fields.count,
                slot: layout.reserve(field.traits.stagedLayout), scratch: layout.reserve(field.traits.scratchLayout))
            fields.append(planField)
            // A property with observers has no name in its key path: it is named after its mapping key.
            let property = field.traits.propertyName ?? written.description
            // Several fields: each records its presence (checked after phase one).
            let shared = targetCounts[field.keyPathID, default: 1] > 1
            // In an immutable model: with one field, absent is an error; with several, absent only when all are.
            let required = immutable && !field.traits.isOptional && descriptor.absentPolicy == nil
            if shared { share(planField, path: path, property: property, requires: required) }
            return PlanNode(
                descriptor, key: key, path: path, property: property, requiredByModel: required && !shared, tracksPresence: shared,
                body: .field(planField))
        case let .nested(entries):
            return PlanNode(descriptor, key: key, path: path, body: .nested(level(entries, path: path, keys: keys, beside: beside)))
        case let .list(descriptors):
            // A key one of the list's levels reads is no unknown key to another; under a field, which reads the value
            // whole, no key is.
            let outer = unknownKeys
            defer { unknownKeys = outer }
            if descriptors.contains(where: { if case .field = $0.node { true } else { false } }) { unknownKeys = .ignore }
            let levels = descriptors.map { descriptor -> KeyMatcher? in
                guard case let .nested(entries) = descriptor.node else { return nil }
                return keyMatcher(entries)
            }
            let children = descriptors.indices.map { index in
                let beside = levels.indices.compactMap { $0 == index ? nil : levels[$0] }
                return node(descriptors[index], key: key, written: written, path: path, keys: levels[index], beside: beside)
            }
            return PlanNode(descriptor, key: key, path: path, body: .list(children))
        }
    }
}

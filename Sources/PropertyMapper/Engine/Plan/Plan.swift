/// A mapping compiled once: every node knows its full path, its property names, its validators and,
/// for a field, where phase one stages its value.
///
/// Built when a `Mapping` is created, from what the descriptors record, so mapping a record does no
/// string work and no key-path description. It has no generic parameter: the engine's loops over it
/// run as plain code, and only the fields (which know the model's type) are generic. It never reads a
/// nested model's mapping while being built: a field that maps a model reaches that model's mapping
/// when it first maps one, so a recursive model does not re-enter its own `static let`.
final class Plan: Sendable {
    let root: PlanLevel
    /// Every field, in declaration order (depth first): the order phase two writes them in.
    let fields: [PlanField]
    /// For each field, by index: its move when its property lies inline in a struct model.
    let inlineMoves: [InlineMove?]
    /// The size and alignment of one run's staging buffer.
    let staging: StagingLayout
    /// What is wrong with the mapping itself; a run over a plan with any is refused.
    let definitionErrors: [ValidationError]
    /// A definition error for each read-only target (a `let`): listed in `definitionErrors` unless
    /// the model is `ImmutableMappable`, whose values are read rather than written; every run that
    /// writes into a model refuses them.
    let readOnlyTargets: [ValidationError]
    /// Each key path the mapping targets and its fields: where `MappedValues` reads a value.
    let reads: ValueReads

    /// In an immutable model's plan, each non-optional property that several fields target
    /// (`"a": .property(\.x), "b": .property(\.x)`): absent only when every one of them is.
    let sharedTargets: [SharedTarget]

    /// A `serialize` error for each field that cannot run backwards (a call or a boxing without a
    /// reverse) and is not marked `.oneWay()`: serialize refuses a plan that has any.
    let serializeErrors: [ValidationError]

    /// The mapping's rules across fields (`MappingRule`), judged after the fields, before any write.
    let rules: [PlanRule]

    init<Root>(
        _ entries: [(MappingKey, PropertyDescriptor<Root>)], keys: KeyMatching = .exact, unknownKeys: UnknownKeyPolicy = .ignore,
        rules: [MappingRule<Root>] = []
    ) {
        let immutable = Root.self is any ImmutableMappable.Type
        var builder = PlanBuilder(
            immutable: immutable, targetCounts: immutable ? PlanBuilder.targetCounts(entries) : [:], matching: keys,
            unknownKeys: unknownKeys)
        root = builder.level(entries, path: "")
        sharedTargets = builder.sharedTargets()
        builder.layout.finish(fieldCount: builder.fields.count)
        fields = builder.fields
        inlineMoves = fields.map(\.field.traits.inlineMove)
        staging = builder.layout
        let check = PlanCheck.errors(in: root, immutable: immutable)
        definitionErrors = immutable ? check.errors : check.errors + check.readOnlyTargets
        readOnlyTargets = check.readOnlyTargets
        reads = ValueReads(fields)
        serializeErrors = root.irreversibleNodes.compactMap { node in
            guard case let .irreversible(failure) = node.serialization else { return nil }
            return ValidationError(path: node.path, property: node.property, rule: "serialize", value: nil, failure: failure)
        }
        self.rules = rules.map(PlanRule.init)
    }
}

/// A non-optional property of an immutable model that several fields target.
struct SharedTarget: Sendable {
    /// Where the first of its fields reads, for the error when all are absent.
    let path: String
    let property: String
    var fields: [Int]
}

/// The key paths a plan's fields target, resolved once, when the plan is built: `MappedValues`
/// finds a key path's fields by the key path object itself, compared by identity, and falls back to
/// comparing by equality only for an object it does not hold.
///
/// A key path literal without arguments is one object wherever its module spells it, so the `\.id`
/// that `init(_ values:)` reads is the very object its mapping's `\.id` made: read in the mapping's
/// order, each read is one comparison of identities. (The fields keep the objects alive, so an
/// identity is never another object's while the plan exists.)
final class ValueReads: Sendable {
    /// The identity of each key path a field targets, once, in the order of its first field.
    let identities: [ObjectIdentifier]
    /// For each key path, by position: the first field that targets it, which holds the key path.
    private let firstFields: [PlanField]
    /// For each key path, by position: the value's type, the type every slot of its fields holds
    /// where `stagesValue` says so.
    let valueTypes: [Any.Type]
    /// For each key path, by position: the index of the last field that targets it.
    let lastFields: [Int]
    /// For each field, by index: the field before it that targets the same key path, or -1 (a
    /// property mapped twice gets the later value, as written).
    let earlierFields: [Int]
    /// For each field, by index: whether its slot holds the property's value (false for a merge,
    /// whose slot holds the nested model's writes).
    let stagesValue: [Bool]

    init(_ fields: [PlanField]) {
        var firstFields: [PlanField] = []
        var lastFields: [Int] = []
        var earlierFields: [Int] = []
        var positions: [AnyKeyPath: Int] = [:]
        for field in fields {
            let keyPath = field.field.keyPathID
            if let position = positions[keyPath] {
                earlierFields.append(lastFields[position])
                lastFields[position] = field.index
            } else {
                positions[keyPath] = firstFields.count
                firstFields.append(field)
                lastFields.append(field.index)
                earlierFields.append(-1)
            }
        }
        identities = firstFields.map { ObjectIdentifier($0.field.keyPathID) }
        valueTypes = firstFields.map(\.field.traits.valueType)
        self.firstFields = firstFields
        self.lastFields = lastFields
        self.earlierFields = earlierFields
        stagesValue = fields.map(\.field.traits.stagesPropertyValue)
    }

    /// The position of a key path object equal to one a field targets but not that object.
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
    /// In a keyed level, each entry's key, by position: the walk looks them up without copying a
    /// `MappingKey` out of its node. Empty in a level of any other shape.
    let keyNames: [String]
    let shape: Shape
    /// Serialize's order of the entries, by position: a keyed level's in mapping order, or in the
    /// order of their keys' UTF-8 bytes (`.sortedKeys`); an indexed level's by index.
    let serialOrder: [Int]
    let sortedSerialOrder: [Int]
    /// In a keyed level, each entry's key as serialize writes it, by position.
    let outputKeys: [JSONOutput.Key]
    /// The level's keys under the mapping's key policies (which cover its own levels), compiled
    /// for matching source keys.
    let keys: KeyMatcher
    /// `keys` again, when the level reads more than its exact keys (alternatives, looser matching,
    /// unknown keys reported); nil for one read by exact keys alone.
    let keyPolicy: KeyMatcher?
    /// The fields under this level, by index.
    let fieldIndices: [Int]
    /// In a keyed level of few entries: how a `[String: Any]` is read whole, matching its keys to
    /// entries without hashing (`DictionaryScan.swift`); nil otherwise.
    let keyScan: KeyScan?

    init(
        path: String, entries: [PlanNode], matching: KeyMatching = .exact, unknownKeys: UnknownKeyPolicy = .ignore,
        keyScan: KeyScan? = nil
    ) {
        self.path = path
        self.keyScan = keyScan
        self.entries = entries
        self.property = PlanNode.joinedNames(entries.map(\.property))
        fieldIndices = entries.flatMap(\.fieldIndices)
        let hasKeys = entries.contains { $0.key.name != nil }
        let hasIndices = entries.contains { if case .index = $0.key { true } else { false } }
        shape =
            switch (hasKeys, hasIndices) {
            case (true, true): .mixed
            case (true, false): .keyed
            case (false, true): .indexed
            case (false, false): .empty
            }
        keyNames = shape == .keyed ? entries.map { $0.key.name ?? "" } : []
        keys = KeyMatcher(entries.map(\.key.names), matching: matching, unknownKeys: unknownKeys)
        keyPolicy = keys.readsBeyondExactKeys && shape == .keyed ? keys : nil
        outputKeys = keyNames.map(JSONOutput.Key.init)
        if shape == .indexed {
            let indices = entries.map { if case let .index(index) = $0.key { index } else { 0 } }
            serialOrder = entries.indices.sorted { (indices[$0], $0) < (indices[$1], $1) }
            sortedSerialOrder = serialOrder
        } else if shape != .keyed {
            // Nothing to write (a mixed level is a definition error, refused before serialize).
            serialOrder = []
            sortedSerialOrder = []
        } else {
            serialOrder = Array(entries.indices)
            sortedSerialOrder = JSONWriter.sortedIndices(of: keyNames)
        }
    }

    /// The nodes under this level that serialize cannot run (`PlanNode.Serialization.irreversible`), in
    /// declaration order.
    var irreversibleNodes: [PlanNode] {
        entries.flatMap { node -> [PlanNode] in
            switch node.serialization {
            case .irreversible: [node]
            case let .nested(level): level.irreversibleNodes
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
    }

    /// The mapping key the node reads (a list's descriptors share their list's key).
    let key: MappingKey
    let path: String
    /// The property written, or every property under a nested mapping or a list.
    let property: String
    /// `isRequired()`: absent and null both fail.
    let isRequired: Bool
    /// Absent fails (`isRequired`, or a non-optional field of an immutable model, which has no
    /// current value to keep); null follows the field's type.
    let absentIsError: Bool
    /// Phase one records whether the source holds a value for this field (see `Plan.sharedTargets`).
    let tracksPresence: Bool
    /// `.ifAbsent(_:)` (or `default:`) and `.ifNull(_:)`: nil for the v1 behaviour.
    let absentPolicy: MissingValuePolicy?
    let nullPolicy: MissingValuePolicy?
    /// The field has a `fallback:` for a present value that fails.
    let fallsBack: Bool
    /// The field has `.ifNull(_:)` or `fallback:`: a present value takes the walk's policy path.
    let hasPresentPolicy: Bool
    let validators: [Validator]
    /// `.ensure(_:_:)`: rules on the converted value.
    let ensures: [Ensure]
    let body: Body
    /// The field, when the node is one: stored apart from `body`, so that the walk reaches it
    /// without taking an enum payload out (which retains it).
    let field: PlanField?
    /// What serialize writes for the node.
    let serialization: Serialization
    /// The field or the nested level serialize writes (a list's chosen descriptor's), stored apart
    /// from `serialization` so that the walk reaches them without taking an enum payload out.
    let serialField: PlanField?
    let serialLevel: PlanLevel?
    /// The fields under this node, by index: what a failure here leaves unjudged for `MappingRule`s.
    let fieldIndices: [Int]
    /// The failure when the node is absent and may not be: every key it tried.
    let missing: Failure

    /// What serialize writes for a node.
    enum Serialization: Sendable {
        /// A field's value.
        case field(PlanField)
        /// A nested level, rebuilt.
        case nested(PlanLevel)
        /// Nothing: the node is `.oneWay()` (or a list whose descriptors all are).
        case skipped
        /// Nothing can be: a serialize error (a call or boxing without a reverse).
        case irreversible(Failure)
    }

    init(
        key: MappingKey, path: String, property: String, isRequired: Bool, absentIsError: Bool, tracksPresence: Bool,
        isOneWay: Bool, absentPolicy: MissingValuePolicy? = nil, nullPolicy: MissingValuePolicy? = nil,
        validators: [Validator], ensures: [Ensure] = [], body: Body
    ) {
        self.key = key
        self.path = path
        self.property = property
        self.isRequired = isRequired
        self.absentIsError = absentIsError
        self.tracksPresence = tracksPresence
        self.absentPolicy = absentPolicy
        self.nullPolicy = nullPolicy
        self.validators = validators
        self.ensures = ensures
        self.body = body
        if case let .field(field) = body { self.field = field } else { self.field = nil }
        fieldIndices =
            switch body {
            case let .field(field): [field.index]
            case let .nested(level): level.fieldIndices
            case let .list(children): children.flatMap(\.fieldIndices)
            }
        missing = if case let .alternatives(keys) = key { .missingKeys(tried: keys) } else { .missing }
        fallsBack = field?.field.traits.hasFallback ?? false
        hasPresentPolicy = fallsBack || nullPolicy != nil
        serialization = isOneWay ? .skipped : Self.serialization(of: body)
        switch serialization {
        case let .field(field): (serialField, serialLevel) = (field, nil)
        case let .nested(level): (serialField, serialLevel) = (nil, level)
        case .skipped, .irreversible: (serialField, serialLevel) = (nil, nil)
        }
    }

    /// A field's value unless it has no reverse; a nested level; a list's first descriptor that can
    /// be serialized (else its first error, else nothing when all are one-way).
    private static func serialization(of body: Body) -> Serialization {
        switch body {
        case let .field(field):
            if let failure = field.field.traits.irreversibility { return .irreversible(failure) }
            return .field(field)
        case let .nested(level):
            return .nested(level)
        case let .list(children):
            var firstFailure: Serialization?
            for child in children {
                switch child.serialization {
                case .field, .nested: return child.serialization
                case .irreversible: firstFailure = firstFailure ?? child.serialization
                case .skipped: continue
                }
            }
            return firstFailure ?? .skipped
        }
    }

    /// Names in first-seen order, each once: `"latitude, longitude"`.
    static func joinedNames(_ names: [String]) -> String {
        var seen = Set<String>()
        return
            names
            .flatMap { $0.split(separator: ", ").map(String.init) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
            .joined(separator: ", ")
    }
}

/// A field of the plan and its place in a run's staging buffer.
final class PlanField: Sendable {
    let field: any Field
    /// Its place in declaration order, among the plan's fields.
    let index: Int
    /// Where its staged value lies in the staging buffer.
    let slot: Int
    /// Where a value it converts before transforming it lies (unused by fields that convert straight
    /// into their slot).
    let scratch: Int

    init(field: any Field, index: Int, slot: Int, scratch: Int) {
        self.field = field
        self.index = index
        self.slot = slot
        self.scratch = scratch
    }

    // The walk calls the field through these methods rather than through `field` itself: inside
    // them `self` is borrowed, so neither it nor the field is retained around the call.

    /// Stages a present, non-null value through the field.
    func stage(_ item: SourceItem, at node: PlanNode, in run: inout MappingRun) {
        field.stage(item, at: node, self, in: &run)
    }

    /// Serializes the field's property of `model`.
    func serialize(
        from model: ModelAccess, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> SerialOutcome {
        field.serialize(from: model, key: key, into: &output, &issues)
    }

    /// Stages null, or the field's `default:` or `fallback:`, through the field (see `Field`).
    @discardableResult
    func stage(_ substitute: Substitute, at node: PlanNode, in run: inout MappingRun) -> String? {
        field.stage(substitute, at: node, self, in: &run)
    }

    /// Moves the field's value staged in `staging` into `model`.
    func commit(_ staging: StagingBuffer, into model: ModelAccess) {
        field.commit(self, from: staging, into: model)
    }

    /// Destroys the field's value staged in `staging`.
    func discard(_ staging: StagingBuffer) {
        field.discard(self, from: staging)
    }
}

/// Compiles descriptors into plan nodes, numbering the fields and laying out their staging.
private struct PlanBuilder {
    /// Building for an `ImmutableMappable` model: an absent non-optional field is required, as
    /// there is no current value to keep.
    let immutable: Bool
    /// In an immutable model's mapping, how many fields target each key path.
    let targetCounts: [AnyKeyPath: Int]
    /// The mapping's key policies, for each of its levels.
    let matching: KeyMatching
    let unknownKeys: UnknownKeyPolicy
    var fields: [PlanField] = []
    var layout = StagingLayout()
    /// The nodes whose presence phase one records, in declaration order.
    var presenceNodes: [PlanNode] = []

    /// How many fields target each key path under `entries`.
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

    /// The shared targets of the nodes that record presence.
    func sharedTargets() -> [SharedTarget] {
        var targets: [SharedTarget] = []
        var byKeyPath: [AnyKeyPath: Int] = [:]
        for node in presenceNodes {
            guard let field = node.field else { continue }
            if let index = byKeyPath[field.field.keyPathID] {
                targets[index].fields.append(field.index)
            } else {
                byKeyPath[field.field.keyPathID] = targets.count
                targets.append(SharedTarget(path: node.path, property: node.property, fields: [field.index]))
            }
        }
        return targets
    }

    mutating func level<Root>(_ entries: [(MappingKey, PropertyDescriptor<Root>)], path: String) -> PlanLevel {
        let nodes = entries.map { key, descriptor in node(descriptor, key: key, path: key.appended(to: path)) }
        let keyed = nodes.allSatisfy { $0.key.name != nil }
        return PlanLevel(
            path: path, entries: nodes, matching: matching, unknownKeys: unknownKeys,
            keyScan: keyed ? KeyScan(entries: nodes.count, in: &layout) : nil)
    }

    private mutating func node<Root>(_ descriptor: PropertyDescriptor<Root>, key: MappingKey, path: String) -> PlanNode {
        let body: PlanNode.Body
        let property: String
        var absentIsError = descriptor.isRequiredFlag
        var tracksPresence = false
        switch descriptor.node {
        case let .field(field):
            let planField = PlanField(
                field: field, index: fields.count,
                slot: layout.reserve(field.traits.stagedLayout), scratch: layout.reserve(field.traits.scratchLayout))
            fields.append(planField)
            body = .field(planField)
            // A property with observers has no name in its key path: it is named after its mapping key.
            property = field.traits.propertyName ?? key.description
            if immutable, !field.traits.isOptional, descriptor.absentPolicy == nil {
                // One field: absent is an error. Several: absent only when all are (checked after phase one).
                if targetCounts[field.keyPathID, default: 1] > 1 { tracksPresence = true } else { absentIsError = true }
            }
        case let .nested(entries):
            let nested = level(entries, path: path)
            body = .nested(nested)
            property = nested.property
        case let .list(descriptors):
            let children = descriptors.map { node($0, key: key, path: path) }
            body = .list(children)
            property = PlanNode.joinedNames(children.map(\.property))
        }
        let built = PlanNode(
            key: key, path: path, property: property, isRequired: descriptor.isRequiredFlag, absentIsError: absentIsError,
            tracksPresence: tracksPresence, isOneWay: descriptor.isOneWay, absentPolicy: descriptor.absentPolicy,
            nullPolicy: descriptor.nullPolicy, validators: descriptor.validators, ensures: descriptor.ensures, body: body)
        if tracksPresence { presenceNodes.append(built) }
        return built
    }
}

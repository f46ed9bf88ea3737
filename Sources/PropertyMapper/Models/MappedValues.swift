/// The values a mapping produced for an `ImmutableMappable` model, read by key path in its
/// `init(_ values:)`:
///
///     init(_ values: MappedValues<Repo>) throws {
///         id = try values[\.id]
///         license = try values[\.license]
///     }
///
/// Valid only during that call: a copy kept and read later throws instead of reading freed values.
///
/// Each read moves its value into the model rather than copying it. A value read twice is still
/// the same value both times, at a price: the model is then made again with its values copied, so
/// that `init` runs twice. Read each value once (into a local, to use it twice).
///
/// A `MappingRule` reads the same values (see there for what it sees of a `Mappable` model).
public struct MappedValues<Root> {
    let source: StagedValues

    /// The value the mapping produced for `keyPath`: nil for an absent optional field.
    ///
    /// Throws a `MappingError` (rule `mapping`) when `keyPath` is not a target of the mapping, and
    /// when read after `init(_ values:)` returned. It never traps.
    public subscript<Value>(_ keyPath: KeyPath<Root, Value>) -> Value {
        get throws {
            try source.value(for: keyPath)
        }
    }
}

/// A run's staged values, readable by key path while a model is made from them.
///
/// Invariant: `staging` is the run's staging buffer, which holds values while `isOpen`: while
/// `Engine` makes the model or judges a rule, and no longer once that has returned; every read
/// checks it, so a `MappedValues` kept by the model's code reads nothing.
///
/// A rule's reads copy a value, which stays staged for the next rule and for phase two. An immutable
/// model's `init(_ values:)` is the values' last reader: its reads move them out (`takes`), and the
/// buffer destroys only what it did not read. A value read a second time has been moved already:
/// the read throws and records `retakes`, and `Engine` makes the model again with copying reads.
final class StagedValues {
    private let reads: ValueReads
    private let staging: StagingBuffer
    private var isOpen = true
    /// The model being mapped, for a rule's read of a property nothing was staged for (its current
    /// value); nil for an immutable model, which does not exist yet.
    private let model: ModelAccess?
    /// The fields whose values failed, by index: a rule reading one is not judged.
    private let failedFields: Set<Int>
    /// Whether reads move the values out (an immutable model's `init(_ values:)`) or copy them.
    private let takes: Bool
    /// Where the next key path in the mapping's order lies: reads in that order find each one there.
    private var next = 0
    /// The first definition error a read threw: what a throwing `init(_ values:)` is reported as.
    private(set) var problem: MappingError?
    /// A read of a field that failed (or whose value cannot be read before it is written) threw.
    private(set) var readFailedField = false
    /// A read asked for a value an earlier read had moved out: the model must be made again, with
    /// reads that copy.
    private(set) var retakes = false

    init(plan: Plan, staging: StagingBuffer, model: ModelAccess? = nil, failedFields: Set<Int> = [], takes: Bool = false) {
        reads = plan.reads
        self.staging = staging
        self.model = model
        self.failedFields = failedFields
        self.takes = takes
    }

    /// Ends reading: the buffer is about to be emptied.
    func close() {
        isOpen = false
    }

    func value<Root, Value>(for keyPath: KeyPath<Root, Value>) throws(MappingError) -> Value {
        // The common read, kept apart from the rest, whose handling of absent values would make
        // every read look up `Value?`'s metadata: a field that targets the key path alone staged
        // the value, which nothing has taken.
        guard isOpen else { throw problem(DefinitionProblem.valuesReadLate, keyPath) }
        let position = position(of: keyPath)
        if failedFields.isEmpty, let position, reads.valueTypes[position] == Value.self {
            let field = reads.lastFields[position]
            if reads.earlierFields[field] < 0, reads.stagesValue[field], staging.isStaged(field) {
                return takes ? staging.take(field, as: Value.self) : staging.value(field, as: Value.self)
            }
        }
        return try anyValue(for: keyPath, at: position)
    }

    /// Every other read (`position` is the key path's, found once by `value(for:)`): one of a key
    /// path not mapped, of a failed field, of a merge, of a property mapped twice, of a value
    /// already taken or of an absent one.
    @inline(never)
    private func anyValue<Root, Value>(for keyPath: KeyPath<Root, Value>, at position: Int?) throws(MappingError) -> Value {
        guard let position else {
            if let model { return model.read(keyPath) }
            throw problem(DefinitionProblem.keyPathNotMapped, keyPath)
        }
        // Equal key paths are of one type: this guards the slots' type, which the plan recorded.
        guard reads.valueTypes[position] == Value.self else { throw problem(DefinitionProblem.keyPathNotMapped, keyPath) }
        // The last field that staged a value: a property mapped twice gets the later value, as written.
        var field = reads.lastFields[position]
        while field >= 0 {
            if failedFields.contains(field) { throw failedField() }
            field = reads.earlierFields[field]
        }
        field = reads.lastFields[position]
        while field >= 0 {
            if staging.isTaken(field) {
                retakes = true
                throw MappingError(errors: [])
            }
            if staging.isStaged(field) {
                // A merged model's staged value is its writes, not the model: a rule cannot see it.
                guard reads.stagesValue[field] else { throw problem(DefinitionProblem.ruleReadsMergedModel, keyPath) }
                return takes ? staging.take(field, as: Value.self) : staging.value(field, as: Value.self)
            }
            field = reads.earlierFields[field]
        }
        // Nothing staged: the field was absent (and kept, for a model that exists); phase one
        // refused an absent non-optional field of an immutable model.
        if let model { return model.read(keyPath) }
        if let optional = Value.self as? any OptionalConvertible.Type, let none = optional.nilValue as? Value {
            return none
        }
        throw problem(DefinitionProblem.keyPathNotMapped, keyPath)
    }

    /// The position of `keyPath` in the plan's reads, or nil when no field targets it: the next one
    /// in the mapping's order when it is that very object, else found by identity, else by equality.
    private func position(of keyPath: AnyKeyPath) -> Int? {
        let position: Int
        let identity = ObjectIdentifier(keyPath)
        if next < reads.identities.count, reads.identities[next] == identity {
            position = next
        } else if let found = reads.identities.firstIndex(of: identity) ?? reads.position(equalTo: keyPath) {
            position = found
        } else {
            return nil
        }
        next = position + 1
        return position
    }

    private func failedField() -> MappingError {
        readFailedField = true
        return MappingError(errors: [])
    }

    private func problem(_ kind: (String) -> DefinitionProblem, _ keyPath: AnyKeyPath) -> MappingError {
        let error = MappingError(errors: [
            ValidationError(
                path: "", property: "", rule: "mapping", value: nil,
                failure: .definition(kind(String(describing: keyPath))))
        ])
        if problem == nil { problem = error }
        return error
    }
}

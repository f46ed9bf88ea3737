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
/// Invariant: `base` is the run's staging buffer while `Engine` makes the model, and nil once it
/// has returned; every read checks it, so a `MappedValues` kept by the model's code reads nothing.
final class StagedValues {
    private let plan: Plan
    private var base: UnsafeMutableRawPointer?
    /// The model being mapped, for a rule's read of a property nothing was staged for (its current
    /// value); nil for an immutable model, which does not exist yet.
    private let root: UnsafeRawPointer?
    /// The fields whose values failed, by index: a rule reading one is not judged.
    private let failedFields: Set<Int>
    /// The first definition error a read threw: what a throwing `init(_ values:)` is reported as.
    private(set) var problem: MappingError?
    /// A read of a field that failed (or whose value cannot be read before it is written) threw.
    private(set) var readFailedField = false

    init(plan: Plan, base: UnsafeMutableRawPointer, root: UnsafeRawPointer? = nil, failedFields: Set<Int> = []) {
        self.plan = plan
        self.base = base
        self.root = root
        self.failedFields = failedFields
    }

    /// Ends reading: the buffer is about to be emptied.
    func close() {
        base = nil
    }

    func value<Root, Value>(for keyPath: KeyPath<Root, Value>) throws(MappingError) -> Value {
        guard let base else { throw problem(DefinitionProblem.valuesReadLate, keyPath) }
        guard let indices = plan.fieldIndices.table[keyPath] else {
            if let root { return root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] }
            throw problem(DefinitionProblem.keyPathNotMapped, keyPath)
        }
        if indices.contains(where: failedFields.contains) { throw failedField() }
        // The last field that staged a value: a property mapped twice gets the later value, as written.
        for index in indices.reversed() where StagingBuffer.isStaged(index, base: base, plan: plan) {
            // A merged model's staged value is its writes, not the model: a rule cannot see it.
            guard let writer = plan.fields[index].field as? PropertyWriter<Root, Value> else {
                throw problem(DefinitionProblem.ruleReadsMergedModel, keyPath)
            }
            return writer.stagedValue(in: base + plan.fields[index].slot)
        }
        // Nothing staged: the field was absent (and kept, for a model that exists); phase one
        // refused an absent non-optional field of an immutable model.
        if let root { return root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] }
        if let optional = Value.self as? any OptionalConvertible.Type, let none = optional.nilValue as? Value {
            return none
        }
        throw problem(DefinitionProblem.keyPathNotMapped, keyPath)
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

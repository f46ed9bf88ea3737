/// `.property(\.x).merging()`: the nested mapping applies to the property's current value, all or
/// nothing for the whole graph. Phase one keeps the nested staged values in `PendingWrites`; the
/// outer phase two applies them and writes a struct back (a class stays in place).
final class MergingField<Root, Model: Mappable & ThreadSafeMetatype>: Field, Sendable {
    private let keyPath: FieldKeyPath<Root, Model>
    let traits: FieldTraits

    /// The model's conversion, for its way back.
    private let conversion: Conversion<Model>

    init(_ keyPath: FieldKeyPath<Root, Model>) {
        self.keyPath = keyPath
        traits = FieldTraits(
            valueType: Model.self, propertyName: PropertyName.of(keyPath.path), stagedType: ObjectIdentifier(PendingWrites.self),
            stagedLayout: .of(PendingWrites.self),
            input: InputType(name: TypeName.of(Model.self), kinds: [.object, .array]),
            demand: .model { Model.mapping.jsonLevel }, stagesPropertyValue: false, isWritable: keyPath.writable != nil,
            isOptional: false, instanceUse: .merging)
        conversion = Conversions.make(Model.self)
    }

    var keyPathID: AnyKeyPath { keyPath.path }

    func modified(_ modifier: FieldModifier) -> (any Field)? {
        modifier == .merging ? self : nil
    }

    /// A merge stages writes, not a value: `.ensure` on it is a definition error (see `PlanCheck`).
    func failures(of ensures: [Ensure], staged field: PlanField, in staging: StagingBuffer) -> [(rule: String, failure: Failure)] {
        []
    }

    func stage(_ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) {
        // An immutable model has no instance; its plan refuses merges (`PlanCheck`).
        guard let model = run.model else { return }
        guard run.passesValidators(node, item) else { return }
        var current = model.read(keyPath.path)
        var warnings: [MappingWarning] = []
        let staged = ModelAccess.with(&current) {
            Engine.stage(item, on: $0, plan: Model.mapping.plan, nesting: run.nesting.inner, warnings: &warnings)
        }
        switch staged {
        case let .success(pending):
            run.staging.slot(field, as: PendingWrites.self).initialize(to: pending)
            run.staged(field)
            if !warnings.isEmpty {
                var issues = ConversionIssues(nesting: run.nesting)
                issues.add(nestedWarnings: warnings)
                run.warn(node, issues: issues)
            }
        case let .failure(error):
            var issues = ConversionIssues(nesting: run.nesting)
            issues.add(nested: error.errors)
            run.fail(node, issues: issues)
        }
    }

    func serialize(
        from model: ModelAccess, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> SerialOutcome {
        let value = model.read(keyPath.path)
        if let key { output.key(key) }
        return conversion.write(value, &output, &issues) ? .written : .failed
    }

    /// Null is a `type` error; a merge has no `default:` or `fallback:` to stage.
    func stage(_ substitute: Substitute, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) -> String? {
        if substitute == .null { run.failNull(at: node, expected: TypeName.of(Model.self)) }
        return nil
    }

    func commit(_ field: PlanField, from staging: StagingBuffer, into model: ModelAccess) {
        let pending = staging.move(field, as: PendingWrites.self)
        // A read-only key path is refused before any run that writes.
        guard let writableKeyPath = keyPath.writable else { return pending.discard() }
        var current = model.read(writableKeyPath)
        ModelAccess.with(&current) { pending.apply(to: $0) }
        if !(Model.self is AnyObject.Type) { model.write(current, to: writableKeyPath) }
    }

    func discard(_ field: PlanField, from staging: StagingBuffer) {
        staging.move(field, as: PendingWrites.self).discard()
    }
}

/// A nested model's staged values, kept from the outer run's phase one to its phase two.
///
/// Invariant: the buffer is allocated for `plan` from `init` until `apply` or `discard` (or
/// `deinit`, for one that was neither), which empty and free it; each runs at most once.
final class PendingWrites {
    let staging: StagingBuffer
    private var finished = false

    init(plan: Plan) {
        staging = .allocate(for: plan)
    }

    /// Moves the staged values into `model`, a `Root` of the plan.
    func apply(to model: ModelAccess) {
        guard !finished else { return }
        staging.moveAll(into: model)
        finish()
    }

    /// Destroys the staged values.
    func discard() {
        guard !finished else { return }
        staging.discardAll()
        finish()
    }

    private func finish() {
        finished = true
        staging.deallocate()
    }

    deinit {
        discard()
    }
}

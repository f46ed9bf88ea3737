// The data path, from a call to a stored property: every branch of the walk, with the function and file that hold it.
//
// Entry
//   Mapper.map / mapValues / mapArray / validate: the public entry points (Mapper/); ModelEntry (Mapper+Models.swift) is one
//     body for both model kinds: a source, JSON text or bytes, one record or a batch.
//   JSON input: Data or String (JSONInput), read by JSONDocument.read / withElements (JSON/Reader/), building only what the
//     plan's JSONDemand names: a mapped object becomes a JSONObject holding its values by entry; a top-level array is streamed
//     element by element.
//   Engine.refuseFaulty: a plan with definition errors never runs (Plan/PlanCheck).
//   Engine.make / Engine.map: one model (a dry run maps at a nesting that does not write). A null, a graph too deep (Nesting)
//     or a faulty plan is refused; then Engine.run with a staging buffer of its own (Staging/), the model and each slot reached
//     through typed handles (ModelAccess, ValueSlot), never raw memory.
//
// Phase one: MappingRun (Run/MappingRun.swift) walks the plan, never the source.
//   match     visit(level, source): the level's one KeyMatcher (Matching/), which the JSON reader uses too, reads a
//             [String: Any] (small ones whole: KeyScan), a JSONObject (by entry) or any keyed/indexed container (LevelContainer);
//             key policies (.anyOf, loose matching, unknown keys) go through KeyedReading, reporting ambiguousKey and unknownKey;
//             a value of another shape is one `type` error for the whole level.
//   absent    visitMissing: isRequired, or the field's .ifAbsent policy (keep, setNil, useDefault with a defaultUsed warning,
//             fail); entries under an absent level still report; nil, a default: or a fallback: is staged by
//             Field.stage(_ substitute:) (Conversions+Substitutes.swift).
//   read      visit(node, present:): the value, read once into a SourceItem (Source/); null: isRequired, the .ifNull policy,
//             nil for an optional, or a `type` error; a nested level recurses; a list hands every descriptor the value.
//   convert   PropertyField.stage (Plan/): the field's Conversion (Conversions/) checks the type strictly or, under .lenient(),
//             reads a string by the lenient table first (a `coerced` warning); a nested model is made whole by Engine.make at
//             the next depth (Conversions+Models.swift); a merge stages its writes (Plan/MergingField.swift); .box and .call
//             convert their input, then finish it (Conversions+Box.swift, Conversions+Call.swift).
//   validate  MappingRun.passesValidators: every validator of the node, on the source value; a failure is an error, and the
//             value is not staged.
//   stage     MappingRun.staged: the node's .ensure rules judge the converted value, which then waits in its slot
//             (StagingBuffer); with a fallback:, a value that failed anything above is replaced by the fallback and its errors
//             become one fallbackUsed warning.
//   after     Engine.phaseOne, after every field, in every run: a default: staged for a property another field read from
//             the source gives way (MappingRun.yieldDefaults); an immutable model's shared targets
//             (MappingRun.checkSharedTargets), then each MappingRule reads the staged values (StagedValues) of fields that did
//             not fail (MappingRun.judgeRules); a definition error met on the way (a nested model's mapping, a rule's read)
//             is kept alone (MappingRun.keepDefinitionErrorsAlone).
//
// Phase two, after Engine.phaseOne, by how the model is obtained
//   commit    Engine.run: StagingBuffer.moveAll, for an instance (map, mapValues, a new Mappable), only when no error and the
//             run writes (a dry run never does): in declaration order, a struct's inline property at its offset (InlineMove),
//             anything else through its key path (PropertyField.commit).
//   make      Engine.make (ImmutableMappable): the model is made by its init(_ values:) from the staged values
//             (MappedValues), which it moves out; one StagedValues per model graph, lent inwards by the Nesting.
//   merge     Engine.stage: the staged values wait as PendingWrites for the outer run's phase two (Plan/MergingField.swift).
//   discard   StagingBuffer.discardAll, on any error: what was staged is destroyed and the model is left as it was.
//
// Errors and warnings are data (Failure, Notice) until their message is read (Errors/).

/// Runs plans over sources: the one place that joins phase one and phase two.
enum Engine {
    /// The most levels a model graph may have (the outermost model is level 1): a deeper one, or a cyclic `NSDictionary`, is one
    /// `depth` error, never a stack overflow. A thread's stack may refuse a graph sooner (`Nesting`).
    static let maximumDepth = 512

    /// Maps `source` (nil: absent) into `model`, for a plan that is not faulty: the errors, or none, everything written and the
    /// warnings appended. At a dry run's nesting (`writes` false) every check and call runs on `model`; nothing is written.
    static func map<Root>(
        _ source: Any?, into model: inout Root, using plan: Plan, nesting: Nesting = .outermost(),
        warnings: inout [MappingWarning]
    ) -> [ValidationError] {
        ModelAccess.with(&model) {
            run(on: $0, plan: plan, nesting: nesting, warnings: &warnings) { $0.visitRoot(plan, raw: source) }
        }
    }

    /// A mapping with definition errors never runs (they are thrown alone); one that writes must target only writable properties.
    static func refuseFaulty(_ plan: Plan, writing: Bool = false) throws(MappingError) {
        if let refusal = refusal(of: plan, writing: writing) { throw refusal }
    }

    /// What `refuseFaulty` throws, or nil.
    private static func refusal(of plan: Plan, writing: Bool) -> MappingError? {
        let definitionErrors = plan.definitionErrors  // computed: it reads nested models' mappings (`PlanCheck.ModelCheck`)
        if !definitionErrors.isEmpty { return MappingError(errors: definitionErrors) }
        return writing && !plan.readOnlyTargets.isEmpty ? MappingError(errors: plan.readOnlyTargets) : nil
    }

    /// An array source's elements, for the entry points that map each; anything else is one `type` error at path `""`.
    static func elements(of source: Any?) throws(MappingError) -> IndexedSource {
        let source = source.map(SourceValue.normalized) ?? SourceValue.null
        guard let elements = SourceValue.indexed(source) else {
            throw MappingError(errors: [
                ValidationError(
                    path: "", property: "", rule: "type", value: SourceValue.render(source),
                    failure: .shapeMismatch(found: SourceValue.kind(of: source), expected: .array))
            ])
        }
        return elements
    }

    /// A new `Model`, which `make` puts in a temporary slot (a `make(_:from:nesting:into:warnings:)`): the model, or its errors
    /// with paths relative to it.
    static func made<Model>(by make: (ValueSlot<Model>) -> [ValidationError]) -> Result<Model, MappingError> {
        ValueSlot.withTemporary { slot in
            let errors = make(slot)
            return errors.isEmpty ? .success(slot.move()) : .failure(MappingError(errors: errors))
        }
    }

    /// `init()`, then the mapping, into `slot` (uninitialized): no error and the slot holds the model, or the errors and it is
    /// uninitialized. In a dry run (`nesting.writes` false) the slot holds the model as `init()` made it, for its calls.
    static func make<Model: Mappable>(
        _: Model.Type, from item: SourceItem?, nesting: Nesting, into slot: ValueSlot<Model>, warnings: inout [MappingWarning]
    ) -> [ValidationError] {
        let plan = Model.mapping.plan
        if let refused = refusal(of: plan, Model.self, from: item, nesting: nesting, writing: true) { return refused.errors }
        slot.initialize(to: Model())
        let errors = ModelAccess.with(modelIn: slot) {
            run(on: $0, plan: plan, nesting: nesting, warnings: &warnings) { $0.visitRoot(plan, item) }
        }
        if !errors.isEmpty { slot.destroy() }
        return errors
    }

    /// Makes a new immutable `Model` in `slot`: phase one, then `init(_ values:)` over the staged values.
    static func make<Model: ImmutableMappable>(
        _: Model.Type, from item: SourceItem?, nesting: Nesting, into slot: ValueSlot<Model>, warnings: inout [MappingWarning]
    ) -> [ValidationError] {
        let plan = Model.mapping.plan
        if let refused = refusal(of: plan, Model.self, from: item, nesting: nesting, writing: false) { return refused.errors }
        return StagingBuffer.with(plan) { staging in
            // One object for the values of this model and of the models nested in it, each make opening it in turn.
            let values = nesting.lentValues ?? StagedValues(lending: staging)
            // `init` moves each value out as it reads it; one that reads a value twice is made again from a new phase one,
            // copying. In a make again, the nested makes that read twice the first time copy at once: a chain of them
            // remakes the levels below each once, not 2^depth times.
            let make = values.startMake()
            func attempt(takes: Bool) -> [ValidationError]? {
                Self.make(
                    plan, from: item, nesting: nesting, staging: staging, values: values, into: slot, takes: takes, warnings: &warnings)
            }
            if let errors = attempt(takes: !make.readsTwice) { return errors }
            values.makeAgain(make.number)
            staging.clearFlags()
            return attempt(takes: false)!
        }
    }

    /// As `make`, moving the values out when `takes`; nil (slot uninitialized, no warning) when `init` read a value it took.
    private static func make<Model: ImmutableMappable>(
        _ plan: Plan, from item: SourceItem?, nesting: Nesting, staging: StagingBuffer, values: StagedValues,
        into slot: ValueSlot<Model>, takes: Bool, warnings: inout [MappingWarning]
    ) -> [ValidationError]? {
        // No instance exists yet: the plan refuses calls, the only fields that need one. `values` lives on while the
        // nestings of phase one refer to it unretained (`Nesting.lending`).
        let run = withExtendedLifetime(values) {
            phaseOne(plan, model: nil, staging: staging, stagesWrites: true, nesting: nesting.writingInner(true).lending(values)) {
                $0.visitRoot(plan, item)
            }
        }
        // What `init` did not take.
        defer { staging.discardAll() }
        guard run.errors.isEmpty else { return run.errors }
        values.open(staging, takes: takes)
        defer { values.close() }
        do {
            let model = try Model(MappedValues(source: values))
            // `init` caught the throw of a second read and went on: its model is not the mapping's.
            if values.retakes { return nil }
            slot.initialize(to: consume model)
            run.handWarnings(to: &warnings)
            return []
        } catch {
            if values.retakes { return nil }
            // The model read a key path its mapping lacks: that definition error, not `init`'s.
            if let problem = values.problem { return problem.errors }
            return [
                ValidationError(
                    path: "", property: "", rule: "init", value: nil,
                    failure: .initFailed(model: TypeName.of(Model.self), thrown: String(describing: error)))
            ]
        }
    }

    /// Phase one of a merged model's mapping on `model` (for its calls): the staged values, for the outer run's phase two.
    static func stage(
        _ item: SourceItem, on model: ModelAccess, plan: Plan, nesting: Nesting, warnings: inout [MappingWarning]
    ) -> Result<PendingWrites, MappingError> {
        if let refused = refusal(of: plan, nesting: nesting, writing: true) { return .failure(refused) }
        let pending = PendingWrites(plan: plan)
        // Its nested models are written when its writes are: a rule never reads a merged model.
        let run = phaseOne(plan, model: model, staging: pending.staging, stagesWrites: true, nesting: nesting) {
            $0.visitRoot(plan, item)
        }
        guard run.errors.isEmpty else {
            pending.discard()
            return .failure(MappingError(errors: run.errors))
        }
        run.handWarnings(to: &warnings)
        return .success(pending)
    }

    /// Why a `Model` cannot be made from `item` (too deep, a faulty mapping, a null), or nil. A faulty mapping is refused
    /// first, whatever the data. A null is one `type` error: a model is never made from nothing (an optional takes null as
    /// nil before this; `mapValues` finds no value in null).
    private static func refusal<Model>(
        of plan: Plan, _: Model.Type, from item: SourceItem?, nesting: Nesting, writing: Bool
    ) -> MappingError? {
        if let refused = refusal(of: plan, nesting: nesting, writing: writing) { return refused }
        guard let item, item.isNull else { return nil }
        let failure = Failure.typeMismatch(found: .null, expected: TypeName.of(Model.self))
        return MappingError(errors: [
            ValidationError(path: "", property: "", rule: "type", value: SourceValue.render(item.value), failure: failure)
        ])
    }

    private static func refusal(of plan: Plan, nesting: Nesting, writing: Bool) -> MappingError? {
        if let failure = nesting.refusal {
            return MappingError(errors: [ValidationError(path: "", property: "", rule: "depth", value: nil, failure: failure)])
        }
        return refusal(of: plan, writing: writing)
    }

    /// Phase one, then, if nothing failed and `nesting.writes`, phase two; no error: the staged values were written (or dropped).
    private static func run(
        on model: ModelAccess, plan: Plan, nesting: Nesting, warnings: inout [MappingWarning],
        _ visit: (inout MappingRun) -> Void
    ) -> [ValidationError] {
        let writes = nesting.writes
        return StagingBuffer.with(plan) { staging in
            // A dry run keeps its values too when rules read them, and drops them at the end.
            let stages = writes || !plan.rules.isEmpty
            let run = phaseOne(
                plan, model: model, staging: staging, stagesWrites: stages, nesting: nesting.writingInner(stages),
                visit)
            if run.errors.isEmpty, writes {
                staging.moveAll(into: model)
            } else if stages {
                staging.discardAll()
            }
            if run.errors.isEmpty { run.handWarnings(to: &warnings) }
            return run.errors
        }
    }

    /// Phase one, in every run: the walk (`visit`), then an immutable model's shared targets, then the rules; definition errors
    /// met on the way are kept alone.
    private static func phaseOne(
        _ plan: Plan, model: ModelAccess?, staging: StagingBuffer, stagesWrites: Bool, nesting: Nesting,
        _ visit: (inout MappingRun) -> Void
    ) -> MappingRun {
        var run = MappingRun(model: model, staging: staging, stagesWrites: stagesWrites, nesting: nesting, judgesRules: !plan.rules.isEmpty)
        visit(&run)
        run.yieldDefaults(plan)
        run.checkSharedTargets(plan)
        run.judgeRules(of: plan)
        run.keepDefinitionErrorsAlone()
        return run
    }
}

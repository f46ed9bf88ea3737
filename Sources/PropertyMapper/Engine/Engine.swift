// The data path, from a call to a stored property:
//
//   Mapper.mapValues(from:to:using:)        the public entry points (Mapper.swift)
//   Engine.map(_:into:using:)               refuses a mapping with definition errors (Plan, PlanCheck)
//   Engine.run(_:on:plan:writes:)           one model: a temporary staging buffer (Staging.swift)
//   MappingRun.visit(_:_:)                  phase one walks the plan's levels over the source (MappingRun.swift)
//   MappingRun.visit(_:present:)            each value is read once into a SourceItem (SourceItem.swift)
//   Field.stage(_:at:_:in:)                 converts it (Conversion.swift), runs the validators, boxes or
//                                           calls, and puts the result in its slot (Field.swift)
//   StagingBuffer.stage(_:)                 the value waits there while the other fields are checked
//   StagingBuffer.moveAll(into:)            phase two, only when no check failed, in declaration order
//   InlineMove / PropertyWriter.write       assigns it: a struct model's inline property at its offset,
//                                           anything else through its key path (PropertyWriter.swift)
//
// On any error, StagingBuffer.discardAll destroys what was staged and the model is left untouched.

/// Runs plans over sources: the one place that joins phase one and phase two.
enum Engine {
    /// Maps `source` into `model`: every error, or nothing wrong and everything written.
    static func map<Root>(_ source: Any?, into model: inout Root, using plan: Plan) throws(MappingError) {
        try refuseFaulty(plan)
        let errors = withUnsafeMutablePointer(to: &model) { run(source, on: $0, plan: plan, writes: true) }
        if !errors.isEmpty { throw MappingError(errors: errors) }
    }

    /// The errors mapping `source` would give, running every check and call on `model`, writing nothing.
    static func validate<Root>(_ source: Any?, for model: Root, using plan: Plan) -> [ValidationError] {
        if !plan.definitionErrors.isEmpty { return plan.definitionErrors }
        var copy = model
        return withUnsafeMutablePointer(to: &copy) { run(source, on: $0, plan: plan, writes: false) }
    }

    /// A mapping with definition errors is never run: they are thrown alone.
    static func refuseFaulty(_ plan: Plan) throws(MappingError) {
        if !plan.definitionErrors.isEmpty { throw MappingError(errors: plan.definitionErrors) }
    }

    /// Phase one over `source` for the model at `model` and, when nothing failed and `writes`, phase
    /// two. Returns the errors; none means the staged values were written (or, in a dry run, dropped).
    ///
    /// The staging buffer is a temporary allocation for this model alone, so a run of a nested model
    /// has its own, and a call made per record allocates nothing on the heap for it.
    private static func run<Root>(_ source: Any?, on model: UnsafeMutablePointer<Root>, plan: Plan, writes: Bool) -> [ValidationError] {
        withUnsafeTemporaryAllocation(byteCount: plan.staging.size, alignment: plan.staging.alignment) { buffer in
            // `StagingLayout` is never empty, so the buffer has an address.
            let staging = StagingBuffer(base: buffer.baseAddress!, plan: plan)
            var run = MappingRun(root: UnsafeRawPointer(model), staging: staging, stagesWrites: writes)
            if let source {
                run.visit(plan.root, SourceItem(source))
            } else {
                run.visitAbsent(plan.root)
            }
            if run.errors.isEmpty {
                staging.moveAll(into: UnsafeMutableRawPointer(model))
            } else {
                staging.discardAll()
            }
            return run.errors
        }
    }
}

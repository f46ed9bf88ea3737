/// `.box` into an array property (`[V]` or `[V]?`): the source must be an array whose every element
/// is the boxing's `Input` (null elements are `type` errors), the node's validators judge the array,
/// then each element is boxed. Every failing element is reported at its index (`links[2]`), with the
/// boxing's rule and the array property's name.
// @unchecked, as its base: immutable `let`s of `Sendable` types only.
final class BoxArrayField<Root, Input, Target>: PropertyWriter<Root, Target>, Field, @unchecked Sendable {
    private let rule: String
    private let element: Conversion<Input>
    private let conversion: Conversion<[Input]>
    let demand: JSONDemand
    /// Boxes every element: initializes the slot with a `Target` and returns no failure, or returns
    /// each failing element's index and failure and leaves the slot as it was.
    private let transform: @Sendable ([Input], UnsafeMutableRawPointer) -> [(index: Int, failure: Failure)]
    /// The way back, element by element, for an array that is not nil; nil when the boxing has no reverse.
    private let reverse: SerialReverse<Root, Target>?

    init(
        rule: String,
        keyPath: any KeyPath<Root, Target> & Sendable,
        element: Conversion<Input>,
        demand: JSONDemand,
        reverse: SerialReverse<Root, Target>?,
        transform: @escaping @Sendable ([Input], UnsafeMutableRawPointer) -> [(index: Int, failure: Failure)]
    ) {
        self.rule = rule
        self.element = element
        self.conversion = Conversions.array(element)
        self.demand = demand
        self.reverse = reverse
        self.transform = transform
        super.init(keyPath, typeName: TypeName.of(Target.self))
    }

    /// Under `.lenient()`: each element read by the lenient table, as the boxing's input.
    func lenient() -> (any Field)? {
        Conversions.lenient(element).map {
            BoxArrayField(rule: rule, keyPath: keyPath, element: $0, demand: demand, reverse: reverse, transform: transform)
        }
    }

    var irreversibility: Failure? { reverse == nil ? .noReverse(rule: rule) : nil }

    func serialize(
        from root: UnsafeRawPointer, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> SerialOutcome {
        serialize(from: root, key: key, into: &output, &issues, reversedBy: reverse)
    }

    var scratchLayout: ValueLayout { .of([Input].self) }
    var instanceUse: InstanceUse? { nil }
    var input: InputType { InputType(name: conversion.typeName, kinds: conversion.kinds) }

    func stage(_ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) {
        var issues = ConversionIssues(nesting: run.nesting)
        let scratch = run.staging.scratch(field)
        guard conversion.convertInto(item, scratch, &issues) else { return run.fail(node, issues: issues) }
        let converted = scratch.assumingMemoryBound(to: [Input].self).move()
        guard run.passesValidators(node, item) else { return }
        let failures = transform(converted, run.staging.slot(field))
        if failures.isEmpty {
            run.staged(field, checkedBy: node, from: item)
            if !issues.list.isEmpty { run.warn(node, issues: issues) }  // the elements' coercions
            return
        }
        let source = item.indexed
        for (index, failure) in failures {
            let value: Any = source.flatMap { index < $0.count ? $0[index] : nil } ?? SourceValue.null
            var element = issues.forPart()
            element.add(failure, value: value, rule: rule)
            issues.add(element, under: MappingKey.index(index).subpath)
        }
        run.fail(node, issues: issues)
    }
}

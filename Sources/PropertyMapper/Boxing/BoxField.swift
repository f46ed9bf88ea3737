/// A field that tells the JSON reader how to build its value (see `JSONDemand.of`); fields that
/// do not conform get their value whole.
protocol JSONDemandingField: Field {
    var jsonDemand: JSONDemand { get }
}

/// `.box`: the source value is checked against the boxing's `Input`, validated, then boxed into the
/// property's type. The boxing is never invoked with null.
// @unchecked, as its base: immutable `let`s of `Sendable` types only.
final class BoxField<Root, Input, Target>: PropertyWriter<Root, Target>, JSONDemandingField, @unchecked Sendable {
    private let rule: String
    private let conversion: Conversion<Input>
    let jsonDemand: JSONDemand
    /// Boxes the value: initializes the slot with a `Target` and returns nil, or returns why it
    /// failed and leaves the slot as it was.
    private let transform: @Sendable (Input, UnsafeMutableRawPointer) -> Failure?

    init(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        input: Conversion<Input>,
        demand: JSONDemand,
        transform: @escaping @Sendable (Input, UnsafeMutableRawPointer) -> Failure?
    ) {
        self.rule = rule
        self.conversion = input
        self.jsonDemand = demand
        self.transform = transform
        super.init(keyPath, typeName: TypeName.of(Target.self))
    }

    var scratchLayout: ValueLayout { .of(Input.self) }
    var input: InputType { InputType(name: conversion.typeName, kinds: conversion.kinds) }

    func stage(_ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) {
        var issues = ConversionIssues()
        // Converted into the field's scratch space rather than returned: generic code handling an
        // `Input?` would look up that type's metadata on every call.
        let scratch = run.staging.scratch(field)
        guard conversion.convertInto(item, scratch, &issues) else { return run.fail(node, issues: issues) }
        let converted = scratch.assumingMemoryBound(to: Input.self).move()
        guard run.passesValidators(node, item) else { return }
        if let failure = transform(converted, run.staging.slot(field)) {
            run.fail(node, rule: rule, failure: failure, value: item.value)
        } else {
            run.staged(field)
        }
    }
}

/// `.box` into an array property (`[V]` or `[V]?`): the source must be an array whose every element
/// is the boxing's `Input` (null elements are `type` errors), the node's validators judge the array,
/// then each element is boxed. Every failing element is reported at its index (`links[2]`), with the
/// boxing's rule and the array property's name.
// @unchecked, as its base: immutable `let`s of `Sendable` types only.
final class BoxArrayField<Root, Input, Target>: PropertyWriter<Root, Target>, JSONDemandingField, @unchecked Sendable {
    private let rule: String
    private let conversion: Conversion<[Input]>
    let jsonDemand: JSONDemand
    /// Boxes every element: initializes the slot with a `Target` and returns no failure, or returns
    /// each failing element's index and failure and leaves the slot as it was.
    private let transform: @Sendable ([Input], UnsafeMutableRawPointer) -> [(index: Int, failure: Failure)]

    init(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        element: Conversion<Input>,
        demand: JSONDemand,
        transform: @escaping @Sendable ([Input], UnsafeMutableRawPointer) -> [(index: Int, failure: Failure)]
    ) {
        self.rule = rule
        self.conversion = Conversions.array(element)
        self.jsonDemand = demand
        self.transform = transform
        super.init(keyPath, typeName: TypeName.of(Target.self))
    }

    var scratchLayout: ValueLayout { .of([Input].self) }
    var input: InputType { InputType(name: conversion.typeName, kinds: conversion.kinds) }

    func stage(_ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) {
        var issues = ConversionIssues()
        let scratch = run.staging.scratch(field)
        guard conversion.convertInto(item, scratch, &issues) else { return run.fail(node, issues: issues) }
        let converted = scratch.assumingMemoryBound(to: [Input].self).move()
        guard run.passesValidators(node, item) else { return }
        let failures = transform(converted, run.staging.slot(field))
        if failures.isEmpty { return run.staged(field) }
        let source = item.indexed
        for (index, failure) in failures {
            let value: Any? = source.flatMap { index < $0.count ? $0[index] : nil }
            issues.list.append(ConversionIssues.Issue(
                subpath: MappingKey.index(index).subpath, property: nil, rule: rule, failure: failure, value: value))
        }
        run.fail(node, issues: issues)
    }
}

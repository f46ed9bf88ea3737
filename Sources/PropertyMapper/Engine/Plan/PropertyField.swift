/// The field of every leaf but a merge: converts the source value to `Input`, lets the validators
/// judge it, finishes it into the property's `Value` and stages it; phase two writes it.
///
/// - `.property`: `Input` is `Value`; the conversion writes straight into the slot.
/// - `.box`, `.call`: the conversion writes an `Input` into scratch space, then `finish` makes the
///   value in the slot.
///
/// Phase two moves a struct's inline stored property by its `InlineMove` (at
/// `MemoryLayout.offset(of:)`); everything else goes through the key path, running setters and
/// observers. A final class, not a struct, and `finish` a stored closure: generic code would look
/// up a generic struct's metadata on every access.
final class PropertyField<Root, Input, Value>: Field, Sendable {
    /// Makes the property's value from a checked `Input` in the slot (given the model, nil for an
    /// immutable one), or returns why not and leaves the slot as it was.
    typealias Finish = @Sendable (ModelAccess?, Input, String, ValueSlot<Value>) -> Finished

    private let keyPath: FieldKeyPath<Root, Value>
    let traits: FieldTraits
    /// The property's offset when it is stored inline in a struct model, where serialize reads it.
    private let readOffset: Int?
    /// `Value` when it is an `Optional` (null reads as nil; serialize leaves nil out).
    private let optionalType: (any OptionalConvertible.Type)?
    /// Whether a `Value` is nil, for an `Optional` property (serialize leaves nil out).
    private let isNil: (@Sendable (Value) -> Bool)?

    private let conversion: Conversion<Input>
    /// Nil for `.property`, whose `Input` is `Value`.
    private let finish: Finish?
    /// The rule a failing `finish` reports (`box(URL)`, `call`).
    private let rule: String
    /// The way back for serialize; nil when a boxing or a call has none.
    private let reverse: SerialReverse<Root, Value>?
    /// The field's conversion under `.lenient()`; nil when it has no lenient form.
    private let lenientConversion: @Sendable (Conversion<Input>) -> Conversion<Input>?
    private let substitutes: Substitutes<Value>
    /// The modifiers that made this field: `.lenient()` and `.droppingInvalidElements()` combine.
    private let modifiers: Set<FieldModifier>

    private init(
        _ keyPath: FieldKeyPath<Root, Value>, conversion: Conversion<Input>, finish: Finish?, rule: String,
        instanceUse: InstanceUse?, demand: JSONDemand, reverse: SerialReverse<Root, Value>?,
        lenientConversion: @escaping @Sendable (Conversion<Input>) -> Conversion<Input>?, substitutes: Substitutes<Value>,
        modifiers: Set<FieldModifier> = []
    ) {
        assert(finish != nil || Input.self == Value.self, "a field without a finish converts to its property's type")
        self.keyPath = keyPath
        readOffset = Root.self is AnyObject.Type ? nil : MemoryLayout<Root>.offset(of: keyPath.path)
        optionalType = Value.self as? any OptionalConvertible.Type
        isNil = optionalType?.nilTest(for: Value.self)
        traits = FieldTraits(
            valueType: Value.self, propertyName: PropertyName.of(keyPath.path), stagedType: ObjectIdentifier(Value.self),
            stagedLayout: .of(Value.self),
            scratchLayout: finish == nil ? .none : .of(Input.self),
            input: InputType(name: conversion.typeName, kinds: conversion.kinds), demand: demand,
            isWritable: keyPath.writable != nil, isOptional: optionalType != nil, instanceUse: instanceUse,
            inlineMove: keyPath.writable == nil ? nil : readOffset.map { InlineMove(type: StagedType<Value>.self, offset: $0) },
            irreversibility: reverse == nil ? .noReverse(rule: rule) : nil,
            hasDefault: substitutes.defaultValue != nil, hasFallback: substitutes.fallback != nil,
            convertsToNumber: finish != nil && SourceNumber.reads(optionalType?.wrappedType ?? Value.self))
        self.conversion = conversion
        self.finish = finish
        self.rule = rule
        self.reverse = reverse
        self.lenientConversion = lenientConversion
        self.substitutes = substitutes
        self.modifiers = modifiers
    }

    /// `.property(\.x)`: converted strictly to the property's type (or by `conversion`).
    convenience init(
        _ keyPath: any KeyPath<Root, Value> & Sendable, substitutes: Substitutes<Value> = Substitutes(),
        conversion: Conversion<Input> = Conversions.make(Input.self)
    ) where Input == Value {
        self.init(FieldKeyPath(keyPath), substitutes: substitutes, conversion: conversion)
    }

    private convenience init(
        _ keyPath: FieldKeyPath<Root, Value>, substitutes: Substitutes<Value>, conversion: Conversion<Input>,
        modifiers: Set<FieldModifier> = []
    ) where Input == Value {
        let write = conversion.write
        self.init(
            keyPath, conversion: conversion, finish: nil, rule: "type", instanceUse: nil, demand: conversion.demand,
            reverse: { _, value, output, issues in write(value, &output, &issues) }, lenientConversion: Conversions.lenient,
            substitutes: substitutes, modifiers: modifiers)
    }

    /// `.box` and `.call`: converted to `input`, then finished. `lenientConversion` makes `input`'s `.lenient()` form.
    convenience init(
        rule: String, keyPath: any KeyPath<Root, Value> & Sendable, input: Conversion<Input>, instanceUse: InstanceUse? = nil,
        demand: JSONDemand? = nil, reverse: SerialReverse<Root, Value>?, substitutes: Substitutes<Value> = Substitutes(),
        lenientConversion: @escaping @Sendable (Conversion<Input>) -> Conversion<Input>? = Conversions.lenient, finish: @escaping Finish
    ) {
        self.init(
            FieldKeyPath(keyPath), conversion: input, finish: finish, rule: rule, instanceUse: instanceUse, demand: demand ?? input.demand,
            reverse: reverse, lenientConversion: lenientConversion, substitutes: substitutes)
    }

    // MARK: Variants

    func modified(_ modifier: FieldModifier) -> (any Field)? {
        switch modifier {
        case .lenient: lenient()
        case .droppingInvalidElements: droppingInvalidElements(lenient: modifiers.contains(.lenient))
        case .merging: merging()
        }
    }

    /// Nil when the field converts no scalar the lenient table covers.
    private func lenient() -> (any Field)? {
        if conversion.appliedCoercion != nil { return self }
        if modifiers.contains(.droppingInvalidElements) { return droppingInvalidElements(lenient: true) }
        return lenientConversion(conversion).map {
            PropertyField(
                keyPath, conversion: $0, finish: finish, rule: rule, instanceUse: traits.instanceUse, demand: traits.demand,
                reverse: reverse, lenientConversion: lenientConversion, substitutes: substitutes, modifiers: modifiers.union([.lenient]))
        }
    }

    /// Nil when the property is not an array or the field boxes or calls.
    private func droppingInvalidElements(lenient: Bool) -> (any Field)? {
        guard finish == nil, let lossy = conversion.forms?.lossy, let lossy: Conversion<Value> = Conversions.typed(lossy(lenient)) else {
            return nil
        }
        let modifiers = modifiers.union(lenient ? [.droppingInvalidElements, .lenient] : [.droppingInvalidElements])
        return PropertyField<Root, Value, Value>(keyPath, substitutes: substitutes, conversion: lossy, modifiers: modifiers)
    }

    /// Nil when the property holds no `Mappable` model, the field boxes or calls, or it has a `default:` or `fallback:`
    /// (a merge writes into the current value, never a substitute).
    private func merging() -> (any Field)? {
        guard finish == nil, substitutes.defaultValue == nil, substitutes.fallback == nil,
            let model = Value.self as? any (Mappable & ThreadSafeMetatype).Type
        else { return nil }
        return mergingField(model)
    }

    private func mergingField<Model: Mappable & ThreadSafeMetatype>(_: Model.Type) -> (any Field)? {
        // The same key path, seen with the model's type (`Model` is `Value`).
        keyPath.cast(to: Model.self).map { MergingField($0) }
    }

    var keyPathID: AnyKeyPath { keyPath.path }

    // MARK: Phase one

    func stage(_ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) {
        if let coercion = conversion.appliedCoercion { return stageLeniently(item, coercion, at: node, field, in: &run) }
        var issues = ConversionIssues(nesting: nesting(at: node, run.nesting))
        convertAndStage(item, at: node, field, in: &run, &issues)
    }

    /// The run's nesting; in a dry run, when a boxing, a call or an `.ensure` reads the converted value, one that makes the
    /// models in it whole, as `map` makes them, so that code sees them as mapped (they are dropped with the value).
    @inline(__always)
    private func nesting(at node: PlanNode, _ nesting: Nesting) -> Nesting {
        nesting.writes || (finish == nil && node.ensures.isEmpty) ? nesting : nesting.writingInner(true)
    }

    /// Under `.lenient()`: the value `coercion` reads `item` as (its `coerced` warning in the issues), or `item` when the
    /// table reads it as it is.
    @inline(never)
    private func stageLeniently(
        _ item: SourceItem, _ coercion: Coercion.Target, at node: PlanNode, _ field: PlanField, in run: inout MappingRun
    ) {
        var issues = ConversionIssues(nesting: nesting(at: node, run.nesting))
        convertAndStage(Coercion.coerced(item, coercion, to: conversion.typeName, &issues), at: node, field, in: &run, &issues)
    }

    @inline(__always)
    private func convertAndStage(
        _ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun, _ issues: inout ConversionIssues
    ) {
        guard let finish else {
            // `.property`: straight into the slot.
            let slot = run.staging.slot(field, as: Input.self)
            guard conversion.convertInto(item, slot, &issues) else { return run.fail(node, issues: issues) }
            guard run.passesValidators(node, item) else { return slot.destroy() }
            return staged(item, at: node, field, in: &run, &issues)
        }
        // `.box`, `.call`: into the field's scratch space rather than returned (generic code handling
        // an `Input?` would look up that type's metadata on every call), then finished into the slot.
        let scratch = run.staging.scratch(field, as: Input.self)
        let converted = conversion.convertInto(item, scratch, &issues)
        if !issues.list.isEmpty { issues.nameOnlyTheProperty() }
        guard converted else { return run.fail(node, issues: issues) }
        let input = scratch.move()
        guard run.passesValidators(node, item) else { return }
        switch finish(run.model, input, node.property, run.staging.slot(field, as: Value.self)) {
        case .done:
            staged(item, at: node, field, in: &run, &issues)
        case let .failed(failure):
            issues.add(failure, value: item.value, rule: rule)
            run.fail(node, issues: issues)
        case let .failedElements(failures):
            let source = item.indexed
            for (index, failure) in failures {
                let value: Any = source.flatMap { index < $0.count ? $0[index] : nil } ?? SourceValue.null
                issues.add(failure, value: value, rule: rule, at: MappingKey.index(index).subpath)
            }
            run.fail(node, issues: issues)
        }
    }

    @inline(__always)
    private func staged(
        _ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun, _ issues: inout ConversionIssues
    ) {
        // A coercion's or a nested model's warnings, for a value kept: not for one a rule refused.
        if run.staged(field, checkedBy: node, from: item), !issues.list.isEmpty { run.warn(node, issues: issues) }
    }

    func stage(_ substitute: Substitute, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) -> String? {
        if substitute == .null {
            guard let optionalType else {
                run.failNull(at: node, expected: finish == nil ? conversion.typeName : TypeName.of(Value.self))
                return nil
            }
            optionalType.initializeNil(run.staging.slot(field, as: Value.self))
            run.staged(field)
            return nil
        }
        // The stored maker, called here: a helper returning a `Value?` to generic code would look its metadata up on every call.
        guard let make = substitute == .defaultValue ? substitutes.defaultValue : substitutes.fallback else { return nil }
        let value = make()
        run.staging.slot(field, as: Value.self).initialize(to: value)
        run.staged(field)
        return SourceValue.render(value)
    }

    func failures(of ensures: [Ensure], staged field: PlanField, in staging: StagingBuffer) -> [(rule: String, failure: Failure)] {
        let value: Any = staging.value(field.index, as: Value.self)
        return ensures.compactMap { ensure in ensure.judge(value).map { (ensure.rule, $0) } }
    }

    // MARK: Phase two

    /// Through the key path (phase two moves inline properties itself). A plan holding a read-only
    /// key path is refused before any run that writes.
    func commit(_ field: PlanField, from staging: StagingBuffer, into model: ModelAccess) {
        model.write(staging.move(field, as: Value.self), to: keyPath)
    }

    func discard(_ field: PlanField, from staging: StagingBuffer) {
        staging.destroy(field, as: Value.self)
    }

    // MARK: Serialize

    func serialize(
        from model: ModelAccess, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> SerialOutcome {
        // A plan holding a field without a reverse is refused before any serialize (`Plan.serializeErrors`).
        guard let reverse else { return .failed }
        // Read at its offset when it lies inline in a struct, through the key path otherwise.
        let value = if let readOffset { model.load(at: readOffset, as: Value.self) } else { model.read(keyPath.path) }
        let isNil = self.isNil?(value) ?? false
        if isNil, !output.writingNulls { return .omitted }
        if let key { output.key(key) }
        if isNil {
            output.null()
            return .written
        }
        return reverse(model, value, &output, &issues) ? .written : .failed
    }
}

enum Finished {
    case done
    /// The slot is as it was, for this reason.
    case failed(Failure)
    /// The slot is as it was: these elements failed (a boxing over an array).
    case failedElements([(index: Int, failure: Failure)])
}

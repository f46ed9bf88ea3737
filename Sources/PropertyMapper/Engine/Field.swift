/// A mapping leaf: checks one present source value, stages the converted value, and later writes it.
///
/// Descriptors make fields; the engine drives them through `FieldCore`, their base class, which has
/// no generic parameter. A field is immutable and shared by every run.
protocol Field<Root>: FieldCore, Sendable {
    associatedtype Root
    var propertyName: String? { get }
    /// Type check, then the node's validators, then any conversion; stages a write or records errors.
    func stage(_ value: Any, at node: PlanNode<Root>, in run: inout MappingRun<Root>)
    /// Null: writes nil into an optional property, and is a `type` error for any other.
    func stageNull(at node: PlanNode<Root>, in run: inout MappingRun<Root>)
}

extension Field {
    func stage(_ value: Any, at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        run.withRoot { stage(value, at: node, in: &$0) }
    }

    func stageNull(at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        stageNull(at: node, in: &run.core)
    }
}

/// The engine's view of a field: the same operations with the model's type erased.
// Immutable; `@unchecked` because a non-final class cannot state `Sendable` otherwise.
class FieldCore: @unchecked Sendable {
    /// The property's name from its key path, or nil when the key path does not tell it
    /// (a property with observers); the plan then names it after its mapping key.
    let propertyName: String?
    /// Stride and alignment of the staged value (the property's type), for the staging area's slots.
    let stagedLayout: (size: Int, alignment: Int)

    init(propertyName: String?, staging: Any.Type) {
        self.propertyName = propertyName
        func layout<T>(_: T.Type) -> (size: Int, alignment: Int) { (MemoryLayout<T>.stride, MemoryLayout<T>.alignment) }
        self.stagedLayout = _openExistential(staging, do: layout)
    }

    /// Type check, then the node's validators, then any conversion; stages a write or records errors.
    func stage(_ value: Any, at node: NodeCore, in run: inout RunCore) {
        preconditionFailure("every field overrides stage")
    }

    /// Null: writes nil into an optional property, and is a `type` error for any other.
    func stageNull(at node: NodeCore, in run: inout RunCore) {
        preconditionFailure("every field overrides stageNull")
    }

    /// Moves the value this field staged in `slot` into the model at `root` (a pointer to a `Root`).
    func writeStaged(_ slot: UnsafeMutableRawPointer, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        preconditionFailure("every field overrides writeStaged")
    }

    /// Destroys the value this field staged in `slot`.
    func discardStaged(_ slot: UnsafeMutableRawPointer) {
        preconditionFailure("every field overrides discardStaged")
    }
}

/// `.property(\.x)`: the source value, strictly checked against the property's own type.
// The fields are immutable. `@unchecked` covers `nullValue`, which only ever holds `nil`
// (a value without a payload), so it is safe to share whether or not the property type is Sendable.
final class PropertyField<Root, Value>: FieldCore, Field, @unchecked Sendable {
    private let writer: PropertyWriter<Root, Value>
    private let conversion: Conversion<Value>
    /// `nil` as a `Value`, for an optional property; nil otherwise.
    private let nullValue: Value?

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        self.writer = PropertyWriter(keyPath)
        self.conversion = Conversions.make(Value.self)
        self.nullValue = NullValue.of(Value.self)
        super.init(propertyName: PropertyName.of(keyPath), staging: Value.self)
    }

    override func stage(_ value: Any, at node: NodeCore, in run: inout RunCore) {
        var issues = ConversionIssues()
        let slot = run.slot(for: node)
        guard conversion.convertInto(value, slot, &issues) else {
            run.fail(node, issues: issues)
            return
        }
        guard run.passesValidators(node, value) else {
            discardStaged(slot)
            return
        }
        run.staged(self, at: node)
    }

    override func stageNull(at node: NodeCore, in run: inout RunCore) {
        guard let nullValue else {
            return run.failNull(at: node, expected: conversion.typeName)
        }
        run.slot(for: node).initializeMemory(as: Value.self, repeating: nullValue, count: 1)
        run.staged(self, at: node)
    }

    override func writeStaged(_ slot: UnsafeMutableRawPointer, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        writer.write(from: slot.assumingMemoryBound(to: Value.self), into: root, classOffset: &classOffset)
    }

    override func discardStaged(_ slot: UnsafeMutableRawPointer) {
        slot.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }
}

/// `.box` and `.call`: the source value is checked against `Input`, validated, then transformed
/// into the property's type. The transform is never invoked with null.
final class TransformField<Root, Input, Target>: FieldCore, Field, @unchecked Sendable {
    private let rule: String
    private let writer: PropertyWriter<Root, Target>
    private let input: Conversion<Input>
    /// `nil` as a `Target`, for an optional property; nil otherwise.
    private let nullValue: Target?
    /// Boxes or calls (given the model, the value and the property's name): initializes the slot
    /// with a `Target` and returns nil, or returns why it failed and leaves the slot as it was.
    /// (Writing the slot itself, where `Target` is known, spares the engine's generic code a cast
    /// and an enum's metadata.)
    private let transform: @Sendable (Root, Input, String, UnsafeMutableRawPointer) -> Failure?

    init(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        input: Conversion<Input>,
        transform: @escaping @Sendable (Root, Input, String, UnsafeMutableRawPointer) -> Failure?
    ) {
        self.rule = rule
        self.writer = PropertyWriter(keyPath)
        self.input = input
        self.nullValue = NullValue.of(Target.self)
        self.transform = transform
        super.init(propertyName: PropertyName.of(keyPath), staging: Target.self)
    }

    override func stage(_ value: Any, at node: NodeCore, in run: inout RunCore) {
        var issues = ConversionIssues()
        guard let converted = input.convert(value, &issues) else {
            run.fail(node, issues: issues)
            return
        }
        guard run.passesValidators(node, value) else { return }
        // MappingRun points `run.root` at the model for the length of its walk.
        let root = run.root!.assumingMemoryBound(to: Root.self).pointee
        if let failure = transform(root, converted, node.property, run.slot(for: node)) {
            run.fail(node, rule: rule, failure: failure, value: value)
        } else {
            run.staged(self, at: node)
        }
    }

    override func stageNull(at node: NodeCore, in run: inout RunCore) {
        guard let nullValue else {
            return run.failNull(at: node, expected: TypeName.of(Target.self))
        }
        run.slot(for: node).initializeMemory(as: Target.self, repeating: nullValue, count: 1)
        run.staged(self, at: node)
    }

    override func writeStaged(_ slot: UnsafeMutableRawPointer, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        writer.write(from: slot.assumingMemoryBound(to: Target.self), into: root, classOffset: &classOffset)
    }

    override func discardStaged(_ slot: UnsafeMutableRawPointer) {
        slot.assumingMemoryBound(to: Target.self).deinitialize(count: 1)
    }
}

/// `nil` as a `Value`, when `Value` is an `Optional`.
enum NullValue {
    static func of<Value>(_: Value.Type) -> Value? {
        guard let optional = Value.self as? any OptionalConvertible.Type else { return nil }
        return optional.nilValue as? Value
    }
}

/// A property's name from its key path, worked out once: `\Video.title` → `title`,
/// `\Video.author.email` → `author.email`.
///
/// Nil when the description names no property: a property with observers prints only as
/// `<computed 0x… (Int)>`.
enum PropertyName {
    static func of<Root, Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) -> String? {
        var text = String(describing: keyPath)
        if text.hasPrefix("\\") { text.removeFirst() }
        let rootName = String(describing: Root.self)
        if text.hasPrefix(rootName + ".") {
            text.removeFirst(rootName.count + 1)
        } else if let range = text.firstRange(of: rootName + ".") {
            text = String(text[range.upperBound...])
        }
        let name = withoutComputedComponents(text)
        return name.isEmpty || name.hasPrefix("[") ? nil : name
    }

    /// A subscript prints as `.<computed 0x00007f… (Double)>`, an address that changes from run to
    /// run; name it `[…]` instead: `coords[…]`.
    private static func withoutComputedComponents(_ text: String) -> String {
        var result = text
        while let start = result.firstRange(of: "<computed "),
              let end = result[start.upperBound...].firstIndex(of: ">") {
            var lower = start.lowerBound
            if lower > result.startIndex, result[result.index(before: lower)] == "." {
                lower = result.index(before: lower)
            }
            result.replaceSubrange(lower...end, with: "[…]")
        }
        return result
    }
}

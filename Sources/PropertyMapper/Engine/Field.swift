/// A mapping leaf: checks one present source value, stages the converted value, and later writes it.
///
/// Descriptors make fields; the engine drives them through `FieldCore`, their base class, which has
/// no generic parameter. A field is immutable and shared by every run.
protocol Field<Root>: FieldCore, Sendable {
    associatedtype Root
    var propertyName: String { get }
    /// Type check, then the node's validators, then any conversion; stages a write or records errors.
    func stage(_ value: Any, at node: PlanNode<Root>, in run: inout MappingRun<Root>)
    /// Null: writes nil into an optional property, and is a `type` error for any other.
    func stageNull(at node: PlanNode<Root>, in run: inout MappingRun<Root>)
    func write(_ staged: Any, to root: inout Root)
}

extension Field {
    func stage(_ value: Any, at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        run.withRoot { stage(value, at: node, in: &$0) }
    }

    func stageNull(at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        stageNull(at: node, in: &run.core)
    }

    func write(_ staged: Any, to root: inout Root) {
        var classOffset = ClassOffset.notLearned
        withUnsafeMutablePointer(to: &root) { write(staged, into: UnsafeMutableRawPointer($0), classOffset: &classOffset) }
    }
}

/// The engine's view of a field: the same operations with the model's type erased.
// Immutable; `@unchecked` because a non-final class cannot state `Sendable` otherwise.
class FieldCore: @unchecked Sendable {
    let propertyName: String

    init(propertyName: String) {
        self.propertyName = propertyName
    }

    /// Type check, then the node's validators, then any conversion; stages a write or records errors.
    func stage(_ value: Any, at node: NodeCore, in run: inout RunCore) {
        preconditionFailure("every field overrides stage")
    }

    /// Null: writes nil into an optional property, and is a `type` error for any other.
    func stageNull(at node: NodeCore, in run: inout RunCore) {
        preconditionFailure("every field overrides stageNull")
    }

    /// Writes a value staged by this field into the model at `root` (a pointer to a `Root`).
    func write(_ staged: Any, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        preconditionFailure("every field overrides write")
    }
}

/// `.property(\.x)`: the source value, strictly checked against the property's own type.
// The fields are immutable. `@unchecked` covers `nullValue`, which only ever holds `nil`
// (a value without a payload), so it is safe to share whether or not the property type is Sendable.
final class PropertyField<Root, Value>: FieldCore, Field, @unchecked Sendable {
    private let writer: PropertyWriter<Root, Value>
    private let conversion: Conversion<Value>
    /// `nil` as a `Value` for an optional property, ready to stage; nil otherwise.
    private let nullValue: Any?

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        self.writer = PropertyWriter(keyPath)
        self.conversion = Conversions.make(Value.self)
        self.nullValue = NullValue.of(Value.self).map { $0 as Any }
        super.init(propertyName: PropertyName.of(keyPath))
    }

    override func stage(_ value: Any, at node: NodeCore, in run: inout RunCore) {
        var issues = ConversionIssues()
        guard let converted = conversion.convertToAny(value, &issues) else {
            run.fail(node, issues: issues)
            return
        }
        guard run.passesValidators(node, value) else { return }
        run.stage(self, converted, at: node)
    }

    override func stageNull(at node: NodeCore, in run: inout RunCore) {
        run.stageNull(self, nullValue, expected: conversion.typeName, at: node)
    }

    override func write(_ staged: Any, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        writer.write(staged as! Value, into: root, classOffset: &classOffset)
    }
}

/// The result of a box or a call.
enum TransformOutcome<Value> {
    case value(Value)
    case failure(Failure)
}

/// `.box` and `.call`: the source value is checked against `Input`, validated, then transformed
/// into the property's type. The transform is never invoked with null.
final class TransformField<Root, Input, Target>: FieldCore, Field, @unchecked Sendable {
    private let rule: String
    private let writer: PropertyWriter<Root, Target>
    private let input: Conversion<Input>
    /// `nil` as a `Target` for an optional property, ready to stage; nil otherwise.
    private let nullValue: Any?
    private let transform: @Sendable (Root, Input) -> TransformOutcome<Target>

    init(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        input: Conversion<Input>,
        transform: @escaping @Sendable (Root, Input) -> TransformOutcome<Target>
    ) {
        self.rule = rule
        self.writer = PropertyWriter(keyPath)
        self.input = input
        self.nullValue = NullValue.of(Target.self).map { $0 as Any }
        self.transform = transform
        super.init(propertyName: PropertyName.of(keyPath))
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
        switch transform(root, converted) {
        case let .value(result): run.stage(self, result, at: node)
        case let .failure(failure): run.fail(node, rule: rule, failure: failure, value: value)
        }
    }

    override func stageNull(at node: NodeCore, in run: inout RunCore) {
        run.stageNull(self, nullValue, expected: TypeName.of(Target.self), at: node)
    }

    override func write(_ staged: Any, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        writer.write(staged as! Target, into: root, classOffset: &classOffset)
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
enum PropertyName {
    static func of<Root, Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) -> String {
        var text = String(describing: keyPath)
        if text.hasPrefix("\\") { text.removeFirst() }
        let rootName = String(describing: Root.self)
        if text.hasPrefix(rootName + ".") {
            text.removeFirst(rootName.count + 1)
        } else if let range = text.firstRange(of: rootName + ".") {
            text = String(text[range.upperBound...])
        }
        return withoutComputedComponents(text)
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

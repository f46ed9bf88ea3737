/// A mapping leaf: checks one present source value, stages the converted value, and later writes it.
///
/// Descriptors make fields; the engine drives them. A field is immutable and shared by every run.
protocol Field<Root>: AnyObject, Sendable {
    associatedtype Root
    var propertyName: String { get }
    /// Type check, then the node's validators, then any conversion; stages a write or records errors.
    func stage(_ value: Any, at node: PlanNode<Root>, in run: inout MappingRun<Root>)
    /// Null: writes nil into an optional property, and is a `type` error for any other.
    func stageNull(at node: PlanNode<Root>, in run: inout MappingRun<Root>)
    func write(_ staged: Any, to root: inout Root)
}

/// `.property(\.x)`: the source value, strictly checked against the property's own type.
// The fields are immutable. `@unchecked` covers `nullValue`, which only ever holds `nil`
// (a value without a payload), so it is safe to share whether or not the property type is Sendable.
final class PropertyField<Root, Value>: Field, @unchecked Sendable {
    let propertyName: String
    private let keyPath: any WritableKeyPath<Root, Value> & Sendable
    private let conversion: Conversion<Value>
    private let nullValue: Value?

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
        self.propertyName = PropertyName.of(keyPath)
        self.conversion = Conversions.make(Value.self)
        self.nullValue = NullValue.of(Value.self)
    }

    func stage(_ value: Any, at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        var issues = ConversionIssues()
        guard let converted = conversion.convert(value, &issues) else {
            run.fail(node, issues: issues)
            return
        }
        guard run.passesValidators(node, value) else { return }
        run.stage(self, converted)
    }

    func stageNull(at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        run.stageNull(self, nullValue, expected: conversion.typeName, at: node)
    }

    func write(_ staged: Any, to root: inout Root) {
        root[keyPath: keyPath] = staged as! Value
    }
}

/// The result of a box or a call.
enum TransformOutcome<Value> {
    case value(Value)
    case failure(Failure)
}

/// `.box` and `.call`: the source value is checked against `Input`, validated, then transformed
/// into the property's type. The transform is never invoked with null.
final class TransformField<Root, Input, Target>: Field, @unchecked Sendable {
    let propertyName: String
    private let rule: String
    private let keyPath: any WritableKeyPath<Root, Target> & Sendable
    private let input: Conversion<Input>
    private let nullValue: Target?
    private let transform: @Sendable (Root, Input) -> TransformOutcome<Target>

    init(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        input: Conversion<Input>,
        transform: @escaping @Sendable (Root, Input) -> TransformOutcome<Target>
    ) {
        self.rule = rule
        self.keyPath = keyPath
        self.propertyName = PropertyName.of(keyPath)
        self.input = input
        self.nullValue = NullValue.of(Target.self)
        self.transform = transform
    }

    func stage(_ value: Any, at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        var issues = ConversionIssues()
        guard let converted = input.convert(value, &issues) else {
            run.fail(node, issues: issues)
            return
        }
        guard run.passesValidators(node, value) else { return }
        switch transform(run.root, converted) {
        case let .value(result): run.stage(self, result)
        case let .failure(failure): run.fail(node, rule: rule, failure: failure, value: value)
        }
    }

    func stageNull(at node: PlanNode<Root>, in run: inout MappingRun<Root>) {
        run.stageNull(self, nullValue, expected: TypeName.of(Target.self), at: node)
    }

    func write(_ staged: Any, to root: inout Root) {
        root[keyPath: keyPath] = staged as! Target
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

/// A mapping leaf: checks one present source value, stages the converted value, and later writes it.
///
/// Descriptors make fields; the engine drives them through `FieldCore`, their base class, which has
/// no generic parameter. A field is immutable and shared by every run.
protocol Field<Root>: FieldCore, Sendable {
    associatedtype Root
}

/// The engine's view of a field: the same operations with the model's type erased.
// Immutable; `@unchecked` because a non-final class cannot state `Sendable` otherwise.
class FieldCore: @unchecked Sendable {
    /// The property's name from its key path, or nil when the key path does not tell it
    /// (a property with observers); the plan then names it after its mapping key.
    let propertyName: String?
    /// Stride and alignment of the staged value (the property's type), for the staging area's slots.
    let stagedLayout: (size: Int, alignment: Int)
    /// Stride and alignment of a value the field converts before transforming it, for the staging
    /// area's scratch space; zero when it converts straight into its slot.
    let scratchLayout: (size: Int, alignment: Int)
    /// When the staged type is an `Optional`, which takes null as nil: the bytes of its `nil`.
    /// `nil` holds no payload, so copying those bytes makes a valid `nil`, without the generic
    /// code that initializing one would run on every null.
    private let nilBytes: UnsafeMutableRawPointer?
    /// The staged type's name, for a null into a property that is not optional.
    private let stagedTypeName: String
    /// How phase two writes the staged value without generic code, when it can (see `StoredMove`).
    let storedMove: StoredMove

    init(propertyName: String?, staging: Any.Type, typeName: String, storedMove: StoredMove, scratch: Any.Type? = nil) {
        self.propertyName = propertyName
        self.storedMove = storedMove
        self.stagedLayout = Self.layout(of: staging)
        self.scratchLayout = scratch.map(Self.layout) ?? (0, 1)
        self.stagedTypeName = typeName
        if let optionalType = staging as? any OptionalConvertible.Type {
            let bytes = UnsafeMutableRawPointer.allocate(byteCount: stagedLayout.size, alignment: stagedLayout.alignment)
            optionalType.initializeNil(at: bytes)
            nilBytes = bytes
        } else {
            nilBytes = nil
        }
    }

    deinit {
        nilBytes?.deallocate()  // a `nil` needs no deinitializing
    }

    private static func layout(of type: Any.Type) -> (size: Int, alignment: Int) {
        func layout<T>(_: T.Type) -> (size: Int, alignment: Int) { (MemoryLayout<T>.stride, MemoryLayout<T>.alignment) }
        return _openExistential(type, do: layout)
    }

    /// Type check, then the node's validators, then any conversion; stages a write or records errors.
    func stage(_ item: SourceItem, at node: NodeCore, in run: inout MappingRun) {
        preconditionFailure("every field overrides stage")
    }

    /// Null: stages nil for an optional property, and is a `type` error for any other.
    final func stageNull(at node: NodeCore, in run: inout MappingRun) {
        guard let nilBytes else {
            return run.failNull(at: node, expected: stagedTypeName)
        }
        run.slot(for: node).copyMemory(from: nilBytes, byteCount: stagedLayout.size)
        run.staged(self, at: node)
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
final class PropertyField<Root, Value>: FieldCore, Field, @unchecked Sendable {
    private let writer: PropertyWriter<Root, Value>
    private let conversion: Conversion<Value>

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        self.writer = PropertyWriter(keyPath)
        self.conversion = Conversions.make(Value.self)
        super.init(
            propertyName: PropertyName.of(keyPath), staging: Value.self, typeName: conversion.typeName,
            storedMove: writer.stored)
    }

    override func stage(_ item: SourceItem, at node: NodeCore, in run: inout MappingRun) {
        var issues = ConversionIssues()
        let slot = run.slot(for: node)
        guard conversion.convertInto(item, slot, &issues) else {
            run.fail(node, issues: issues)
            return
        }
        guard run.passesValidators(node, item) else {
            discardStaged(slot)
            return
        }
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
    /// Boxes or calls (given a pointer to the model, the value and the property's name): initializes
    /// the slot with a `Target` and returns nil, or returns why it failed and leaves the slot as it
    /// was. (Writing the slot itself, where `Target` is known, spares the engine's generic code a
    /// cast and an enum's metadata; only a call reads the model, so only a call copies it.)
    private let transform: @Sendable (UnsafePointer<Root>, Input, String, UnsafeMutableRawPointer) -> Failure?

    init(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        input: Conversion<Input>,
        transform: @escaping @Sendable (UnsafePointer<Root>, Input, String, UnsafeMutableRawPointer) -> Failure?
    ) {
        self.rule = rule
        self.writer = PropertyWriter(keyPath)
        self.input = input
        self.transform = transform
        super.init(
            propertyName: PropertyName.of(keyPath), staging: Target.self, typeName: TypeName.of(Target.self),
            storedMove: writer.stored, scratch: Input.self)
    }

    override func stage(_ item: SourceItem, at node: NodeCore, in run: inout MappingRun) {
        var issues = ConversionIssues()
        // Converted into scratch space rather than returned: an `Input?` here would cost a look-up
        // of its metadata on every call.
        let scratch = run.staging.scratch
        guard input.convertInto(item, scratch, &issues) else {
            run.fail(node, issues: issues)
            return
        }
        let converted = scratch.assumingMemoryBound(to: Input.self).move()
        guard run.passesValidators(node, item) else { return }
        // The run points `run.root` at the model for the length of its walk.
        let root = run.root!.assumingMemoryBound(to: Root.self)
        if let failure = transform(root, converted, node.property, run.slot(for: node)) {
            run.fail(node, rule: rule, failure: failure, value: item.value)
        } else {
            run.staged(self, at: node)
        }
    }

    override func writeStaged(_ slot: UnsafeMutableRawPointer, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        writer.write(from: slot.assumingMemoryBound(to: Target.self), into: root, classOffset: &classOffset)
    }

    override func discardStaged(_ slot: UnsafeMutableRawPointer) {
        slot.assumingMemoryBound(to: Target.self).deinitialize(count: 1)
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

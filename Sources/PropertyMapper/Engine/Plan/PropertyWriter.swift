/// A property that lies inline in a struct model: phase two moves its staged value there by type
/// and offset, as its key path would. Holds no reference, so reading one from the plan
/// retains nothing.
// @unchecked: a metatype and an offset, both immutable (a protocol's metatype is `Sendable` only
// from Swift 6.2's `SendableMetatype` on, which older compilers lack).
struct InlineMove: @unchecked Sendable {
    let type: any StagedValueType.Type
    /// The property's offset in the model.
    let offset: Int
}

/// Opens a staged value's type for phase two.
protocol StagedValueType {
    /// Moves the value in `slot` into `property`, an initialized value of the same type.
    static func move(from slot: UnsafeMutableRawPointer, to property: UnsafeMutableRawPointer)
}

enum StagedType<Value>: StagedValueType {
    static func move(from slot: UnsafeMutableRawPointer, to property: UnsafeMutableRawPointer) {
        property.assumingMemoryBound(to: Value.self).pointee = slot.assumingMemoryBound(to: Value.self).move()
    }
}

/// Stages and writes one property of a `Root`: the base of every field.
///
/// Phase two writes a property in one of two ways, each implemented once, here:
/// - a struct model's stored property reached through stored struct properties only lies at a fixed
///   offset, which `MemoryLayout.offset(of:)` gives; `StagingBuffer.moveAll` moves the value there
///   by its `InlineMove`, as the key path would;
/// - everything else goes through the key path (`moveStaged(from:into:)`): any property of a class
///   model, a path that crosses into an object (`\.author.name`), computed properties and properties
///   with observers, whose setters and observers then run.
///
/// (A class rather than a struct that fields hold: the engine's generic code reaches a base class's
/// properties through the field's own metadata, but would look up a generic struct's metadata on
/// every access.)
class PropertyWriter<Root, Value>: @unchecked Sendable {
    // @unchecked: every property is an immutable `let` of a `Sendable` type; a non-final class
    // cannot state `Sendable` otherwise.
    let keyPath: any KeyPath<Root, Value> & Sendable
    /// The key path when it can write: nil for a `let` or a `private(set)` property, which only an
    /// `ImmutableMappable` model's mapping may target (see `PlanCheck`).
    /// (The same `Sendable` key path object, seen as writable.)
    private let writableKeyPath: WritableKeyPath<Root, Value>?
    /// The property's type and offset when it is inline storage of a struct model; nil otherwise.
    let inlineMove: InlineMove?
    /// The property's type, as a user writes it, for a null into a property that is not optional.
    private let typeName: String
    /// The property's name from its key path, or nil when the key path does not tell it.
    let propertyName: String?
    /// The property's offset when it is stored inline in a struct model (a `let` too), where
    /// serialize reads it; nil otherwise.
    private let readOffset: Int?
    /// `Value` when it is an `Optional`, which takes null as nil and which serialize leaves out when
    /// nil. (Called on the metatype, its static methods are handed its metadata.)
    private let optionalType: (any OptionalConvertible.Type)?
    /// The field's `default:` and `fallback:`.
    let substitutes: Substitutes<Value>

    init(_ keyPath: any KeyPath<Root, Value> & Sendable, typeName: String, substitutes: Substitutes<Value> = Substitutes()) {
        self.keyPath = keyPath
        writableKeyPath = keyPath as? WritableKeyPath<Root, Value>
        // `offset(of:)` is nil for class roots too; asking only for value types states the intent.
        let offset =
            Root.self is AnyObject.Type || writableKeyPath == nil
            ? nil : MemoryLayout<Root>.offset(of: keyPath as KeyPath<Root, Value>)
        self.inlineMove = offset.map { InlineMove(type: StagedType<Value>.self, offset: $0) }
        readOffset = Root.self is AnyObject.Type ? nil : MemoryLayout<Root>.offset(of: keyPath as KeyPath<Root, Value>)
        optionalType = Value.self as? any OptionalConvertible.Type
        self.typeName = typeName
        self.propertyName = PropertyName.of(keyPath)
        self.substitutes = substitutes
    }

    final var valueType: Any.Type { Value.self }

    final func firstFailure(of ensures: [Ensure], staged slot: UnsafeMutableRawPointer) -> (rule: String, failure: Failure)? {
        let value: Any = slot.assumingMemoryBound(to: Value.self).pointee
        for ensure in ensures {
            if let failure = ensure.judge(value) { return (ensure.rule, failure) }
        }
        return nil
    }

    final var hasDefault: Bool { substitutes.defaultValue != nil }
    final var hasFallback: Bool { substitutes.fallback != nil }

    /// Stages the field's `default:` (or its `fallback:`) in its slot; returns it rendered, for the
    /// warning, or nil when the field has none.
    final func stageSubstitute(fallback: Bool, _ field: PlanField, in run: inout MappingRun) -> String? {
        guard let make = fallback ? substitutes.fallback : substitutes.defaultValue else { return nil }
        let value = make()
        run.staging.slot(field).initializeMemory(as: Value.self, repeating: value, count: 1)
        run.staged(field)
        return SourceValue.render(value)
    }

    var stagedLayout: ValueLayout { .of(Value.self) }
    var keyPathID: AnyKeyPath { keyPath }
    var stagesPropertyValue: Bool { true }
    var isWritable: Bool { writableKeyPath != nil }
    var isOptional: Bool { optionalType != nil }

    /// Null: stages nil for an optional property, and is a `type` error for any other.
    final func stageNull(at node: PlanNode, _ field: PlanField, in run: inout MappingRun) {
        guard let optionalType else { return run.failNull(at: node, expected: typeName) }
        optionalType.initializeNil(run.staging.slot(field))
        run.staged(field)
    }

    /// Moves the value staged in `slot` into the model at `root` (a pointer to a `Root`), through the
    /// key path (correct for every property; phase two moves inline ones by their `InlineMove`). A
    /// read-only key path is never written: a plan that holds one is refused before any run that writes.
    final func moveStaged(from slot: UnsafeMutableRawPointer, into root: UnsafeMutableRawPointer) {
        let staged = slot.assumingMemoryBound(to: Value.self)
        // Checked, then unwrapped where it is used: a bound copy would retain the key path on every write.
        guard writableKeyPath != nil else {
            staged.deinitialize(count: 1)
            return
        }
        root.assumingMemoryBound(to: Root.self).pointee[keyPath: writableKeyPath.unsafelyUnwrapped] = staged.move()
    }

    /// Destroys the value staged in `slot`.
    final func discardStaged(_ slot: UnsafeMutableRawPointer) {
        slot.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    /// The property's current value in the model at `root` (a pointer to a `Root`): read at its
    /// offset when it lies inline in a struct, through the key path otherwise.
    final func value(in root: UnsafeRawPointer) -> Value {
        if let readOffset { return root.load(fromByteOffset: readOffset, as: Value.self) }
        return root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath]
    }

    /// Serializes the property of the model at `root` through a box's or a call's `reverse`.
    final func serialize(
        from root: UnsafeRawPointer, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues,
        reversedBy reverse: SerialReverse<Root, Value>?
    ) -> SerialOutcome {
        // A plan holding a field without a reverse is refused before any serialize (`Plan.serializeErrors`).
        guard let reverse else { return .failed }
        let value = value(in: root)
        return serialize(value, key: key, into: &output) { reverse(root.assumingMemoryBound(to: Root.self), value, &$0, &issues) }
    }

    /// Serializes `value`: nil is left out (or written `null` when the output writes nulls);
    /// anything else is written by `write`, after `key` when one is given.
    final func serialize(
        _ value: Value, key: JSONOutput.Key?, into output: inout SerialOutput, _ write: (inout SerialOutput) -> Bool
    ) -> SerialOutcome {
        let isNil = optionalType.map { type in withUnsafePointer(to: value) { type.isNil($0) } } ?? false
        if isNil, !output.writingNulls { return .omitted }
        if let key { output.key(key) }
        if isNil {
            output.null()
            return .written
        }
        return write(&output) ? .written : .failed
    }
}

/// A field's `default:` (written when the value is absent, under `.useDefault`) and `fallback:`
/// (written in place of a present value that fails). Each is made by a closure over a `Sendable`
/// value, so that the field stays `Sendable` whatever the property's type.
struct Substitutes<Value>: Sendable {
    var defaultValue: (@Sendable () -> Value)?
    var fallback: (@Sendable () -> Value)?
}

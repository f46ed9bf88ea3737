import Foundation

/// Writes one property of a `Root` through its key path, the fastest way the key path allows.
///
/// Key-path writes are slow from generic code that the client's module does not specialize: the
/// runtime walks the key path on every write, and for a class it also allocates. So:
/// - a key path to stored struct storage has a fixed offset (`MemoryLayout.offset(of:)`), written directly;
/// - a key path to stored class storage (a `final` class or property) also has one, which the first
///   write of a batch learns (`ClassOffset`); later writes of the batch use it;
/// - anything else (computed properties, observers, non-final class properties) goes through the key path.
struct PropertyWriter<Root, Value>: @unchecked Sendable {
    // @unchecked: key paths made from literals are immutable; the descriptors require `Sendable` ones.
    private let keyPath: WritableKeyPath<Root, Value>
    private let reference: ReferenceWritableKeyPath<Root, Value>?
    /// Moves into storage found by offset, where the value's type allows it without generic code.
    let stored: StoredMove
    /// Movable by copying its bytes once the old value is destroyed (`URL`); otherwise a move into
    /// storage found by offset is an assignment.
    private let isBitwiseTakable: Bool

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        let writable: WritableKeyPath<Root, Value> = keyPath
        self.keyPath = writable
        self.reference = writable as? ReferenceWritableKeyPath<Root, Value>
        self.stored = StoredMove(Value.self, offset: MemoryLayout<Root>.offset(of: writable))
        self.isBitwiseTakable = _isBitwiseTakable(Value.self)
    }

    /// Moves the value at `staged` into the `Root` at `root`, using and updating what the batch learned.
    /// (One value at a time: a bulk move such as `moveUpdate(from:count:)` copies a whole stride,
    /// which for `Int?` inside a struct overwrites the next property.)
    @inline(__always)
    func write(from staged: UnsafeMutablePointer<Value>, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        if let destination = stored.destination(in: root, classOffset: classOffset) {
            return move(staged, over: destination)
        }
        guard let reference else {
            root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = staged.move()
            return
        }
        switch classOffset {
        case .stored: preconditionFailure("written above")
        case .unknown:
            classOffset = writeLearning(staged.move(), into: root.assumingMemoryBound(to: Root.self).pointee, through: reference)
        case .notStored, .notLearned:
            root.assumingMemoryBound(to: Root.self).pointee[keyPath: reference] = staged.move()
        }
    }

    /// Moves the value at `staged` over the initialized `Value` at `destination`.
    @inline(__always)
    private func move(_ staged: UnsafeMutablePointer<Value>, over destination: UnsafeMutableRawPointer) {
        if stored.move(UnsafeMutableRawPointer(staged), over: destination) { return }
        if isBitwiseTakable {
            destination.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
            destination.copyMemory(from: staged, byteCount: MemoryLayout<Value>.size)
        } else {
            destination.assumingMemoryBound(to: Value.self).pointee = staged.move()
        }
    }

    /// Writes through the key path's own projection and reports where it wrote. Stored class
    /// storage is projected in place, kept alive by the runtime's `ClassHolder`; anything else is
    /// projected into a write-back buffer, whose release runs the setter (a computed property's
    /// getter also runs first, as for `&model[keyPath: path]`).
    private func writeLearning(_ value: Value, into object: Root, through reference: ReferenceWritableKeyPath<Root, Value>) -> ClassOffset {
        guard Root.self is AnyObject.Type else {  // such as a class-bound existential
            object[keyPath: reference] = value
            return .notStored
        }
        let (pointer, owner) = _modifyAtReferenceWritableKeyPath_impl(root: object, keyPath: reference)
        pointer.pointee = value
        let stored = owner.map { ClassHolderTypes.contains(type(of: $0)) } ?? false
        let offset = UnsafeMutableRawPointer(pointer) - Unmanaged.passUnretained(object as AnyObject).toOpaque()
        withExtendedLifetime(owner) {}  // ends the access (and, for a write-back buffer, runs the setter)
        return stored ? .stored(offset) : .notStored
    }
}

/// The part of a write that needs no generic code, worked out once per field: where a property's
/// storage lies (a struct's fixed offset, or a class's offset learned by the batch), and how the
/// commonest types move into it. Generic code would reach each value through its type's witnesses,
/// which cost more than the write itself.
struct StoredMove: Sendable {
    enum Kind: Sendable {
        /// No references (`Int`, `Double?`): copying the bytes over the old value is the move.
        case trivial
        /// Destroyed as themselves, then copied.
        case string, optionalString, strings
        /// Any other type: moved by the field's generic code.
        case generic
    }

    let kind: Kind
    /// The value's size (not its stride: the next property may follow within the stride).
    let size: Int
    /// The property's offset in a struct model; nil in a class model.
    let structOffset: Int?

    init<Value>(_: Value.Type, offset: Int?) {
        kind = if _isPOD(Value.self) {
            .trivial
        } else if Value.self == String.self {
            .string
        } else if Value.self == String?.self {
            .optionalString
        } else if Value.self == [String].self {
            .strings
        } else {
            .generic
        }
        size = MemoryLayout<Value>.size
        structOffset = offset
    }

    /// The property's storage in the model at `root` (a pointer to the struct, or to the class
    /// reference), or nil when it is not known by offset.
    @inline(__always)
    func destination(in root: UnsafeMutableRawPointer, classOffset: ClassOffset) -> UnsafeMutableRawPointer? {
        if let structOffset { return root + structOffset }
        // A class reference is the object's address.
        if case let .stored(offset) = classOffset { return root.load(as: UnsafeMutableRawPointer.self) + offset }
        return nil
    }

    /// Moves the value at `staged` over the initialized one at `destination`; false, having done
    /// nothing, for a type it does not know.
    @inline(__always)
    func move(_ staged: UnsafeMutableRawPointer, over destination: UnsafeMutableRawPointer) -> Bool {
        switch kind {
        case .trivial: break
        case .string: destination.assumingMemoryBound(to: String.self).deinitialize(count: 1)
        case .optionalString: destination.assumingMemoryBound(to: String?.self).deinitialize(count: 1)
        case .strings: destination.assumingMemoryBound(to: [String].self).deinitialize(count: 1)
        case .generic: return false
        }
        destination.copyMemory(from: staged, byteCount: size)
        return true
    }
}

/// Which owner types of a key-path projection are the runtime's `ClassHolder`, told by the type's
/// name and remembered: describing a type costs more than mapping a small batch.
private enum ClassHolderTypes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [ObjectIdentifier: Bool] = [:]

    static func contains(_ type: AnyObject.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if let answer = lock.withLock({ known[id] }) { return answer }
        let answer = String(describing: type).hasPrefix("ClassHolder<")
        lock.withLock { known[id] = answer }
        return answer
    }
}

/// Where a field writes inside a class model, learned once per batch (see `PropertyWriter`).
enum ClassOffset {
    /// Not learned yet: the next write learns it.
    case unknown
    /// Bytes from the object's address to the property's storage.
    case stored(Int)
    /// Computed, observed or overridable: always written through the key path.
    case notStored
    /// A single mapping, with nothing to reuse the offset: written through the key path.
    case notLearned
}

/// The class offsets of every field of a plan, by `NodeCore.writeIndex`, for one batch.
struct ClassOffsets {
    private var offsets: [ClassOffset]

    init(fieldCount: Int) {
        offsets = Array(repeating: .unknown, count: fieldCount)
    }

    subscript(index: Int) -> ClassOffset {
        get { index >= 0 && index < offsets.count ? offsets[index] : .notLearned }
        set { if index >= 0 && index < offsets.count { offsets[index] = newValue } }
    }
}

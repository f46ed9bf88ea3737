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
    private let offset: Int?
    /// How a value moves into storage found by offset (see `move(_:over:)`).
    private let storage: Storage

    private enum Storage {
        /// No references (`Int`, `Double?`): copying the bytes over the old value is the move.
        case trivial
        /// Movable by copying its bytes, once the old value is destroyed (`URL`); the commonest
        /// types are destroyed as themselves, which costs a tenth of destroying a generic value.
        case bitwise
        case string
        case optionalString
        case strings
        /// Anything else moves as an assignment.
        case assigned

        init(_: Value.Type) {
            self = if _isPOD(Value.self) {
                .trivial
            } else if Value.self == String.self {
                .string
            } else if Value.self == String?.self {
                .optionalString
            } else if Value.self == [String].self {
                .strings
            } else if _isBitwiseTakable(Value.self) {
                .bitwise
            } else {
                .assigned
            }
        }
    }

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        let writable: WritableKeyPath<Root, Value> = keyPath
        self.keyPath = writable
        self.reference = writable as? ReferenceWritableKeyPath<Root, Value>
        self.offset = MemoryLayout<Root>.offset(of: writable)
        self.storage = Storage(Value.self)
    }

    /// Moves the value at `staged` into the `Root` at `root`, using and updating what the batch learned.
    /// (One value at a time, as an assignment: a bulk move such as `moveUpdate(from:count:)` copies
    /// a whole stride, which for `Int?` inside a struct overwrites the next property.)
    @inline(__always)
    func write(from staged: UnsafeMutablePointer<Value>, into root: UnsafeMutableRawPointer, classOffset: inout ClassOffset) {
        if let offset {
            return move(staged, over: root + offset)
        }
        if case let .stored(offset) = classOffset {
            // A class reference is the object's address.
            return move(staged, over: root.load(as: UnsafeMutableRawPointer.self) + offset)
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

    /// Moves the value at `staged` over the initialized `Value` at `destination`. Copying bytes
    /// spares the generic code's value-witness calls, which cost more than the write itself.
    @inline(__always)
    private func move(_ staged: UnsafeMutablePointer<Value>, over destination: UnsafeMutableRawPointer) {
        switch storage {
        case .trivial:
            destination.copyMemory(from: staged, byteCount: MemoryLayout<Value>.size)
        case .bitwise:
            destination.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
            destination.copyMemory(from: staged, byteCount: MemoryLayout<Value>.size)
        case .string:
            destination.assumingMemoryBound(to: String.self).deinitialize(count: 1)
            destination.copyMemory(from: staged, byteCount: MemoryLayout<String>.size)
        case .optionalString:
            destination.assumingMemoryBound(to: String?.self).deinitialize(count: 1)
            destination.copyMemory(from: staged, byteCount: MemoryLayout<String?>.size)
        case .strings:
            destination.assumingMemoryBound(to: [String].self).deinitialize(count: 1)
            destination.copyMemory(from: staged, byteCount: MemoryLayout<[String]>.size)
        case .assigned:
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

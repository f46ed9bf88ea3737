// Typed handles to memory that is not a Swift variable of the engine's own: a value's slot in a staging
// buffer or a temporary, and the model a run works on. Every raw pointer of the engine's two phases
// lives here; code using these handles names types, never bytes.

/// Memory for one `Value` (a staging slot or scratch space, a temporary, an element of an array being
/// built). A handle only: it neither owns the memory nor knows whether it holds a value; whoever hands
/// it out does (the staging buffer keeps a flag per slot). Results are written here (`initialize`,
/// `store`), not returned: generic code handling a returned `Value?` looks up its metadata every call.
struct ValueSlot<Value> {
    fileprivate let pointer: UnsafeMutablePointer<Value>

    @inline(__always)
    fileprivate init(_ pointer: UnsafeMutablePointer<Value>) {
        self.pointer = pointer
    }

    /// Requires: the slot is uninitialized. It then holds `value`.
    @inline(__always)
    func initialize(to value: consuming Value) {
        pointer.initialize(to: value)
    }

    /// Initializes the slot with `result`; false (the slot left uninitialized) when it is nil.
    @inline(__always)
    func store(_ result: consuming Value?) -> Bool {
        guard let result else { return false }
        pointer.initialize(to: result)
        return true
    }

    /// Requires: the slot holds a value. Moves it out; the slot is then uninitialized.
    @inline(__always)
    func move() -> Value {
        pointer.move()
    }

    /// Requires: the slot holds a value. Destroys it; the slot is then uninitialized.
    @inline(__always)
    func destroy() {
        pointer.deinitialize(count: 1)
    }

    /// Requires: the slot holds a value. A copy of it.
    @inline(__always)
    var value: Value {
        pointer.pointee
    }

    /// The slot as `Same`, `Value` opened by a protocol (as `OptionalConvertible` opens a property's type).
    @inline(__always)
    func same<Same>(as _: Same.Type) -> ValueSlot<Same> {
        precondition(Same.self == Value.self, "\(Same.self) is not \(Value.self)")
        return ValueSlot<Same>(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Same.self))
    }

    /// Runs `body` with a temporary slot, which it must leave uninitialized.
    @inline(__always)
    static func withTemporary<R>(_ body: (ValueSlot<Value>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { body(ValueSlot($0.baseAddress!)) }
    }

    /// A new `Value` from `make`, which initializes the slot and returns true, or leaves it empty (nil).
    @inline(__always)
    static func made(by make: (ValueSlot<Value>) -> Bool) -> Value? {
        withTemporary { slot in make(slot) ? slot.move() : nil }
    }
}

/// A staged value handed out of its buffer (`StagingBuffer.take`, which checked its type), its flags already saying so,
/// for its one reader to move out at once: an immutable model's `init(_ values:)`, where `MappedValues` inlines the move
/// as the value's own type. Invariant: it holds an initialized value of the type it is moved as, and is moved exactly
/// once (noncopyable, it cannot be moved twice; one dropped unmoved would leak, which its `deinit` asserts against).
@frozen @usableFromInline
struct TakenSlot: ~Copyable {
    @usableFromInline let pointer: UnsafeMutableRawPointer

    /// Moves the value out; the slot is then uninitialized.
    @inlinable
    consuming func move<Value>(as _: Value.Type) -> Value {
        let value = pointer.assumingMemoryBound(to: Value.self).move()
        discard self
        return value
    }

    deinit {
        assertionFailure("a taken staged value was never moved out")
    }
}

/// The slots of a new array's elements, written in order (`next`, then `keep` once initialized).
/// Invariant: elements `0..<count` are initialized, and `count` never exceeds the capacity.
struct ElementSlots<Element> {
    private let buffer: UnsafeMutableBufferPointer<Element>
    private(set) var count = 0

    @inline(__always)
    fileprivate init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    /// The slot after the kept elements, uninitialized.
    @inline(__always)
    func next() -> ValueSlot<Element> {
        precondition(count < buffer.count, "more elements than the capacity")
        return ValueSlot(buffer.baseAddress! + count)
    }

    @inline(__always)
    mutating func keep() {
        assert(count < buffer.count)
        count += 1
    }
}

extension Array {
    /// An array of at most `capacity` elements, each written in place by `fill` (no `Element?` each).
    @inline(__always)
    static func filling(capacity: Int, _ fill: (inout ElementSlots<Element>) -> Void) -> [Element] {
        [Element](unsafeUninitializedCapacity: capacity) { buffer, count in
            var slots = ElementSlots(buffer)
            fill(&slots)
            count = slots.count
        }
    }
}

/// A fixed number of values in memory of their own, freed once by their owner (a JSON object's items, a
/// reader's loose matches): an array's storage would look up the element type's metadata when freed.
/// Invariant: from `init` to `free`, places `0..<count` hold initialized values; `withValue` moves one
/// out for the length of a call and back, and nothing reads it meanwhile.
struct OwnedValues<Element> {
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    /// `count` places, each initialized by `initial` (`initialize(repeating:count:)` calls value witnesses).
    @inline(__always)
    init(count: Int, initial: @autoclosure () -> Element) {
        self.count = count
        base = .allocate(capacity: Swift.max(1, count))
        for index in 0..<count { (base + index).initialize(to: initial()) }
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "no place \(index) of \(count)")
            return base[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "no place \(index) of \(count)")
            base[index] = newValue
        }
    }

    /// Lends `body` the value at `index` without copying it: moved out for the call, moved back after.
    @inline(__always)
    func withValue(at index: Int, _ body: (borrowing Element) -> Void) {
        assert(index >= 0 && index < count, "no place \(index) of \(count)")
        let value = (base + index).move()
        body(value)
        (base + index).initialize(to: value)
    }

    /// Destroys the values and frees their memory; the owner's last use.
    @inline(__always)
    func free() {
        for index in 0..<count { (base + index).deinitialize(count: 1) }  // place by place, as `init`
        base.deallocate()
    }
}

/// The memory of one run's staging buffer as a `StagingLayout` lays it out: a region per value, then
/// flag bytes from `layout.flags` to its end, all false at first. A handle only: `StagingBuffer` says which regions hold what.
/// Invariant: every region and flag read lies inside the layout's size; a region is read as the type
/// it was reserved for (`StagingBuffer` asserts a field's staged type before each use).
struct StagingMemory {
    private let base: UnsafeMutableRawPointer
    private let flagOffset: Int
    private let flagCount: Int

    private init(_ base: UnsafeMutableRawPointer, _ layout: StagingLayout) {
        self.base = base
        flagOffset = layout.flags
        flagCount = layout.size - layout.flags
        (base + layout.flags).initializeMemory(as: Bool.self, repeating: false, count: flagCount)
    }

    @inline(__always)
    static func withTemporary<T>(_ layout: StagingLayout, _ body: (StagingMemory) -> T) -> T {
        withUnsafeTemporaryAllocation(byteCount: layout.size, alignment: layout.alignment) { buffer in
            // `StagingLayout` is never empty, so the buffer has an address.
            body(StagingMemory(buffer.baseAddress!, layout))
        }
    }

    /// Memory for `layout` that outlives a call; its owner frees it once (`deallocate`).
    static func allocate(_ layout: StagingLayout) -> StagingMemory {
        StagingMemory(.allocate(byteCount: layout.size, alignment: layout.alignment), layout)
    }

    func deallocate() {
        base.deallocate()
    }

    @inline(__always)
    func slot<Value>(at offset: Int, as _: Value.Type) -> ValueSlot<Value> {
        checkRegion(offset, MemoryLayout<Value>.size)
        return ValueSlot((base + offset).assumingMemoryBound(to: Value.self))
    }

    /// The region at `offset`, holding a `type` laid out as `layout` (read by the checks only), handed out of the buffer.
    @inline(__always)
    func taken(at offset: Int, _ type: Any.Type, layout: @autoclosure () -> ValueLayout) -> TakenSlot {
        checkRegion(offset, layout().size)
        assert(Int(bitPattern: base + offset) % layout().alignment == 0, "region \(offset) is not aligned for a \(type)")
        return TakenSlot(pointer: base + offset)
    }

    @inline(__always)
    subscript(flag index: Int) -> Bool {
        get {
            assert(index >= 0 && index < flagCount, "no flag \(index) of \(flagCount)")
            return (base + flagOffset).load(fromByteOffset: index, as: Bool.self)
        }
        nonmutating set {
            assert(index >= 0 && index < flagCount, "no flag \(index) of \(flagCount)")
            (base + flagOffset).storeBytes(of: newValue, toByteOffset: index, as: Bool.self)
        }
    }

    /// A key scan's region: `slots` positions at offset `positions`, `slots` counts at `counts`, all 0.
    func keyScanRegion(positions: Int, counts: Int, slots: Int) -> KeyScanRegion {
        checkRegion(positions, slots * MemoryLayout<KeyScanRegion.Position>.stride)
        checkRegion(counts, slots)
        return KeyScanRegion(
            positions: (base + positions).bindMemory(to: KeyScanRegion.Position.self, capacity: slots),
            counts: (base + counts).initializeMemory(as: UInt8.self, repeating: 0, count: slots))
    }

    @inline(__always)
    func moveInline(from offset: Int, into model: ModelAccess, _ move: InlineMove) {
        model.moveInline(from: base + offset, move)
    }

    /// `count` is read by the check only (a debug build's), so that finding it costs a release build nothing.
    @inline(__always)
    private func checkRegion(_ offset: Int, _ count: @autoclosure () -> Int) {
        assert(
            offset >= 0 && offset + count() <= flagOffset,
            "region \(offset)..<\(offset + count()) is outside the values' \(flagOffset) bytes")
    }
}

/// A level's key-scan region: per slot, the first key position noted and how many (0, 1, 2 for more).
/// Invariant: from `keyScanRegion` (counts 0), slot `i` holds an initialized position exactly when its
/// count is not 0 and `take` has not moved it out; the scan takes each noted slot once, leaving none.
struct KeyScanRegion {
    typealias Position = [String: Any].Index

    fileprivate let positions: UnsafeMutablePointer<Position>
    fileprivate let counts: UnsafeMutablePointer<UInt8>

    /// Records a key at `position` for `slot`: the first one is kept, and up to two counted.
    @inline(__always)
    func note(_ position: Position, at slot: Int) {
        if counts[slot] == 0 { (positions + slot).initialize(to: position) }
        counts[slot] = Swift.min(counts[slot] + 1, 2)
    }

    @inline(__always)
    func count(at slot: Int) -> UInt8 {
        counts[slot]
    }

    /// The first position noted for `slot`, moved out. Requires: a count not 0, and no earlier `take`.
    @inline(__always)
    func take(at slot: Int) -> Position {
        assert(counts[slot] != 0, "no position noted at \(slot)")
        return (positions + slot).move()
    }
}

/// The model a run works on: its calls read it, phase two writes it, serialize reads it. A handle made
/// by `with` or `reading` for one call, never kept past it; every access names the model's type,
/// checked against the type it was made with.
struct ModelAccess {
    private let pointer: UnsafeMutableRawPointer
    private let type: Any.Type
    /// False for a model that is only read (serialize): writing to it is a programming error.
    private let writable: Bool

    @inline(__always)
    private init<Root>(_ pointer: UnsafeMutablePointer<Root>, writable: Bool) {
        self.pointer = UnsafeMutableRawPointer(pointer)
        type = Root.self
        self.writable = writable
    }

    /// Runs `body` with access to `model`, which it may write.
    @inline(__always)
    static func with<Root, R>(_ model: inout Root, _ body: (ModelAccess) -> R) -> R {
        withUnsafeMutablePointer(to: &model) { body(ModelAccess($0, writable: true)) }
    }

    /// Runs `body` with access to the model in `slot`, which must hold one; `body` may write it.
    @inline(__always)
    static func with<Root, R>(modelIn slot: ValueSlot<Root>, _ body: (ModelAccess) -> R) -> R {
        body(ModelAccess(slot.pointer, writable: true))
    }

    /// Runs `body` with read-only access to `model`.
    @inline(__always)
    static func reading<Root, R>(_ model: Root, _ body: (ModelAccess) -> R) -> R {
        withUnsafePointer(to: model) { body(ModelAccess(UnsafeMutablePointer(mutating: $0), writable: false)) }
    }

    @inline(__always)
    static func readingEach<Root>(_ models: [Root], _ body: (Int, ModelAccess) -> Void) {
        models.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            for index in buffer.indices {
                body(index, ModelAccess(UnsafeMutablePointer(mutating: first + index), writable: false))
            }
        }
    }

    @inline(__always)
    private func root<Root>(_: Root.Type) -> UnsafeMutablePointer<Root> {
        assert(type == Root.self, "the model is a \(type), not a \(Root.self)")
        return pointer.assumingMemoryBound(to: Root.self)
    }

    /// Calls `body` with the model (a call's method runs on it).
    @inline(__always)
    func withModel<Root, R>(_: Root.Type, _ body: (Root) -> R) -> R {
        body(root(Root.self).pointee)
    }

    @inline(__always)
    func read<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> Value {
        root(Root.self).pointee[keyPath: keyPath]
    }

    /// Writes `value` to the model's property at `keyPath` (its setter and observers run).
    @inline(__always)
    func write<Root, Value>(_ value: consuming Value, to keyPath: WritableKeyPath<Root, Value>) {
        assert(writable, "the model is only read")
        root(Root.self).pointee[keyPath: keyPath] = value
    }

    /// Writes `value` through the field's key path, which a plan that writes has checked writable.
    @inline(__always)
    func write<Root, Value>(_ value: consuming Value, to keyPath: FieldKeyPath<Root, Value>) {
        // Such a plan is refused before any run that writes (`Engine.refuseFaulty`); here, dropped.
        assert(keyPath.writable != nil, "a read-only key path is refused before a run that writes")
        guard keyPath.writable != nil else { return }
        // Unwrapped where it is used: a bound copy would retain the key path on every write.
        write(value, to: keyPath.writable.unsafelyUnwrapped)
    }

    /// The struct model's stored `Value` at `offset` (`MemoryLayout.offset(of:)` of its key path).
    @inline(__always)
    func load<Value>(at offset: Int, as _: Value.Type) -> Value {
        assert(!(type is AnyObject.Type), "a class has no inline properties")
        return pointer.load(fromByteOffset: offset, as: Value.self)
    }

    /// Moves `slot`'s value into the struct model's stored property at `move.offset`, as its key path
    /// would: a property that `MemoryLayout.offset(of:)` gives an offset for has no observers.
    @inline(__always)
    func moveInline(from slot: UnsafeMutableRawPointer, _ move: InlineMove) {
        assert(writable && !(type is AnyObject.Type), "only a written struct model has inline properties")
        move.type.move(from: slot, to: pointer + move.offset)
    }
}

/// A property inline in a struct model, which phase two moves its staged value into by type and offset.
/// Holds no reference, so reading one from the plan retains nothing.
struct InlineMove: Sendable {
    let type: any StagedValueType.Type
    let offset: Int
}

/// Opens a staged value's type for phase two.
protocol StagedValueType: ThreadSafeMetatype {
    /// Moves the value in `slot` into `property`, an initialized value of the same type.
    static func move(from slot: UnsafeMutableRawPointer, to property: UnsafeMutableRawPointer)
}

enum StagedType<Value>: StagedValueType {
    static func move(from slot: UnsafeMutableRawPointer, to property: UnsafeMutableRawPointer) {
        property.assumingMemoryBound(to: Value.self).pointee = slot.assumingMemoryBound(to: Value.self).move()
    }
}

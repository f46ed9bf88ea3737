/// The size of a value in a staging buffer.
struct ValueLayout: Sendable, Equatable {
    var size: Int
    var alignment: Int

    static func of<T>(_: T.Type) -> ValueLayout {
        ValueLayout(size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    }

    /// Nothing: a field that converts straight into its slot needs no scratch space.
    static let none = ValueLayout(size: 0, alignment: 1)
}

/// Where each field's staged value lies in one run's staging buffer: one region per field, plus one
/// region per field for a value it converts before transforming it, then three flag bytes per field.
struct StagingLayout: Sendable {
    private(set) var size = 0
    private(set) var alignment = 1
    /// Where the flag bytes start (set by `finish`).
    private(set) var flags = 0

    /// Reserves a region for a value of `layout`; returns its offset.
    mutating func reserve(_ layout: ValueLayout) -> Int {
        guard layout.size > 0 else { return size }
        let offset = (size + layout.alignment - 1) / layout.alignment * layout.alignment
        size = offset + layout.size
        alignment = Swift.max(alignment, layout.alignment)
        return offset
    }

    /// Adds the flag bytes of `fieldCount` fields after every region: one that says a value is
    /// staged, one that says the source held a value, and one that says an immutable model's
    /// `init(_ values:)` took the value, for each field.
    mutating func finish(fieldCount: Int) {
        flags = size
        size = Swift.max(size + 3 * fieldCount, 1)  // never empty, so a buffer always has an address
    }
}

/// One run's staging buffer: the values phase one converted, in their own types, until phase two
/// moves them into the model, or until they are discarded.
///
/// Invariant: the slot of field `i` holds an initialized value of that field's staged type exactly when
/// flag `i` is set. A field initializes its slot (`slot`), then `stage` sets the flag; `move`,
/// `destroy` and `take` clear it as they take or destroy the value, and `moveAll` and `discardAll`
/// do so for every staged value, so a buffer leaves a run empty. Each operation asserts the flag it
/// expects and the field's staged type.
struct StagingBuffer {
    private let base: UnsafeMutableRawPointer
    private let plan: Plan

    private init(base: UnsafeMutableRawPointer, plan: Plan) {
        self.base = base
        self.plan = plan
        (base + plan.staging.flags).initializeMemory(as: Bool.self, repeating: false, count: 3 * plan.fields.count)
    }

    /// Runs `body` with an empty buffer for `plan`, which it must leave empty.
    ///
    /// The buffer is a temporary allocation for this model alone, so a run of a nested model has
    /// its own, and a call made per record allocates nothing on the heap for it.
    static func with<T>(_ plan: Plan, _ body: (StagingBuffer) -> T) -> T {
        withUnsafeTemporaryAllocation(byteCount: plan.staging.size, alignment: plan.staging.alignment) { buffer in
            // `StagingLayout` is never empty, so the buffer has an address.
            body(StagingBuffer(base: buffer.baseAddress!, plan: plan))
        }
    }

    /// An empty buffer for `plan` that outlives a call (a merge's, kept until the outer run's phase
    /// two); `deallocate` frees it once it is empty.
    static func allocate(for plan: Plan) -> StagingBuffer {
        StagingBuffer(base: .allocate(byteCount: plan.staging.size, alignment: plan.staging.alignment), plan: plan)
    }

    /// Frees a buffer from `allocate`, which must be empty.
    func deallocate() {
        assert(!plan.fields.indices.contains(where: isStaged), "a staged value would leak")
        base.deallocate()
    }

    /// The uninitialized slot of `field`, where it puts its value before `stage`.
    @inline(__always)
    func slot<Value>(_ field: PlanField, as _: Value.Type) -> ValueSlot<Value> {
        assert(
            !isStaged(field.index) && field.field.traits.stagedType == ObjectIdentifier(Value.self),
            "slot \(field.index) is not a free \(Value.self)")
        return ValueSlot(staging: base + field.slot)
    }

    /// The scratch space of `field`, for an `Input` it converts before finishing it.
    @inline(__always)
    func scratch<Input>(_ field: PlanField, as _: Input.Type) -> ValueSlot<Input> {
        assert(field.field.traits.scratchLayout == .of(Input.self), "no scratch space for \(Input.self) at \(field.index)")
        return ValueSlot(staging: base + field.scratch)
    }

    /// The region a level's key scan reads a dictionary's keys into (`KeyScan`), which the plan
    /// reserved: `slots` positions at offset `positions`, `slots` counts at `counts`, all 0.
    func keyScanRegion(positions: Int, counts: Int, slots: Int) -> KeyScanRegion {
        KeyScanRegion(
            positions: (base + positions).bindMemory(to: KeyScanRegion.Position.self, capacity: slots),
            counts: (base + counts).initializeMemory(as: UInt8.self, repeating: 0, count: slots))
    }

    private func flag(_ index: Int) -> UnsafeMutablePointer<Bool> {
        (base + plan.staging.flags).assumingMemoryBound(to: Bool.self) + index
    }

    /// Whether field `index` holds a staged value.
    func isStaged(_ index: Int) -> Bool {
        flag(index).pointee
    }

    /// Whether field `index`'s value was taken (`take`).
    func isTaken(_ index: Int) -> Bool {
        flag(2 * plan.fields.count + index).pointee
    }

    /// Field `index`'s staged slot, asserting that it holds a `Value`.
    private func staged<Value>(_ index: Int, as _: Value.Type) -> ValueSlot<Value> {
        assert(
            isStaged(index) && plan.fields[index].field.traits.stagedType == ObjectIdentifier(Value.self),
            "no staged \(Value.self) at \(index)")
        return ValueSlot(staging: base + plan.fields[index].slot)
    }

    /// A copy of field `index`'s staged value, which stays staged.
    func value<Value>(_ index: Int, as _: Value.Type) -> Value {
        staged(index, as: Value.self).value
    }

    /// Moves field `index`'s staged value out, for an immutable model's `init(_ values:)`: the field
    /// is then taken, no longer staged, and `discardAll` leaves it alone.
    func take<Value>(_ index: Int, as _: Value.Type) -> Value {
        let slot = staged(index, as: Value.self)
        flag(index).pointee = false
        flag(2 * plan.fields.count + index).pointee = true
        return slot.move()
    }

    /// Moves `field`'s staged value out, for phase two or a discard; the field is then not staged.
    func move<Value>(_ field: PlanField, as _: Value.Type) -> Value {
        let slot = staged(field.index, as: Value.self)
        flag(field.index).pointee = false
        return slot.move()
    }

    /// Destroys `field`'s staged value; the field is then not staged.
    func destroy<Value>(_ field: PlanField, as _: Value.Type) {
        let slot = staged(field.index, as: Value.self)
        flag(field.index).pointee = false
        slot.destroy()
    }

    /// Records that the source held a value (null included) for `field`.
    func markPresent(_ field: PlanField) {
        flag(plan.fields.count + field.index).pointee = true
    }

    /// Whether the source held a value for field `index`.
    func isPresent(_ index: Int) -> Bool {
        flag(plan.fields.count + index).pointee
    }

    /// Records that the slot of `field` now holds its converted value.
    func stage(_ field: PlanField) {
        assert(!isStaged(field.index), "field \(field.index) staged twice")
        flag(field.index).pointee = true
    }

    /// Moves every staged value into `model`, in declaration order (a property mapped twice gets
    /// the later value), and empties the buffer.
    func moveAll(into model: ModelAccess) {
        let fields = plan.fields
        let inlineMoves = plan.inlineMoves
        // By index, reading only what is needed: copying each `PlanField` out would retain it. A
        // property inline in a struct model is moved by type and offset, with no reference to retain.
        for index in fields.indices where flag(index).pointee {
            if let move = inlineMoves[index] {
                flag(index).pointee = false
                model.moveInline(from: base + fields[index].slot, move)
            } else {
                fields[index].commit(self, into: model)
            }
        }
    }

    /// Destroys every staged value: the record failed, or was only validated.
    func discardAll() {
        let fields = plan.fields
        for index in fields.indices where flag(index).pointee {
            fields[index].discard(self)
        }
    }
}

/// A level's key scan region in a staging buffer: per slot, the position of the first key noted
/// for it and how many were (0, 1, or 2 for more).
///
/// Invariant: from `keyScanRegion` (which sets every count to 0), slot `i` holds an initialized
/// position exactly when its count is not 0 and `take` has not moved it out. The scan takes every
/// slot it noted, once, so the region's positions are uninitialized again after it.
struct KeyScanRegion {
    typealias Position = [String: Any].Index

    private let positions: UnsafeMutablePointer<Position>
    private let counts: UnsafeMutablePointer<UInt8>

    fileprivate init(positions: UnsafeMutablePointer<Position>, counts: UnsafeMutablePointer<UInt8>) {
        self.positions = positions
        self.counts = counts
    }

    /// Records a key at `position` for `slot`: the first one is kept, and up to two counted.
    @inline(__always)
    func note(_ position: Position, at slot: Int) {
        if counts[slot] == 0 { (positions + slot).initialize(to: position) }
        counts[slot] = Swift.min(counts[slot] + 1, 2)
    }

    /// How many keys were noted for `slot` (2: two or more).
    @inline(__always)
    func count(at slot: Int) -> UInt8 {
        counts[slot]
    }

    /// The first position noted for `slot`, moved out. Requires: a count not 0, and no `take` of
    /// the slot since the region was made.
    @inline(__always)
    func take(at slot: Int) -> Position {
        assert(counts[slot] != 0, "no position noted at \(slot)")
        return (positions + slot).move()
    }
}

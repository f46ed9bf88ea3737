/// The size and alignment of a value in a staging buffer.
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

    mutating func reserve(_ layout: ValueLayout) -> Int {
        guard layout.size > 0 else { return size }
        let offset = (size + layout.alignment - 1) / layout.alignment * layout.alignment
        size = offset + layout.size
        alignment = Swift.max(alignment, layout.alignment)
        return offset
    }

    /// Adds three flag bytes per field after the regions: value staged, source held a value, and value
    /// taken by an immutable model's `init(_ values:)`.
    mutating func finish(fieldCount: Int) {
        flags = size
        size = Swift.max(size + 3 * fieldCount, 1)  // never empty, so a buffer always has an address
    }
}

/// One run's staging buffer: the values phase one converted, in their own types, until phase two
/// moves them into the model or they are discarded.
/// Invariant: field `i`'s slot holds an initialized value of its staged type exactly when flag `i` is
/// set. A field initializes its slot (`slot`), then `stage` sets the flag; `move`, `destroy` and `take`
/// clear it as they take or destroy the value, `moveAll` and `discardAll` for every staged value, so a
/// buffer leaves a run empty. Each operation asserts the flag it expects and the field's staged type.
struct StagingBuffer {
    private let memory: StagingMemory
    let plan: Plan

    /// Runs `body` with an empty buffer for `plan` (a temporary of this model's own), to be left empty.
    static func with<T>(_ plan: Plan, _ body: (StagingBuffer) -> T) -> T {
        StagingMemory.withTemporary(plan.staging) { body(StagingBuffer(memory: $0, plan: plan)) }
    }

    /// An empty buffer for `plan` that outlives a call (a merge's, until the outer phase two); see `deallocate`.
    static func allocate(for plan: Plan) -> StagingBuffer {
        StagingBuffer(memory: .allocate(plan.staging), plan: plan)
    }

    /// Frees a buffer from `allocate`, which must be empty.
    func deallocate() {
        assert(!plan.fields.indices.contains(where: isStaged), "a staged value would leak")
        memory.deallocate()
    }

    /// The uninitialized slot of `field`, where it puts its value before `stage`.
    @inline(__always)
    func slot<Value>(_ field: PlanField, as _: Value.Type) -> ValueSlot<Value> {
        assert(
            !isStaged(field.index) && field.field.traits.stagedType == ObjectIdentifier(Value.self),
            "slot \(field.index) is not a free \(Value.self)")
        return memory.slot(at: field.slot, as: Value.self)
    }

    /// The scratch space of `field`, for an `Input` it converts before finishing it.
    @inline(__always)
    func scratch<Input>(_ field: PlanField, as _: Input.Type) -> ValueSlot<Input> {
        assert(field.field.traits.scratchLayout == .of(Input.self), "no scratch space for \(Input.self) at \(field.index)")
        return memory.slot(at: field.scratch, as: Input.self)
    }

    func keyScanRegion(positions: Int, counts: Int, slots: Int) -> KeyScanRegion {
        memory.keyScanRegion(positions: positions, counts: counts, slots: slots)
    }

    func isStaged(_ index: Int) -> Bool {
        memory[flag: index]
    }

    func isTaken(_ index: Int) -> Bool {
        memory[flag: 2 * plan.fields.count + index]
    }

    private func staged<Value>(_ index: Int, as _: Value.Type) -> ValueSlot<Value> {
        assert(
            isStaged(index) && plan.fields[index].field.traits.stagedType == ObjectIdentifier(Value.self),
            "no staged \(Value.self) at \(index)")
        return memory.slot(at: plan.fields[index].slot, as: Value.self)
    }

    /// A copy of field `index`'s staged value, which stays staged.
    func value<Value>(_ index: Int, as _: Value.Type) -> Value {
        staged(index, as: Value.self).value
    }

    /// Moves field `index`'s value out for an immutable model's `init(_ values:)`: then taken, not staged.
    func take<Value>(_ index: Int, as _: Value.Type) -> Value {
        take(index, as: Value.self).move(as: Value.self)
    }

    /// Hands field `index`'s value, of type `type`, to an immutable model's `init(_ values:)`, which moves it out at once:
    /// then taken, not staged.
    @inline(__always)
    func take(_ index: Int, as type: Any.Type) -> TakenSlot {
        // The field's traits only in the checks: reading them copies them.
        assert(
            isStaged(index) && plan.fields[index].field.traits.stagedType == ObjectIdentifier(type), "no staged \(type) at \(index)")
        memory[flag: index] = false
        memory[flag: 2 * plan.fields.count + index] = true
        return memory.taken(at: plan.fields[index].slot, type, layout: plan.fields[index].field.traits.stagedLayout)
    }

    /// Moves `field`'s staged value out, for phase two or a discard; the field is then not staged.
    func move<Value>(_ field: PlanField, as _: Value.Type) -> Value {
        let slot = staged(field.index, as: Value.self)
        memory[flag: field.index] = false
        return slot.move()
    }

    func destroy<Value>(_ field: PlanField, as _: Value.Type) {
        let slot = staged(field.index, as: Value.self)
        memory[flag: field.index] = false
        slot.destroy()
    }

    /// Records that the source held a value (null included) for `field`.
    func markPresent(_ field: PlanField) {
        memory[flag: plan.fields.count + field.index] = true
    }

    func isPresent(_ index: Int) -> Bool {
        memory[flag: plan.fields.count + index]
    }

    /// Records that the slot of `field` now holds its converted value.
    func stage(_ field: PlanField) {
        assert(!isStaged(field.index), "field \(field.index) staged twice")
        memory[flag: field.index] = true
    }

    /// Moves every staged value into `model` in declaration order (a property mapped twice gets the later).
    func moveAll(into model: ModelAccess) {
        let fields = plan.fields
        let inlineMoves = plan.inlineMoves
        // By index: copying a `PlanField` out would retain it; an inline move holds no reference.
        for index in fields.indices where memory[flag: index] {
            if let move = inlineMoves[index] {
                memory[flag: index] = false
                memory.moveInline(from: fields[index].slot, into: model, move)
            } else {
                fields[index].commit(self, into: model)
            }
        }
    }

    /// Makes the empty buffer as new for another run of its model (an immutable model made again): clears the flags a run
    /// leaves set, a source's value held and a value taken.
    func clearFlags() {
        let fields = plan.fields.count
        assert((0..<fields).allSatisfy { !isStaged($0) }, "a buffer is cleared empty")
        for index in fields..<3 * fields { memory[flag: index] = false }
    }

    /// Destroys every staged value: the record failed, or was only validated.
    func discardAll() {
        let fields = plan.fields
        for index in fields.indices where memory[flag: index] {
            fields[index].discard(self)
        }
    }
}

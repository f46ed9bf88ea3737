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
/// flag `i` is set. `stage` sets the flag after the field initialized its slot; `take`, `moveAll` and
/// `discardAll` clear it as they take or destroy the value, so a buffer leaves a run empty.
/// The buffer is a temporary allocation that lives for one model's run (see `Engine.run`).
struct StagingBuffer {
    let base: UnsafeMutableRawPointer
    private let plan: Plan

    init(base: UnsafeMutableRawPointer, plan: Plan) {
        self.base = base
        self.plan = plan
        (base + plan.staging.flags).initializeMemory(as: Bool.self, repeating: false, count: 3 * plan.fields.count)
    }

    /// The uninitialized slot of `field`, where it converts its value before `stage`.
    func slot(_ field: PlanField) -> UnsafeMutableRawPointer {
        base + field.slot
    }

    /// The scratch space of `field`.
    func scratch(_ field: PlanField) -> UnsafeMutableRawPointer {
        base + field.scratch
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

    /// A copy of field `index`'s staged value, which stays staged.
    ///
    /// Requires: the field holds a staged value (`isStaged`) of type `Value`.
    func value<Value>(_ index: Int, as _: Value.Type) -> Value {
        assert(isStaged(index) && plan.fields[index].field.valueType == Value.self, "no staged \(Value.self) at \(index)")
        return (base + plan.fields[index].slot).assumingMemoryBound(to: Value.self).pointee
    }

    /// Moves field `index`'s staged value out, for an immutable model's `init(_ values:)`: the field
    /// is then taken, no longer staged, and `discardAll` leaves it alone.
    ///
    /// Requires: the field holds a staged value (`isStaged`) of type `Value`.
    func take<Value>(_ index: Int, as _: Value.Type) -> Value {
        assert(isStaged(index) && plan.fields[index].field.valueType == Value.self, "no staged \(Value.self) at \(index)")
        flag(index).pointee = false
        flag(2 * plan.fields.count + index).pointee = true
        return (base + plan.fields[index].slot).assumingMemoryBound(to: Value.self).move()
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
        flag(field.index).pointee = true
    }

    /// Moves every staged value into the model at `root`, in declaration order (a property mapped
    /// twice gets the later value), and empties the buffer.
    func moveAll(into root: UnsafeMutableRawPointer) {
        let fields = plan.fields
        let inlineMoves = plan.inlineMoves
        // By index, reading only what is needed: copying each `PlanField` out would retain it. A
        // property inline in a struct model is moved by type and offset, with no reference to retain.
        for index in fields.indices where flag(index).pointee {
            flag(index).pointee = false
            if let move = inlineMoves[index] {
                move.type.move(from: base + fields[index].slot, to: root + move.offset)
            } else {
                fields[index].moveStaged(from: base, into: root)
            }
        }
    }

    /// Destroys every staged value: the record failed, or was only validated.
    func discardAll() {
        let fields = plan.fields
        for index in fields.indices where flag(index).pointee {
            flag(index).pointee = false
            fields[index].discardStaged(from: base)
        }
    }
}

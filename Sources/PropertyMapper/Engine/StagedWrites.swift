/// One write decided in phase one: the field that makes it and its node's place in the plan.
struct StagedWrite {
    /// Unretained: the plan, which holds every field, outlives each run over it.
    let field: Unmanaged<FieldCore>
    /// The node's `writeIndex`: its slot in the staging area and its class offset in a batch.
    let index: Int
}

/// Typed storage for the values phase one converts, one slot per field of the plan, reused from
/// record to record in a batch. Values stay in their own type (no boxing into `Any`, no cast
/// back), and are written into the model in phase two only when no check failed.
final class StagingArea {
    private let base: UnsafeMutableRawPointer
    private let stride: Int
    private let capacity: Int
    /// Room for one value that a field converts before transforming it (see `FieldCore.scratchLayout`).
    let scratch: UnsafeMutableRawPointer
    /// The slots holding a value, in staging order. (Only ever used by one run at a time, so
    /// the dynamic exclusivity checks of a class property would only cost time.)
    @exclusivity(unchecked) private(set) var writes: [StagedWrite] = []

    init(for level: LevelCore) {
        let layout = level.stagingLayout
        stride = layout.stride
        capacity = Swift.max(level.fieldCount, 1)
        base = UnsafeMutableRawPointer.allocate(byteCount: stride * capacity, alignment: layout.alignment)
        scratch = UnsafeMutableRawPointer.allocate(byteCount: layout.scratchSize, alignment: layout.scratchAlignment)
        writes.reserveCapacity(level.fieldCount)
    }

    deinit {
        discardAll()
        base.deallocate()
        scratch.deallocate()
    }

    /// The uninitialized slot of the field numbered `index`.
    @inline(__always)
    func slot(_ index: Int) -> UnsafeMutableRawPointer {
        precondition(index >= 0 && index < capacity, "field outside the plan")
        return base + index * stride
    }

    /// Records that the slot of `index` now holds a value converted by `field`.
    @inline(__always)
    func staged(_ field: FieldCore, at index: Int) {
        writes.append(StagedWrite(field: .passUnretained(field), index: index))
    }

    /// Destroys every staged value: the record failed, or was only validated.
    func discardAll() {
        for write in writes {
            write.field._withUnsafeGuaranteedRef { $0.discardStaged(slot(write.index)) }
        }
        writes.removeAll(keepingCapacity: true)
    }

    /// Moves every staged value into the model at `root`, in staging order (declaration order:
    /// a property mapped twice gets the later value), and empties the area.
    func apply(into root: UnsafeMutableRawPointer, offsets: inout ClassOffsets) {
        for write in writes {
            let slot = slot(write.index)
            write.field._withUnsafeGuaranteedRef { field in
                let stored = field.storedMove
                if let destination = stored.destination(in: root, classOffset: offsets[write.index]),
                   stored.move(slot, over: destination) {
                    return
                }
                field.writeStaged(slot, into: root, classOffset: &offsets[write.index])
            }
        }
        writes.removeAll(keepingCapacity: true)
    }
}

/// The sizes a plan's staging area needs: one slot per field, each as large and as aligned as the
/// largest and strictest staged type, and one scratch value as large as any field's scratch.
struct StagingLayout {
    private var size = 1
    private(set) var alignment = 16
    private(set) var scratchSize = 1
    private(set) var scratchAlignment = 16

    /// One slot, rounded up to the alignment.
    var stride: Int { (size + alignment - 1) / alignment * alignment }

    mutating func fit(_ field: FieldCore) {
        size = Swift.max(size, field.stagedLayout.size)
        alignment = Swift.max(alignment, field.stagedLayout.alignment)
        scratchSize = Swift.max(scratchSize, field.scratchLayout.size)
        scratchAlignment = Swift.max(scratchAlignment, field.scratchLayout.alignment)
    }
}

/// The writes phase one decided on, applied in phase two only when no check failed.
struct StagedWrites<Root> {
    private let area: StagingArea

    init(_ area: StagingArea) {
        self.area = area
    }

    /// Applies every staged write in declaration order; a property mapped twice gets the later value.
    func apply(to root: inout Root) {
        var offsets = ClassOffsets(fieldCount: 0)
        apply(to: &root, offsets: &offsets)
    }

    /// The same, using and updating the class offsets a batch has learned.
    func apply(to root: inout Root, offsets: inout ClassOffsets) {
        withUnsafeMutablePointer(to: &root) { area.apply(into: UnsafeMutableRawPointer($0), offsets: &offsets) }
    }
}

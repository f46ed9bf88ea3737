/// One write decided in phase one: the field that makes it and the converted value.
struct StagedWrite {
    let field: FieldCore
    let value: Any
    /// The node's `writeIndex`, for the batch's class offsets; -1 when unknown.
    let index: Int
}

/// The writes phase one decided on, applied in phase two only when no check failed.
struct StagedWrites<Root> {
    private let writes: [StagedWrite]

    init(_ writes: [StagedWrite]) {
        self.writes = writes
    }

    /// Applies every staged write in declaration order; a property mapped twice gets the later value.
    func apply(to root: inout Root) {
        var offsets = ClassOffsets(fieldCount: 0)
        apply(to: &root, offsets: &offsets)
    }

    /// The same, using and updating the class offsets a batch has learned.
    func apply(to root: inout Root, offsets: inout ClassOffsets) {
        withUnsafeMutablePointer(to: &root) { pointer in
            let root = UnsafeMutableRawPointer(pointer)
            for write in writes {
                write.field.write(write.value, into: root, classOffset: &offsets[write.index])
            }
        }
    }
}

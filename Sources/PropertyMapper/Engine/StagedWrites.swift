/// One write decided in phase one: the field that makes it and the converted value.
struct StagedWrite {
    let field: FieldCore
    let value: Any
}

/// The writes phase one decided on, applied in phase two only when no check failed.
struct StagedWrites<Root> {
    private let writes: [StagedWrite]

    init(_ writes: [StagedWrite]) {
        self.writes = writes
    }

    /// Applies every staged write in declaration order; a property mapped twice gets the later value.
    func apply(to root: inout Root) {
        withUnsafeMutablePointer(to: &root) { pointer in
            let root = UnsafeMutableRawPointer(pointer)
            for write in writes {
                write.field.write(write.value, into: root)
            }
        }
    }
}

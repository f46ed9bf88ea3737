/// The writes phase one decided on, applied in phase two only when no check failed.
struct StagedWrites<Root> {
    private var writes: [(field: any Field<Root>, value: Any)] = []

    init(capacity: Int) {
        writes.reserveCapacity(capacity)
    }

    mutating func stage(_ field: any Field<Root>, _ value: Any) {
        writes.append((field, value))
    }

    /// Applies every staged write in declaration order; a property mapped twice gets the later value.
    func apply(to root: inout Root) {
        for write in writes {
            write.field.write(write.value, to: &root)
        }
    }
}

/// Writes one property of a `Root` through its key path, the fastest way the key path allows.
///
/// Key-path writes are slow from generic code that the client's module does not specialize (the
/// runtime walks the key path on every write). A key path to stored struct storage has a fixed
/// offset (`MemoryLayout.offset(of:)`), written directly; a class property goes through its
/// `ReferenceWritableKeyPath`; anything else (computed properties, observers) through the key path.
struct PropertyWriter<Root, Value>: @unchecked Sendable {
    // @unchecked: key paths made from literals are immutable; the descriptors require `Sendable` ones.
    private let keyPath: WritableKeyPath<Root, Value>
    private let reference: ReferenceWritableKeyPath<Root, Value>?
    private let offset: Int?

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        let writable: WritableKeyPath<Root, Value> = keyPath
        self.keyPath = writable
        self.reference = writable as? ReferenceWritableKeyPath<Root, Value>
        self.offset = MemoryLayout<Root>.offset(of: writable)
    }

    /// Writes `value` into the `Root` at `root`.
    @inline(__always)
    func write(_ value: Value, into root: UnsafeMutableRawPointer) {
        if let offset {
            (root + offset).assumingMemoryBound(to: Value.self).pointee = value
        } else if let reference {
            root.assumingMemoryBound(to: Root.self).pointee[keyPath: reference] = value
        } else {
            root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = value
        }
    }
}

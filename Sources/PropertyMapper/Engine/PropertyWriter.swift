/// Writes one property of a `Root`: the engine's only write into a model.
///
/// A struct model's stored property (reached through stored struct properties only) lies at a fixed
/// offset, which `MemoryLayout.offset(of:)` gives; it is assigned there as a `Value`, as the key path
/// would. Everything else goes through the key path: any property of a class model, a path that
/// crosses into an object (`\.author.name`), computed properties and properties with observers, whose
/// setters and observers then run.
struct PropertyWriter<Root, Value>: Sendable {
    private let keyPath: any WritableKeyPath<Root, Value> & Sendable
    /// The property's offset in a struct model; nil when it is not inline storage of the model.
    private let offset: Int?

    init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
        // `offset(of:)` is nil for class roots too; asking only for value types states the intent.
        self.offset = Root.self is AnyObject.Type ? nil : MemoryLayout<Root>.offset(of: keyPath as WritableKeyPath<Root, Value>)
    }

    /// Assigns `value` to the property of the model at `root`.
    func write(_ value: consuming Value, into root: UnsafeMutablePointer<Root>) {
        if let offset {
            // The model is a value whose storage holds the property inline, at `offset`.
            (UnsafeMutableRawPointer(root) + offset).assumingMemoryBound(to: Value.self).pointee = value
        } else {
            let path: WritableKeyPath<Root, Value> = keyPath
            root.pointee[keyPath: path] = value
        }
    }
}

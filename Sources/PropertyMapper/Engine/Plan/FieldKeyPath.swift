/// The key path a field targets: the `Sendable` key path object its descriptor was given, and the
/// same object seen as writable when it can write.
///
/// Both views are reached by conditional casts (to `WritableKeyPath`, or to the property's type as a
/// protocol opened it for `.merging()`), and a cast cannot state `Sendable` again. This is the one
/// place that says so: every `FieldKeyPath` is made from a `Sendable` key path, or cast from one.
// @unchecked: two immutable references to one key path object that is `Sendable` (see above).
struct FieldKeyPath<Root, Value>: @unchecked Sendable {
    let path: KeyPath<Root, Value>
    /// Nil for a `let` or a `private(set)` property, which only an `ImmutableMappable` model's mapping
    /// may target (see `PlanCheck`).
    let writable: WritableKeyPath<Root, Value>?

    init(_ keyPath: any KeyPath<Root, Value> & Sendable) {
        self.init(object: keyPath)
    }

    private init(object: KeyPath<Root, Value>) {
        path = object
        writable = object as? WritableKeyPath<Root, Value>
    }

    /// The same key path object with `Other` for `Value`, when `Other` is `Value` (spelled as a
    /// protocol opened it); nil otherwise.
    func cast<Other>(to _: Other.Type) -> FieldKeyPath<Root, Other>? {
        (path as? KeyPath<Root, Other>).map { FieldKeyPath<Root, Other>(object: $0) }
    }
}

extension PropertyDescriptor {
    /// Maps the source value straight into a property, checked strictly against the property's type.
    ///
    ///     "name": .property(\.title)
    ///
    /// A string maps to `String`, an integer to every integer type (range-checked), a number to
    /// `Double`/`Float`, a boolean to `Bool` only; arrays and `[String: V]` map element by element
    /// (`tags[3]` in errors); other types take the value by dynamic cast. A mismatch is one `type`
    /// error such as `id → id: a string, expected Int; got "42" [type]`. Absent writes nothing;
    /// null writes nil into an optional property and is a `type` error for any other.
    public static func property<Value>(_ keyPath: any KeyPath<Root, Value> & Sendable) -> Self {
        Self(.field(PropertyField(keyPath)))
    }
}

extension PropertyDescriptor {
    /// Applies the nested model's mapping to the property's current value instead of making a new
    /// model:
    ///
    ///     "settings": .property(\.settings).merging()
    ///
    /// Keys absent from the source keep the current values. Still all or nothing for the whole
    /// graph: nothing is written until every field of every model passed. Only for a `.property`
    /// whose type is a `Mappable` model, in a mapping that writes into an instance (not an
    /// `ImmutableMappable` model's); anything else is a definition error.
    public func merging() -> Self {
        if case let .field(field) = node, let merging = field.modified(.merging) {
            return replacingField(merging)
        }
        return adding(Validator(rule: "merging", judges: .all, problem: .mergingWithoutModel) { _ in nil })
    }
}

extension PropertyDescriptor {
    /// Maps the source value straight into a property, checked strictly:
    ///
    /// `"name": .property(\.title)`. A string maps to `String`, an integer to any integer type (range-checked), a
    /// number to `Double` or `Float`, a boolean to `Bool` only; arrays and `[String: V]` map element by element
    /// (`tags[3]`); other types by dynamic cast. A mismatch is one `type` error: `id → id: a string, expected Int;
    /// got "42" [type]`. Absent writes nothing; null writes nil into an optional property and is a `type` error
    /// otherwise.
    public static func property<Value>(_ keyPath: any KeyPath<Root, Value> & Sendable) -> Self {
        Self(.field(PropertyField(keyPath)))
    }
}

extension PropertyDescriptor {
    /// Maps into the property's current model instead of a new one (`.property(\.settings).merging()`): absent keys keep their
    /// values, still all or nothing. Only for a `Mappable` property in a mapping into an instance, with no `default:` or
    /// `fallback:` (nothing but the current value is written) and no `.ensure` (no new model to judge); else a definition
    /// error.
    public func merging() -> Self {
        modifyingField(.merging) ?? adding(Validator(rule: "merging", judges: .all, problem: .mergingWithoutModel) { _ in nil })
    }
}

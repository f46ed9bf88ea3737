extension PropertyDescriptor {
    /// Reads a string where the field expects a number or a boolean, by a fixed table, with a `coerced` warning
    /// each time: `"id": .property(\.id).lenient()` reads `"42"` as 42.
    ///
    /// - digits with an optional sign (`"007"` → 7) → any integer type, range-checked;
    /// - JSON's number syntax (a leading `+` and zeros allowed) → `Double`, `Float`, `Decimal`;
    /// - exactly `"true"`, `"false"` → `Bool`; nothing else (`"12.5"` → `Int`, `"True"` → `Bool`, `1` → `Bool` stay `type` errors).
    ///
    /// It covers every scalar inside the value, an enum's raw value of these types, and the input of a boxing or
    /// call taking them (`.date(.secondsSince1970)` reads `"1291878848"`); validators judge the coerced value.
    /// Elsewhere (a `String`, a model, a text `.date`, `.decimal`) it changes nothing. On a nested level or a list it
    /// applies to every field under it, as `coercion: .lenient` does to a whole mapping.
    public func lenient() -> Self {
        switch node {
        case .field: modifyingField(.lenient) ?? self
        case let .nested(entries): replacingNode(.nested(entries.map { ($0.0, $0.1.lenient()) }))
        case let .list(descriptors): replacingNode(.list(descriptors.map { $0.lenient() }))
        }
    }
}

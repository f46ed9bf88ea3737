extension PropertyDescriptor {
    /// Reads a string where the field expects a number or a boolean, by a small fixed table, and
    /// records a `coerced` warning for each value it reads so:
    ///
    ///     "id": .property(\.id).lenient()          // "42" → 42
    ///
    /// - a string of decimal digits with an optional sign (leading zeros allowed: `"007"` → 7) → any
    ///   integer type, range-checked;
    /// - a string in JSON's number syntax (a leading `+` and leading zeros allowed) → `Double`,
    ///   `Float`, `Decimal`;
    /// - `"true"` and `"false"`, exactly → `Bool`;
    /// - nothing else: never a number to `Bool`, a `Bool` to a number, or a number to `String`;
    ///   `"12.5"` into an `Int` and `"True"` into a `Bool` stay `type` errors.
    ///
    /// It applies to the field's value and to every scalar inside it (array elements, dictionary
    /// values), and to the input of a boxing or a call that takes one of these types, element by
    /// element for a boxing over an array (`.date(.secondsSince1970)` reads `"1291878848"`); validators
    /// then judge the coerced value (`.lenient().min(1)` sees 12). On a field that converts none of
    /// them (a `String`, a model, a `.date` with a text format, which reads strings as text, and
    /// `.decimal`, which reads numeric strings already) it changes nothing. Other fields keep strict types.
    public func lenient() -> Self {
        if case let .field(field) = node, let lenient = field.modified(.lenient) { return replacingField(lenient) }
        return self
    }

    /// `.lenient()` on this descriptor and every one under it (`coercion: .lenient`).
    func lenientThroughout() -> Self {
        switch node {
        case .field: lenient()
        case let .nested(entries): replacingNode(.nested(entries.map { ($0.0, $0.1.lenientThroughout()) }))
        case let .list(descriptors): replacingNode(.list(descriptors.map { $0.lenientThroughout() }))
        }
    }
}

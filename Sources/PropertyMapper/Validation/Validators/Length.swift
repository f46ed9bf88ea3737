extension PropertyDescriptor {
    /// Requires the length in characters (elements for an array) within `min...max`, bounds in either order:
    ///
    /// `"name": .property(\.title).lengthRange(1, 80)`. A 200-character name fails with `name → title: 200
    /// characters, expected 1...80; got "xxxx…" (200 characters) [lengthRange]`. An absent or null value passes (pair
    /// it with `isRequired()`); any other value, such as a number, is an error.
    public func lengthRange(_ min: Int, _ max: Int) -> Self {
        lengthRule("lengthRange", lower: Swift.min(min, max), upper: Swift.max(min, max))
    }

    /// `lengthRange(1...80)`: the same with a range.
    public func lengthRange(_ range: ClosedRange<Int>) -> Self {
        lengthRule("lengthRange", lower: range.lowerBound, upper: range.upperBound)
    }

    /// Requires exactly `count` characters (or elements): `.property(\.countryCode).length(2)`.
    public func length(_ count: Int) -> Self {
        lengthRule("length", lower: count, upper: count)
    }

    /// Requires at least `count` characters (or elements): `.property(\.password).minLength(12)`.
    public func minLength(_ count: Int) -> Self {
        lengthRule("minLength", lower: count, upper: nil)
    }

    /// Requires at most `count` characters (or elements): `.property(\.tags).maxLength(5)`.
    public func maxLength(_ count: Int) -> Self {
        lengthRule("maxLength", lower: nil, upper: count)
    }

    /// A negative upper bound, which no length meets, is a definition error, never every value's failure.
    private func lengthRule(_ rule: String, lower: Int?, upper: Int?) -> Self {
        let problem: DefinitionProblem? = upper ?? 0 < 0 ? .negativeLength(validator: rule) : nil
        return adding(
            Validator(rule: rule, judges: [.string, .array], problem: problem) { item in
                let count: Int
                let unit: LengthUnit
                if case let .string(text) = item.scalar {
                    // A string has min(1, bytes)...bytes characters: most checks pass on the UTF-8 count, with no grapheme walk.
                    let bytes = text.utf8.count
                    if lower ?? 0 <= Swift.min(1, bytes), bytes <= upper ?? .max { return nil }
                    count = text.count
                    unit = .characters
                } else if let array = item.indexed {
                    count = array.count
                    unit = .elements
                } else {
                    return .cannotJudge(found: item.kind, accepts: [.string, .array])
                }
                if count < lower ?? 0 || count > upper ?? .max { return .length(count: count, unit: unit, lower: lower, upper: upper) }
                return nil
            })
    }
}

import Foundation

// One overload per spelling, generic over `Numeric & Comparable`: separate `BinaryInteger` and
// `BinaryFloatingPoint` overloads made chains such as `.min(0).max(100)` slow to type-check.

extension PropertyDescriptor {
    /// Requires a number no smaller than `bound`, compared exactly:
    ///
    /// `"id": .property(\.id).min(1)`. `0` fails with `id → id: out of bounds, expected at least 1; got 0 [min]`.
    /// Absent or null passes; a string or a boolean is an error. On a `.box` or `.call` that makes a number
    /// (`.box(.decimal, \.price).min(0)`), it judges that number, once the conversion succeeded. The bound is an integer (exact beyond 2^53), a
    /// floating-point number (as a `Double`; a `Float` as its shortest digits, `4.7`) or a `Decimal`; another numeric type, or NaN, is a definition error.
    public func min<Bound: Numeric & Comparable>(_ bound: Bound) -> Self {
        numberRule("min", lower: NumberBound(bound), upper: nil)
    }

    /// Requires a number no greater than `bound`, compared exactly: `.property(\.rating).max(5)`, `.max(86_400.0)`.
    public func max<Bound: Numeric & Comparable>(_ bound: Bound) -> Self {
        numberRule("max", lower: nil, upper: NumberBound(bound))
    }

    /// Requires a number within both bounds, in either order: `.property(\.rating).range(1, 5)`.
    /// `9` fails with `rating → rating: out of bounds, expected 1...5; got 9 [range]`.
    public func range<Bound: Numeric & Comparable>(_ first: Bound, _ second: Bound) -> Self {
        numberRange(NumberBound(first), NumberBound(second))
    }

    /// `range(1...5)`, `range(0.0...86_400.0)`: the same with a closed range.
    public func range<Bound: Numeric & Comparable>(_ bounds: ClosedRange<Bound>) -> Self {
        numberRange(NumberBound(bounds.lowerBound), NumberBound(bounds.upperBound))
    }

    private func numberRange(_ first: NumberBound, _ second: NumberBound) -> Self {
        guard case let (.number(a), .number(b)) = (first, second) else { return numberRule("range", lower: first, upper: second) }
        let swapped = SourceNumber.compare(a, b) == .orderedDescending
        return numberRule("range", lower: swapped ? second : first, upper: swapped ? first : second)
    }

    private func numberRule(_ rule: String, lower: NumberBound?, upper: NumberBound?) -> Self {
        let lowerNumber = lower?.number
        let upperNumber = upper?.number
        let failure = Failure.numberBound(lower: lowerNumber?.rendered, upper: upperNumber?.rendered)
        let problem = lower?.problem(in: rule) ?? upper?.problem(in: rule)
        return adding(
            Validator(rule: rule, judges: .number, problem: problem, judgesNumbers: true) { item in
                guard case let .number(number) = item.scalar else {
                    return .cannotJudge(found: item.kind, accepts: .number)
                }
                if let lowerNumber, SourceNumber.compare(number, lowerNumber) ?? .orderedAscending == .orderedAscending { return failure }
                if let upperNumber, SourceNumber.compare(number, upperNumber) ?? .orderedDescending == .orderedDescending { return failure }
                return nil
            })
    }
}

/// A bound of `min`, `max` or `range` as a number the validator compares exactly.
private enum NumberBound {
    case number(SourceNumber)
    /// A `Numeric` type that is neither an integer, a floating-point type nor `Decimal` (its name).
    case unsupported(String)

    init<Bound: Numeric>(_ bound: Bound) {
        self = SourceValue.number(bound).map(Self.number) ?? .unsupported(TypeName.of(Bound.self))
    }

    var number: SourceNumber? {
        if case let .number(number) = self { number } else { nil }
    }

    /// Why the bound makes `rule` a definition error: it is NaN, or of an unsupported type.
    func problem(in rule: String) -> DefinitionProblem? {
        switch self {
        case let .number(.double(value)) where value.isNaN: .notANumberBound(validator: rule)
        case .number: nil
        case let .unsupported(type): .unsupportedNumberBound(validator: rule, type: type)
        }
    }
}

import Foundation

extension PropertyDescriptor {
    /// Requires a number no smaller than `bound`, compared exactly (2.7 is not truncated to 2).
    ///
    ///     "id": .property(\.id).min(1)
    ///
    /// `0` fails with `id → id: out of bounds, expected at least 1; got 0 [min]`. An absent or null value
    /// passes; a string or a boolean is an error.
    public func min<Bound: BinaryInteger>(_ bound: Bound) -> Self {
        numberRule("min", lower: SourceNumber(integer: bound), upper: nil)
    }

    /// `min(0.5)`: a floating-point bound.
    public func min<Bound: BinaryFloatingPoint>(_ bound: Bound) -> Self {
        numberRule("min", lower: .double(Double(bound)), upper: nil)
    }

    /// Requires a number no greater than `bound`, compared exactly: `.property(\.rating).max(5)`.
    public func max<Bound: BinaryInteger>(_ bound: Bound) -> Self {
        numberRule("max", lower: nil, upper: SourceNumber(integer: bound))
    }

    /// `max(86_400.0)`: a floating-point bound.
    public func max<Bound: BinaryFloatingPoint>(_ bound: Bound) -> Self {
        numberRule("max", lower: nil, upper: .double(Double(bound)))
    }

    /// Requires a number within both bounds, which may come in either order: `.property(\.rating).range(1, 5)`.
    ///
    /// `9` fails with `rating → rating: out of bounds, expected 1...5; got 9 [range]`.
    public func range<Bound: BinaryInteger>(_ first: Bound, _ second: Bound) -> Self {
        numberRange(SourceNumber(integer: first), SourceNumber(integer: second))
    }

    /// `range(0.0, 86_400.0)`: floating-point bounds.
    public func range<Bound: BinaryFloatingPoint>(_ first: Bound, _ second: Bound) -> Self {
        numberRange(.double(Double(first)), .double(Double(second)))
    }

    /// `range(1...5)`: the same with a range.
    public func range<Bound: BinaryInteger>(_ bounds: ClosedRange<Bound>) -> Self {
        range(bounds.lowerBound, bounds.upperBound)
    }

    /// `range(0.0...86_400.0)`: the same with a floating-point range.
    public func range<Bound: BinaryFloatingPoint>(_ bounds: ClosedRange<Bound>) -> Self {
        range(bounds.lowerBound, bounds.upperBound)
    }

    private func numberRange(_ first: SourceNumber, _ second: SourceNumber) -> Self {
        let swapped = SourceNumber.compare(first, second) == .orderedDescending
        return numberRule("range", lower: swapped ? second : first, upper: swapped ? first : second)
    }

    private func numberRule(_ rule: String, lower: SourceNumber?, upper: SourceNumber?) -> Self {
        let failure = Failure.numberBound(lower: lower?.rendered, upper: upper?.rendered)  // rendered once
        let isNaN = [lower, upper].contains { bound in if case let .double(value)? = bound { value.isNaN } else { false } }
        var validator = Validator(rule: rule, judges: .number) { item in
            guard case let .number(number) = item.scalar else {
                return .cannotJudge(found: item.kind, accepts: .number)
            }
            if let lower, SourceNumber.compare(number, lower) ?? .orderedAscending == .orderedAscending { return failure }
            if let upper, SourceNumber.compare(number, upper) ?? .orderedDescending == .orderedDescending { return failure }
            return nil
        }
        if isNaN { validator.problem = .notANumberBound(validator: rule) }
        return adding(validator)
    }
}

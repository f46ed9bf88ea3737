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
        numberRule("min", bound, nil)
    }

    /// Requires a number no greater than `bound`, compared exactly: `.property(\.rating).max(5)`, `.max(86_400.0)`.
    public func max<Bound: Numeric & Comparable>(_ bound: Bound) -> Self {
        numberRule("max", nil, bound)
    }

    /// Requires a number within both bounds, in either order: `.property(\.rating).range(1, 5)`.
    /// `9` fails with `rating → rating: out of bounds, expected 1...5; got 9 [range]`.
    public func range<Bound: Numeric & Comparable>(_ first: Bound, _ second: Bound) -> Self {
        numberRule("range", first, second)
    }

    /// `range(1...5)`, `range(0.0...86_400.0)`: the same with a closed range.
    public func range<Bound: Numeric & Comparable>(_ bounds: ClosedRange<Bound>) -> Self {
        numberRule("range", bounds.lowerBound, bounds.upperBound)
    }

    /// The bounds as numbers compared exactly, swapped when out of order. A bound neither an integer, a floating-point
    /// number nor a `Decimal`, or NaN, makes `rule` a definition error (the first bound's problem first).
    private func numberRule<Bound: Numeric>(_ rule: String, _ first: Bound?, _ second: Bound?) -> Self {
        var problem: DefinitionProblem?
        func number(_ bound: Bound?) -> SourceNumber? {
            guard let bound else { return nil }
            let number = SourceValue.number(bound)
            if case let .double(value)? = number, value.isNaN { problem = problem ?? .notANumberBound(validator: rule) }
            if number == nil { problem = problem ?? .unsupportedNumberBound(validator: rule, type: TypeName.of(Bound.self)) }
            return number
        }
        var (lowerNumber, upperNumber) = (number(first), number(second))
        if let lower = lowerNumber, let upper = upperNumber, SourceNumber.compare(lower, upper) == .orderedDescending {
            swap(&lowerNumber, &upperNumber)
        }
        let failure = Failure.numberBound(lower: lowerNumber?.rendered, upper: upperNumber?.rendered)
        return adding(
            Validator(rule: rule, judges: .number, problem: problem, judgesNumbers: true) { [lowerNumber, upperNumber] item in
                guard case let .number(number) = item.scalar else {
                    return .cannotJudge(found: item.kind, accepts: .number)
                }
                if let lowerNumber, SourceNumber.compare(number, lowerNumber) ?? .orderedAscending == .orderedAscending { return failure }
                if let upperNumber, SourceNumber.compare(number, upperNumber) ?? .orderedDescending == .orderedDescending { return failure }
                return nil
            })
    }
}

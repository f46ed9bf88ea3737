import Foundation

/// A number exactly as the source holds it: no rounding, no truncation, no Bool.
enum SourceNumber: Sendable, Equatable {
    case int(Int64)
    /// Only values above `Int64.max`; smaller unsigned values are `.int`.
    case uint(UInt64)
    case double(Double)
    /// An integer wider than 64 bits, as its decimal digits.
    case wide(String)
    /// A decimal with a fractional part whose nearest `Double` writes it exactly (its shortest digits): that double.
    case fraction(Double)
    /// A decimal with a fractional part no `Double` writes (`0.10000000000000001`), as its digits (or as the JSON text
    /// of one more precise than a `Decimal`): never an integer.
    case preciseFraction(String)

    init<N: BinaryInteger>(integer value: N) {
        self = Int64(exactly: value).map(Self.int) ?? UInt64(exactly: value).map(Self.uint) ?? .wide(String(value))
    }

    /// Whether a value of `type` is a number `SourceValue.number(_:)` reads in any source: the results validators judge.
    static func reads(_ type: Any.Type) -> Bool {
        // `Numeric` first: a type that is no number (a URL, a Date) costs one conformance look-up.
        type == Decimal.self || (type is any Numeric.Type && (type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type))
    }

    init(decimal: Decimal) {
        guard decimal.isFinite else { self = .double(.nan); return }
        var value = decimal
        var whole = Decimal()
        NSDecimalRound(&whole, &value, 0, .plain)
        guard whole == decimal else {
            // From its digits, correctly rounded; `NSDecimalNumber.doubleValue` is not (0.30000000000000004).
            let digits = decimal.description
            let nearest = Double(digits) ?? NSDecimalNumber(decimal: decimal).doubleValue
            self = Decimal(string: "\(nearest)") == decimal ? .fraction(nearest) : .preciseFraction(digits)
            return
        }
        let digits = whole.description
        self = Int64(digits).map(Self.int) ?? UInt64(digits).map(Self.uint) ?? .wide(digits)
    }

    func integer<T: FixedWidthInteger>(as _: T.Type) -> Result<T, NumberProblem> {
        switch self {
        case let .int(value):
            return T(exactly: value).map(Result.success) ?? .failure(.outOfRange)
        case let .uint(value):
            return T(exactly: value).map(Result.success) ?? .failure(.outOfRange)
        case let .double(value):
            guard value.isFinite else { return .failure(.nonFinite) }
            guard value.rounded(.towardZero) == value else { return .failure(.notWhole) }
            return T(exactly: value).map(Result.success) ?? .failure(.outOfRange)
        case let .wide(digits):
            // Only a type wider than 64 bits (`Int128`) holds one; then it is in its range or not.
            guard T.bitWidth > 64 else { return .failure(.beyond64Bits) }
            return T(digits).map(Result.success) ?? .failure(.outOfRange)
        case let .fraction(value):
            return value.isFinite ? .failure(.notWhole) : .failure(.nonFinite)
        case .preciseFraction:
            return .failure(.notWhole)
        }
    }

    /// The value as a finite `Double` (rounded to the nearest double, as JSON numbers are).
    var finiteDouble: Result<Double, NumberProblem> {
        switch self {
        case let .int(value): return .success(Double(value))
        case let .uint(value): return .success(Double(value))
        case let .double(value), let .fraction(value): return value.isFinite ? .success(value) : .failure(.nonFinite)
        case let .preciseFraction(digits): return .success(Double(digits) ?? .nan)
        case let .wide(digits): return Self.shortestDouble(digits).map(Result.success) ?? .failure(.beyond64Bits)
        }
    }

    /// That double, for an integer beyond 64 bits in a `Double`'s shortest form (2^64 serialized as
    /// `1.8446744073709552e+19`); any other one (`18446744073709551616`) stays a range error, never rounded.
    private static func shortestDouble(_ digits: String) -> Double? {
        let significant = digits.utf8.drop { $0 == UInt8(ascii: "-") }.reversed().drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= 17, let value = Double(digits), value.isFinite else { return nil }
        return value
    }

    /// Exact order of two numbers; `nil` when either is NaN.
    static func compare(_ lhs: SourceNumber, _ rhs: SourceNumber) -> ComparisonResult? {
        if case let .preciseFraction(digits) = lhs { return compare(preciseFraction: digits, rhs) }
        if case let .preciseFraction(digits) = rhs { return compare(preciseFraction: digits, lhs).map(\.reversed) }
        if case let .fraction(value) = lhs { return compare(.double(value), rhs) }
        if case let .fraction(value) = rhs { return compare(lhs, .double(value)) }
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): return order(a, b)
        case let (.uint(a), .uint(b)): return order(a, b)
        case (.int, .uint): return .orderedAscending
        case (.uint, .int): return .orderedDescending
        case let (.double(a), .double(b)): return a.isNaN || b.isNaN ? nil : order(a, b)
        case let (.int(a), .double(b)): return compare(integer: a, double: b)
        case let (.uint(a), .double(b)): return compare(integer: a, double: b)
        case let (.double(a), .int(b)): return compare(integer: b, double: a).map(\.reversed)
        case let (.double(a), .uint(b)): return compare(integer: b, double: a).map(\.reversed)
        case let (.wide(a), _): return compareWide(a, rhs)
        case let (_, .wide(b)): return compareWide(b, lhs).map(\.reversed)
        case (.fraction, _), (_, .fraction), (.preciseFraction, _), (_, .preciseFraction): return nil  // handled above
        }
    }

    /// A decimal fraction no `Double` writes, by every digit it has, against another number exactly: a `Double` as it is
    /// written (its shortest digits, as a bound `0.1` is meant).
    private static func compare(preciseFraction digits: String, _ other: SourceNumber) -> ComparisonResult? {
        switch other {
        case let .double(value) where !value.isFinite, let .fraction(value) where !value.isFinite:
            return value.isNaN ? nil : (value > 0 ? .orderedAscending : .orderedDescending)
        default:
            return DecimalText.order(digits, other.rendered)
        }
    }

    static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    private static func compare<I: FixedWidthInteger>(integer: I, double: Double) -> ComparisonResult? {
        if double.isNaN { return nil }
        // Every 64-bit integer lies strictly inside (-2^64, 2^64).
        if double >= 18_446_744_073_709_551_616.0 { return .orderedAscending }
        if double <= -18_446_744_073_709_551_616.0 { return .orderedDescending }
        let floor = double.rounded(.down)
        guard let whole = I(exactly: floor) else {
            // `floor` is outside I's range, so the integer lies on its other side.
            return floor > 0 ? .orderedAscending : .orderedDescending
        }
        if integer != whole { return order(integer, whole) }
        return double > floor ? .orderedAscending : .orderedSame
    }

    /// Exact order of an integer wider than 64 bits (its decimal digits) and another number.
    private static func compareWide(_ digits: String, _ other: SourceNumber) -> ComparisonResult? {
        let beyondOtherSide: ComparisonResult = digits.hasPrefix("-") ? .orderedAscending : .orderedDescending
        switch other {
        case .int, .uint:
            return beyondOtherSide
        case let .preciseFraction(fraction):
            return compare(preciseFraction: fraction, .wide(digits)).map(\.reversed)
        case let .double(value), let .fraction(value):
            if value.isNaN { return nil }
            if value.isInfinite { return value > 0 ? .orderedAscending : .orderedDescending }
            // Doubles inside ±2^63 lie within the 64-bit range, which the wide integer lies outside of.
            if value.magnitude < 9_223_372_036_854_775_808.0 { return beyondOtherSide }
            // Larger doubles are whole numbers: compare their exact digits.
            return DecimalText.order(digits, exactDigits(of: value))
        case let .wide(otherDigits):
            return DecimalText.order(digits, otherDigits)
        }
    }

    /// The exact decimal digits of a whole, finite double (`significand × 2^exponent`).
    static func exactDigits(of value: Double) -> String {
        let shift = Int(value.exponent) - Double.significandBitCount
        guard shift > 0 else { return String(Int64(value)) }
        var digits = String(UInt64(1) << Double.significandBitCount | value.significandBitPattern)
            .utf8.reversed().map { $0 - UInt8(ascii: "0") }  // least significant first
        for _ in 0..<shift {
            var carry: UInt8 = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        let text = String(decoding: digits.reversed().map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        return value < 0 ? "-" + text : text
    }

    /// The number as a person would write it in JSON.
    var rendered: String {
        switch self {
        case let .int(value): return String(value)
        case let .uint(value): return String(value)
        case let .double(value), let .fraction(value):
            return value.isFinite ? "\(value)" : (value.isNaN ? "NaN" : (value > 0 ? "Infinity" : "-Infinity"))
        case let .preciseFraction(digits), let .wide(digits): return digits
        }
    }
}

/// Why a number does not fit a numeric type.
enum NumberProblem: Error {
    case outOfRange, notWhole, nonFinite, beyond64Bits

    func failure(expected: String) -> Failure {
        switch self {
        case .outOfRange: return .outOfRange(expected: expected)
        case .notWhole: return .notWhole(expected: expected)
        case .nonFinite: return .nonFinite(expected: expected)
        case .beyond64Bits: return .beyond64Bits(expected: expected)
        }
    }
}

extension ComparisonResult {
    var reversed: ComparisonResult {
        switch self {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}

/// A number whose plain reading is not the number written: its text, so that a field judges every digit, beside that
/// plain value for a dynamic cast (`Any`). The JSON reader makes one where Foundation's reading is not exact (a `Double`
/// of more digits than it keeps, a `Decimal` cut to 38), `.lenient()` for a string a `Decimal` or 64 bits cannot hold.
struct InexactNumber {
    let text: String
    /// The number for every reading but a `Decimal`'s, which reads `text` (kind, integers, validators).
    let nearest: SourceNumber
    /// The value read without exact digits (a `Double`, an `NSDecimalNumber`): what a dynamic cast (`Any`) gets.
    let plain: Any

    static func of(_ value: Any) -> InexactNumber? {
        SourceValue.typeID(of: value) == ObjectIdentifier(InexactNumber.self) ? (value as! InexactNumber) : nil
    }

    /// `value` with each of these in it, in its dictionaries and arrays at any depth too, as its `plain` value: what a
    /// dynamic cast gets. `value` itself when it holds none. Without recursion: a value is up to 512 containers deep.
    static func plain(in value: Any) -> Any {
        var open: [PlainRebuild] = []
        var next = value
        walk: while true {
            if let rebuild = PlainRebuild(next), let first = rebuild.items.first {
                open.append(rebuild)
                next = first
                continue
            }
            var done: (value: Any, changed: Bool) = of(next).map { ($0.plain, true) } ?? (next, false)
            while var rebuild = open.popLast() {
                rebuild.built.append(done.value)
                rebuild.changed = rebuild.changed || done.changed
                if rebuild.built.count < rebuild.items.count {
                    next = rebuild.items[rebuild.built.count]
                    open.append(rebuild)
                    continue walk
                }
                done = (rebuild.value, rebuild.changed)
            }
            return done.value
        }
    }
}

/// A dictionary or array the JSON reader made, rebuilt with its items' plain values (`InexactNumber.plain(in:)`).
private struct PlainRebuild {
    let original: Any
    /// A dictionary's keys, in the order of `items`; nil for an array.
    let keys: [String]?
    let items: [Any]
    var built: [Any] = []
    /// Whether an item's plain value is not the item.
    var changed = false

    init?(_ value: Any) {
        switch SourceValue.typeID(of: value) {
        case SourceValue.dictionaryType:
            guard let object = value as? [String: Any] else { return nil }
            (keys, items) = (Array(object.keys), Array(object.values))
        case SourceValue.arrayType:
            guard let array = value as? [Any] else { return nil }
            (keys, items) = (nil, array)
        default:
            return nil
        }
        original = value
    }

    /// The container rebuilt, or the original when no item changed.
    var value: Any {
        assert(built.count == items.count, "every item rebuilt")
        guard changed else { return original }
        return keys.map { Dictionary(uniqueKeysWithValues: zip($0, built)) } ?? built
    }
}

extension Float {
    /// The number this `Float` stands for, its shortest digits (`0.1`), not its widened binary value
    /// (0.10000000149…); narrowed back, it is this `Float`.
    var standsFor: Double {
        let shortest = Double(description) ?? Double(self)
        return Float(shortest) == self ? shortest : Double(self)
    }
}

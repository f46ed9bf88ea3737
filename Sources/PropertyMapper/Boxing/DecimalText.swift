import Foundation

/// Decimal numbers read from their text exactly, or not at all: what a `Decimal` cannot hold exactly
/// (significand above 2^128 − 1, exponent beyond -128...127) is told apart from what is not a number, and
/// neither is rounded or trapped on (every count is bounded or made in 64 bits, whatever the width of `Int`).
enum DecimalText {
    /// The significant digits a `Decimal` always holds; one more only up to `largestSignificand`.
    static let maximumDigits = 38
    private static let largestSignificand = Array("340282366920938463463374607431768211455".utf8)

    /// Whether a `Decimal` holds the significand `digits` (no leading zero) exactly.
    private static func holds(_ digits: [UInt8]) -> Bool {
        digits.count <= maximumDigits
            || (digits.count == largestSignificand.count && !largestSignificand.lexicographicallyPrecedes(digits))
    }

    enum Reading: Equatable {
        case decimal(Decimal)
        /// Not a number in JSON's syntax, or a non-finite one.
        case notANumber
        /// More significant digits than a `Decimal` holds (how many), or an exponent they cannot absorb (0).
        case notExact(significantDigits: Int)
    }

    static func decimal(from text: String) -> Decimal? {
        if case let .decimal(value) = reading(from: text) { value } else { nil }
    }

    /// What `text` reads as, in JSON's number syntax with an optional leading `+`, leading zeros allowed.
    static func reading(from text: String) -> Reading {
        UTF8Bytes.of(text) { reading(from: $0, json: false) }
    }

    /// A source number exactly: a `Decimal` or `NSDecimalNumber` as it is, one the JSON reader kept as text
    /// (`InexactNumber`), an integer exactly, a `Double` by its shortest digits. `value` is its source value.
    static func reading(of number: SourceNumber, value: Any) -> Reading {
        if let inexact = InexactNumber.of(value) { return reading(from: inexact.text) }
        if let exact = SourceValue.exactDecimal(value) { return exact.isFinite ? .decimal(exact) : .notANumber }
        switch number {
        case let .int(integer): return .decimal(Decimal(integer))
        case let .uint(integer): return .decimal(Decimal(integer))
        case let .wide(digits), let .preciseFraction(digits): return reading(from: digits)
        case let .double(double), let .fraction(double): return double.isFinite ? reading(from: "\(double)") : .notANumber
        }
    }

    /// With `json`, the bytes already passed RFC 8259's grammar; otherwise it is checked here, with a leading `+` and zeros allowed.
    static func reading(from bytes: UTF8Bytes, json: Bool) -> Reading {
        guard let parts = Parts(bytes, json: json) else { return .notANumber }
        guard !parts.significant.isEmpty else { return .decimal(Decimal.zero) }
        var significant = parts.significant
        let notExact = Reading.notExact(significantDigits: holds(significant) ? 0 : significant.count)
        guard holds(significant), abs(parts.scale) < 1_000_000 else { return notExact }
        var scale = parts.scale
        // A Decimal's exponent lies in -128...127; a larger one can move into the significand while it has room.
        if scale > 127 {
            let shift = scale - 127
            guard Int64(significant.count) + shift <= Int64(largestSignificand.count) else { return notExact }
            significant.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: Int(shift)))
            guard holds(significant) else { return notExact }
            scale = 127
        }
        guard scale >= -128 else { return notExact }
        let digits = String(decoding: significant, as: UTF8.self)
        guard let value = Decimal(string: "\(parts.isNegative ? "-" : "")\(digits)e\(scale)"), value.isFinite else { return notExact }
        return .decimal(value)
    }

    /// Exact order of two numbers written in JSON's syntax (a leading `+` and zeros allowed), whatever their digits
    /// (exponents beyond a million aside); nil when either is not one.
    static func order(_ lhs: String, _ rhs: String) -> ComparisonResult? {
        guard let lhs = UTF8Bytes.of(lhs, { Parts($0, json: false) }), let rhs = UTF8Bytes.of(rhs, { Parts($0, json: false) })
        else { return nil }
        if lhs.sign != rhs.sign || lhs.sign == 0 { return SourceNumber.order(lhs.sign, rhs.sign) }
        // Magnitudes: by where the first digit stands, then digit by digit (no trailing zeros, so a prefix is smaller).
        let lhsEnd = lhs.scale + Int64(lhs.significant.count)
        let rhsEnd = rhs.scale + Int64(rhs.significant.count)
        let magnitude: ComparisonResult
        if lhsEnd != rhsEnd {
            magnitude = SourceNumber.order(lhsEnd, rhsEnd)
        } else if lhs.significant == rhs.significant {
            magnitude = .orderedSame
        } else {
            magnitude = lhs.significant.lexicographicallyPrecedes(rhs.significant) ? .orderedAscending : .orderedDescending
        }
        return lhs.isNegative ? magnitude.reversed : magnitude
    }

    /// The number of JSON text (RFC 8259's grammar) when no `Decimal` holds it, exactly: a whole one as its digits,
    /// any other as its text (never whole); nil when a `Decimal` holds it.
    static func numberNoDecimalHolds(_ bytes: UTF8Bytes) -> SourceNumber? {
        guard case .notExact = reading(from: bytes, json: true), let parts = Parts(bytes, json: true) else { return nil }
        guard parts.scale >= 0 else { return .preciseFraction(bytes.string) }
        let digits = String(decoding: parts.significant, as: UTF8.self) + String(repeating: "0", count: Int(parts.scale))
        return .wide(parts.isNegative ? "-" + digits : digits)
    }

    /// A number's text as its sign, its significant digits without leading or trailing zeros, and the power of ten of the
    /// last of them: the value is `significant × 10^scale`.
    private struct Parts {
        var isNegative = false
        var significant: [UInt8] = []
        var scale: Int64 = 0

        /// -1, 0 or 1.
        var sign: Int { significant.isEmpty ? 0 : (isNegative ? -1 : 1) }

        /// Nil when the bytes are not a number; with `json`, they already passed RFC 8259's grammar.
        init?(_ bytes: UTF8Bytes, json: Bool) {
            var index = 0
            let count = bytes.count
            if index < count, bytes[index] == UInt8(ascii: "-") || (!json && bytes[index] == UInt8(ascii: "+")) {
                isNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var fractionDigits: Int64 = 0
            var sawPoint = false
            var integerDigits = 0
            while index < count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    // From the first non-zero digit; no early exit: trailing zeros may still bring it within a Decimal.
                    if !significant.isEmpty || byte != UInt8(ascii: "0") { significant.append(byte) }
                    if sawPoint { fractionDigits += 1 } else { integerDigits += 1 }
                } else if byte == UInt8(ascii: "."), !sawPoint {
                    guard integerDigits > 0 else { return nil }
                    sawPoint = true
                } else {
                    break
                }
                index += 1
            }
            guard integerDigits > 0, !sawPoint || fractionDigits > 0 else { return nil }
            var exponent: Int64 = 0
            if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                var exponentNegative = false
                if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    exponentNegative = bytes[index] == UInt8(ascii: "-")
                    index += 1
                }
                let start = index
                while index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    // Capped: any exponent beyond a million is out of range whatever the digits.
                    if exponent < 1_000_000 { exponent = exponent * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                    index += 1
                }
                guard index > start else { return nil }
                if exponentNegative { exponent = -exponent }
            }
            guard index == count else { return nil }
            var trailingZeros: Int64 = 0
            while significant.last == UInt8(ascii: "0") {
                significant.removeLast()
                trailingZeros += 1
            }
            scale = exponent - fractionDigits + trailingZeros
        }
    }
}

import Foundation

/// Decimal numbers read from their text exactly, or not at all: `"12.50"`, `"0.1"`,
/// `"12345678901234567890.123"`, `"-1.5e3"`.
///
/// A `Decimal` holds at most 38 significant digits with an exponent in -128...127. Text it cannot hold
/// exactly (more digits, a larger or smaller exponent), anything that is not a number (`""`, `"NaN"`,
/// `" 12"`, `"12abc"`) is refused with nil, never rounded and never trapped: every count is bounded or
/// made in 64 bits, whatever the width of `Int`.
enum DecimalText {
    static let maximumDigits = 38

    /// The number `text` writes, in JSON's number syntax with an optional leading `+`, leading zeros allowed.
    static func decimal(from text: String) -> Decimal? {
        var text = text
        return text.withUTF8 { decimal(from: $0, json: false) }
    }

    /// The number in `bytes`. With `json`, the bytes are a number already checked against RFC 8259's
    /// grammar; otherwise the grammar is checked here (leniently: a leading `+` and leading zeros).
    static func decimal(from bytes: UnsafeBufferPointer<UInt8>, json: Bool) -> Decimal? {
        var index = 0
        let count = bytes.count
        var isNegative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || (!json && bytes[index] == UInt8(ascii: "+")) {
            isNegative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // The significant digits, from the first non-zero one (trailing zeros are trimmed below).
        var significant: [UInt8] = []
        var digitCount: Int64 = 0
        var fractionDigits: Int64 = 0
        var sawPoint = false
        var integerDigits = 0
        while index < count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if !significant.isEmpty || byte != UInt8(ascii: "0") {
                    significant.append(byte)
                    // Beyond what a Decimal holds: only trailing zeros could still make it fit.
                }
                digitCount += 1
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

        // Zero, written in any way, is zero.
        guard !significant.isEmpty else { return Decimal.zero }
        var trailingZeros: Int64 = 0
        while significant.last == UInt8(ascii: "0") {
            significant.removeLast()
            trailingZeros += 1
        }
        guard significant.count <= maximumDigits, abs(exponent) < 1_000_000 else { return nil }
        // The value is significant × 10^scale.
        var scale = exponent - fractionDigits + trailingZeros
        // A Decimal's exponent lies in -128...127; a larger one can move into the significand while it
        // has room for more digits.
        if scale > 127 {
            let shift = scale - 127
            guard Int64(significant.count) + shift <= Int64(maximumDigits) else { return nil }
            significant.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: Int(shift)))
            scale = 127
        }
        guard scale >= -128 else { return nil }
        let digits = String(decoding: significant, as: UTF8.self)
        guard let value = Decimal(string: "\(isNegative ? "-" : "")\(digits)e\(scale)"), value.isFinite else { return nil }
        return value
    }
}

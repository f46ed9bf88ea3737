import Foundation

/// The doubles and floats that do not survive `serializeJSON` then `map(…fromJSON:)` today, which
/// `LosslessGenerator` leaves out unless `avoided` is false (see `LosslessPropertyTests.knownNumberBugs`).
///
/// The writer gives a double its shortest form, up to 17 significant digits (`0.30000000000000004`,
/// `1.8446744073709552e+19`). The reader, like JSONSerialization, reads a number with more than 17
/// characters before the `e` (and an exponent within -128...127) through `Decimal(string:)`, then:
/// - a fraction becomes `NSDecimalNumber.doubleValue`, which is not correctly rounded:
///   `0.30000000000000004` comes back as `0.3000000000000001`, one ulp away (some come back several
///   ulps away; about a quarter of all finite doubles change);
/// - a whole value beyond 64 bits is "an integer wider than 64 bits", a `type` error for `Double`
///   and `Float`: `1.8446744073709552e+19` (2^64), `Float.greatestFiniteMagnitude`.
///
/// `readBack(_:)` is that reading, step for step; over 100,000 random finite doubles it predicted
/// every failing round trip and no other.
enum LosslessKnownBugs {
    /// Whether the generator leaves out the values below.
    @TaskLocal static var avoided = true

    /// The double the reader makes of `value`'s shortest text; nil when it refuses it.
    static func readBack(_ value: Double) -> Double? {
        let text = "\(value)"
        let parts = text.split(separator: "e")
        guard parts[0].count > 17 else { return value }
        if parts.count == 2, let exponent = Int(parts[1]), !(-128...127).contains(exponent) { return value }
        guard let decimal = Decimal(string: text), decimal.isFinite else { return value }
        var rounding = decimal
        var whole = Decimal()
        NSDecimalRound(&whole, &rounding, 0, .plain)
        if whole == decimal {
            let digits = whole.description
            return Int64(digits) != nil || UInt64(digits) != nil ? value : nil
        }
        return NSDecimalNumber(decimal: decimal).doubleValue
    }

    static func changes(_ value: Double) -> Bool {
        readBack(value)?.bitPattern != value.bitPattern
    }

    /// A float is written as the double it widens to, and the reader's double narrowed back.
    static func changes(_ value: Float) -> Bool {
        readBack(Double(value)).map { Float($0).bitPattern } != value.bitPattern
    }
}

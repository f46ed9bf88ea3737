import Foundation

/// Random source trees: JSON-like values as Swift literals hold them, and as JSON.
enum RandomSource {
    static let keys = ["a", "b", "c", "id", "name", "", "a.b", "x[0]", "é", "k e y", "q\"uote", "😀"]

    static let strings = [
        "", " ", "short", "live", "long", "none", "Romeo Xray", "lowercase words", "UPPER", "é", "e\u{301}", "😀👩‍👩‍👧",
        "https://example.com/a", "http://x.example", "not a url", "2010-12-09T07:14:08Z", "2010-12-09T07:14:08.5+02:00",
        "2015-02-29T00:00:00Z", "yesterday", "#a0b1c2", "#ABCDEF", "#12345", "user@example.com", "not-an-email",
        "42", "1e2", "null", "true", "\u{0}", "tab\there", String(repeating: "x", count: 100), String(repeating: "é", count: 33),
    ]

    static let integers: [Int] = [
        0, 1, -1, 2, 3, 4, 5, 7, 9, 21, 100, 127, 128, -128, -129, 255, 404, 999, 1000,
        Int(Int32.max), Int.max, Int.min, 1_000_000_000, -5,
    ]

    static let doubles: [Double] = [
        0.0, -0.0, 0.5, 1.0, 2.5, -1.5, 100.0, 1e2, 3.14159, 90.0, -90.000001, 1e19,
        1e30, 1e300, -1e300, 9.223372036854775807e18, Double.leastNonzeroMagnitude, Double(Float.greatestFiniteMagnitude) * 2,
    ]

    /// A random value, `depth` levels deep at most. `literalOnly` allows values JSON cannot hold.
    static func value(depth: Int, literalOnly: Bool, using random: inout SplitMix64) -> Any {
        let roll = Int.random(in: 0..<(depth > 0 ? 12 : 9), using: &random)
        switch roll {
        case 0: return NSNull()
        case 1: return Bool.random(using: &random)
        case 2: return random.pick(integers)
        case 3: return random.pick(doubles)
        case 4, 5: return random.pick(strings)
        case 6: return literalOnly ? typedScalar(using: &random) : random.pick(integers)
        case 7: return Int.random(in: -10...10, using: &random)
        case 8: return literalOnly && random.chance(0.3) ? Optional<Any>.none as Any : random.pick(strings)
        case 9:
            return (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth - 1, literalOnly: literalOnly, using: &random)
            }
        default:
            var dictionary: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                dictionary[random.pick(keys)] = value(depth: depth - 1, literalOnly: literalOnly, using: &random)
            }
            return dictionary
        }
    }

    /// Swift values a literal dictionary may hold that JSONSerialization never returns.
    static func typedScalar(using random: inout SplitMix64) -> Any {
        random.pick(
            [
                Int8(-5), Int8.min, UInt64.max, UInt64(5), Int64.min, Float(1.5), Float.infinity, Double.nan, -Double.infinity,
                Optional<Int>.some(3) as Any, ["a", "b"] as [String], [1, 2, 3] as [Int], ["k": 1.5] as [String: Double],
                Decimal(string: "12.5")!,
            ] as [Any])
    }

    /// The value as JSON bytes, when JSON can hold it.
    static func json(_ value: Any?) -> Data? {
        guard let value else { return nil }
        guard JSONSerialization.isValidJSONObject([value]) else { return nil }
        guard let data = try? JSONSerialization.data(withJSONObject: [value]) else { return nil }
        // Strip the wrapping array: the value itself, as a document (a fragment for scalars).
        return Data(data.dropFirst().dropLast())
    }
}

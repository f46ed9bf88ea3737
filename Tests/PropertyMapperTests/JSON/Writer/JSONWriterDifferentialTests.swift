import Foundation
import Testing

@testable import PropertyMapper

extension SerializationTests {
    /// Random value trees written by `JSONWriter` and read back by `JSONSerialization` and by the
    /// library's own reader: every output parses, to the same values (doubles bit for bit).
    @Suite struct JSONWriterDifferentialTests {
        static let cases = 2_000

        @Test func readersReadBackWhatWasWritten() throws {
            var random = SplitMix64(seed: 0x4A53_4F4E_5772_6974)
            var failures = 0
            for number in 0..<Self.cases {
                let seed = random.next()
                var generator = ValueTreeGenerator(random: SplitMix64(seed: seed))
                let value = generator.value(depth: 0)
                let options = Self.options[number % Self.options.count]
                let bytes = try JSONWriter.bytes(for: value, options: options)
                let foundation = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
                let library = try? JSONDocument.parse(Data(bytes))
                let foundationProblem = foundation.map { Self.mismatch($0, value, at: "") } ?? "not read"
                let libraryProblem = library.map { Self.mismatch($0, value, at: "") } ?? "not read"
                if foundationProblem != nil || libraryProblem != nil {
                    failures += 1
                    Issue.record(
                        """
                        case \(number) (seed \(seed), options \(options.rawValue)): \
                        JSONSerialization: \(foundationProblem ?? "ok"); reader: \(libraryProblem ?? "ok")
                        \(String(decoding: bytes, as: UTF8.self))
                        """)
                    if failures >= 5 { return }
                }
            }
        }

        @Test func writesTheSameValuesWhateverTheOptions() throws {
            var random = SplitMix64(seed: 7)
            for _ in 0..<200 {
                var generator = ValueTreeGenerator(random: SplitMix64(seed: random.next()))
                let value = generator.value(depth: 0)
                let compact = try JSONSerialization.jsonObject(with: JSONWriter.data(for: value), options: [.fragmentsAllowed])
                let pretty = try JSONSerialization.jsonObject(
                    with: JSONWriter.data(for: value, options: [.prettyPrinted, .sortedKeys]), options: [.fragmentsAllowed])
                #expect(EngineView(compact) == EngineView(pretty))
            }
        }

        static let options: [SerializationOptions] = [[], [.prettyPrinted], [.sortedKeys], [.prettyPrinted, .sortedKeys]]

        /// Why `parsed` is not `expected`, or nil when it is.
        static func mismatch(_ parsed: Any, _ expected: JSONValue, at path: String) -> String? {
            let item = SourceItem(parsed)
            func problem(_ found: Any) -> String { "\(path.isEmpty ? "(root)" : path): expected \(expected), read \(found)" }
            switch expected {
            case let .object(members):
                guard let keyed = item.keyed, keyed.count == members.count else { return problem(parsed) }
                for (key, member) in members {
                    guard let found = keyed.item(forKey: key) else { return problem("no key \(key)") }
                    if let inner = mismatch(found.value, member, at: MappingKey.key(key).appended(to: path)) { return inner }
                }
                return nil
            case let .array(elements):
                guard let indexed = item.indexed, indexed.count == elements.count else { return problem(parsed) }
                for index in elements.indices {
                    if let inner = mismatch(indexed[index], elements[index], at: MappingKey.index(index).appended(to: path)) {
                        return inner
                    }
                }
                return nil
            case let .string(text):
                guard case let .string(found) = item.scalar, found == text else { return problem(parsed) }
                return nil
            case let .bool(flag):
                guard case let .bool(found) = item.scalar, found == flag else { return problem(parsed) }
                return nil
            case .null:
                return item.isNull ? nil : problem(parsed)
            case let .int(number):
                return exactNumber(item.value) == Decimal(number) ? nil : problem(parsed)
            case let .uint(number):
                return exactNumber(item.value) == Decimal(number) ? nil : problem(parsed)
            case let .double(number):
                return readDouble(item.value)?.bitPattern == number.bitPattern ? nil : problem(parsed)
            case let .decimal(number):
                // A reader gives a long number as the exact `NSDecimalNumber`, a short one as its `Double`.
                if let exact = decimalNumber(item.value) { return exact == number ? nil : problem(parsed) }
                if let double = readDouble(item.value) {
                    return Double(number.description)?.bitPattern == double.bitPattern ? nil : problem(parsed)
                }
                return exactNumber(item.value) == number ? nil : problem(parsed)
            }
        }

        static func decimalNumber(_ value: Any) -> Decimal? {
            guard SourceValue.isObject(value), let decimal = value as? NSDecimalNumber else { return nil }
            return decimal.decimalValue
        }

        /// An integer read back, exactly; nil for anything else.
        static func exactNumber(_ value: Any) -> Decimal? {
            if let decimal = decimalNumber(value) { return decimal }
            switch SourceValue.number(value) {
            case let .int(number): return Decimal(number)
            case let .uint(number): return Decimal(number)
            default: return nil
            }
        }

        /// The `Double` a reader gave, or, for an exact decimal, the `Double` its digits round to.
        static func readDouble(_ value: Any) -> Double? {
            if let decimal = decimalNumber(value) { return Double(decimal.description) }
            if case let .double(number) = SourceValue.number(value) { return number }
            return nil
        }
    }
}

/// Random JSON value trees: strings with escapes, emoji and control characters, doubles at the extremes
/// and from random bit patterns, integers of every size, decimals, containers up to 6 deep.
struct ValueTreeGenerator {
    var random: SplitMix64

    static let maximumDepth = 6

    mutating func value(depth: Int) -> JSONValue {
        let containers = depth < Self.maximumDepth ? (depth == 0 ? 6 : 3) : 0
        switch Int.random(in: 0..<(12 + containers), using: &random) {
        case 0: return .null
        case 1: return .bool(random.chance(0.5))
        case 2, 3: return .string(string())
        case 4, 5, 6: return .double(double())
        case 7, 8: return .int(int())
        case 9: return .uint(UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &random))
        case 10: return .decimal(decimal())
        case 11: return .string(random.pick(["", "a/b", "\u{2028}", "😀"]))
        default:
            let count = Int.random(in: 0...5, using: &random)
            if random.chance(0.5) { return .array((0..<count).map { _ in value(depth: depth + 1) }) }
            var keys: Set<String> = []
            var members: [(String, JSONValue)] = []
            for _ in 0..<count {
                let key = random.chance(0.5) ? random.pick(["id", "name", "a", "B", "é", "e\u{301}", ""]) : string()
                guard keys.insert(key).inserted else { continue }
                members.append((key, value(depth: depth + 1)))
            }
            return .object(members)
        }
    }

    static let pieces: [String] =
        [
            "a", "Z", " ", "é", "中", "😀", "👨‍👩‍👧", "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}",
            "\u{FEFF}", "\u{10FFFF}", "~", "abc def", "\r\n",
        ]
        + (0..<0x20).map { String(Character(Unicode.Scalar(UInt8($0)))) }

    mutating func string() -> String {
        let count = Int.random(in: 0...10, using: &random)
        return (0..<count).map { _ in random.pick(Self.pieces) }.joined()
    }

    static let extremes: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1, 0.2, 0.3, 1e308, 1e-308, 1e16, 1e15, 1e-5, 1e-4,
        9_007_199_254_740_992, 9_007_199_254_740_994, 9_007_199_254_740_991, -9_007_199_254_740_991, 1.0 / 3,
        Double.leastNormalMagnitude.nextDown, Double.leastNonzeroMagnitude.nextUp, 123_456_789.123_456_789, .pi, -.ulpOfOne,
    ]

    mutating func double() -> Double {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return random.pick(Self.extremes)
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / random.pick([1, 10, 100, 1000, 3, 7])
        default:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
    }

    mutating func int() -> Int64 {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return random.pick([Int64.min, Int64.max, 0, -1, 1, Int64(Int32.max) + 1, -9_007_199_254_740_993])
        case 1: return Int64.random(in: -1000...1000, using: &random)
        default: return Int64(bitPattern: random.next())
        }
    }

    mutating func decimal() -> Decimal {
        let digits = String(UInt64.random(in: 0...UInt64.max, using: &random)) + String(UInt64.random(in: 0...999_999, using: &random))
        let significant = digits.prefix(Int.random(in: 1...25, using: &random))
        let sign = random.chance(0.5) ? "-" : ""
        let exponent = Int.random(in: -40...40, using: &random)
        return Decimal(string: "\(sign)\(significant)e\(exponent)") ?? 0
    }
}

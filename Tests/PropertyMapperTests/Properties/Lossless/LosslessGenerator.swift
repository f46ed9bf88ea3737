import Foundation

/// Random `Lossless` models from a seeded generator, one value at a time, each drawn as a mapping
/// could produce it: dates at whole milliseconds (as an ISO 8601 text with milliseconds reads),
/// URLs that `.url` accepts, decimals that `Decimal(string:)` reads, finite doubles and floats.
enum LosslessGenerator {
    // MARK: Models

    static func record(using random: inout SplitMix64) -> Lossless.Record {
        var record = Lossless.Record()
        record.text = string(using: &random)
        record.note = optional(string, using: &random)
        record.int = integer(Int.self, using: &random)
        record.int64 = integer(Int64.self, using: &random)
        record.uint64 = integer(UInt64.self, using: &random)
        record.int8 = integer(Int8.self, using: &random)
        record.count = optional({ integer(Int.self, using: &$0) }, using: &random)
        record.double = double(using: &random)
        record.ratio = optional(double, using: &random)
        record.float = float(using: &random)
        record.floatOrNil = optional(float, using: &random)
        record.flag = Bool.random(using: &random)
        record.maybe = optional({ Bool.random(using: &$0) }, using: &random)
        record.price = decimal(using: &random)
        record.discount = optional(decimal, using: &random)
        record.published = date(using: &random)
        record.edited = optional(date, using: &random)
        record.link = url(using: &random)
        record.mirror = optional(url, using: &random)
        record.id = uuid(using: &random)
        record.parent = optional(uuid, using: &random)
        record.blob = data(using: &random)
        record.thumbnail = optional(data, using: &random)
        record.tone = random.pick(Lossless.Tone.allCases)
        record.level = random.pick(Lossless.Level.allCases)
        record.mood = optional({ $0.pick(Lossless.Tone.allCases) }, using: &random)
        record.rank = optional({ $0.pick(Lossless.Level.allCases) }, using: &random)
        record.tags = array(string, using: &random)
        record.aliases = optional({ array(string, using: &$0) }, using: &random)
        record.matrix = array({ array({ integer(Int.self, using: &$0) }, using: &$0) }, using: &random)
        record.weights = dictionary(double, using: &random)
        record.labels = Set(array(string, using: &random))
        record.tones = array({ $0.pick(Lossless.Tone.allCases) }, using: &random)
        record.dates = array(date, using: &random)
        record.links = optional({ array(url, using: &$0) }, using: &random)
        record.oddKey = integer(Int.self, using: &random)
        record.latitude = double(using: &random)
        record.longitude = optional(double, using: &random)
        record.first = optional({ integer(Int.self, using: &$0) }, using: &random)
        record.second = optional(string, using: &random)
        record.third = optional(date, using: &random)
        record.x = double(using: &random)
        record.y = optional({ integer(Int.self, using: &$0) }, using: &random)
        record.metaNote = optional(string, using: &random)
        record.rowName = optional(string, using: &random)
        record.rowCount = integer(Int.self, using: &random)
        record.branch = branch(using: &random)
        record.branches = array(branch, upTo: 1, using: &random)
        record.spare = optional(branch, using: &random)
        return record
    }

    static func branch(using random: inout SplitMix64) -> Lossless.Branch {
        Lossless.Branch(
            name: string(using: &random), code: integer(Int64.self, using: &random), score: double(using: &random),
            tone: optional({ $0.pick(Lossless.Tone.allCases) }, using: &random), when: date(using: &random),
            until: optional(date, using: &random), tags: array(string, using: &random),
            grid: optional({ array({ array(double, using: &$0) }, using: &$0) }, using: &random),
            amounts: dictionary(double, using: &random),
            twig: twig(depth: Int.random(in: 0...2, using: &random), using: &random),
            twigs: array({ twig(depth: Int.random(in: 0...1, using: &$0), using: &$0) }, upTo: 1, using: &random),
            byName: dictionary({ twig(depth: 0, using: &$0) }, upTo: 1, using: &random),
            spare: optional({ twig(depth: 0, using: &$0) }, using: &random))
    }

    /// A twig with replies and a next twig `depth` levels further down at most.
    static func twig(depth: Int, using random: inout SplitMix64) -> Lossless.Twig {
        let twig = Lossless.Twig()
        twig.label = string(using: &random)
        twig.weight = float(using: &random)
        twig.small = optional({ integer(Int8.self, using: &$0) }, using: &random)
        twig.level = optional({ $0.pick(Lossless.Level.allCases) }, using: &random)
        twig.leaf = leaf(using: &random)
        twig.leaves = array(leaf, upTo: 1, using: &random)
        twig.picked = Set(array(leaf, upTo: 2, using: &random))
        twig.extra = optional(leaf, using: &random)
        if depth > 0 {
            twig.replies = array({ Self.twig(depth: depth - 1, using: &$0) }, upTo: 1, using: &random)
            twig.next = optional({ Self.twig(depth: depth - 1, using: &$0) }, using: &random)
        }
        return twig
    }

    static func leaf(using random: inout SplitMix64) -> Lossless.Leaf {
        Lossless.Leaf(
            key: string(using: &random), value: double(using: &random), big: integer(UInt64.self, using: &random),
            small: optional({ integer(Int8.self, using: &$0) }, using: &random), bytes: optional(data, using: &random),
            uuid: optional(uuid, using: &random), link: optional(url, using: &random), cost: optional(decimal, using: &random),
            level: random.pick(Lossless.Level.allCases), moment: optional(date, using: &random), north: double(using: &random),
            east: optional(double, using: &random))
    }

    // MARK: Containers

    /// Nil half the time.
    static func optional<Value>(_ make: (inout SplitMix64) -> Value, using random: inout SplitMix64) -> Value? {
        random.chance(0.5) ? nil : make(&random)
    }

    /// 0 to `upTo` elements, fewer more often.
    static func array<Value>(_ make: (inout SplitMix64) -> Value, upTo limit: Int = 4, using random: inout SplitMix64) -> [Value] {
        let count = min(Int.random(in: 0...limit, using: &random), Int.random(in: 0...limit, using: &random))
        return (0..<count).map { _ in make(&random) }
    }

    static func dictionary<Value>(
        _ make: (inout SplitMix64) -> Value, upTo limit: Int = 3, using random: inout SplitMix64
    ) -> [String: Value] {
        var dictionary: [String: Value] = [:]
        for _ in 0..<Int.random(in: 0...limit, using: &random) { dictionary[string(using: &random)] = make(&random) }
        return dictionary
    }

    // MARK: Strings

    /// Every C0 control character, and DEL.
    static let controls: [Unicode.Scalar] = (0x00...0x1F).compactMap(Unicode.Scalar.init) + ["\u{7F}"]

    /// Pieces that are hard to write: escapes, separators and invisible scalars, emoji sequences (ZWJ,
    /// flags, skin tones, keycaps), combining marks (alone too), non-BMP scalars, text that looks escaped.
    static let pieces: [String] = [
        "\"", "\\", "/", "\\\"", "\\u0000", "\\n", "</script>", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}",
        "\u{85}", "\u{A0}", "\u{200B}", "\u{200D}", "😀", "👩‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽", "1️⃣", "🇫🇷", "🇯🇵", "🇺🇳",
        "e\u{301}", "\u{301}",
        "\u{20DD}", "é", "ß", "中文", "עברית", "\u{10000}", "\u{1D11E}", "\u{10FFFF}", "\u{E000}", "null", "true", "1e3",
    ]

    static func string(using random: inout SplitMix64) -> String {
        var text = ""
        let pieceCount = random.chance(0.1) ? 0 : Int.random(in: 1...(random.chance(0.1) ? 40 : 10), using: &random)
        for _ in 0..<pieceCount {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<6:
                // A run of plain ASCII, so the hard pieces land at every offset of an 8-byte word.
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
                }
            case 6..<9: text.unicodeScalars.append(random.pick(controls))
            case 9..<16: text += random.pick(pieces)
            case 16..<18: text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0x10000...0x10FFFF, using: &random))!)
            default:
                // Any BMP scalar but a surrogate.
                var value = UInt32.random(in: 0x80...0xFFFF, using: &random)
                if (0xD800...0xDFFF).contains(value) { value -= 0x1000 }
                text.unicodeScalars.append(Unicode.Scalar(value)!)
            }
        }
        return text
    }

    // MARK: Numbers

    static func integer<Value: FixedWidthInteger>(_ type: Value.Type, using random: inout SplitMix64) -> Value {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: random.pick([Value.min, Value.max, Value.min + 1, Value.max - 1, 0, 1, Value.isSigned ? 0 - 1 : 2])
        case 3..<6: Value(truncatingIfNeeded: Int.random(in: -1000...1000, using: &random))
        default: Value.random(in: Value.min...Value.max, using: &random)
        }
    }

    /// Doubles at the edges of the format and of shortest printing.
    static let specialDoubles: [Double] = [
        0.1, -0.0, 0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNormalMagnitude, -.leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, 1e23, 8.41e21, 9_007_199_254_740_994,
        9_007_199_254_740_992, 1e21, 1e22, 1e-7, 5e-7, 0.30000000000000004, Double(bitPattern: 0x1234), 123_456_789.125, 1.0, -1.0,
        100, 0.5, 1e16,
        18_446_744_073_709_551_616.0, 9.223372036854775807e18, -9.223372036854775808e18, 1.7976931348623157e308, 4.35, 2.675,
    ]

    static func double(using random: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: return random.pick(specialDoubles)
        case 3..<6:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        default:
            // A short decimal, as data mostly holds.
            let digits = Double(Int.random(in: -10_000_000...10_000_000, using: &random))
            return digits / pow(10, Double(Int.random(in: 0...8, using: &random)))
        }
    }

    static let specialFloats: [Float] = [
        0.1, -0.0, 0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNormalMagnitude, Float.leastNormalMagnitude.nextDown, 16_777_216, 16_777_218, 3.4028235e38, Float(bitPattern: 0x1234),
        0.3, 1.0 / 3.0,
    ]

    static func float(using random: inout SplitMix64) -> Float {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: return random.pick(specialFloats)
        case 3..<6:
            while true {
                let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
                if value.isFinite { return value }
            }
        default: return Float(Int.random(in: -100_000...100_000, using: &random)) / Float(Int.random(in: 1...1000, using: &random))
        }
    }

    /// Decimals from text, as `.decimal` reads them: up to 38 significant digits, exponents near the ends too.
    static let specialDecimals = [
        "0", "0.1", "-0.1", "1", "-1", "12345678901234567890.123", "99999999999999999999999999999999999999",
        "-99999999999999999999999999999999999999", "0.00000000000000000000000000000000000001", "1e127", "-1e127", "1e-128",
        "3.4028236692093846346337460743176821145e165", "12.50", "100", "1.00000000000000000000000000000000000001",
    ]

    static func decimal(using random: inout SplitMix64) -> Decimal {
        let text: String
        if random.chance(0.3) {
            text = random.pick(specialDecimals)
        } else {
            let length = Int.random(in: 1...(random.chance(0.2) ? 38 : 12), using: &random)
            var digits = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 48...57, using: &random))) })
            if random.chance(0.5), length > 1 {
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: Int.random(in: 1..<length, using: &random)))
            }
            let exponent = random.chance(0.1) ? Int.random(in: -128...127, using: &random) : Int.random(in: -10...10, using: &random)
            text = (random.chance(0.3) ? "-" : "") + digits + (random.chance(0.3) ? "e\(exponent)" : "")
        }
        guard let value = Decimal(string: text), !value.isNaN else { return Decimal(string: "0.1")! }
        return value
    }

    // MARK: Boxed values

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since 1970.
    static let firstSecond: Int64 = -62_167_219_200
    static let lastSecond: Int64 = 253_402_300_799

    /// A date at a whole millisecond, made as the ISO 8601 reader makes it from `…:SS.mmmZ`: the whole
    /// seconds plus the milliseconds over 1000.
    static func date(using random: inout SplitMix64) -> Date {
        let seconds: Int64
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<2: seconds = random.pick([firstSecond, lastSecond, 0, -1, 2_147_483_647, 2_147_483_648, 951_782_400, -2_208_988_800])
        case 2..<4: seconds = Int64.random(in: firstSecond...lastSecond, using: &random)
        default: seconds = Int64.random(in: 0...4_102_444_800, using: &random)  // 1970...2100
        }
        let milliseconds = random.chance(0.2) ? random.pick([0, 1, 999, 500, 5, 50]) : Int.random(in: 0...999, using: &random)
        return Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1000)
    }

    static func uuid(using random: inout SplitMix64) -> UUID {
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    static func data(using random: inout SplitMix64) -> Data {
        Data((0..<Int.random(in: 0...(random.chance(0.2) ? 0 : 48), using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    private static let hosts = [
        "example.com", "cdn.example.com", "localhost", "127.0.0.1", "[::1]", "xn--bcher-kva.example",
        "a-b.c-d.example", "EXAMPLE.org",
    ]
    private static let segmentCharacters = Array("abcXYZ019-._~!$&'()*+,;=:@")
    private static let escapes = ["%20", "%22", "%2F", "%25", "%E2%9C%93", "%F0%9F%98%80", "%00"]
    private static let otherURLs = [
        "mailto:user@example.com", "urn:isbn:0451450523", "data:text/plain;base64,SGVsbG8=",
        "file:///tmp/a%20b.txt", "/v/1.mp4", "v/1.mp4?x=1", "../up", "?q=1", "#top", "tel:+1-816-555-1212",
        "custom+scheme.v1://host/path",
    ]

    /// A URL string `.url` accepts, made into the URL `.url` makes of it.
    static func url(using random: inout SplitMix64) -> URL {
        var text: String
        if random.chance(0.15) {
            text = random.pick(otherURLs)
        } else {
            text = random.pick(["https", "http", "ftp", "HTTPS"]) + "://"
            if random.chance(0.1) { text += "user:pa%20ss@" }
            text += random.pick(hosts)
            if random.chance(0.2) { text += ":\(Int.random(in: 1...65535, using: &random))" }
            for _ in 0..<Int.random(in: 0...4, using: &random) { text += "/" + segment(using: &random) }
            if random.chance(0.3) { text += "?" + segment(using: &random) + "=" + segment(using: &random) + "&b=/?" }
            if random.chance(0.2) { text += "#" + segment(using: &random) }
        }
        return URL(string: text, encodingInvalidCharacters: false) ?? URL(string: "https://example.com/fallback")!
    }

    private static func segment(using random: inout SplitMix64) -> String {
        var segment = ""
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            if random.chance(0.2) { segment += random.pick(escapes) } else { segment.append(random.pick(segmentCharacters)) }
        }
        return segment
    }
}

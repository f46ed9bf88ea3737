import Foundation

/// JSON text written token by token into a growing UTF-8 buffer: `JSONWriter` writes with it, and serialize writes
/// a model's values straight, with no tree. It places commas and, under `.prettyPrinted`, line breaks and indents;
/// the caller calls tokens in a valid order (a `key` before each value in an object only) and sorts keys itself.
/// NaN and infinities are refused. Strings are escaped minimally (`"`, `\`, U+0000–U+001F), but U+FEFF is written
/// `\ufeff`: swift-corelibs-foundation's `JSONSerialization` drops a raw one at a string's start or after an escape.
struct JSONOutput {
    private(set) var bytes: [UInt8]
    private let pretty: Bool
    private(set) var depth = 0
    /// Whether a container opened deeper than `JSONWriter.maximumDepth`, deeper than JSON text is read back.
    private(set) var wentTooDeep = false
    /// The current container holds a value already: the next key or element needs a comma first.
    private var needsComma = false
    /// A key was just written: the next token is its value, on the same line.
    private var afterKey = false

    init(options: SerializationOptions = [], capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
        pretty = options.contains(.prettyPrinted)
    }

    var data: Data { Data(bytes) }

    // MARK: Containers

    mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// The key of the next value, escaped and quoted, then `:` (`: ` when pretty).
    mutating func key(_ key: String) {
        beginKey()
        append(quoted: key)
        endKey()
    }

    /// A key escaped and quoted once, for keys written for every record.
    mutating func key(_ key: Key) {
        beginKey()
        bytes.append(contentsOf: key.quoted)
        endKey()
    }

    struct Key: Sendable, Hashable {
        let quoted: [UInt8]
        let text: String

        init(_ text: String) {
            self.text = text
            var output = JSONOutput(capacity: text.utf8.count + 2)
            output.append(quoted: text)
            quoted = output.bytes
        }
    }

    // MARK: Taking back

    /// Where the text stands, to take back what turns out empty (a nested level with nothing to write).
    struct Mark {
        fileprivate let count: Int
        fileprivate let depth: Int
        fileprivate let wentTooDeep: Bool
        fileprivate let needsComma: Bool
        fileprivate let afterKey: Bool
    }

    var mark: Mark {
        Mark(count: bytes.count, depth: depth, wentTooDeep: wentTooDeep, needsComma: needsComma, afterKey: afterKey)
    }

    /// Takes back everything written since `mark`, which must come from this output.
    mutating func rollBack(to mark: Mark) {
        bytes.removeSubrange(mark.count...)
        depth = mark.depth
        wentTooDeep = mark.wentTooDeep
        needsComma = mark.needsComma
        afterKey = mark.afterKey
    }

    // MARK: Scalars

    mutating func append(string: String) {
        beginValue()
        append(quoted: string)
    }

    /// A quoted string of at most `capacity` ASCII bytes needing no escape, which `fill` writes, returning how many.
    mutating func append(plainText capacity: Int, _ fill: (UTF8Output) -> Int) {
        beginValue()
        UTF8Output.withTemporary(capacity: capacity + 2) { buffer in
            buffer[0] = UInt8(ascii: "\"")
            let count = fill(buffer.rebased(1..<(capacity + 1)))
            buffer[count + 1] = UInt8(ascii: "\"")
            buffer.append(0..<(count + 2), to: &bytes)
        }
    }

    mutating func append(bool: Bool) {
        beginValue()
        appendLiteral(bool ? "true" : "false")
    }

    mutating func appendNull() {
        beginValue()
        appendLiteral("null")
    }

    mutating func append(int: Int64) {
        beginValue()
        if int < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(int.magnitude)
    }

    mutating func append(uint: UInt64) {
        beginValue()
        appendDigits(uint)
    }

    /// An integer wider than 64 bits, as its decimal digits.
    mutating func append(integerDigits digits: String) {
        beginValue()
        appendText(digits)
    }

    /// The shortest text that reads back bit for bit (Swift's `description`, a JSON number when finite); a whole
    /// number keeps a `.0` or an exponent, so `JSONSerialization` reads it back as a `Double`, not an integer.
    mutating func append(double: Double) throws(NonFiniteNumber) {
        if let problem = NonFiniteNumber(double) { throw problem }
        beginValue()
        // Whole numbers below 2^53 (where `description` has no exponent yet) skip making a String.
        if double.magnitude < 9_007_199_254_740_992.0, double.rounded(.towardZero) == double,
            !(double == 0 && double.sign == .minus)
        {
            let whole = Int64(double)
            if whole < 0 { bytes.append(UInt8(ascii: "-")) }
            appendDigits(whole.magnitude)
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0"))
            return
        }
        appendText(double.description)
    }

    mutating func append(decimal: Decimal) throws(NonFiniteNumber) {
        guard decimal.isFinite else { throw .nan }
        beginValue()
        // `Decimal.description` is plain notation (`-`, digits, a `.` only before digits): a JSON number.
        appendText(decimal.description)
    }

    // MARK: Writing

    @inline(__always)
    private mutating func beginKey() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        if pretty { newline() }
    }

    @inline(__always)
    private mutating func endKey() {
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Before a value: after a key nothing, else the comma and (pretty, in an array) a new line; it then counts as written.
    @inline(__always)
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
        } else {
            if needsComma { bytes.append(UInt8(ascii: ",")) }
            if pretty && depth > 0 { newline() }
        }
        needsComma = true
    }

    /// Opens a container, as a value of the current one.
    @inline(__always)
    private mutating func open(_ opener: UInt8) {
        beginValue()
        bytes.append(opener)
        depth += 1
        if depth > JSONWriter.maximumDepth { wentTooDeep = true }
        needsComma = false
    }

    /// Closes the innermost container: a non-empty one's closer goes on its own line when pretty.
    @inline(__always)
    private mutating func close(_ closer: UInt8) {
        depth -= 1
        if pretty && needsComma { newline() }
        bytes.append(closer)
        needsComma = true
        afterKey = false
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    @inline(__always)
    private mutating func appendLiteral(_ literal: StaticString) {
        UTF8Bytes.of(literal) { $0.append(to: &bytes) }
    }

    /// ASCII text produced by the standard library, as it is.
    private mutating func appendText(_ text: String) {
        UTF8Bytes.of(text) { $0.append(to: &bytes) }
    }

    private mutating func appendDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        UTF8Output.withTemporary(capacity: 20) { digits in
            var rest = value
            var start = digits.count
            while rest > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            digits.append(start..<digits.count, to: &bytes)
        }
    }

    private mutating func append(quoted text: String) {
        bytes.append(UInt8(ascii: "\""))
        UTF8Bytes.of(text) { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                // Eight bytes at a time while none of them needs a look.
                while index + 8 <= utf8.count,
                    !Self.mayNeedEscape(utf8.word(at: index))
                {
                    index += 8
                }
                guard index < utf8.count else { break }
                let byte = utf8[index]
                // U+FEFF is EF BB BF; any other scalar starting with EF is copied with its run.
                let isFEFF = byte == 0xEF && index + 2 < utf8.count && utf8[index + 1] == 0xBB && utf8[index + 2] == 0xBF
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || isFEFF else {
                    index += 1
                    continue
                }
                if runStart < index { utf8.rebased(runStart..<index).append(to: &bytes) }
                if isFEFF {
                    appendLiteral("\\ufeff")
                    index += 3
                } else {
                    appendEscape(byte)
                    index += 1
                }
                runStart = index
            }
            if runStart < utf8.count { utf8.rebased(runStart..<utf8.count).append(to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any byte of `word` is below 0x20, `"`, `\` or 0xEF (U+FEFF's first), by exact "has a zero byte" tests.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        return control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C)) | hasZero(word ^ (ones &* 0xEF)) != 0
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            // Only bytes below 0x20 come here: `\u00` and two lower-case hex digits, the first 0 or 1.
            appendLiteral("u00")
            bytes.append(UInt8(ascii: "0") &+ (byte >> 4))
            let low = byte & 0xF
            bytes.append(low < 10 ? UInt8(ascii: "0") &+ low : UInt8(ascii: "a") &+ (low &- 10))
        }
    }
}

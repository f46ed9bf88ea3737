import Foundation

/// JSON text being written, token by token, into a growing buffer of UTF-8 bytes (RFC 8259).
///
///     var output = JSONOutput(options: [.prettyPrinted])
///     output.beginObject()
///     output.key("title")
///     output.append(string: "Ünïcödé \"quoted\"")
///     output.key("ratings")
///     output.beginArray()
///     try output.append(double: 4.5)
///     output.append(int: 3)
///     output.endArray()
///     output.endObject()
///     // {
///     //   "title": "Ünïcödé \"quoted\"",
///     //   "ratings": [
///     //     4.5,
///     //     3
///     //   ]
///     // }
///
/// The tree writer (`JSONWriter`) is built on it, and serialize writes a model's values with it
/// straight, with no tree in between. It places the commas, and under `.prettyPrinted` the line breaks
/// and indentation, itself; the caller only has to call the tokens in a valid order (a `key` before
/// each value inside an object, and none elsewhere). `.sortedKeys` is the caller's: tokens are written
/// in the order they come. NaN and infinities are refused (`NonFiniteNumber`) and nothing is written.
///
/// Strings are escaped minimally: `"`, `\` and U+0000–U+001F (`\b \t \n \f \r` in their short forms,
/// the others as `\u00XX`, lower-case hex); everything else, `/`, DEL, U+2028 and emoji included, is
/// copied as it is, in runs of bytes. The one exception is U+FEFF (the byte order mark), written `\ufeff`:
/// swift-corelibs-foundation's `JSONSerialization` drops a raw one at the start of a string or after an
/// escape (it decodes each stretch between escapes as a document of its own), and escaped it reads back
/// everywhere.
struct JSONOutput {
    /// The text so far.
    private(set) var bytes: [UInt8]
    private let pretty: Bool
    /// Containers open around the next token.
    private(set) var depth = 0
    /// The current container holds a value already: the next key or element needs a comma first.
    private var needsComma = false
    /// A key was just written: the next token is its value, on the same line.
    private var afterKey = false

    /// An empty output with room for `capacity` bytes.
    init(options: SerializationOptions = [], capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
        pretty = options.contains(.prettyPrinted)
    }

    /// The text as `Data`.
    var data: Data { Data(bytes) }

    // MARK: Containers

    mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open()
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

    /// A key escaped and quoted once, for keys written again and again (a mapping's, for each record).
    mutating func key(_ key: Key) {
        beginKey()
        bytes.append(contentsOf: key.quoted)
        endKey()
    }

    /// A key's JSON text, `"name"` with its quotes, escaped once.
    struct Key: Sendable, Hashable {
        let quoted: [UInt8]
        /// The key as given.
        let text: String

        init(_ text: String) {
            self.text = text
            var output = JSONOutput(capacity: text.utf8.count + 2)
            output.append(quoted: text)
            quoted = output.bytes
        }
    }

    // MARK: Taking back

    /// Where the text stands: taken before writing something that may turn out empty (a nested level
    /// with nothing to write), so that it can be taken back whole.
    struct Mark {
        fileprivate let count: Int
        fileprivate let depth: Int
        fileprivate let needsComma: Bool
        fileprivate let afterKey: Bool
    }

    var mark: Mark {
        Mark(count: bytes.count, depth: depth, needsComma: needsComma, afterKey: afterKey)
    }

    /// Takes back everything written since `mark`, which must come from this output.
    mutating func rollBack(to mark: Mark) {
        bytes.removeSubrange(mark.count...)
        depth = mark.depth
        needsComma = mark.needsComma
        afterKey = mark.afterKey
    }

    // MARK: Scalars

    mutating func append(string: String) {
        beginValue()
        append(quoted: string)
    }

    /// A string of at most `capacity` ASCII bytes that need no escaping (a date's digits and
    /// separators), quoted: `fill` writes them and returns how many it wrote.
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

    /// Every 64-bit signed integer exactly, `Int64.min` included.
    mutating func append(int: Int64) {
        beginValue()
        if int < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(int.magnitude)
    }

    /// Every 64-bit unsigned integer exactly, up to `UInt64.max`.
    mutating func append(uint: UInt64) {
        beginValue()
        appendDigits(uint)
    }

    /// The shortest text that reads back as the same `Double`, bit for bit: `0.1`, `5e-324`, `-0.0`,
    /// `1e+100`, `1.7976931348623157e+308`. A whole number keeps a `.0` (or an exponent), so that
    /// `JSONSerialization` reads it back as a `Double` rather than an integer. Swift's `description`
    /// is the shortest round-trip form, and for finite values it is always a JSON number.
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

    /// Every digit of the decimal, with no trip through `Double` (`12345678901234567890.123`).
    mutating func append(decimal: Decimal) throws(NonFiniteNumber) {
        guard decimal.isFinite else { throw .nan }
        beginValue()
        // `Decimal.description` is plain decimal notation: an optional `-`, digits, and a `.` only before
        // more digits — always a JSON number.
        appendText(decimal.description)
    }

    // MARK: Writing

    /// Before a key: the comma and, when pretty, the line break and indentation.
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

    /// Before any value: after a key, nothing; otherwise the comma and, when pretty and inside an
    /// array, the line break and indentation. The value then counts as written.
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

    @inline(__always)
    private mutating func open() {
        depth += 1
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

    /// A literal's bytes, with no allocation.
    @inline(__always)
    private mutating func appendLiteral(_ literal: StaticString) {
        UTF8Bytes.of(literal) { $0.append(to: &bytes) }
    }

    /// ASCII text produced by the standard library, as it is.
    private mutating func appendText(_ text: String) {
        UTF8Bytes.of(text) { $0.append(to: &bytes) }
    }

    /// The decimal digits of `value`.
    private mutating func appendDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // Right to left into a buffer for the most digits a `UInt64` has, then appended at once.
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

    /// `text` as a JSON string: quoted, escaped minimally, its unescaped runs copied at once.
    private mutating func append(quoted text: String) {
        bytes.append(UInt8(ascii: "\""))
        UTF8Bytes.of(text) { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                // Eight bytes at a time while none of them needs a look: most text has no escapes.
                while index + 8 <= utf8.count,
                    !Self.mayNeedEscape(utf8.word(at: index))
                {
                    index += 8
                }
                guard index < utf8.count else { break }
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xEF else {
                    index += 1
                    continue
                }
                if byte == 0xEF {
                    // U+FEFF is EF BB BF; any other scalar starting with EF is copied with its run.
                    guard index + 2 < utf8.count, utf8[index + 1] == 0xBB, utf8[index + 2] == 0xBF else {
                        index += 1
                        continue
                    }
                }
                if runStart < index { utf8.rebased(runStart..<index).append(to: &bytes) }
                if byte == 0xEF {
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

    /// Whether any of the eight bytes in `word` is below 0x20, `"`, `\\` or 0xEF (which may begin
    /// U+FEFF): each test is the exact "has a zero byte" (or "has a byte below n") bit trick.
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

import Foundation

/// A strict RFC 8259 reader over UTF-8 bytes that builds values, or skips them still checking every byte. It gives
/// JSONSerialization's results (numbers as in `JSONNumber.swift`, the last of duplicate keys wins, canonically equivalent
/// keys are one, at most 512 nested containers), but reads only UTF-8 (RFC 8259 §8.1) and refuses trailing commas.
/// It never recurses on the input's nesting; `JSONDemand` recurses on the mapping's, so from `firstMeasuredDepth` on,
/// a container opens only while the stack is above its floor (`StackFloor`): too deep is an error, never an overflow.
struct JSONReader {
    static let maximumDepth = 512
    /// The depth from which the stack is measured: deeper than most documents.
    static let firstMeasuredDepth = 8

    /// The document, valid for the length of the read (`withReader`).
    let bytes: UTF8Bytes
    let end: Int
    var position: Int
    private var scratch: [UInt8] = []
    /// Where on the stack the reading started, and the stack's floor once it is known.
    private let stackEntry = StackFloor.address()
    private var stackFloor: UInt?

    private init(_ bytes: UTF8Bytes) {
        self.bytes = bytes
        self.end = bytes.count
        self.position = 0
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// Runs `body` over the bytes of `json`; an empty document is an unexpected end at byte 0.
    static func withReader<T>(
        _ json: some JSONInput,
        _ body: (inout JSONReader) throws(JSONSyntaxError) -> T
    ) throws(JSONSyntaxError) -> T {
        try json.withBytes { bytes -> Result<T, JSONSyntaxError> in
            guard !bytes.isEmpty else {
                return .failure(JSONSyntaxError(problem: .unexpectedEnd(expected: .value), offset: 0))
            }
            var reader = JSONReader(bytes)
            return Result { () throws(JSONSyntaxError) -> T in try body(&reader) }
        }.get()
    }

    // MARK: Structure

    @inline(__always)
    mutating func skipWhitespace() {
        while position < end {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    @inline(__always)
    mutating func peekToken(expected: JSONSyntaxError.Expectation) throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard position < end else { throw JSONSyntaxError(problem: .unexpectedEnd(expected: expected), offset: position) }
        return bytes[position]
    }

    mutating func finishDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < end { throw unexpected(expected: .endOfInput) }
    }

    func unexpected(expected: JSONSyntaxError.Expectation) -> JSONSyntaxError {
        position < end
            ? JSONSyntaxError(problem: .unexpectedByte(bytes[position], expected: expected), offset: position)
            : JSONSyntaxError(problem: .unexpectedEnd(expected: expected), offset: position)
    }

    @inline(__always)
    mutating func readColon() throws(JSONSyntaxError) {
        if try peekToken(expected: .colonAfterKey) != UInt8(ascii: ":") { throw unexpected(expected: .colonAfterKey) }
        position += 1
    }

    /// After an element: true past a comma, false past the container's closer.
    @inline(__always)
    mutating func readSeparator(closer: UInt8) throws(JSONSyntaxError) -> Bool {
        let byte = try peekToken(expected: .separator(closesArray: closer == UInt8(ascii: "]")))
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closer { return false }
        position -= 1
        throw unexpected(expected: .separator(closesArray: closer == UInt8(ascii: "]")))
    }

    @inline(__always)
    mutating func open(depth: Int) throws(JSONSyntaxError) {
        if depth >= Self.maximumDepth { throw JSONSyntaxError(problem: .tooDeep, offset: position) }
        if depth >= Self.firstMeasuredDepth, !hasStackRoom() {
            throw JSONSyntaxError(problem: .tooDeepForStack(levels: depth), offset: position)
        }
        position += 1
    }

    @inline(never)
    private mutating func hasStackRoom() -> Bool {
        let floor = stackFloor ?? StackFloor.find(entry: stackEntry)
        stackFloor = floor
        return StackFloor.address() >= floor
    }

    /// After `[` or `{`: true, the closer consumed, when the container is empty.
    @inline(__always)
    mutating func closesAtOnce(_ closer: UInt8) -> Bool {
        skipWhitespace()
        if position < end, bytes[position] == closer {
            position += 1
            return true
        }
        return false
    }

    // MARK: Whole values

    /// The value at `position`, whole; with `exactNumbers` (`JSONDemand.exactNumbers`), every number in it from its digits.
    mutating func readValue(depth: Int, exactNumbers: Bool = false) throws(JSONSyntaxError) -> Any {
        let first = try peekToken(expected: .value)
        if first == UInt8(ascii: "{") { return try readNested(depth: depth, exactNumbers: exactNumbers) }
        if first != UInt8(ascii: "[") { return try readScalar(exactNumbers: exactNumbers) }
        // An array of scalars, without the container stacks; read again by `readNested` when an element is a container.
        let start = position
        try open(depth: depth)
        var array: [Any] = []
        if closesAtOnce(UInt8(ascii: "]")) { return array }
        repeat {
            let byte = try peekToken(expected: .value)
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                position = start
                return try readNested(depth: depth, exactNumbers: exactNumbers)
            }
            array.append(try readScalar(exactNumbers: exactNumbers))
        } while try readSeparator(closer: UInt8(ascii: "]"))
        return array
    }

    /// An array of strings as a `[String]`; nil, having read nothing, when the value is not one.
    mutating func readStrings(depth: Int) throws(JSONSyntaxError) -> [String]? {
        let start = position
        guard try peekToken(expected: .value) == UInt8(ascii: "[") else { return nil }
        try open(depth: depth)
        var strings: [String] = []
        if closesAtOnce(UInt8(ascii: "]")) { return strings }
        strings.reserveCapacity(4)
        repeat {
            guard try peekToken(expected: .value) == UInt8(ascii: "\"") else {
                position = start
                return nil
            }
            strings.append(try readString())
        } while try readSeparator(closer: UInt8(ascii: "]"))
        return strings
    }

    static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Any value, containers nested to any depth: iterative, so nesting costs heap, not stack.
    private mutating func readNested(depth: Int, exactNumbers: Bool) throws(JSONSyntaxError) -> Any {
        var arrays: [[Any]] = []
        var objects: [[String: Any]] = []
        var keys: [String] = []
        // true for an object, false for an array, innermost last.
        var kinds: [Bool] = []
        while true {
            var value: Any
            switch try peekToken(expected: .value) {
            case UInt8(ascii: "{"):
                try open(depth: depth + kinds.count)
                if closesAtOnce(UInt8(ascii: "}")) {
                    value = [String: Any]()
                } else {
                    keys.append(try readKey())
                    try readColon()
                    objects.append([:])
                    kinds.append(true)
                    continue
                }
            case UInt8(ascii: "["):
                try open(depth: depth + kinds.count)
                if closesAtOnce(UInt8(ascii: "]")) {
                    value = [Any]()
                } else {
                    arrays.append([])
                    kinds.append(false)
                    continue
                }
            default:
                value = try readScalar(exactNumbers: exactNumbers)
            }
            // Store the value in its container; close every container that ends here.
            while let isObject = kinds.last {
                if isObject {
                    objects[objects.count - 1][keys.removeLast()] = value
                    if try readSeparator(closer: UInt8(ascii: "}")) {
                        keys.append(try readKey())
                        try readColon()
                        break
                    }
                    value = objects.removeLast()
                } else {
                    arrays[arrays.count - 1].append(value)
                    if try readSeparator(closer: UInt8(ascii: "]")) { break }
                    value = arrays.removeLast()
                }
                kinds.removeLast()
            }
            if kinds.isEmpty { return value }
        }
    }

    mutating func readScalar(exactNumbers: Bool = false) throws(JSONSyntaxError) -> Any {
        if bytes[position] == UInt8(ascii: "\"") { return try readString() }
        if exactNumbers, Self.startsNumber(bytes[position]) { return try readExactNumber() }
        return try readScalarItem().value
    }

    /// `readScalar`'s value with its kind, for the engine (see `readItem`).
    mutating func readScalarItem() throws(JSONSyntaxError) -> SourceItem {
        switch bytes[position] {
        case UInt8(ascii: "\""):
            let text = try readString()
            return SourceItem(text, .string(text))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumberItem()
        case UInt8(ascii: "t"):
            try readLiteral(.true)
            return SourceItem(true, .bool(true))
        case UInt8(ascii: "f"):
            try readLiteral(.false)
            return SourceItem(false, .bool(false))
        case UInt8(ascii: "n"):
            try readLiteral(.null)
            return SourceItem(SourceValue.null, .null)
        default:
            throw unexpected(expected: .value)
        }
    }

    private mutating func readLiteral(_ literal: JSONSyntaxError.Literal) throws(JSONSyntaxError) {
        for byte in literal.rawValue.utf8 {
            guard position < end, bytes[position] == byte else { throw unexpected(expected: .literal(literal)) }
            position += 1
        }
    }

    // MARK: Skipping

    /// Checks the value at `position` and moves past it without building anything.
    mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        var kinds: [Bool] = []
        while true {
            switch try peekToken(expected: .value) {
            case UInt8(ascii: "{"):
                try open(depth: depth + kinds.count)
                if !closesAtOnce(UInt8(ascii: "}")) {
                    _ = try scanKey()
                    try readColon()
                    kinds.append(true)
                    continue
                }
            case UInt8(ascii: "["):
                try open(depth: depth + kinds.count)
                if !closesAtOnce(UInt8(ascii: "]")) {
                    kinds.append(false)
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try skipNumber()
            default:
                _ = try readScalar()
            }
            while let isObject = kinds.last {
                if isObject {
                    if try readSeparator(closer: UInt8(ascii: "}")) {
                        _ = try scanKey()
                        try readColon()
                        break
                    }
                } else {
                    if try readSeparator(closer: UInt8(ascii: "]")) { break }
                }
                kinds.removeLast()
            }
            if kinds.isEmpty { return }
        }
    }

    // MARK: Strings

    /// The bytes between a string's quotes, and what they hold.
    struct StringToken {
        var start: Int
        var end: Int
        var hasEscapes: Bool
        var isASCII: Bool

        /// No escape and no byte beyond ASCII: its bytes are its text, and a key matcher reads them as they are.
        var isPlainASCII: Bool { !hasEscapes && isASCII }
    }

    /// Checks the key at `position` (after any whitespace, its opening quote) and moves past it.
    @inline(__always)
    mutating func scanKey() throws(JSONSyntaxError) -> StringToken {
        if try peekToken(expected: .keyQuote) != UInt8(ascii: "\"") { throw unexpected(expected: .keyQuote) }
        return try scanString()
    }

    mutating func readKey() throws(JSONSyntaxError) -> String {
        makeString(try scanKey())
    }

    mutating func readString() throws(JSONSyntaxError) -> String {
        makeString(try scanString())
    }

    /// Checks the string at `position` (its opening quote) and moves past it.
    mutating func scanString() throws(JSONSyntaxError) -> StringToken {
        let start = position + 1
        var index = start
        var hasEscapes = false
        var isASCII = true
        while true {
            // Eight bytes at a time, up to the first byte that needs a look.
            while index + 8 <= end {
                let word = bytes.word(at: index)
                let flags = Self.attention(word)
                if flags != 0 {
                    index += flags.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < end else {
                throw JSONSyntaxError(problem: .unexpectedEnd(expected: .closingQuote), offset: index)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return StringToken(start: start, end: index, hasEscapes: hasEscapes, isASCII: isASCII)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index = try scanEscape(at: index)
            } else if byte < 0x20 {
                throw JSONSyntaxError(problem: .controlCharacter(byte), offset: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                isASCII = false
                index = try scanMultibyte(at: index)
            }
        }
    }

    /// The high bit of each byte of `word` (little-endian) that is `"`, `\`, a control character or not
    /// ASCII. Bits above the lowest may be false alarms (borrows); the lowest never is.
    @inline(__always)
    private static func attention(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeros(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let belowSpace = (word &- ones &* 0x20) & ~word
        return (belowSpace | zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C)) | word) & highs
    }

    private func scanEscape(at index: Int) throws(JSONSyntaxError) -> Int {
        guard index + 1 < end else {
            throw JSONSyntaxError(problem: .unexpectedEnd(expected: .escapeSequence), offset: index + 1)
        }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index + 2)
            if unit & 0xFC00 == 0xDC00 { throw JSONSyntaxError(problem: .loneSurrogate(unit), offset: index) }
            guard unit & 0xFC00 == 0xD800 else { return index + 6 }
            for (offset, byte) in [(6, UInt8(ascii: "\\")), (7, UInt8(ascii: "u"))] {
                guard index + offset < end else {
                    throw JSONSyntaxError(problem: .unexpectedEnd(expected: .lowSurrogateEscape), offset: end)
                }
                guard bytes[index + offset] == byte else { throw JSONSyntaxError(problem: .loneSurrogate(unit), offset: index) }
            }
            let low = try hexUnit(at: index + 8)
            guard low & 0xFC00 == 0xDC00 else { throw JSONSyntaxError(problem: .loneSurrogate(unit), offset: index) }
            return index + 12
        default:
            throw JSONSyntaxError(problem: .invalidEscape(bytes[index + 1]), offset: index)
        }
    }

    private func hexUnit(at index: Int) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < end else {
                throw JSONSyntaxError(problem: .unexpectedEnd(expected: .hexDigits), offset: index + offset)
            }
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(problem: .invalidUnicodeEscape, offset: index - 2)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Checks one multi-byte UTF-8 sequence at `index` (Unicode table 3-7); returns the index after it.
    private func scanMultibyte(at index: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw JSONSyntaxError(problem: .invalidUTF8, offset: index)
        }
        guard index + length <= end else {
            throw JSONSyntaxError(problem: .unexpectedEnd(expected: .restOfUTF8Sequence), offset: end)
        }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { throw JSONSyntaxError(problem: .invalidUTF8, offset: index) }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            throw JSONSyntaxError(problem: .invalidUTF8, offset: index)
        }
        return index + length
    }

    /// The String a checked token holds: `scanString` checked its escapes.
    mutating func makeString(_ token: StringToken) -> String {
        if !token.hasEscapes {
            return bytes.rebased(token.start..<token.end).string
        }
        scratch.removeAll(keepingCapacity: true)
        var index = token.start
        var runStart = index
        while index < token.end {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            bytes.rebased(runStart..<index).append(to: &scratch)
            let letter = bytes[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                // `scanString` checked the digits and paired the surrogates, so neither read fails (U+FFFD if one did).
                var scalar = UInt32((try? hexUnit(at: index)) ?? 0xFFFD)
                index += 4
                if scalar & 0xFC00 == 0xD800 {
                    let low = UInt32((try? hexUnit(at: index + 2)) ?? 0xDC00)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { scratch.append($0) }
            default: scratch.append(letter)  // " \ /
            }
            runStart = index
        }
        bytes.rebased(runStart..<token.end).append(to: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The raw bytes of a token, valid while the input is.
    func bytes(of token: StringToken) -> UTF8Bytes {
        bytes.rebased(token.start..<token.end)
    }
}

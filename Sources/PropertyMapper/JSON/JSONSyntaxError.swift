/// Why a JSON document is malformed, and the byte offset (from the first byte of the input) where it shows.
struct JSONSyntaxError: Error, Equatable {
    enum Problem: Equatable {
        case unexpectedEnd(expected: String)
        case unexpectedByte(UInt8, expected: String)
        case invalidUTF8
        case controlCharacter(UInt8)
        case invalidEscape(UInt8)
        case invalidUnicodeEscape
        case loneSurrogate(UInt16)
        case leadingZero
        case numberOutOfRange(String)
        case tooDeep
    }

    let problem: Problem
    let offset: Int

    /// The reason carried by the `json` error: what is wrong, where, and what was expected.
    var reason: String {
        switch problem {
        case let .unexpectedEnd(expected):
            return "unexpected end of input at byte \(offset), expected \(expected)"
        case let .unexpectedByte(byte, expected):
            return "unexpected \(Self.describe(byte)) at byte \(offset), expected \(expected)"
        case .invalidUTF8:
            return "invalid UTF-8 at byte \(offset)"
        case let .controlCharacter(byte):
            return "unescaped control character \(Self.hex(byte)) in a string at byte \(offset)"
        case let .invalidEscape(byte):
            return "invalid escape sequence at byte \(offset): \\\(Self.printable(byte)), expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
        case .invalidUnicodeEscape:
            return "invalid \\u escape at byte \(offset), expected 4 hexadecimal digits"
        case let .loneSurrogate(unit):
            return "lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) at byte \(offset), expected a high surrogate followed by a low one"
        case .leadingZero:
            return "number with a leading zero at byte \(offset)"
        case let .numberOutOfRange(text):
            return "number \(text) at byte \(offset) is out of range"
        case .tooDeep:
            return "nesting deeper than \(JSONReader.maximumDepth) levels at byte \(offset)"
        }
    }

    /// The one `json` error a malformed document gives: path "", property "".
    var mappingError: MappingError {
        MappingError(errors: [
            ValidationError(path: "", property: "", rule: "json", value: nil, failure: .malformedJSON(reason: reason)),
        ])
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "character '\(Character(Unicode.Scalar(byte)))'" : "byte \(hex(byte))"
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : hex(byte)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }
}

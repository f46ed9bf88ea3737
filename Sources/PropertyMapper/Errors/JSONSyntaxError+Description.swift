extension JSONSyntaxError {
    /// The reason carried by the `json` error: `unexpected character '}' at byte 41, expected '"' to start a key`.
    var reason: String {
        switch problem {
        case let .unexpectedEnd(expected): "unexpected end of input at byte \(offset), expected \(expected.phrase)"
        case let .unexpectedByte(byte, expected): "unexpected \(Self.describe(byte)) at byte \(offset), expected \(expected.phrase)"
        case .invalidUTF8: "invalid UTF-8 at byte \(offset)"
        case let .controlCharacter(byte): "unescaped control character \(Self.hex(byte)) in a string at byte \(offset)"
        case let .invalidEscape(byte):
            "invalid escape sequence at byte \(offset): \\\(Self.printable(byte)), expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
        case .invalidUnicodeEscape: "invalid \\u escape at byte \(offset), expected 4 hexadecimal digits"
        case let .loneSurrogate(unit):
            "lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) at byte \(offset), expected a high surrogate followed by a low one"
        case .leadingZero: "number with a leading zero at byte \(offset)"
        case let .numberOutOfRange(text):
            "number \(text.count > 32 ? "\(text.prefix(23))… (\(text.count) characters)" : text) at byte \(offset) is out of range"
        case .tooDeep: "nesting deeper than \(JSONReader.maximumDepth) levels at byte \(offset)"
        case let .tooDeepForStack(levels): "nesting deeper than the thread's stack allows (\(levels) levels) at byte \(offset)"
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "character '\(Character(Unicode.Scalar(byte)))'" : "byte \(hex(byte))"
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : hex(byte)
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}

extension JSONSyntaxError.Expectation {
    /// What was expected, as it follows "expected": `a digit after '.'`.
    var phrase: String {
        switch self {
        case .value: "a value"
        case .digit: "a digit"
        case .digitAfterPoint: "a digit after '.'"
        case .digitInExponent: "a digit in the exponent"
        case .endOfInput: "the end of the input"
        case .keyQuote: "'\"' to start a key"
        case .colonAfterKey: "':' after a key"
        case let .separator(closesArray): closesArray ? "',' or ']'" : "',' or '}'"
        case let .literal(literal): "'\(literal.rawValue)'"
        case .closingQuote: "'\"' to close the string"
        case .escapeSequence: "an escape sequence"
        case .lowSurrogateEscape: "a low surrogate escape"
        case .hexDigits: "4 hexadecimal digits"
        case .restOfUTF8Sequence: "the rest of a UTF-8 sequence"
        }
    }
}

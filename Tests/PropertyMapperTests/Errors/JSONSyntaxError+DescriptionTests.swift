import Foundation
import Testing

@testable import PropertyMapper

/// The JSON reader reports typed data (what it found, what it expected, where); only
/// `JSONSyntaxError+Description.swift` turns it into words.
@Suite struct JSONSyntaxErrorDescriptionTests {
    static func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument.parse(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        arguments: [
            ("{", JSONSyntaxError.Problem.unexpectedEnd(expected: .keyQuote), 1),
            ("{\"a\" 1}", .unexpectedByte(UInt8(ascii: "1"), expected: .colonAfterKey), 5),
            ("[1 2]", .unexpectedByte(UInt8(ascii: "2"), expected: .separator(closesArray: true)), 3),
            ("{\"a\": 1 2}", .unexpectedByte(UInt8(ascii: "2"), expected: .separator(closesArray: false)), 8),
            ("-", .unexpectedEnd(expected: .digit), 1),
            ("-x", .unexpectedByte(UInt8(ascii: "x"), expected: .digit), 1),
            ("1.", .unexpectedEnd(expected: .digitAfterPoint), 2),
            ("1e+", .unexpectedEnd(expected: .digitInExponent), 3),
            ("tru", .unexpectedEnd(expected: .literal(.true)), 3),
            ("fals3", .unexpectedByte(UInt8(ascii: "3"), expected: .literal(.false)), 4),
            ("nul", .unexpectedEnd(expected: .literal(.null)), 3),
            ("\"abc", .unexpectedEnd(expected: .closingQuote), 4),
            ("\"\\", .unexpectedEnd(expected: .escapeSequence), 2),
            ("\"\\u12", .unexpectedEnd(expected: .hexDigits), 5),
            ("\"\\uD800", .unexpectedEnd(expected: .lowSurrogateEscape), 7),
            ("\"\u{E9}", .unexpectedEnd(expected: .closingQuote), 3),
            ("1 1", .unexpectedByte(UInt8(ascii: "1"), expected: .endOfInput), 2),
            ("", .unexpectedEnd(expected: .value), 0),
        ] as [(String, JSONSyntaxError.Problem, Int)])
    func problemsAreTypedData(text: String, problem: JSONSyntaxError.Problem, offset: Int) {
        #expect(Self.error(text) == JSONSyntaxError(problem: problem, offset: offset))
    }

    @Test func truncatedUTF8Sequence() {
        let bytes: [UInt8] = [0x22, 0xC3]
        let reader = Result { try JSONDocument.parse(Data(bytes)) }
        guard case let .failure(failure as JSONSyntaxError) = reader else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(failure.problem == .unexpectedEnd(expected: .restOfUTF8Sequence))
        #expect(failure.reason == "unexpected end of input at byte 2, expected the rest of a UTF-8 sequence")
    }

    /// Every expectation's words, as they follow "expected".
    @Test(
        arguments: [
            (JSONSyntaxError.Expectation.value, "a value"), (.digit, "a digit"), (.digitAfterPoint, "a digit after '.'"),
            (.digitInExponent, "a digit in the exponent"), (.endOfInput, "the end of the input"), (.keyQuote, "'\"' to start a key"),
            (.colonAfterKey, "':' after a key"), (.separator(closesArray: true), "',' or ']'"),
            (.separator(closesArray: false), "',' or '}'"),
            (.literal(.true), "'true'"), (.literal(.false), "'false'"), (.literal(.null), "'null'"),
            (.closingQuote, "'\"' to close the string"), (.escapeSequence, "an escape sequence"),
            (.lowSurrogateEscape, "a low surrogate escape"), (.hexDigits, "4 hexadecimal digits"),
            (.restOfUTF8Sequence, "the rest of a UTF-8 sequence"),
        ] as [(JSONSyntaxError.Expectation, String)])
    func expectationsInWords(expectation: JSONSyntaxError.Expectation, words: String) {
        #expect(
            JSONSyntaxError(problem: .unexpectedEnd(expected: expectation), offset: 3).reason
                == "unexpected end of input at byte 3, expected \(words)")
    }

    @Test func theMappingErrorCarriesTheSyntaxErrorAsData() {
        let syntax = JSONSyntaxError(problem: .leadingZero, offset: 1)
        let error = syntax.mappingError.errors.first
        #expect(error?.rule == "json")
        #expect(error?.message == "malformed JSON: number with a leading zero at byte 1")
    }
}

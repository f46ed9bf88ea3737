/// Why a JSON document is malformed, and the byte offset (from the first byte of the input) where it
/// shows: data only. `Errors/JSONSyntaxError+Description.swift` puts it into words.
struct JSONSyntaxError: Error, Equatable, Sendable {
    enum Problem: Equatable, Sendable {
        case unexpectedEnd(expected: Expectation)
        case unexpectedByte(UInt8, expected: Expectation)
        case invalidUTF8
        case controlCharacter(UInt8)
        case invalidEscape(UInt8)
        case invalidUnicodeEscape
        case loneSurrogate(UInt16)
        case leadingZero
        /// The number's text, as it appears in the document.
        case numberOutOfRange(String)
        case tooDeep
        /// Containers nested deeper than the thread's stack has room for: `levels` were open.
        case tooDeepForStack(levels: Int)
    }

    /// What the reader expected where it found something else (or the end of the input).
    enum Expectation: Equatable, Sendable {
        case value
        case digit
        case digitAfterPoint
        case digitInExponent
        case endOfInput
        case keyQuote
        case colonAfterKey
        /// `,` or the closer of the container being read: `]` for an array, `}` for an object.
        case separator(closesArray: Bool)
        case literal(Literal)
        case closingQuote
        case escapeSequence
        case lowSurrogateEscape
        case hexDigits
        case restOfUTF8Sequence
    }

    enum Literal: Equatable, Sendable {
        case `true`, `false`, null
    }

    let problem: Problem
    let offset: Int

    /// The one `json` error a malformed document gives: path "", property "".
    var mappingError: MappingError {
        MappingError(errors: [
            ValidationError(path: "", property: "", rule: "json", value: nil, failure: .malformedJSON(self))
        ])
    }
}

/// Why a JSON document is malformed and at which byte offset, as data (`JSONSyntaxError+Description.swift` words it).
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
        case numberOutOfRange(String)
        case tooDeep
        /// Nesting deeper than the thread's stack has room for: `levels` were open.
        case tooDeepForStack(levels: Int)
    }

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

    enum Literal: String, Equatable, Sendable {
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

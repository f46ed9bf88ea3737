import Foundation
import Testing

@testable import PropertyMapper

/// The reader against JSONSerialization: the same value for every document both accept, a rejection
/// wherever JSONSerialization rejects, and the listed deliberate differences.
@Suite struct JSONReaderTests {
    static let structure: [String] = [
        "[]", "{}", "[[]]", "[{}]", "{\"a\":{\"b\":[]}}", " [1] ", "[1]  \n", "\t\r\n[1]", "[1 2]", "[1] x", "[,1]", "[1,,2]",
        "{,}", "{\"a\"}", "{\"a\":}", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{a:1}", "{'a':1}", "[", "]", "{", "}", "", " ",
        "true", "false", "null", "tru", "truex", "nul", "False", "[true,false,null]", "[1]\u{0}", "\u{0}[1]",
        "/* c */ [1]", "[1] // c", "\u{FEFF}[1]", "\u{FEFF}", "\u{FEFF} [1]", "[\u{FEFF}1]", "\u{A0}[1]",
        "{\"a\":1,\"a\":2}", "{\"a\":[1],\"a\":{\"b\":2}}", "{\"é\":1,\"e\\u0301\":2}", "{\"\":0}",
    ]

    static let numbers: [String] = [
        "0", "-0", "-0.0", "0.0", "0e0", "1e2", "1E2", "1e+2", "1E-2", "-1.5e-3", "2.50", "0.1", "0.30000000000000004",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "-18446744073709551616", "123456789012345678901234567890",
        "1234567890123456789012345678901234567890123", "100000000000000000000.0", "12345678901234567890e0",
        "1.00000000000000000000E3", "123456789012345678e200", "123456789012345678901234567890e-5",
        "1.7976931348623157e308", "1.7976931348623159e308", "1e309", "1e400", "-1e400", "1E400", "1e-400",
        "4.9e-324", "2.2250738585072011e-308", "9007199254740993", "9007199254740993.0", "123456789.123456789",
        "0.000000000000000000000000000001", "1" + String(repeating: "0", count: 400), "1." + String(repeating: "5", count: 400),
        "01", "-01", "00", "-00", "0.01", "1.", ".5", "-", "--1", "+1", "1e", "1e+", "1.e5", "0x10", "1_000",
        "Infinity", "-Infinity", "NaN", "1.5e3.2", "[-]", "[1.]", "[01]", "[1e]", "{\"a\":-}",
    ]

    static let strings: [String] = [
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud83d\\ude00\"", "\"\\ud800x\"", "\"\\ud800\\u0041\"", "\"\\ud800\\ud800\"",
        "\"\\uDBFF\\uDFFF\"", "\"\\udbff\\udfff\"", "\"\\u00e9\"", "\"\\u00E9\"", "\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"", "\"\\x\"",
        "\"\\u12\"", "\"\\u12g4\"", "\"\\U0041\"", "\"\\'\"", "\"a\tb\"", "\"\u{1}\"", "\"\u{1F}\"", "\"\u{7F}\"",
        "\"\\u0000\"", "\"abc", "\"\\", "\"\\u", "\"é中😀\"", "\"\u{FFFF}\"", "\"a\u{FEFF}\"", "\"\\uFEFF\"", "[\"a\",\"b\\\"c\"]",
        "\"" + String(repeating: "abcdefgh", count: 40) + "\"", "\"" + String(repeating: "é", count: 40) + "\\n\"",
    ]

    static let utf8: [[UInt8]] = [
        [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0xED, 0x9F, 0xBF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xC1, 0xBF, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22],
        [0x22, 0xE0, 0xA0, 0x80, 0x22], [0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], [0x22, 0xF0, 0x90, 0x80, 0x80, 0x22],
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22], [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22],
        [0x22, 0x80, 0x22], [0x22, 0xBF, 0x22], [0x22, 0xEF, 0xBF, 0xBF, 0x22], [0x22, 0xE2, 0x82, 0x22],
        [0x22, 0xF0, 0x9F, 0x98, 0x22], [0x22, 0xFE, 0x22], [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],
        [0x5B, 0x22, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xC3, 0xA9, 0xFF, 0x22, 0x5D],
        [0xEF, 0xBB, 0xBF, 0x31], [0xEF, 0xBB, 0x31], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31],
    ]

    /// Documents JSONSerialization accepts and the reader rejects, on purpose.
    static let deliberateDifferences: [(reason: String, bytes: [UInt8])] = [
        ("trailing comma in an array (RFC 8259)", Array("[1,]".utf8)),
        ("trailing comma in an object (RFC 8259)", Array("{\"a\":1,}".utf8)),
        ("trailing comma, nested", Array("{\"a\":[1,2,],\"b\":{}}".utf8)),
        ("UTF-16 with a byte-order mark (RFC 8259 §8.1: UTF-8 only)", [0xFF, 0xFE, 0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]),
        ("UTF-16 without a byte-order mark", [0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]),
        ("UTF-32 with a byte-order mark", [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x31]),
    ]

    @Test(arguments: structure + numbers + strings)
    func agreesWithFoundationOnText(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(ReadOutcome.reader(bytes) == ReadOutcome.foundation(bytes))
    }

    @Test(arguments: utf8)
    func agreesWithFoundationOnBytes(_ bytes: [UInt8]) {
        #expect(ReadOutcome.reader(bytes) == ReadOutcome.foundation(bytes))
    }

    @Test(arguments: deliberateDifferences.indices)
    func rejectsWhatFoundationToleratesOnPurpose(index: Int) {
        let bytes = Self.deliberateDifferences[index].bytes
        #expect(ReadOutcome.foundation(bytes) != .rejected, "JSONSerialization accepts it")
        #expect(ReadOutcome.reader(bytes) == .rejected, "\(Self.deliberateDifferences[index].reason)")
    }

    @Test(arguments: 0..<8)
    func agreesWithFoundationOnGeneratedDocuments(seed: Int) {
        var generator = DocumentGenerator(random: SplitMix64(seed: UInt64(seed)))
        for _ in 0..<250 {
            let bytes = Array(generator.document().utf8)
            let expected = ReadOutcome.foundation(bytes)
            #expect(ReadOutcome.reader(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// JSONSerialization drops U+FEFF at the start of a string (it decodes each string as a document
    /// that may start with a byte-order mark); the reader keeps every character.
    @Test func keepsAByteOrderMarkThatStartsAString() {
        let bytes = Array("[\"\u{FEFF}x\"]".utf8)
        #expect(ReadOutcome.reader(bytes) == .value(.array([.string("\u{FEFF}x")])))
        #expect(ReadOutcome.foundation(bytes) != ReadOutcome.reader(bytes))
    }

    /// Random single-byte edits of a sample document: the reader accepts exactly what JSONSerialization
    /// accepts, with the same value, except for trailing commas.
    @Test(arguments: 0..<4)
    func agreesWithFoundationOnMutatedDocuments(seed: Int) throws {
        let sample = Array(try Self.sampleDocument().utf8)
        let interesting = Array("\"\\{}[],:01-.eE+tnfu \t\n".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        var random = SplitMix64(seed: UInt64(seed))
        for _ in 0..<500 {
            var bytes = sample
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = interesting.randomElement(using: &random)!
                case 1: bytes.insert(interesting.randomElement(using: &random)!, at: index)
                default: bytes.remove(at: index)
                }
            }
            let expected = ReadOutcome.foundation(bytes)
            let actual = ReadOutcome.reader(bytes)
            if actual == expected { continue }
            // The one difference: JSONSerialization takes a trailing comma, the reader does not.
            #expect(
                actual == .rejected && ReadOutcome.reader(Self.withoutTrailingCommas(bytes)) == expected,
                "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// The bytes with every comma that closes a container (outside strings) removed.
    static func withoutTrailingCommas(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var inString = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ",") {
                let next = bytes[(index + 1)...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
                if next == UInt8(ascii: "]") || next == UInt8(ascii: "}") { continue }
            }
            result.append(byte)
        }
        return result
    }

    @Test func keepsTheLastOfDuplicateKeys() throws {
        let value = try JSONDocument.parse(Data(#"{"a":1,"b":true,"a":"x"}"#.utf8))
        #expect(EngineView(value) == .object(["a": .string("x"), "b": .bool(true)]))
    }

    @Test func skipsTheByteOrderMarkOnlyAtTheStart() {
        #expect(ReadOutcome.reader([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) != .rejected)
        #expect(readerError(Array("[1]".utf8) + [0xEF, 0xBB, 0xBF])?.offset == 3)
    }

    @Test(arguments: [(512, true), (513, false)])
    func limitsNestingTo512Levels(depth: Int, accepted: Bool) {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
            #expect((readerError(Array(text.utf8)) == nil) == accepted)
            #expect((ReadOutcome.foundation(Array(text.utf8)) != .rejected) == accepted)
        }
    }

    @Test func rejects10000LevelsWithADepthError() {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let text = String(repeating: open, count: 10_000) + String(repeating: close, count: 10_000)
            let error = readerError(Array(text.utf8))
            #expect(error?.problem == .tooDeep)
            #expect(error?.offset == 512 * open.utf8.count)
            #expect(error?.reason.contains("512") == true)
        }
    }

    @Test(arguments: [
        ("[1,]", 3), ("{\"a\" 1}", 5), ("[01]", 1), ("\"\\x\"", 1), ("\"\\udc00\"", 1), ("[1] x", 4), ("{\"a\":1,}", 7), ("1e400", 0),
    ])
    func reportsTheByteOffset(text: String, offset: Int) {
        let error = readerError(Array(text.utf8))
        #expect(error?.offset == offset)
        #expect(error?.reason.contains("at byte \(offset)") == true)
    }

    @Test func rejectsInvalidUTF8WhereItStarts() {
        #expect(readerError([0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D]) == JSONSyntaxError(problem: .invalidUTF8, offset: 3))
        #expect(readerError([0x22, 0xED, 0xA0, 0x80, 0x22]) == JSONSyntaxError(problem: .invalidUTF8, offset: 1))
    }

    /// Every proper prefix of a document is an unexpected end, at the prefix's end.
    @Test func rejectsTruncationAtEveryByte() throws {
        let sample = Array(try Self.sampleDocument().utf8)
        #expect(readerError(sample) == nil)
        for length in 0..<sample.count {
            let error = readerError(Array(sample[..<length]))
            guard case .unexpectedEnd = error?.problem else {
                Issue.record("prefix of \(length) bytes: \(String(describing: error))")
                continue
            }
            #expect(error?.offset == length)
        }
    }

    /// A feed record with an escape, a surrogate pair, multi-byte text, every literal and number form.
    static func sampleDocument() throws -> String {
        #"{"id": 1, "videoURL": "https:\/\/cdn.example.com\/v\/1.mp4", "name": "Xray \"Romeo\" \u00e9\ud83d\ude00 中", "#
            + #""videoType": "shortVideo", "published_at": "2010-12-09T07:14:08Z", "duration": 675.51, "is_premium": false, "#
            + #""rating": null, "author": {"id": 1680, "email": "user1680@example.com", "display_name": "Romeo"}, "#
            + #""tags": ["whiskey", "tango"], "geo": [26.9792, -1.6e1], "subtitle": null, "extra": [true, {"x": -0}], "#
            + #""stats": {"views": 9886237, "likes": 36463}}"#
    }
}

import Foundation
import Testing

@testable import PropertyMapper

extension SerializationTests {
    /// The tokens one by one: escaping, numbers, commas and indentation.
    @Suite struct JSONOutputTests {
        /// The text of one string token.
        static func quoted(_ text: String) -> String {
            var output = JSONOutput()
            output.append(string: text)
            return String(decoding: output.bytes, as: UTF8.self)
        }

        /// The text of one double, or the problem it raised.
        static func written(_ value: Double) throws(NonFiniteNumber) -> String {
            var output = JSONOutput()
            try output.append(double: value)
            return String(decoding: output.bytes, as: UTF8.self)
        }

        static let shortEscapes: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]

        @Test(arguments: 0..<0x20)
        func escapesControlCharacter(code: Int) throws {
            let scalar = try #require(Unicode.Scalar(code))
            let hex = String(code, radix: 16)
            let expected = Self.shortEscapes[UInt8(code)] ?? #"\u00"# + (hex.count == 1 ? "0" : "") + hex
            #expect(Self.quoted("a\(Character(scalar))b") == "\"a\(expected)b\"")
        }

        @Test func escapesQuotesAndBackslashesOnly() {
            #expect(Self.quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
            #expect(Self.quoted(#"\\""#) == #""\\\\\"""#)
            #expect(Self.quoted("") == #""""#)
        }

        @Test func writesSlashDeleteAndUnicodeAsTheyAre() {
            #expect(Self.quoted("a/b</script>") == #""a/b</script>""#)
            #expect(Self.quoted("\u{7F}") == "\"\u{7F}\"")
            let raw = "é 中 😀 👨‍👩‍👧 \u{2028}\u{2029}\u{FFFE}\u{FEFE}\u{EFBF}\u{10FFFF}"
            #expect(Self.quoted(raw) == "\"" + raw + "\"")
            #expect(Array(Self.quoted("\u{2028}").utf8) == [0x22, 0xE2, 0x80, 0xA8, 0x22])
        }

        /// JSONSerialization on Linux drops a raw byte order mark at the start of a string or after an escape.
        @Test func escapesTheByteOrderMark() throws {
            #expect(Self.quoted("\u{FEFF}") == #""\ufeff""#)
            #expect(Self.quoted("a\u{FEFF}\n\u{FEFF}\u{FEFF}b") == #""a\ufeff\n\ufeff\ufeffb""#)
            for text in ["\u{FEFF}x", "\n\u{FEFF}", "\u{FEFF}\u{FEFF}"] {
                let parsed = try JSONSerialization.jsonObject(with: Data(Self.quoted(text).utf8), options: [.fragmentsAllowed])
                #expect(parsed as? String == text)
            }
        }

        @Test func escapesEveryRunBoundary() {
            #expect(Self.quoted("\n") == #""\n""#)
            #expect(Self.quoted("\n\n\"") == #""\n\n\"""#)
            #expect(Self.quoted("ab\ncd\u{1}") == #""ab\ncd\u0001""#)
            #expect(Self.quoted("\u{1F}x") == #""\u001fx""#)
        }

        @Test(
            arguments: [
                (0.1, "0.1"),
                (Double.leastNonzeroMagnitude, "5e-324"),
                (-Double.leastNonzeroMagnitude, "-5e-324"),
                (-0.0, "-0.0"),
                (0.0, "0.0"),
                (1e308, "1e+308"),
                (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
                (-Double.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
                (Double.leastNormalMagnitude, "2.2250738585072014e-308"),
                (100, "100.0"),
                (-3, "-3.0"),
                (1e-5, "1e-05"),
                (1e16, "1e+16"),
                (9_007_199_254_740_991, "9007199254740991.0"),
                (9_007_199_254_740_992, "9007199254740992.0"),
                (-9_007_199_254_740_994, "-9.007199254740994e+15"),
                (123_456.789, "123456.789"),
                (1.0 / 3, "0.3333333333333333"),
            ] as [(Double, String)])
        func writesShortestDoubles(value: Double, text: String) throws {
            #expect(try Self.written(value) == text)
            // JSONSerialization reads it back as a Double, bit for bit.
            let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any]
            let number = try #require(parsed?.first as? NSNumber)
            #expect(String(cString: number.objCType) == "d")
            #expect(number.doubleValue.bitPattern == value.bitPattern)
        }

        @Test(arguments: [
            (Double.nan, NonFiniteNumber.nan), (.infinity, .infinity), (-.infinity, .negativeInfinity),
            (Double.signalingNaN, .nan),
        ])
        func refusesNonFiniteDoubles(value: Double, problem: NonFiniteNumber) {
            var output = JSONOutput()
            #expect(throws: problem) { try output.append(double: value) }
            #expect(output.bytes.isEmpty)
        }

        @Test func refusesDecimalNaN() {
            var output = JSONOutput()
            #expect(throws: NonFiniteNumber.nan) { try output.append(decimal: .nan) }
            #expect(output.bytes.isEmpty)
        }

        @Test func writesIntegersExactly() {
            var output = JSONOutput()
            output.beginArray()
            for value in [Int64.min, -1, 0, 9, 10, 99, 100, 1_000_000_007, Int64.max] { output.append(int: value) }
            for value in [UInt64(0), 10_000_000_000_000_000_000, UInt64(Int64.max) + 1, UInt64.max] { output.append(uint: value) }
            output.endArray()
            #expect(
                String(decoding: output.bytes, as: UTF8.self) == "[-9223372036854775808,-1,0,9,10,99,100,1000000007,9223372036854775807,"
                    + "0,10000000000000000000,9223372036854775808,18446744073709551615]")
        }

        @Test(arguments: ["12345678901234567890.123", "-0.5", "0", "1e38", "-1e-120", "3.14159265358979323846264338327950288"])
        func writesDecimalsWithEveryDigit(text: String) throws {
            let decimal = try #require(Decimal(string: text))
            var output = JSONOutput()
            try output.append(decimal: decimal)
            let written = String(decoding: output.bytes, as: UTF8.self)
            #expect(Decimal(string: written) == decimal)
            #expect(ReadOutcome.foundation(output.bytes) != .rejected)
            let parsed = try JSONSerialization.jsonObject(with: output.data, options: [.fragmentsAllowed])
            let exact = (parsed as? NSDecimalNumber)?.decimalValue ?? Decimal(string: "\(parsed)")
            #expect(exact == decimal)
        }

        @Test func writesTheLongDecimalExactly() throws {
            var output = JSONOutput()
            try output.append(decimal: try #require(Decimal(string: "12345678901234567890.123")))
            #expect(String(decoding: output.bytes, as: UTF8.self) == "12345678901234567890.123")
            let parsed = try JSONSerialization.jsonObject(with: output.data, options: [.fragmentsAllowed]) as? NSDecimalNumber
            #expect(parsed?.decimalValue == Decimal(string: "12345678901234567890.123"))
        }

        @Test func placesCommasWithoutAStack() throws {
            var output = JSONOutput()
            output.beginObject()
            output.key("a")
            output.beginArray()
            output.append(int: 1)
            output.beginObject()
            output.endObject()
            output.beginArray()
            output.endArray()
            output.appendNull()
            output.endArray()
            output.key(JSONOutput.Key("b\"c"))
            output.append(bool: false)
            output.key("d")
            output.beginObject()
            output.key("e")
            output.append(bool: true)
            output.endObject()
            output.endObject()
            #expect(String(decoding: output.bytes, as: UTF8.self) == #"{"a":[1,{},[],null],"b\"c":false,"d":{"e":true}}"#)
            #expect(output.depth == 0)
        }

        @Test func indentsWhenPretty() throws {
            var output = JSONOutput(options: .prettyPrinted)
            output.beginObject()
            output.key("title")
            output.append(string: "a/b")
            output.key("ratings")
            output.beginArray()
            try output.append(double: 4.5)
            output.append(int: 3)
            output.beginArray()
            output.endArray()
            output.endArray()
            output.key("empty")
            output.beginObject()
            output.endObject()
            output.endObject()
            #expect(
                String(decoding: output.bytes, as: UTF8.self) == """
                    {
                      "title": "a/b",
                      "ratings": [
                        4.5,
                        3,
                        []
                      ],
                      "empty": {}
                    }
                    """)
        }

        @Test func writesTopLevelScalars() {
            var output = JSONOutput(options: .prettyPrinted)
            output.append(string: "x")
            #expect(output.bytes == Array(#""x""#.utf8))
        }

        @Test func escapesAKeyOnce() {
            let key = JSONOutput.Key("a\tb")
            #expect(key.quoted == Array(#""a\tb""#.utf8))
            #expect(key.text == "a\tb")
        }
    }
}

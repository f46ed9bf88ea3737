import Foundation
import Testing

@testable import PropertyMapper

/// Integers and exponents at the edges of 32 and 64 bits: the reader converts them without a
/// trap whatever the width of `Int` (32 bits on watchOS).
@Suite struct JSONNumberTests {
    /// The one value of a one-element JSON array.
    static func parsed(_ number: String) throws -> Any {
        let array = try #require(try JSONDocument.parse(Data("[\(number)]".utf8)) as? [Any])
        return try #require(array.first)
    }

    /// The width-independent step, run with a 32-bit `Int`: what fits is an `Int32`, the rest stays `Int64`.
    @Test(arguments: [
        (Int64(Int32.max), true), (Int64(Int32.min), true), (0, true),
        (Int64(Int32.max) + 1, false), (Int64(Int32.min) - 1, false), (Int64.max, false), (Int64.min, false),
        (999_999_999_999_999_999, false), (-999_999_999_999_999_999, false),
    ])
    func integersFitTheNativeWidthOrStay64Bit(value: Int64, fitsInt32: Bool) {
        let narrow = JSONReader.integer(value, as: Int32.self)
        if fitsInt32 {
            #expect(narrow as? Int32 == Int32(exactly: value))
        } else {
            #expect(narrow as? Int64 == value)
        }
        #expect(JSONReader.integer(value, as: Int.self) as? Int == Int(exactly: value))
        #expect(JSONReader.integer(value, as: Int64.self) as? Int64 == value)
    }

    @Test(arguments: [
        "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296",
        "999999999999999999", "-999999999999999999", "9223372036854775807",
    ])
    func integersBeyond32BitsAreInts(text: String) throws {
        #expect(try Self.parsed(text) as? Int == Int(text))
    }

    @Test func integersBeyond64Bits() throws {
        #expect(try Self.parsed("9223372036854775808") as? UInt64 == 9_223_372_036_854_775_808)
        #expect(try Self.parsed("18446744073709551615") as? UInt64 == .max)
        #expect(try Self.parsed("18446744073709551616") is NSDecimalNumber)
        #expect(try Self.parsed("-9223372036854775808") is NSDecimalNumber)  // 20 characters with the sign, as JSONSerialization
    }

    /// Exponents too long for 32 or even 64 bits: out of range when large, zero when small, as JSONSerialization.
    @Test(
        arguments: [
            ("1.00000000000000000001e3000000000", nil), ("1.00000000000000000001e99999999999999999999", nil),
            ("1e3000000000", nil), ("1e99999999999999999999", nil),
            ("1.00000000000000000001e-3000000000", 0.0), ("1.00000000000000000001e-99999999999999999999", 0.0),
            ("1e-3000000000", 0.0), ("1e-99999999999999999999", 0.0),
        ] as [(String, Double?)])
    func hugeExponents(text: String, expected: Double?) throws {
        if let expected {
            #expect(try Self.parsed(text) as? Double == expected)
        } else {
            #expect(throws: JSONSyntaxError.self) { try Self.parsed(text) }
        }
        let reference = try? JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any]
        #expect((reference?.first as? NSNumber)?.doubleValue == expected)
    }

    @Test func exponentAtTheDecimalBoundary() throws {
        #expect(try Self.parsed("1.00000000000000000001e127") is NSDecimalNumber)
        #expect(try Self.parsed("1.00000000000000000001e128") as? Double == 1e128)
    }

    /// Written with an exponent, a number of more digits than a `Double` keeps is judged by its digits: never rounded
    /// into an integer it is not (`10000000000000001e-16` is no integer; `9007199254740993e0` is not ...992), whether
    /// the exponent's letter is `e` (which JSONSerialization reads as a `Double`) or `E`; an `Any` still gets that `Double`.
    @Test(arguments: ["e", "E"])
    func anExponentNumberIsJudgedByItsDigits(letter: String) throws {
        expectTypeError(Self.read("10000000000000001\(letter)-16", into: 0), initial: 0)
        expectTypeError(Self.read("-10000000000000001\(letter)-16", into: Int8(0)), initial: 0)
        #expect(Self.read("9007199254740993\(letter)0", into: Int64(0)).value == 9_007_199_254_740_993)
        #expect(Self.read("-9007199254740993\(letter)0", into: 0).value == -9_007_199_254_740_993)
        #expect(Self.read("12345678901234567\(letter)1", into: UInt64(0)).value == 123_456_789_012_345_670)
        #expect(Self.read("10000000000000001\(letter)-16", into: Double(0)).value == 1)
        #expect(Self.read("10000000000000001\(letter)-16", into: Decimal(0)).value == Decimal(string: "1.0000000000000001"))
        let capped: Mapping<Slot<Int64>> = ["v": .property(\.value).max(9_007_199_254_740_992)]
        #expect(Self.read("9007199254740993\(letter)0", into: Int64(0), using: capped).errors.map(\.rule) == ["max"])
        if letter == "e" { #expect(try Self.parsed("10000000000000001e-16") as? Double == 1) }
    }

    /// A fraction too small for a `Double` is read as zero, but is no integer: its digits say so, however many zeros
    /// lead them, whatever the exponent's length. Zero written any way is an integer.
    @Test(arguments: ["1e-400", "-2e-324", "7E-99999999999999999999", "0." + String(repeating: "0", count: 400) + "1"])
    func aFractionBelowEveryDoubleIsNoInteger(text: String) throws {
        expectTypeError(Self.read(text, into: 5), initial: 5)
        expectTypeError(Self.read(text, into: UInt8(5)), initial: 5)
        #expect(Self.read(text, into: Double(5)).value == 0)
        #expect(Self.read("0." + String(repeating: "0", count: 400) + "e-400", into: 5).value == 0)
        #expect(Self.read("-0e-999", into: 5).value == 0)
    }

    /// `number`, read by the library's JSON reader as the value of "v", mapped into a slot preset to `initial`.
    static func read<Value>(
        _ number: String, into initial: Value, using mapping: Mapping<Slot<Value>> = Slot<Value>.mapping()
    )
        -> SlotResult<Value>
    {
        var slot = Slot(value: initial)
        do {
            try Mapper.mapValues(fromJSON: #"{"v": \#(number)}"#, to: &slot, using: mapping)
            return SlotResult(value: slot.value, errors: [])
        } catch {
            return SlotResult(value: slot.value, errors: error.errors)
        }
    }

    struct Widths { var small: Int32 = 0; var wide: Int64 = 0 }

    @Test func mappingIntegersBeyond32Bits() throws {
        let mapping: Mapping<Widths> = ["small": .property(\.small), "wide": .property(\.wide)]
        var widths = Widths()
        try Mapper.mapValues(fromJSON: #"{"small": -2147483648, "wide": 9223372036854775807}"#, to: &widths, using: mapping)
        #expect(widths.small == .min && widths.wide == .max)
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"small": 2147483648}"#, to: &widths, using: mapping) }
        expectSingleError(errors, at: "small", rule: "type")
        #expect(widths.small == .min)
    }
}

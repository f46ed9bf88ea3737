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

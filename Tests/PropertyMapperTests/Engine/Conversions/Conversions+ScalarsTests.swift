import Foundation
import PropertyMapper
import Testing

// Strings, booleans, integers of every width, floating point and decimals, from Swift literals and
// from JSON (`Conversions+Scalars.swift`). The slot helpers are in ConversionTests.swift.

/// Every fixed-width integer type, with its bounds and the first values outside them, as JSON text.
enum IntegerType: String, CaseIterable, Sendable {
    case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint

    var min: String {
        switch self {
        case .int8: "-128"
        case .int16: "-32768"
        case .int32: "-2147483648"
        case .int64, .int: "-9223372036854775808"
        case .uint8, .uint16, .uint32, .uint64, .uint: "0"
        }
    }

    var max: String {
        switch self {
        case .int8: "127"
        case .int16: "32767"
        case .int32: "2147483647"
        case .int64, .int: "9223372036854775807"
        case .uint8: "255"
        case .uint16: "65535"
        case .uint32: "4294967295"
        case .uint64, .uint: "18446744073709551615"
        }
    }

    var belowMin: String {
        switch self {
        case .int8: "-129"
        case .int16: "-32769"
        case .int32: "-2147483649"
        case .int64, .int: "-9223372036854775809"
        case .uint8, .uint16, .uint32, .uint64, .uint: "-1"
        }
    }

    var aboveMax: String {
        switch self {
        case .int8: "128"
        case .int16: "32768"
        case .int32: "2147483648"
        case .int64, .int: "9223372036854775808"
        case .uint8: "256"
        case .uint16: "65536"
        case .uint32: "4294967296"
        case .uint64, .uint: "18446744073709551616"
        }
    }

    /// Maps `record` into a slot of this type preset to 42: the written value as text, or nil, and the errors.
    func map(_ record: Any) -> (written: String?, errors: [ValidationError]) {
        switch self {
        case .int8: Self.map(record, Int8.self)
        case .int16: Self.map(record, Int16.self)
        case .int32: Self.map(record, Int32.self)
        case .int64: Self.map(record, Int64.self)
        case .int: Self.map(record, Int.self)
        case .uint8: Self.map(record, UInt8.self)
        case .uint16: Self.map(record, UInt16.self)
        case .uint32: Self.map(record, UInt32.self)
        case .uint64: Self.map(record, UInt64.self)
        case .uint: Self.map(record, UInt.self)
        }
    }

    private static func map<T: FixedWidthInteger>(_ record: Any, _: T.Type) -> (written: String?, errors: [ValidationError]) {
        let result = mapSlot(record, initial: T(42))
        return (result.errors.isEmpty ? String(result.value) : nil, result.errors)
    }

    /// The same number as literal sources: Swift integers where they fit, NSNumber, NSDecimalNumber.
    static func literals(_ text: String) -> [Any] {
        var sources: [Any] = []
        if let value = Int(text) { sources.append(value) }
        if let value = Int64(text) { sources.append(value); sources.append(NSNumber(value: value)) }
        if let value = UInt64(text) { sources.append(value); sources.append(NSNumber(value: value)) }
        sources.append(NSDecimalNumber(string: text))
        return sources
    }
}

@Suite struct IntegerConversionTests {
    @Test(arguments: IntegerType.allCases)
    func jsonBoundsMapExactly(type: IntegerType) throws {
        for text in [type.min, type.max] {
            let result = type.map(try Fixtures.parse(#"{"v": \#(text)}"#))
            #expect(result.errors.isEmpty, "\(text)")
            #expect(result.written == text)
        }
    }

    @Test(arguments: IntegerType.allCases)
    func jsonJustOutsideBoundsIsOneTypeError(type: IntegerType) throws {
        for text in [type.belowMin, type.aboveMax] {
            let result = type.map(try Fixtures.parse(#"{"v": \#(text)}"#))
            #expect(result.written == nil, "\(text)")
            let error = expectSingleError(result.errors, at: "v", rule: "type")
            #expect(error?.value == text)
            #expect(error?.property == "value")
        }
    }

    @Test(arguments: IntegerType.allCases)
    func literalBoundsMapExactly(type: IntegerType) {
        for text in [type.min, type.max] {
            for source in IntegerType.literals(text) {
                let result = type.map(["v": source] as [String: Any])
                #expect(result.errors.isEmpty, "\(text) as \(Swift.type(of: source))")
                #expect(result.written == text, "\(text) as \(Swift.type(of: source))")
            }
        }
    }

    @Test(arguments: IntegerType.allCases)
    func literalJustOutsideBoundsIsOneTypeError(type: IntegerType) {
        for text in [type.belowMin, type.aboveMax] {
            for source in IntegerType.literals(text) {
                let result = type.map(["v": source] as [String: Any])
                #expect(result.written == nil, "\(text) as \(Swift.type(of: source))")
                expectSingleError(result.errors, at: "v", rule: "type")
            }
        }
    }

    @Test func swiftIntegerTypesInLiteralsMapAcrossTypes() {
        #expect(mapLiteral(Int8(-5), initial: 0).value == -5)
        #expect(mapLiteral(UInt8(200), initial: Int16(0)).value == 200)
        #expect(mapLiteral(Int32.max, initial: Int64(0)).value == Int64(Int32.max))
        #expect(mapLiteral(UInt64(7), initial: Int8(0)).value == 7)
        #expect(mapLiteral(UInt.max, initial: UInt64(0)).value == UInt64.max)
        expectTypeError(mapLiteral(UInt.max, initial: Int(0)), initial: 0)
        expectTypeError(mapLiteral(Int16(-1), initial: UInt16(9)), initial: 9)
    }

    @Test(arguments: [
        "18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
        "-123456789012345678901234567890",
    ])
    func jsonIntegersBeyond64BitsAreTypeErrors(text: String) throws {
        expectTypeError(try mapJSON(text, initial: Int(7)), initial: 7)
        expectTypeError(try mapJSON(text, initial: Int64(7)), initial: 7)
        expectTypeError(try mapJSON(text, initial: UInt64(7)), initial: 7)
        expectTypeError(try mapJSON(text, initial: Double(7)), initial: 7)
        expectTypeError(try mapJSON(text, initial: Float(7)), initial: 7)
        let error = try mapJSON(text, initial: Int(7)).errors.first
        #expect(error?.value == text)
    }

    @Test func integerPropertyTakesExactWholeNumbersOnly() throws {
        #expect(try mapJSON("2.0", initial: 9).value == 2)
        #expect(try mapJSON("1e2", initial: 9).value == 100)
        #expect(try mapJSON("-0", initial: 9).value == 0)
        #expect(try mapJSON("-0.0", initial: 9).value == 0)
        #expect(try mapJSON("2.0", initial: UInt8(9)).value == 2)
        for text in ["2.5", "-2.5", "0.1", "1e-2", "1e300", "-1e300"] {
            expectTypeError(try mapJSON(text, initial: 9), initial: 9)
        }
        expectTypeError(try mapJSON("2.5", initial: UInt8(9)), initial: 9)
        expectTypeError(try mapJSON("256.0", initial: UInt8(9)), initial: 9)
        #expect(mapLiteral(2.0, initial: 9).value == 2)
        #expect(mapLiteral(Float(3), initial: Int8(9)).value == 3)
        expectTypeError(mapLiteral(2.5, initial: 9), initial: 9)
        expectTypeError(mapLiteral(Float(2.5), initial: 9), initial: 9)
        expectTypeError(mapLiteral(9.3e18, initial: 9), initial: 9)
        #expect(try mapJSON("1e19", initial: UInt64(9)).value == 10_000_000_000_000_000_000)
        expectTypeError(try mapJSON("1e19", initial: Int64(9)), initial: 9)
        expectTypeError(try mapJSON("9223372036854775808.0", initial: Int64(9)), initial: 9)
    }
}

@Suite struct FloatingPointConversionTests {
    @Test func jsonNumbersMapToDoubleAndFloat() throws {
        #expect(try mapJSON("2.5", initial: 0.0).value == 2.5)
        #expect(try mapJSON("1e2", initial: 0.0).value == 100)
        #expect(try mapJSON("7", initial: 0.0).value == 7)
        #expect(try mapJSON("-0.0", initial: 1.0).value == 0)
        #expect(try mapJSON("-9223372036854775808", initial: 0.0).value == Double(Int64.min))
        #expect(try mapJSON("18446744073709551615", initial: 0.0).value == Double(UInt64.max))
        #expect(try mapJSON("1e39", initial: 0.0).value == 1e39)
        #expect(try mapJSON("2.5", initial: Float(0)).value == 2.5)
        #expect(try mapJSON("7", initial: Float(0)).value == 7)
        #expect(try mapJSON("-3.4e38", initial: Float(0)).value == -3.4e38)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let parsed = try mapJSON("-0.0", initial: 1.0)
        #expect(parsed.value == 0)
        #expect(parsed.value.sign == .minus)
        let result = mapLiteral(-0.0, initial: 1.0)
        #expect(result.errors.isEmpty)
        #expect(result.value == 0)
        #expect(result.value.sign == .minus)
        #expect(mapLiteral(-0.0, initial: 5).value == 0)
    }

    @Test(arguments: ["1e39", "-1e39", "3.5e38"])
    func numberBeyondFloatIsTypeError(text: String) throws {
        expectTypeError(try mapJSON(text, initial: Float(1)), initial: 1)
        expectTypeError(mapLiteral(Double(text)!, initial: Float(1)), initial: 1)
    }

    @Test(arguments: 0..<6)
    func nonFiniteLiteralsAreTypeErrors(index: Int) {
        let sources: [Any] = [
            Double.nan, Double.infinity, -Double.infinity, Float.nan, -Float.infinity, NSNumber(value: Double.nan),
        ]
        let source = sources[index]
        let double = mapLiteral(source, initial: 1.0)
        expectSingleError(double.errors, at: "v", rule: "type")
        #expect(double.value == 1.0)
        expectTypeError(mapLiteral(source, initial: Float(1)), initial: 1)
        expectTypeError(mapLiteral(source, initial: 1), initial: 1)
        expectTypeError(mapLiteral(source, initial: UInt8(1)), initial: 1)
    }
}

@Suite struct BooleanConversionTests {
    @Test func jsonBooleansMapToBoolOnly() throws {
        #expect(try mapJSON("true", initial: false).value == true)
        #expect(try mapJSON("false", initial: true).value == false)
        for text in ["true", "false"] {
            expectTypeError(try mapJSON(text, initial: 5), initial: 5)
            expectTypeError(try mapJSON(text, initial: UInt8(5)), initial: 5)
            expectTypeError(try mapJSON(text, initial: 5.0), initial: 5.0)
            expectTypeError(try mapJSON(text, initial: Float(5)), initial: 5)
            expectTypeError(try mapJSON(text, initial: Decimal(5)), initial: 5)
            expectTypeError(try mapJSON(text, initial: "preset"), initial: "preset")
            expectTypeError(try mapJSON(text, initial: Int?(5)), initial: 5)
            expectTypeError(try mapJSON(text, initial: [Int]()), initial: [], at: "v")
            expectTypeError(try mapJSON("[\(text)]", initial: [Int]()), initial: [], at: "v[0]")
        }
    }

    @Test(arguments: ["1", "0", "1.0", "0.0", #""true""#, #""false""#])
    func jsonNumbersAndStringsNeverMapToBool(text: String) throws {
        expectTypeError(try mapJSON(text, initial: true), initial: true)
        expectTypeError(try mapJSON(text, initial: false), initial: false)
        expectTypeError(try mapJSON(text, initial: Bool?(true)), initial: true)
        expectTypeError(try mapJSON("[\(text)]", initial: [Bool]()), initial: [], at: "v[0]")
    }

    @Test func literalBooleansMapToBoolOnly() {
        #expect(mapLiteral(true, initial: false).value == true)
        #expect(mapLiteral(false, initial: true).value == false)
        #expect(mapLiteral(NSNumber(value: true), initial: false).value == true)
        #expect(mapLiteral(NSNumber(value: false), initial: true).value == false)
        for source: Any in [true, false, NSNumber(value: true), NSNumber(value: false)] {
            expectTypeError(mapLiteral(source, initial: 5), initial: 5)
            expectTypeError(mapLiteral(source, initial: Int8(5)), initial: 5)
            expectTypeError(mapLiteral(source, initial: 5.0), initial: 5.0)
            expectTypeError(mapLiteral(source, initial: Decimal(5)), initial: 5)
        }
    }

    @Test func literalNumbersNeverMapToBool() {
        let sources: [Any] = [1, 0, 1.0, 0.0, NSNumber(value: 1), NSNumber(value: 0), NSNumber(value: 1.0), UInt8(1), Int64(0)]
        for source in sources {
            expectTypeError(mapLiteral(source, initial: true), initial: true)
            expectTypeError(mapLiteral(source, initial: false), initial: false)
        }
    }
}

@Suite struct StringConversionTests {
    @Test func stringsMapToStringOnly() throws {
        #expect(try mapJSON(#""42""#, initial: "").value == "42")
        #expect(try mapJSON(#""""#, initial: "preset").value == "")
        #expect(mapLiteral("x", initial: "").value == "x")
        #expect(mapLiteral(NSString(string: "ns"), initial: "").value == "ns")
        for text in [#""42""#, #""2.5""#, #""""#] {
            expectTypeError(try mapJSON(text, initial: 7), initial: 7)
            expectTypeError(try mapJSON(text, initial: 7.0), initial: 7.0)
            expectTypeError(try mapJSON(text, initial: Decimal(7)), initial: 7)
        }
        for text in ["42", "2.5", "true", "[]", "{}"] {
            expectTypeError(try mapJSON(text, initial: "preset"), initial: "preset")
        }
        expectTypeError(mapLiteral(42, initial: "preset"), initial: "preset")
        expectTypeError(mapLiteral(NSNumber(value: 42), initial: "preset"), initial: "preset")
        expectTypeError(mapLiteral(Character("c"), initial: "preset"), initial: "preset")
    }
}

@Suite struct DecimalConversionTests {
    @Test func decimalTakesNumbersExactly() throws {
        #expect(try mapJSON("42", initial: Decimal(0)).value == 42)
        #expect(try mapJSON("-42", initial: Decimal(0)).value == -42)
        #expect(try mapJSON("12.5", initial: Decimal(0)).value == Decimal(string: "12.5"))
        #expect(try mapJSON("12.34", initial: Decimal(0)).value == Decimal(string: "12.34"))
        #expect(try mapJSON("0.1", initial: Decimal(0)).value == Decimal(string: "0.1"))
        #expect(try mapJSON("1e2", initial: Decimal(0)).value == 100)
        #expect(try mapJSON("18446744073709551615", initial: Decimal(0)).value == Decimal(string: "18446744073709551615"))
        #expect(try mapJSON("-9223372036854775808", initial: Decimal(0)).value == Decimal(string: "-9223372036854775808"))
        #expect(mapLiteral(Decimal(string: "12.34")!, initial: Decimal(0)).value == Decimal(string: "12.34"))
        #expect(mapLiteral(NSDecimalNumber(string: "0.1"), initial: Decimal(0)).value == Decimal(string: "0.1"))
        #expect(mapLiteral(7, initial: Decimal(0)).value == 7)
        expectTypeError(mapLiteral(Double.nan, initial: Decimal(3)), initial: 3)
        expectTypeError(mapLiteral(Double.infinity, initial: Decimal(3)), initial: 3)
    }

    /// A `Decimal` holds 38 digits, so a JSON integer wider than 64 bits is not rounded: it maps exactly.
    @Test func decimalTakesIntegersBeyond64Bits() throws {
        let text = "123456789012345678901234567890"
        #expect(try mapJSON(text, initial: Decimal(0)).value == Decimal(string: text))
    }

    /// A decimal-number literal in an integer property follows the integer rules.
    @Test func decimalNumbersIntoIntegersAreExact() {
        #expect(mapLiteral(NSDecimalNumber(string: "3"), initial: 0).value == 3)
        #expect(mapLiteral(Decimal(string: "3")!, initial: 0).value == 3)
        expectTypeError(mapLiteral(NSDecimalNumber(string: "3.5"), initial: 0), initial: 0)
        expectTypeError(mapLiteral(Decimal(string: "3.5")!, initial: 0), initial: 0)
    }
}

import Foundation
import Testing

@testable import PropertyMapper

/// Reading decimal text exactly: a `Decimal` holds 38 digits (39 up to its largest significand) and an
/// exponent in -128...127; anything it cannot hold exactly is `notExact`, never rounded.
@Suite struct DecimalTextTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test func readsNumbersExactly() {
        #expect(DecimalText.reading(from: "1.50") == .decimal(Self.decimal("1.5")))
        #expect(DecimalText.reading(from: "-0.000123") == .decimal(Self.decimal("-0.000123")))
        #expect(DecimalText.reading(from: "12E-2") == .decimal(Self.decimal("0.12")))
        #expect(DecimalText.reading(from: "+7") == .decimal(7))
        #expect(DecimalText.reading(from: "-0") == .decimal(0))
        #expect(DecimalText.reading(from: "0.000e5") == .decimal(0))
    }

    @Test(arguments: ["", "-", ".5", "5.", "1.2.3", "1e", "1e+", "0x10", "1 ", " 1", "1_000", "NaN", "Infinity", "١"])
    func refusesWhatIsNotDecimalText(text: String) {
        #expect(DecimalText.reading(from: text) == .notANumber, "\(text.debugDescription)")
        #expect(DecimalText.decimal(from: text) == nil)
    }

    @Test func aLeadingPlusIsNotJSON() {
        #expect(UTF8Bytes.of("+7") { DecimalText.reading(from: $0, json: true) } == .notANumber)
        #expect(UTF8Bytes.of("-7") { DecimalText.reading(from: $0, json: true) } == .decimal(-7))
    }

    @Test func holdsThirtyEightDigitsAndUpToTheLargestSignificand() {
        let largest = "340282366920938463463374607431768211455"
        #expect(DecimalText.reading(from: String(repeating: "9", count: 38)) == .decimal(Self.decimal(String(repeating: "9", count: 38))))
        #expect(DecimalText.reading(from: largest) == .decimal(Self.decimal(largest)))
        #expect(DecimalText.reading(from: "340282366920938463463374607431768211456") == .notExact(significantDigits: 39))
        #expect(DecimalText.reading(from: "0." + String(repeating: "1", count: 40)) == .notExact(significantDigits: 40))
        #expect(DecimalText.decimal(from: String(repeating: "1", count: 40)) == nil)
    }

    @Test func trailingZerosAreNotSignificant() {
        let text = "1" + String(repeating: "0", count: 60)
        #expect(DecimalText.reading(from: text) == .decimal(Self.decimal("1e60")))
        #expect(DecimalText.reading(from: "2.5000000000000000000000000000000000000000000") == .decimal(Self.decimal("2.5")))
    }

    /// Digits a `Decimal` holds with an exponent it cannot: the exponent is the problem (0 digits reported).
    @Test func exponentsBeyondTheRangeMoveIntoTheSignificandWhileItHasRoom() {
        #expect(DecimalText.reading(from: "1e127") == .decimal(Self.decimal("1e127")))
        #expect(DecimalText.reading(from: "1e130") == .decimal(Self.decimal("1000e127")))
        #expect(DecimalText.reading(from: "1e200") == .notExact(significantDigits: 0))
        #expect(DecimalText.reading(from: "1e-128") == .decimal(Self.decimal("1e-128")))
        #expect(DecimalText.reading(from: "1e-129") == .notExact(significantDigits: 0))
        #expect(DecimalText.reading(from: "1e99999999999") == .notExact(significantDigits: 0))
        #expect(DecimalText.reading(from: "123456789012345678901234567890123456789e200") == .notExact(significantDigits: 0))
        #expect(DecimalText.reading(from: "400000000000000000000000000000000000001e200") == .notExact(significantDigits: 39))
    }

    @Test func readsSourceNumbersByWhatTheyHold() {
        #expect(DecimalText.reading(of: .int(-5), value: -5) == .decimal(-5))
        #expect(DecimalText.reading(of: .uint(UInt64.max), value: UInt64.max) == .decimal(Self.decimal("18446744073709551615")))
        #expect(DecimalText.reading(of: .double(0.1), value: 0.1) == .decimal(Self.decimal("0.1")))
        #expect(DecimalText.reading(of: .double(.infinity), value: Double.infinity) == .notANumber)
        let digits = "123456789012345678901234567890"
        #expect(DecimalText.reading(of: .wide(digits), value: digits) == .decimal(Self.decimal(digits)))
    }

    @Test(arguments: [
        ("100000000000000000000", "99999999999999999999", ComparisonResult.orderedDescending),
        ("-100000000000000000000", "-99999999999999999999", .orderedAscending),
        ("-5", "3", .orderedAscending),
        ("0", "-0", .orderedSame),
        ("0.0e5", "-0", .orderedSame),
        ("123456789012345678901234567890", "123456789012345678901234567891", .orderedAscending),
        ("007", "7", .orderedSame),
        ("+7", "7.000", .orderedSame),
        ("1.5e+1", "15", .orderedSame),
        ("5.00000000000000000000000000000000000000001", "5", .orderedDescending),
        ("-0.00000000000000000000000000000000000000001", "0", .orderedAscending),
        ("1e-05", "0.00001", .orderedSame),
        ("0.99999999999999999999999999999999999999999", "1", .orderedAscending),
        ("123", "1.23e2", .orderedSame),
        ("-1e3", "-999.9", .orderedAscending),
    ])
    func ordersDecimalTextExactly(lhs: String, rhs: String, expected: ComparisonResult) {
        #expect(DecimalText.order(lhs, rhs) == expected)
        #expect(DecimalText.order(rhs, lhs) == expected.reversed)
    }

    @Test func ordersOnlyNumbers() {
        #expect(DecimalText.order("1", "NaN") == nil)
        #expect(DecimalText.order("Infinity", "1") == nil)
        #expect(DecimalText.order(".5", "1") == nil)
    }
}

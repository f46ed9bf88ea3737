import Foundation
import Testing

@testable import PropertyMapper

@Suite struct SourceNumberTests {
    @Test(arguments: [
        (9_223_372_036_854_775_808.0, "9223372036854775808"),
        (18_446_744_073_709_551_616.0, "18446744073709551616"),
        (-18_446_744_073_709_551_616.0, "-18446744073709551616"),
        (1e20, "100000000000000000000"),
        (1e23, "99999999999999991611392"),
        (42.0, "42"),
    ])
    func exactDigitsOfWholeDoubles(value: Double, digits: String) {
        #expect(SourceNumber.exactDigits(of: value) == digits)
    }

    @Test func exactDigitsOfTheLargestDouble() {
        let digits = SourceNumber.exactDigits(of: .greatestFiniteMagnitude)
        #expect(digits.count == 309)
        #expect(digits.hasPrefix("17976931348623157"))
        #expect(Double(digits) == .greatestFiniteMagnitude)
    }

    @Test func wideIntegersOrderExactlyAgainstHugeDoubles() {
        let wide = SourceNumber.wide("100000000000000000001")  // 1e20 + 1
        #expect(SourceNumber.compare(wide, .double(1e20)) == .orderedDescending)
        #expect(SourceNumber.compare(wide, .double(1e300)) == .orderedAscending)
        #expect(SourceNumber.compare(.wide("-100000000000000000000"), .double(-1e20)) == .orderedSame)
        #expect(SourceNumber.compare(wide, .double(.nan)) == nil)
        #expect(SourceNumber.compare(wide, .int(.max)) == .orderedDescending)
    }

    /// A fraction of more digits than a `Decimal` holds, against bounds of every kind, by every digit.
    @Test func preciseFractionsOrderByEveryDigit() {
        let above5 = SourceNumber.preciseFraction("5." + String(repeating: "0", count: 40) + "1")
        #expect(SourceNumber.compare(above5, .int(5)) == .orderedDescending)
        #expect(SourceNumber.compare(.double(5), above5) == .orderedAscending)
        #expect(SourceNumber.compare(above5, .fraction(5.5)) == .orderedAscending)
        #expect(SourceNumber.compare(above5, .double(.infinity)) == .orderedAscending)
        #expect(SourceNumber.compare(above5, .double(-.infinity)) == .orderedDescending)
        #expect(SourceNumber.compare(above5, .double(.nan)) == nil)
        #expect(SourceNumber.compare(above5, .wide("100000000000000000000")) == .orderedAscending)
        #expect(SourceNumber.compare(.preciseFraction("0.1000000000000000000000000000000000000000001"), .double(0.1)) == .orderedDescending)
        #expect(SourceNumber.compare(.preciseFraction("1e-400"), .double(0)) == .orderedDescending)
    }
}

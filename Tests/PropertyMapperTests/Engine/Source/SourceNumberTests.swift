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

    @Test(arguments: [
        ("100000000000000000000", "99999999999999999999", ComparisonResult.orderedDescending),
        ("-100000000000000000000", "-99999999999999999999", .orderedAscending),
        ("-5", "3", .orderedAscending),
        ("0", "-0", .orderedSame),
        ("123456789012345678901234567890", "123456789012345678901234567891", .orderedAscending),
        ("007", "7", .orderedSame),
    ])
    func comparesDecimalIntegersExactly(lhs: String, rhs: String, expected: ComparisonResult) {
        #expect(SourceNumber.compareDigits(lhs, rhs) == expected)
        #expect(SourceNumber.compareDigits(rhs, lhs) == expected.reversed)
    }

    @Test func wideIntegersOrderExactlyAgainstHugeDoubles() {
        let wide = SourceNumber.wide("100000000000000000001")  // 1e20 + 1
        #expect(SourceNumber.compare(wide, .double(1e20)) == .orderedDescending)
        #expect(SourceNumber.compare(wide, .double(1e300)) == .orderedAscending)
        #expect(SourceNumber.compare(.wide("-100000000000000000000"), .double(-1e20)) == .orderedSame)
        #expect(SourceNumber.compare(wide, .double(.nan)) == nil)
        #expect(SourceNumber.compare(wide, .int(.max)) == .orderedDescending)
    }
}

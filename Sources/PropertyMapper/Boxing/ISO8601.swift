import Foundation

/// A strict ISO 8601 / RFC 3339 parser (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`) on UTF-8 bytes, with no
/// allocation: it rejects impossible days, hour 24, second 60 and a missing zone, and counts in `Int64` with
/// checked arithmetic (`Int` is 32 bits on watchOS).
enum ISO8601 {
    /// The seconds since 1970 that ISO 8601 text in UTC writes: the years 0000...9999.
    static let writable = -62_167_219_200.0..<253_402_300_800.0

    static func date(from text: String) -> Date? {
        UTF8Bytes.of(text) { parse($0) }
    }

    static func parse(_ bytes: UTF8Bytes) -> Date? {
        // The shortest form is 2010-12-09T07:14:08Z (20 bytes); a fraction may have any number of digits.
        guard bytes.count >= 20 else { return nil }
        guard let year = digits(bytes, 0, 4), bytes[4] == dash,
            let month = digits(bytes, 5, 2), bytes[7] == dash,
            let day = digits(bytes, 8, 2), bytes[10] == UInt8(ascii: "T"),
            let hour = digits(bytes, 11, 2), bytes[13] == colon,
            let minute = digits(bytes, 14, 2), bytes[16] == colon,
            let second = digits(bytes, 17, 2)
        else { return nil }

        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            // At most 12 digits are kept: numerator and scale stay below 10^12, beyond 32 bits.
            var numerator: Int64 = 0
            var scale: Int64 = 1
            let start = index
            while index < bytes.count, let digit = digit(bytes[index]) {
                if scale < 1_000_000_000_000 {
                    numerator = numerator * 10 + Int64(digit)
                    scale *= 10
                }
                index += 1
            }
            guard index > start else { return nil }
            fraction = Double(numerator) / Double(scale)
        }

        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            guard bytes.count == index + 6, let hours = digits(bytes, index + 1, 2),
                bytes[index + 3] == colon, let minutes = digits(bytes, index + 4, 2),
                hours <= 23, minutes <= 59
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }

        guard let seconds = validSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
        else { return nil }
        return date(second: Double(seconds), fraction: fraction)
    }

    /// The date `fraction` (0..<1) into the second that begins `second` seconds after 1970: the nearest `Date`, never
    /// rounded up into the next second (`9999-12-31T23:59:59.99999Z` stays in its year).
    static func date(second: Double, fraction: Double) -> Date {
        Date(timeIntervalSince1970: min(second + fraction, (second + 1).nextDown))
    }

    private static let dash = UInt8(ascii: "-")
    private static let colon = UInt8(ascii: ":")

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
    }

    @inline(__always)
    static func digits(_ bytes: UTF8Bytes, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// Seconds from 1970 to a date and time that exists (no impossible day, hour 24 or second 60), minus `offset`; nil for
    /// one that does not.
    static func validSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Int64? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        return secondsSince1970(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset, as: Int64.self)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds from 1970 to the UTC date and time, minus `offset`; nil when that overflows `Integer`, never a trap.
    static func secondsSince1970<Integer: FixedWidthInteger & SignedInteger>(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int, as _: Integer.Type
    ) -> Integer? {
        // Fold whole days of the time of day (within ±2 days) into `days` and give the rest their sign: no
        // step is then further from zero than the result, so whenever the result fits, every step does.
        var days = daysFromCivil(year: year, month: month, day: day)
        var rest = hour * 3600 + minute * 60 + second - offset
        days += rest / 86_400
        rest %= 86_400
        if days < 0, rest > 0 {
            days += 1
            rest -= 86_400
        } else if days > 0, rest < 0 {
            days -= 1
            rest += 86_400
        }
        guard let wholeDays = Integer(exactly: days), let remainder = Integer(exactly: rest) else { return nil }
        let (daySeconds, overflow) = wholeDays.multipliedReportingOverflow(by: 86_400)
        let (seconds, overflowAgain) = daySeconds.addingReportingOverflow(remainder)
        return overflow || overflowAgain ? nil : seconds
    }

    /// Days since 1970-01-01, proleptic Gregorian (Howard Hinnant's algorithm); within ±3 million for 4-digit years.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

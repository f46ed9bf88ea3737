import Foundation
import Testing

@testable import PropertyMapper

/// A UTC date built by the calendar, independently of the parser under test.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}

private final class Stamp {
    var date: Date? = Date(timeIntervalSince1970: 0)
}

@Suite struct ISO8601Tests {
    @Test func parsesUTCWithoutFraction() throws {
        #expect(ISO8601.date(from: "2010-12-09T07:14:08Z") == utc(2010, 12, 9, 7, 14, 8))
        #expect(ISO8601.date(from: "1970-01-01T00:00:00Z") == utc(1970, 1, 1, 0, 0, 0))
        #expect(ISO8601.date(from: "1969-12-31T23:59:59Z") == utc(1969, 12, 31, 23, 59, 59))
    }

    @Test(arguments: [
        ("5", 0.5), ("123", 0.123), ("123456", 0.123456), ("000001", 0.000001), ("123456789", 0.123456789),
        ("999999999999999", 0.999999999999999),
    ])
    func parsesFractionalSeconds(digits: String, fraction: Double) throws {
        let date = try #require(ISO8601.date(from: "2010-12-09T07:14:08.\(digits)Z"))
        let expected = utc(2010, 12, 9, 7, 14, 8).timeIntervalSince1970 + fraction
        #expect(abs(date.timeIntervalSince1970 - expected) <= 1e-6)
    }

    @Test(arguments: [
        ("2010-12-09T09:14:08+02:00", 0.0), ("2010-12-09T01:44:08-05:30", 0.0), ("2010-12-09T07:14:08+00:00", 0.0),
        ("2010-12-09T09:14:08.25+02:00", 0.25), ("2010-12-09T01:44:08.5-05:30", 0.5), ("2010-12-10T07:13:08+23:59", 0.0),
        ("2010-12-08T07:15:08-23:59", 0.0),
    ])
    func appliesOffsets(text: String, fraction: Double) throws {
        let date = try #require(ISO8601.date(from: text))
        let expected = utc(2010, 12, 9, 7, 14, 8).timeIntervalSince1970 + fraction
        #expect(abs(date.timeIntervalSince1970 - expected) <= 1e-6)
    }

    @Test func acceptsLeapDays() {
        #expect(ISO8601.date(from: "2016-02-29T12:00:00Z") == utc(2016, 2, 29, 12, 0, 0))
        #expect(ISO8601.date(from: "2000-02-29T00:00:00Z") == utc(2000, 2, 29, 0, 0, 0))
        #expect(ISO8601.date(from: "2100-12-31T23:59:59Z") == utc(2100, 12, 31, 23, 59, 59))
        #expect(ISO8601.date(from: "1900-01-01T00:00:00Z") == utc(1900, 1, 1, 0, 0, 0))
    }

    /// Many valid date-times, from 1900 to 2100, with and without fractions and offsets, against
    /// Foundation's `ISO8601DateFormatter` (which keeps milliseconds, so fractions have up to 3 digits).
    @Test func agreesWithFoundationOnGeneratedDates() throws {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

        var generator = SplitMix64(seed: 0x5EED_1234)
        var mismatches: [String] = []
        for _ in 0..<3000 {
            let year = Int.random(in: 1900...2100, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let day = Int.random(in: 1...(month == 2 && isLeap ? 29 : monthDays[month - 1]), using: &generator)
            let time = [
                Int.random(in: 0...23, using: &generator), Int.random(in: 0...59, using: &generator),
                Int.random(in: 0...59, using: &generator),
            ]
            let fractionDigits = Int.random(in: 0...3, using: &generator)
            let fraction =
                fractionDigits == 0 ? "" : "." + (0..<fractionDigits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let zone: String
            switch Int.random(in: 0...2, using: &generator) {
            case 0: zone = "Z"
            default:
                let sign = Bool.random(using: &generator) ? "+" : "-"
                zone =
                    sign + twoDigits(Int.random(in: 0...14, using: &generator)) + ":"
                    + twoDigits([0, 15, 30, 45].randomElement(using: &generator)!)
            }
            let text = "\(year)-\(twoDigits(month))-\(twoDigits(day))T" + time.map(twoDigits).joined(separator: ":") + fraction + zone

            let theirs = (fraction.isEmpty ? plain : fractional).date(from: text)
            let ours = ISO8601.date(from: text)
            guard let theirs, let ours else {
                mismatches.append("\(text): ours \(String(describing: ours)), Foundation's \(String(describing: theirs))")
                continue
            }
            if abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) > 1e-6 {
                mismatches.append("\(text): ours \(ours.timeIntervalSince1970), Foundation's \(theirs.timeIntervalSince1970)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    /// Generated date-times with up to 9 fraction digits and any offset minute, against the calendar:
    /// the UTC date of the written components, minus the offset, plus the fraction.
    @Test func agreesWithTheCalendarOnGeneratedDatesWithLongFractions() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SplitMix64(seed: 0xDA7E_2100)
        var mismatches: [String] = []
        for _ in 0..<2000 {
            let year = Int.random(in: 1900...2100, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...28, using: &generator)
            let (hour, minute, second) = (
                Int.random(in: 0...23, using: &generator), Int.random(in: 0...59, using: &generator),
                Int.random(in: 0...59, using: &generator)
            )
            let digits = (0..<Int.random(in: 1...9, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }
                .joined()
            let offsetMinutes = Int.random(in: -(23 * 60 + 59)...(23 * 60 + 59), using: &generator)
            let zone = (offsetMinutes < 0 ? "-" : "+") + twoDigits(abs(offsetMinutes) / 60) + ":" + twoDigits(abs(offsetMinutes) % 60)
            let text =
                "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second)).\(digits)\(zone)"

            let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            let base = try #require(calendar.date(from: components)).timeIntervalSince1970
            let expected = base - Double(offsetMinutes * 60) + Double(Int(digits)!) / pow(10, Double(digits.count))
            guard let ours = ISO8601.date(from: text) else {
                mismatches.append("\(text): rejected")
                continue
            }
            if abs(ours.timeIntervalSince1970 - expected) > 1e-6 {
                mismatches.append("\(text): \(ours.timeIntervalSince1970), expected \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    static let rejected = [
        "2015-02-29T00:00:00Z",  // not a leap year
        "1900-02-29T00:00:00Z",  // a century that is not a leap year
        "2016-02-30T00:00:00Z",
        "2010-04-31T00:00:00Z",
        "2010-12-09T24:00:00Z",  // hour 24
        "2010-12-09T23:59:60Z",  // leap second
        "2010-12-09T23:60:00Z",
        "2010-13-09T07:14:08Z",  // month 13
        "2010-00-09T07:14:08Z",
        "2010-12-00T07:14:08Z",
        "2010-12-09T07:14:08",  // no zone
        "2010-12-09T07:14:08.123",  // a fraction, but no zone
        "2010-12-09t07:14:08Z",  // lowercase t
        "2010-12-09T07:14:08z",  // lowercase z
        "2010-12-09 07:14:08Z",
        "2010-12-09T07:14:08Zjunk",  // trailing garbage
        "2010-12-09T07:14:08+02:00x",
        "2010-12-09T07:14:08Z ",
        " 2010-12-09T07:14:08Z",
        "2010-12-09T07:14:08.Z",  // a dot without digits
        "2010-12-09T07:14:08+0200",
        "2010-12-09T07:14:08+02",
        "2010-12-09T07:14:08+24:00",
        "2010-12-09T07:14:08+02:60",
        "2010-1-09T07:14:08Z",
        "2010-12-09T07:14Z",  // too short
        "2010-12-09",
        "",
        "yesterday",
    ]

    @Test(arguments: rejected)
    func rejectsInvalidDateTimes(text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test(arguments: rejected)
    func dateBoxingReportsRejectionsAsBoxErrors(text: String) throws {
        let stamp = Stamp()
        let mapping: Mapping<Stamp> = ["at": .box(.date, \.date)]
        for record in [["at": text], try Fixtures.parsed(["at": text])] as [[String: Any]] {
            let errors = mappingErrors { try Mapper.mapValues(from: record, to: stamp, using: mapping) }
            expectSingleError(errors, at: "at", rule: "box(Date)")
        }
        #expect(stamp.date == Date(timeIntervalSince1970: 0))
    }

    /// The parser reads an offset that carries the date out of the years 0000...9999 in UTC; `.date`, which could not write
    /// it back, refuses it.
    @Test(arguments: ["0000-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
    func dateBoxingRefusesInstantsOutsideTheYearsItWrites(text: String) {
        #expect(ISO8601.date(from: text) != nil)
        let stamp = Stamp()
        let errors = mappingErrors { try Mapper.mapValues(from: ["at": text], to: stamp, using: ["at": .box(.date, \.date)]) }
        expectSingleError(errors, at: "at", rule: "box(Date)")
    }

    @Test func dateBoxingWritesTheParsedDate() throws {
        let record: [String: Any] = ["at": "2010-12-09T09:14:08.5+02:00"]
        for source in [record, try Fixtures.parsed(record)] {
            let stamp = Stamp()
            try Mapper.mapValues(from: source, to: stamp, using: ["at": .box(.date, \.date)])
            let date = try #require(stamp.date)
            #expect(abs(date.timeIntervalSince1970 - (utc(2010, 12, 9, 7, 14, 8).timeIntervalSince1970 + 0.5)) <= 1e-6)
        }
    }
}

/// Dates past 2038 (beyond a 32-bit count of seconds) up to 9999: seconds are counted in 64 bits with
/// checked arithmetic, so they never trap where `Int` is 32 bits (watchOS).
@Suite struct ISO8601WidthTests {
    @Test(arguments: [
        ("2038-01-19T03:14:07Z", 2_147_483_647.0), ("2038-01-19T03:14:08Z", 2_147_483_648.0),
        ("2106-02-07T06:28:16Z", 4_294_967_296.0), ("9999-12-31T23:59:59Z", 253_402_300_799.0),
        ("9999-12-31T23:59:59-23:59", 253_402_300_799.0 + 86_340), ("9999-12-31T23:59:59.5Z", 253_402_300_799.5),
        ("0000-01-01T00:00:00Z", -62_167_219_200.0), ("0000-01-01T00:00:00+23:59", -62_167_219_200.0 - 86_340),
        ("1901-12-13T20:45:52Z", -2_147_483_648.0), ("1901-12-13T20:45:51Z", -2_147_483_649.0),
    ])
    func farDates(text: String, seconds: Double) throws {
        let date = try #require(ISO8601.date(from: text))
        #expect(date.timeIntervalSince1970 == seconds)
    }

    /// RFC 3339 puts no bound on the fraction's digits: a long one is read (its first twelve digits), with a zone or an
    /// offset, not refused as not a date.
    @Test(arguments: ["Z", "+02:00"])
    func readsAFractionOfAnyLength(zone: String) throws {
        let text = "2010-12-09T07:14:08." + String(repeating: "5", count: 60) + zone
        let date = try #require(ISO8601.date(from: text))
        let expected = 1_291_878_848.555_555_555_555 - (zone == "Z" ? 0 : 7200)
        #expect(abs(date.timeIntervalSince1970 - expected) < 1e-6)
        let stamp = Stamp()
        try Mapper.mapValues(from: ["at": text], to: stamp, using: ["at": .box(.date, \.date)])
        #expect(stamp.date == date)
    }

    @Test func longestFractionKeepsTwelveDigits() throws {
        let date = try #require(ISO8601.date(from: "9999-12-31T23:59:59.999999999999999999Z"))
        #expect(abs(date.timeIntervalSince1970 - 253_402_300_799.999_999_999_999) < 1e-3)
    }

    /// The seconds count, run with a 32-bit integer: the last second that fits, then nil rather than a trap.
    @Test(arguments: [
        (2038, 1, 19, 3, 14, 7, 0, Int32.max as Int32?), (2038, 1, 19, 3, 14, 8, 0, nil),
        (1901, 12, 13, 20, 45, 52, 0, Int32.min as Int32?), (1901, 12, 13, 20, 45, 51, 0, nil),
        (2038, 1, 19, 4, 14, 7, 3600, Int32.max as Int32?), (2038, 1, 19, 4, 14, 8, 3600, nil),
        (9999, 12, 31, 23, 59, 59, 0, nil), (0, 1, 1, 0, 0, 0, 0, nil), (1970, 1, 1, 0, 0, 0, 0, 0),
    ])
    func secondsInThirtyTwoBits(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int, expected: Int32?
    ) {
        let narrow = ISO8601.secondsSince1970(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset, as: Int32.self)
        #expect(narrow == expected)
        let wide = ISO8601.secondsSince1970(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset, as: Int64.self)
        let calendar = Calendar(identifier: .gregorian)
        var components = DateComponents(
            timeZone: TimeZone(secondsFromGMT: 0), year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        components.calendar = calendar
        if year >= 1 {
            let reference = try? #require(components.date).timeIntervalSince1970
            #expect(wide.map { Double($0 + Int64(offset)) } == reference)
        } else {
            #expect(wide == -62_167_219_200)
        }
    }

    @Test func mapsADateAfter2038() throws {
        final class Stamped { var date = Date(timeIntervalSince1970: 0) }
        let stamped = Stamped()
        try Mapper.mapValues(fromJSON: #"{"at": "9999-12-31T23:59:59Z"}"#, to: stamped, using: ["at": .box(.date, \.date)])
        #expect(stamped.date.timeIntervalSince1970 == 253_402_300_799)
    }
}

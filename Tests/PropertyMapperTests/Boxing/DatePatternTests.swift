import Foundation
import Testing

@testable import PropertyMapper

/// `.format(_:)` patterns: fixed-width patterns parsed by hand, strictly; others by a formatter.
@Suite struct DatePatternTests {
    @Test(arguments: [
        "2019-02-30", "2019-13-01", "2019-00-10", "2019-01-00", "2018-02-29", "02/01/2019", "2019-2-28", "2019-02-28 ",
        " 2019-02-28", "2019-02-2", "2019/02/28", "20190228", "2019-02-28T00:00:00Z", "", "२०१९-02-28", "+019-02-28",
    ])
    func aFixedPatternIsStrict(text: String) {
        expectSingleError(dateErrors(.date(.format("yyyy-MM-dd")), text), at: "start", rule: "box(Date)")
    }

    @Test func aFixedPatternReadsEveryField() throws {
        #expect(try mapDate(.date(.format("yyyy-MM-dd")), "2016-02-29") == utcDate(2016, 2, 29))
        #expect(try mapDate(.date(.format("yyyy-MM-dd")), "0001-01-01") == Date(timeIntervalSince1970: -62_135_596_800))  // proleptic
        #expect(try mapDate(.date(.format("dd.MM.yyyy HH:mm:ss")), "09.12.2010 07:14:08") == utcDate(2010, 12, 9, 7, 14, 8))
        let withFraction = try mapDate(.date(.format("yyyy-MM-dd'T'HH:mm:ss.SSS")), "2010-12-09T07:14:08.123")
        #expect(abs(withFraction.timeIntervalSince1970 - (utcDate(2010, 12, 9, 7, 14, 8).timeIntervalSince1970 + 0.123)) < 1e-6)
        #expect(try mapDate(.date(.format("yyyyMMdd'at'HHmm")), "20101209at0714") == utcDate(2010, 12, 9, 7, 14))
        #expect(try mapDate(.date(.format("''yyyy-MM-dd''")), "'2010-12-09'") == utcDate(2010, 12, 9))
    }

    @Test func patternsInATimeZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let parisDay: Boxing<Date> = .date(.format("yyyy-MM-dd HH:mm", timeZone: paris))
        #expect(try mapDate(parisDay, "2019-01-15 12:00") == utcDate(2019, 1, 15, 11))  // winter: UTC+1
        #expect(try mapDate(parisDay, "2019-07-15 12:00") == utcDate(2019, 7, 15, 10))  // summer: UTC+2
        #expect(try mapDate(parisDay, "2019-03-31 01:30") == utcDate(2019, 3, 31, 0, 30))  // just before the change
        #expect(try mapDate(parisDay, "2019-03-31 03:30") == utcDate(2019, 3, 31, 1, 30))  // just after it
        let fixed = try #require(TimeZone(secondsFromGMT: -5 * 3600))
        #expect(try mapDate(.date(.format("yyyy-MM-dd", timeZone: fixed)), "2019-01-15") == utcDate(2019, 1, 15, 5))
    }

    /// A local time is the instant the zone's clock reads it, as `DateFormatter` finds it: none in the hour the clock
    /// skips, the later one in the hour it repeats.
    /// (`pad` makes the hour two digits for `HH`, a fixed-width pattern; `H` is the formatter's.)
    @Test(arguments: [("yyyy-MM-dd HH:mm", "0"), ("yyyy-MM-dd H:mm", "")])
    func aLocalTimeIsWhenTheClockReadsIt(pattern: String, pad: String) throws {
        let newYork: Boxing<Date> = .date(.format(pattern, timeZone: try #require(TimeZone(identifier: "America/New_York"))))
        #expect(throws: MappingError.self) { try mapDate(newYork, "2024-03-10 \(pad)2:30") }
        #expect(try mapDate(newYork, "2024-03-10 \(pad)3:00") == utcDate(2024, 3, 10, 7))  // EDT
        #expect(try mapDate(newYork, "2024-11-03 \(pad)1:30") == utcDate(2024, 11, 3, 6, 30))  // EST
        #expect(try mapDate(newYork, "2024-11-03 \(pad)0:30") == utcDate(2024, 11, 3, 4, 30))  // EDT
    }

    /// Fixed-width and formatter patterns read the proleptic Gregorian calendar, as ISO 8601 does: no Julian days
    /// before 1582-10-15.
    @Test(arguments: ["yyyy-MM-dd", "yyyy-MM-d"])
    func oldDaysAreGregorian(pattern: String) throws {
        // Seconds since 1970 of each day in the proleptic Gregorian calendar (Python's `calendar.timegm`).
        let day: Boxing<Date> = .date(.format(pattern))
        #expect(try mapDate(day, "1500-03-01") == Date(timeIntervalSince1970: -14_826_672_000))
        #expect(try mapDate(day, "1582-10-04") == Date(timeIntervalSince1970: -12_220_243_200))
        let yearOne = Date(timeIntervalSince1970: -62_135_596_800)
        #expect(try mapDate(day, "0001-01-01") == yearOne)
        #expect(DatePattern(pattern, timeZone: nil).string(from: yearOne)?.hasPrefix("0001-01-") == true)
        // The year before: 0000 to ISO 8601; the formatter's `yyyy` would write 0001, read back a year later, so nil.
        let before = DatePattern(pattern, timeZone: nil).string(from: yearOne.addingTimeInterval(-1))
        #expect(before == (pattern == "yyyy-MM-dd" ? "0000-12-31" : nil))
    }

    /// A pattern writes the fields of the instant the date is in, as a clock (and `DateFormatter`) shows them: a fraction it
    /// has no digits for never carries into the next second, minute, day or year; one it holds is written to its nearest.
    @Test func aPatternWritesTheFieldsTheDateIsIn() throws {
        let day = DatePattern("yyyy-MM-dd", timeZone: nil)
        #expect(day.string(from: Date(timeIntervalSince1970: 1_704_153_599.6)) == "2024-01-01")
        #expect(day.string(from: Date(timeIntervalSince1970: 253_402_300_799.6)) == "9999-12-31")
        #expect(day.string(from: Date(timeIntervalSince1970: -0.4)) == "1969-12-31")
        let minute = DatePattern("yyyy-MM-dd HH:mm", timeZone: nil)
        #expect(minute.string(from: Date(timeIntervalSince1970: 1_704_112_499.7)) == "2024-01-01 12:34")
        let milliseconds = DatePattern("yyyy-MM-dd HH:mm:ss.SSS", timeZone: nil)
        #expect(milliseconds.string(from: Date(timeIntervalSince1970: 1_704_153_599.6)) == "2024-01-01 23:59:59.600")
        #expect(milliseconds.string(from: Date(timeIntervalSince1970: 1_704_153_599.9996)) == "2024-01-01 23:59:59.999")
        #expect(milliseconds.string(from: Date(timeIntervalSince1970: -0.0004)) == "1969-12-31 23:59:59.999")
        let last = Date(timeIntervalSince1970: 253_402_300_799.9996)
        #expect(DatePattern.iso8601Fractions[0].string(from: last) == "9999-12-31T23:59:59.999Z")
    }

    /// Nine fraction digits write every date of the years 0000...9999, as they read them.
    @Test func nineFractionDigitsWriteEveryYear() throws {
        let nanoseconds = DatePattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS", timeZone: nil)
        for text in ["2020-01-01 00:00:00.000000000", "9999-12-31 23:59:59.500000000", "0001-01-01 00:00:00.250000000"] {
            let date = try #require(nanoseconds.date(from: text))
            #expect(nanoseconds.string(from: date) == text)
        }
    }

    @Test func simplePatternsAreParsedByHandAndOthersByAFormatter() {
        for pattern in ["yyyy-MM-dd", "dd/MM/yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "yyyyMMdd", "yyyy-MM-dd HH:mm:ss.S"] {
            #expect(DatePattern.compile(pattern) != nil, "\(pattern)")
        }
        for pattern in [
            "EEE, dd MMM yyyy", "yy-MM-dd", "yyyy-M-d", "yyyy-MM-dd hh:mm a", "yyyy-MM-dd Z", "MM-dd", "yyyy-MM-dd-yyyy", "yyyy-MM-dd 'T",
            "yyyy-MM-dd é",
        ] {
            #expect(DatePattern.compile(pattern) == nil, "\(pattern)")
        }
    }

    @Test func otherPatternsGoToALenientFreeFormatter() throws {
        let rfc: Boxing<Date> = .date(.format("EEE, dd MMM yyyy HH:mm:ss"))
        #expect(try mapDate(rfc, "Thu, 09 Dec 2010 07:14:08") == utcDate(2010, 12, 9, 7, 14, 8))
        expectSingleError(dateErrors(rfc, "yesterday"), at: "start", rule: "box(Date)")
        let short: Boxing<Date> = .date(.format("d MMM yyyy"))
        #expect(try mapDate(short, "9 Dec 2010") == utcDate(2010, 12, 9))
        expectSingleError(dateErrors(short, "31 Feb 2010"), at: "start", rule: "box(Date)")
    }

    @Test func civilDatesMatchTheCalendar() {
        // From 1583 on: the calendar is Julian before the Gregorian reform, the parser proleptic.
        for days in stride(from: Int64(-141_000), through: 2_900_000, by: 997) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let components = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = DatePattern.civil(fromDays: days)
            #expect(civil.year == Int64(components.year!) && civil.month == Int64(components.month!) && civil.day == Int64(components.day!))
        }
    }

    /// A formatter's pattern writes only what reads back in the date's era: a date before the year 1, with no era field, is
    /// written in the next format; a date the formatter cannot write (it gives "") is a `serialize` error, never `""`.
    @Test func aFormatterPatternWritesOnlyWhatReadsBackInTheDatesEra() throws {
        struct Stamp: Mappable {
            var when = Date(timeIntervalSince1970: 0)
            static let mapping: Mapping<Stamp> = [
                "when": .box(.date(.format("EEE, dd MMM yyyy HH:mm:ss"), .iso8601, .secondsSince1970), \.when)
            ]
        }
        for source: Any in ["0000-06-15T12:00:00Z", -100_000_000_000.0, "2019-02-28T10:00:00Z"] {
            let model = try Mapper.map(Stamp.self, from: ["when": source])
            let json = try Mapper.serializeJSON(model)
            #expect(try Mapper.map(Stamp.self, fromJSON: json).when == model.when, "\(String(decoding: json, as: UTF8.self))")
        }
        let recent = try Mapper.serialize(try Mapper.map(Stamp.self, from: ["when": "2019-02-28T10:00:00Z"]))
        #expect(recent["when"] as? String == "Thu, 28 Feb 2019 10:00:00")

        struct Day: Mappable {
            var day = Date(timeIntervalSince1970: 0)
            static let mapping: Mapping<Day> = ["day": .box(.date(.format("EEE, dd MMM yyyy")), \.day)]
        }
        for seconds in [1e15, -1e15, 1e300] {
            let day = Day(day: Date(timeIntervalSince1970: seconds))
            let error = try #require(throws: MappingError.self) { try Mapper.serializeJSON(day) }
            #expect(error.errors.map { "\($0.path) \($0.rule)" } == ["day serialize"])
            #expect(throws: MappingError.self) { try Mapper.serialize(day) }
        }
    }
}

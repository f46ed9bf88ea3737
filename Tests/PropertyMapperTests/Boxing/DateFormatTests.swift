import Foundation
import Testing

@testable import PropertyMapper

private let unset = Date(timeIntervalSince1970: -1)

private struct Trip {
    var start = unset
    var end: Date? = unset
    var birthday = unset

    static let mapping: Mapping<Trip> = [
        "start": .box(.date, \.start),
        "end": .box(.date(.iso8601, .secondsSince1970), \.end),
        "birthday": .box(.date(.format("yyyy-MM-dd")), \.birthday),
    ]
}

/// A UTC date built by the calendar, independently of the parsers under test.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

private func mapDate(_ boxing: Boxing<Date>, _ value: Any) throws -> Date {
    var trip = Trip()
    try Mapper.mapValues(from: ["start": value], to: &trip, using: ["start": .box(boxing, \.start)])
    return trip.start
}

private func dateErrors(_ boxing: Boxing<Date>, _ value: Any) -> [ValidationError] {
    var trip = Trip()
    return mappingErrors { try Mapper.mapValues(from: ["start": value], to: &trip, using: ["start": .box(boxing, \.start)]) }
}

@Suite struct DateFormatTests {
    // MARK: Spellings

    @Test func bothSpellingsCompileAndPlainDateIsISO8601() throws {
        var trip = Trip()
        try Mapper.mapValues(
            from: ["start": "2010-12-09T07:14:08Z", "end": 1_291_878_848, "birthday": "1984-03-07"], to: &trip, using: Trip.mapping)
        #expect(trip.start == utc(2010, 12, 9, 7, 14, 8))
        #expect(trip.end == utc(2010, 12, 9, 7, 14, 8))
        #expect(trip.birthday == utc(1984, 3, 7))
        #expect(try mapDate(.date(.iso8601), "2010-12-09T07:14:08.5+02:00") == utc(2010, 12, 9, 5, 14, 8).addingTimeInterval(0.5))
        #expect(try mapDate(.date(), "2010-12-09T07:14:08Z") == utc(2010, 12, 9, 7, 14, 8))
        #expect(Boxing<Date>.date.inputTypeName == "String")
        #expect(Boxing<Date>.date(.secondsSince1970).inputTypeName == "Double")
        #expect(Boxing<Date>.date(.iso8601, .millisecondsSince1970).inputTypeName == "String or Double")
        #expect(Boxing<Date>.date(.iso8601, .secondsSince1970).name == "Date")
    }

    // MARK: Epochs

    @Test func epochFormatsReadIntegersAndFractions() throws {
        #expect(try mapDate(.date(.secondsSince1970), 1_291_878_848) == utc(2010, 12, 9, 7, 14, 8))
        #expect(try mapDate(.date(.secondsSince1970), 1_291_878_848.25) == utc(2010, 12, 9, 7, 14, 8).addingTimeInterval(0.25))
        #expect(try mapDate(.date(.secondsSince1970), -86_400) == utc(1969, 12, 31))
        #expect(try mapDate(.date(.millisecondsSince1970), Int64(1_291_878_848_123)).timeIntervalSince1970 == 1_291_878_848.123)
        #expect(try mapDate(.date(.millisecondsSince1970), 1_291_878_848_000.5).timeIntervalSince1970 == 1_291_878_848.0005)
    }

    @Test func epochFormatsReadJSONNumbers() throws {
        var trip = Trip()
        try Mapper.mapValues(fromJSON: #"{"end": 1291878848.5}"#, to: &trip, using: Trip.mapping)
        #expect(trip.end == utc(2010, 12, 9, 7, 14, 8).addingTimeInterval(0.5))
        try Mapper.mapValues(fromJSON: #"{"end": "2010-12-09T07:14:08Z"}"#, to: &trip, using: Trip.mapping)
        #expect(trip.end == utc(2010, 12, 9, 7, 14, 8))
        try Mapper.mapValues(fromJSON: #"{"end": null}"#, to: &trip, using: Trip.mapping)
        #expect(trip.end == nil)
    }

    @Test func aNumericStringIsNotAnEpoch() throws {
        let errors = dateErrors(.date(.secondsSince1970), "1291878848")
        let error = expectSingleError(errors, at: "start", rule: "type")
        #expect(error?.value == #""1291878848""#)
        // With a text format too, the string goes to the text format only, and fails naming both.
        expectSingleError(dateErrors(.date(.iso8601, .secondsSince1970), "1291878848"), at: "start", rule: "box(Date)")
    }

    @Test func kindsNoFormatReadsAreTypeErrors() throws {
        expectSingleError(dateErrors(.date, 1_291_878_848), at: "start", rule: "type")
        expectSingleError(dateErrors(.date(.format("yyyy-MM-dd")), 20_190_228), at: "start", rule: "type")
        expectSingleError(dateErrors(.date(.iso8601, .secondsSince1970), true), at: "start", rule: "type")
        expectSingleError(dateErrors(.date(.iso8601, .secondsSince1970), ["2010-12-09T07:14:08Z"]), at: "start", rule: "type")
        expectSingleError(dateErrors(.date(.millisecondsSince1970), Double.nan), at: "start", rule: "box(Date)")
    }

    // MARK: Order and failure

    @Test func formatsAreTriedInOrder() throws {
        // The first format that reads the value wins.
        #expect(try mapDate(.date(.millisecondsSince1970, .secondsSince1970), 1000) == Date(timeIntervalSince1970: 1))
        #expect(try mapDate(.date(.secondsSince1970, .millisecondsSince1970), 1000) == Date(timeIntervalSince1970: 1000))
        let formats: Boxing<Date> = .date(.format("dd/MM/yyyy"), .format("MM/dd/yyyy"), .iso8601)
        #expect(try mapDate(formats, "02/01/2019") == utc(2019, 1, 2))
        #expect(try mapDate(formats, "12/31/2019") == utc(2019, 12, 31))  // no 31st month: the second format
        #expect(try mapDate(formats, "2019-12-31T00:00:00Z") == utc(2019, 12, 31))
    }

    @Test func theFailureNamesEveryFormat() throws {
        let errors = dateErrors(.date(.iso8601, .format("yyyy-MM-dd"), .secondsSince1970), "soon")
        let error = try #require(expectSingleError(errors, at: "start", rule: "box(Date)"))
        #expect(error.value == #""soon""#)
        for spelled in [".iso8601", #".format("yyyy-MM-dd")"#, ".secondsSince1970"] {
            #expect(error.message.contains(spelled), "\(error.message)")
        }
    }

    @Test func theFailureIsTypedData() {
        let failure = DateFormatsFailure(formats: [.iso8601, .millisecondsSince1970]).failure
        #expect(failure == .noDateFormatMatched(tried: [.iso8601, .millisecondsSince1970]))
    }

    // MARK: Patterns

    @Test(arguments: [
        "2019-02-30", "2019-13-01", "2019-00-10", "2019-01-00", "2018-02-29", "02/01/2019", "2019-2-28", "2019-02-28 ",
        " 2019-02-28", "2019-02-2", "2019/02/28", "20190228", "2019-02-28T00:00:00Z", "", "२०१९-02-28", "+019-02-28",
    ])
    func aFixedPatternIsStrict(text: String) {
        expectSingleError(dateErrors(.date(.format("yyyy-MM-dd")), text), at: "start", rule: "box(Date)")
    }

    @Test func aFixedPatternReadsEveryField() throws {
        #expect(try mapDate(.date(.format("yyyy-MM-dd")), "2016-02-29") == utc(2016, 2, 29))
        #expect(try mapDate(.date(.format("yyyy-MM-dd")), "0001-01-01") == Date(timeIntervalSince1970: -62_135_596_800))  // proleptic
        #expect(try mapDate(.date(.format("dd.MM.yyyy HH:mm:ss")), "09.12.2010 07:14:08") == utc(2010, 12, 9, 7, 14, 8))
        let withFraction = try mapDate(.date(.format("yyyy-MM-dd'T'HH:mm:ss.SSS")), "2010-12-09T07:14:08.123")
        #expect(abs(withFraction.timeIntervalSince1970 - (utc(2010, 12, 9, 7, 14, 8).timeIntervalSince1970 + 0.123)) < 1e-6)
        #expect(try mapDate(.date(.format("yyyyMMdd'at'HHmm")), "20101209at0714") == utc(2010, 12, 9, 7, 14))
        #expect(try mapDate(.date(.format("''yyyy-MM-dd''")), "'2010-12-09'") == utc(2010, 12, 9))
    }

    @Test func patternsInATimeZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let parisDay: Boxing<Date> = .date(.format("yyyy-MM-dd HH:mm", timeZone: paris))
        #expect(try mapDate(parisDay, "2019-01-15 12:00") == utc(2019, 1, 15, 11))  // winter: UTC+1
        #expect(try mapDate(parisDay, "2019-07-15 12:00") == utc(2019, 7, 15, 10))  // summer: UTC+2
        #expect(try mapDate(parisDay, "2019-03-31 01:30") == utc(2019, 3, 31, 0, 30))  // just before the change
        #expect(try mapDate(parisDay, "2019-03-31 03:30") == utc(2019, 3, 31, 1, 30))  // just after it
        let fixed = try #require(TimeZone(secondsFromGMT: -5 * 3600))
        #expect(try mapDate(.date(.format("yyyy-MM-dd", timeZone: fixed)), "2019-01-15") == utc(2019, 1, 15, 5))
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
        #expect(try mapDate(rfc, "Thu, 09 Dec 2010 07:14:08") == utc(2010, 12, 9, 7, 14, 8))
        expectSingleError(dateErrors(rfc, "yesterday"), at: "start", rule: "box(Date)")
        let short: Boxing<Date> = .date(.format("d MMM yyyy"))
        #expect(try mapDate(short, "9 Dec 2010") == utc(2010, 12, 9))
        expectSingleError(dateErrors(short, "31 Feb 2010"), at: "start", rule: "box(Date)")
    }

    @Test func formatsCompareByPatternAndTimeZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(DateFormat.format("yyyy-MM-dd") == .format("yyyy-MM-dd"))
        #expect(DateFormat.format("yyyy-MM-dd") != .format("dd-MM-yyyy"))
        #expect(DateFormat.format("yyyy-MM-dd") != .format("yyyy-MM-dd", timeZone: paris))
        #expect(DateFormat.iso8601 != .secondsSince1970)
    }

    // MARK: Writing back

    @Test func everyFormatWritesBack() throws {
        let date = utc(2010, 12, 9, 7, 14, 8).addingTimeInterval(0.123)
        #expect(try DateFormat.iso8601.source(of: date) as? String == "2010-12-09T07:14:08.123Z")
        #expect(try DateFormat.iso8601.source(of: utc(1969, 12, 31, 23, 59, 59)) as? String == "1969-12-31T23:59:59.000Z")
        #expect(try DateFormat.secondsSince1970.source(of: utc(2010, 12, 9, 7, 14, 8)) as? Int64 == 1_291_878_848)
        #expect(try DateFormat.secondsSince1970.source(of: Date(timeIntervalSince1970: 1.5)) as? Double == 1.5)
        // Milliseconds as the format reads them: whole when they are, otherwise the exact number.
        #expect(
            try DateFormat.millisecondsSince1970.source(of: Date(timeIntervalSince1970: 1_291_878_848_123 / 1000)) as? Int64
                == 1_291_878_848_123)
        #expect(
            try DateFormat.millisecondsSince1970.source(of: Date(timeIntervalSince1970: 1_291_878_848_500.5 / 1000)) as? Double
                == 1_291_878_848_500.5)
        #expect(try DateFormat.format("dd/MM/yyyy").source(of: date) as? String == "09/12/2010")
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(
            try DateFormat.format("yyyy-MM-dd HH:mm", timeZone: paris).source(of: utc(2019, 7, 15, 10)) as? String == "2019-07-15 12:00")
        #expect(try DateFormat.format("d MMM yyyy").source(of: utc(2010, 12, 9)) as? String == "9 Dec 2010")
        #expect(throws: DateFormatProblem.self) { try DateFormat.iso8601.source(of: utc(10000, 1, 1)) }
        #expect(throws: DateFormatProblem.self) { try DateFormat.iso8601.source(of: Date(timeIntervalSince1970: .infinity)) }
        #expect(try DateFormat.millisecondsSince1970.source(of: Date(timeIntervalSince1970: 1e300)) as? Double == 1e303)
        #expect(throws: DateFormatProblem.self) { try DateFormat.millisecondsSince1970.source(of: Date(timeIntervalSince1970: .infinity)) }
    }

    @Test func theBoxingWritesInItsFirstFormat() throws {
        let date = utc(2010, 12, 9, 7, 14, 8)
        let reverse = try #require(Boxing<Date>.date(.secondsSince1970, .iso8601).reverse)
        #expect(try reverse(date) as? Int64 == 1_291_878_848)
        let plain = try #require(Boxing<Date>.date.reverse)
        #expect(try plain(date) as? String == "2010-12-09T07:14:08.000Z")
    }

    @Test func isoDatesRoundTripAtMillisecondPrecision() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let milliseconds = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = try #require(try DateFormat.iso8601.source(of: date) as? String)
            let back = try #require(ISO8601.date(from: text), "\(text)")
            #expect(Int64((back.timeIntervalSince1970 * 1000).rounded()) == milliseconds, "\(text)")
            let pattern = DateFormat.format("yyyy-MM-dd'T'HH:mm:ss.SSS")
            let patterned = try #require(try pattern.source(of: date) as? String)
            #expect(pattern.date(fromText: patterned) == back, "\(patterned)")
        }
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
}

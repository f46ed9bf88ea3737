import Foundation
import Testing

@testable import PropertyMapper

@Suite struct DateFormatTests {
    // MARK: Epochs

    @Test func epochFormatsReadIntegersAndFractions() throws {
        #expect(try mapDate(.date(.secondsSince1970), 1_291_878_848) == utcDate(2010, 12, 9, 7, 14, 8))
        #expect(try mapDate(.date(.secondsSince1970), 1_291_878_848.25) == utcDate(2010, 12, 9, 7, 14, 8).addingTimeInterval(0.25))
        #expect(try mapDate(.date(.secondsSince1970), -86_400) == utcDate(1969, 12, 31))
        #expect(try mapDate(.date(.millisecondsSince1970), Int64(1_291_878_848_123)).timeIntervalSince1970 == 1_291_878_848.123)
        #expect(try mapDate(.date(.millisecondsSince1970), 1_291_878_848_000.5).timeIntervalSince1970 == 1_291_878_848.0005)
    }

    @Test func epochFormatsReadJSONNumbers() throws {
        var trip = DateTrip()
        try Mapper.mapValues(fromJSON: #"{"end": 1291878848.5}"#, to: &trip, using: DateTrip.mapping)
        #expect(trip.end == utcDate(2010, 12, 9, 7, 14, 8).addingTimeInterval(0.5))
        try Mapper.mapValues(fromJSON: #"{"end": "2010-12-09T07:14:08Z"}"#, to: &trip, using: DateTrip.mapping)
        #expect(trip.end == utcDate(2010, 12, 9, 7, 14, 8))
        try Mapper.mapValues(fromJSON: #"{"end": null}"#, to: &trip, using: DateTrip.mapping)
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

    @Test func formatsCompareByPatternAndTimeZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(DateFormat.format("yyyy-MM-dd") == .format("yyyy-MM-dd"))
        #expect(DateFormat.format("yyyy-MM-dd") != .format("dd-MM-yyyy"))
        #expect(DateFormat.format("yyyy-MM-dd") != .format("yyyy-MM-dd", timeZone: paris))
        #expect(DateFormat.iso8601 != .secondsSince1970)
    }

    // MARK: Writing back

    @Test func everyFormatWritesBack() throws {
        let date = utcDate(2010, 12, 9, 7, 14, 8).addingTimeInterval(0.123)
        #expect(try DateFormat.iso8601.source(of: date) as? String == "2010-12-09T07:14:08.123Z")
        #expect(try DateFormat.iso8601.source(of: utcDate(1969, 12, 31, 23, 59, 59)) as? String == "1969-12-31T23:59:59.000Z")
        #expect(try DateFormat.secondsSince1970.source(of: utcDate(2010, 12, 9, 7, 14, 8)) as? Int64 == 1_291_878_848)
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
            try DateFormat.format("yyyy-MM-dd HH:mm", timeZone: paris).source(of: utcDate(2019, 7, 15, 10)) as? String == "2019-07-15 12:00"
        )
        #expect(try DateFormat.format("d MMM yyyy").source(of: utcDate(2010, 12, 9)) as? String == "9 Dec 2010")
        #expect(throws: DateFormatProblem.self) { try DateFormat.iso8601.source(of: utcDate(10000, 1, 1)) }
        #expect(throws: DateFormatProblem.self) { try DateFormat.iso8601.source(of: Date(timeIntervalSince1970: .infinity)) }
        #expect(try DateFormat.millisecondsSince1970.source(of: Date(timeIntervalSince1970: 1e300)) as? Double == 1e303)
        #expect(throws: DateFormatProblem.self) { try DateFormat.millisecondsSince1970.source(of: Date(timeIntervalSince1970: .infinity)) }
    }

    /// A date read in a later format that the first cannot write (beyond the year 9999) is written in the next that can.
    @Test func aDateIsWrittenInTheFirstFormatThatCanWriteIt() throws {
        struct Ending {
            var end = Date(timeIntervalSince1970: 0)
            static let mapping: Mapping<Ending> = ["end": .box(.date(.iso8601, .secondsSince1970), \.end)]
        }
        var ending = Ending()
        for (json, written) in [
            (#"{"end":253402300800}"#, #"{"end":253402300800}"#), (#"{"end":1291878848}"#, #"{"end":"2010-12-09T07:14:08.000Z"}"#),
        ] {
            try Mapper.mapValues(fromJSON: json, to: &ending, using: Ending.mapping)
            let text = try Mapper.serializeJSON(ending, using: Ending.mapping)
            #expect(String(decoding: text, as: UTF8.self) == written)
            var back = Ending()
            try Mapper.mapValues(fromJSON: text, to: &back, using: Ending.mapping)
            #expect(back.end == ending.end)
        }
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
            #expect(pattern.date(from: .text(patterned)) == back, "\(patterned)")
        }
    }
}

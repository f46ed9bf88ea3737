import Foundation
import Testing

@testable import PropertyMapper

/// `.date` and `.date(_:...)`: the boxing that tries its formats in order and writes back in the first.
@Suite struct DateBoxingTests {
    @Test func bothSpellingsCompileAndPlainDateIsISO8601() throws {
        var trip = DateTrip()
        try Mapper.mapValues(
            from: ["start": "2010-12-09T07:14:08Z", "end": 1_291_878_848, "birthday": "1984-03-07"], to: &trip, using: DateTrip.mapping)
        #expect(trip.start == utcDate(2010, 12, 9, 7, 14, 8))
        #expect(trip.end == utcDate(2010, 12, 9, 7, 14, 8))
        #expect(trip.birthday == utcDate(1984, 3, 7))
        #expect(try mapDate(.date(.iso8601), "2010-12-09T07:14:08.5+02:00") == utcDate(2010, 12, 9, 5, 14, 8).addingTimeInterval(0.5))
        #expect(try mapDate(.date(), "2010-12-09T07:14:08Z") == utcDate(2010, 12, 9, 7, 14, 8))
        #expect(Boxing<Date>.date.inputTypeName == "String")
        #expect(Boxing<Date>.date(.secondsSince1970).inputTypeName == "Double")
        #expect(Boxing<Date>.date(.iso8601, .millisecondsSince1970).inputTypeName == "String or Double")
        #expect(Boxing<Date>.date(.iso8601, .secondsSince1970).name == "Date")
    }

    @Test func formatsAreTriedInOrder() throws {
        // The first format that reads the value wins.
        #expect(try mapDate(.date(.millisecondsSince1970, .secondsSince1970), 1000) == Date(timeIntervalSince1970: 1))
        #expect(try mapDate(.date(.secondsSince1970, .millisecondsSince1970), 1000) == Date(timeIntervalSince1970: 1000))
        let formats: Boxing<Date> = .date(.format("dd/MM/yyyy"), .format("MM/dd/yyyy"), .iso8601)
        #expect(try mapDate(formats, "02/01/2019") == utcDate(2019, 1, 2))
        #expect(try mapDate(formats, "12/31/2019") == utcDate(2019, 12, 31))  // no 31st month: the second format
        #expect(try mapDate(formats, "2019-12-31T00:00:00Z") == utcDate(2019, 12, 31))
    }

    @Test func theFailureNamesEveryFormat() throws {
        let errors = dateErrors(.date(.iso8601, .format("yyyy-MM-dd"), .secondsSince1970), "soon")
        let error = try #require(expectSingleError(errors, at: "start", rule: "box(Date)"))
        #expect(error.value == #""soon""#)
        for spelled in [".iso8601", #".format("yyyy-MM-dd")"#, ".secondsSince1970"] {
            #expect(error.message.contains(spelled), "\(error.message)")
        }
    }

    @Test func theFailureIsTypedData() throws {
        let reason = try #require(dateErrors(.date(.iso8601, .millisecondsSince1970), "soon").first?.reason)
        guard case let .failure(failure) = reason else {
            Issue.record("not a failure: \(reason)")
            return
        }
        #expect(failure == .noDateFormatMatched(tried: [.iso8601, .millisecondsSince1970]))
    }

    /// A fraction that rounds, as a `Double`, up to the next whole second keeps the date in the second the text writes:
    /// the last instants of 9999 are dates of 9999, never refused as beyond it.
    @Test(arguments: [
        (Boxing<Date>.date, "9999-12-31T23:59:59.99999Z"), (.date, "9999-12-31T23:59:59.999999999Z"),
        (.date, "9999-12-31T22:59:59.99999-01:00"), (.date, "2010-12-09T07:14:08.999999999999Z"),
        (.date(.format("yyyy-MM-dd HH:mm:ss.SSSSSSSSS")), "9999-12-31 23:59:59.999999999"),
    ])
    func aFractionNeverCarriesIntoTheNextSecond(boxing: Boxing<Date>, text: String) throws {
        let date = try mapDate(boxing, text)
        let second = text.hasPrefix("2010") ? 1_291_878_848.0 : 253_402_300_799
        #expect(date.timeIntervalSince1970 >= second + 0.9999 && date.timeIntervalSince1970 < second + 1, "\(text)")
        let written = try #require(try boxing.written(date) as? String)
        #expect(written.hasPrefix(text.replacingOccurrences(of: "22:59:59", with: "23:59:59").prefix(19)), "\(written)")
        #expect(try mapDate(boxing, written) == date, "\(written)")
    }

    /// A date no text reads back as exactly (`Date()` counts from 2001, text from 1970) is written with the digits that
    /// read back as the nearest date text gives, not cut to milliseconds; one made from a whole date and milliseconds is
    /// still written in milliseconds.
    @Test func aDateNoTextReadsBackAsIsWrittenToTheNearest() throws {
        struct Stamp: Mappable {
            var at = Date(timeIntervalSince1970: 0)
            static let mapping: Mapping<Stamp> = ["at": .box(.date, \.at)]
        }
        let dates = (0..<200).map { Date(timeIntervalSinceReferenceDate: 818_000_000 + Double($0) * 0.000_123_457) }
        let unreachable = dates.filter { Date(timeIntervalSince1970: $0.timeIntervalSince1970) != $0 }
        #expect(unreachable.count > 20)
        for date in unreachable {
            let text = try #require(try Mapper.serialize(Stamp(at: date))["at"] as? String)
            let back = try Mapper.map(Stamp.self, fromJSON: try Mapper.serializeJSON(Stamp(at: date))).at
            let seconds = date.timeIntervalSince1970
            for neighbour in [seconds, seconds.nextDown, seconds.nextUp].map({ Date(timeIntervalSince1970: $0) }) {
                #expect(abs(back.timeIntervalSince(date)) <= abs(neighbour.timeIntervalSince(date)), "\(text)")
            }
        }
        let calendar = utcDate(2010, 12, 9, 7, 14, 8).addingTimeInterval(0.123)
        #expect(try Mapper.serialize(Stamp(at: calendar))["at"] as? String == "2010-12-09T07:14:08.123Z")
    }

    @Test func theBoxingWritesInItsFirstFormat() throws {
        let date = utcDate(2010, 12, 9, 7, 14, 8)
        #expect(try Boxing<Date>.date(.secondsSince1970, .iso8601).written(date) as? Int == 1_291_878_848)
        #expect(try Boxing<Date>.date.written(date) as? String == "2010-12-09T07:14:08.000Z")
    }
}

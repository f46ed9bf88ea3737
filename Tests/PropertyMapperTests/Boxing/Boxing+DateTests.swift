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

    @Test func theBoxingWritesInItsFirstFormat() throws {
        let date = utcDate(2010, 12, 9, 7, 14, 8)
        #expect(try Boxing<Date>.date(.secondsSince1970, .iso8601).written(date) as? Int == 1_291_878_848)
        #expect(try Boxing<Date>.date.written(date) as? String == "2010-12-09T07:14:08.000Z")
    }
}

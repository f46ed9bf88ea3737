import Foundation
import PropertyMapper
import Testing

// The date boxing's fixtures, shared by Boxing+DateTests, DateFormatTests and DatePatternTests.

/// Dates mapped through `.date`, `.date(.iso8601, .secondsSince1970)` and a fixed pattern; each
/// preset to a date no test maps, so any write shows.
struct DateTrip {
    static let unset = Date(timeIntervalSince1970: -1)

    var start = unset
    var end: Date? = unset
    var birthday = unset

    static let mapping: Mapping<DateTrip> = [
        "start": .box(.date, \.start),
        "end": .box(.date(.iso8601, .secondsSince1970), \.end),
        "birthday": .box(.date(.format("yyyy-MM-dd")), \.birthday),
    ]
}

/// A UTC date built by the calendar, independently of the parsers under test.
func utcDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

/// Maps `value` under "start" through `boxing`; returns the date written.
func mapDate(_ boxing: Boxing<Date>, _ value: Any) throws -> Date {
    var trip = DateTrip()
    try Mapper.mapValues(from: ["start": value], to: &trip, using: ["start": .box(boxing, \.start)])
    return trip.start
}

/// Maps `value` under "start" through `boxing`, expecting it to fail; returns the errors.
func dateErrors(_ boxing: Boxing<Date>, _ value: Any) -> [ValidationError] {
    var trip = DateTrip()
    return mappingErrors { try Mapper.mapValues(from: ["start": value], to: &trip, using: ["start": .box(boxing, \.start)]) }
}

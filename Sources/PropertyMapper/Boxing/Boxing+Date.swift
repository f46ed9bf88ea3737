import Foundation

extension Boxing where Value == Date {
    /// Boxes an ISO 8601 date-time, as `.date(.iso8601)`:
    ///
    /// `"published_at": .box(.date, \.publishedAt)`. Impossible dates (`2015-02-29`), hour 24, leap seconds, missing
    /// time zones and offsets that carry the date out of the years 0000...9999 in UTC fail with
    /// `published_at → publishedAt: not a valid Date; got "yesterday" [box(Date)]`; a number is a `type` error. The
    /// reverse writes UTC with milliseconds (`"2010-12-09T07:14:08.123Z"`), more digits if needed to read back exactly.
    public static var date: Self { date(.iso8601) }

    /// Boxes a date in any of `formats`, tried in order (none means `.iso8601`):
    ///
    /// `.box(.date(.iso8601, .secondsSince1970), \.end)`, `.box(.date(.format("yyyy-MM-dd")), \.birthday)`. Text
    /// formats read strings, epoch formats numbers; another kind is a `type` error (`expected String or Double`). A
    /// value no format reads fails naming them all: `end → end: not a valid Date in any of the formats .iso8601,
    /// .secondsSince1970; got "soon" [box(Date)]`. The reverse writes the first format that can write the date (one
    /// read as seconds may lie beyond `.iso8601`'s year 9999).
    public static func date(_ formats: DateFormat...) -> Self {
        let formats = formats.isEmpty ? [DateFormat.iso8601] : formats
        // The first format that can write the date: one read in a later format may lie beyond the first's years.
        @Sendable func writer(_ date: Date) -> DateFormat {
            guard formats.count > 1 else { return formats[0] }
            return formats.first { (try? $0.source(of: date)) != nil } ?? formats[0]
        }
        let input = DateSource.conversion(text: formats.contains { $0.readsText }, numbers: formats.contains { !$0.readsText })
        return Boxing(
            named: "Date", input: input,
            { source in
                for format in formats {
                    if let date = format.date(from: source) { return date }
                }
                throw BoxingFailure(failure: .noDateFormatMatched(tried: formats))
            }, writeBack: { writer($0).write($0, &$1, &$2) })
    }
}

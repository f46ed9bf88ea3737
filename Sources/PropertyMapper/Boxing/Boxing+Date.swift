import Foundation

extension Boxing where Value == Date {
    /// Boxes an ISO 8601 date-time in UTC or with an offset, with or without fractional seconds:
    /// `"2010-12-09T07:14:08Z"`, `"2010-12-09T07:14:08.123Z"`, `"2010-12-09T09:14:08+02:00"`.
    /// The same as `.date(.iso8601)`.
    ///
    ///     "published_at": .box(.date, \.publishedAt)
    ///
    /// The parser is strict: impossible dates (`2015-02-29`), hour 24, leap seconds and missing
    /// time zones fail with `published_at → publishedAt: not a valid Date; got "yesterday" [box(Date)]`.
    /// A number is a `type` error. The reverse writes UTC with milliseconds: `"2010-12-09T07:14:08.123Z"`.
    public static var date: Self { date([.iso8601]) }

    /// Boxes a date written in any of `formats`, tried in order; the first that reads the value wins.
    ///
    ///     "end": .box(.date(.iso8601, .secondsSince1970), \.end)
    ///     "birthday": .box(.date(.format("yyyy-MM-dd")), \.birthday)
    ///
    /// Strings go to the text formats (`.iso8601`, `.format(_:)`), numbers to the epoch formats
    /// (`.secondsSince1970`, `.millisecondsSince1970`); a value of a kind no format reads is a `type`
    /// error (`expected String or Double`). A value no format reads fails naming every format:
    /// `end → end: not a valid Date in any of the formats .iso8601, .secondsSince1970; got "soon" [box(Date)]`.
    /// The reverse writes the first format. With no format, it is `.date(.iso8601)`. Thread-safe: the
    /// common patterns are parsed by hand, and any other pattern's formatter is used under a lock.
    public static func date(_ formats: DateFormat...) -> Self { date(formats) }

    static func date(_ formats: [DateFormat]) -> Self {
        let formats = formats.isEmpty ? [DateFormat.iso8601] : formats
        let reverse: @Sendable (Date) throws -> Any = { try formats[0].source(of: $0) }
        let writeBack: SerialWrite<Date> = { formats[0].write($0, &$1, &$2) }
        let readsText = formats.contains { $0.readsText }
        let readsNumbers = formats.contains { !$0.readsText }
        if !readsNumbers {
            // Strings only: the plain string conversion, the commonest case (`.date`).
            if formats.count == 1, formats[0] == .iso8601 {
                return Boxing(
                    named: "Date", input: Conversions.string,
                    { (text: String) throws -> Date? in
                        guard let date = ISO8601.date(from: text) else { throw DateFormatsFailure(formats: formats) }
                        return date
                    }, reverse: reverse, writeBack: writeBack)
            }
            return Boxing(
                named: "Date", input: Conversions.string,
                { (text: String) throws -> Date? in
                    for format in formats {
                        if let date = format.date(fromText: text) { return date }
                    }
                    throw DateFormatsFailure(formats: formats)
                }, reverse: reverse, writeBack: writeBack)
        }
        return Boxing(
            named: "Date", input: DateSource.conversion(text: readsText, numbers: readsNumbers),
            { (source: DateSource) throws -> Date? in
                for format in formats {
                    let date =
                        switch source {
                        case let .text(text): format.date(fromText: text)
                        case let .number(number): format.date(fromNumber: number)
                        }
                    if let date { return date }
                }
                throw DateFormatsFailure(formats: formats)
            }, reverse: reverse, writeBack: writeBack)
    }
}

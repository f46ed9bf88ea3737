import Foundation

extension Boxing where Value == Date {
    /// Boxes an ISO 8601 date-time in UTC or with an offset, with or without fractional seconds:
    /// `"2010-12-09T07:14:08Z"`, `"2010-12-09T07:14:08.123Z"`, `"2010-12-09T09:14:08+02:00"`.
    ///
    ///     "published_at": .box(.date, \.publishedAt)
    ///
    /// The parser is strict: impossible dates (`2015-02-29`), hour 24, leap seconds and missing
    /// time zones fail with `published_at → publishedAt: not a valid Date; got "yesterday" [box(Date)]`.
    public static var date: Self {
        Boxing(named: "Date") { (text: String) in ISO8601.date(from: text) }
    }
}

import Foundation

/// One way a source writes a date, for `.date(_:)`: tried in order until one reads the value.
///
///     "published": .box(.date(.iso8601, .secondsSince1970), \.published)
///     "birthday": .box(.date(.format("yyyy-MM-dd")), \.birthday)
///
/// Text formats (`.iso8601`, `.format(_:)`) read strings; epoch formats (`.secondsSince1970`,
/// `.millisecondsSince1970`) read JSON numbers, integers or fractions (a numeric string is not an
/// epoch, unless the field is `.lenient()` and all its formats are epochs). Serialization writes a
/// date in the first format of its list.
public struct DateFormat: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case iso8601
        case secondsSince1970
        case millisecondsSince1970
        case pattern(DatePattern)
    }

    let kind: Kind

    /// An ISO 8601 / RFC 3339 date-time in UTC or with an offset, with or without fractional seconds:
    /// `"2010-12-09T07:14:08Z"`, `"2010-12-09T09:14:08.123+02:00"`. Strict: impossible dates, hour 24,
    /// leap seconds and missing zones are refused. Written back in UTC with milliseconds:
    /// `"2010-12-09T07:14:08.123Z"`.
    public static var iso8601: DateFormat { DateFormat(kind: .iso8601) }

    /// Seconds since 1970-01-01T00:00:00Z, a JSON number such as `1291878848` or `1291878848.5`.
    /// Written back as an integer when whole, otherwise as a fraction.
    public static var secondsSince1970: DateFormat { DateFormat(kind: .secondsSince1970) }

    /// Milliseconds since 1970-01-01T00:00:00Z, a JSON number such as `1291878848123`. Written back
    /// as a whole number of milliseconds.
    public static var millisecondsSince1970: DateFormat { DateFormat(kind: .millisecondsSince1970) }

    /// A date format pattern (Unicode TR 35, as `DateFormatter` reads it), in the POSIX locale and UTC:
    /// `.format("yyyy-MM-dd")`, `.format("dd/MM/yyyy HH:mm")`.
    ///
    /// Patterns made of `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`, `S`…`SSSSSSSSS` and literals (quoted text
    /// such as `'T'` included) are read by a strict fixed-width parser: every field must have all its
    /// digits, and impossible dates (`2019-02-30`) are refused. Other patterns go to a non-lenient
    /// `DateFormatter`, one per format, used under a lock.
    public static func format(_ pattern: String) -> DateFormat {
        DateFormat(kind: .pattern(DatePattern(pattern, timeZone: nil)))
    }

    /// The same, in the given time zone rather than UTC: `.format("yyyy-MM-dd HH:mm", timeZone: paris)`.
    public static func format(_ pattern: String, timeZone: TimeZone) -> DateFormat {
        DateFormat(kind: .pattern(DatePattern(pattern, timeZone: timeZone)))
    }

    /// Whether the format reads strings (otherwise it reads numbers).
    var readsText: Bool {
        switch kind {
        case .iso8601, .pattern: true
        case .secondsSince1970, .millisecondsSince1970: false
        }
    }

    /// The date `text` writes in this format, or nil.
    func date(fromText text: String) -> Date? {
        switch kind {
        case .iso8601: ISO8601.date(from: text)
        case let .pattern(pattern): pattern.date(from: text)
        case .secondsSince1970, .millisecondsSince1970: nil
        }
    }

    /// The date `number` writes in this format, or nil (a non-finite number, a text format).
    func date(fromNumber number: SourceNumber) -> Date? {
        let value: Double
        switch number {
        case let .int(integer): value = Double(integer)
        case let .uint(integer): value = Double(integer)
        case let .double(double), let .fraction(double): value = double
        case .wide: return nil
        }
        guard value.isFinite else { return nil }
        switch kind {
        case .secondsSince1970: return Date(timeIntervalSince1970: value)
        case .millisecondsSince1970: return Date(timeIntervalSince1970: value / 1000)
        case .iso8601, .pattern: return nil
        }
    }

    /// The date in this format, as serialization writes it: a `String` for text formats, an `Int64`
    /// or a `Double` for epoch formats. Throws `DateFormatProblem` when the format cannot write it.
    func source(of date: Date) throws -> Any {
        let seconds = date.timeIntervalSince1970
        switch kind {
        case .iso8601, .pattern:
            return try text(of: date)
        case .secondsSince1970:
            guard seconds.isFinite else { throw DateFormatProblem.notRepresentable(date, self) }
            if seconds == seconds.rounded(), let whole = Int64(exactly: seconds) { return whole }
            return seconds
        case .millisecondsSince1970:
            // The number that reads back (divided by 1000) as this date: whole when one does.
            let milliseconds = seconds * 1000
            guard milliseconds.isFinite else { throw DateFormatProblem.notRepresentable(date, self) }
            let candidates = [milliseconds.rounded(), milliseconds, milliseconds.nextUp, milliseconds.nextDown]
            let exact = candidates.first { Date(timeIntervalSince1970: $0 / 1000) == date } ?? milliseconds
            if exact == exact.rounded(), let whole = Int64(exactly: exact) { return whole }
            return exact
        }
    }
}

extension DateFormat {
    /// The date in a text format (`.iso8601`, `.format(_:)`).
    private func text(of date: Date) throws -> String {
        switch kind {
        case let .pattern(pattern):
            return try pattern.string(from: date)
        default:
            let pattern = DatePattern.iso8601(writing: date)
            do {
                return try pattern.string(from: date)
            } catch {
                throw DateFormatProblem.notRepresentable(date, self)  // named as the user wrote it: .iso8601
            }
        }
    }

    /// The pattern a text format writes `date` in, when its text needs no escaping; nil otherwise
    /// (`text(of:)` then writes it, or reports why it cannot).
    private func plainTextPattern(for date: Date) -> DatePattern? {
        switch kind {
        case let .pattern(pattern):
            return pattern.writesPlainText ? pattern : nil
        case .iso8601:
            return DatePattern.iso8601(writing: date)
        case .secondsSince1970, .millisecondsSince1970:
            return nil
        }
    }

    /// Serialize's way back for `.date(…)`: the date written in this format, or a `serialize` error
    /// when the format cannot write it.
    func write(_ date: Date, _ output: inout SerialOutput, _ issues: inout ConversionIssues) -> Bool {
        if readsText, let pattern = plainTextPattern(for: date), let fields = pattern.fields(of: date) {
            // Digits and separators: written in place, no string made.
            output.plainText(capacity: pattern.width) { pattern.write(fields, into: $0) }
            return true
        }
        if readsText {
            return Serializer.write(date, reversedBy: text(of:), rule: "box(Date)", as: Conversions.string.write, &output, &issues)
        }
        return Serializer.write(
            date, reversedBy: source(of:), rule: "box(Date)", as: { Serializer.writeDynamic($0, &$1, &$2) }, &output, &issues)
    }
}

/// Why a format cannot write a date (a year beyond 0...9999, a non-finite date).
enum DateFormatProblem: Error {
    case notRepresentable(Date, DateFormat)
}

/// `.date(…)` matched none of its formats: the failure names them all.
struct DateFormatsFailure: BoxingFailure {
    let formats: [DateFormat]
    var failure: Failure { .noDateFormatMatched(tried: formats) }
}

/// What `.date(…)` takes when its formats read both strings and numbers.
enum DateSource {
    case text(String)
    case number(SourceNumber)

    /// Strings, numbers, or both, as the formats read: anything else is a `type` error.
    static func conversion(text: Bool, numbers: Bool) -> Conversion<DateSource> {
        let name = text && numbers ? TypeName.either("String", "Double") : (text ? "String" : "Double")
        var kinds: ValueKinds = []
        if text { kinds.insert(.string) }
        if numbers { kinds.insert(.number) }
        // Epoch formats alone read a number as a `Double` does, and so, under `.lenient()`, a
        // numeric string; with a text format, a string is text.
        return Conversion<DateSource>(
            typeName: name, kinds: kinds,
            convert: { item, issues in
                switch item.scalar {
                case let .string(string) where text: return .text(string)
                case let .number(number) where numbers: return .number(number)
                default:
                    issues.addMismatch(item, expected: name)
                    return nil
                }
            }, coercion: text ? nil : .fraction)
    }
}

import Foundation

/// One way a source writes a date, for `.date(_:)`, which tries its formats in order:
///
/// `.box(.date(.iso8601, .secondsSince1970), \.published)`. Text formats (`.iso8601`, `.format(_:)`) read strings;
/// epoch formats read JSON numbers (a numeric string only under `.lenient()` when every format is an epoch).
/// Serialization writes the first format.
public struct DateFormat: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case iso8601
        case secondsSince1970
        case millisecondsSince1970
        case pattern(DatePattern)
    }

    let kind: Kind

    /// ISO 8601 / RFC 3339, UTC or with an offset, strict as `.date` is: `"2010-12-09T09:14:08.123+02:00"`. Written
    /// in UTC with milliseconds, or more digits when the date needs them to read back exactly.
    public static var iso8601: DateFormat { DateFormat(kind: .iso8601) }

    /// Seconds since 1970-01-01T00:00:00Z, a JSON number (`1291878848.5`); written as an integer when whole.
    public static var secondsSince1970: DateFormat { DateFormat(kind: .secondsSince1970) }

    /// Milliseconds since 1970-01-01T00:00:00Z, a JSON number (`1291878848123`); written as an integer when whole.
    public static var millisecondsSince1970: DateFormat { DateFormat(kind: .millisecondsSince1970) }

    /// A pattern (Unicode TR 35) in the POSIX locale and UTC: `.format("yyyy-MM-dd")`. `yyyy MM dd HH mm ss`, `S`…`SSSSSSSSS`
    /// and literals go to a strict fixed-width parser (all digits, no impossible dates); others to a locked, non-lenient `DateFormatter`.
    public static func format(_ pattern: String) -> DateFormat {
        DateFormat(kind: .pattern(DatePattern(pattern, timeZone: nil)))
    }

    /// The same, in the given time zone rather than UTC: `.format("yyyy-MM-dd HH:mm", timeZone: paris)`.
    public static func format(_ pattern: String, timeZone: TimeZone) -> DateFormat {
        DateFormat(kind: .pattern(DatePattern(pattern, timeZone: timeZone)))
    }

    var readsText: Bool {
        switch kind {
        case .iso8601, .pattern: true
        case .secondsSince1970, .millisecondsSince1970: false
        }
    }

    /// The date `source` gives in this format; nil when it gives none (or is of the other kind).
    func date(from source: DateSource) -> Date? {
        let value: Double
        switch source {
        case let .text(text):
            switch kind {
            // An offset can carry a date out of the years ISO 8601 text writes back (in UTC): that is no date it reads.
            case .iso8601: return ISO8601.date(from: text).flatMap { ISO8601.writable.contains($0.timeIntervalSince1970) ? $0 : nil }
            case let .pattern(pattern): return pattern.date(from: text)
            case .secondsSince1970, .millisecondsSince1970: return nil
            }
        case let .number(.int(integer)): value = Double(integer)
        case let .number(.uint(integer)): value = Double(integer)
        case let .number(.double(double)), let .number(.fraction(double)): value = double
        case let .number(.preciseFraction(digits)): value = Double(digits) ?? .nan
        case .number(.wide): return nil
        }
        guard value.isFinite else { return nil }
        switch kind {
        case .secondsSince1970: return Date(timeIntervalSince1970: value)
        case .millisecondsSince1970: return Date(timeIntervalSince1970: value / 1000)
        case .iso8601, .pattern: return nil
        }
    }

    /// The date as serialize writes it (`String`, `Int64` or `Double`); throws `DateFormatProblem` if it cannot.
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

    /// The pattern a text format writes `date` in, when the text needs no escaping.
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

    /// Serialize's way back for `.date(…)`; a `serialize` error when the format cannot write the date.
    func write(_ date: Date, _ output: inout SerialOutput, _ issues: inout ConversionIssues) -> Bool {
        if readsText, let pattern = plainTextPattern(for: date), let fields = pattern.fields(of: date) {
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

struct DateFormatsFailure: BoxingFailure {
    let formats: [DateFormat]
    var failure: Failure { .noDateFormatMatched(tried: formats) }
}

/// What `.date(…)` takes when its formats read both strings and numbers.
enum DateSource {
    case text(String)
    case number(SourceNumber)

    static func conversion(text: Bool, numbers: Bool) -> Conversion<DateSource> {
        let name = text && numbers ? TypeName.either("String", "Double") : (text ? "String" : "Double")
        var kinds: ValueKinds = []
        if text { kinds.insert(.string) }
        if numbers { kinds.insert(.number) }
        // Epochs alone coerce like `Double` (a numeric string under `.lenient()`); with a text format a string is text.
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

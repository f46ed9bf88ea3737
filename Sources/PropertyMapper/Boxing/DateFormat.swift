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
        switch (kind, source) {
        case let (.iso8601, .text(text)):
            // An offset can carry a date out of the years ISO 8601 text writes back (in UTC): that is no date it reads.
            return ISO8601.date(from: text).flatMap { ISO8601.writable.contains($0.timeIntervalSince1970) ? $0 : nil }
        case let (.pattern(pattern), .text(text)):
            return pattern.date(from: text)
        case let (.secondsSince1970, .number(number)):
            return Self.epoch(number).map { Date(timeIntervalSince1970: $0) }
        case let (.millisecondsSince1970, .number(number)):
            return Self.epoch(number).map { Date(timeIntervalSince1970: $0 / 1000) }
        default:
            return nil
        }
    }

    /// An epoch as a finite `Double`; nil for an integer beyond 64 bits, never rounded into a date.
    private static func epoch(_ number: SourceNumber) -> Double? {
        if case .wide = number { return nil }
        guard case let .success(value) = number.finiteDouble, value.isFinite else { return nil }
        return value
    }

    /// The date as serialize writes it (`String`, `Int64` or `Double`); throws `DateFormatProblem` if it cannot.
    func source(of date: Date) throws -> Any {
        let number: Double
        switch kind {
        case .iso8601, .pattern:
            return try text(of: date)
        case .secondsSince1970:
            number = date.timeIntervalSince1970
        case .millisecondsSince1970:
            // The number that reads back (divided by 1000) as this date: whole when one does.
            let milliseconds = date.timeIntervalSince1970 * 1000
            let candidates = [milliseconds.rounded(), milliseconds, milliseconds.nextUp, milliseconds.nextDown]
            number = candidates.first { Date(timeIntervalSince1970: $0 / 1000) == date } ?? milliseconds
        }
        guard number.isFinite else { throw DateFormatProblem.notRepresentable(date, self) }
        if let whole = Int64(exactly: number) { return whole }
        return number
    }
}

extension DateFormat {
    /// The pattern a text format writes `date` in; nil for an epoch format.
    private func textPattern(for date: Date) -> DatePattern? {
        switch kind {
        case let .pattern(pattern): pattern
        case .iso8601: DatePattern.iso8601(writing: date)
        case .secondsSince1970, .millisecondsSince1970: nil
        }
    }

    private func text(of date: Date) throws -> String {
        guard let text = textPattern(for: date)?.string(from: date) else {
            throw DateFormatProblem.notRepresentable(date, self)  // named as the user wrote it, such as .iso8601
        }
        return text
    }

    /// Serialize's way back for `.date(…)`; a `serialize` error when the format cannot write the date.
    func write(_ date: Date, _ output: inout SerialOutput, _ issues: inout ConversionIssues) -> Bool {
        if let pattern = textPattern(for: date), pattern.writesPlainText, let fields = pattern.fields(of: date) {
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

/// What `.date(…)` takes when its formats read both strings and numbers.
enum DateSource {
    case text(String)
    case number(SourceNumber)

    static func conversion(text: Bool, numbers: Bool) -> Conversion<DateSource> {
        let name = text && numbers ? TypeName.either("String", "Double") : (text ? "String" : "Double")
        let kinds: ValueKinds = [text ? .string : [], numbers ? .number : []]
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

import Foundation

/// A `.format(_:)` pattern, compiled once: a fixed-width parser and writer for numeric patterns such as
/// `dd/MM/yyyy HH:mm:ss.SSS` (no allocation or shared state; exactly what the pattern writes, no impossible
/// dates; years 0000...9999, seconds in `Int64`), a locked `DateFormatter` for the rest.
final class DatePattern: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case literal(UInt8)
        /// `width` digits (4 for the year, 1...9 for the fraction, else 2).
        case number(Field, width: Int)

        var width: Int {
            if case let .number(_, width) = self { width } else { 1 }
        }
    }

    /// What a number token reads and writes: its lane in `Fields`.
    enum Field: Int, Sendable {
        case year, month, day, hour, minute, second, fraction
    }

    /// A date's numbers, one lane per `Field`, in its order (the eighth lane unused).
    typealias Fields = SIMD8<Int64>

    let pattern: String
    /// Nil for UTC.
    let timeZone: TimeZone?
    /// Nil when the pattern needs the formatter.
    let tokens: [Token]?
    /// The length of every text the pattern reads.
    let width: Int
    let formatter: LockedDateFormatter?
    private let fractionDigits: Int
    /// No literal needs escaping in a JSON string, so serialize writes the text straight out.
    let writesPlainText: Bool

    init(_ pattern: String, timeZone: TimeZone?) {
        self.pattern = pattern
        self.timeZone = timeZone
        let tokens = Self.compile(pattern)
        self.tokens = tokens
        self.width = tokens?.reduce(0) { $0 + $1.width } ?? 0
        fractionDigits = tokens?.reduce(0) { if case let .number(.fraction, digits) = $1 { digits } else { $0 } } ?? 0
        self.formatter = tokens == nil ? LockedDateFormatter(pattern: pattern, timeZone: timeZone ?? .gmt) : nil
        writesPlainText =
            tokens?.allSatisfy { token in
                guard case let .literal(byte) = token else { return true }
                return byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            } ?? false
    }

    static func == (lhs: DatePattern, rhs: DatePattern) -> Bool {
        lhs.pattern == rhs.pattern && lhs.timeZone == rhs.timeZone
    }

    /// Milliseconds, or wider fractions for dates that need them to read back exactly: 7 digits from 2002 on (a `Date` is
    /// coarser there), 9 before.
    static let iso8601Fractions = [3, 6, 7, 9].map { digits in
        DatePattern("yyyy-MM-dd'T'HH:mm:ss." + String(repeating: "S", count: digits) + "'Z'", timeZone: nil)
    }

    /// The pattern serialize writes `date` in: the fewest digits that read back as `date`, or, for a date no text reads
    /// back as (`Date()` counts from 2001, text from 1970), as the nearest date text gives; else the most.
    static func iso8601(writing date: Date) -> DatePattern {
        let seconds = date.timeIntervalSince1970
        // Whether the text `pattern` writes for `date` reads back (here or by `ISO8601`) within `distance` of it.
        func readsBack(_ pattern: DatePattern, within distance: TimeInterval) -> Bool {
            guard let (whole, fraction, scale) = pattern.split(seconds) else { return false }
            return abs(ISO8601.date(second: Double(whole), fraction: Double(fraction) / Double(scale)).timeIntervalSince(date)) <= distance
        }
        if let exact = iso8601Fractions.first(where: { readsBack($0, within: 0) }) { return exact }
        // The nearest date that seconds since 1970 give is one of the three around the date's own.
        func distance(_ seconds: Double) -> TimeInterval { abs(Date(timeIntervalSince1970: seconds).timeIntervalSince(date)) }
        let nearest = min(distance(seconds), distance(seconds.nextDown), distance(seconds.nextUp))
        return iso8601Fractions.first { readsBack($0, within: nearest) } ?? iso8601Fractions[iso8601Fractions.count - 1]
    }

    /// `seconds` at the pattern's precision: whole seconds, fraction digits, `scale`; nil beyond 10^18 seconds (no overflow).
    /// The second is the one the date is in, its fraction the nearest step the pattern holds, never rounded up into the
    /// next second: `23:59:59.6` is `23:59:59` without a fraction, and its day stays its day.
    private func split(_ seconds: Double) -> (whole: Int64, fraction: Int64, scale: Int64)? {
        let scale = Int64(Self.powersOfTen[fractionDigits])
        let floored = seconds.rounded(.down)
        guard floored.isFinite, abs(floored) < 1e18 else { return nil }
        // `seconds - floored` is exact, in 0..<1.
        let fraction = Swift.min(Int64(((seconds - floored) * Double(scale)).rounded()), scale - 1)
        return (Int64(floored), fraction, scale)
    }

    /// The fixed-width tokens; nil for anything else (another letter or width, a repeated field, no y/M/d, non-ASCII).
    static func compile(_ pattern: String) -> [Token]? {
        let bytes = Array(pattern.utf8)
        var tokens: [Token] = []
        var index = 0
        var isQuoted = false
        // The letters read so far: each field may appear once.
        var letters: Set<UInt8> = []
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            // '' is a quote, inside quoted text too; a lone ' opens or closes literal text.
            if byte == UInt8(ascii: "'") {
                if index + 1 < bytes.count, bytes[index + 1] == byte {
                    tokens.append(.literal(byte))
                    index += 2
                } else {
                    isQuoted.toggle()
                    index += 1
                }
                continue
            }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            guard isLetter, !isQuoted else {
                tokens.append(.literal(byte))
                index += 1
                continue
            }
            var count = 1
            while index + count < bytes.count, bytes[index + count] == byte { count += 1 }
            index += count
            let token: Token
            switch (byte, count) {
            case (UInt8(ascii: "y"), 4): token = .number(.year, width: 4)
            case (UInt8(ascii: "M"), 2): token = .number(.month, width: 2)
            case (UInt8(ascii: "d"), 2): token = .number(.day, width: 2)
            case (UInt8(ascii: "H"), 2): token = .number(.hour, width: 2)
            case (UInt8(ascii: "m"), 2): token = .number(.minute, width: 2)
            case (UInt8(ascii: "s"), 2): token = .number(.second, width: 2)
            case (UInt8(ascii: "S"), 1...9): token = .number(.fraction, width: count)
            default: return nil
            }
            guard letters.insert(byte).inserted else { return nil }
            tokens.append(token)
        }
        // An unterminated quote, or no y, M or d (each letter in `letters` made its token): nil.
        guard !isQuoted, letters.isSuperset(of: "yMd".utf8) else { return nil }
        return tokens
    }

    func date(from text: String) -> Date? {
        guard let tokens else { return formatter?.date(from: text) }
        return UTF8Bytes.of(text) { parse($0, tokens) }
    }

    private func parse(_ bytes: UTF8Bytes, _ tokens: [Token]) -> Date? {
        guard bytes.count == width else { return nil }
        var fields = Fields()
        var index = 0
        for token in tokens {
            switch token {
            case let .literal(expected):
                guard bytes[index] == expected else { return nil }
            case let .number(field, width):
                // At most 9 digits: the value stays below 10^9, within 32 bits.
                guard let value = ISO8601.digits(bytes, index, width) else { return nil }
                fields[field.rawValue] = Int64(value)
            }
            index += token.width
        }
        func number(_ field: Field) -> Int { Int(fields[field.rawValue]) }
        guard
            let local = ISO8601.validSeconds(
                year: number(.year), month: number(.month), day: number(.day), hour: number(.hour), minute: number(.minute),
                second: number(.second), offset: 0)
        else { return nil }
        let fraction = Double(fields[Field.fraction.rawValue]) / Self.powersOfTen[fractionDigits]
        var seconds = Double(local)
        if let timeZone {
            guard let instant = Self.instant(atLocal: seconds, in: timeZone) else { return nil }
            seconds = instant
        }
        return ISO8601.date(second: seconds, fraction: fraction)
    }

    /// The instant at which `timeZone`'s clock reads `local` (its seconds read as UTC), as `DateFormatter` finds it: nil
    /// in an hour the clock skips, the later one in an hour it repeats. It tries the offsets in force a day before and a
    /// day after (a zone changes its offset at most once in two days), each kept if it is the offset at the instant it gives.
    static func instant(atLocal local: Double, in timeZone: TimeZone) -> Double? {
        func offset(at seconds: Double) -> Double { Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))) }
        let after = local - offset(at: local + 86_400)
        if offset(at: after) == local - after { return after }
        let before = local - offset(at: local - 86_400)
        return offset(at: before) == local - before ? before : nil
    }

    private static let powersOfTen: [Double] = (0...9).map { pow(10, Double($0)) }

    /// The date as the pattern writes it; nil when it falls outside the years 0000...9999 (for the formatter, when
    /// the text does not read back in the date's era).
    func string(from date: Date) -> String? {
        if let fields = fields(of: date) {
            return UTF8Output.string(capacity: width) { write(fields, into: $0) }
        }
        guard let formatter, date.timeIntervalSince1970.isFinite else { return nil }
        return formatter.string(from: date)
    }

    /// The date's fields in this pattern's zone and precision; nil without tokens or outside 0000...9999.
    func fields(of date: Date) -> Fields? {
        guard tokens != nil else { return nil }
        var seconds = date.timeIntervalSince1970
        if let timeZone { seconds += Double(timeZone.secondsFromGMT(for: date)) }
        guard let (whole, fraction, _) = split(seconds) else { return nil }
        // Floored: a time before 1970 lies in an earlier day.
        let rest = (whole % 86_400 + 86_400) % 86_400
        let days = (whole - rest) / 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        return Fields(year, month, day, rest / 3600, rest / 60 % 60, rest % 60, fraction, 0)
    }

    /// Writes `fields` into `buffer` (at least `width` bytes); returns `width`.
    func write(_ fields: Fields, into buffer: UTF8Output) -> Int {
        var count = 0
        for token in tokens ?? [] {
            switch token {
            case let .literal(byte):
                buffer[count] = byte
            case let .number(field, width):
                // Right to left: every value fits its width (the year is checked, the rest by construction).
                var rest = fields[field.rawValue]
                var index = count + width
                while index > count {
                    index -= 1
                    buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            count += token.width
        }
        return count
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01 (Howard Hinnant's algorithm), in 64 bits.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// One pattern's `DateFormatter`, shared across threads: `@unchecked Sendable` as it is only touched under `lock`.
final class LockedDateFormatter: @unchecked Sendable {
    private let lock = NSLock()
    private let formatter: DateFormatter
    /// The start of the year 1 in the formatter's time zone: a date's era is whether it falls before.
    private let yearOne: Date

    init(pattern: String, timeZone: TimeZone) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        // Proleptic, as ISO 8601 and the fixed-width patterns read dates: no Julian days before 1582-10-15.
        formatter.gregorianStartDate = .distantPast
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        formatter.isLenient = false
        let utcYearOne = Date(timeIntervalSince1970: -62_135_596_800)
        yearOne = utcYearOne.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utcYearOne)))
    }

    func date(from text: String) -> Date? {
        lock.withLock { formatter.date(from: text) }
    }

    /// The date as the pattern writes it, nil when the text does not read back in the date's era: a date before the
    /// year 1 in a pattern with no era field (it would read back in the year 1 or later), or one the formatter cannot
    /// write (it writes "").
    func string(from date: Date) -> String? {
        lock.withLock {
            let text = formatter.string(from: date)
            guard let back = formatter.date(from: text), (back < yearOne) == (date < yearOne) else { return nil }
            return text
        }
    }
}

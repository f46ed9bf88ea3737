/// How a mapping's keys find the source's keys.
///
/// An exact match always wins; otherwise the one source key that matches under the policy is read, and two that do
/// are an `ambiguousKey` error at the mapping's key. `Mapping<Trip>(keys: .ignoringCaseAndSeparators, ["startDate":
/// .box(.date, \.start)])` reads `start_date`.
public enum KeyMatching: Sendable, Equatable, Hashable {
    /// Keys match as Swift compares strings (the default).
    case exact
    /// Keys match ignoring case: `userName` reads `UserName` and `USERNAME`.
    case caseInsensitive
    /// Keys match ignoring case and `_`, `-`, space: `startDate` reads `start_date`, `Start-Date`, `START DATE`.
    case ignoringCaseAndSeparators
}

/// What a mapping does with a source key it does not name (`Mapping(unknownKeys:…)`), at its own levels: a
/// nested model follows its own mapping; extra array elements and a polymorphic tag are never unknown keys.
public enum UnknownKeyPolicy: Sendable, Equatable, Hashable {
    /// Unknown keys are skipped (the default).
    case ignore
    /// Each unknown key is an `unknownKey` warning.
    case warn
    /// Each unknown key is an error (rule `unknownKey`).
    case fail
}

/// Whether a mapping reads strings as numbers and booleans (`Mapping(coercion:…)`).
public enum CoercionPolicy: Sendable, Equatable, Hashable {
    /// Types are strict (the default).
    case strict
    /// `.lenient()` on every field (see `PropertyDescriptor.lenient()`).
    case lenient
}

extension KeyMatching {
    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ")
    }

    /// `key` as this policy compares it: equal normalized forms match. Nil for `.exact`.
    func normalized(_ key: String) -> String? {
        switch self {
        case .exact:
            return nil
        case .caseInsensitive:
            return key.lowercased()
        case .ignoringCaseAndSeparators:
            return String(key.lowercased().unicodeScalars.filter { !($0.isASCII && Self.isSeparator(UInt8($0.value))) })
        }
    }

    /// An ASCII byte as this policy compares it: lower case; nil for a separator it skips.
    @inline(__always)
    func normalized(byte: UInt8) -> UInt8? {
        if self == .ignoringCaseAndSeparators, Self.isSeparator(byte) { return nil }
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether `utf8`, normalized, equals `expected` (normalized ASCII); a non-ASCII byte never matches.
    func matches(_ utf8: UTF8Bytes, _ expected: UTF8Bytes) -> Bool {
        var next = 0
        for byte in utf8 {
            guard let byte = normalized(byte: byte) else { continue }
            guard next < expected.count, expected[next] == byte else { return false }
            next += 1
        }
        return next == expected.count
    }

    /// Spellings of `key` this policy matches (`start_date`, `start-date`, `startdate`), for exact look-ups before a scan.
    func spellings(of key: String) -> [String] {
        switch self {
        case .exact:
            return []
        case .caseInsensitive:
            return [key.lowercased()]
        case .ignoringCaseAndSeparators:
            // Words split where a lower-case letter or a digit meets an upper-case one.
            var words: [String] = []
            var word = ""
            var previous: Character?
            for character in key {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                    words.append(word)
                    word = ""
                }
                word.append(character)
                previous = character
            }
            words.append(word)
            let lower = words.map { $0.lowercased() }
            return [lower.joined(separator: "_"), lower.joined(separator: "-"), lower.joined()]
        }
    }

    /// Whether `key` is all ASCII: only a key that is not can equal another string with other bytes
    /// (canonical equivalence) or match by Unicode case rather than byte by byte.
    static func isASCII(_ key: String) -> Bool {
        UTF8Bytes.of(key) { !$0.contains { $0 >= 0x80 } }
    }
}

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

/// How the document spells the keys a mapping names (`Mapping(keyStyle:…)`): reading, writing and error paths all
/// use that spelling, so a model is written in the shape it was read from.
///
///     Mapping<LineItem>(keyStyle: .snakeCase, ["unitPrice": .box(.decimal, \.unitPrice)])   // reads and writes unit_price
///
/// The mapping's key is converted, never the document's: `orderID` reads and writes `order_id`, `imageURL` `image_url`.
/// Every key of the mapping's levels is spelled so, `.anyOf` alternatives included; indices and nested models (which
/// follow their own mappings) are not. Two keys the style spells alike are a definition error.
public enum KeyStyle: Sendable {
    /// Keys are spelled as the mapping writes them (the default).
    case asWritten
    /// `lower_snake_case`: words split where a lower-case letter or digit meets an upper-case one, and before the
    /// last capital of a run followed by lower case (`URLString` → `url_string`); `_`, `-` and spaces separate words
    /// too; leading and trailing `_` are kept. Camel case reads as JSONEncoder's `.convertToSnakeCase` spells it
    /// (`orderID` → `order_id`); a leading acronym, a digit before a capital and a separator inside a key may not.
    case snakeCase
    /// `lower-kebab-case`: the same words as `.snakeCase`, joined by `-` (`firstName` → `first-name`).
    case kebabCase
    /// Each mapping key to its document key by a function of yours: `.custom { "x-" + $0 }`. It runs once per key,
    /// when the mapping is first used.
    case custom(@Sendable (String) -> String)
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
        case .exact: nil
        case .caseInsensitive: key.lowercased()
        case .ignoringCaseAndSeparators:
            String(key.lowercased().unicodeScalars.filter { !($0.isASCII && Self.isSeparator(UInt8($0.value))) })
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
        case .exact: []
        case .caseInsensitive: [key.lowercased()]
        case .ignoringCaseAndSeparators: ["_", "-", ""].map(KeyWords.lowercased(key).joined(separator:))
        }
    }

    /// Whether `key` is all ASCII: only a key that is not can equal another string with other bytes
    /// (canonical equivalence) or match by Unicode case rather than byte by byte.
    static func isASCII(_ key: String) -> Bool {
        UTF8Bytes.of(key) { !$0.contains { $0 >= 0x80 } }
    }
}

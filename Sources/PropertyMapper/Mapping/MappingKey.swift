/// A key in a mapping: a source dictionary key (a string literal) or an array index (an integer literal, 0-based).
///
/// A key is taken literally (`"a.b"` is not a path); an index past either end of the array is absent.
///
///     "geo": [0: .property(\.latitude), 1: .property(\.longitude)]
public enum MappingKey: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    case key(String)
    case index(Int)
    /// Alternative keys for one entry, in order (see `anyOf(_:_:)`).
    case alternatives([String])

    /// Alternative keys for one entry: the first present is read (its errors and warnings at that key's path); if
    /// none is, an error names every key tried. `serialize` writes the first.
    ///
    ///     .anyOf("start_date", "start"): .box(.date, \.start),
    public static func anyOf(_ first: String, _ others: String...) -> MappingKey {
        others.isEmpty ? .key(first) : .alternatives([first] + others)
    }

    public init(stringLiteral value: String) {
        self = .key(value)
    }

    public init(integerLiteral value: Int) {
        self = .index(value)
    }

    /// The key as it appears in error paths: `name`, `[1]`, `["a.b"]`.
    public var description: String {
        appended(to: "")
    }

    /// This key's path under `parent`: `author.email`, `[1]`, and `author["e.mail"]` for a key a path would make
    /// ambiguous (empty, or with `.`, `[`, `]`, `"`, `\`, white space or control characters).
    func appended(to parent: String) -> String {
        if let key = name, Self.isPlain(key), parent.isEmpty { return key }
        return parent + subpath
    }

    var name: String? {
        switch self {
        case let .key(key): key
        case let .alternatives(keys): keys.first ?? ""
        case .index: nil
        }
    }

    var names: [String] {
        switch self {
        case let .key(key): [key]
        case let .alternatives(keys): keys
        case .index: []
        }
    }

    /// What this key adds to a non-empty parent path: `.name`, `[1]`, `["a.b"]`.
    var subpath: String {
        if case let .index(index) = self { return "[\(index)]" }
        let key = name ?? ""
        return Self.isPlain(key) ? "." + key : "[\(SourceValue.quoted(key))]"
    }

    /// A key printed bare in a path: one no reader could take for another (no separator, nothing `quoted` escapes, no
    /// invisible format character such as U+200B, no combining mark to join the `.` before it).
    private static func isPlain(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first,
            ![.nonspacingMark, .spacingMark, .enclosingMark].contains(first.properties.generalCategory)
        else { return false }
        return !key.unicodeScalars.contains { scalar in
            scalar == "." || scalar == "[" || scalar == "]" || scalar == "\"" || scalar == "\\" || scalar.properties.isWhitespace
                || scalar.properties.generalCategory == .format || SourceValue.isEscaped(scalar)
        }
    }
}

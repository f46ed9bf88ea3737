/// The words of a mapping key: what a `KeyStyle` joins, and what a loose key policy's common spellings are made of.
enum KeyWords {
    /// `orderID` → `order`, `ID`; `URLString` → `URL`, `String`; `line2Text` → `line2`, `Text`; `first_name` →
    /// `first`, `name`. A word ends where a lower-case letter or a digit meets an upper-case one, before the last
    /// capital of a run that lower case follows, and at `_`, `-` or a space (which belong to no word).
    static func split(_ key: String) -> [Substring] {
        key.split { $0.asciiValue.map(KeyMatching.isSeparator) ?? false }.flatMap { part in
            var words: [Substring] = []
            var start = part.startIndex
            for index in part.indices.dropFirst() {
                let previous = part[part.index(before: index)]
                let next = part.index(after: index)
                if part[index].isUppercase,
                    previous.isLowercase || previous.isNumber
                        || (previous.isUppercase && next < part.endIndex && part[next].isLowercase)
                {
                    words.append(part[start..<index])
                    start = index
                }
            }
            words.append(part[start...])
            return words
        }
    }

    static func lowercased(_ key: String) -> [String] {
        split(key).map { $0.lowercased() }
    }

    /// `key`'s words in lower case joined by `separator`, its leading and trailing `_` kept: `_orderID` → `_order_id`.
    static func joined(_ key: String, by separator: String) -> String {
        let words = lowercased(key)
        guard !words.isEmpty else { return key }
        let leading = key.prefix { $0 == "_" }
        let trailing = key.reversed().prefix { $0 == "_" }
        return leading + words.joined(separator: separator) + String(trailing)
    }
}

extension KeyStyle {
    /// How the document spells the mapping key `key`.
    func spelling(of key: String) -> String {
        switch self {
        case .asWritten: key
        case .snakeCase: KeyWords.joined(key, by: "_")
        case .kebabCase: KeyWords.joined(key, by: "-")
        case let .custom(spell): spell(key)
        }
    }
}

import Testing

@testable import PropertyMapper

/// The words of a mapping key (`KeyWords`), and how each `KeyStyle` spells a key from them.
@Suite
struct KeySpellingTests {
    @Test(arguments: [
        ("orderID", ["order", "ID"]),
        ("URLString", ["URL", "String"]),
        ("line2Text", ["line2", "Text"]),
        ("first_name", ["first", "name"]),
        ("HTTPSProxyURL", ["HTTPS", "Proxy", "URL"]),
        ("userID2", ["user", "ID2"]),
        ("kebab-case name", ["kebab", "case", "name"]),
        ("_private__value_", ["private", "value"]),
        ("ÄpfelUndBirnen", ["Äpfel", "Und", "Birnen"]),
        ("ABC", ["ABC"]),
        ("a", ["a"]),
        ("", []),
        ("__", []),
    ])
    func wordsEndWhereTheCaseTurnsOrASeparatorStands(key: String, words: [String]) {
        #expect(KeyWords.split(key).map(String.init) == words)
    }

    @Test(arguments: [
        ("_orderID", "_", "_order_id"),
        ("orderID_", "_", "order_id_"),
        ("URLString", "_", "url_string"),
        ("imageURL", "-", "image-url"),
        ("first name", "-", "first-name"),
        ("__", "_", "__"),
    ])
    func joinedWordsAreLowerCaseAndKeepTheOuterUnderscores(key: String, separator: String, joined: String) {
        #expect(KeyWords.joined(key, by: separator) == joined)
    }

    @Test func eachStyleSpellsAKeyItsOwnWay() {
        #expect(KeyStyle.asWritten.spelling(of: "shipToURL") == "shipToURL")
        #expect(KeyStyle.snakeCase.spelling(of: "shipToURL") == "ship_to_url")
        #expect(KeyStyle.kebabCase.spelling(of: "shipToURL") == "ship-to-url")
        #expect(KeyStyle.custom { "x-" + $0 }.spelling(of: "shipToURL") == "x-shipToURL")
    }
}

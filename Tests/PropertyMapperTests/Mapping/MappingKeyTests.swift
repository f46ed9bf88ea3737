import Foundation
import PropertyMapper
import Testing

private final class Entry {
    var value: String? = "preset"
    var number = 0
}

@Suite private struct MappingKeyTests {
    @Test func stringLiteralIsAKeyAndIntegerLiteralIsAnIndex() {
        let key: MappingKey = "name"
        let index: MappingKey = 3
        let negative: MappingKey = -1
        #expect(key == .key("name"))
        #expect(index == .index(3))
        #expect(negative == .index(-1))
        #expect(MappingKey.key("0") != .index(0))
        #expect(Set<MappingKey>(["a", "a", 0, "0", 0]).count == 3)
    }

    @Test(arguments: [
        (MappingKey.key("name"), "name"),
        (.key("display_name"), "display_name"),
        (.key("héllo"), "héllo"),
        (.index(1), "[1]"),
        (.key("a.b"), #"["a.b"]"#),
        (.key(""), #"[""]"#),
        (.key("x[0]"), #"["x[0]"]"#),
        (.key("a]"), #"["a]"]"#),
        (.key("with space"), #"["with space"]"#),
        (.key(#"say "hi""#), #"["say \"hi\""]"#),
        (.key(#"back\slash"#), #"["back\\slash"]"#),
        (.key("tab\there"), #"["tab\there"]"#),
        (.key("line\nbreak"), #"["line\nbreak"]"#),
        (.key("bell\u{7}"), #"["bell\u0007"]"#),
    ])
    func describesKeysAsTheyAppearInPaths(key: MappingKey, text: String) {
        #expect(key.description == text)
    }

    /// Control characters beyond U+001F (DEL and the C1 controls) and non-ASCII whitespace are quoted too;
    /// only their quoting is asserted, not how they are escaped inside the quotes.
    @Test(arguments: ["del\u{7F}", "c1\u{80}", "csi\u{9B}", "nbsp\u{A0}x", "ideographic\u{3000}space"])
    func quotesKeysWithAnyControlCharacterOrWhitespace(key: String) {
        let text = MappingKey.key(key).description
        #expect(text.hasPrefix("[\"") && text.hasSuffix("\"]"), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: SourceForm.allCases)
    func stringKeysAreTakenLiterallyNotAsPaths(source: SourceForm) throws {
        let entry = Entry()
        let mapping: Mapping<Entry> = ["a.b": .property(\.value)]
        try Mapper.mapValues(from: source(["a.b": "dotted", "a": ["b": "nested"]]), to: entry, using: mapping)
        #expect(entry.value == "dotted")
    }

    @Test(arguments: SourceForm.allCases)
    func oddKeysAreQuotedInErrorPaths(source: SourceForm) throws {
        let entry = Entry()
        let mapping: Mapping<Entry> = [
            "a.b": .property(\.number),
            "": .property(\.number),
            "x[0]": .property(\.number),
            "with space": .property(\.number),
            "outer": ["e.mail": .property(\.number), "list": [0: ["k y": .property(\.number)]]],
        ]
        let record = try source([
            "a.b": "x", "": "x", "x[0]": "x", "with space": "x",
            "outer": ["e.mail": "x", "list": [["k y": "x"]]] as [String: Any],
        ])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: entry, using: mapping) }
        #expect(
            errors.map(\.path) == [
                #"["a.b"]"#, #"[""]"#, #"["x[0]"]"#, #"["with space"]"#, #"outer["e.mail"]"#, #"outer.list[0]["k y"]"#,
            ])
        #expect(errors.allSatisfy { $0.rule == "type" && $0.property == "number" })
    }

    @Test(arguments: SourceForm.allCases)
    func emptyKeyMapsItsValue(source: SourceForm) throws {
        let entry = Entry()
        try Mapper.mapValues(from: source(["": "blank"]), to: entry, using: ["": .property(\.value)])
        #expect(entry.value == "blank")
    }
}

import PropertyMapper
import Testing

/// `ValidationError.description`: the fields in one line (the exact wording is pinned in ErrorMessageTests).
@Suite struct ValidationErrorDescriptionTests {
    @Test func descriptionNamesPathPropertyRuleAndValue() {
        let error = ValidationError(path: "geo[1]", property: "longitude", rule: "min", value: "-1", message: "MESSAGE")
        let text = error.description
        #expect(text.hasPrefix("geo[1]"))
        #expect(text.contains("longitude"))
        #expect(text.contains("MESSAGE"))
        #expect(text.contains("-1"))
        #expect(text.hasSuffix("[min]"))
        #expect(String(describing: error) == text)
        #expect("\(error)" == text)
    }

    @Test func descriptionOfAnAbsentValueOmitsIt() {
        let error = ValidationError(path: "id", property: "id", rule: "isRequired", value: nil, message: "MESSAGE")
        #expect(!error.description.contains("nil"))
        #expect(error.description.hasSuffix("MESSAGE [isRequired]"))
    }

    @Test func descriptionOfARootErrorNamesTheRoot() {
        let error = ValidationError(path: "", property: "", rule: "json", value: nil, message: "MESSAGE")
        #expect(!error.description.hasPrefix(":"))
        #expect(error.description.hasSuffix("MESSAGE [json]"))
    }
}

/// An error prints as one line whatever its parts hold: a thrown error's own lines, a name with a line break or a
/// bidirectional override.
@Suite struct OneLineDescriptionTests {
    private struct Nested: Mappable {
        var n = 0
        static let mapping: Mapping<Nested> = ["n": .property(\.n).min(10)]
    }

    private struct Outer: Mappable {
        var code = 0
        var name = ""
        var flip = ""
        static let mapping: Mapping<Outer> = [
            "code": .call(Outer.code(from:), \.code),
            "name": .property(\.name).validate("first\nsecond") { (text: String) in text.count > 3 },
            "flip": .property(\.flip).validate("a\u{202E}b") { (text: String) in text.count > 3 },
        ]

        /// Throws a mapping error of its own, whose description has a heading and a line per error.
        func code(from value: Int) throws -> Int {
            _ = try Mapper.map(Nested.self, from: ["n": value])
            return value
        }
    }

    @Test func aThrownErrorsLinesANameBreakAndAnOverrideStayOnOneLine() throws {
        let source: [String: Any] = ["code": 1, "name": "ab", "flip": "ab"]
        let error = try #require(throws: MappingError.self) { try Mapper.map(Outer.self, from: source) }
        #expect(error.errors.count == 3)
        #expect(error.description.split(separator: "\n").count == 1 + error.errors.count, "\(error)")
        for line in error.errors.map(\.description) {
            #expect(!line.unicodeScalars.contains { $0 == "\n" || $0 == "\u{202E}" }, "\(line)")
        }
        let call = try #require(error.errors.first { $0.rule == "call" })
        #expect(call.description.contains(#"the call threw: 1 error:\n- n → n: out of bounds"#), "\(call)")
        let named = try #require(error.errors.first { $0.rule == "first\nsecond" })
        #expect(named.description.hasSuffix(#"[first\nsecond]"#), "\(named)")
        let flipped = try #require(error.errors.first { $0.rule == "a\u{202E}b" })
        #expect(flipped.description.hasSuffix(#"[a\u202eb]"#), "\(flipped)")
    }
}

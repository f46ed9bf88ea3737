import Foundation
import PropertyMapper
import Testing

/// How an offending value appears in an error's `value`: as JSON, briefly (`SourceValue+Rendering.swift`).
@Suite struct SourceValueRenderingTests {
    @Test(arguments: SourceForm.allCases)
    func rendersScalarsAsJSON(form: SourceForm) throws {
        let cases: [(Any, String)] = [
            ("short", #""short""#), ("", #""""#), (42, "42"), (-7, "-7"), (0, "0"), (2.5, "2.5"), (-0.125, "-0.125"),
            (true, "true"), (false, "false"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
            (UInt64.max, "18446744073709551615"),
        ]
        for (value, expected) in cases {
            let record = try form(["raw": value])
            let errors = Mapper.validate(record, for: ValidationErrorTests.Bag(), using: ValidationErrorTests.rejectsEverything)
            #expect(errors.first?.value == expected)
        }
    }

    @Test func rendersNullAndAbsent() {
        let mapping: Mapping<ValidationErrorTests.Bag> = ["title": .property(\.title), "count": .property(\.count).isRequired()]
        let errors = Mapper.validate(["title": NSNull()], for: ValidationErrorTests.Bag(), using: mapping)
        #expect(errors.map(\.rule) == ["type", "isRequired"])
        #expect(errors.map(\.value) == ["null", nil])
    }

    @Test func escapesStringsAsJSON() {
        #expect(ValidationErrorTests.rendered("say \"hi\"") == #""say \"hi\"""#)
        #expect(ValidationErrorTests.rendered("a\\b") == #""a\\b""#)
        #expect(ValidationErrorTests.rendered("line\nbreak\ttab") == #""line\nbreak\ttab""#)
        #expect(ValidationErrorTests.rendered("bell\u{7}") == #""bell\u0007""#)
        #expect(ValidationErrorTests.rendered("café 🇵🇱") == #""café 🇵🇱""#)
    }

    @Test func keepsStringsOfUpTo32Characters() {
        let text = String(repeating: "a", count: 32)
        #expect(ValidationErrorTests.rendered(text) == "\"\(text)\"")
    }

    @Test func cutsLongerStringsAndKeepsTheirLength() {
        let text = String(repeating: "a", count: 23) + String(repeating: "b", count: 10)
        #expect(ValidationErrorTests.rendered(text) == "\"" + String(repeating: "a", count: 23) + "…\" (33 characters)")
        let long = String(repeating: "Xray Romeo ", count: 20)
        #expect(ValidationErrorTests.rendered(long) == #""Xray Romeo Xray Romeo X…" (220 characters)"#)
    }

    @Test func countsCharactersWhenCutting() {
        let flags = String(repeating: "🇵🇱", count: 40)
        #expect(ValidationErrorTests.rendered(flags) == "\"" + String(repeating: "🇵🇱", count: 23) + "…\" (40 characters)")
        let accents = String(repeating: "e\u{301}", count: 33)
        #expect(ValidationErrorTests.rendered(accents) == "\"" + String(repeating: "e\u{301}", count: 23) + "…\" (33 characters)")
    }

    /// A value of a type with no description of its own is never printed whole: its type, summarized. A dictionary whose
    /// keys are not strings is summarized as any dictionary is; a URL is the JSON string a boxing writes.
    @Test func aModelOrAnyDictionaryIsSummarized() throws {
        struct Author { var email = "secret@example.com" }
        #expect(ValidationErrorTests.rendered(Author()) == "Author(…)")
        #expect(ValidationErrorTests.rendered([1: "a", 2: "b"]) == "{…} (2 keys)")
        #expect(ValidationErrorTests.rendered(Set([1, 2, 3])) == "[…] (3 elements)")
        let url = try #require(URL(string: "https://example.com/a"))
        #expect(ValidationErrorTests.rendered(url) == #""https://example.com/a""#)
    }

    /// What a mapping expects (candidates, keys) is cut only past 128 characters: long ones sharing a beginning stay apart.
    @Test func expectedValuesAreCutLater() throws {
        struct Pick { var kind = "" }
        let first = "a very long candidate string number one"
        let second = "a very long candidate string number two"
        let mapping: Mapping<Pick> = ["kind": .property(\.kind).oneOf([first, second])]
        var pick = Pick()
        let thrown = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["kind": "other"], to: &pick, using: mapping) }
        #expect(thrown?.errors.first?.message == "not in the list, expected one of \"\(first)\", \"\(second)\"")
        let long = String(repeating: "k", count: 200)
        let cut = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["kind": "other"], to: &pick, using: ["kind": .property(\.kind).equalTo(long)])
        }
        #expect(
            cut?.errors.first?.message == "a different value, expected \"" + String(repeating: "k", count: 119) + "…\" (200 characters)")
    }

    /// A character may hold any number of scalars (a letter and 100,000 accents): the cut counts scalars too.
    @Test func aFewCharactersOfManyScalarsAreCutToo() throws {
        let heavy = "a" + String(repeating: "\u{301}", count: 100_000)
        let rendered = try #require(ValidationErrorTests.rendered(heavy))
        #expect(rendered.unicodeScalars.count < 200, "\(rendered.unicodeScalars.count) scalars")
        #expect(rendered.hasSuffix("…\" (100001 Unicode scalars)"))
    }

    /// Line and paragraph separators and the bidirectional overrides would break a printed error list's lines or reorder
    /// them: they are escaped, as control characters are.
    @Test func separatorsAndBidirectionalOverridesAreEscaped() {
        #expect(ValidationErrorTests.rendered("p\u{2028}q\u{2029}") == #""p\u2028q\u2029""#)
        #expect(ValidationErrorTests.rendered("a\u{202E}b\u{2066}") == #""a\u202eb\u2066""#)
        #expect(ValidationErrorTests.rendered("👩\u{200D}💻") == "\"👩\u{200D}💻\"")
    }

    @Test(arguments: SourceForm.allCases)
    func rendersShortArraysInline(form: SourceForm) throws {
        let cases: [([Any], String)] = [
            ([], "[]"), ([1, 2, 3], "[1, 2, 3]"), (["a", "b"], #"["a", "b"]"#), ([true, NSNull(), 2.5], "[true, null, 2.5]"),
            ([1, 2, 3, 4, 5, 6], "[1, 2, 3, 4, 5, 6]"),
        ]
        for (value, expected) in cases {
            let errors = Mapper.validate(
                try form(["raw": value]), for: ValidationErrorTests.Bag(), using: ValidationErrorTests.rejectsEverything)
            #expect(errors.first?.value == expected)
        }
    }

    @Test func summarizesLongOrNestedArrays() {
        #expect(ValidationErrorTests.rendered([1, 2, 3, 4, 5, 6, 7]) == "[…] (7 elements)")
        #expect(ValidationErrorTests.rendered([["a": 1]]) == "[…] (1 element)")
        #expect(ValidationErrorTests.rendered([[1]]) == "[…] (1 element)")
        #expect(ValidationErrorTests.rendered(["a string over twelve"]) == "[…] (1 element)")
        let wide = Array(repeating: "twelve chars", count: 4)
        #expect(ValidationErrorTests.rendered(wide) == "[…] (4 elements)")
    }

    @Test(arguments: SourceForm.allCases)
    func summarizesDictionaries(form: SourceForm) throws {
        let cases: [([String: Any], String)] = [
            ([:], "{…} (0 keys)"), (["a": 1], "{…} (1 key)"), (["a": 1, "b": ["c": 2]], "{…} (2 keys)"),
        ]
        for (value, expected) in cases {
            let errors = Mapper.validate(
                try form(["raw": value]), for: ValidationErrorTests.Bag(), using: ValidationErrorTests.rejectsEverything)
            #expect(errors.first?.value == expected)
        }
    }

    @Test func rendersNestedNullsFromOptionals() {
        let values: [Int?] = [1, nil]
        #expect(ValidationErrorTests.rendered(values) == "[1, null]")
    }
}

import Foundation
import PropertyMapper
import Testing

@Suite struct ValidationErrorTests {
    struct Bag {
        var raw: Any?
        var title = ""
        var count = 0
    }

    /// A rule no value passes, so every present value is reported and rendered.
    static let rejectsEverything: Mapping<Bag> = ["raw": .property(\.raw).equalTo("\u{1}never\u{1}")]

    static func rendered(_ value: Any) -> String? {
        let errors = Mapper.validate(["raw": value], for: Bag(), using: rejectsEverything)
        #expect(errors.map(\.rule) == ["equalTo"])
        return errors.first?.value
    }

    // MARK: Fields and init

    @Test func publicMemberwiseInitStoresEveryField() {
        let error = ValidationError(
            path: "author.email", property: "authorEmail", rule: "matchesRegEx", value: #""nope""#, message: "no match")
        #expect(error.path == "author.email")
        #expect(error.property == "authorEmail")
        #expect(error.rule == "matchesRegEx")
        #expect(error.value == #""nope""#)
        #expect(error.message == "no match")
        let absent = ValidationError(path: "id", property: "id", rule: "isRequired", value: nil, message: "value is missing")
        #expect(absent.value == nil)
    }

    @Test func fieldsAreMutable() {
        var error = ValidationError(path: "a", property: "b", rule: "c", value: nil, message: "d")
        error.path = "geo[1]"
        error.value = "1"
        #expect(error == ValidationError(path: "geo[1]", property: "b", rule: "c", value: "1", message: "d"))
    }

    @Test func mapperFillsEveryField() {
        let mapping: Mapping<Bag> = ["nested": ["count": .property(\.count).min(5)]]
        let errors = Mapper.validate(["nested": ["count": 3]], for: Bag(), using: mapping)
        #expect(
            errors == [
                ValidationError(
                    path: "nested.count", property: "count", rule: "min", value: "3",
                    message: errors.first?.message ?? "")
            ])
        #expect(errors.first?.message.isEmpty == false)
    }

    // MARK: Equatable, Hashable, CustomStringConvertible

    @Test func equalityComparesEveryField() {
        let base = ValidationError(path: "p", property: "q", rule: "r", value: "v", message: "m")
        #expect(base == ValidationError(path: "p", property: "q", rule: "r", value: "v", message: "m"))
        let variants = [
            ValidationError(path: "P", property: "q", rule: "r", value: "v", message: "m"),
            ValidationError(path: "p", property: "Q", rule: "r", value: "v", message: "m"),
            ValidationError(path: "p", property: "q", rule: "R", value: "v", message: "m"),
            ValidationError(path: "p", property: "q", rule: "r", value: nil, message: "m"),
            ValidationError(path: "p", property: "q", rule: "r", value: "v", message: "M"),
        ]
        for variant in variants {
            #expect(base != variant)
        }
    }

    @Test func hashingAgreesWithEquality() {
        let first = ValidationError(path: "p", property: "q", rule: "r", value: "v", message: "m")
        let same = ValidationError(path: "p", property: "q", rule: "r", value: "v", message: "m")
        let other = ValidationError(path: "p", property: "q", rule: "r", value: nil, message: "m")
        #expect(first.hashValue == same.hashValue)
        #expect(Set([first, same, other]).count == 2)
    }

    @Test func errorsFromTwoRunsAreEqual() {
        let source: [String: Any] = ["raw": 1]
        let first = Mapper.validate(source, for: Bag(), using: Self.rejectsEverything)
        let second = Mapper.validate(source, for: Bag(), using: Self.rejectsEverything)
        #expect(first == second)
        #expect(Set(first + second).count == 1)
    }

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

    // MARK: Value rendering

    @Test(arguments: SourceForm.allCases)
    func rendersScalarsAsJSON(form: SourceForm) throws {
        let cases: [(Any, String)] = [
            ("short", #""short""#), ("", #""""#), (42, "42"), (-7, "-7"), (0, "0"), (2.5, "2.5"), (-0.125, "-0.125"),
            (true, "true"), (false, "false"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
            (UInt64.max, "18446744073709551615"),
        ]
        for (value, expected) in cases {
            let record = try form(["raw": value])
            let errors = Mapper.validate(record, for: Bag(), using: Self.rejectsEverything)
            #expect(errors.first?.value == expected)
        }
    }

    @Test func rendersNullAndAbsent() {
        let mapping: Mapping<Bag> = ["title": .property(\.title), "count": .property(\.count).isRequired()]
        let errors = Mapper.validate(["title": NSNull()], for: Bag(), using: mapping)
        #expect(errors.map(\.rule) == ["type", "isRequired"])
        #expect(errors.map(\.value) == ["null", nil])
    }

    @Test func escapesStringsAsJSON() {
        #expect(Self.rendered("say \"hi\"") == #""say \"hi\"""#)
        #expect(Self.rendered("a\\b") == #""a\\b""#)
        #expect(Self.rendered("line\nbreak\ttab") == #""line\nbreak\ttab""#)
        #expect(Self.rendered("bell\u{7}") == #""bell\u0007""#)
        #expect(Self.rendered("café 🇵🇱") == #""café 🇵🇱""#)
    }

    @Test func keepsStringsOfUpTo32Characters() {
        let text = String(repeating: "a", count: 32)
        #expect(Self.rendered(text) == "\"\(text)\"")
    }

    @Test func cutsLongerStringsAndKeepsTheirLength() {
        let text = String(repeating: "a", count: 23) + String(repeating: "b", count: 10)
        #expect(Self.rendered(text) == "\"" + String(repeating: "a", count: 23) + "…\" (33 characters)")
        let long = String(repeating: "Xray Romeo ", count: 20)
        #expect(Self.rendered(long) == #""Xray Romeo Xray Romeo X…" (220 characters)"#)
    }

    @Test func countsCharactersWhenCutting() {
        let flags = String(repeating: "🇵🇱", count: 40)
        #expect(Self.rendered(flags) == "\"" + String(repeating: "🇵🇱", count: 23) + "…\" (40 characters)")
        let accents = String(repeating: "e\u{301}", count: 33)
        #expect(Self.rendered(accents) == "\"" + String(repeating: "e\u{301}", count: 23) + "…\" (33 characters)")
    }

    @Test(arguments: SourceForm.allCases)
    func rendersShortArraysInline(form: SourceForm) throws {
        let cases: [([Any], String)] = [
            ([], "[]"), ([1, 2, 3], "[1, 2, 3]"), (["a", "b"], #"["a", "b"]"#), ([true, NSNull(), 2.5], "[true, null, 2.5]"),
            ([1, 2, 3, 4, 5, 6], "[1, 2, 3, 4, 5, 6]"),
        ]
        for (value, expected) in cases {
            let errors = Mapper.validate(try form(["raw": value]), for: Bag(), using: Self.rejectsEverything)
            #expect(errors.first?.value == expected)
        }
    }

    @Test func summarizesLongOrNestedArrays() {
        #expect(Self.rendered([1, 2, 3, 4, 5, 6, 7]) == "[…] (7 elements)")
        #expect(Self.rendered([["a": 1]]) == "[…] (1 element)")
        #expect(Self.rendered([[1]]) == "[…] (1 element)")
        #expect(Self.rendered(["a string over twelve"]) == "[…] (1 element)")
        let wide = Array(repeating: "twelve chars", count: 4)
        #expect(Self.rendered(wide) == "[…] (4 elements)")
    }

    @Test(arguments: SourceForm.allCases)
    func summarizesDictionaries(form: SourceForm) throws {
        let cases: [([String: Any], String)] = [
            ([:], "{…} (0 keys)"), (["a": 1], "{…} (1 key)"), (["a": 1, "b": ["c": 2]], "{…} (2 keys)"),
        ]
        for (value, expected) in cases {
            let errors = Mapper.validate(try form(["raw": value]), for: Bag(), using: Self.rejectsEverything)
            #expect(errors.first?.value == expected)
        }
    }

    @Test func rendersNestedNullsFromOptionals() {
        let values: [Int?] = [1, nil]
        #expect(Self.rendered(values) == "[1, null]")
    }
}

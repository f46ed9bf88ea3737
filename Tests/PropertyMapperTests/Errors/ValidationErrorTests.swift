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
}

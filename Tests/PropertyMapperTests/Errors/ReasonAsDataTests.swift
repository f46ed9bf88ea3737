import Foundation
import Testing

@testable import PropertyMapper

/// Why an error or a warning was recorded stays data (a `Failure`, a `Notice`) through nested
/// models, arrays and batches; only reading `message` puts it into words.
@Suite struct ReasonAsDataTests {
    struct Author: Mappable {
        var login = ""
        var age = 0
        static let mapping: Mapping<Author> = ["login": .property(\.login).lengthRange(1...8), "age": .property(\.age)]
    }

    struct Post: Mappable {
        var author = Author()
        var coAuthors: [Author] = []
        var tags: [Int] = []
        static let mapping: Mapping<Post> = [
            "author": .property(\.author),
            "coAuthors": .property(\.coAuthors),
            "tags": .property(\.tags).droppingInvalidElements(),
        ]
    }

    static func errors(_ source: [String: Any]) -> [ValidationError] {
        Mapper.validate(source, as: Post.self)
    }

    @Test func aNestedModelsErrorsArriveAsTheirFailures() throws {
        let errors = Self.errors([
            "author": ["login": "", "age": "old"],
            "coAuthors": [["login": "ann", "age": 1.5]],
        ])
        #expect(errors.map(\.path) == ["author.login", "author.age", "coAuthors[0].age"])
        let reasons = errors.map(\.reason)
        guard case .failure(.length(count: 0, unit: .characters, lower: 1, upper: 8)) = reasons[0] else {
            Issue.record("author.login: \(reasons[0])")
            return
        }
        guard case .failure(.typeMismatch(found: .string, expected: "Int")) = reasons[1] else {
            Issue.record("author.age: \(reasons[1])")
            return
        }
        guard case .failure(.notWhole(expected: "Int")) = reasons[2] else {
            Issue.record("coAuthors[0].age: \(reasons[2])")
            return
        }
        // The words, rendered from that data when read.
        #expect(errors[1].message == "a string, expected Int")
        #expect(errors[1].description == #"author.age → author.age: a string, expected Int; got "old" [type]"#)
    }

    @Test func aWarningArrivesAsItsNotice() throws {
        var warnings: [MappingWarning] = []
        let post = try Mapper.map(
            Post.self, from: ["author": ["login": "bo", "age": 3], "tags": [1, "x", 3]], warnings: &warnings)
        #expect(post.tags == [1, 3])
        #expect(warnings.count == 1)
        guard case let .notice(.elementDropped(errors)) = warnings[0].reason else {
            Issue.record("tags[1]: \(warnings[0].reason)")
            return
        }
        guard case .failure(.typeMismatch(found: .string, expected: "Int")) = errors.first?.reason else {
            Issue.record("tags[1]'s error: \(errors)")
            return
        }
        #expect(warnings[0].message == "element dropped: a string, expected Int [type]")
    }

    @Test func anErrorMadeFromTextEqualsOneMadeFromData() {
        let fromData = ValidationError(path: "a", property: "a", rule: "type", value: "1", failure: .null)
        var fromText = ValidationError(path: "a", property: "a", rule: "type", value: "1", message: "expected a value")
        #expect(fromData == fromText)
        #expect(Set([fromData, fromText]).count == 1)
        fromText.message = "something else"
        #expect(fromData != fromText)
        guard case .text("something else") = fromText.reason else {
            Issue.record("\(fromText.reason)")
            return
        }
        var warning = MappingWarning(path: "", property: "", value: nil, notice: .unknownKey)
        #expect(warning == MappingWarning(path: "", property: "", kind: .unknownKey, value: nil, message: warning.message))
        warning.message = "changed"
        #expect(warning.message == "changed")
    }
}

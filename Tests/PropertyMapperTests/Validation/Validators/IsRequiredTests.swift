import FeedModel
import Foundation
import PropertyMapper
import Testing

@Suite struct IsRequiredTests {
    struct Post: Equatable {
        var title: String?
        var count = 0
        var link: URL?
        var kind: VideoType?
        var tags: [String] = []
        var email = ""
        var latitude = 0.0
        var longitude = 0.0

        func kind(from text: String) -> VideoType? { VideoType(rawValue: text) }
    }

    static func map(
        _ source: [String: Any],
        _ mapping: Mapping<Post>,
        from start: Post = Post(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (post: Post, errors: [ValidationError]) {
        var post = start
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &post, using: mapping)
        } catch {
            #expect(post == start, "nothing is written after a failure", sourceLocation: sourceLocation)
            return (post, error.errors)
        }
        return (post, [])
    }

    static let mapping: Mapping<Post> = [
        "title": .property(\.title).isRequired(),
        "count": .property(\.count).isRequired(),
        "link": .box(.url, \.link).isRequired(),
        "kind": .call(Post.kind(from:), \.kind).isRequired(),
        "tags": .property(\.tags).isRequired(),
    ]

    static var complete: [String: Any] {
        [
            "title": "Hello", "count": 3, "link": "https://example.com", "kind": "live", "tags": ["a"],
        ]
    }

    @Test(arguments: SourceForm.allCases)
    func passesOnPresentValues(form: SourceForm) throws {
        let result = Self.map(try form(Self.complete), Self.mapping)
        #expect(result.errors.isEmpty)
        #expect(result.post == Post(title: "Hello", count: 3, link: URL(string: "https://example.com"), kind: .live, tags: ["a"]))
    }

    @Test(arguments: SourceForm.allCases)
    func passesOnEmptyValues(form: SourceForm) throws {
        var record = Self.complete
        record["title"] = ""
        record["tags"] = [String]()
        record["count"] = 0
        let result = Self.map(try form(record), Self.mapping)
        #expect(result.errors.isEmpty)
        #expect(result.post.title == "")
    }

    static let expectedProperties = ["title": "title", "count": "count", "link": "link", "kind": "kind", "tags": "tags"]

    @Test(arguments: ["title", "count", "link", "kind", "tags"], SourceForm.allCases)
    func failsOnAbsentValue(key: String, form: SourceForm) throws {
        var record = Self.complete
        record[key] = nil
        let result = Self.map(try form(record), Self.mapping)
        expectOnlyError(result.errors, path: key, property: Self.expectedProperties[key] ?? "", rule: "isRequired", value: nil)
    }

    @Test(arguments: ["title", "count", "link", "kind", "tags"], SourceForm.allCases)
    func failsOnNullWithOneErrorOnly(key: String, form: SourceForm) throws {
        // Null into the non-optional count and tags is not also a type error.
        var record = Self.complete
        record[key] = NSNull()
        let result = Self.map(try form(record), Self.mapping)
        expectOnlyError(result.errors, path: key, property: Self.expectedProperties[key] ?? "", rule: "isRequired", value: "null")
    }

    @Test func everyAbsentFieldIsReportedInDeclarationOrder() {
        let errors = Self.map([:], Self.mapping).errors
        #expect(errors.map(\.path) == ["title", "count", "link", "kind", "tags"])
        #expect(errors.map(\.rule) == Array(repeating: "isRequired", count: 5))
    }

    @Test func wrongTypeIsOneTypeError() {
        var record = Self.complete
        record["count"] = "3"
        expectOnlyError(Self.map(record, Self.mapping).errors, path: "count", property: "count", rule: "type", value: #""3""#)
    }

    @Test func positionInTheChainDoesNotMatter() {
        let first: Mapping<Post> = ["title": .property(\.title).isRequired().minLength(3)]
        let last: Mapping<Post> = ["title": .property(\.title).minLength(3).isRequired()]
        for mapping in [first, last] {
            #expect(Self.map([:], mapping).errors.map(\.rule) == ["isRequired"])
            #expect(Self.map(["title": NSNull()], mapping).errors.map(\.rule) == ["isRequired"])
            #expect(Self.map(["title": "ab"], mapping).errors.map(\.rule) == ["minLength"])
        }
    }

    @Test func optionalFieldWithoutItAcceptsAbsentAndNull() {
        let mapping: Mapping<Post> = ["title": .property(\.title).minLength(3)]
        #expect(Self.map([:], mapping, from: Post(title: "kept")).post.title == "kept")
        #expect(Self.map(["title": NSNull()], mapping, from: Post(title: "kept")).post.title == nil)
    }

    // MARK: Nested mappings

    static let nested: Mapping<Post> = [
        "author": ["email": .property(\.email).isRequired()],
        "geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude)],
    ]

    @Test func absentOrNullContainerCountsAsAbsentForEveryEntry() {
        for record in [[:], ["author": NSNull(), "geo": NSNull()]] as [[String: Any]] {
            let errors = Self.map(record, Self.nested).errors
            #expect(errors.map(\.path) == ["author.email", "geo[0]"])
            #expect(errors.map(\.property) == ["email", "latitude"])
            #expect(errors.map(\.rule) == ["isRequired", "isRequired"])
            #expect(errors.map(\.value) == [nil, nil])
        }
    }

    @Test func indexPastTheEndIsAbsent() {
        let mapping: Mapping<Post> = ["geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude).isRequired()]]
        let result = Self.map(["geo": [1.5]], mapping)
        expectOnlyError(result.errors, path: "geo[1]", property: "longitude", rule: "isRequired", value: nil)
        let null = Self.map(["geo": [1.5, NSNull()]], mapping)
        expectOnlyError(null.errors, path: "geo[1]", property: "longitude", rule: "isRequired", value: "null")
    }

    @Test func requiredNestedNodeIsOneErrorForItsAbsence() {
        let author: PropertyDescriptor<Post> = ["email": .property(\.email).isRequired(), "title": .property(\.title)]
        let mapping: Mapping<Post> = ["author": author.isRequired()]
        let absent = Self.map([:], mapping)
        expectOnlyError(absent.errors, path: "author", property: "email, title", rule: "isRequired", value: nil)
        let null = Self.map(["author": NSNull()], mapping)
        expectOnlyError(null.errors, path: "author", property: "email, title", rule: "isRequired", value: "null")
        let present = Self.map(["author": ["email": "a@b.co"]], mapping)
        #expect(present.errors.isEmpty)
        #expect(present.post.email == "a@b.co")
    }

    @Test func requiredListIsOneErrorForItsAbsence() {
        let mapping: Mapping<Post> = ["link": PropertyDescriptor.list(.box(.url, \.link), .property(\.title)).isRequired()]
        expectOnlyError(Self.map([:], mapping).errors, path: "link", property: "link, title", rule: "isRequired", value: nil)
        let present = Self.map(["link": "https://a.io"], mapping)
        #expect(present.post.title == "https://a.io")
        #expect(present.post.link == URL(string: "https://a.io"))
    }
}

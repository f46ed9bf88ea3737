import FeedModel
import Foundation
import PropertyMapper
import Testing

/// Mappings and sources of the wrong shape: a property targeted twice, and scalars or arrays
/// where a dictionary is expected.
@Suite struct MappingShapeTests {
    static let twice: Mapping<RecordingModel> = [
        "name": .property(\.title).minLength(3),
        "title": .property(\.title).maxLength(5),
    ]

    @Test func samePropertyTwiceTheLaterWriteWins() throws {
        let model = RecordingModel()
        try Mapper.mapValues(from: ["name": "first", "title": "later"], to: model, using: Self.twice)
        #expect(model.title == "later")
        #expect(model.log == ["title", "title"])
    }

    @Test func samePropertyTwiceBothAreChecked() {
        let model = RecordingModel()
        let errors = mappingErrors { try Mapper.mapValues(from: ["name": "ab", "title": "too long"], to: model, using: Self.twice) }
        #expect(errors.map(\.path) == ["name", "title"])
        #expect(errors.map(\.rule) == ["minLength", "maxLength"])
        #expect(model.title == "preset title")
        let onlyFirst = RecordingModel()
        try? Mapper.mapValues(from: ["name": "first"], to: onlyFirst, using: Self.twice)
        #expect(onlyFirst.title == "first")
    }

    /// `Video` has plain stored properties, so their names appear in `property`.
    static let record: Mapping<Video> = [
        "id": .property(\.id).isRequired(),
        "author": ["email": .property(\.authorEmail), "name": .property(\.authorName)],
    ]

    static var roots: [Any] { [42, "text", true, [1, 2] as [Any], 2.5] }

    @Test(arguments: 0..<5)
    func scalarOrArraySourceIsOneTypeErrorAtTheRoot(index: Int) {
        let source = Self.roots[index]
        let model = Video()
        let before = model.snapshot
        let errors = mappingErrors { try Mapper.mapValues(from: source, to: model, using: Self.record) }
        let error = expectSingleError(errors, at: "", rule: "type")
        #expect(error?.property == "id, authorEmail, authorName")
        #expect(model.snapshot == before)
    }

    @Test(arguments: ["42", #""text""#, "true", "[1, 2]"])
    func scalarJSONDocumentIsOneTypeErrorAtTheRoot(json: String) {
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: Video(), using: Self.record) }
        expectSingleError(errors, at: "", rule: "type")
    }

    @Test func nullOrAbsentSourceCountsAsAbsent() {
        for source in [nil, NSNull()] as [Any?] {
            let errors = mappingErrors { try Mapper.mapValues(from: source, to: Video(), using: Self.record) }
            expectSingleError(errors, at: "id", rule: "isRequired")
        }
    }

    static var authors: [Any] { [5, "author", [["email": "x"]] as [Any]] }

    @Test(arguments: 0..<3)
    func scalarWhereANestedDictionaryIsExpected(index: Int) {
        let author = Self.authors[index]
        let errors = mappingErrors { try Mapper.mapValues(from: ["id": 1, "author": author], to: Video(), using: Self.record) }
        let error = expectSingleError(errors, at: "author", rule: "type")
        #expect(error?.property == "authorEmail, authorName")
    }
}

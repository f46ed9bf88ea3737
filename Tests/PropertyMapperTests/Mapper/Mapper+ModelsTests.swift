import Foundation
import PropertyMapper
import Testing

// The model entry points agree: validate(_:as:) returns what map throws, and the array entry
// points refuse a source that is not an array with one `type` error at path "".

private typealias Repo = GitHub.Repo
private typealias Team = GitHub.Team
private typealias Author = GitHub.Author

private func errors<T>(_ body: () throws(MappingError) -> T) -> [ValidationError] {
    do {
        _ = try body()
        return []
    } catch {
        return error.errors
    }
}

/// Sources for `Repo`, valid and defective in every way the model graph can be.
private var repoSources: [(String, Any?)] {
    [
        ("valid", GitHub.repoJSON()),
        ("bad owner", GitHub.repoJSON(owner: GitHub.author(0, "x"))),
        ("bad license", GitHub.repoJSON(license: ["key": "", "name": 3])),
        ("bad visibility", GitHub.repoJSON(visibility: "internal")),
        ("everything absent", [String: Any]()),
        ("not a dictionary", [1, 2]),
        ("a string", "repo"),
        ("null", NSNull()),
        ("nil", nil),
    ]
}

private var teamSources: [(String, Any?)] {
    [
        ("valid", ["name": "t", "members": [GitHub.author(1)]]),
        ("bad members", ["members": [GitHub.author(1), GitHub.author(-1), "x"], "lead": NSNull()]),
        ("bad comments", ["comments": [["id": 1, "author": GitHub.author(1), "replies": [["id": 0]]]]]),
        ("not a dictionary", 12),
        ("nil", nil),
    ]
}

@Suite("Models: entry points agree")
struct ModelEntryPointTests {
    @Test(arguments: repoSources.indices)
    func validateAsReturnsExactlyWhatMapThrowsForAnImmutableModel(index: Int) {
        let (_, source) = repoSources[index]
        let thrown = errors { () throws(MappingError) in try Mapper.map(Repo.self, from: source) }
        #expect(Mapper.validate(source, as: Repo.self) == thrown)
    }

    @Test(arguments: teamSources.indices)
    func validateAsReturnsExactlyWhatMapThrowsForAMappableModel(index: Int) {
        let (_, source) = teamSources[index]
        let thrown = errors { () throws(MappingError) in try Mapper.map(Team.self, from: source) }
        #expect(Mapper.validate(source, as: Team.self) == thrown)
        // `validate(_:for:using:)` is `mapValues`' dry run, which finds no value in nil; `map` makes no model of it.
        #expect(Mapper.validate(source, for: Team(), using: Team.mapping) == (source == nil ? [] : thrown))
    }

    @Test func validateAsMatchesMapForDefectiveSourcesWithSeveralErrors() {
        let source = GitHub.repoJSON(
            owner: ["id": "1", "email": NSNull()], license: ["key": String(repeating: "k", count: 21)], visibility: "x")
        let thrown = errors { () throws(MappingError) in try Mapper.map(Repo.self, from: source) }
        #expect(thrown.map(\.path) == ["owner.id", "owner.email", "license.key", "visibility"])
        #expect(Mapper.validate(source, as: Repo.self) == thrown)
    }

    @Test func aNonDictionarySourceForOneModelIsOneTypeErrorAtTheRoot() {
        let thrown = errors { () throws(MappingError) in try Mapper.map(Author.self, from: "author") }
        #expect(thrown.map(\.rule) == ["type"])
        #expect(thrown.map(\.path) == [""])
        let fromJSON = errors { () throws(MappingError) in try Mapper.map(Author.self, fromJSON: "[1, 2]") }
        #expect(fromJSON.map(\.rule) == ["type"])
        #expect(fromJSON.map(\.path) == [""])
    }

    @Test(arguments: 0..<5)
    func mapArrayAsOnANonArraySourceThrowsOneTypeErrorAtTheRoot(index: Int) {
        let sources: [Any?] = [["id": 1] as [String: Any], "records", 3, NSNull(), nil]
        let source = sources[index]
        let immutable = errors { () throws(MappingError) in try Mapper.mapArray(from: source, as: Repo.self) }
        #expect(immutable.map(\.rule) == ["type"])
        #expect(immutable.map(\.path) == [""])
        #expect(immutable.map(\.property) == [""])
        let mappable = errors { () throws(MappingError) in try Mapper.mapArray(from: source, as: Author.self) }
        #expect(mappable == immutable)
        let all = errors { () throws(MappingError) in try Mapper.map([Repo].self, from: source) }
        #expect(all == immutable)
        let allMappable = errors { () throws(MappingError) in try Mapper.map([Author].self, from: source) }
        #expect(allMappable == immutable)
    }

    @Test(arguments: [#"{"id": 1}"#, #""records""#, "3", "null", "true"])
    func arrayEntryPointsOnANonArrayJSONDocumentThrowOneTypeError(json: String) {
        let reference = errors { () throws(MappingError) in
            try Mapper.mapArray(from: try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed), as: Author.self)
        }
        #expect(reference.map(\.rule) == ["type"])
        #expect(reference.map(\.path) == [""])
        let batch = errors { () throws(MappingError) in try Mapper.mapArray(fromJSON: Data(json.utf8), as: Author.self) }
        #expect(batch == reference)
        let all = errors { () throws(MappingError) in try Mapper.map([Author].self, fromJSON: json) }
        #expect(all == reference)
        let allData = errors { () throws(MappingError) in try Mapper.map([Repo].self, fromJSON: Data(json.utf8)) }
        #expect(allData == reference)
    }

    @Test func emptyArraysAreEmptyResults() throws {
        #expect(try Mapper.map([Repo].self, from: [Any]()).isEmpty)
        #expect(try Mapper.map([Repo].self, fromJSON: "[]").isEmpty)
        #expect(try Mapper.mapArray(from: NSArray(), as: Author.self).results.isEmpty)
        #expect(try Mapper.mapArray(fromJSON: Data("[ ]".utf8), as: Repo.self).results.isEmpty)
    }

    @Test func foundationContainersMapAsSwiftOnes() throws {
        let swift = GitHub.repoJSON(license: ["key": "mit"])
        let foundation = NSDictionary(dictionary: swift)
        #expect(try Mapper.map(Repo.self, from: foundation) == (try Mapper.map(Repo.self, from: swift)))
        let array = NSArray(array: [swift, foundation])
        #expect(try Mapper.map([Repo].self, from: array).count == 2)
    }
}

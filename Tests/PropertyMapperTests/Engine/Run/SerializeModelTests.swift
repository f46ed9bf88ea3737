import Foundation
import PropertyMapper
import Testing

private typealias Author = GitHub.Author
private typealias Repo = GitHub.Repo
private typealias License = GitHub.License
private typealias Comment = GitHub.Comment
private typealias Team = GitHub.Team

private func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

/// A model whose nested model is merged, and whose enum has integer raw values.
private struct Settings: Mappable, Equatable {
    enum Level: Int, CaseIterable {
        case low = 1
        case high = 2
    }
    var owner = Author()
    var level: Level = .low
    var levels: [String: Level] = [:]
    static let mapping: Mapping<Settings> = [
        "owner": .property(\.owner).merging(),
        "level": .property(\.level),
        "levels": .property(\.levels),
    ]
}

@Suite
struct SerializeModelTests {
    @Test func anImmutableModelWithNestedModelsAndEnums() throws {
        let repo = try Mapper.map(Repo.self, from: GitHub.repoJSON(license: ["key": "mit", "name": "MIT"]))
        #expect(
            text(try Mapper.serializeJSON(repo))
                == #"{"id":7,"name":"mapper","owner":{"id":1,"email":"a@example.com"},"license":{"key":"mit","name":"MIT"},"#
                + #""visibility":"public","topics":["swift"]}"#)
        #expect(try Mapper.map(Repo.self, fromJSON: try Mapper.serializeJSON(repo)) == repo)
        #expect(try Mapper.map(Repo.self, from: try Mapper.serialize(repo)) == repo)
    }

    @Test func aNilNestedModelIsOmittedOrNull() throws {
        let repo = try Mapper.map(Repo.self, from: GitHub.repoJSON())
        #expect(try Mapper.serialize(repo)["license"] == nil)
        #expect(try Mapper.serialize(repo, options: .writingNulls)["license"] is NSNull)
        #expect(try Mapper.map(Repo.self, fromJSON: try Mapper.serializeJSON(repo, options: .writingNulls)) == repo)
    }

    @Test func everyContainerOfModels() throws {
        let source: [String: Any] = [
            "name": "core",
            "lead": GitHub.author(1),
            "members": [GitHub.author(2), GitHub.author(3)],
            "byID": ["x": GitHub.author(4), "y": GitHub.author(5)],
            "unique": [GitHub.author(6)],
            "matrix": [[GitHub.author(7)], [], [GitHub.author(8), GitHub.author(9)]],
            "kinds": ["private", "public"],
            "comments": [["id": 1, "author": GitHub.author(1), "replies": [["id": 2, "author": GitHub.author(2), "replies": []]]]],
        ]
        let team = try Mapper.map(Team.self, from: source)
        let json = try Mapper.serializeJSON(team, options: .sortedKeys)
        #expect(text(json).hasPrefix(#"{"byID":{"x":{"email":"a@example.com","id":4},"y":{"email":"a@example.com","id":5}},"comments":"#))
        let again = try Mapper.map(Team.self, fromJSON: json)
        #expect(again.name == team.name && again.lead == team.lead && again.members == team.members)
        #expect(again.byID == team.byID && again.unique == team.unique && again.matrix == team.matrix)
        #expect(again.kinds == team.kinds && again.comments == team.comments)
    }

    @Test func mergedModelsAndIntegerEnums() throws {
        var settings = Settings()
        settings.owner = Author(id: 3, email: "c@example.com")
        settings.level = .high
        settings.levels = ["a": .low, "b": .high]
        let json = try Mapper.serializeJSON(settings, options: .sortedKeys)
        #expect(text(json) == #"{"level":2,"levels":{"a":1,"b":2},"owner":{"email":"c@example.com","id":3}}"#)
        #expect(try Mapper.map(Settings.self, fromJSON: json) == settings)
    }

    @Test func arraysOfModelsWithTheirOwnMapping() throws {
        let authors = [Author(id: 1, email: "a@example.com"), Author(id: 2, email: "b@example.com")]
        let json = try Mapper.serializeJSON(authors)
        #expect(text(json) == #"[{"id":1,"email":"a@example.com"},{"id":2,"email":"b@example.com"}]"#)
        #expect(try Mapper.map([Author].self, fromJSON: json) == authors)
        #expect(try Mapper.serialize(authors).map { $0["id"] as? Int } == [1, 2])
        let repos = [try Mapper.map(Repo.self, from: GitHub.repoJSON(id: 1)), try Mapper.map(Repo.self, from: GitHub.repoJSON(id: 2))]
        #expect(try Mapper.map([Repo].self, fromJSON: try Mapper.serializeJSON(repos)) == repos)
        #expect(try Mapper.serialize(repos).count == 2)
    }

    @Test func nestedErrorsCarryFullPaths() {
        struct Scores: Mappable {
            var values: [Double] = []
            static let mapping: Mapping<Scores> = ["values": .property(\.values)]
        }
        struct Board: Mappable {
            var rounds: [Scores] = []
            static let mapping: Mapping<Board> = ["rounds": .property(\.rounds)]
        }
        var board = Board()
        board.rounds = [Scores(values: [1]), Scores(values: [2, .nan])]
        let error = #expect(throws: MappingError.self) { try Mapper.serializeJSON([board, board]) }
        #expect(error?.errors.map(\.path) == ["[0].rounds[1].values[1]", "[1].rounds[1].values[1]"])
        #expect(error?.errors.map(\.property) == ["[0].rounds[1].values", "[1].rounds[1].values"])
        #expect(error?.errors.allSatisfy { $0.rule == "serialize" } == true)
    }
}

import Foundation
import PropertyMapper
import Testing

private typealias Author = GitHub.Author
private typealias Repo = GitHub.Repo
private typealias License = GitHub.License
private typealias Comment = GitHub.Comment
private typealias Team = GitHub.Team
private func author(_ id: Int, _ email: String = "a@example.com") -> [String: Any] { GitHub.author(id, email) }
private func repoJSON(
    id: Int = 7, owner: [String: Any] = GitHub.author(1), license: Any = NSNull(), visibility: String = "public"
) -> [String: Any] {
    GitHub.repoJSON(id: id, owner: owner, license: license, visibility: visibility)
}

/// Models: Mappable, ImmutableMappable, nested models.
@Suite
struct ModelTests {
    @Test func immutableModelWithNestedAndOptionalModels() throws {
        let repo = try Mapper.map(Repo.self, from: repoJSON(license: ["key": "mit", "name": "MIT"]))
        #expect(repo.owner == Author(id: 1, email: "a@example.com"))
        #expect(repo.license == License(key: "mit", name: "MIT"))
        #expect(repo.visibility == .public)
        #expect(repo.topics == ["swift"])
    }

    @Test func nullOptionalModelIsNil() throws {
        let repo = try Mapper.map(Repo.self, from: repoJSON())
        #expect(repo.license == nil)
    }

    @Test func absentNonOptionalInImmutableModelIsRequired() {
        var json = repoJSON()
        json["name"] = nil
        json["license"] = nil
        #expect(Mapper.validate(json, as: Repo.self).map(\.rule) == ["isRequired"])
        #expect(Mapper.validate(json, as: Repo.self).map(\.path) == ["name"])
    }

    @Test func nestedErrorsCarryFullPathsOnBothSides() {
        let json = repoJSON(owner: author(0, "nope"), visibility: "secret")
        let errors = Mapper.validate(json, as: Repo.self)
        #expect(errors.map(\.path) == ["owner.id", "owner.email", "visibility"])
        #expect(errors.map(\.property) == ["owner.id", "owner.email", "visibility"])
        #expect(errors.map(\.rule) == ["min", "matchesRegEx", "type"])
        #expect(
            errors[2].description == #"visibility → visibility: not a Visibility, expected one of "public", "private"; got "secret" [type]"#
        )
    }

    @Test func fromJSONDataAndString() throws {
        let text =
            #"{"id": 3, "name": "n", "owner": {"id": 2, "email": "b@example.com", "junk": [1, 2]}, "license": null, "visibility": "private", "topics": []}"#
        let fromText = try Mapper.map(Repo.self, fromJSON: text)
        let fromData = try Mapper.map(Repo.self, fromJSON: Data(text.utf8))
        #expect(fromText == fromData)
        #expect(fromText.owner.id == 2 && fromText.visibility == .private)
    }

    @Test func arrayOfModelsIsAllOrNothingWithIndexedPaths() throws {
        let good = [repoJSON(id: 1), repoJSON(id: 2)]
        #expect(try Mapper.map([Repo].self, from: good).map(\.id) == [1, 2])
        let bad: [Any] = [repoJSON(id: 1), repoJSON(id: 2), repoJSON(id: 3), repoJSON(owner: author(1, "x"))]
        let error = #expect(throws: MappingError.self) { try Mapper.map([Repo].self, from: bad) }
        #expect(error?.errors.map(\.path) == ["[3].owner.email"])
        #expect(error?.errors.map(\.property) == ["[3].owner.email"])
        let data = try JSONSerialization.data(withJSONObject: bad)
        let jsonError = #expect(throws: MappingError.self) { try Mapper.map([Repo].self, fromJSON: data) }
        #expect(jsonError?.errors == error?.errors)
    }

    @Test func mapArrayAsKeepsEachRecordApart() throws {
        let data = try JSONSerialization.data(withJSONObject: [repoJSON(id: 1), repoJSON(visibility: "x"), repoJSON(id: 3)])
        let batch = try Mapper.mapArray(fromJSON: data, as: Repo.self)
        #expect(batch.models.map(\.id) == [1, 3])
        #expect(batch.failures.map(\.index) == [1])
        #expect(batch.failures.first?.error.errors.map(\.path) == ["visibility"])
        let fromArray = try Mapper.mapArray(from: [author(1), author(-1)], as: Author.self)
        #expect(fromArray.models == [Author(id: 1, email: "a@example.com")])
    }

    @Test func recursiveModelsReportDeepPaths() throws {
        let tree: [String: Any] = [
            "id": 1, "author": author(1),
            "replies": [
                ["id": 2, "author": author(2), "replies": []],
                ["id": 3, "author": author(3), "replies": [["id": 4, "author": ["id": 4, "email": "bad"], "replies": []]]],
            ],
        ]
        let errors = Mapper.validate(tree, as: Comment.self)
        #expect(errors.map(\.path) == ["replies[1].replies[0].author.email"])
        #expect(errors.map(\.property) == ["replies[1].replies[0].author.email"])
        var fixed = tree
        fixed["replies"] = [["id": 2, "author": author(2), "replies": [["id": 5, "author": author(5)]]]]
        let comment = try Mapper.map(Comment.self, from: fixed)
        #expect(comment.replies.first?.replies.first?.id == 5)
    }

    @Test func everyContainerOfModels() throws {
        let json: [String: Any] = [
            "name": "core",
            "lead": author(1),
            "members": [author(2), author(3)],
            "byID": ["a": author(4)],
            "unique": [author(5), author(5)],
            "matrix": [[author(6)], [], [author(7)]],
            "kinds": ["public", "private"],
            "comments": [["id": 1, "author": author(8)]],
        ]
        let team = try Mapper.map(Team.self, from: json)
        #expect(team.lead?.id == 1)
        #expect(team.members.map(\.id) == [2, 3])
        #expect(team.byID["a"]?.id == 4)
        #expect(team.unique.count == 1)
        #expect(team.matrix.map { $0.map(\.id) } == [[6], [], [7]])
        #expect(team.kinds == [.public, .private])
        #expect(team.comments.first?.author.id == 8)
    }

    @Test func errorsInsideEveryContainer() {
        let json: [String: Any] = [
            "lead": author(0),
            "members": [author(2), author(-3)],
            "byID": ["abc": author(1, "x"), "a.b": author(-1)],
            "unique": [author(1), "no"],
            "matrix": [[author(1)], [author(1), author(1), author(0)]],
            "kinds": ["public", "internal"],
        ]
        let errors = Mapper.validate(json, as: Team.self)
        #expect(
            errors.map(\.path) == [
                "lead.id", "members[1].id", #"byID["a.b"].id"#, "byID.abc.email", "unique[1]", "matrix[1][2].id", "kinds[1]",
            ])
        #expect(
            errors.map(\.property) == [
                "lead.id", "members[1].id", #"byID["a.b"].id"#, "byID.abc.email", "unique[1]", "matrix[1][2].id", "kinds",
            ])
    }

    @Test func failedNestedModelWritesNothingAnywhere() {
        let team = Team()
        team.name = "before"
        let json: [String: Any] = ["name": "after", "members": [author(1), author(2)], "comments": [["id": 1, "author": author(0)]]]
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: json, to: team, using: Team.mapping) }
        #expect(team.name == "before")
        #expect(team.members.isEmpty)
    }

    @Test func integerEnumsAndUnknownRawValues() {
        enum Level: Int, CaseIterable {
            case low = 1
            case high = 2
        }
        struct Holder: Mappable {
            var level = Level.low
            var optional: Level?
            static let mapping: Mapping<Holder> = ["level": .property(\.level), "optional": .property(\.optional)]
        }
        #expect((try? Mapper.map(Holder.self, from: ["level": 2, "optional": NSNull()]))?.level == .high)
        let errors = Mapper.validate(["level": 3, "optional": "2"], as: Holder.self)
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(errors.first?.message == "not a Level, expected one of 1, 2")
    }
}

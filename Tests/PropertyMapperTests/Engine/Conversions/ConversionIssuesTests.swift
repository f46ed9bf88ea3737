import Foundation
import Testing

@testable import PropertyMapper

/// How a conversion's issues become errors and warnings: paths joined from the outer value to the
/// inner one, on the source side and on the property side.
@Suite struct ConversionIssuesTests {
    struct Person: Mappable, Equatable {
        var email = ""
        var nickname = ""
        static let mapping: Mapping<Person> = [
            "mail": .property(\.email).lengthRange(3, 80),
            "nick": .property(\.nickname, default: "anonymous"),
        ]
    }

    struct Team {
        var lead = Person()
        var members: [Person] = []
        static let mapping: Mapping<Team> = ["by": .property(\.lead), "people": .property(\.members)]
    }

    @Test func pathsJoin() {
        #expect(Paths.suffix("") == "")
        #expect(Paths.suffix("email") == ".email")
        #expect(Paths.suffix("[2].email") == "[2].email")
        #expect(Paths.joined("", ".email") == "email")
        #expect(Paths.joined("", "[2]") == "[2]")
        #expect(Paths.joined("author", ".email") == "author.email")
        #expect(Paths.joined("tags", "[2]") == "tags[2]")
    }

    @Test func pathsKnowWhatLiesUnderAParent() {
        #expect(Paths.rebased("author", from: "author", to: "writer") == "writer")
        #expect(Paths.rebased("author[1]", from: "author", to: "writer") == "writer[1]")
        #expect(Paths.rebased("author.email", from: "author", to: "writer") == "writer.email")
        #expect(Paths.rebased("authors.email", from: "author", to: "writer") == "authors.email")
    }

    @Test func aNestedModelsErrorsJoinBothPaths() {
        var team = Team()
        let errors = mappingErrors {
            try Mapper.mapValues(
                from: ["by": ["mail": "x"], "people": [["mail": "a@b.c"], ["mail": "y"]]], to: &team, using: Team.mapping)
        }
        #expect(errors.map(\.path) == ["by.mail", "people[1].mail"])
        #expect(errors.map(\.property) == ["lead.email", "members[1].email"])
        #expect(errors.map(\.rule) == ["lengthRange", "lengthRange"])
    }

    @Test func aNestedModelsWarningsJoinBothPathsAndAreNotErrors() throws {
        var team = Team()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            from: ["by": ["mail": "lead@b.c"], "people": [["mail": "a@b.c", "nick": "A"], ["mail": "b@b.c"]]], to: &team,
            using: Team.mapping,
            warnings: &warnings)
        #expect(warnings.map(\.path) == ["by.nick", "people[1].nick"])
        #expect(warnings.map(\.property) == ["lead.nickname", "members[1].nickname"])
        #expect(warnings.allSatisfy { $0.kind == .defaultUsed })
        #expect(team.members.map(\.nickname) == ["A", "anonymous"])
    }
}

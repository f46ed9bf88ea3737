import Foundation
import PropertyMapper

// The models of DESIGN.md's "Models" section, and a few more shapes, for the model tests.

enum GitHub {
    static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    struct Author: Mappable, Equatable, Hashable {
        var id = 0
        var email = ""
        static let mapping: Mapping<Author> = [
            "id": .property(\.id).min(1),
            "email": .property(\.email).matchesRegEx(emailPattern),
        ]
    }

    enum Visibility: String, CaseIterable, Equatable {
        case `public`, `private`
    }

    struct License: ImmutableMappable, Equatable {
        let key: String
        let name: String?
        static let mapping: Mapping<License> = [
            "key": .property(\.key).lengthRange(1, 20),
            "name": .property(\.name),
        ]
        init(key: String, name: String?) {
            self.key = key
            self.name = name
        }
        init(_ values: MappedValues<License>) throws {
            key = try values[\.key]
            name = try values[\.name]
        }
    }

    struct Repo: ImmutableMappable, Equatable {
        let id: Int
        let name: String
        let owner: Author
        let license: License?
        let visibility: Visibility
        let topics: [String]
        static let mapping: Mapping<Repo> = [
            "id": .property(\.id),
            "name": .property(\.name).lengthRange(1, 100),
            "owner": .property(\.owner),
            "license": .property(\.license),
            "visibility": .property(\.visibility),
            "topics": .property(\.topics),
        ]
        init(_ values: MappedValues<Repo>) throws {
            id = try values[\.id]; name = try values[\.name]; owner = try values[\.owner]
            license = try values[\.license]; visibility = try values[\.visibility]; topics = try values[\.topics]
        }
    }

    /// A recursive model: a comment with replies.
    struct Comment: Mappable, Equatable, Sendable {
        var id = 0
        var author = Author()
        var replies: [Comment] = []
        static let mapping: Mapping<Comment> = [
            "id": .property(\.id).min(1),
            "author": .property(\.author).isRequired(),
            "replies": .property(\.replies),
        ]
    }

    /// A class model holding every container of models.
    final class Team: Mappable {
        var name = ""
        var lead: Author?
        var members: [Author] = []
        var byID: [String: Author] = [:]
        var unique: Set<Author> = []
        var matrix: [[Author]] = []
        var kinds: [Visibility] = []
        var comments: [Comment] = []
        static let mapping: Mapping<Team> = [
            "name": .property(\.name),
            "lead": .property(\.lead),
            "members": .property(\.members),
            "byID": .property(\.byID),
            "unique": .property(\.unique),
            "matrix": .property(\.matrix),
            "kinds": .property(\.kinds),
            "comments": .property(\.comments),
        ]
        init() {}
    }

    static func author(_ id: Int, _ email: String = "a@example.com") -> [String: Any] {
        ["id": id, "email": email]
    }

    static func repoJSON(
        id: Int = 7, owner: [String: Any] = author(1), license: Any = NSNull(), visibility: String = "public"
    ) -> [String: Any] {
        ["id": id, "name": "mapper", "owner": owner, "license": license, "visibility": visibility, "topics": ["swift"]]
    }
}

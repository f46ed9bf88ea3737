import Foundation
import PropertyMapper

// Step 8 of the tour; the playground page Models holds the same code with its prose.

// tour:begin
/// A repository's visibility; GitHub Enterprise also has "internal", which this model refuses.
enum Visibility: String, CaseIterable {
    case `public`, `private`
}

/// A repository's owner: a mutable model, made by `init()` and then mapped.
struct Owner: Mappable {
    var login = ""
    var id = 0
    var profileURL: URL?

    static let mapping: Mapping<Owner> = [
        "login": .property(\.login).isRequired(),
        "id": .property(\.id).min(1),
        "html_url": .box(.url, \.profileURL),
    ]
}

/// A repository's license: an immutable model, made from its mapped values.
struct License: ImmutableMappable {
    let key: String
    let name: String

    static let mapping: Mapping<License> = [
        "key": .property(\.key),
        "name": .property(\.name),
    ]

    init(_ values: MappedValues<License>) throws {
        key = try values[\.key]
        name = try values[\.name]
    }
}

/// One repository of GitHub's "list repositories" response, with `let` properties.
struct Repo: ImmutableMappable {
    let id: Int
    let name: String
    let owner: Owner  // a nested model
    let license: License?  // null → nil
    let topics: [String]
    let visibility: Visibility  // an enum, by its raw value
    let stars: Int
    let pushedAt: Date

    static let mapping: Mapping<Repo> = [
        "id": .property(\.id).min(1),
        "name": .property(\.name).lengthRange(1, 100),
        "owner": .property(\.owner),
        "license": .property(\.license),
        "topics": .property(\.topics),
        "visibility": .property(\.visibility),
        "stargazers_count": .property(\.stars).min(0),
        "pushed_at": .box(.date, \.pushedAt),
    ]

    init(_ values: MappedValues<Repo>) throws {
        id = try values[\.id]
        name = try values[\.name]
        owner = try values[\.owner]
        license = try values[\.license]
        topics = try values[\.topics]
        visibility = try values[\.visibility]
        stars = try values[\.stars]
        pushedAt = try values[\.pushedAt]
    }
}
// tour:end

func models(_ reposURL: URL) throws {
    step(8, "Models: nested, immutable, enums")
    // tour:begin
    let data = try Data(contentsOf: reposURL)

    // Each record on its own: a bad record fails alone.
    let batch = try Mapper.mapArray(fromJSON: data, as: Repo.self)
    // tour:end
    print("\(reposURL.lastPathComponent): \(batch.results.count) repositories")
    table([
        ["mapped", String(batch.models.count)],
        ["rejected", String(batch.failures.count)],
    ])
    table(
        [["NAME", "OWNER", "LICENSE", "VISIBILITY", "STARS", "TOPICS"]]
            + batch.models.map { repo in
                [repo.name, repo.owner.login, repo.license?.name ?? "nil", repo.visibility.rawValue, String(repo.stars), show(repo.topics)]
            })

    // The rejected record's errors name the full path on both sides, into the nested models.
    for failure in batch.failures {
        print("record \(failure.index): \(failure.error.errors.count) errors")
        errorTable(failure.error.errors)
    }

    // tour:begin
    // All or nothing: one bad record fails the whole array, its errors under its index.
    do {
        let repos = try Mapper.map([Repo].self, fromJSON: data)
        print("all \(repos.count) mapped")
    } catch {
        print("Mapper.map([Repo].self, fromJSON:) throws \(error.errors.count) errors, the first at \(error.errors[0].path)")
    }
    // tour:end
}

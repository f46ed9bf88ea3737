import Foundation
import PropertyMapper

// In this module every type is on the main actor unless it says otherwise. A model is data: keep it
// nonisolated, and its mapping, its key paths and its values work on the main actor and off it.

/// A plain model struct: `nonisolated` keeps it, and its key paths, off the main actor.
nonisolated struct Owner: Equatable {
    var login = ""
    var id = 0

    static let mapping: Mapping<Owner> = [
        "login": .property(\.login).isRequired().lengthRange(1, 39),
        "id": .property(\.id).min(1),
    ]
}

/// A `Mappable` model needs no annotation: the protocol keeps it nonisolated.
struct Label: Mappable, Equatable {
    var name = ""
    var color = "ffffff"

    static let mapping: Mapping<Label> = [
        "name": .property(\.name).isRequired(),
        "color": .property(\.color).matchesRegEx("^[0-9a-f]{6}$"),
    ]
}

/// An enum read by raw value: `Sendable` keeps it nonisolated (as `nonisolated enum` would).
enum Visibility: String, CaseIterable, Sendable {
    case `public`, `private`
}

/// Boxings and validators of your own: a `nonisolated` extension, so that any model can use them.
nonisolated extension Boxing where Value == Int {
    /// `"#42"` is 42.
    static var issueNumber: Self {
        Boxing(named: "issueNumber") { (text: String) in text.hasPrefix("#") ? Int(text.dropFirst()) : nil }
    }
}

nonisolated extension PropertyDescriptor {
    func isSlug() -> Self {
        validate("isSlug") { (text: String) in !text.isEmpty && text.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
    }
}

/// An `ImmutableMappable` model, with `let` properties, a nested model, an array of models, an enum,
/// a boxing and a validator of its own; no annotation either.
struct Repo: ImmutableMappable, Equatable {
    let name: String
    let owner: Owner
    let labels: [Label]
    let visibility: Visibility
    let pinnedIssue: Int?

    static let mapping: Mapping<Repo> = [
        "name": .property(\.name).isSlug(),
        "owner": .property(\.owner),
        "labels": .property(\.labels),
        "visibility": .property(\.visibility),
        "pinned_issue": .box(.issueNumber, \.pinnedIssue),
    ]

    init(_ values: MappedValues<Repo>) throws {
        name = try values[\.name]
        owner = try values[\.owner]
        labels = try values[\.labels]
        visibility = try values[\.visibility]
        pinnedIssue = try values[\.pinnedIssue]
    }
}

/// An extension in this module is on the main actor too: a conformance added later says
/// `nonisolated`, so that `Owner` can be nested in `Repo`.
nonisolated extension Owner: Mappable {}

/// A SwiftUI-style view model: its state belongs to the main actor. It maps into the models it
/// holds, on the main actor; nothing off the main actor can reach them (see `Failing/`).
@MainActor final class RepositoriesViewModel {
    var repositories: [Repo] = []
    var owner = Owner()
    var problems: [ValidationError] = []

    /// Replaces the list, all or nothing.
    func load(_ json: Data) {
        do {
            repositories = try Mapper.map([Repo].self, fromJSON: json)
            problems = []
        } catch {
            problems = error.errors
        }
    }

    /// Updates the owner in place: fields absent from `json` keep their values.
    func updateOwner(from json: [String: Any]) {
        do {
            try Mapper.mapValues(from: json, to: &owner, using: Owner.mapping)
            problems = []
        } catch {
            problems = error.errors
        }
    }
}

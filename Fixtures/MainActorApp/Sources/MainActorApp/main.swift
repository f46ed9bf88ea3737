import Foundation
import PropertyMapper

// Top-level code runs on the main actor. Each line printed is checked by MainActorAppTests.

let viewModel = RepositoriesViewModel()
viewModel.load(
    Data(
        #"""
        [{"name": "property-mapper", "owner": {"login": "octo", "id": 7}, "visibility": "public",
          "labels": [{"name": "swift", "color": "f05138"}], "pinned_issue": "#12"}]
        """#.utf8))
print("loaded:", viewModel.repositories.map(\.name), viewModel.repositories.first?.pinnedIssue ?? 0)

viewModel.load(Data(#"[{"name": "Bad Name", "owner": {"login": "", "id": 0}, "visibility": "internal", "labels": []}]"#.utf8))
print("refused:", viewModel.problems.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", "))
print("kept:", viewModel.repositories.map(\.name))

viewModel.owner = Owner(login: "octo", id: 7)
viewModel.updateOwner(from: ["login": "hubot"])
print("owner:", viewModel.owner.login, viewModel.owner.id)

// The same models map off the main actor too: they are nonisolated.
let fromBackground = await Task.detached { try? Mapper.map(Label.self, from: ["name": "bug", "color": "d73a4a"]) }.value
print("background:", fromBackground?.name ?? "nil")

// The README's first example (ReadmeExample.swift), mapped on the main actor.
let video = try Video(json: ["videoURL": "https://cdn.example.com/v/1.mp4", "name": "Cats on ice", "videoType": "live"])
print("readme:", video.title ?? "nil", video.type.map { "\($0)" } ?? "nil")

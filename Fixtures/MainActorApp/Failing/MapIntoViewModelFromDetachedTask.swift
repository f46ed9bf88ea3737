// expect: main actor-isolated property 'owner' can not be used 'inout' from a nonisolated context
// Nor can a detached task, which runs off the main actor.
import PropertyMapper

func refreshLater(_ viewModel: RepositoriesViewModel, from json: [String: Any]) {
    Task.detached {
        try Mapper.mapValues(from: json, to: &viewModel.owner, using: Owner.mapping)
    }
}

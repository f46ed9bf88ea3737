// expect: main actor-isolated property 'owner' can not be used 'inout' from a nonisolated context
// A nonisolated function cannot map into a view model's state: it belongs to the main actor.
import PropertyMapper

nonisolated func refresh(_ viewModel: RepositoriesViewModel, from json: [String: Any]) throws {
    try Mapper.mapValues(from: json, to: &viewModel.owner, using: Owner.mapping)
}

// expect: does not conform to the 'Sendable' protocol
// The same for a @MainActor class: map into the nonisolated models it holds instead
// (RepositoriesViewModel in Models.swift).
import PropertyMapper

@MainActor final class ProfileViewModel {
    var name = ""
    static let mapping: Mapping<ProfileViewModel> = ["name": .property(\.name)]
}

// expect: does not conform to the 'Sendable' protocol
// A model left on the main actor has no mapping, so it cannot be mapped from any thread: its key
// paths reach main-actor state. Declare it `nonisolated` (see Owner in Models.swift).
import PropertyMapper

struct Settings {
    var theme = ""
    static let mapping: Mapping<Settings> = ["theme": .property(\.theme)]
}

import Foundation
import PropertyMapper
import Testing

/// A nested model merged into its property's current value.
private struct MergedSettings: Mappable, Equatable {
    var theme = "light"
    var fontSize = 12
    static let mapping: Mapping<MergedSettings> = [
        "theme": .property(\.theme).oneOf(["light", "dark"]),
        "fontSize": .property(\.fontSize).range(8, 72),
    ]
}

private final class MergedProfile: Mappable {
    var name = "default"
    var level = 1
    static let mapping: Mapping<MergedProfile> = ["name": .property(\.name), "level": .property(\.level).min(1)]
    init() {}
}

private struct MergedAccount: Mappable {
    var email = ""
    var settings = MergedSettings()
    var profile = MergedProfile()
    static let mapping: Mapping<MergedAccount> = [
        "settings": .property(\.settings).merging(),
        "profile": .property(\.profile).merging(),
        "email": .property(\.email).minLength(3),
    ]
}

private struct FrozenAccount: ImmutableMappable {
    let settings: MergedSettings
    static let mapping: Mapping<FrozenAccount> = ["settings": .property(\.settings).merging()]
    init(_ values: MappedValues<FrozenAccount>) throws { settings = try values[\.settings] }
}

/// Models: merging into the current value.
@Suite
struct MergingFieldTests {
    @Test func absentKeysKeepTheCurrentValues() throws {
        var account = MergedAccount()
        account.settings.fontSize = 20
        let profile = account.profile
        try Mapper.mapValues(
            from: ["settings": ["theme": "dark"], "profile": ["level": 3], "email": "a@b.c"], to: &account, using: MergedAccount.mapping)
        #expect(account.settings == MergedSettings(theme: "dark", fontSize: 20))
        #expect(account.profile === profile)  // the same object, updated in place
        #expect(profile.level == 3 && profile.name == "default")
    }

    @Test func aFailureAnywhereWritesNothingIntoTheMergedModels() {
        var account = MergedAccount()
        let profile = account.profile
        let json: [String: Any] = ["settings": ["theme": "dark"], "profile": ["name": "new", "level": 2], "email": "x"]
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: json, to: &account, using: MergedAccount.mapping) }
        #expect(error?.errors.map(\.path) == ["email"])
        #expect(account.settings == MergedSettings())
        #expect(profile.name == "default" && profile.level == 1)
    }

    @Test func nestedErrorsHaveFullPaths() {
        let errors = Mapper.validate(
            ["settings": ["fontSize": 100], "profile": ["level": 0]], for: MergedAccount(), using: MergedAccount.mapping)
        #expect(errors.map(\.path) == ["settings.fontSize", "profile.level"])
        #expect(errors.map(\.property) == ["settings.fontSize", "profile.level"])
    }

    @Test func aDryRunWritesNothing() {
        let account = MergedAccount()
        #expect(Mapper.validate(["profile": ["name": "changed"]], for: account, using: MergedAccount.mapping).isEmpty)
        #expect(account.profile.name == "default")
    }

    @Test func fromJSON() throws {
        var account = MergedAccount()
        try Mapper.mapValues(
            fromJSON: #"{"settings": {"fontSize": 14, "extra": [1]}, "email": "abc"}"#, to: &account, using: MergedAccount.mapping)
        #expect(account.settings == MergedSettings(theme: "light", fontSize: 14))
    }

    @Test func definitionErrors() {
        #expect(FrozenAccount.mapping.definitionErrors.map(\.rule) == ["mapping"])
        #expect(FrozenAccount.mapping.definitionErrors.first?.message.contains("merging()") == true)
        let notAModel: Mapping<MergedAccount> = ["email": .property(\.email).merging()]
        #expect(notAModel.definitionErrors.map(\.path) == ["email"])
        #expect(Mapper.validate(["settings": [:]], as: FrozenAccount.self).map(\.rule) == ["mapping"])
    }

    /// A merge writes into the current value: a `default:` or `fallback:` would never be written, and there is no new
    /// model for `.ensure` to judge. Each is a definition error saying so.
    @Test func substitutesAndEnsuresOnAMergeAreDefinitionErrors() {
        let fallback: Mapping<MergedAccount> = ["settings": .property(\.settings, fallback: MergedSettings()).merging()]
        let byDefault: Mapping<MergedAccount> = ["settings": .property(\.settings, default: MergedSettings()).merging()]
        for mapping in [fallback, byDefault] {
            #expect(mapping.definitionErrors.map(\.path) == ["settings"])
            #expect(mapping.definitionErrors.first?.message.contains("no default: or fallback:") == true)
        }
        let ensured: Mapping<MergedAccount> = ["settings": .property(\.settings).merging().ensure("any") { (_: MergedSettings) in true }]
        #expect(
            ensured.definitionErrors.map(\.message) == ["ensure any cannot judge a merged model: .merging() writes into the current one"])
    }
}

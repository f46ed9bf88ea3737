import Foundation
import PropertyMapper
import Testing

// MARK: - Support

private struct RTrip: Equatable {
    var start = ""
    var name = ""
    var count = 0
}

/// One mapping's result, unsorted: order is part of the result ("errors in mapping declaration order").
private struct ROutcome: Equatable, CustomStringConvertible {
    var trip: RTrip?
    var errors: [String] = []
    var warnings: [String] = []
    var description: String { "trip: \(String(describing: trip)), errors: \(errors), warnings: \(warnings)" }
}

/// The same JSON through `JSONSerialization` + `mapValues(from:)` and through `mapValues(fromJSON:)`.
private func bothPaths(_ json: String, _ mapping: Mapping<RTrip>) -> (parsed: ROutcome, text: ROutcome) {
    func outcome(_ body: (inout RTrip, inout [MappingWarning]) throws(MappingError) -> Void) -> ROutcome {
        var trip = RTrip()
        var warnings: [MappingWarning] = []
        do {
            try body(&trip, &warnings)
            return ROutcome(trip: trip, warnings: warnings.map(\.description))
        } catch {
            return ROutcome(errors: error.errors.map(\.description))
        }
    }
    let parsed = try! JSONSerialization.jsonObject(with: Data(json.utf8))
    let fromParsed = outcome { trip, warnings throws(MappingError) in
        try Mapper.mapValues(from: parsed, to: &trip, using: mapping, warnings: &warnings)
    }
    let fromText = outcome { trip, warnings throws(MappingError) in
        try Mapper.mapValues(fromJSON: json, to: &trip, using: mapping, warnings: &warnings)
    }
    return (fromParsed, fromText)
}

// MARK: - Models for the rule and polymorphism tests

private struct RStay: Mappable {
    var start = 0
    var end = 0
    var nights = 0
    static let mapping = Mapping<RStay>(
        rules: [
            // Reads `end`, which fails below: not judged (correct).
            MappingRule("endsAfterStart") { try $0[\.end] > $0[\.start] },
            // Reads only `start` and `nights`, which map fine: must be judged.
            MappingRule("nightsPositive") { try $0[\.nights] > 0 && $0[\.start] >= 0 },
        ],
        ["start": .property(\.start), "end": .property(\.end).min(0), "nights": .property(\.nights)])
}

private struct RSettings: Mappable, Equatable {
    var limit = 0
    static let mapping: Mapping<RSettings> = ["limit": .property(\.limit)]
}

private struct RAccount: Mappable {
    var settings = RSettings()
    static let mapping = Mapping<RAccount>(
        rules: [MappingRule("limitPositive") { try $0[\.settings].limit > 0 }],
        ["settings": .property(\.settings).merging()])
}

/// Two entries for one `let` (a shared target): absent from both is one isRequired error.
private struct RShared: ImmutableMappable {
    let value: Int
    static let mapping = Mapping<RShared>(
        rules: [MappingRule("positive") { try $0[\.value] > 0 }],
        ["a": .property(\.value), "b": .property(\.value)])
    init(_ values: MappedValues<RShared>) throws { value = try values[\.value] }
}

/// `RShared` with a `var`, so that a run over an instance may map it too.
private struct RSharedVar: ImmutableMappable {
    var value: Int
    static let mapping = Mapping<RSharedVar>(["a": .property(\.value), "b": .property(\.value)])
    init(_ values: MappedValues<RSharedVar>) throws { value = try values[\.value] }
}

private protocol RAttachment: Sendable {}

private struct RImage: Mappable, RAttachment {
    var width = 0
    var metaWidth = 0
    static let mapping = Mapping<RImage>(
        unknownKeys: .fail,
        [
            "width": .property(\.width),
            "meta": ["w": .property(\.metaWidth)],
        ])
}

private struct RPost: Mappable {
    var cover: any RAttachment = RImage()
    static let mapping: Mapping<RPost> = ["cover": .polymorphic(\.cover, on: "type", ["image": RImage.self])]
}

// MARK: - Tests

@Suite
/// Regressions found in review: the dictionary and JSON-text paths agree on key policies, rules are
/// judged each on its own, and a polymorphic tag is exempt only where it chose the type.
struct PolicyRegressionTests {
    // 1. Rules share one StagedValues: once a rule reads a failed field, every later rule is skipped.
    @Test func aRuleReadingAFailedFieldDoesNotSilenceTheNextRule() {
        var stay = RStay()
        // `end` fails min(0); `nights` is 0, so "nightsPositive" must fail.
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["start": 1, "end": -1, "nights": 0], to: &stay, using: RStay.mapping)
        }
        #expect(error?.errors.map(\.rule) == ["min", "nightsPositive"])
    }

    // 2. A rule over a `.merging()` property cannot see its value before it is written: a clear
    //    error (rule `mapping`), never a bad value written unjudged.
    @Test func aRuleOverAMergedModelIsAnError() {
        var account = RAccount()
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["settings": ["limit": -5]], to: &account, using: RAccount.mapping)
        }
        #expect(error?.errors.map(\.rule) == ["mapping"])
        #expect(error?.errors.first?.message.contains(".merging()") == true)
        #expect(account.settings.limit == 0)
    }

    // 3. An immutable model's shared target, absent: the rule reports a bogus definition error.
    @Test func aSharedTargetAbsentLeavesTheRuleUnjudged() {
        let error = #expect(throws: MappingError.self) { try Mapper.map(RShared.self, from: [String: Any]()) }
        #expect(error?.errors.map(\.rule) == ["isRequired"])
    }

    // 3b. A shared target is checked in every run, as a target of one field is: absent from both of
    //     its keys is `isRequired` in a run over an instance too, not a silent keep.
    @Test func aSharedTargetAbsentIsRequiredInARunOverAnInstance() throws {
        let model = try Mapper.map(RSharedVar.self, from: ["a": 1])
        let errors = Mapper.validate([String: Any](), for: model, using: RSharedVar.mapping)
        #expect(errors.map(\.rule) == ["isRequired"])
        #expect(errors.map(\.property) == ["value"])
        #expect(Mapper.validate(["b": 2], for: model, using: RSharedVar.mapping).isEmpty)
        // As for a target of one field.
        let single = Mapping<RSharedVar>(["a": .property(\.value)])
        #expect(Mapper.validate([String: Any](), for: model, using: single).map(\.rule) == ["isRequired"])
    }

    // 4. The polymorphic tag is exempt at every level of the chosen type's mapping, not only its own.
    @Test func theTagKeyIsUnknownInsideANestedLevelOfTheChosenType() {
        let source: [String: Any] = ["cover": ["type": "image", "width": 1, "meta": ["w": 2, "type": "x"]]]
        let error = #expect(throws: MappingError.self) { try Mapper.map(RPost.self, from: source) }
        #expect(error?.errors.map(\.path) == ["cover.meta.type"])
        #expect(error?.errors.map(\.rule) == ["unknownKey"])
    }

    // 5. Unknown keys: sorted from a dictionary, document order (with repeats) from JSON text.
    @Test func unknownKeysAgreeBetweenParsedAndText() {
        let mapping = Mapping<RTrip>(unknownKeys: .warn, ["name": .property(\.name)])
        let order = bothPaths(#"{"name": "a", "zeta": 1, "alpha": 2}"#, mapping)
        #expect(order.parsed == order.text)
        let repeated = bothPaths(#"{"name": "a", "x": 1, "x": 2}"#, mapping)
        #expect(repeated.parsed == repeated.text)
    }

    // 6. A key found at a common spelling, with a second candidate: the dictionary path stages the
    //    spelled value (its own errors) and reports ambiguousKey after the level's other entries.
    @Test func ambiguityFoundBySpellingAgreesBetweenParsedAndText() {
        let mapping = Mapping<RTrip>(
            keys: .ignoringCaseAndSeparators,
            [
                "startDate": .property(\.start),
                "count": .property(\.count),
            ])
        let result = bothPaths(#"{"start_date": 1, "StartDate": "b", "count": "x"}"#, mapping)
        #expect(result.parsed == result.text)
    }

    // 7. One source key written twice (a JSON escape; or two canonically equivalent spellings) is
    //    not two candidates.
    @Test(arguments: [
        #"{"Start_Date": "a", "Start\u005fDate": "b"}"#,
        "{\"CAF\u{C9}\": \"a\", \"CAFE\u{301}\": \"b\"}",
    ])
    func oneKeyTwiceIsNotAmbiguous(json: String) {
        let mapping = Mapping<RTrip>(
            keys: .ignoringCaseAndSeparators,
            [
                "startDate": .property(\.start), "café": .property(\.name),
            ])
        let result = bothPaths(json, mapping)
        #expect(result.parsed == result.text)
        #expect(result.text.errors.isEmpty)
    }

    // 8. `.alternatives([])` (a public case) has no key: a definition error, on both paths.
    @Test func emptyAlternativesAreADefinitionError() {
        let mapping: Mapping<RTrip> = [.alternatives([]): .property(\.name)]
        #expect(mapping.definitionErrors.map(\.rule) == ["mapping"])
        let result = bothPaths(#"{"": "a"}"#, mapping)
        #expect(result.parsed == result.text && result.text.trip == nil)
        // Keys repeated inside one `.anyOf`, as written or under the policy, are the same key twice.
        #expect(Mapping<RTrip>([.anyOf("a", "a"): .property(\.name)]).definitionErrors.count == 1)
        #expect(Mapping<RTrip>(keys: .caseInsensitive, [.anyOf("a", "A"): .property(\.name)]).definitionErrors.count == 1)
    }

    // 9. `.anyOf` under a looser matching: its keys as written are tried in order; with none
    //    present, its looser matches, across all its keys, must be one (as README says).
    @Test func anyOfLooserMatchesAcrossItsKeysMustBeOne() {
        let mapping = Mapping<RTrip>(keys: .ignoringCaseAndSeparators, [.anyOf("startDate", "begin"): .property(\.start)])
        let result = bothPaths(#"{"start_date": "a", "Begin": "b"}"#, mapping)
        #expect(result.parsed == result.text)
        #expect(result.text.errors == [#"startDate → start: no exact key, and several keys match: "Begin", "start_date" [ambiguousKey]"#])
        #expect(bothPaths(#"{"start_date": "a", "begin": "b"}"#, mapping).text.trip?.start == "b")
    }

    // Remark: the definition error names an `.anyOf` by its first key, not the key that collides.
    @Test func collisionMessageNamesTheCollidingKey() {
        let mapping = Mapping<RTrip>(keys: .caseInsensitive, [.anyOf("start", "Name"): .property(\.start), "name": .property(\.name)])
        let message = mapping.definitionErrors.first?.message ?? ""
        #expect(message.contains("Name"), "\(message)")
    }
}

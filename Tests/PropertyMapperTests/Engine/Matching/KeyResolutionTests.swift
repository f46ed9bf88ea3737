import Foundation
import PropertyMapper
import Testing

/// What mapping `source` into a new `TripFixture` gave: the trip, or each error's path and rule; and
/// each warning's path and kind.
private func resolve(
    _ source: Any, _ mapping: Mapping<TripFixture>
) -> (trip: TripFixture?, errors: [String], warnings: [String]) {
    var trip = TripFixture()
    var warnings: [MappingWarning] = []
    do {
        try Mapper.mapValues(from: source, to: &trip, using: mapping, warnings: &warnings)
        return (trip, [], warnings.map { "\($0.path) \($0.kind.rawValue)" }.sorted())
    } catch {
        return (nil, error.errors.map { "\($0.path) \($0.rule)" }, [])
    }
}

/// Looking a mapping's keys up in a keyed source beyond the first key: alternatives, common spellings,
/// a scan for looser matches, ambiguity and unknown keys, alike for every kind of keyed container.
@Suite struct KeyResolutionTests {
    static let loose = Mapping<TripFixture>(
        keys: .ignoringCaseAndSeparators, unknownKeys: .warn, ["startDate": .property(\.start), "name": .property(\.name)])

    /// The same keys and values as a Swift dictionary, an `NSDictionary` and an `[AnyHashable: Any]`.
    static func containers(_ pairs: [String: Any]) -> [Any] {
        [pairs, NSDictionary(dictionary: pairs), Dictionary(uniqueKeysWithValues: pairs.map { (AnyHashable($0.key), $0.value) })]
    }

    @Test func aCommonSpellingAndAScannedMatchReadAlikeInEveryContainer() {
        for source in Self.containers(["start_date": "a", "NAME": "n"]) + Self.containers(["Start Date": "a", "NAME": "n"]) {
            let outcome = resolve(source, Self.loose)
            #expect(outcome.trip == TripFixture(start: "a", name: "n"), "\(type(of: source))")
            #expect(outcome.warnings.isEmpty)
        }
    }

    @Test func twoLooseMatchesAreAmbiguousInEveryContainer() {
        // One found by its common spelling, one only by the scan: still two candidates.
        for source in Self.containers(["start_date": "a", "START-DATE": "b"]) {
            #expect(resolve(source, Self.loose).errors == ["startDate ambiguousKey"], "\(type(of: source))")
        }
    }

    @Test func anAlternativeIsLookedUpBeforeAnyLooseMatch() {
        let mapping = Mapping<TripFixture>(keys: .caseInsensitive, [.anyOf("start", "begin"): .property(\.start)])
        for source in Self.containers(["BEGIN": "loose", "begin": "alternative"]) {
            #expect(resolve(source, mapping).trip?.start == "alternative", "\(type(of: source))")
        }
        let exact = Mapping<TripFixture>([.anyOf("start", "begin"): .property(\.start)])
        #expect(resolve(["BEGIN": "loose"], exact).trip?.start == "")
    }

    @Test func unknownKeysAreTheKeysNoEntryReads() {
        for source in Self.containers(["start_date": "a", "extra": 1, "NAME": "n"]) {
            #expect(resolve(source, Self.loose).warnings == ["extra unknownKey"], "\(type(of: source))")
        }
        // A key that is not a string is never read: it is a key no entry names, reported as it renders.
        let mixed: [AnyHashable: Any] = ["name": "n", 7: "seven"]
        #expect(resolve(mixed, Self.loose).warnings == ["7 unknownKey"])
        #expect(resolve(mixed, Self.loose).trip?.name == "n")
    }
}

import Foundation
import Testing

@testable import PropertyMapper

/// What one mapping of a dictionary gave: the model, or each error's path and rule, and its message.
private struct Outcome: Equatable {
    var trip: TripFixture?
    var errors: [String] = []
    var messages: [String] = []
    var warnings: [String] = []
}

/// Maps `source` into a new `TripFixture` twice: as it is, which a level no smaller than it reads whole
/// (`KeyScan`), and with 64 more keys that no entry reads, which makes every level look its keys up
/// one by one. The two must agree.
private func map(_ source: [String: Any], _ mapping: Mapping<TripFixture>, sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
    func outcome(_ source: [String: Any]) -> Outcome {
        var trip = TripFixture()
        var warnings: [MappingWarning] = []
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &trip, using: mapping, warnings: &warnings)
            return Outcome(trip: trip, warnings: warnings.map(\.description))
        } catch {
            return Outcome(errors: error.errors.map { "\($0.path) [\($0.rule)]" }, messages: error.errors.map(\.message))
        }
    }
    if let scan = mapping.plan.root.keyScan {
        #expect(source.count <= scan.limit, "the source is read whole", sourceLocation: sourceLocation)
    }
    var padded = source
    for index in 0..<64 { padded["unread\(index)"] = index }
    let scanned = outcome(source)
    #expect(scanned == outcome(padded), "read whole and looked up disagree", sourceLocation: sourceLocation)
    return scanned
}

@Suite
struct DictionaryScanTests {
    private static let exact: Mapping<TripFixture> = [
        "start": .property(\.start).isRequired(),
        "end": .property(\.end),
        "place": ["name": .property(\.name), "city": .property(\.city).isRequired()],
        "count": .property(\.count).min(1),
    ]

    @Test func aKeyedLevelReadsASmallDictionaryWhole() throws {
        let scan = try #require(Self.exact.plan.root.keyScan)
        #expect(scan.limit >= 4)
        let nested = Self.exact.plan.root.entries[2]
        guard case let .nested(level) = nested.body else { Issue.record("place is a nested level"); return }
        #expect(level.keyScan != nil)
        // Keys that are not ASCII too (the level's KeyMatcher compares them as strings).
        let accented = Mapping<TripFixture>(["ville": .property(\.city), "état": .property(\.name)])
        #expect(accented.plan.root.keyScan != nil)
        #expect(map(["e\u{301}tat": "a", "ville": "b"], accented).trip == TripFixture(name: "a", city: "b"))
        // An index level, or more than 32 entries: look-ups.
        #expect(Mapping<TripFixture>([0: .property(\.city)]).plan.root.keyScan == nil)
        let wide = Mapping<TripFixture>((0..<33).map { (MappingKey.key("k\($0)"), .property(\.count)) })
        #expect(wide.plan.root.keyScan == nil)
    }

    @Test func presentAbsentAndNullEntriesInMappingOrder() {
        let full: [String: Any] = ["count": 3, "place": ["city": "Oslo", "name": "Home"], "end": "b", "start": "a"]
        #expect(map(full, Self.exact).trip == TripFixture(start: "a", end: "b", name: "Home", city: "Oslo", count: 3))
        // Errors in mapping order, whatever the dictionary's order.
        let wrong: [String: Any] = ["count": 0, "place": ["name": 5], "start": NSNull()]
        #expect(
            map(wrong, Self.exact).errors == ["start [isRequired]", "place.name [type]", "place.city [isRequired]", "count [min]"])
        #expect(map([:], Self.exact).errors.count == 2)
    }

    @Test func keysAreComparedAsStringsAre() {
        // U+212A KELVIN SIGN is canonically equivalent to "K": a look-up finds "Key" under it, and so
        // does reading the dictionary whole.
        let mapping: Mapping<TripFixture> = ["Key": .property(\.name), "count": .property(\.count)]
        #expect(map(["\u{212A}ey": "kelvin", "count": 1], mapping).trip?.name == "kelvin")
        // "é" written as "e" and a combining accent is the same key as "é".
        let accented: Mapping<TripFixture> = ["café": .property(\.name)]
        #expect(map(["cafe\u{301}": "a"], accented).trip?.name == "a")
        // Same length and first byte, other key: not read.
        #expect(map(["Kex": "x", "count": 1], mapping).trip == TripFixture(count: 1))
    }

    @Test func looserMatchingReadsTheOneMatchAndReportsSeveral() {
        let loose = Mapping<TripFixture>(
            keys: .ignoringCaseAndSeparators, ["startDate": .property(\.start), "endDate": .property(\.end), "userName": .property(\.name)])
        #expect(map(["start_date": "a", "ENDDATE": "b", "userName": "c"], loose).trip == TripFixture(start: "a", end: "b", name: "c"))
        // A key as written wins over a looser match.
        #expect(map(["startDate": "a", "start_date": "b"], loose).trip?.start == "a")
        // Two looser matches and none as written: one error, listing both.
        let ambiguous = map(["start_date": "a", "StartDate": "b"], loose)
        #expect(ambiguous.errors == ["startDate [ambiguousKey]"])
        #expect(ambiguous.messages.first?.contains(#""StartDate", "start_date""#) == true)
        #expect(map(["other": 1], loose).trip == TripFixture())
    }

    @Test func alternativesComeBeforeLooserMatches() {
        let mapping = Mapping<TripFixture>(
            keys: .ignoringCaseAndSeparators, [.anyOf("startDate", "begin"): .property(\.start), "city": .property(\.city)])
        #expect(map(["begin": "a", "START_DATE": "b"], mapping).trip?.start == "a")
        #expect(map(["START_DATE": "b"], mapping).trip?.start == "b")
        #expect(map(["Begin": "c", "city": "d"], mapping).trip == TripFixture(start: "c", city: "d"))
    }

    @Test func unknownKeysOfADictionaryReadWhole() throws {
        let mapping = Mapping<TripFixture>(
            keys: .caseInsensitive, unknownKeys: .warn, ["name": .property(\.name), "city": .property(\.city)])
        #expect(try #require(mapping.plan.root.keyScan).limit >= 3)
        var trip = TripFixture()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(from: ["NAME": "a", "City": "b", "zip": 1] as [String: Any], to: &trip, using: mapping, warnings: &warnings)
        #expect(trip == TripFixture(name: "a", city: "b"))
        #expect(warnings.map(\.path) == ["zip"])
    }
}

extension KeyScan {
    /// The level's region in the staging buffer: its positions, then its counts.
    var regions: [Range<Int>] {
        [positions..<(positions + 2 * entries * MemoryLayout<Position>.stride), counts..<(counts + 2 * entries)]
    }
}

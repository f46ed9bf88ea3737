import Foundation
import PropertyMapper
import Testing

// MappedValues in an immutable model's init(_ values:), which moves each value out as it reads it,
// and in a MappingRule, which reads copies: values read twice, read in any order, not read at all,
// read before init throws, read by a rule first; key paths not mapped; values kept past init.

/// A nested class model: a weak reference to one tells whether a staged value was destroyed (also
/// used by StagingTests).
final class Tracked: Mappable {
    var id = 0
    static let mapping: Mapping<Tracked> = ["id": .property(\.id)]
    init() {}
}

/// The `Tracked` objects a rule saw, weakly held: nil once every copy is destroyed.
final class Sightings: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var seen: [Weak] = []

    private struct Weak {
        weak var object: Tracked?
    }

    func record(_ object: Tracked) {
        lock.withLock { seen.append(Weak(object: object)) }
    }

    /// How many seen objects are still alive, and how many were seen.
    var alive: (count: Int, of: Int) {
        lock.withLock { (seen.filter { $0.object != nil }.count, seen.count) }
    }

    var objects: [Tracked?] {
        lock.withLock { seen.map(\.object) }
    }
}

private var source: [String: Any] { ["name": "ab", "tags": ["x", "y"], "tracked": ["id": 7], "other": ["id": 8]] }

/// Reads every value twice.
private struct TwiceReader: ImmutableMappable {
    let name: String
    let tags: [String]
    let tracked: Tracked
    let sameObject: Bool
    static let mapping: Mapping<TwiceReader> = ["name": .property(\.name), "tags": .property(\.tags), "tracked": .property(\.tracked)]
    init(_ values: MappedValues<TwiceReader>) throws {
        let first = try values[\.name]
        name = first + "/" + (try values[\.name])
        tags = try values[\.tags] + values[\.tags]
        let tracked = try values[\.tracked]
        sameObject = try tracked === values[\.tracked]
        self.tracked = tracked
    }
}

/// Catches the throw of a second read, if there is one, and goes on.
private struct CatchingReader: ImmutableMappable {
    let name: String
    let again: String
    static let mapping: Mapping<CatchingReader> = ["name": .property(\.name)]
    init(_ values: MappedValues<CatchingReader>) throws {
        name = try values[\.name]
        again = (try? values[\.name]) ?? "<thrown>"
    }
}

/// Reads in the reverse of the mapping's order.
private struct BackwardsReader: ImmutableMappable {
    let name: String
    let tags: [String]
    let id: Int
    static let mapping: Mapping<BackwardsReader> = ["name": .property(\.name), "tags": .property(\.tags), "id": .property(\.id)]
    init(_ values: MappedValues<BackwardsReader>) throws {
        id = try values[\.id]
        tags = try values[\.tags]
        name = try values[\.name]
    }
}

/// Reads nothing; a rule sees the value staged for `tracked`.
private struct NoneReader: ImmutableMappable {
    let tracked: Tracked?
    static let sightings = Sightings()
    static let mapping = Mapping<NoneReader>(
        rules: [
            MappingRule("sees") { values in
                try values[\.tracked].map(NoneReader.sightings.record); return true
            }
        ],
        ["tracked": .property(\.tracked)])
    init(_ values: MappedValues<NoneReader>) throws {
        tracked = nil
    }
}

private struct Unlucky: Error {}

/// Reads one value, then throws; a rule sees both staged objects.
private struct HalfwayThrower: ImmutableMappable {
    let tracked: Tracked
    let other: Tracked
    static let sightings = Sightings()
    static let mapping = Mapping<HalfwayThrower>(
        rules: [
            MappingRule("sees") { values in
                HalfwayThrower.sightings.record(try values[\.tracked])
                HalfwayThrower.sightings.record(try values[\.other])
                return true
            }
        ],
        ["tracked": .property(\.tracked), "other": .property(\.other)])
    init(_ values: MappedValues<HalfwayThrower>) throws {
        tracked = try values[\.tracked]
        throw Unlucky()
    }
}

/// A rule reads every value, several times, before init reads them.
private struct RuleFirst: ImmutableMappable {
    let name: String
    let tracked: Tracked
    static let sightings = Sightings()
    static let mapping = Mapping<RuleFirst>(
        rules: [
            MappingRule("seesTwice") { values in
                let tracked = try values[\.tracked]
                RuleFirst.sightings.record(tracked)
                let first: String = try values[\.name]
                let second: String = try values[\.name]
                let again: Tracked = try values[\.tracked]
                return first == second && tracked === again
            },
            MappingRule("seesAgain") { values in
                let id = try values[\.tracked].id
                let name: String = try values[\.name]
                return id == 7 && name == "ab"
            },
        ],
        ["name": .property(\.name), "tracked": .property(\.tracked)])
    init(_ values: MappedValues<RuleFirst>) throws {
        name = try values[\.name]
        tracked = try values[\.tracked]
    }
}

/// Whether the object init read was its only reference: a moved value is, a copy is not.
private struct UniqueReader: ImmutableMappable {
    let tracked: Tracked
    let wasUnique: Bool
    static let mapping: Mapping<UniqueReader> = ["tracked": .property(\.tracked)]
    init(_ values: MappedValues<UniqueReader>) throws {
        var tracked = try values[\.tracked]
        wasUnique = isKnownUniquelyReferenced(&tracked)
        self.tracked = tracked
    }
}

/// Two keys for one property: the later present one gives the value.
private struct SharedReader: ImmutableMappable {
    let value: String
    let again: String
    static let mapping: Mapping<SharedReader> = ["a": .property(\.value), "b": .property(\.value)]
    init(_ values: MappedValues<SharedReader>) throws {
        value = try values[\.value]
        again = try values[\.value]
    }
}

/// Reads a mapped value, then one its mapping lacks.
private struct Overreach: ImmutableMappable {
    let tracked: Tracked
    let unmapped: Int
    static let sightings = Sightings()
    static let mapping = Mapping<Overreach>(
        rules: [
            MappingRule("sees") { values in
                Overreach.sightings.record(try values[\.tracked]); return true
            }
        ],
        ["tracked": .property(\.tracked)])
    init(_ values: MappedValues<Overreach>) throws {
        tracked = try values[\.tracked]
        unmapped = try values[\.unmapped]
    }
}

/// Keeps its values past init.
private struct Keeper: ImmutableMappable {
    let name: String
    let kept: MappedValues<Keeper>
    static let mapping: Mapping<Keeper> = ["name": .property(\.name)]
    init(_ values: MappedValues<Keeper>) throws {
        name = try values[\.name]
        kept = values
    }
}

/// Targets a key path with an argument, a new object each time it is written: init's is equal to
/// its mapping's, not the same object.
private struct Indexed: ImmutableMappable {
    let items: [Int]
    let name: String
    static let mapping: Mapping<Indexed> = ["first": .property(\.items[0]), "name": .property(\.name)]
    init(_ values: MappedValues<Indexed>) throws {
        items = [try values[\.items[0]]]
        name = try values[\.name]
    }
}

@Suite struct MappedValuesTests {
    @Test func aValueReadTwiceInInitIsTheSameValueBothTimes() throws {
        let model = try Mapper.map(TwiceReader.self, from: source)
        #expect(model.name == "ab/ab")
        #expect(model.tags == ["x", "y", "x", "y"])
        #expect(model.tracked.id == 7)
        #expect(model.sameObject)
        let models = try Mapper.map(
            [TwiceReader].self,
            fromJSON: #"[{"name": "a", "tags": [], "tracked": {"id": 1}}, {"name": "b", "tags": ["z"], "tracked": {"id": 2}}]"#)
        #expect(models.map(\.name) == ["a/a", "b/b"])
        #expect(models.map(\.tags) == [[], ["z", "z"]])
        #expect(models.map(\.tracked.id) == [1, 2])
    }

    @Test func aSecondReadThatInitCatchesStillGivesTheValue() throws {
        let model = try Mapper.map(CatchingReader.self, from: ["name": "n"])
        #expect(model.name == "n")
        #expect(model.again == "n")
    }

    @Test func valuesReadInAnyOrderAreTheirOwn() throws {
        let model = try Mapper.map(BackwardsReader.self, from: ["name": "n", "tags": ["t"], "id": 3])
        #expect(model.name == "n")
        #expect(model.tags == ["t"])
        #expect(model.id == 3)
    }

    @Test func aValueInitReadsIsMovedOutNotCopied() throws {
        let model = try Mapper.map(UniqueReader.self, from: ["tracked": ["id": 1]])
        #expect(model.tracked.id == 1)
        #expect(model.wasUnique)
    }

    @Test func valuesInitDoesNotReadAreDestroyed() throws {
        let model = try Mapper.map(NoneReader.self, from: ["tracked": ["id": 4]])
        #expect(model.tracked == nil)
        let models = try Mapper.map([NoneReader].self, from: (0..<20).map { ["tracked": ["id": $0]] })
        #expect(models.count == 20)
        #expect(NoneReader.sightings.alive.count == 0)
        #expect(NoneReader.sightings.alive.of == 21)
    }

    @Test func valuesReadAndNotReadBeforeInitThrowsAreDestroyed() {
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map(HalfwayThrower.self, from: source) }
        #expect(error?.errors.map(\.rule) == ["init"])
        #expect(HalfwayThrower.sightings.alive.count == 0)
        #expect(HalfwayThrower.sightings.alive.of == 2)
    }

    @Test func rulesReadValuesWithoutTakingThem() throws {
        let model = try Mapper.map(RuleFirst.self, from: source)
        #expect(model.name == "ab")
        #expect(model.tracked.id == 7)
        // The object the rule saw is the one init took.
        #expect(RuleFirst.sightings.objects.contains { $0 === model.tracked })
    }

    @Test func aPropertyMappedTwiceReadsTheLaterValueEveryTime() throws {
        let both = try Mapper.map(SharedReader.self, from: ["a": "first", "b": "second"])
        #expect(both.value == "second")
        #expect(both.again == "second")
        let first = try Mapper.map(SharedReader.self, from: ["a": "first"])
        #expect(first.value == "first")
        #expect(first.again == "first")
    }

    @Test func aKeyPathEqualToTheMappingsIsReadThroughIt() throws {
        let model = try Mapper.map(Indexed.self, from: ["first": 9, "name": "n"])
        #expect(model.items == [9])
        #expect(model.name == "n")
    }

    @Test func aKeyPathNotInTheMappingIsAMappingErrorAndTheValuesTakenAreDestroyed() {
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map(Overreach.self, from: source) }
        #expect(error?.errors.map(\.rule) == ["mapping"])
        #expect(error?.errors.count == 1)
        #expect(Overreach.sightings.alive.count == 0)
        #expect(Overreach.sightings.alive.of == 1)
    }

    @Test func valuesKeptPastInitThrowWhenRead() throws {
        let keeper = try Mapper.map(Keeper.self, from: ["name": "k"])
        #expect(keeper.name == "k")
        let error = #expect(throws: MappingError.self) { _ = try keeper.kept[\.name] }
        #expect(error?.errors.map(\.rule) == ["mapping"])
        #expect(throws: MappingError.self) { _ = try keeper.kept[\.kept] }
    }
}

import Foundation
import Testing

@testable import PropertyMapper

// Model graphs from JSON bytes: the reader builds only what the nested mappings name, and the
// results and errors equal the JSONSerialization path's.

private struct Venue: ImmutableMappable, Equatable {
    let name: String
    let city: String?
    static let mapping: Mapping<Venue> = ["name": .property(\.name).minLength(1), "city": .property(\.city)]
    init(_ values: MappedValues<Venue>) throws {
        name = try values[\.name]
        city = try values[\.city]
    }
}

private struct Tier: Mappable, Equatable, Hashable {
    var code = ""
    var price = 0
    static let mapping: Mapping<Tier> = ["code": .property(\.code).length(1), "price": .property(\.price).min(0)]
}

/// A catalog entry: a few mapped fields beside a large seat map that no mapping names.
private struct Event: ImmutableMappable, Equatable {
    let id: Int
    let title: String
    let venue: Venue
    let tiers: [Tier]
    let byCode: [String: Tier]?
    let kind: String
    static let mapping: Mapping<Event> = [
        "id": .property(\.id).min(1),
        "title": .property(\.title).lengthRange(1, 40),
        "venue": .property(\.venue),
        "tiers": .property(\.tiers),
        "byCode": .property(\.byCode),
        "meta": ["kind": .property(\.kind)],
    ]
    init(_ values: MappedValues<Event>) throws {
        id = try values[\.id]
        title = try values[\.title]
        venue = try values[\.venue]
        tiers = try values[\.tiers]
        byCode = try values[\.byCode]
        kind = try values[\.kind]
    }
}

/// A seat map: `rows` rows of `seats` seat objects, with strings, numbers, escapes and nesting.
private func seatMap(rows: Int, seats: Int) -> [String: Any] {
    let row = (0..<seats).map { seat -> [String: Any] in
        [
            "n": seat, "price": Double(seat) * 1.5, "label": "Seat \"\(seat)\" ✓", "held": seat.isMultiple(of: 3), "note": NSNull(),
            "venue": ["name": 42], "tiers": "not tiers", "geo": [[seat, seat + 1], [1e-7, -2.5e10]],
        ]
    }
    return ["rows": Array(repeating: row, count: rows), "title": ["deep": ["deeper": ["deepest": Array(repeating: "x", count: 20)]]]]
}

private func event(
    _ id: Int, title: String = "Concert", venue: Any = ["name": "Hall", "city": "Oslo"], tiers: Any = [["code": "A", "price": 10]],
    kind: Any = "music"
) -> [String: Any] {
    [
        "id": id, "title": title, "venue": venue, "tiers": tiers, "byCode": ["a": ["code": "A", "price": 10]],
        "meta": ["kind": kind, "seatMap": seatMap(rows: 3, seats: 5)],
        "seatMap": seatMap(rows: 20, seats: 40),
    ]
}

/// A value nested `depth` arrays and objects deep.
private func deepValue(_ depth: Int) -> Any {
    var value: Any = "bottom"
    for level in 0..<depth { value = level.isMultiple(of: 2) ? [value] : ["k": value] }
    return value
}

/// The same nesting as JSON text, built without recursion.
private func deepJSON(_ depth: Int) -> String {
    var opening = ""
    for level in (0..<depth).reversed() { opening += level.isMultiple(of: 2) ? "[" : #"{"k":"# }
    var closing = ""
    for level in 0..<depth { closing += level.isMultiple(of: 2) ? "]" : "}" }
    return opening + #""bottom""# + closing
}

private typealias Team = GitHub.Team

@Suite("Models: JSON demand")
struct ModelJSONDemandTests {
    /// What the reader builds for an array of models: each element an object holding only the
    /// mapped keys, nested models (found through their own mappings) likewise; the seat maps are
    /// checked and skipped, never built.
    @Test func theReaderBuildsOnlyWhatTheNestedMappingsName() throws {
        let data = try JSONSerialization.data(withJSONObject: (1...3).map { event($0) })
        let document = try JSONDocument.read(data, .elements(.level(Event.mapping.jsonLevel)))
        let elements = try #require(document as? [Any])
        #expect(elements.count == 3)
        for element in elements {
            let event = try #require(element as? JSONObject)
            var keys: [String] = []
            event.forEachStringKey { key, _ in keys.append(key) }
            #expect(keys.sorted() == ["byCode", "id", "meta", "tiers", "title", "venue"])
            #expect(event.value(forKey: "seatMap") == nil)
            let venue = try #require(event.value(forKey: "venue") as? JSONObject)
            #expect(venue.level.keys.names == ["name", "city"])
            let tiers = try #require(event.value(forKey: "tiers") as? [Any])
            #expect(tiers.allSatisfy { $0 is JSONObject })
            let meta = try #require(event.value(forKey: "meta") as? JSONObject)
            var metaKeys: [String] = []
            meta.forEachStringKey { key, _ in metaKeys.append(key) }
            #expect(metaKeys == ["kind"])  // its seat map was skipped
        }
    }

    @Test func anArrayOfModelsWithLargeUnmappedSubtreesEqualsTheParsedPath() throws {
        let records = (1...30).map { event($0) }
        let data = try JSONSerialization.data(withJSONObject: records)
        let parsed = try JSONSerialization.jsonObject(with: data)
        let fromBytes = try Mapper.map([Event].self, fromJSON: data)
        let fromParsed = try Mapper.map([Event].self, from: parsed)
        #expect(fromBytes.count == 30)
        #expect(fromBytes == fromParsed)
        #expect(fromBytes[4].venue == (try Mapper.map(Venue.self, from: ["name": "Hall", "city": "Oslo"])))
        #expect(fromBytes[4].byCode?["a"] == Tier(code: "A", price: 10))
        #expect(fromBytes[4].kind == "music")
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(try Mapper.map([Event].self, fromJSON: text) == fromParsed)
    }

    @Test func aDefectiveDocumentGivesTheSameErrorsFromBytesAndFromParsed() throws {
        let records: [Any] = [
            event(1),
            event(0, title: String(repeating: "t", count: 41)),
            event(3, venue: ["city": "Bergen"]),
            event(4, venue: NSNull()),
            event(5, tiers: [["code": "A", "price": 1], ["code": "BB", "price": -1], "C"]),
            event(6, kind: 7),
            event(7, venue: ["name": ""], tiers: NSNull()),
            event(8),
        ]
        let data = try JSONSerialization.data(withJSONObject: records)
        let parsed = try JSONSerialization.jsonObject(with: data)
        let fromBytes = #expect(throws: MappingError.self) { _ = try Mapper.map([Event].self, fromJSON: data) }
        let fromParsed = #expect(throws: MappingError.self) { _ = try Mapper.map([Event].self, from: parsed) }
        let bytesErrors = try #require(fromBytes?.errors)
        let parsedErrors = try #require(fromParsed?.errors)
        #expect(bytesErrors.map(\.path) == parsedErrors.map(\.path))
        #expect(bytesErrors.map(\.rule) == parsedErrors.map(\.rule))
        #expect(bytesErrors.map(\.message) == parsedErrors.map(\.message))
        #expect(bytesErrors == parsedErrors)
        #expect(
            bytesErrors.map(\.path) == [
                "[1].id", "[1].title", "[2].venue.name", "[3].venue", "[4].tiers[1].code", "[4].tiers[1].price", "[4].tiers[2]",
                "[5].meta.kind", "[6].venue.name", "[6].tiers",
            ])
        #expect(bytesErrors.map(\.rule)[0..<3] == ["min", "lengthRange", "isRequired"])
        #expect(bytesErrors.map(\.rule)[4..<9] == ["length", "min", "type", "type", "minLength"])
        #expect(bytesErrors[3].rule == "type")
        #expect(bytesErrors[9].rule == "type")
        #expect(
            bytesErrors.map(\.property) == [
                "[1].id", "[1].title", "[2].venue.name", "[3].venue", "[4].tiers[1].code", "[4].tiers[1].price", "[4].tiers[2]",
                "[5].kind", "[6].venue.name", "[6].tiers",
            ])

        let batchBytes = try Mapper.mapArray(fromJSON: data, as: Event.self)
        let batchParsed = try Mapper.mapArray(from: parsed, as: Event.self)
        #expect(batchBytes.models == batchParsed.models)
        #expect(batchBytes.models.map(\.id) == [1, 8])
        #expect(batchBytes.failures.map(\.index) == batchParsed.failures.map(\.index))
        #expect(batchBytes.failures.map(\.error.errors) == batchParsed.failures.map(\.error.errors))
    }

    @Test func escapedAndDuplicateKeysInNestedModels() throws {
        let text = #"[{"id": 1, "t\u0069tle": "Esc", "venue": {"n\u0061me": "Hall", "name": "Later"}, "tiers": [], "meta": {"kind": "k"}}]"#
        let fromText = try Mapper.map([Event].self, fromJSON: text)
        #expect(fromText.first?.title == "Esc")
        #expect(fromText.first?.venue.name == "Later")  // the last duplicate wins
    }

    @Test func dictionariesAndSetsOfModelsThroughFromJSON() throws {
        let source: [String: Any] = [
            "name": "core",
            "byID": ["a": GitHub.author(4), "b": GitHub.author(5), "c.d": GitHub.author(6)],
            "unique": [GitHub.author(5), GitHub.author(5), GitHub.author(7)],
            "members": [GitHub.author(2)],
            "junk": seatMap(rows: 10, seats: 10),
        ]
        let data = try JSONSerialization.data(withJSONObject: source)
        let team = try Mapper.map(Team.self, fromJSON: data)
        let parsed = try Mapper.map(Team.self, from: JSONSerialization.jsonObject(with: data))
        #expect(team.byID == parsed.byID)
        #expect(team.byID.mapValues(\.id) == ["a": 4, "b": 5, "c.d": 6])
        #expect(team.unique == parsed.unique)
        #expect(Set(team.unique.map(\.id)) == [5, 7])
        #expect(team.members == parsed.members)

        var bad = source
        bad["byID"] = ["a": GitHub.author(0), "b": ["id": 1, "email": 3], "ok": GitHub.author(1)]
        bad["unique"] = [GitHub.author(1), GitHub.author(-1), 5]
        let badData = try JSONSerialization.data(withJSONObject: bad)
        let fromBytes = #expect(throws: MappingError.self) { _ = try Mapper.map(Team.self, fromJSON: badData) }
        let fromParsed = Mapper.validate(try JSONSerialization.jsonObject(with: badData), as: Team.self)
        #expect(fromBytes?.errors == fromParsed)
        #expect(fromParsed.map(\.path) == ["byID.a.id", "byID.b.email", "unique[1].id", "unique[2]"])
    }

    @Test func anUnmappedSubtreeTenThousandDeepFromDictionariesCostsNothing() throws {
        var source = GitHub.repoJSON(owner: GitHub.author(1).merging(["junk": deepValue(10_000)]) { $1 })
        source["junk"] = deepValue(10_000)
        let repo = try Mapper.map(GitHub.Repo.self, from: source)
        #expect(repo.owner.id == 1)
        let all = try Mapper.map([GitHub.Repo].self, from: [source, source])
        #expect(all.count == 2)
    }

    @Test func anUnmappedSubtreeTenThousandDeepFromJSONIsTheReadersDepthError() throws {
        // The reader checks skipped values too, so a document nested past 512 levels is malformed
        // JSON wherever the nesting lies.
        let owner = #"{"id": 1, "email": "a@example.com", "junk": "# + deepJSON(10_000) + "}"
        let repo = #"{"id": 7, "name": "n", "owner": "# + owner + #", "license": null, "visibility": "public", "topics": []}"#
        let one = #expect(throws: MappingError.self) { _ = try Mapper.map(GitHub.Repo.self, fromJSON: repo) }
        #expect(one?.errors.count == 1)
        #expect(one?.errors.first?.rule == "json")
        #expect(one?.errors.first?.path == "")
        let array = #expect(throws: MappingError.self) { _ = try Mapper.map([GitHub.Repo].self, fromJSON: "[" + repo + "]") }
        #expect(array?.errors.map(\.rule) == ["json"])
        #expect(array?.errors.map(\.path) == [""])
        let batch = #expect(throws: MappingError.self) {
            _ = try Mapper.mapArray(fromJSON: Data(("[" + repo + "]").utf8), as: GitHub.Repo.self)
        }
        #expect(batch?.errors.map(\.rule) == ["json"])
        let beside =
            #"{"id": 7, "name": "n", "owner": {"id": 1, "email": "a@example.com"}, "junk": "# + deepJSON(10_000)
            + #", "license": null, "visibility": "public", "topics": []}"#
        let besideError = #expect(throws: MappingError.self) { _ = try Mapper.map(GitHub.Repo.self, fromJSON: beside) }
        #expect(besideError?.errors.map(\.rule) == ["json"])
    }

    @Test func anUnmappedSubtreeWithinTheReadersLimitMapsAsFromParsed() throws {
        let owner = #"{"id": 1, "email": "a@example.com", "junk": "# + deepJSON(400) + "}"
        let repo =
            #"{"id": 7, "name": "n", "owner": "# + owner + #", "license": {"key": "mit", "x": "# + deepJSON(400)
            + #"}, "visibility": "public", "topics": []}"#
        let fromText = try Mapper.map(GitHub.Repo.self, fromJSON: repo)
        let parsed = try JSONSerialization.jsonObject(with: Data(repo.utf8))
        #expect(fromText == (try Mapper.map(GitHub.Repo.self, from: parsed)))
        #expect(fromText.license?.key == "mit")
    }
}

// MARK: Models whose mappings are computed

/// A model whose `mapping` is computed: every use makes a new mapping, built alike, under key
/// policies (looser keys, alternatives, unknown keys warned).
private struct Spelled: Mappable, Equatable {
    var xy = 0
    var z = 0
    var deep = ""
    static var mapping: Mapping<Spelled> {
        Mapping(
            keys: .ignoringCaseAndSeparators, unknownKeys: .warn,
            ["xY": .property(\.xy), .anyOf("zz", "z"): .property(\.z), "inner": ["wQ": .property(\.deep)]])
    }
}

private struct SpelledHolder: Mappable, Equatable {
    var first = Spelled()
    var rest: [Spelled] = []
    static var mapping: Mapping<SpelledHolder> { ["first": .property(\.first), "rest": .property(\.rest)] }
}

@Suite struct ComputedMappingJSONTests {
    /// The reader builds a document with one mapping and the walk reads it with another, built alike:
    /// every looser key, alternative and unknown key must still be found, as from parsed JSON.
    @Test func modelsWhoseMappingsAreComputedReadJSONAsParsedJSON() throws {
        let json = """
            {"first": {"x_y": 1, "z": 2, "Inner": {"w-q": "a"}, "extra": 0},
             "rest": [{"X-Y": 3, "zz": 4, "inner": {"WQ": "b"}}, {"xy": 5, "z": 6, "inner": {"w_q": "c"}, "more": 1}]}
            """
        let expected = SpelledHolder(
            first: Spelled(xy: 1, z: 2, deep: "a"), rest: [Spelled(xy: 3, z: 4, deep: "b"), Spelled(xy: 5, z: 6, deep: "c")])
        var fromText: [MappingWarning] = []
        var fromParsed: [MappingWarning] = []
        #expect(try Mapper.map(SpelledHolder.self, fromJSON: Data(json.utf8), warnings: &fromText) == expected)
        #expect(try Mapper.map(SpelledHolder.self, from: try Fixtures.parse(json), warnings: &fromParsed) == expected)
        #expect(
            fromText.map(\.description) == [
                "first.extra → first: a key the mapping does not name, skipped [unknownKey]",
                "rest[1].more → rest[1]: a key the mapping does not name, skipped [unknownKey]",
            ])
        #expect(fromText.map(\.description) == fromParsed.map(\.description))
        #expect(try Mapper.map(Spelled.self, fromJSON: #"{"x_y": 7, "zz": 8, "inner": {"w_q": "d"}}"#) == Spelled(xy: 7, z: 8, deep: "d"))
    }
}

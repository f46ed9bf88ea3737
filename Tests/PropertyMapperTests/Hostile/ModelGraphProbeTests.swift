import Foundation
import PropertyMapper
import Testing

// Probes of model graphs and mapping definitions, through the public API only: class hierarchies, `Mappable` and
// `ImmutableMappable`, nested, optional, array, dictionary and set models, shared targets, `MappedValues`, `mapArray`,
// mapping into an existing instance, all-or-nothing across graphs, calls, one-way fields, serializing graphs and the
// round trip, and mistakes in mapping definitions. A generated differential compares JSON text, JSONSerialization
// output, the Codable bridge and the dry run against an oracle of the errors each generated record must give. They found
// two defects, fixed since: a cycle reached along several paths, in a class graph serialized or an `NSDictionary` mapped,
// was walked to the depth limit once for each path, which never ended.

// MARK: - Helpers

private func mgPathsRules(_ errors: [ValidationError]?) -> [String] {
    (errors ?? []).map { "\($0.path)|\($0.rule)" }
}

private func mgKey(_ error: ValidationError) -> String {
    "\(error.path)|\(error.property)|\(error.rule)|\(error.value ?? "-")"
}

/// A small deterministic generator (SplitMix64).
private struct MGRandom {
    private var source: SplitMix64
    init(state: UInt64) { source = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { source.next() }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// A JSON value with a deterministic text form (object members in the order given).
private indirect enum MGJSON {
    case null
    case bool(Bool)
    case int(Int)
    case raw(String)
    case double(Double)
    case string(String)
    case array([MGJSON])
    case object([(String, MGJSON)])

    var text: String {
        switch self {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .int(value): "\(value)"
        case let .raw(text): text
        case let .double(value): "\(value)"
        case let .string(value): Self.quote(value)
        case let .array(items): "[" + items.map(\.text).joined(separator: ",") + "]"
        case let .object(members): "{" + members.map { Self.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

private func mgParse(_ text: String) -> Any {
    try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

// MARK: - Models of the graph

private struct MGAuthor: Mappable, Hashable {
    var id = 0
    var email = ""
    static let mapping: Mapping<MGAuthor> = [
        "id": .property(\.id).min(1),
        "email": .property(\.email).matchesRegEx("^[^@]+@[^@]+$"),
    ]
}

private struct MGLicense: ImmutableMappable, Equatable {
    let key: String
    let name: String?
    static let mapping: Mapping<MGLicense> = [
        "key": .property(\.key).lengthRange(1, 10),
        "name": .property(\.name),
    ]
    init(_ values: MappedValues<MGLicense>) throws {
        key = try values[\.key]
        name = try values[\.name]
    }
    init(key: String, name: String?) {
        self.key = key
        self.name = name
    }
}

private enum MGVisibility: String, CaseIterable, Equatable {
    case open, closed
}

private struct MGRepo: ImmutableMappable, MappedCodable, Equatable {
    let id: Int
    let name: String
    let owner: MGAuthor
    let license: MGLicense?
    let visibility: MGVisibility
    let topics: [String]
    let contributors: [MGAuthor]
    let byRole: [String: MGAuthor]
    let score: Double?

    static let mapping: Mapping<MGRepo> = [
        "id": .property(\.id).min(1),
        "name": .property(\.name).lengthRange(1, 20),
        "owner": .property(\.owner),
        "license": .property(\.license),
        "visibility": .property(\.visibility),
        "topics": .property(\.topics),
        "contributors": .property(\.contributors),
        "byRole": .property(\.byRole),
        "meta": ["score": .property(\.score)],
    ]

    init(_ values: MappedValues<MGRepo>) throws {
        id = try values[\.id]
        name = try values[\.name]
        owner = try values[\.owner]
        license = try values[\.license]
        visibility = try values[\.visibility]
        topics = try values[\.topics]
        contributors = try values[\.contributors]
        byRole = try values[\.byRole]
        score = try values[\.score]
    }

    init(
        id: Int, name: String, owner: MGAuthor, license: MGLicense?, visibility: MGVisibility, topics: [String],
        contributors: [MGAuthor], byRole: [String: MGAuthor], score: Double?
    ) {
        self.id = id
        self.name = name
        self.owner = owner
        self.license = license
        self.visibility = visibility
        self.topics = topics
        self.contributors = contributors
        self.byRole = byRole
        self.score = score
    }
}

// MARK: - The generator and its oracle

/// One generated repository record: its JSON, the `path|rule` of every error it must give, and the model it must make.
private struct MGRecord {
    var json: MGJSON
    var expected: [String]
    var model: MGRepo?
}

private struct MGRepoGenerator {
    var random: MGRandom
    var expected: [String] = []

    init(seed: UInt64) { random = MGRandom(state: seed) }

    private mutating func fail(_ path: String, _ rule: String) { expected.append("\(path)|\(rule)") }

    private mutating func word(_ range: ClosedRange<Int>) -> String {
        let alphabet: [String] = ["a", "b", "z", "Q", "7", " ", "é", "🙂", "🇫🇷", "\"", "\\", "\n", "ß", "ﬁ"]
        return (0..<random.int(range)).map { _ in random.pick(alphabet) }.joined()
    }

    /// An author; `path` is where it sits. Returns nil when absent is to be written (the caller decides).
    private mutating func author(at path: String, corrupt: Bool) -> (MGJSON, MGAuthor) {
        var members: [(String, MGJSON)] = []
        var made = MGAuthor()
        let id = random.int(1...99_999)
        let email = "u\(id)@example.org"
        if corrupt {
            switch random.int(0...3) {
            case 0:
                members.append(("id", .int(random.int(-5...0))))
                fail("\(path).id", "min")
            case 1:
                members.append(("email", .string("nope")))
                fail("\(path).email", "matchesRegEx")
            case 2:
                members.append(("id", .string("\(id)")))
                fail("\(path).id", "type")
            default:
                members.append(("id", .int(0)))
                members.append(("email", .string("x")))
                fail("\(path).id", "min")
                fail("\(path).email", "matchesRegEx")
            }
            return (.object(members), made)
        }
        if random.chance(85) {
            members.append(("id", .int(id)))
            made.id = id
        }
        if random.chance(85) {
            members.append(("email", .string(email)))
            made.email = email
        }
        if random.chance(30) { members.append(("unmapped", .array([.int(1), .object([("deep", .null)])]))) }
        if random.chance(50) { members.reverse() }
        return (.object(members), made)
    }

    mutating func record() -> MGRecord {
        expected = []
        var members: [(String, MGJSON)] = []
        var bad = false
        func corrupt(_ random: inout MGRandom) -> Bool { random.chance(9) }

        // id
        let id = random.int(1...1_000_000)
        if corrupt(&random) {
            bad = true
            switch random.int(0...6) {
            case 0: fail("id", "isRequired")
            case 1: members.append(("id", .null)); fail("id", "type")
            case 2: members.append(("id", .int(random.int(-3...0)))); fail("id", "min")
            case 3: members.append(("id", .string("7"))); fail("id", "type")
            case 4: members.append(("id", .double(1.5))); fail("id", "type")
            case 5: members.append(("id", .bool(true))); fail("id", "type")
            default: members.append(("id", .raw("9223372036854775808"))); fail("id", "type")
            }
        } else {
            members.append(("id", random.chance(20) ? .raw("\(id).0") : .int(id)))
        }

        // name
        var name = word(1...20)
        if name.count == 0 || name.count > 20 { name = "n" }
        if corrupt(&random) {
            bad = true
            switch random.int(0...4) {
            case 0: members.append(("name", .string(""))); fail("name", "lengthRange")
            case 1: members.append(("name", .string(String(repeating: "🇫🇷", count: 21)))); fail("name", "lengthRange")
            case 2: fail("name", "isRequired")
            case 3: members.append(("name", .int(5))); fail("name", "type")
            default: members.append(("name", .null)); fail("name", "type")
            }
        } else {
            members.append(("name", .string(name)))
        }

        // owner
        var owner = MGAuthor()
        if corrupt(&random) {
            bad = true
            switch random.int(0...4) {
            case 0: fail("owner", "isRequired")
            case 1: members.append(("owner", .null)); fail("owner", "type")
            case 2: members.append(("owner", .array([]))); fail("owner", "type")
            case 3: members.append(("owner", .string("octocat"))); fail("owner", "type")
            default: members.append(("owner", author(at: "owner", corrupt: true).0))
            }
        } else {
            let made = author(at: "owner", corrupt: false)
            members.append(("owner", made.0))
            owner = made.1
        }

        // license
        var license: MGLicense?
        if corrupt(&random) {
            bad = true
            switch random.int(0...3) {
            case 0: members.append(("license", .object([]))); fail("license.key", "isRequired")
            case 1: members.append(("license", .object([("key", .string(""))]))); fail("license.key", "lengthRange")
            case 2: members.append(("license", .object([("key", .int(3))]))); fail("license.key", "type")
            default: members.append(("license", .string("mit"))); fail("license", "type")
            }
        } else {
            switch random.int(0...4) {
            case 0: break
            case 1: members.append(("license", .null))
            case 2:
                members.append(("license", .object([("key", .string("mit")), ("name", .string("MIT License"))])))
                license = MGLicense(key: "mit", name: "MIT License")
            case 3:
                members.append(("license", .object([("name", .null), ("key", .string("k"))])))
                license = MGLicense(key: "k", name: nil)
            default:
                members.append(("license", .object([("key", .string("bsd"))])))
                license = MGLicense(key: "bsd", name: nil)
            }
        }

        // visibility
        let visibility: MGVisibility = random.chance(50) ? .open : .closed
        if corrupt(&random) {
            bad = true
            switch random.int(0...4) {
            case 0: members.append(("visibility", .string("internal"))); fail("visibility", "type")
            case 1: members.append(("visibility", .int(1))); fail("visibility", "type")
            case 2: fail("visibility", "isRequired")
            case 3: members.append(("visibility", .null)); fail("visibility", "type")
            default: members.append(("visibility", .string("Open"))); fail("visibility", "type")
            }
        } else {
            members.append(("visibility", .string(visibility.rawValue)))
        }

        // topics
        let topics = (0..<random.int(0...4)).map { _ in word(0...6) }
        if corrupt(&random) {
            bad = true
            switch random.int(0...3) {
            case 0: fail("topics", "isRequired")
            case 1: members.append(("topics", .string("a"))); fail("topics", "type")
            default:
                var items = topics.map { MGJSON.string($0) }
                let at = random.int(0...items.count)
                items.insert(random.chance(50) ? .int(42) : .null, at: at)
                members.append(("topics", .array(items)))
                fail("topics[\(at)]", "type")
            }
        } else {
            members.append(("topics", .array(topics.map { .string($0) })))
        }

        // contributors
        var contributors: [MGAuthor] = []
        var contributorItems: [MGJSON] = []
        let corruptContributors = corrupt(&random)
        let badContributor = corruptContributors ? random.int(0...2) : -1
        for index in 0..<(corruptContributors ? 3 : random.int(0...3)) {
            if index == badContributor {
                if random.chance(30) {
                    contributorItems.append(random.chance(50) ? .null : .int(5))
                    fail("contributors[\(index)]", "type")
                } else {
                    contributorItems.append(author(at: "contributors[\(index)]", corrupt: true).0)
                }
            } else {
                let made = author(at: "contributors[\(index)]", corrupt: false)
                contributorItems.append(made.0)
                contributors.append(made.1)
            }
        }
        if corruptContributors { bad = true }
        members.append(("contributors", .array(contributorItems)))

        // byRole
        var byRole: [String: MGAuthor] = [:]
        var roleMembers: [(String, MGJSON)] = []
        let corruptRoles = corrupt(&random)
        let roles = ["lead", "dev", "qa", "a.b"]
        let roleCount = corruptRoles ? random.int(1...4) : random.int(0...4)
        let badRole = corruptRoles ? random.int(0...(roleCount - 1)) : -1
        for index in 0..<roleCount {
            let role = roles[index]
            let path = role == "a.b" ? "byRole[\"a.b\"]" : "byRole.\(role)"
            if index == badRole {
                roleMembers.append((role, author(at: path, corrupt: true).0))
            } else {
                let made = author(at: path, corrupt: false)
                roleMembers.append((role, made.0))
                byRole[role] = made.1
            }
        }
        if corruptRoles { bad = true }
        members.append(("byRole", .object(roleMembers)))

        // meta.score
        var score: Double?
        if corrupt(&random) {
            bad = true
            switch random.int(0...2) {
            case 0: members.append(("meta", .object([("score", .string("x"))]))); fail("meta.score", "type")
            case 1: members.append(("meta", .array([.int(1)]))); fail("meta", "type")
            default: members.append(("meta", .object([("score", .bool(true))]))); fail("meta.score", "type")
            }
        } else {
            switch random.int(0...4) {
            case 0: break
            case 1: members.append(("meta", .null))
            case 2: members.append(("meta", .object([("score", .null)])))
            case 3:
                let value = Double(random.int(-4000...4000)) / 8
                members.append(("meta", .object([("score", .double(value))])))
                score = value
            default:
                let value = random.int(-100...100)
                members.append(("meta", .object([("score", .int(value)), ("other", .string("x"))])))
                score = Double(value)
            }
        }

        // Shuffle the members (deterministically): mapping order, not document order, orders the errors.
        for index in stride(from: members.count - 1, to: 0, by: -1) {
            members.swapAt(index, random.int(0...index))
        }
        let model =
            bad
            ? nil
            : MGRepo(
                id: id, name: name, owner: owner, license: license, visibility: visibility, topics: topics,
                contributors: contributors, byRole: byRole, score: score)
        return MGRecord(json: .object(members), expected: expected, model: model)
    }
}

// MARK: - Differential over generated graphs

@Suite("ModelGraphProbe generated graphs")
struct ModelGraphProbeGeneratedTests {
    /// Every input path gives the oracle's errors (as a set), the same errors as each other, and the oracle's model.
    @Test func everyPathAgreesWithTheOracle() throws {
        var generator = MGRepoGenerator(seed: 0x5EED_0001)
        var mismatches: [String] = []
        for round in 0..<160 {
            let record = generator.record()
            let text = record.json.text
            let parsed = mgParse(text)

            var fromString: MGRepo?
            var fromData: MGRepo?
            var fromDictionary: MGRepo?
            var fromDecoder: MGRepo?
            let stringErrors = thrownMappingErrors { fromString = try Mapper.map(MGRepo.self, fromJSON: text) }
            let dataErrors = thrownMappingErrors { fromData = try Mapper.map(MGRepo.self, fromJSON: Data(text.utf8)) }
            let dictionaryErrors = thrownMappingErrors { fromDictionary = try Mapper.map(MGRepo.self, from: parsed) }
            let nsErrors = thrownMappingErrors { _ = try Mapper.map(MGRepo.self, from: parsed as! NSDictionary) }
            let dryRun = Mapper.validate(parsed, as: MGRepo.self)
            var decoderErrors: [ValidationError]?
            do {
                fromDecoder = try JSONDecoder().decode(MGRepo.self, from: Data(text.utf8))
            } catch let error as DecodingError {
                decoderErrors =
                    error.mappingError?.errors ?? [
                        ValidationError(path: "?", property: "?", rule: "decoding", value: nil, message: "\(error)")
                    ]
            }

            let oracle = record.expected.sorted()
            let got = mgPathsRules(stringErrors).sorted()
            if got != oracle { mismatches.append("#\(round) oracle \(oracle) got \(got)\n  \(text)") }
            if (stringErrors ?? []) != (dataErrors ?? []) {
                mismatches.append("#\(round) String vs Data: \(stringErrors ?? []) / \(dataErrors ?? [])")
            }
            let reference = (stringErrors ?? []).map(mgKey).sorted()
            for (label, other) in [
                ("dictionary", dictionaryErrors), ("NSDictionary", nsErrors), ("validate", dryRun.isEmpty ? nil : dryRun),
                ("Codable", decoderErrors),
            ] {
                let keys = (other ?? []).map(mgKey).sorted()
                if keys != reference { mismatches.append("#\(round) JSON text vs \(label):\n  \(reference)\n  \(keys)\n  \(text)") }
            }
            if let model = record.model {
                for (label, made) in [("String", fromString), ("Data", fromData), ("dictionary", fromDictionary), ("Codable", fromDecoder)]
                where made != model {
                    mismatches.append("#\(round) \(label) made \(String(describing: made)), expected \(model)\n  \(text)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(6).joined(separator: "\n"))")
    }

    /// Errors outside `[String: …]` entries come in mapping declaration order on every path, whatever the document order.
    @Test func errorsComeInMappingOrder() throws {
        let text = #"{"meta":{"score":"x"},"topics":[1],"visibility":"nope","license":{"key":""},"owner":[],"name":"","id":0}"#
        let expected = [
            "id|min", "name|lengthRange", "owner|type", "license.key|lengthRange", "visibility|type", "topics[0]|type",
            "contributors|isRequired", "byRole|isRequired", "meta.score|type",
        ]
        #expect(mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGRepo.self, fromJSON: text) }) == expected)
        #expect(mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGRepo.self, from: mgParse(text)) }) == expected)
    }

    /// Batches: `map([T].self)` is all or nothing with every record's errors under its index; `mapArray` keeps each.
    @Test func batchesAgreeWithRecords() throws {
        var generator = MGRepoGenerator(seed: 0x5EED_0002)
        var mismatches: [String] = []
        for round in 0..<25 {
            let records = (0..<generator.random.int(0...6)).map { _ in generator.record() }
            let text = "[" + records.map(\.json.text).joined(separator: ",") + "]"
            let parsed = mgParse(text)
            var expected: [String] = []
            for (index, record) in records.enumerated() {
                let own = thrownMappingErrors { _ = try Mapper.map(MGRepo.self, fromJSON: record.json.text) } ?? []
                expected += own.map {
                    "[\(index)]\($0.path.isEmpty || $0.path.hasPrefix("[") ? "" : ".")\($0.path)|[\(index)]\($0.property.isEmpty || $0.property.hasPrefix("[") ? "" : ".")\($0.property)|\($0.rule)"
                }
            }
            var all: [MGRepo]?
            let allErrors = thrownMappingErrors { all = try Mapper.map([MGRepo].self, fromJSON: text) }
            let got = (allErrors ?? []).map { "\($0.path)|\($0.property)|\($0.rule)" }
            if got.sorted() != expected.sorted() { mismatches.append("#\(round) map([T]) errors \(got) expected \(expected)") }
            let dictionaryErrors = thrownMappingErrors { _ = try Mapper.map([MGRepo].self, from: parsed) }
            if (dictionaryErrors ?? []).map(mgKey).sorted() != (allErrors ?? []).map(mgKey).sorted() {
                mismatches.append("#\(round) map([T]) text vs parsed")
            }
            let valid = records.compactMap(\.model)
            if expected.isEmpty, all != valid { mismatches.append("#\(round) map([T]) models") }

            for (label, batch) in [
                ("fromJSON", try Mapper.mapArray(fromJSON: Data(text.utf8), as: MGRepo.self)),
                ("from", try Mapper.mapArray(from: parsed, as: MGRepo.self)),
            ] {
                let failed = batch.failures.map(\.index)
                let expectedFailed = records.indices.filter { records[$0].model == nil }
                if failed != expectedFailed { mismatches.append("#\(round) \(label) failures \(failed) expected \(expectedFailed)") }
                if batch.models != valid { mismatches.append("#\(round) \(label) models differ") }
                if batch.results.count != records.count || batch.warnings.count != records.count {
                    mismatches.append("#\(round) \(label) counts")
                }
                for failure in batch.failures {
                    let own = thrownMappingErrors { _ = try Mapper.map(MGRepo.self, fromJSON: records[failure.index].json.text) } ?? []
                    if failure.error.errors.map(mgKey).sorted() != own.map(mgKey).sorted() {
                        mismatches.append("#\(round) \(label) record \(failure.index) errors")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(6).joined(separator: "\n"))")
    }

    /// Every valid generated graph survives `serializeJSON` → `map`, and `serialize`, `serializeJSON` and the Codable
    /// encoder write the same object.
    @Test func roundTripsOfGeneratedGraphs() throws {
        var generator = MGRepoGenerator(seed: 0x5EED_0003)
        var mismatches: [String] = []
        var checked = 0
        for round in 0..<500 {
            // Only models whose nested authors pass their own validators (an author left at init() does not: a question).
            guard let model = generator.record().model,
                ([model.owner] + model.contributors + Array(model.byRole.values)).allSatisfy({ $0.id >= 1 && $0.email.contains("@") })
            else { continue }
            checked += 1
            let data = try Mapper.serializeJSON(model)
            let back = try Mapper.map(MGRepo.self, fromJSON: data)
            if back != model { mismatches.append("#\(round) round trip: \(back) vs \(model)") }
            let object = try Mapper.serialize(model)
            let reread = try JSONSerialization.jsonObject(with: data) as! NSDictionary
            if !(object as NSDictionary).isEqual(reread) {
                mismatches.append("#\(round) serialize vs serializeJSON: \(object) / \(reread)")
            }
            let encoded = try JSONEncoder().encode(model)
            let fromEncoder = try JSONSerialization.jsonObject(with: encoded) as! NSDictionary
            if !fromEncoder.isEqual(reread) { mismatches.append("#\(round) JSONEncoder vs serializeJSON") }
            if (object["meta"] != nil) != (model.score != nil) { mismatches.append("#\(round) meta level written for nil score") }
            if object.keys.contains("license") != (model.license != nil) { mismatches.append("#\(round) nil license written") }
        }
        #expect(checked > 40)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(6).joined(separator: "\n"))")
    }
}

// MARK: - Class hierarchies

private class MGBase {
    var id = 0
    var name = "base"
    var nameChanges = 0
    var observed = "" {
        didSet { nameChanges += 1 }
    }
    required init() {}
}

private final class MGDerived: MGBase, Mappable {
    var extra: Int? = -1
    var tags: [String] = ["old"]
    static let mapping: Mapping<MGDerived> = [
        "ident": .property(\.id).min(1),
        "name": .property(\.name).isRequired().lengthRange(1, 10),
        "observed": .property(\.observed),
        "extra": .property(\.extra),
        "tags": .property(\.tags),
    ]
}

private struct MGHoldsDerived: Mappable {
    var child = MGDerived()
    var children: [MGDerived] = []
    static let mapping: Mapping<MGHoldsDerived> = [
        "child": .property(\.child),
        "children": .property(\.children),
    ]
}

@Suite("ModelGraphProbe class hierarchies")
struct ModelGraphProbeHierarchyTests {
    @Test func subclassMappingWritesInheritedProperties() throws {
        let made = try Mapper.map(MGDerived.self, from: ["ident": 7, "name": "kim", "observed": "o", "extra": 3, "tags": ["a"]])
        #expect(made.id == 7 && made.name == "kim" && made.observed == "o" && made.extra == 3 && made.tags == ["a"])
        #expect(made.nameChanges == 1)
        let fromText = try Mapper.map(MGDerived.self, fromJSON: #"{"ident": 7, "name": "kim", "observed": "o", "extra": null}"#)
        #expect(fromText.id == 7 && fromText.extra == nil && fromText.tags == ["old"])
    }

    @Test func subclassFailureWritesNothingInheritedNorOwn() throws {
        let target = MGDerived()
        target.id = 3
        target.name = "keep"
        let errors = thrownMappingErrors {
            try Mapper.mapValues(
                from: ["ident": 9, "name": "new", "observed": "x", "extra": 4, "tags": ["t", 5]], to: target, using: MGDerived.mapping)
        }
        #expect(mgPathsRules(errors) == ["tags[1]|type"])
        #expect(target.id == 3 && target.name == "keep" && target.observed == "" && target.extra == -1 && target.tags == ["old"])
        #expect(target.nameChanges == 0, "an observer ran for a mapping that failed")
    }

    /// Inherited from a non-final class, a key path names nothing: `property` is the mapping key (documented).
    @Test func inheritedPropertyNamesTheMappingKey() throws {
        let errors = thrownMappingErrors { _ = try Mapper.map(MGDerived.self, from: ["ident": 0, "name": "kim", "extra": "x"]) }
        #expect(errors?.map(\.property) == ["ident", "extra"])
        #expect(errors?.map(\.path) == ["ident", "extra"])
    }

    /// A base-class mapping runs on a subclass instance, and a subclass instance serializes inherited values.
    @Test func baseMappingOnSubclassInstanceAndSerialize() throws {
        let baseMapping: Mapping<MGBase> = ["id": .property(\.id).min(1), "name": .property(\.name)]
        let derived = MGDerived()
        try Mapper.mapValues(from: ["id": 5, "name": "sub"], to: derived as MGBase, using: baseMapping)
        #expect(derived.id == 5 && derived.name == "sub")
        let errors = thrownMappingErrors {
            try Mapper.mapValues(from: ["id": 0, "name": "other"], to: derived as MGBase, using: baseMapping)
        }
        #expect(mgPathsRules(errors) == ["id|min"])
        #expect(derived.name == "sub")
        derived.extra = nil
        let object = try Mapper.serialize(derived)
        #expect(object["ident"] as? Int == 5 && object["name"] as? String == "sub" && object["extra"] == nil)
        let back = try Mapper.map(MGDerived.self, fromJSON: try Mapper.serializeJSON(derived))
        #expect(back.id == 5 && back.name == "sub" && back.tags == derived.tags)
    }

    /// A nested class model is made anew: the old instance is never written, and on failure the old one stays.
    @Test func nestedClassModelsAreReplacedNotWritten() throws {
        var holder = MGHoldsDerived()
        let oldChild = holder.child
        let oldElement = MGDerived()
        holder.children = [oldElement]
        try Mapper.mapValues(
            from: ["child": ["ident": 2, "name": "c"], "children": [["name": "d"]]], to: &holder, using: MGHoldsDerived.mapping)
        #expect(holder.child !== oldChild && holder.child.id == 2)
        #expect(oldChild.id == 0 && oldChild.name == "base", "the old nested instance was written into")
        #expect(holder.children.count == 1 && holder.children[0] !== oldElement && oldElement.name == "base")
        let current = holder.child
        let errors = thrownMappingErrors {
            try Mapper.mapValues(
                from: ["child": ["ident": 4, "name": "e"], "children": [["name": "f"], ["name": ""]]], to: &holder,
                using: MGHoldsDerived.mapping)
        }
        #expect(mgPathsRules(errors) == ["children[1].name|lengthRange"])
        #expect(errors?.first?.property == "children[1].name")
        #expect(holder.child === current && current.id == 2 && current.name == "c")
    }
}

// MARK: - ImmutableMappable and MappedValues

private struct MGFrozen: ImmutableMappable, Equatable {
    let a: Int
    let b: String?
    let inner: Int
    static let mapping: Mapping<MGFrozen> = [
        "a": .property(\.a),
        "b": .property(\.b),
        "level": ["inner": .property(\.inner)],
    ]
    init(_ values: MappedValues<MGFrozen>) throws {
        // Out of mapping order, on purpose.
        inner = try values[\.inner]
        b = try values[\.b]
        a = try values[\.a]
    }
}

private struct MGReadsUnmapped: ImmutableMappable {
    let a: Int
    let notMapped: Int
    static let mapping: Mapping<MGReadsUnmapped> = ["a": .property(\.a)]
    init(_ values: MappedValues<MGReadsUnmapped>) throws {
        a = try values[\.a]
        notMapped = try values[\.notMapped]
    }
}

private struct MGReadsTwice: ImmutableMappable {
    let list: [String]
    let copy: [String]
    let owner: MGAuthor
    let ownerAgain: MGAuthor
    static let mapping: Mapping<MGReadsTwice> = ["list": .property(\.list), "owner": .property(\.owner)]
    init(_ values: MappedValues<MGReadsTwice>) throws {
        list = try values[\.list]
        copy = try values[\.list]
        owner = try values[\.owner]
        ownerAgain = try values[\.owner]
    }
}

private struct MGThrowsInInit: ImmutableMappable {
    struct Refused: Error, CustomStringConvertible { var description: String { "refused by init" } }
    let value: Int
    static let mapping: Mapping<MGThrowsInInit> = ["value": .property(\.value)]
    init(_ values: MappedValues<MGThrowsInInit>) throws {
        value = try values[\.value]
        if value < 0 { throw Refused() }
    }
}

private struct MGHoldsThrower: Mappable {
    var items: [MGThrowsInInit] = []
    var one: MGThrowsInInit?
    static let mapping: Mapping<MGHoldsThrower> = ["items": .property(\.items), "one": .property(\.one)]
}

private final class MGValuesBox: @unchecked Sendable {
    var values: MappedValues<MGEscapingChild>?
    static let shared = MGValuesBox()
}

private struct MGEscapingChild: ImmutableMappable {
    let x: Int
    static let mapping: Mapping<MGEscapingChild> = ["x": .property(\.x)]
    init(_ values: MappedValues<MGEscapingChild>) throws {
        x = try values[\.x]
        MGValuesBox.shared.values = values
    }
}

private struct MGEscapingParent: ImmutableMappable {
    let child: MGEscapingChild
    let sibling: MGEscapingChild
    let late: Int
    static let mapping: Mapping<MGEscapingParent> = ["child": .property(\.child), "sibling": .property(\.sibling)]
    init(_ values: MappedValues<MGEscapingParent>) throws {
        child = try values[\.child]
        sibling = try values[\.sibling]
        // The sibling's values, kept past its init: reading them must throw, never trap or read freed memory.
        late = try MGValuesBox.shared.values![\MGEscapingChild.x]
    }
}

private final class MGFrozenClass: ImmutableMappable {
    let title: String
    let count: Int?
    static let mapping: Mapping<MGFrozenClass> = ["title": .property(\.title).minLength(1), "count": .property(\.count)]
    init(_ values: MappedValues<MGFrozenClass>) throws {
        title = try values[\.title]
        count = try values[\.count]
    }
}

@Suite("ModelGraphProbe immutable models")
struct ModelGraphProbeImmutableTests {
    @Test func absentNullAndNestedLevels() throws {
        #expect(
            try Mapper.map(MGFrozen.self, from: ["a": 1, "level": ["inner": 2]])
                == (try Mapper.map(MGFrozen.self, fromJSON: #"{"a":1,"b":null,"level":{"inner":2}}"#)))
        let made = try Mapper.map(MGFrozen.self, fromJSON: #"{"a":1,"b":"x","level":{"inner":2}}"#)
        #expect(made.a == 1 && made.b == "x" && made.inner == 2)
        #expect(
            mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGFrozen.self, from: ["b": "x"]) }) == [
                "a|isRequired", "level.inner|isRequired",
            ])
        #expect(
            mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGFrozen.self, from: ["a": NSNull(), "level": NSNull()]) }) == [
                "a|type", "level.inner|isRequired",
            ])
        #expect(mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGFrozen.self, from: nil) }) == ["|type"])
        #expect(mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGFrozen.self, from: NSNull()) }) == ["|type"])
        #expect(mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGFrozen.self, from: [1, 2]) }) == ["|type"])
    }

    @Test func readingAnUnmappedKeyPathIsADefinitionError() throws {
        let errors = thrownMappingErrors { _ = try Mapper.map(MGReadsUnmapped.self, from: ["a": 1]) }
        #expect(errors?.count == 1)
        #expect(errors?.first?.rule == "mapping")
        #expect(errors?.first?.message.contains("notMapped") == true, "\(errors ?? [])")
        // Never blamed on the data: bad data gives the same definition error, or the data's own error, never an `init`.
        let withBadData = thrownMappingErrors { _ = try Mapper.map(MGReadsUnmapped.self, fromJSON: #"{"a": 1}"#) }
        #expect(withBadData == errors)
    }

    @Test func readingAValueTwiceGivesTheSameValue() throws {
        let made = try Mapper.map(MGReadsTwice.self, from: ["list": ["a", "b"], "owner": ["id": 3, "email": "a@b"]])
        #expect(made.list == ["a", "b"] && made.copy == ["a", "b"])
        #expect(made.owner == made.ownerAgain && made.owner.id == 3)
        let fromText = try Mapper.map(MGReadsTwice.self, fromJSON: #"{"list": ["a", "b"], "owner": {"id": 3, "email": "a@b"}}"#)
        #expect(fromText.copy == ["a", "b"] && fromText.ownerAgain.email == "a@b")
        let batch = try Mapper.mapArray(
            fromJSON: Data(#"[{"list": ["x"], "owner": {}}, {"list": [1], "owner": {}}]"#.utf8), as: MGReadsTwice.self)
        #expect(batch.models.map(\.copy) == [["x"]] && batch.failures.map(\.index) == [1])
    }

    @Test func initThrowingIsOneInitErrorAtTheModelsPath() throws {
        let top = thrownMappingErrors { _ = try Mapper.map(MGThrowsInInit.self, from: ["value": -1]) }
        #expect(mgPathsRules(top) == ["|init"])
        #expect(top?.first?.message.contains("refused by init") == true)
        let nested = thrownMappingErrors {
            _ = try Mapper.map(MGHoldsThrower.self, from: ["items": [["value": 1], ["value": -2], ["value": "x"]], "one": ["value": -3]])
        }
        #expect(mgPathsRules(nested) == ["items[1]|init", "items[2].value|type", "one|init"])
        #expect(nested?.map(\.property) == ["items[1]", "items[2].value", "one"])
        var holder = MGHoldsThrower()
        holder.items = [try Mapper.map(MGThrowsInInit.self, from: ["value": 9])]
        _ = thrownMappingErrors {
            try Mapper.mapValues(from: ["items": [["value": 1]], "one": ["value": -3]], to: &holder, using: MGHoldsThrower.mapping)
        }
        #expect(holder.items.map(\.value) == [9] && holder.one == nil)
    }

    @Test func valuesKeptPastInitThrowNeverTrap() throws {
        MGValuesBox.shared.values = nil
        let errors = thrownMappingErrors { _ = try Mapper.map(MGEscapingParent.self, from: ["child": ["x": 1], "sibling": ["x": 2]]) }
        #expect(errors != nil, "a read of values kept past their init returned a value")
        #expect(errors?.allSatisfy { $0.rule == "mapping" || $0.rule == "init" } == true, "\(errors ?? [])")
        // Read after the whole run: throws.
        let late = MGValuesBox.shared.values
        #expect(throws: MappingError.self) { _ = try late?[\MGEscapingChild.x] }
    }

    @Test func finalClassImmutableModel() throws {
        let made = try Mapper.map(MGFrozenClass.self, fromJSON: #"{"title": "t"}"#)
        #expect(made.title == "t" && made.count == nil)
        #expect(mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGFrozenClass.self, from: ["title": ""]) }) == ["title|minLength"])
        #expect(String(decoding: try Mapper.serializeJSON(made), as: UTF8.self) == #"{"title":"t"}"#)
    }

    /// `mapValues` always refuses a read-only target, even with an immutable model's own mapping.
    @Test func mapValuesRefusesAnImmutableModelsLetTargets() throws {
        #expect(MGLicense.mapping.definitionErrors.isEmpty)
        var license = MGLicense(key: "old", name: "old")
        let errors = thrownMappingErrors { try Mapper.mapValues(from: ["key": "new"], to: &license, using: MGLicense.mapping) }
        #expect(errors?.isEmpty == false && errors?.allSatisfy { $0.rule == "mapping" } == true, "\(errors ?? [])")
        #expect(license.key == "old")
        let validated = Mapper.validate(["key": "new"], for: license, using: MGLicense.mapping)
        #expect(validated.allSatisfy { $0.rule == "mapping" } && !validated.isEmpty)
    }
}

// MARK: - Nested models in an existing instance, merging, all or nothing

private final class MGSettings: Mappable {
    var theme = "light"
    var size = 12
    var writes = 0
    var font = "serif" {
        didSet { writes += 1 }
    }
    static let mapping: Mapping<MGSettings> = [
        "theme": .property(\.theme).oneOf(["light", "dark"]),
        "size": .property(\.size).range(6, 72),
        "font": .property(\.font),
    ]
    init() {}
}

private struct MGPrefs: Mappable, Equatable {
    var a = 0
    var b = 0
    static let mapping: Mapping<MGPrefs> = ["a": .property(\.a), "b": .property(\.b)]
}

private final class MGAccount {
    var handle = "old"
    var settings = MGSettings()
    var replaced = MGSettings()
    var prefs = MGPrefs(a: 1, b: 2)
    var owner: MGAuthor? = MGAuthor(id: 5, email: "old@x")
    var team: [MGSettings] = []
    var byName: [String: MGPrefs] = ["keep": MGPrefs(a: 9, b: 9)]
    var members: Set<MGAuthor> = []
    var matrix: [[MGPrefs]] = []
    init() {}

    static let mapping: Mapping<MGAccount> = [
        "handle": .property(\.handle).minLength(2),
        "settings": .property(\.settings).merging(),
        "replaced": .property(\.replaced),
        "prefs": .property(\.prefs).merging(),
        "owner": .property(\.owner),
        "team": .property(\.team),
        "byName": .property(\.byName),
        "members": .property(\.members),
        "matrix": .property(\.matrix),
    ]
}

@Suite("ModelGraphProbe existing instances")
struct ModelGraphProbeExistingInstanceTests {
    @Test func mergingKeepsAbsentKeysAndTheInstance() throws {
        let account = MGAccount()
        let settings = account.settings
        let replaced = account.replaced
        replaced.size = 30
        settings.size = 20
        try Mapper.mapValues(
            fromJSON: #"{"settings": {"theme": "dark"}, "replaced": {"theme": "dark"}, "prefs": {"a": 5}}"#, to: account,
            using: MGAccount.mapping)
        #expect(account.settings === settings && settings.theme == "dark" && settings.size == 20)
        #expect(account.replaced !== replaced && account.replaced.size == 12 && replaced.theme == "light" && replaced.size == 30)
        #expect(account.prefs == MGPrefs(a: 5, b: 2))
        #expect(account.owner == MGAuthor(id: 5, email: "old@x"), "an absent nested model kept")
    }

    /// All or nothing holds through a merged class instance: a failure elsewhere leaves it untouched.
    @Test func mergedInstanceUntouchedWhenAnotherFieldFails() throws {
        let account = MGAccount()
        let settings = account.settings
        let errors = thrownMappingErrors {
            try Mapper.mapValues(
                from: ["settings": ["theme": "dark", "size": 40, "font": "mono"], "handle": "x"], to: account, using: MGAccount.mapping)
        }
        #expect(mgPathsRules(errors) == ["handle|minLength"])
        #expect(settings.theme == "light" && settings.size == 12 && settings.font == "serif" && settings.writes == 0)
        #expect(account.settings === settings && account.handle == "old")
        // And a failure inside the merged model leaves the outer fields untouched.
        let inner = thrownMappingErrors {
            try Mapper.mapValues(
                from: ["settings": ["theme": "dark", "size": 99], "handle": "newer"], to: account, using: MGAccount.mapping)
        }
        #expect(mgPathsRules(inner) == ["settings.size|range"])
        #expect(inner?.first?.property == "settings.size")
        #expect(account.handle == "old" && settings.theme == "light")
        // A dry run writes nothing into the merged instance either.
        #expect(Mapper.validate(["settings": ["theme": "dark", "font": "mono"]], for: account, using: MGAccount.mapping).isEmpty)
        #expect(settings.theme == "light" && settings.font == "serif" && settings.writes == 0)
    }

    @Test func mergedObserverRunsOncePerWrite() throws {
        let account = MGAccount()
        try Mapper.mapValues(from: ["settings": ["font": "mono"]], to: account, using: MGAccount.mapping)
        #expect(account.settings.font == "mono" && account.settings.writes == 1)
    }

    @Test func containersOfModelsAreReplacedWholeAndAllOrNothing() throws {
        let account = MGAccount()
        let first = MGSettings()
        account.team = [first]
        try Mapper.mapValues(
            fromJSON: #"""
                {"team": [{"theme": "dark"}, {}], "byName": {"x": {"a": 1}}, "members": [{"id": 1, "email": "a@b"}, {"id": 1, "email": "a@b"}, {"id": 2}],
                 "matrix": [[], [{"a": 1}, {"b": 2}]]}
                """#, to: account, using: MGAccount.mapping)
        #expect(account.team.count == 2 && account.team[0] !== first && account.team[0].theme == "dark" && first.theme == "light")
        #expect(account.byName == ["x": MGPrefs(a: 1, b: 0)])
        #expect(account.members == [MGAuthor(id: 1, email: "a@b"), MGAuthor(id: 2, email: "")])
        #expect(account.matrix == [[], [MGPrefs(a: 1, b: 0), MGPrefs(a: 0, b: 2)]])

        let team = account.team
        let errors = thrownMappingErrors {
            try Mapper.mapValues(
                fromJSON: #"""
                    {"team": [{"theme": "light"}, {"size": 1}], "byName": {"k.1": {"a": "x"}}, "members": [{"id": 3}, {"id": 0}],
                     "matrix": [[{"a": 1}], [{"a": 2}, {"b": null}]], "handle": "fine"}
                    """#, to: account, using: MGAccount.mapping)
        }
        #expect(mgPathsRules(errors) == ["team[1].size|range", "byName[\"k.1\"].a|type", "members[1].id|min", "matrix[1][1].b|type"])
        #expect(errors?.map(\.property) == ["team[1].size", "byName[\"k.1\"].a", "members[1].id", "matrix[1][1].b"])
        #expect(account.team.count == 2 && account.team[0] === team[0] && team[0].theme == "dark" && account.handle == "old")
        #expect(account.byName == ["x": MGPrefs(a: 1, b: 0)])
    }

    @Test func optionalNestedModelNullAbsentAndWrongShape() throws {
        let account = MGAccount()
        try Mapper.mapValues(from: [:] as [String: Any], to: account, using: MGAccount.mapping)
        #expect(account.owner == MGAuthor(id: 5, email: "old@x"))
        try Mapper.mapValues(from: ["owner": ["email": "n@x"]], to: account, using: MGAccount.mapping)
        #expect(account.owner == MGAuthor(id: 0, email: "n@x"), "a nested model is made anew, not merged")
        try Mapper.mapValues(fromJSON: #"{"owner": null}"#, to: account, using: MGAccount.mapping)
        #expect(account.owner == nil)
        account.owner = MGAuthor(id: 1, email: "k@x")
        for bad in [#"{"owner": []}"#, #"{"owner": "x"}"#, #"{"owner": 1}"#, #"{"owner": true}"#] {
            let errors = thrownMappingErrors { try Mapper.mapValues(fromJSON: bad, to: account, using: MGAccount.mapping) }
            #expect(mgPathsRules(errors) == ["owner|type"], "\(bad)")
            let parsedErrors = thrownMappingErrors { try Mapper.mapValues(from: mgParse(bad), to: account, using: MGAccount.mapping) }
            #expect(parsedErrors == errors, "\(bad)")
        }
        #expect(account.owner == MGAuthor(id: 1, email: "k@x"))
        // A non-optional merged model under null is a type error; nothing is written.
        #expect(
            mgPathsRules(
                thrownMappingErrors {
                    try Mapper.mapValues(fromJSON: #"{"settings": null, "handle": "zz"}"#, to: account, using: MGAccount.mapping)
                })
                == ["settings|type"])
        #expect(account.handle == "old")
    }

    @Test func writesThroughAPathIntoAnotherObjectAreAllOrNothing() throws {
        final class Holder {
            var settings = MGSettings()
            var count = 0
        }
        let mapping: Mapping<Holder> = [
            "theme": .property(\.settings.theme), "font": .property(\.settings.font), "count": .property(\.count).min(0),
        ]
        let holder = Holder()
        let errors = thrownMappingErrors {
            try Mapper.mapValues(from: ["theme": "dark", "font": "mono", "count": -1], to: holder, using: mapping)
        }
        #expect(mgPathsRules(errors) == ["count|min"])
        #expect(holder.settings.theme == "light" && holder.settings.font == "serif" && holder.settings.writes == 0)
        try Mapper.mapValues(from: ["theme": "dark", "font": "mono", "count": 1], to: holder, using: mapping)
        #expect(holder.settings.theme == "dark" && holder.settings.font == "mono" && holder.settings.writes == 1)
    }
}

// MARK: - Shared targets

private struct MGShared: Mappable, Equatable {
    var name = "init"
    var count = 0
    var owner = MGAuthor()
    static let mapping: Mapping<MGShared> = [
        "name": .property(\.name),
        "full_name": .property(\.name),
        "both": .list(.property(\.count), .property(\.count)),
        "owner": .property(\.owner),
        "ownerID": .property(\.owner.id),
    ]
}

private struct MGSharedFrozen: ImmutableMappable {
    let name: String
    static let mapping: Mapping<MGSharedFrozen> = ["name": .property(\.name), "full_name": .property(\.name)]
    init(_ values: MappedValues<MGSharedFrozen>) throws { name = try values[\.name] }
}

@Suite("ModelGraphProbe shared targets")
struct ModelGraphProbeSharedTargetTests {
    @Test func laterKeyWinsOnEveryPath() throws {
        #expect(MGShared.mapping.definitionErrors.isEmpty)
        let text = #"{"full_name": "second", "name": "first", "both": 3}"#
        let fromText = try Mapper.map(MGShared.self, fromJSON: text)
        let fromDictionary = try Mapper.map(MGShared.self, from: mgParse(text))
        #expect(fromText.name == "second" && fromDictionary.name == "second" && fromText.count == 3)
        #expect(try Mapper.map(MGShared.self, from: ["name": "only"]).name == "only")
        #expect(try Mapper.map(MGShared.self, from: ["full_name": "only"]).name == "only")
        #expect(try Mapper.map(MGSharedFrozen.self, fromJSON: text).name == "second")
        #expect(try Mapper.map(MGSharedFrozen.self, from: ["name": "only"]).name == "only")
        #expect(try Mapper.map(MGSharedFrozen.self, from: ["full_name": "only"]).name == "only")
        #expect(
            mgPathsRules(thrownMappingErrors { _ = try Mapper.map(MGSharedFrozen.self, from: [:] as [String: Any]) }).allSatisfy {
                $0.hasSuffix("|isRequired")
            })
    }

    @Test func aWholeModelAndAPathIntoItWriteInMappingOrder() throws {
        let made = try Mapper.map(MGShared.self, from: ["owner": ["id": 1, "email": "a@b"], "ownerID": 9])
        #expect(made.owner == MGAuthor(id: 9, email: "a@b"))
    }

    @Test func bothKeysFailingGiveTwoErrorsAndNoWrite() throws {
        var shared = MGShared()
        let errors = thrownMappingErrors { try Mapper.mapValues(from: ["name": 1, "full_name": 2], to: &shared, using: MGShared.mapping) }
        #expect(mgPathsRules(errors) == ["name|type", "full_name|type"])
        #expect(shared == MGShared())
    }
}

// MARK: - Calls

private final class MGCounter: @unchecked Sendable {
    var calls = 0
    var seen: [String] = []
}

private enum MGKind: String { case clip, film }

private final class MGCalls {
    struct Bad: Error, CustomStringConvertible { var description: String { "bad input from call" } }
    let counter = MGCounter()
    var prefix = "old"
    var title = ""
    var kind: MGKind = .clip
    var maybe: MGKind? = .film
    var labelled = ""
    var number = 0
    init() {}

    func titled(_ text: String) -> String? {
        counter.calls += 1
        return prefix + ":" + text
    }
    func kind(from text: String) throws -> MGKind? {
        counter.calls += 1
        if text == "throw" { throw Bad() }
        return MGKind(rawValue: text)
    }
    func name(of kind: MGKind) -> String { kind.rawValue }
    func label(_ text: String, property: String) -> String? {
        counter.seen.append(property)
        return "\(property)=\(text)"
    }
    func parsed(_ text: String) -> Int? { Int(text) }

    static let mapping: Mapping<MGCalls> = [
        "prefix": .property(\.prefix),
        "title": .call(MGCalls.titled, \.title).lengthRange(1, 5),
        "kind": .call(MGCalls.kind(from:), \.kind, reverse: MGCalls.name(of:)),
        "maybe": .call(MGCalls.kind(from:), \.maybe, reverse: MGCalls.name(of:)),
        "label": .call(MGCalls.label(_:property:), \.labelled),
        "number": .call(MGCalls.parsed, \.number).min(10),
    ]
}

private class MGOpenCalls {
    var labelled = ""
    required init() {}
    func label(_ text: String, property: String) -> String? { "\(property)=\(text)" }
}

private struct MGCallInModel: Mappable {
    var base = 10
    var total = 0
    func add(_ value: Int) -> Int? { base + value }
    static let mapping: Mapping<MGCallInModel> = ["base": .property(\.base), "add": .call(MGCallInModel.add, \.total)]
}

private struct MGHoldsCallModels: Mappable {
    var items: [MGCallInModel] = []
    static let mapping: Mapping<MGHoldsCallModels> = ["items": .property(\.items)]
}

@Suite("ModelGraphProbe calls")
struct ModelGraphProbeCallTests {
    @Test func callsRunOnTheInstanceAsItWasOnce() throws {
        let target = MGCalls()
        try Mapper.mapValues(
            from: ["prefix": "new", "title": "x", "kind": "film", "label": "l", "number": "12"], to: target, using: MGCalls.mapping)
        #expect(target.title == "old:x", "a call saw a value staged in the same run")
        #expect(target.prefix == "new" && target.kind == .film && target.number == 12)
        #expect(target.labelled == "labelled=l" && target.counter.seen == ["labelled"])
        #expect(target.counter.calls == 2)
    }

    @Test func callFailuresAndNull() throws {
        let target = MGCalls()
        let errors = thrownMappingErrors {
            try Mapper.mapValues(
                from: ["title": 5, "kind": "throw", "maybe": "nope", "number": "3", "prefix": "p"], to: target, using: MGCalls.mapping)
        }
        #expect(mgPathsRules(errors) == ["title|type", "kind|call", "number|min"])
        #expect(errors?[1].message.contains("bad input from call") == true, "\(errors ?? [])")
        #expect(target.counter.calls == 2, "the call ran on a value of the wrong type")
        #expect(target.prefix == "old" && target.maybe == .film)
        // nil into a non-optional is a call error; into an optional, nil.
        #expect(
            mgPathsRules(thrownMappingErrors { try Mapper.mapValues(from: ["kind": "nope"], to: target, using: MGCalls.mapping) }) == [
                "kind|call"
            ])
        try Mapper.mapValues(from: ["maybe": "nope"], to: target, using: MGCalls.mapping)
        #expect(target.maybe == nil)
        // Null: never passed to the method; nil for an optional, a type error otherwise.
        target.maybe = .clip
        let before = target.counter.calls
        try Mapper.mapValues(fromJSON: #"{"maybe": null}"#, to: target, using: MGCalls.mapping)
        #expect(target.maybe == nil && target.counter.calls == before)
        #expect(
            mgPathsRules(thrownMappingErrors { try Mapper.mapValues(fromJSON: #"{"kind": null}"#, to: target, using: MGCalls.mapping) })
                == [
                    "kind|type"
                ])
        #expect(target.counter.calls == before)
    }

    @Test func dryRunCallsRunOnTheForInstanceAndWriteNothing() throws {
        let target = MGCalls()
        target.prefix = "dry"
        let problems = Mapper.validate(["title": "abcdef", "kind": "film", "number": "20"], for: target, using: MGCalls.mapping)
        #expect(mgPathsRules(problems) == ["title|lengthRange"])
        #expect(target.title == "" && target.kind == .clip && target.number == 0)
    }

    @Test func twoArgumentCallOnANonFinalClassGetsTheMappingKey() throws {
        let mapping: Mapping<MGOpenCalls> = ["lbl": .call(MGOpenCalls.label(_:property:), \.labelled)]
        let target = MGOpenCalls()
        try Mapper.mapValues(from: ["lbl": "v"], to: target, using: mapping)
        #expect(target.labelled == "lbl=v")
    }

    @Test func callsInNestedModelsRunOnTheirOwnNewInstance() throws {
        let made = try Mapper.map(MGHoldsCallModels.self, fromJSON: #"{"items": [{"add": 1}, {"base": 100, "add": 2}, {}]}"#)
        #expect(made.items.map(\.total) == [11, 12, 0])
    }

    @Test func serializeUsesReverseAndSkipsNil() throws {
        let target = MGCalls()
        target.kind = .film
        target.maybe = nil
        let mapping: Mapping<MGCalls> = [
            "kind": .call(MGCalls.kind(from:), \.kind, reverse: MGCalls.name(of:)),
            "maybe": .call(MGCalls.kind(from:), \.maybe, reverse: MGCalls.name(of:)),
            "title": .call(MGCalls.titled, \.title).oneWay(),
        ]
        #expect(String(decoding: try Mapper.serializeJSON(target, using: mapping), as: UTF8.self) == #"{"kind":"film"}"#)
        #expect(
            String(decoding: try Mapper.serializeJSON(target, using: mapping, options: [.writingNulls]), as: UTF8.self)
                == #"{"kind":"film","maybe":null}"#)
        let errors = thrownMappingErrors { _ = try Mapper.serializeJSON([target, target], using: MGCalls.mapping) }
        #expect(Set(mgPathsRules(errors)) == ["title|serialize", "label|serialize", "number|serialize"])
        #expect(errors?.count == 3, "a missing reverse is reported once, even for an array: \(errors ?? [])")
    }
}

// MARK: - One-way fields and serializing graphs

private struct MGNumbers: Mappable, Equatable {
    var x = 0.0
    var raw = ""
    var level = 0
    var other = 0
    static let mapping: Mapping<MGNumbers> = [
        "x": .property(\.x),
        "raw": .property(\.raw).oneWay(),
        "group": (["level": .property(\.level), "other": .property(\.other)] as PropertyDescriptor<MGNumbers>).oneWay(),
    ]
}

private final class MGNode: Mappable {
    var name = ""
    var next: MGNode?
    var children: [MGNode] = []
    static let mapping: Mapping<MGNode> = ["name": .property(\.name), "next": .property(\.next), "children": .property(\.children)]
    init() {}
}

private struct MGTeam: Mappable, Equatable {
    var members: Set<MGAuthor> = []
    var byRole: [String: MGAuthor] = [:]
    var lead: MGAuthor?
    var grid: [[MGAuthor]] = []
    var optionals: [MGAuthor?] = []
    static let mapping: Mapping<MGTeam> = [
        "members": .property(\.members),
        "byRole": .property(\.byRole),
        "lead": .property(\.lead),
        "grid": .property(\.grid),
        "optionals": .property(\.optionals),
    ]
}

@Suite("ModelGraphProbe serializing graphs")
struct ModelGraphProbeSerializeTests {
    @Test func oneWayFieldsAndLevelsAreMappedButNotWritten() throws {
        let made = try Mapper.map(MGNumbers.self, fromJSON: #"{"x": 1.5, "raw": "r", "group": {"level": 2, "other": 3}}"#)
        #expect(made == MGNumbers(x: 1.5, raw: "r", level: 2, other: 3))
        #expect(String(decoding: try Mapper.serializeJSON(made), as: UTF8.self) == #"{"x":1.5}"#)
    }

    @Test func arrayOfModelsErrorsUnderTheirIndex() throws {
        let models = [MGNumbers(x: 1), MGNumbers(x: .nan), MGNumbers(x: 2), MGNumbers(x: .infinity)]
        let errors = thrownMappingErrors { _ = try Mapper.serializeJSON(models) }
        #expect(mgPathsRules(errors) == ["[1].x|serialize", "[3].x|serialize"])
        let objectErrors = thrownMappingErrors { _ = try Mapper.serialize(models) }
        #expect(objectErrors == errors)
    }

    @Test func cyclicClassGraphIsOneDepthError() throws {
        let node = MGNode()
        node.name = "loop"
        node.next = node
        let errors = thrownMappingErrors { _ = try Mapper.serializeJSON(node) }
        #expect(errors?.count == 1 && errors?.first?.rule == "depth", "\(errors?.prefix(2) ?? [])")
        let object = thrownMappingErrors { _ = try Mapper.serialize(node) }
        #expect(object?.count == 1 && object?.first?.rule == "depth")
        node.next = nil
    }

    /// Serializing a cyclic class graph whose cycle is reached along several paths is one depth error. Every path was walked
    /// to the limit, each with its own error: `a.left = a; a.right = a` never returned.
    @Test func cyclicGraphReachedAlongSeveralPathsIsOneDepthError() throws {
        let tail = MGFan()
        tail.left = tail
        var top = tail
        for _ in 0..<4 {
            let fork = MGFan()
            fork.left = top
            fork.right = top
            top = fork
        }
        let errors = thrownMappingErrors { _ = try Mapper.serialize(top) }
        #expect(errors?.count == 1, "\(errors?.count ?? 0) depth errors for one cycle")
        #expect(errors?.allSatisfy { $0.rule == "depth" } == true)
        tail.left = nil
    }

    @Test func sharedButAcyclicGraphSerializesEachOccurrence() throws {
        let leaf = MGNode()
        leaf.name = "leaf"
        let root = MGNode()
        root.name = "root"
        root.children = [leaf, leaf]
        root.next = leaf
        let text = String(decoding: try Mapper.serializeJSON(root, options: [.sortedKeys]), as: UTF8.self)
        #expect(
            text
                == #"{"children":[{"children":[],"name":"leaf"},{"children":[],"name":"leaf"}],"name":"root","next":{"children":[],"name":"leaf"}}"#
        )
        let back = try Mapper.map(MGNode.self, fromJSON: text)
        #expect(back.children.map(\.name) == ["leaf", "leaf"] && back.next?.name == "leaf")
    }

    @Test func containersOfModelsRoundTrip() throws {
        var team = MGTeam()
        team.members = [MGAuthor(id: 1, email: "a@b"), MGAuthor(id: 2, email: "c@d")]
        team.byRole = ["a.b": MGAuthor(id: 3, email: "e@f"), "": MGAuthor(id: 4, email: "x@y"), "é\"": MGAuthor(id: 8, email: "é@\"")]
        team.lead = nil
        team.grid = [[], [MGAuthor(id: 5, email: "g@h")]]
        team.optionals = [nil, MGAuthor(id: 6, email: "i@j"), nil]
        let data = try Mapper.serializeJSON(team)
        #expect(try Mapper.map(MGTeam.self, fromJSON: data) == team)
        #expect(try Mapper.map(MGTeam.self, from: try Mapper.serialize(team)) == team)
        #expect(try Mapper.map(MGTeam.self, from: try JSONSerialization.jsonObject(with: data)) == team)
        let object = try Mapper.serialize(team)
        #expect((object["optionals"] as? [Any])?.count == 3 && (object["optionals"] as? [Any])?.first is NSNull)
    }

    @Test func setElementErrorsNameTheSourceIndex() throws {
        let errors = thrownMappingErrors {
            _ = try Mapper.map(MGTeam.self, fromJSON: #"{"members": [{"id": 1}, {"id": 2}, {"id": -1}], "optionals": [null, {"id": 0}]}"#)
        }
        #expect(mgPathsRules(errors) == ["members[2].id|min", "optionals[1].id|min"])
        #expect(errors?.map(\.property) == ["members[2].id", "optionals[1].id"])
    }
}

// MARK: - mapArray feeds

private final class MGRow {
    var name = "fresh"
    var count = 0
    init() {}
    static let mapping: Mapping<MGRow> = ["name": .property(\.name).isRequired(), "count": .property(\.count).min(0)]
}

private struct MGLooseRow: Mappable, Equatable {
    var name = "fresh"
    var count = 0
    static let mapping: Mapping<MGLooseRow> = ["name": .property(\.name), "count": .property(\.count, default: 7)]
}

@Suite("ModelGraphProbe mapArray feeds")
struct ModelGraphProbeFeedTests {
    @Test func errorsByIndexAndPathsInsideTheRecord() throws {
        let text = #"[{"name": "a"}, {"count": -1}, null, 5, {"name": "b", "count": 2}, [], {"name": 3}]"#
        let fromJSON = try Mapper.mapArray(fromJSON: Data(text.utf8), using: MGRow.mapping) { MGRow() }
        let fromParsed = try Mapper.mapArray(from: mgParse(text), using: MGRow.mapping) { MGRow() }
        for batch in [fromJSON, fromParsed] {
            #expect(batch.results.count == 7 && batch.warnings.count == 7)
            #expect(batch.models.map(\.name) == ["a", "b"])
            #expect(batch.failures.map(\.index) == [1, 2, 3, 5, 6])
            #expect(
                batch.failures.map { mgPathsRules($0.error.errors) } == [
                    ["name|isRequired", "count|min"], ["name|isRequired"], ["|type"], ["|type"], ["name|type"],
                ])
        }
        let typed = try Mapper.mapArray(fromJSON: Data(text.utf8), as: MGLooseRow.self)
        #expect(typed.failures.map(\.index) == [2, 3, 5, 6])
        #expect(typed.failures.first { $0.index == 2 }.map { mgPathsRules($0.error.errors) } == ["|type"])
        #expect(typed.warnings[0].map(\.kind) == [.defaultUsed])
    }

    @Test func notAnArrayAndEmpty() throws {
        for source in [#"{"name": "a"}"#, "3", "null", #""x""#] {
            let errors = thrownMappingErrors { _ = try Mapper.mapArray(fromJSON: Data(source.utf8), as: MGLooseRow.self) }
            #expect(mgPathsRules(errors) == ["|type"], "\(source)")
            let all = thrownMappingErrors { _ = try Mapper.map([MGLooseRow].self, fromJSON: source) }
            #expect(mgPathsRules(all) == ["|type"], "\(source)")
        }
        #expect(try Mapper.mapArray(fromJSON: Data("[]".utf8), as: MGLooseRow.self).results.isEmpty)
        #expect(try Mapper.map([MGLooseRow].self, fromJSON: " [ ] ").isEmpty)
        #expect(
            mgPathsRules(thrownMappingErrors { _ = try Mapper.mapArray(fromJSON: Data("[{}, {]".utf8), as: MGLooseRow.self) }) == ["|json"])
    }

    @Test func allOrNothingArrayKeepsEveryRecordsErrors() throws {
        var warnings: [MappingWarning] = []
        let errors = thrownMappingErrors {
            _ = try Mapper.map([MGLooseRow].self, from: [["name": "a"], ["count": "x"], ["name": 1, "count": 1.5]], warnings: &warnings)
        }
        #expect(mgPathsRules(errors) == ["[1].count|type", "[2].name|type", "[2].count|type"])
        #expect(warnings.isEmpty, "warnings appended for a call that failed")
        let made = try Mapper.map([MGLooseRow].self, from: [["name": "a"], [:]], warnings: &warnings)
        #expect(made == [MGLooseRow(name: "a", count: 7), MGLooseRow(name: "fresh", count: 7)])
        #expect(warnings.map(\.path) == ["[0].count", "[1].count"])
    }

    @Test func aFoundationArrayFeedAgrees() throws {
        let records: [Any] = [["name": "a", "count": 1], ["count": -2], NSNull()]
        let swift = try Mapper.mapArray(from: records, as: MGLooseRow.self)
        let foundation = try Mapper.mapArray(from: NSArray(array: records), as: MGLooseRow.self)
        #expect(swift.models == foundation.models && swift.failures.map(\.index) == foundation.failures.map(\.index))
        #expect(swift.failures.map(\.error) == foundation.failures.map(\.error))
    }
}

// MARK: - Mistakes in mapping definitions

protocol MGMedia: Sendable {}

private struct MGPhoto: Mappable, MGMedia {
    var width = 0
    static let mapping: Mapping<MGPhoto> = ["width": .property(\.width)]
}

private final class MGDef {
    var i = 0
    var s = ""
    var oi: Int?
    var b = false
    var d = 0.0
    var ints: [Int] = []
    var any: Any?
    var url: URL?
    var child = MGAuthor()
    var optChild: MGAuthor?
    var settings = MGSettings()
    var media: any MGMedia = MGPhoto()
    var kind: MGKind = .clip
    let fixed = 1
    init() {}
    func parse(_ text: String) -> Int? { Int(text) }
}

/// A broken mapping of `MGDef`, and what its one definition error must say.
private struct MGDefCase: Sendable, CustomStringConvertible {
    let description: String
    let mapping: Mapping<MGDef>
    /// The path the error must name.
    let path: String
    /// Words the message must contain (case-insensitive).
    let words: [String]
}

private let mgDefCases: [MGDefCase] = [
    MGDefCase(description: "same key twice", mapping: Mapping([("i", .property(\.i)), ("i", .property(\.oi))]), path: "i", words: ["i"]),
    MGDefCase(
        description: "same key twice, nested",
        mapping: Mapping([
            ("n", ["a": .property(\.i), "b": .property(\.s)]), ("m", mgLevel(("a", .property(\.i)), ("a", .property(\.oi)))),
        ]), path: "m.a", words: ["a"]),
    MGDefCase(
        description: "same index twice", mapping: Mapping([("g", mgLevel((0, .property(\.i)), (0, .property(\.d))))]), path: "g[0]",
        words: ["0"]),
    MGDefCase(
        description: "anyOf beside its own key", mapping: Mapping([(.anyOf("a", "b"), .property(\.i)), ("b", .property(\.oi))]), path: "b",
        words: ["b"]),
    MGDefCase(
        description: "caseInsensitive twins", mapping: Mapping(keys: .caseInsensitive, ["Name": .property(\.s), "name": .property(\.s)]),
        path: "name", words: ["name"]),
    MGDefCase(
        description: "snakeCase twins", mapping: Mapping(keyStyle: .snakeCase, ["fooBar": .property(\.s), "foo_bar": .property(\.s)]),
        path: "foo_bar", words: ["foo_bar"]),
    MGDefCase(
        description: "lengthRange on Int", mapping: ["i": .property(\.i).lengthRange(1, 2)], path: "i", words: ["lengthRange", "Int"]),
    MGDefCase(description: "min on String", mapping: ["s": .property(\.s).min(1)], path: "s", words: ["min", "String"]),
    MGDefCase(description: "min on Bool", mapping: ["b": .property(\.b).min(1)], path: "b", words: ["min", "Bool"]),
    MGDefCase(description: "lengthRange on Bool", mapping: ["b": .property(\.b).maxLength(3)], path: "b", words: ["maxLength", "Bool"]),
    MGDefCase(
        description: "matchesRegEx on Double", mapping: ["d": .property(\.d).matchesRegEx("^1")], path: "d",
        words: ["matchesRegEx", "Double"]),
    MGDefCase(
        description: "typed validate on another type",
        mapping: ["i": .property(\.i).validate("short") { (text: String) in text.count < 3 }], path: "i", words: ["short"]),
    MGDefCase(
        description: "lengthRange on a nested model", mapping: ["child": .property(\.child).lengthRange(1, 2)], path: "child",
        words: ["lengthRange"]),
    MGDefCase(description: "min on a URL boxing", mapping: ["url": .box(.url, \.url).min(1)], path: "url", words: ["min"]),
    MGDefCase(description: "min on array of Int", mapping: ["ints": .property(\.ints).min(1)], path: "ints", words: ["min"]),
    MGDefCase(description: "min on an enum of String", mapping: ["kind": .property(\.kind).max(3)], path: "kind", words: ["max"]),
    MGDefCase(description: "oneOf strings on Int", mapping: ["i": .property(\.i).oneOf(["a", "b"])], path: "i", words: ["oneOf"]),
    MGDefCase(description: "equalTo string on Bool", mapping: ["b": .property(\.b).equalTo("yes")], path: "b", words: ["equalTo"]),
    MGDefCase(description: "invalid pattern", mapping: ["s": .property(\.s).matchesRegEx("(open")], path: "s", words: ["(open"]),
    MGDefCase(
        description: "mixed keys and indices", mapping: Mapping([("g", mgLevel((0, .property(\.i)), ("x", .property(\.d))))]), path: "g",
        words: []),
    MGDefCase(description: "negative index", mapping: ["g": [-1: .property(\.i)]], path: "g[-1]", words: ["-1"]),
    MGDefCase(description: "empty list", mapping: ["l": .list([])], path: "l", words: []),
    MGDefCase(description: "list without a common input", mapping: ["l": .list(.property(\.i), .property(\.s))], path: "l", words: []),
    MGDefCase(description: "merging a non-model", mapping: ["i": .property(\.i).merging()], path: "i", words: ["merging"]),
    MGDefCase(description: "merging a boxing", mapping: ["url": .box(.url, \.url).merging()], path: "url", words: ["merging"]),
    MGDefCase(
        description: "merging with a default", mapping: ["settings": .property(\.settings, default: MGSettingsBox.value).merging()],
        path: "settings", words: []),
    MGDefCase(
        description: "ensure on a merge", mapping: ["settings": .property(\.settings).merging().ensure("any") { (_: MGSettings) in true }],
        path: "settings", words: ["any"]),
    MGDefCase(description: "dropping on a scalar", mapping: ["i": .property(\.i).droppingInvalidElements()], path: "i", words: []),
    MGDefCase(description: "dropping on a box", mapping: ["url": .box(.url, \.url).droppingInvalidElements()], path: "url", words: []),
    MGDefCase(description: "setNil on non-optional", mapping: ["i": .property(\.i).ifAbsent(.setNil)], path: "i", words: ["nil"]),
    MGDefCase(description: "setNil for null on non-optional", mapping: ["i": .property(\.i).ifNull(.setNil)], path: "i", words: ["nil"]),
    MGDefCase(description: "useDefault without default", mapping: ["i": .property(\.i).ifNull(.useDefault)], path: "i", words: ["default"]),
    MGDefCase(description: "default beside isRequired", mapping: ["i": .property(\.i, default: 3).isRequired()], path: "i", words: []),
    MGDefCase(description: "keep beside isRequired", mapping: ["i": .property(\.i).isRequired().ifNull(.keep)], path: "i", words: []),
    MGDefCase(
        description: "ensure on another type", mapping: ["i": .property(\.i).ensure("positive") { (text: String) in !text.isEmpty }],
        path: "i", words: ["positive"]),
    MGDefCase(description: "read-only target", mapping: ["fixed": .property(\.fixed)], path: "fixed", words: []),
    MGDefCase(description: "read-only target in a nested level", mapping: ["n": ["fixed": .property(\.fixed)]], path: "n.fixed", words: []),
    MGDefCase(description: "read-only target in a list", mapping: ["l": .list(.property(\.i), .property(\.fixed))], path: "l", words: []),
    MGDefCase(
        description: "polymorphic type not the property's",
        mapping: ["media": .polymorphic(\.media, on: "type", ["author": MGAuthor.self])], path: "media", words: []),
    MGDefCase(
        description: "polymorphic with no types", mapping: ["media": .polymorphic(\.media, on: "type", [:])], path: "media", words: []),
    MGDefCase(
        description: "polymorphic tag listed twice",
        mapping: ["media": .polymorphic(\.media, on: "type", ["p": MGPhoto.self, "p": MGPhoto.self])], path: "media", words: ["p"]),
    MGDefCase(
        description: "rule at an unmapped key path",
        mapping: Mapping(rules: [MappingRule("r", at: \.oi) { _ in true }], ["i": .property(\.i)]), path: "", words: ["r"]),
    MGDefCase(
        description: "lengthRange on an optional nested model", mapping: ["opt": .property(\.optChild).minLength(1)], path: "opt",
        words: ["minLength"]),
    MGDefCase(
        description: "validator on a list that none of its inputs takes",
        mapping: ["l": .list(.property(\.i), .property(\.oi)).lengthRange(1, 2)], path: "l", words: ["lengthRange"]),
]

private enum MGSettingsBox {
    static var value: MGSettings { MGSettings() }
}

extension MGSettings: @unchecked Sendable {}

/// A nested level of two entries built from values, so a duplicate key reaches the library rather than a literal.
private func mgLevel<Root>(
    _ first: (MappingKey, PropertyDescriptor<Root>), _ second: (MappingKey, PropertyDescriptor<Root>)
) -> PropertyDescriptor<Root> {
    [first.0: first.1, second.0: second.1]
}

@Suite("ModelGraphProbe definition errors")
struct ModelGraphProbeDefinitionTests {
    @Test(arguments: mgDefCases)
    fileprivate func aBrokenMappingIsReportedNeverBlamedOnData(_ broken: MGDefCase) throws {
        let listed = broken.mapping.definitionErrors
        #expect(!listed.isEmpty, "not a definition error")
        guard !listed.isEmpty else { return }
        #expect(listed.allSatisfy { $0.rule == "mapping" }, "\(listed)")
        #expect(listed.allSatisfy { !$0.message.isEmpty })
        #expect(listed.contains { $0.path == broken.path }, "paths \(listed.map(\.path)), expected \(broken.path)")
        let text = listed.map(\.description).joined(separator: " ").lowercased()
        for word in broken.words {
            #expect(text.contains(word.lowercased()), "message does not say \(word): \(text)")
        }
        // Thrown alone by every entry point, whatever the data (here: data that would be bad too).
        let bad: [String: Any] = ["i": "x", "s": 1, "b": 2, "d": "z", "url": 5, "child": 3, "l": [], "g": 4, "n": 1, "media": 1]
        let target = MGDef()
        let mapped = thrownMappingErrors { try Mapper.mapValues(from: bad, to: target, using: broken.mapping) }
        #expect(mapped == listed)
        let fromText = thrownMappingErrors { try Mapper.mapValues(fromJSON: #"{"i": "x", "s": 1}"#, to: target, using: broken.mapping) }
        #expect(fromText == listed)
        let malformed = thrownMappingErrors { try Mapper.mapValues(fromJSON: "{", to: target, using: broken.mapping) }
        #expect(malformed == listed, "malformed JSON reported before the broken mapping")
        #expect(Mapper.validate(bad, for: target, using: broken.mapping) == listed)
        let batch = thrownMappingErrors { _ = try Mapper.mapArray(from: [bad, [:]], using: broken.mapping) { MGDef() } }
        #expect(batch == listed)
        let empty = thrownMappingErrors { _ = try Mapper.mapArray(from: [] as [Any], using: broken.mapping) { MGDef() } }
        #expect(empty == listed, "an empty feed hides the broken mapping")
        let serialized = thrownMappingErrors { _ = try Mapper.serialize(target, using: broken.mapping) }
        #expect(serialized == listed)
        #expect(target.i == 0 && target.s == "" && target.child == MGAuthor())
    }

    @Test func aMappableModelWithALetTarget() throws {
        struct Fixed: Mappable {
            let fixed = 1
            var x = 0
            static let mapping: Mapping<Fixed> = ["fixed": .property(\.fixed), "x": .property(\.x).min(1)]
        }
        #expect(Fixed.mapping.definitionErrors.map(\.path) == ["fixed"])
        let errors = thrownMappingErrors { _ = try Mapper.map(Fixed.self, from: ["fixed": 2, "x": 0]) }
        #expect(errors == Fixed.mapping.definitionErrors)
        #expect(
            thrownMappingErrors { _ = try Mapper.mapArray(fromJSON: Data("[]".utf8), as: Fixed.self) } == Fixed.mapping.definitionErrors)
        #expect(thrownMappingErrors { _ = try Mapper.serializeJSON(Fixed()) } == Fixed.mapping.definitionErrors)
    }

    @Test func immutableModelsRefuseCallsMergesAndKeep() throws {
        struct Frozen: ImmutableMappable {
            let a: Int
            let s: MGPrefs
            func parse(_ text: String) -> Int? { Int(text) }
            static let mapping: Mapping<Frozen> = ["a": .property(\.a), "s": .property(\.s)]
            init(_ values: MappedValues<Frozen>) throws {
                a = try values[\.a]
                s = try values[\.s]
            }
        }
        let cases: [(String, Mapping<Frozen>)] = [
            ("call", ["a": .call(Frozen.parse, \.a), "s": .property(\.s)]),
            ("merging", ["a": .property(\.a), "s": .property(\.s).merging()]),
            ("keep", ["a": .property(\.a).ifAbsent(.keep), "s": .property(\.s)]),
            ("keep for null", ["a": .property(\.a).ifNull(.keep), "s": .property(\.s)]),
        ]
        for (label, mapping) in cases {
            let listed = mapping.definitionErrors
            #expect(listed.count == 1 && listed.first?.rule == "mapping", "\(label): \(listed)")
            #expect(listed.first?.path == (label == "merging" ? "s" : "a"), "\(label): \(listed)")
        }
    }

    /// A nested model's broken mapping is a definition error, thrown alone, on every path through the graph.
    @Test func aNestedModelsBrokenMappingIsThrownAlone() throws {
        struct BrokenChild: Mappable {
            var n = 0
            static let mapping: Mapping<BrokenChild> = ["n": .property(\.n).lengthRange(1, 2)]
        }
        struct Parent: Mappable {
            var x = 0
            var child = BrokenChild()
            var children: [BrokenChild] = []
            static let mapping: Mapping<Parent> = [
                "x": .property(\.x).min(5), "child": .property(\.child), "children": .property(\.children),
            ]
        }
        #expect(!BrokenChild.mapping.definitionErrors.isEmpty)
        let data: [String: Any] = ["x": 1, "child": ["n": 3], "children": [["n": "z"]]]
        let errors = thrownMappingErrors { _ = try Mapper.map(Parent.self, from: data) }
        #expect(errors?.isEmpty == false && errors?.allSatisfy { $0.rule == "mapping" } == true, "\(errors ?? [])")
        let text = thrownMappingErrors { _ = try Mapper.map(Parent.self, fromJSON: #"{"x": 1, "child": {"n": 3}}"#) }
        #expect(text?.isEmpty == false && text?.allSatisfy { $0.rule == "mapping" } == true, "\(text ?? [])")
        let dry = Mapper.validate(data, as: Parent.self)
        #expect(!dry.isEmpty && dry.allSatisfy { $0.rule == "mapping" }, "\(dry)")
        let batch = thrownMappingErrors { _ = try Mapper.mapArray(from: [["x": 9], data], as: Parent.self) }
        #expect(batch?.isEmpty == false && batch?.allSatisfy { $0.rule == "mapping" } == true, "mapArray: \(batch ?? [])")
        let all = thrownMappingErrors { _ = try Mapper.map([Parent].self, from: [["x": 1], data]) }
        #expect(all?.isEmpty == false && all?.allSatisfy { $0.rule == "mapping" } == true, "map([T]): \(all ?? [])")
        let serialized = thrownMappingErrors { _ = try Mapper.serializeJSON(Parent()) }
        #expect(serialized?.isEmpty == false && serialized?.allSatisfy { $0.rule == "mapping" } == true, "serialize: \(serialized ?? [])")
    }

    @Test func aRuleReadingAMergedModelIsADefinitionError() throws {
        final class Outer {
            var settings = MGSettings()
            var n = 0
            init() {}
        }
        let mapping = Mapping<Outer>(
            rules: [MappingRule("dark") { try $0[\.settings].theme == "dark" }],
            [
                "settings": .property(\.settings).merging(),
                "n": .property(\.n),
            ])
        let outer = Outer()
        let errors = thrownMappingErrors { try Mapper.mapValues(from: ["settings": ["theme": "dark"]], to: outer, using: mapping) }
        #expect(errors?.count == 1 && errors?.first?.rule == "mapping", "\(errors ?? [])")
        #expect(outer.settings.theme == "light")
    }

    @Test func duplicateKeysInALiteralReachTheLibrary() throws {
        // Literal duplicates, as a user would write them: never a trap.
        let mapping: Mapping<MGDef> = ["i": .property(\.i), "s": .property(\.s), "i": .property(\.oi)]
        #expect(mgPathsRules(mapping.definitionErrors) == ["i|mapping"])
        #expect(mapping.entries.count == 3)
    }
}

// MARK: - Cyclic sources

private final class MGFan: Mappable {
    var name = ""
    var left: MGFan?
    var right: MGFan?
    static let mapping: Mapping<MGFan> = ["name": .property(\.name), "left": .property(\.left), "right": .property(\.right)]
    init() {}
}

/// `MGFan` with a count of the instances made, which one test alone reads and makes.
private final class MGCountedFan: Mappable {
    nonisolated(unsafe) static var made = 0
    var left: MGCountedFan?
    var right: MGCountedFan?
    static let mapping: Mapping<MGCountedFan> = ["left": .property(\.left), "right": .property(\.right)]
    init() { Self.made += 1 }
}

@Suite("ModelGraphProbe cyclic sources")
struct ModelGraphProbeCyclicSourceTests {
    @Test func aSelfCyclicDictionaryIsOneDepthError() throws {
        let cyclic = NSMutableDictionary()
        cyclic["left"] = cyclic
        let errors = thrownMappingErrors { _ = try Mapper.map(MGFan.self, from: cyclic) }
        #expect(errors?.count == 1 && errors?.first?.rule == "depth")
        cyclic.removeAllObjects()
    }

    /// A cyclic NSDictionary reached along several paths stops at the first depth error. Every path was walked to the
    /// limit first: `d["left"] = d; d["right"] = d` never returned.
    @Test func aCyclicDictionaryReachedAlongSeveralPathsStopsAtTheFirstDepthError() throws {
        let tail = NSMutableDictionary()
        tail["left"] = tail
        var top: NSDictionary = tail
        for _ in 0..<4 {
            top = NSDictionary(dictionary: ["left": top, "right": top])
        }
        MGCountedFan.made = 0
        let errors = thrownMappingErrors { _ = try Mapper.map(MGCountedFan.self, from: top) }
        #expect(errors?.count == 1 && errors?.first?.rule == "depth")
        // 16 paths reach the cycle; refusing at the first depth error makes about 520 models, not 16 × 513.
        #expect(MGCountedFan.made < 2 * 520, "\(MGCountedFan.made) models made for one refused cyclic source")
        tail.removeAllObjects()
    }
}

// MARK: - More misplaced descriptors

private final class MGOptionalMerge {
    var settings: MGSettings?
    var prefs: MGPrefs?
    init() {}
    static let mapping: Mapping<MGOptionalMerge> = ["settings": .property(\.settings).merging(), "prefs": .property(\.prefs).merging()]
}

@Suite("ModelGraphProbe misplaced descriptors")
struct ModelGraphProbeMisplacedTests {
    /// Merging into an optional model that is nil: a definition error, or a new model; never a data error or a trap.
    @Test func mergingIntoANilOptionalModel() throws {
        let target = MGOptionalMerge()
        let errors = thrownMappingErrors {
            try Mapper.mapValues(from: ["settings": ["theme": "dark"], "prefs": ["a": 1]], to: target, using: MGOptionalMerge.mapping)
        }
        if let errors {
            #expect(errors.allSatisfy { $0.rule == "mapping" }, "\(errors)")
            #expect(!MGOptionalMerge.mapping.definitionErrors.isEmpty, "a definition error found only with data")
        } else {
            #expect(target.settings?.theme == "dark" && target.prefs?.a == 1)
        }
        // With a current value, the merge keeps its absent keys.
        let current = MGSettings()
        current.size = 30
        target.settings = current
        _ = thrownMappingErrors { try Mapper.mapValues(from: ["settings": ["theme": "dark"]], to: target, using: MGOptionalMerge.mapping) }
        if MGOptionalMerge.mapping.definitionErrors.isEmpty {
            #expect(target.settings === current && current.size == 30 && current.theme == "dark")
        }
    }

    @Test func oneWayOnAListSerializesNothingAndMapsAll() throws {
        final class Box {
            var a = ""
            var b = ""
            init() {}
        }
        let mapping: Mapping<Box> = ["v": .list(.property(\.a), .property(\.b)).oneWay(), "w": .property(\.b)]
        let box = Box()
        try Mapper.mapValues(from: ["v": "x"], to: box, using: mapping)
        #expect(box.a == "x" && box.b == "x")
        #expect(String(decoding: try Mapper.serializeJSON(box, using: mapping), as: UTF8.self) == #"{"w":"x"}"#)
    }

    /// The same property from a list and from a key of its own: the later entry wins, and both are checked.
    @Test func listAndKeyWritingOneProperty() throws {
        final class Box {
            var a = 0
            var b = 0
            init() {}
        }
        let mapping: Mapping<Box> = ["v": .list(.property(\.a), .property(\.b)), "a": .property(\.a).min(0)]
        let box = Box()
        try Mapper.mapValues(from: ["v": 5, "a": 1], to: box, using: mapping)
        #expect(box.a == 1 && box.b == 5)
        #expect(mgPathsRules(thrownMappingErrors { try Mapper.mapValues(from: ["v": 5, "a": -1], to: box, using: mapping) }) == ["a|min"])
        #expect(box.a == 1 && box.b == 5)
    }
}

// MARK: - The Codable bridge around a graph

private struct MGEnvelope: Decodable {
    var version: Int
    var repos: [MGRepo]
}

@Suite("ModelGraphProbe Codable envelope")
struct ModelGraphProbeEnvelopeTests {
    @Test func errorsInsideAnEnvelopeArePrefixedWithTheCodingPath() throws {
        let repo = #"{"id": 1, "name": "n", "owner": {}, "visibility": "open", "topics": [], "contributors": [], "byRole": {}}"#
        let bad = #"{"id": 0, "name": "n", "owner": {"id": 0}, "visibility": "open", "topics": [], "contributors": [], "byRole": {}}"#
        let text = #"{"version": 1, "repos": [\#(repo), \#(bad)]}"#
        do {
            _ = try JSONDecoder().decode(MGEnvelope.self, from: Data(text.utf8))
            Issue.record("decoded a bad record")
        } catch let error as DecodingError {
            #expect(mgPathsRules(error.mappingError?.errors) == ["repos[1].id|min", "repos[1].owner.id|min"])
        }
        let good = try JSONDecoder().decode(MGEnvelope.self, from: Data(#"{"version": 2, "repos": [\#(repo)]}"#.utf8))
        #expect(good.repos == [try Mapper.map(MGRepo.self, fromJSON: repo)])
    }

    /// Recorded for the report: whether a nested model's broken mapping is found when no record reaches it.
    @Test func aBrokenNestedMappingNotReachedByTheData() throws {
        struct BrokenLeaf: Mappable {
            var n = 0
            static let mapping: Mapping<BrokenLeaf> = ["n": .property(\.n).lengthRange(1, 2)]
        }
        struct Trunk: Mappable {
            var x = 0
            var leaf: BrokenLeaf?
            static let mapping: Mapping<Trunk> = ["x": .property(\.x), "leaf": .property(\.leaf)]
        }
        let errors = thrownMappingErrors { _ = try Mapper.map(Trunk.self, from: ["x": 1]) }
        print("UNREACHED-NESTED-DEFINITION:", errors.map { $0.map(\.description) } ?? ["succeeded"], Trunk.mapping.definitionErrors.count)
        #expect(errors == nil || errors?.allSatisfy { $0.rule == "mapping" } == true)
    }
}

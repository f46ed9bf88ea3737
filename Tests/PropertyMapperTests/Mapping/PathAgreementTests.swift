import Foundation
import Testing

@testable import PropertyMapper

// One mapping and one document through every path that reads a document: the JSON reader (text or `Data`),
// JSONSerialization's tree, the same tree as Foundation containers, `validate`, and the Codable bridge. Each path
// must give the same model, or the same errors (path, property, rule, value, message), and the same warnings.
// The documents are random but seeded, so every case replays.

// MARK: - Models

private struct ChildItem: Mappable {
    var id = 0
    var label: String?
    static let mapping: Mapping<ChildItem> = [
        "id": .property(\.id).isRequired().min(0),
        "label": .property(\.label).maxLength(8),
    ]
}

/// A record's values, whatever the model kind, rendered exactly (a `Double` with its bit pattern, so `-0.0` and
/// `0.0` differ).
private struct RecordValues: CustomStringConvertible {
    var name = ""
    var count = 0
    var score = 0.0
    var flag = false
    var nick: String?
    var tags: [String] = []
    var numbers: [Int] = []
    var child: ChildItem?
    var children: [ChildItem] = []
    var price = Decimal(0)
    var big: UInt64 = 0
    var small: Int8 = 0
    var level = 0
    var note: String?
    var lat = 0.0
    var lon = 0.0

    var description: String {
        "name=\(name.debugDescription) count=\(count) score=\(score) [\(score.bitPattern)] flag=\(flag) nick=\(String(describing: nick)) "
            + "tags=\(tags) numbers=\(numbers) child=\(String(describing: child)) children=\(children) price=\(price) big=\(big) "
            + "small=\(small) level=\(level) note=\(String(describing: note)) lat=\(lat.bitPattern) lon=\(lon.bitPattern)"
    }
}

/// The record as any model kind: a `Mappable` struct or class, or an `ImmutableMappable` struct.
private protocol RecordModel: MappedModel {
    var values: RecordValues { get }
}

/// The record as a `Mappable` struct; its mapping can take key policies.
private struct StructRecord: Mappable, RecordModel {
    var name = ""
    var count = 0
    var score = 0.0
    var flag = false
    var nick: String?
    var tags: [String] = []
    var numbers: [Int] = []
    var child: ChildItem?
    var children: [ChildItem] = []
    var price = Decimal(0)
    var big: UInt64 = 0
    var small: Int8 = 0
    var level = 0
    var note: String?
    var lat = 0.0
    var lon = 0.0

    var values: RecordValues {
        RecordValues(
            name: name, count: count, score: score, flag: flag, nick: nick, tags: tags, numbers: numbers, child: child,
            children: children, price: price, big: big, small: small, level: level, note: note, lat: lat, lon: lon)
    }

    static let mapping = policyMapping(keys: .exact, style: .asWritten, unknown: .ignore, nickKey: "nick", noteKey: "note")

    /// The record's mapping under key policies; with `alternatives`, `nickKey` also matches `alias` and `meta` `extra`.
    static func policyMapping(
        keys: KeyMatching, style: KeyStyle, unknown: UnknownKeyPolicy, alternatives: Bool = false,
        nickKey: String = "nickName", noteKey: String = "noteText"
    ) -> Mapping<StructRecord> {
        Mapping<StructRecord>(
            keys: keys, keyStyle: style, unknownKeys: unknown,
            [
                "name": .property(\.name).isRequired().maxLength(20),
                "count": .property(\.count).isRequired().min(-1_000_000_000),
                "score": .property(\.score).isRequired(),
                "flag": .property(\.flag).isRequired(),
                alternatives ? .anyOf(nickKey, "alias") : .key(nickKey): .property(\.nick).lengthRange(1, 5),
                "tags": .property(\.tags).isRequired(),
                "numbers": .property(\.numbers).isRequired(),
                "child": .property(\.child),
                "children": .property(\.children).isRequired(),
                "price": .box(.decimal, \.price).isRequired().min(0),
                "big": .property(\.big).isRequired(),
                "small": .property(\.small).isRequired(),
                alternatives ? .anyOf("meta", "extra") : "meta": [
                    "level": .property(\.level).isRequired(), .key(noteKey): .property(\.note),
                ],
                "geo": [0: .property(\.lat).isRequired(), 1: .property(\.lon).isRequired()],
            ])
    }
}

/// The record as a `Mappable` final class.
private final class ClassRecord: Mappable, RecordModel {
    var name = ""
    var count = 0
    var score = 0.0
    var flag = false
    var nick: String?
    var tags: [String] = []
    var numbers: [Int] = []
    var child: ChildItem?
    var children: [ChildItem] = []
    var price = Decimal(0)
    var big: UInt64 = 0
    var small: Int8 = 0
    var level = 0
    var note: String?
    var lat = 0.0
    var lon = 0.0
    init() {}

    var values: RecordValues {
        RecordValues(
            name: name, count: count, score: score, flag: flag, nick: nick, tags: tags, numbers: numbers, child: child,
            children: children, price: price, big: big, small: small, level: level, note: note, lat: lat, lon: lon)
    }

    static let mapping: Mapping<ClassRecord> = [
        "name": .property(\.name).isRequired().maxLength(20),
        "count": .property(\.count).isRequired().min(-1_000_000_000),
        "score": .property(\.score).isRequired(),
        "flag": .property(\.flag).isRequired(),
        "nick": .property(\.nick).lengthRange(1, 5),
        "tags": .property(\.tags).isRequired(),
        "numbers": .property(\.numbers).isRequired(),
        "child": .property(\.child),
        "children": .property(\.children).isRequired(),
        "price": .box(.decimal, \.price).isRequired().min(0),
        "big": .property(\.big).isRequired(),
        "small": .property(\.small).isRequired(),
        "meta": ["level": .property(\.level).isRequired(), "note": .property(\.note)],
        "geo": [0: .property(\.lat).isRequired(), 1: .property(\.lon).isRequired()],
    ]
}

/// The record as an `ImmutableMappable` struct.
private struct ImmutableRecord: ImmutableMappable, RecordModel {
    let name: String
    let count: Int
    let score: Double
    let flag: Bool
    let nick: String?
    let tags: [String]
    let numbers: [Int]
    let child: ChildItem?
    let children: [ChildItem]
    let price: Decimal
    let big: UInt64
    let small: Int8
    let level: Int
    let note: String?
    let lat: Double
    let lon: Double

    var values: RecordValues {
        RecordValues(
            name: name, count: count, score: score, flag: flag, nick: nick, tags: tags, numbers: numbers, child: child,
            children: children, price: price, big: big, small: small, level: level, note: note, lat: lat, lon: lon)
    }

    static let mapping: Mapping<ImmutableRecord> = [
        "name": .property(\.name).isRequired().maxLength(20),
        "count": .property(\.count).isRequired().min(-1_000_000_000),
        "score": .property(\.score).isRequired(),
        "flag": .property(\.flag).isRequired(),
        "nick": .property(\.nick).lengthRange(1, 5),
        "tags": .property(\.tags).isRequired(),
        "numbers": .property(\.numbers).isRequired(),
        "child": .property(\.child),
        "children": .property(\.children).isRequired(),
        "price": .box(.decimal, \.price).isRequired().min(0),
        "big": .property(\.big).isRequired(),
        "small": .property(\.small).isRequired(),
        "meta": ["level": .property(\.level).isRequired(), "note": .property(\.note)],
        "geo": [0: .property(\.lat).isRequired(), 1: .property(\.lon).isRequired()],
    ]

    init(_ values: MappedValues<ImmutableRecord>) throws {
        name = try values[\.name]
        count = try values[\.count]
        score = try values[\.score]
        flag = try values[\.flag]
        nick = try values[\.nick]
        tags = try values[\.tags]
        numbers = try values[\.numbers]
        child = try values[\.child]
        children = try values[\.children]
        price = try values[\.price]
        big = try values[\.big]
        small = try values[\.small]
        level = try values[\.level]
        note = try values[\.note]
        lat = try values[\.lat]
        lon = try values[\.lon]
    }
}

/// A model for the Codable bridge under loose key matching, snake_case and unknown keys warned.
private struct LooseKeysModel: Mappable, MappedDecodable {
    var name = ""
    var count = 0
    var nick: String?
    var level = 0
    var note: String?
    var child: ChildItem?
    static let mapping = Mapping<LooseKeysModel>(
        keys: .ignoringCaseAndSeparators, keyStyle: .snakeCase, unknownKeys: .warn,
        [
            "userName": .property(\.name), "itemCount": .property(\.count),
            .anyOf("nickName", "alias"): .property(\.nick).maxLength(5),
            "metaInfo": ["levelNo": .property(\.level), "noteText": .property(\.note)],
            "childItem": .property(\.child),
        ])
}

/// A model for the Codable bridge under case-insensitive matching, kebab-case and unknown keys failed.
private struct StrictKeysModel: Mappable, MappedDecodable {
    var name = ""
    var count = 0
    var nick: String?
    var level = 0
    var note: String?
    var child: ChildItem?
    static let mapping = Mapping<StrictKeysModel>(
        keys: .caseInsensitive, keyStyle: .kebabCase, unknownKeys: .fail,
        [
            "userName": .property(\.name), "itemCount": .property(\.count),
            .anyOf("nickName", "alias"): .property(\.nick).maxLength(5),
            "metaInfo": ["levelNo": .property(\.level), "noteText": .property(\.note)],
            "childItem": .property(\.child),
        ])
}

// MARK: - Outcomes

/// What one path gave: the values, or every error; and the warnings.
private struct PathOutcome: Equatable, CustomStringConvertible {
    var values: String?
    var errors: [String] = []
    var warnings: [String] = []

    var description: String {
        (values.map { "OK \($0)" } ?? "FAILED\n  " + errors.joined(separator: "\n  "))
            + (warnings.isEmpty ? "" : "\n  warnings: " + warnings.joined(separator: "\n  "))
    }

    /// Every field of an error, so outcomes differ when any field does.
    static func errorLine(_ error: ValidationError) -> String {
        "\(error.path) | \(error.property) | \(error.rule) | \(error.value ?? "-") | \(error.message)"
    }

    /// Runs `body`, which returns the rendered values; a `MappingError` (also inside a `DecodingError`) gives the errors.
    static func of(_ body: (inout [MappingWarning]) throws -> String) -> PathOutcome {
        var warnings: [MappingWarning] = []
        do {
            let values = try body(&warnings)
            return PathOutcome(values: values, warnings: warnings.map(\.description))
        } catch let error as MappingError {
            return PathOutcome(values: nil, errors: error.errors.map(errorLine), warnings: warnings.map(\.description))
        } catch let error as DecodingError {
            if let mappingError = error.mappingError {
                return PathOutcome(values: nil, errors: mappingError.errors.map(errorLine))
            }
            return PathOutcome(values: nil, errors: ["decoding: \(error)"])
        } catch {
            return PathOutcome(values: nil, errors: ["other: \(error)"])
        }
    }
}

/// The outcome of `Mapper.map(_:from:warnings:)`.
private func outcome<Model: RecordModel>(_ type: Model.Type, from source: Any) -> PathOutcome {
    PathOutcome.of { try Mapper.map(type, from: source, warnings: &$0).values.description }
}

/// The outcome of `Mapper.map(_:fromJSON:warnings:)` for JSON text.
private func outcome<Model: RecordModel>(_ type: Model.Type, fromJSON json: String) -> PathOutcome {
    PathOutcome.of { try Mapper.map(type, fromJSON: json, warnings: &$0).values.description }
}

/// The outcome of `Mapper.map(_:fromJSON:warnings:)` for JSON bytes.
private func outcome<Model: RecordModel>(_ type: Model.Type, fromJSON json: Data) -> PathOutcome {
    PathOutcome.of { try Mapper.map(type, fromJSON: json, warnings: &$0).values.description }
}

/// The reader's outcome and the Codable bridge's (`JSONDecoder`) for one document.
private func readerAndBridge<Model: MappedDecodable>(_ type: Model.Type, from data: Data) -> (reader: PathOutcome, bridge: PathOutcome) {
    (
        PathOutcome.of { _ in String(describing: try Mapper.map(type, fromJSON: data)) },
        PathOutcome.of { _ in String(describing: try JSONDecoder().decode(type, from: data)) }
    )
}

/// A parsed tree rebuilt from Foundation containers (`NSMutableDictionary`, `NSMutableArray`, `NSString`).
private func foundationContainers(_ value: Any) -> Any {
    if let dictionary = value as? [String: Any] {
        let result = NSMutableDictionary()
        for (key, element) in dictionary { result[NSString(string: key)] = foundationContainers(element) }
        return result
    }
    if let array = value as? [Any] {
        let result = NSMutableArray()
        for element in array { result.add(foundationContainers(element)) }
        return result
    }
    if let string = value as? String { return NSString(string: string) }
    return value
}

/// JSONSerialization's tree of `json`, or nil when it rejects the text.
private func parsedTree(_ json: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
}

// MARK: - Random documents

private struct RecordDocument {
    /// Each member as JSON text, `"key": value`.
    var members: [String] = []

    var json: String { "{" + members.joined(separator: ", ") + "}" }
}

/// Random documents for the record: each key's values mix good ones with wrong types, out-of-range numbers, odd
/// spellings of numbers and strings, nulls, and containers where a value belongs.
private enum RandomRecordJSON {
    static let names = [
        #""Kim""#, #""a\"b\\c""#, #""caf\u00e9""#, #""cafe\u0301""#, #""\ud83d\ude00 ok""#, #""""#, #""\t\n""#, "42", "true",
        "null", #""twenty-one characters""#, "[]", "{}",
    ]
    static let ints = [
        "0", "-0", "1e2", "1E2", "1.0", "1.5", "100e-2", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "12345678901234567890123", #""12""#, "true", "null", "-1000000001", "0.0", "-0.0", "1e-2",
        "2.50e1", "7", "-7", "4.0E+1",
    ]
    static let doubles = [
        "0.1", "-0", "-0.0", "1e2", "1.7976931348623157e308", "5e-324", "123456789012345678", "1.2345678901234567",
        "12345678901234567890", "0.30000000000000004", "1E5", "true", #""1.5""#, "null", "-1.5e-7", "9007199254740993",
        "18446744073709551615", "1.8446744073709552e19", "4.9406564584124654e-324", "2.2250738585072014E-308",
    ]
    static let bigs = [
        "18446744073709551615", "18446744073709551616", "-1", "1e19", "1.8446744073709552e19", "0", "-0", "1.0",
        "9223372036854775808", "3.5", "1e1", "null",
    ]
    static let smalls = ["127", "128", "-128", "-129", "1e2", "1.0e2", "-0", "0.5", "1.27e2", #""1""#]
    static let prices = [
        #""0.10""#, "12.30", "1e-130", "123456789012345678901234567890.12", "-0", "1E3", "-1", #""-0.5""#, "0.1",
        "100000000000000000000000000000000000000", "3.14159265358979323846264338327950288", "1e2", #""1e2""#, "true",
        "null", "99999999999999999999", "0.000000000000000000000000000001",
    ]
    static let flags = ["true", "false", "1", "0", #""true""#, "null"]
    static let nicks = [#""ab""#, #""""#, #""abcdef""#, "null", "1", #""\u00e9\u00e9""#, #""e\u0301e\u0301e\u0301""#, #""\ud83d\ude00""#]
    static let stringArrays = ["[]", #"["a", "b"]"#, #"["a", 1]"#, "[null]", "null", #""a""#, "{}", #"["\u0000"]"#]
    static let intArrays = ["[]", "[1, 2]", "[1.0, -0]", "[1.5]", "[true]", "[9223372036854775808]", "null", "[1e2, 2E1]"]
    static let children = [
        #"{"id": 1}"#, #"{"id": 1, "label": "abc"}"#, #"{"id": -1}"#, #"{"id": 2, "label": "toolonglabel"}"#, "{}", "null",
        "[]", #""x""#, #"{"id": 1.0, "label": null}"#, #"{"id": "1"}"#, #"{"id": 3, "id": 4}"#, #"{"i\u0064": 5}"#,
    ]

    static func childrenArray(_ random: inout SplitMix64) -> String {
        switch random.next() % 6 {
        case 0: return "[]"
        case 1: return "null"
        case 2: return "{}"
        default:
            let count = Int(random.next() % 4)
            return "[" + (0..<count).map { _ in random.pick(children) }.joined(separator: ", ") + "]"
        }
    }

    static func meta(_ random: inout SplitMix64, noteKey: String) -> String {
        switch random.next() % 8 {
        case 0: return "null"
        case 1: return "{}"
        case 2: return "[]"
        case 3: return #"{"level": 1, "level": "x"}"#
        default:
            var parts: [String] = []
            if !random.chance(0.1) { parts.append(#""level": "# + random.pick(ints)) }
            if random.chance(0.6) { parts.append("\"\(noteKey)\": " + random.pick(nicks)) }
            if random.chance(0.3) { parts.append(#""other": [[{"deep": 1}]]"#) }
            return "{" + parts.shuffled(using: &random).joined(separator: ", ") + "}"
        }
    }

    static func geo(_ random: inout SplitMix64) -> String {
        switch random.next() % 7 {
        case 0: return "null"
        case 1: return "[]"
        case 2: return "{}"
        case 3: return "[1.5]"
        default:
            let count = 2 + Int(random.next() % 3)
            return "[" + (0..<count).map { _ in random.pick(doubles) }.joined(separator: ", ") + "]"
        }
    }

    /// Values for each mapped key (spelled by `keyOf`), then `extras` unmapped keys (`unread0`, …), sometimes a
    /// repeated key.
    static func document(
        _ random: inout SplitMix64, keyOf: (String) -> String, noteKey: String, nickKey: String, extras: Int,
        absent: Double = 0.05, duplicates: Bool = true
    ) -> RecordDocument {
        var members: [(String, String)] = []
        func add(_ key: String, _ value: String) {
            if random.chance(absent) { return }
            members.append((keyOf(key), value))
        }
        add("name", random.pick(names))
        add("count", random.pick(ints))
        add("score", random.pick(doubles))
        add("flag", random.pick(flags))
        add(nickKey, random.pick(nicks))
        add("tags", random.pick(stringArrays))
        add("numbers", random.pick(intArrays))
        add("child", random.chance(0.7) ? random.pick(children) : "null")
        add("children", childrenArray(&random))
        add("price", random.pick(prices))
        add("big", random.pick(bigs))
        add("small", random.pick(smalls))
        add("meta", meta(&random, noteKey: noteKey))
        add("geo", geo(&random))
        for index in 0..<extras {
            let value = random.pick(["1", "null", #""x""#, "[1, [2]]", #"{"a": {"b": null}}"#, "1e2", "true"])
            members.append(("unread\(index)", value))
        }
        if duplicates, random.chance(0.2), let duplicate = members.randomElement(using: &random) {
            // A repeated key: the last one wins on every path.
            members.append((duplicate.0, random.pick(ints)))
        }
        members.shuffle(using: &random)
        return RecordDocument(members: members.map { "\"\($0.0)\": \($0.1)" })
    }

    /// Values every path accepts, so these documents map successfully.
    enum Accepted {
        static let names = [
            #""Kim""#, #""a\"b\\c""#, #""caf\u00e9""#, #""cafe\u0301""#, #""\ud83d\ude00 ok""#, #""""#, #""\t\n""#, #""\u0000x""#,
            #""\u2028\u001f""#, #""\/x""#,
        ]
        static let ints = [
            "0", "-0", "1e2", "1.0", "100e-2", "9223372036854775807", "-9223372036854775808", "7", "-1000000000", "4.0E+1", "2.50e1",
        ]
        static let doubles = [
            "0.1", "-0", "-0.0", "1e2", "1.7976931348623157e308", "5e-324", "123456789012345678", "1.2345678901234567",
            "12345678901234567890", "0.30000000000000004", "1E5", "-1.5e-7", "9007199254740993", "18446744073709551615",
            "1.8446744073709552e19", "4.9406564584124654e-324", "2.2250738585072014E-308", "1e22", "1e23", "-1.0E-5",
            "100000000000000000000",
        ]
        static let bigs = ["18446744073709551615", "1e19", "0", "-0", "1.0", "9223372036854775808", "1e1"]
        static let smalls = ["127", "-128", "1e2", "1.0e2", "-0", "1.27e2"]
        static let prices = [
            #""0.10""#, "12.30", "123456789012345678901234567890.12", "-0", "1E3", #""1e2""#, "0.1",
            "3.14159265358979323846264338327950288",
            "99999999999999999999", "0.000000000000000000000000000001", "1e-120", "12345678901234567890123456789012345678", "0.5E1",
        ]
        static let flags = ["true", "false"]
        static let nicks = [#""ab""#, "null", #""\u00e9\u00e9""#, #""e\u0301e\u0301e\u0301""#, #""\ud83d\ude00""#]
        static let tags = ["[]", #"["a", "b"]"#, #"["\u0000"]"#, #"["\\", "\/"]"#]
        static let numbers = ["[]", "[1, 2]", "[1.0, -0]", "[1e2, 2E1]", "[-9223372036854775808]"]
        static let child = [#"{"id": 1}"#, #"{"id": 1, "label": "abc"}"#, "null", #"{"id": 1.0, "label": null}"#, #"{"i\u0064": 0}"#]
        static let children = ["[]", #"[{"id": 0}, {"id": 5, "label": ""}]"#, #"[{"id": 1e1, "x": [1]}]"#]

        static func document(_ random: inout SplitMix64, extras: Int = 0) -> RecordDocument {
            var members: [String] = [
                #""name": "# + random.pick(names), #""count": "# + random.pick(ints), #""score": "# + random.pick(doubles),
                #""flag": "# + random.pick(flags), #""nick": "# + random.pick(nicks), #""tags": "# + random.pick(tags),
                #""numbers": "# + random.pick(numbers), #""child": "# + random.pick(child), #""children": "# + random.pick(children),
                #""price": "# + random.pick(prices), #""big": "# + random.pick(bigs), #""small": "# + random.pick(smalls),
                #""meta": {"level": "# + random.pick(ints) + #", "note": "# + random.pick(nicks) + "}",
                #""geo": ["# + random.pick(doubles) + ", " + random.pick(doubles) + "]",
            ]
            for index in 0..<extras { members.append(#""unread\#(index)": {"a": [1, null]}"#) }
            members.shuffle(using: &random)
            return RecordDocument(members: members)
        }
    }
}

// MARK: - Tests

@Suite private struct PathAgreementTests {
    /// Compares class, struct and `ImmutableMappable` models from JSON text, `Data`, the tree, Foundation containers and `validate`.
    @Test func modelKindsAndSourcesAgreeOnRandomDocuments() {
        var random = SplitMix64(seed: 0x5EED_B001)
        var reported = 0
        var compared = 0
        for index in 0..<150 {
            // 0 to 40 unmapped keys, so the tree is read whole or key by key.
            let extras = random.pick([0, 0, 1, 2, 5, 9, 14, 25, 40])
            let document =
                random.chance(0.3)
                ? RandomRecordJSON.Accepted.document(&random, extras: extras)
                : RandomRecordJSON.document(&random, keyOf: { $0 }, noteKey: "note", nickKey: "nick", extras: extras)
            let json = document.json
            guard let tree = parsedTree(json) else { continue }
            compared += 1
            let foundation = foundationContainers(tree)
            let fromText = outcome(ClassRecord.self, fromJSON: json)
            let paths: [(String, PathOutcome)] = [
                ("class fromJSON Data", outcome(ClassRecord.self, fromJSON: Data(json.utf8))),
                ("class fromJSON no warnings", PathOutcome.of { _ in try Mapper.map(ClassRecord.self, fromJSON: json).values.description }),
                ("class tree", outcome(ClassRecord.self, from: tree)),
                ("class NSDictionary", outcome(ClassRecord.self, from: foundation)),
                ("immutable fromJSON", outcome(ImmutableRecord.self, fromJSON: json)),
                ("immutable tree", outcome(ImmutableRecord.self, from: tree)),
                ("immutable NSDictionary", outcome(ImmutableRecord.self, from: foundation)),
                ("struct fromJSON", outcome(StructRecord.self, fromJSON: json)),
                ("struct tree", outcome(StructRecord.self, from: tree)),
            ]
            for (name, outcome) in paths where outcome != fromText && reported < 12 {
                reported += 1
                Issue.record(
                    "case \(index): \(name) differs from class fromJSON.\nJSON: \(json)\nfromJSON: \(fromText)\n\(name): \(outcome)")
            }
            // `validate` reports the same errors; with none, the same warnings.
            var dryWarnings: [MappingWarning] = []
            let dryRun = Mapper.validate(tree, as: ClassRecord.self, warnings: &dryWarnings).map(PathOutcome.errorLine)
            if dryRun != fromText.errors || (dryRun.isEmpty && dryWarnings.map(\.description) != fromText.warnings), reported < 12 {
                reported += 1
                Issue.record("case \(index): validate differs.\nJSON: \(json)\nvalidate: \(dryRun)\nfromJSON: \(fromText)")
            }
        }
        #expect(reported == 0, "paths disagree: see the issues above")
        #expect(compared >= 75, "only \(compared) of 150 documents were compared")
    }

    /// Compares JSON `Data` with the tree, Foundation containers and `validate` under every `keys:`, `keyStyle:` and `unknownKeys:`.
    @Test func keyPoliciesAgreeAcrossSources() {
        var random = SplitMix64(seed: 0x5EED_B002)
        var reported = 0
        var compared = 0
        let keyings: [KeyMatching] = [.exact, .caseInsensitive, .ignoringCaseAndSeparators]
        let styles: [(String, KeyStyle)] = [("asWritten", .asWritten), ("snake", .snakeCase), ("kebab", .kebabCase)]
        let unknowns: [UnknownKeyPolicy] = [.ignore, .warn, .fail]
        for index in 0..<200 {
            let keys = random.pick(keyings)
            let (styleName, style) = random.pick(styles)
            let unknown = random.pick(unknowns)
            let alternatives = random.chance(0.4)
            let mapping = StructRecord.policyMapping(keys: keys, style: style, unknown: unknown, alternatives: alternatives)
            // Few unmapped keys or many, so the tree is read whole or key by key.
            let extras = random.pick([0, 0, 1, 3, 6, 12, 20, 40])
            var spelling = SplitMix64(seed: random.next())
            func spell(_ key: String) -> String {
                var name = style.spelling(of: key)
                if alternatives, key == "nickName", spelling.chance(0.5) { name = style.spelling(of: "alias") }
                if alternatives, key == "meta", spelling.chance(0.3) { name = style.spelling(of: "extra") }
                switch keys {
                case .exact: break
                case .caseInsensitive:
                    name = spelling.pick([name, name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()])
                case .ignoringCaseAndSeparators:
                    name = spelling.pick([
                        name, name.uppercased(), KeyWords.joined(key, by: "_"), KeyWords.joined(key, by: "-").uppercased(),
                        KeyWords.joined(key, by: " "), KeyWords.lowercased(key).joined(), "_" + name, name + "-",
                    ])
                }
                if spelling.chance(0.1), let first = name.unicodeScalars.first, first.isASCII {
                    // The same key with its first character escaped.
                    name = String(format: "\\u%04x", first.value) + String(name.unicodeScalars.dropFirst())
                }
                return name
            }
            var document = RandomRecordJSON.document(&random, keyOf: spell, noteKey: "noteText", nickKey: "nickName", extras: extras)
            if keys != .exact, random.chance(0.15) {
                // A second spelling of a mapped key: ambiguous unless one is as written.
                let key = random.pick(["name", "count", "nickName", "meta"])
                document.members.append("\"\(spell(key))\": " + (key == "meta" ? "{}" : #""dup""#))
                document.members.shuffle(using: &random)
            }
            let json = document.json
            guard let tree = parsedTree(json) else { continue }
            compared += 1
            let foundation = foundationContainers(tree)
            func run(_ source: Any?) -> PathOutcome {
                PathOutcome.of { warnings in
                    var record = StructRecord()
                    try Mapper.mapValues(from: source, to: &record, using: mapping, warnings: &warnings)
                    return record.values.description
                }
            }
            let fromText = PathOutcome.of { warnings in
                var record = StructRecord()
                try Mapper.mapValues(fromJSON: Data(json.utf8), to: &record, using: mapping, warnings: &warnings)
                return record.values.description
            }
            let label = "case \(index) keys \(keys) style \(styleName) unknown \(unknown) alternatives \(alternatives)"
            for (name, outcome) in [("tree", run(tree)), ("NSDictionary", run(foundation))] where outcome != fromText && reported < 12 {
                reported += 1
                Issue.record("\(label): \(name) differs from fromJSON.\nJSON: \(json)\nfromJSON: \(fromText)\n\(name): \(outcome)")
            }
            var dryWarnings: [MappingWarning] = []
            let dryRun = Mapper.validate(tree, for: StructRecord(), using: mapping, warnings: &dryWarnings).map(PathOutcome.errorLine)
            if dryRun != fromText.errors || (dryRun.isEmpty && dryWarnings.map(\.description) != fromText.warnings), reported < 12 {
                reported += 1
                Issue.record("\(label): validate differs.\nJSON: \(json)\nvalidate: \(dryRun) \(dryWarnings)\nfromJSON: \(fromText)")
            }
            if unknown == .ignore, extras > 0 {
                // Unread keys change nothing when they are ignored.
                let bare = RecordDocument(members: document.members.filter { !$0.hasPrefix(#""unread"#) }).json
                let lean = run(parsedTree(bare))
                if lean != fromText, reported < 12 {
                    reported += 1
                    Issue.record("\(label): extra keys change the outcome.\nJSON: \(json)\nwith: \(fromText)\nwithout: \(lean)")
                }
            }
        }
        #expect(reported == 0, "paths disagree: see the issues above")
        #expect(compared >= 100, "only \(compared) of 200 documents were compared")
    }

    /// Compares JSON text with the tree and Foundation containers for keys beyond ASCII under every key policy.
    @Test func unicodeKeysMatchAlikeOnEveryPath() {
        var random = SplitMix64(seed: 0x5EED_B007)
        var reported = 0
        var compared = 0
        let keyings: [KeyMatching] = [.exact, .caseInsensitive, .ignoringCaseAndSeparators]
        for index in 0..<400 {
            let keys = random.pick(keyings)
            let unknown = random.pick([UnknownKeyPolicy.ignore, .warn, .fail])
            let alternatives = random.chance(0.3)
            let mapping = Mapping<StructRecord>(
                keys: keys, unknownKeys: unknown,
                [
                    "café": .property(\.name),
                    "Größe": .property(\.count),
                    "\u{212A}elvin": .property(\.score),
                    alternatives ? .anyOf("naïve_Key", "Ωmega") : "naïve_Key": .property(\.nick),
                    "ünder": ["état": .property(\.level), "x": .property(\.note)],
                ])
            // Normal forms, `\u` escapes, KELVIN SIGN and OHM SIGN, Unicode case and separators.
            func spellings(_ key: String) -> [String] {
                var forms = [key, key.decomposedStringWithCanonicalMapping, key.precomposedStringWithCanonicalMapping]
                forms.append(String(key.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u%04x", $0.value) }.joined()))
                if key.hasPrefix("\u{212A}") { forms += ["K" + key.dropFirst(), "k" + key.dropFirst()] }
                if key.hasPrefix("Ω") { forms += ["\u{2126}" + key.dropFirst(), "ω" + key.dropFirst()] }
                if keys != .exact {
                    forms += [key.uppercased(), key.lowercased(), key.decomposedStringWithCanonicalMapping.uppercased()]
                }
                if keys == .ignoringCaseAndSeparators {
                    forms += [
                        key.replacingOccurrences(of: "_", with: ""), key.replacingOccurrences(of: "_", with: " - "), "_" + key.uppercased(),
                    ]
                }
                return forms
            }
            let values: [String: [String]] = [
                "café": [#""a""#, "1", "null"], "Größe": ["1", #""x""#, "-0"], "\u{212A}elvin": ["1.5", "true"],
                "naïve_Key": [#""ab""#, "null", #""abcdefgh""#], "Ωmega": [#""cd""#, "2"],
            ]
            var members: [String] = []
            for key in ["café", "Größe", "\u{212A}elvin", "naïve_Key", "Ωmega"] where random.chance(0.75) {
                members.append("\"\(random.pick(spellings(key)))\": \(random.pick(values[key]!))")
                if random.chance(0.15) {
                    members.append("\"\(random.pick(spellings(key)))\": \(random.pick(values[key]!))")
                }
            }
            if random.chance(0.8) {
                var inner: [String] = []
                if random.chance(0.8) { inner.append("\"\(random.pick(spellings("état")))\": \(random.pick(["3", #""y""#]))") }
                if random.chance(0.3) { inner.append("\"\(random.pick(spellings("x")))\": \(random.pick([#""n""#, "4"]))") }
                if random.chance(0.3) { inner.append(#""zzé": 1"#) }
                members.append("\"\(random.pick(spellings("ünder")))\": {\(inner.joined(separator: ", "))}")
            }
            // Small and large dictionaries.
            for extra in 0..<random.pick([0, 0, 2, 10, 40]) { members.append("\"xtra\\u00e9\(extra)\": \(extra)") }
            members.shuffle(using: &random)
            let json = "{" + members.joined(separator: ", ") + "}"
            guard let tree = parsedTree(json) else { continue }
            compared += 1
            func run(_ source: Any?) -> PathOutcome {
                PathOutcome.of { warnings in
                    var record = StructRecord()
                    try Mapper.mapValues(from: source, to: &record, using: mapping, warnings: &warnings)
                    return record.values.description
                }
            }
            let fromText = PathOutcome.of { warnings in
                var record = StructRecord()
                try Mapper.mapValues(fromJSON: json, to: &record, using: mapping, warnings: &warnings)
                return record.values.description
            }
            for (name, outcome) in [("tree", run(tree)), ("NSDictionary", run(foundationContainers(tree)))]
            where outcome != fromText && reported < 10 {
                reported += 1
                Issue.record(
                    "case \(index) keys \(keys) unknown \(unknown): \(name) differs from fromJSON.\nJSON: \(json)\nfromJSON: \(fromText)\n\(name): \(outcome)"
                )
            }
        }
        #expect(reported == 0, "paths disagree: see the issues above")
        #expect(compared >= 200, "only \(compared) of 400 documents were compared")
    }

    /// Compares the Codable bridge (`JSONDecoder`) with `Mapper.map(_:fromJSON:)` under loose and strict key policies.
    @Test func codableBridgeAgreesUnderKeyPolicies() {
        var random = SplitMix64(seed: 0x5EED_B00A)
        var reported = 0
        var compared = 0
        for index in 0..<400 {
            var spelling = SplitMix64(seed: random.next())
            let strict = random.chance(0.5)
            // Loose and strict spellings, `.anyOf` alternatives, escaped and repeated keys, an unknown key.
            func spell(_ key: String) -> String {
                let joined = KeyWords.joined(key, by: strict ? "-" : "_")
                var name = spelling.pick([joined, joined.uppercased(), key, KeyWords.joined(key, by: " "), "alias"])
                if key != "nickName", name == "alias" { name = joined }
                if spelling.chance(0.1), let first = name.unicodeScalars.first {
                    name = String(format: "\\u%04x", first.value) + String(name.unicodeScalars.dropFirst())
                }
                return name
            }
            var members: [String] = []
            for key in ["userName", "itemCount", "nickName", "metaInfo", "childItem"] where random.chance(0.8) {
                let value: String
                switch key {
                case "userName": value = random.pick([#""kim""#, "1", "null"])
                case "itemCount": value = random.pick(["1", "-0", #""2""#, "1e2", "true"])
                case "nickName": value = random.pick([#""ab""#, "null", #""abcdefgh""#])
                case "metaInfo":
                    value = random.pick([
                        "{}", "null", #"{"levelNo": 3, "Note-Text": "n", "zz": 1}"#, #"{"level_no": 3, "LEVEL_NO": 4}"#, "[]",
                    ])
                default: value = random.pick([#"{"id": 1}"#, "null", #"{"id": -1, "q": 1}"#, #"{"ID": 1}"#])
                }
                members.append("\"\(spell(key))\": \(value)")
                if random.chance(0.15) { members.append("\"\(spell(key))\": \(value)") }
            }
            if random.chance(0.3) { members.append(#""unknown_key": [1]"#) }
            members.shuffle(using: &random)
            let json = "{" + members.joined(separator: ", ") + "}"
            guard parsedTree(json) != nil else { continue }
            compared += 1
            let data = Data(json.utf8)
            let (reader, bridge) =
                strict ? readerAndBridge(StrictKeysModel.self, from: data) : readerAndBridge(LooseKeysModel.self, from: data)
            if reader != bridge, reported < 8 {
                reported += 1
                Issue.record(
                    "case \(index) \(strict ? "strict" : "loose"): the bridge differs.\nJSON: \(json)\nfromJSON: \(reader)\nJSONDecoder: \(bridge)"
                )
            }
        }
        #expect(reported == 0, "paths disagree: see the issues above")
        #expect(compared >= 200, "only \(compared) of 400 documents were compared")
    }
}

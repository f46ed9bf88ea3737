import Foundation
import PropertyMapper
import Testing

// Probes of key styles, key matching, alternative and ambiguous keys, unknown-key policies, rules that point at a
// field, validators on converted values and the per-field policies, through the public API only, in both directions
// (mapping and serializing), across the JSON text, `[String: Any]`, `NSDictionary` and Codable paths. They found one
// defect, fixed since: from JSON text, a nested object shown in an error or a warning counted only the keys read.

// MARK: - Helpers

/// A small deterministic generator (SplitMix64).
private struct KPRandom {
    private var source: SplitMix64
    init(seed: UInt64) { source = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { source.next() }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

private func kpErrors(_ body: () throws(MappingError) -> Void) -> [ValidationError] {
    do {
        try body()
        return []
    } catch {
        return error.errors
    }
}

private func kpThrows(_ body: () throws(MappingError) -> Void) -> Bool {
    !kpErrors(body).isEmpty
}

private func kpNS(_ object: Any?) -> NSDictionary? {
    (object as? [String: Any]).map { NSDictionary(dictionary: $0) }
}

private func kpShape(_ errors: [ValidationError]) -> [String] {
    errors.map { "\($0.path)|\($0.rule)" }
}

/// A JSON string literal for `key`, escaping some characters as `\uXXXX` when `escapeMask` says so.
private func kpJSONString(_ text: String, escaping rng: inout KPRandom, percent: Int = 0) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
            if scalar.value < 0x20 || (percent > 0 && scalar.value < 0x10000 && rng.chance(percent)) {
                out += String(format: "\\u%04X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

private func kpJSONObject(_ pairs: [(String, Any)], rng: inout KPRandom, escapePercent: Int = 0) -> String {
    "{"
        + pairs.map { key, value in
            let rendered: String
            switch value {
            case let int as Int: rendered = String(int)
            case let string as String: rendered = kpJSONString(string, escaping: &rng)
            default: rendered = "null"
            }
            return kpJSONString(key, escaping: &rng, percent: escapePercent) + ":" + rendered
        }.joined(separator: ",") + "}"
}

/// The path of a top-level key as the library names it: plain, or `["…"]`.
private func kpPath(_ key: String) -> String {
    let plain =
        !key.isEmpty
        && !key.unicodeScalars.contains {
            $0 == "." || $0 == "[" || $0 == "]" || $0 == "\"" || $0 == "\\" || $0.properties.isWhitespace
                || $0.properties.generalCategory == .control
        }
    return plain ? key : "[\"\(key)\"]"
}

private func kpJSONKeys(_ data: Data) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object ?? [:]).keys.sorted()
}

// MARK: - Models

private struct KPFour: Equatable {
    var userName = -1
    var orderID = -1
    var imageURL = -1
    var x = -1
}

private struct KPLooseCodable: Mappable, MappedCodable, Equatable {
    var userName = -1
    var orderID = -1
    var imageURL = -1
    var x = -1
    static let mapping = Mapping<KPLooseCodable>(
        keys: .ignoringCaseAndSeparators,
        [
            "userName": .property(\.userName),
            "orderID": .property(\.orderID),
            "imageURL": .property(\.imageURL),
            "x": .property(\.x),
        ])
}

private struct KPSnake: Mappable, MappedCodable, Equatable {
    var userName = ""
    var orderID = 0
    var imageURL: URL?
    var itemCount = 0
    var nickName: String?
    static let mapping = Mapping<KPSnake>(
        keyStyle: .snakeCase,
        [
            "userName": .property(\.userName).minLength(1),
            "orderID": .property(\.orderID).min(1),
            "imageURL": .box(.url, \.imageURL),
            "stats": ["itemCount": .property(\.itemCount)],
            .anyOf("nickName", "aliasName"): .property(\.nickName),
        ])
}

private struct KPAsWritten: Mappable, MappedCodable, Equatable {
    var userName = 0
    var plain = 0
    static let mapping: Mapping<KPAsWritten> = [
        "user_name": .property(\.userName),
        "plainKey": .property(\.plain),
    ]
}

// MARK: - Differential: loose matching against an oracle, on every input path

@Suite struct KeyPolicyProbeLooseDifferential {
    static let entryKeys = ["userName", "orderID", "imageURL", "x"]
    static let variants: [String: [String]] = [
        "userName": [
            "userName", "username", "USERNAME", "user_name", "User-Name", "user name", "USER_NAME", "UserName",
            "_user_name_", "u-s-e-r-n-a-m-e",
        ],
        "orderID": ["orderID", "order_id", "ORDER_ID", "orderId", "Order-ID", "orderid", "order id"],
        "imageURL": ["imageURL", "image_url", "imageUrl", "IMAGE-URL", "image url", "ImageURL", "imageurl"],
        "x": ["x", "X", "_x", "X_", "-x-", " x"],
    ]
    static let noise = ["extra", "user", "names", "order", "id", "image_url_2", "y", "userNames", "xx", "ordered"]

    static func normalize(_ key: String, _ matching: KeyMatching) -> String {
        switch matching {
        case .exact: key
        case .caseInsensitive: key.lowercased()
        case .ignoringCaseAndSeparators: String(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
        }
    }

    fileprivate struct Expected {
        var model = KPFour()
        var errors: [String] = []
        var unknown: [String] = []
    }

    fileprivate static func oracle(_ source: [String: Any], _ matching: KeyMatching) -> Expected {
        var expected = Expected()
        var read = Set<String>()
        let writers: [WritableKeyPath<KPFour, Int>] = [\.userName, \.orderID, \.imageURL, \.x]
        for (entry, writer) in zip(entryKeys, writers) {
            var used: String?
            if source[entry] != nil {
                used = entry
            } else {
                let candidates = source.keys.filter { normalize($0, matching) == normalize(entry, matching) }.sorted()
                read.formUnion(candidates)
                if candidates.count > 1 {
                    expected.errors.append("\(entry)|ambiguousKey")
                    continue
                }
                used = candidates.first
            }
            guard let used else { continue }
            read.insert(used)
            if let int = source[used] as? Int {
                expected.model[keyPath: writer] = int
            } else {
                expected.errors.append("\(kpPath(used))|type")
            }
        }
        let forms = Set(entryKeys.map { normalize($0, matching) })
        expected.unknown = source.keys.filter { !read.contains($0) && !forms.contains(normalize($0, matching)) }.map(kpPath).sorted()
        if !expected.errors.isEmpty { expected.model = KPFour() }
        return expected
    }

    fileprivate static func mapping(_ matching: KeyMatching, _ unknown: UnknownKeyPolicy) -> Mapping<KPFour> {
        Mapping<KPFour>(
            keys: matching, unknownKeys: unknown,
            [
                "userName": .property(\.userName),
                "orderID": .property(\.orderID),
                "imageURL": .property(\.imageURL),
                "x": .property(\.x),
            ])
    }

    /// The rounds where a path disagreed with the oracle, each described.
    static func mismatches(_ matching: KeyMatching, seed: UInt64, rounds: Int, codable: Bool) -> [String] {
        let mapping = mapping(matching, .warn)
        var rng = KPRandom(seed: seed)
        var mismatches: [String] = []
        for round in 0..<rounds {
            // Pairs in document order, a key possibly repeated (the last wins).
            var pairs: [(String, Any)] = []
            for entry in entryKeys where rng.chance(70) {
                for _ in 0...rng.below(2) {
                    let key = rng.pick(variants[entry]!)
                    let value: Any = rng.chance(8) ? "bad" : rng.below(1000)
                    pairs.append((key, value))
                }
            }
            for _ in 0..<rng.below(3) { pairs.append((rng.pick(noise), rng.below(1000))) }
            if rng.chance(20), let first = pairs.first { pairs.append((first.0, rng.below(1000))) }  // duplicate: last wins
            // Shuffle.
            for index in pairs.indices.reversed() where index > 0 { pairs.swapAt(index, rng.below(index + 1)) }
            var source: [String: Any] = [:]
            for (key, value) in pairs { source[key] = value }
            let expected = oracle(source, matching)

            func check(_ label: String, _ body: (inout KPFour, inout [MappingWarning]) throws(MappingError) -> Void) {
                var model = KPFour()
                var warnings: [MappingWarning] = []
                let errors = kpShape(kpErrors { () throws(MappingError) in try body(&model, &warnings) })
                let unknown = warnings.filter { $0.kind == .unknownKey }.map(\.path).sorted()
                if errors != expected.errors || model != expected.model || (errors.isEmpty && unknown != expected.unknown) {
                    mismatches.append(
                        "round \(round) \(label) source \(source.keys.sorted()): errors \(errors) expected \(expected.errors); "
                            + "model \(model) expected \(expected.model); unknown \(unknown) expected \(expected.unknown)")
                }
            }
            check("dict") { m, w throws(MappingError) in try Mapper.mapValues(from: source, to: &m, using: mapping, warnings: &w) }
            check("NSDictionary") { m, w throws(MappingError) in
                try Mapper.mapValues(from: NSDictionary(dictionary: source), to: &m, using: mapping, warnings: &w)
            }
            var padded = source
            for index in 0..<24 { padded["pad\(index)"] = index }
            var paddedExpected = expected
            if expected.errors.isEmpty {
                paddedExpected.unknown = (expected.unknown + (0..<24).map { "pad\($0)" }).sorted()
            }
            do {
                var model = KPFour()
                var warnings: [MappingWarning] = []
                let errors = kpShape(
                    kpErrors { () throws(MappingError) in
                        try Mapper.mapValues(from: padded, to: &model, using: mapping, warnings: &warnings)
                    })
                let unknown = warnings.map(\.path).sorted()
                if errors != expected.errors || model != expected.model || (errors.isEmpty && unknown != paddedExpected.unknown) {
                    mismatches.append(
                        "round \(round) padded source \(source.keys.sorted()): errors \(errors) expected \(expected.errors); model \(model) expected \(expected.model)"
                    )
                }
            }
            let text = kpJSONObject(pairs, rng: &rng, escapePercent: rng.chance(30) ? 25 : 0)
            do {
                var a = KPFour()
                var b = KPFour()
                let fromText = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: text, to: &a, using: mapping) }
                let fromDict = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: source, to: &b, using: mapping) }
                if fromText != fromDict {
                    mismatches.append("round \(round) full errors differ: text \(fromText) dict \(fromDict)")
                }
            }
            check("JSON \(text)") { m, w throws(MappingError) in try Mapper.mapValues(fromJSON: text, to: &m, using: mapping, warnings: &w)
            }
            check("JSON Data") { m, w throws(MappingError) in
                try Mapper.mapValues(fromJSON: Data(text.utf8), to: &m, using: mapping, warnings: &w)
            }
            if codable, Set(pairs.map(\.0)).count == pairs.count {  // duplicate keys are the decoder's to resolve
                do {
                    let decoded = try JSONDecoder().decode(KPLooseCodable.self, from: Data(text.utf8))
                    let model = KPFour(userName: decoded.userName, orderID: decoded.orderID, imageURL: decoded.imageURL, x: decoded.x)
                    if !expected.errors.isEmpty || model != expected.model {
                        mismatches.append("round \(round) Codable \(text): decoded \(model), expected errors \(expected.errors)")
                    }
                } catch let error as DecodingError {
                    let errors = kpShape(error.mappingError?.errors ?? [])
                    if errors != expected.errors {
                        mismatches.append("round \(round) Codable \(text): errors \(errors) expected \(expected.errors)")
                    }
                } catch {
                    mismatches.append("round \(round) Codable \(text): \(error)")
                }
            }
        }
        return mismatches
    }

    @Test func ignoringCaseAndSeparatorsAgreesWithTheOracleOnEveryPath() {
        let mismatches = Self.mismatches(.ignoringCaseAndSeparators, seed: 0xC0FFEE, rounds: 250, codable: true)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    @Test func caseInsensitiveAgreesWithTheOracleOnEveryPath() {
        let mismatches = Self.mismatches(.caseInsensitive, seed: 0xBADC0DE, rounds: 250, codable: false)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    @Test func exactAgreesWithTheOracleOnEveryPath() {
        let mismatches = Self.mismatches(.exact, seed: 0x5EED, rounds: 150, codable: false)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    @Test func aRepeatedKeyInJSONTextIsOneKeyNotAnAmbiguity() {
        // With duplicate keys the last one wins (Limits); a key repeated is not two keys that match loosely.
        let mapping = Self.mapping(.caseInsensitive, .ignore)
        for text in [#"{"USERNAME": 1, "USERNAME": 2}"#, #"{"username": 1, "username": 2}"#, #"{"UserName": 1, "UserName": 2, "x": 3}"#] {
            var model = KPFour()
            let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: text, to: &model, using: mapping) }
            #expect(errors.isEmpty, "\(text): \(errors)")
            #expect(model.userName == 2, "\(text)")
        }
    }
}

// MARK: - Unicode and odd keys

@Suite struct KeyPolicyProbeUnicodeKeys {
    private struct Holder: Equatable {
        var value = -1
    }

    private func viaAllPaths(_ mapping: Mapping<Holder>, _ json: String) -> [String] {
        var results: [String] = []
        var fromText = Holder()
        let textErrors = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: json, to: &fromText, using: mapping) }
        results.append("text:\(fromText.value):\(kpShape(textErrors))")
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        var fromDict = Holder()
        let dictErrors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: parsed, to: &fromDict, using: mapping) }
        results.append("dict:\(fromDict.value):\(kpShape(dictErrors))")
        return results
    }

    @Test(arguments: [
        // (mapping key, JSON key as text)
        ("k", #""\u212A""#),  // KELVIN SIGN lower-cases to "k"
        ("ärger", #""ÄRGER""#),
        ("ärger", #""\u00C4RGER""#),
        ("café", #""CAFE\u0301""#),  // decomposed, upper case
        ("cafe\u{301}", #""CAFÉ""#),
        ("straße", #""STRASSE""#),  // lowercased() does not fold ß: no match on any path
        ("Σίσυφος", #""ΣΊΣΥΦΟΣ""#),
        ("idKey", #""ID\u004BEY""#),
    ])
    func unicodeCaseMatchingAgreesBetweenTextAndParsed(key: String, jsonKey: String) {
        let mapping = Mapping<Holder>(keys: .caseInsensitive, [MappingKey.key(key): .property(\.value)])
        let results = viaAllPaths(mapping, "{\(jsonKey): 5}")
        #expect(results[0].dropFirst(5) == results[1].dropFirst(5), "\(key): \(results)")
        // Reference: the key matches as `lowercased()` compares.
        let parsedKey = (try? JSONSerialization.jsonObject(with: Data("{\(jsonKey): 5}".utf8)) as? [String: Any])?.keys.first ?? ""
        let shouldMatch = parsedKey == key || parsedKey.lowercased() == key.lowercased()
        #expect(results[1].hasPrefix(shouldMatch ? "dict:5:" : "dict:-1:"), "\(key) vs \(parsedKey): \(results)")
    }

    @Test func canonicallyEquivalentKeysMatchExactlyOnEveryPath() {
        let mapping: Mapping<Holder> = ["café": .property(\.value)]
        let results = viaAllPaths(mapping, #"{"cafe\u0301": 9}"#)
        #expect(results == ["text:9:[]", "dict:9:[]"])
    }

    @Test func anEmptyKeyMapsReportsAndSerializes() throws {
        let mapping: Mapping<Holder> = ["": .property(\.value).min(0)]
        var holder = Holder()
        try Mapper.mapValues(fromJSON: #"{"": 4}"#, to: &holder, using: mapping)
        #expect(holder.value == 4)
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["": -3], to: &holder, using: mapping) }
        #expect(errors.map(\.path) == [#"[""]"#])
        #expect(holder.value == 4)
        let written = try Mapper.serialize(holder, using: mapping)
        #expect(written[""] as? Int == 4)
        // A style leaves the empty key empty.
        let snake = Mapping<Holder>(keyStyle: .snakeCase, ["": .property(\.value)])
        #expect(snake.definitionErrors.isEmpty)
        #expect(try Mapper.serialize(holder, using: snake)[""] as? Int == 4)
    }

    @Test func separatorOnlyKeysUnderLooseMatchingAgreeBetweenPaths() {
        let mapping = Mapping<Holder>(keys: .ignoringCaseAndSeparators, ["": .property(\.value)])
        for json in [#"{"_": 1}"#, #"{"-": 1}"#, #"{" ": 1}"#, #"{"_": 1, "-": 2}"#, #"{"": 3, "_": 1}"#] {
            let results = viaAllPaths(mapping, json)
            #expect(results[0].dropFirst(5) == results[1].dropFirst(5), "\(json): \(results)")
        }
    }

    @Test func dottedBracketedAndQuotedKeysAreLiteralBothWays() throws {
        struct Odd: Equatable {
            var a = 0
            var b = 0
            var c = 0
            var d = 0
        }
        let mapping: Mapping<Odd> = [
            "a.b": .property(\.a).min(0),
            "x[0]": .property(\.b).min(0),
            "q\"uote\\": .property(\.c).min(0),
            "nest": ["in.ner": .property(\.d).min(0)],
        ]
        var odd = Odd()
        try Mapper.mapValues(
            fromJSON: #"{"a.b": 1, "x[0]": 2, "q\"uote\\": 3, "nest": {"in.ner": 4}, "a": {"b": 99}}"#, to: &odd, using: mapping)
        #expect(odd == Odd(a: 1, b: 2, c: 3, d: 4))
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: ["a.b": -1, "x[0]": -1, "q\"uote\\": -1, "nest": ["in.ner": -1]], to: &odd, using: mapping)
        }
        #expect(errors.map(\.path) == [#"["a.b"]"#, #"["x[0]"]"#, #"["q\"uote\\"]"#, #"nest["in.ner"]"#])
        #expect(odd == Odd(a: 1, b: 2, c: 3, d: 4))
        let data = try Mapper.serializeJSON(odd, using: mapping)
        var back = Odd()
        try Mapper.mapValues(fromJSON: data, to: &back, using: mapping)
        #expect(back == odd)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["q\"uote\\"] as? Int == 3)
    }

    @Test func controlCharacterAndEmojiKeysRoundTrip() throws {
        struct Two: Equatable {
            var a = 0
            var b = 0
        }
        let mapping: Mapping<Two> = ["\u{0}\u{1F}tab\t": .property(\.a), "👩‍👩‍👧": .property(\.b)]
        let data = try Mapper.serializeJSON(Two(a: 1, b: 2), using: mapping)
        var back = Two()
        try Mapper.mapValues(fromJSON: data, to: &back, using: mapping)
        #expect(back == Two(a: 1, b: 2))
        let parsed = try JSONSerialization.jsonObject(with: data)
        var viaDict = Two()
        try Mapper.mapValues(from: parsed, to: &viaDict, using: mapping)
        #expect(viaDict == Two(a: 1, b: 2))
    }
}

// MARK: - Key styles

@Suite struct KeyPolicyProbeKeyStyles {
    private struct One {
        var value = 0
    }

    private func spelled(_ key: String, _ style: KeyStyle) throws -> String {
        let mapping = Mapping<One>(keyStyle: style, [MappingKey.key(key): .property(\.value)])
        return try Mapper.serialize(One(value: 1), using: mapping).keys.first ?? "<none>"
    }

    @Test(arguments: [
        ("orderID", "order_id"), ("imageURL", "image_url"), ("URLString", "url_string"),
        ("utf8ToUTF16LE", "utf8_to_utf16_le"), ("item_ID", "item_id"), ("_orderID", "_order_id"),
        ("orderID_", "order_id_"), ("firstName", "first_name"), ("a", "a"), ("HTTPServer", "http_server"),
        ("line2Text", "line2_text"), ("already_snake", "already_snake"), ("kebab-key", "kebab_key"),
        ("two words", "two_words"),
    ])
    func snakeCaseSpellsTheDocumentedExamples(key: String, expected: String) throws {
        #expect(try spelled(key, .snakeCase) == expected)
    }

    @Test(arguments: [("firstName", "first-name"), ("orderID", "order-id"), ("imageURL", "image-url"), ("snake_key", "snake-key")])
    func kebabCaseSpellsTheSameWords(key: String, expected: String) throws {
        #expect(try spelled(key, .kebabCase) == expected)
    }

    private struct DynamicKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct OneKey: Encodable {
        let key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode(1, forKey: DynamicKey(stringValue: key))
        }
    }

    @Test func snakeCaseAgreesWithJSONEncoderOnGeneratedCamelCaseKeys() throws {
        // Camel case (a lower-case start, letters only) reads as JSONEncoder's `.convertToSnakeCase` spells it.
        var rng = KPRandom(seed: 42)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var mismatches: [String] = []
        for _ in 0..<300 {
            var key = String(rng.pick(Array("abcdefghijklmnopqrstuvwxyz")))
            for _ in 0..<(1 + rng.below(4)) {
                if rng.chance(50) {
                    for _ in 0..<(1 + rng.below(3)) { key.append(rng.pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))) }
                } else {
                    for _ in 0..<(1 + rng.below(3)) { key.append(rng.pick(Array("abcdefghijklmnopqrstuvwxyz"))) }
                }
            }
            let reference = try kpJSONKeys(try encoder.encode(OneKey(key: key))).first ?? ""
            let ours = try spelled(key, .snakeCase)
            if ours != reference { mismatches.append("\(key): \(ours) vs JSONEncoder \(reference)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(8))")
    }

    @Test func aSnakeCaseModelReadsWritesAndReportsInTheDocumentSpelling() throws {
        let json =
            #"{"user_name": "ann", "order_id": 7, "image_url": "https://x.example/a.png", "stats": {"item_count": 3}, "alias_name": "an"}"#
        let model = try Mapper.map(KPSnake.self, fromJSON: json)
        #expect(model.userName == "ann" && model.orderID == 7 && model.itemCount == 3 && model.nickName == "an")
        let written = try kpJSONKeys(try Mapper.serializeJSON(model))
        #expect(written == ["image_url", "nick_name", "order_id", "stats", "user_name"])
        // The camelCase spelling is not the document's.
        let camel = try Mapper.map(KPSnake.self, from: ["userName": "bob", "orderID": 9])
        #expect(camel.userName == "" && camel.orderID == 0)
        let errors = Mapper.validate(["user_name": "", "order_id": 0, "stats": ["item_count": "3"], "alias_name": 5], as: KPSnake.self)
        #expect(kpShape(errors) == ["user_name|minLength", "order_id|min", "stats.item_count|type", "alias_name|type"])
        #expect(errors.map(\.property) == ["userName", "orderID", "itemCount", "nickName"])
    }

    @Test func snakeCaseRoundTripsGeneratedModels() throws {
        var rng = KPRandom(seed: 7)
        for _ in 0..<100 {
            var model = KPSnake()
            model.userName = String(repeating: "é", count: 1 + rng.below(4))
            model.orderID = 1 + rng.below(1_000_000)
            model.imageURL = rng.chance(50) ? URL(string: "https://h.example/\(rng.below(100))") : nil
            model.itemCount = rng.below(50) - 25
            model.nickName = rng.chance(50) ? "n\(rng.below(9))" : nil
            let data = try Mapper.serializeJSON(model)
            let back = try Mapper.map(KPSnake.self, fromJSON: data)
            #expect(back == model)
            let viaDict = try Mapper.map(KPSnake.self, from: try Mapper.serialize(model))
            #expect(viaDict == model)
            let viaCodable = try JSONDecoder().decode(KPSnake.self, from: try JSONEncoder().encode(model))
            #expect(viaCodable == model)
        }
    }

    @Test func customStyleSpellsEveryKeyNestedAndAlternativeIncluded() throws {
        struct Legacy: Equatable {
            var a = 0
            var b = 0
            var c = 0
        }
        let clean = Mapping<Legacy>(
            keyStyle: .custom { "x-" + $0 },
            [
                "a": .property(\.a),
                "n": ["b": .property(\.b)],
                .anyOf("c", "see"): .property(\.c).min(0),
            ])
        var model = Legacy()
        try Mapper.mapValues(fromJSON: #"{"x-a": 1, "x-n": {"x-b": 2}, "x-see": 3, "a": 100, "c": 100}"#, to: &model, using: clean)
        #expect(model == Legacy(a: 1, b: 2, c: 3))
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["x-see": -1], to: &model, using: clean) }
        #expect(kpShape(errors) == ["x-see|min"])
        let object = try Mapper.serialize(model, using: clean)
        #expect(object.keys.sorted() == ["x-a", "x-c", "x-n"])
        #expect((object["x-n"] as? [String: Any])?["x-b"] as? Int == 2)
    }

    @Test func keysAStyleSpellsAlikeAreDefinitionErrorsOnEveryEntryPoint() {
        struct Two {
            var a = 0
            var b = 0
        }
        let cases: [(String, Mapping<Two>)] = [
            ("snake userID/user_id", Mapping<Two>(keyStyle: .snakeCase, ["userID": .property(\.a), "user_id": .property(\.b)])),
            ("snake userId/userID", Mapping<Two>(keyStyle: .snakeCase, ["userId": .property(\.a), "userID": .property(\.b)])),
            ("kebab a-b/aB", Mapping<Two>(keyStyle: .kebabCase, ["a-b": .property(\.a), "aB": .property(\.b)])),
            ("custom constant", Mapping<Two>(keyStyle: .custom { _ in "same" }, ["a": .property(\.a), "b": .property(\.b)])),
            (
                "custom alternative",
                Mapping<Two>(keyStyle: .custom { $0 == "b" ? "a" : $0 }, [.anyOf("x", "b"): .property(\.a), "a": .property(\.b)])
            ),
            ("nested snake", Mapping<Two>(keyStyle: .snakeCase, ["n": ["fooBar": .property(\.a), "foo_bar": .property(\.b)]])),
            ("caseInsensitive", Mapping<Two>(keys: .caseInsensitive, ["Name": .property(\.a), "name": .property(\.b)])),
            ("ignoring", Mapping<Two>(keys: .ignoringCaseAndSeparators, ["first_name": .property(\.a), "firstName": .property(\.b)])),
            ("anyOf beside", Mapping<Two>([.anyOf("a", "b"): .property(\.a), "a": .property(\.b)])),
            ("anyOf twice", Mapping<Two>([.anyOf("a", "a"): .property(\.a)])),
            ("literal twice", Mapping<Two>(["a": .property(\.a), "a": .property(\.b)])),
            ("canonical twice", Mapping<Two>(["café": .property(\.a), "cafe\u{301}": .property(\.b)])),
            (
                "snake+loose",
                Mapping<Two>(keys: .caseInsensitive, keyStyle: .snakeCase, ["userName": .property(\.a), "USER_NAME": .property(\.b)])
            ),
        ]
        for (label, mapping) in cases {
            #expect(!mapping.definitionErrors.isEmpty, "\(label)")
            #expect(mapping.definitionErrors.allSatisfy { $0.rule == "mapping" }, "\(label): \(mapping.definitionErrors)")
            var two = Two()
            let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["a": 1, "b": 2], to: &two, using: mapping) }
            #expect(errors == mapping.definitionErrors, "\(label)")
            #expect(two.a == 0 && two.b == 0, "\(label)")
            let jsonErrors = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: #"{"a": 1}"#, to: &two, using: mapping) }
            #expect(jsonErrors == mapping.definitionErrors, "\(label)")
            #expect(Mapper.validate(["a": 1], for: two, using: mapping) == mapping.definitionErrors, "\(label)")
            #expect(kpThrows { () throws(MappingError) in _ = try Mapper.serialize(two, using: mapping) }, "\(label)")
        }
    }

    @Test func aPolymorphicTagKeyIsReadAsWrittenUnderAStyle() throws {
        let json = #"{"media_item": {"itemKind": "photo", "pixel_width": 3}}"#
        let holder = try Mapper.map(KPMediaHolder.self, fromJSON: json)
        #expect((holder.mediaItem as? KPPhoto)?.pixelWidth == 3)
        let back = try Mapper.serialize(holder)
        let inner = back["media_item"] as? [String: Any]
        #expect(inner?["itemKind"] as? String == "photo")
        #expect(inner?["item_kind"] == nil)
        #expect(inner?["pixel_width"] as? Int == 3)
        let errors = Mapper.validate(["media_item": ["item_kind": "photo"]], as: KPMediaHolder.self)
        #expect(kpShape(errors) == ["media_item.itemKind|discriminator"])
    }
}

private protocol KPMedia: Sendable {}

private struct KPPhoto: Mappable, KPMedia {
    var pixelWidth = 0
    static let mapping = Mapping<KPPhoto>(keyStyle: .snakeCase, unknownKeys: .fail, ["pixelWidth": .property(\.pixelWidth).min(1)])
}

private struct KPClip: Mappable, KPMedia {
    var seconds = 0.0
    static let mapping = Mapping<KPClip>(unknownKeys: .fail, ["seconds": .property(\.seconds)])
}

private struct KPMediaHolder: Mappable {
    var mediaItem: any KPMedia = KPClip()
    var gallery: [any KPMedia] = []
    static let mapping = Mapping<KPMediaHolder>(
        keyStyle: .snakeCase, unknownKeys: .fail,
        [
            "mediaItem": .polymorphic(\.mediaItem, on: "itemKind", ["photo": KPPhoto.self, "clip": KPClip.self]),
            "gallery": .polymorphic(\.gallery, on: "itemKind", ["photo": KPPhoto.self, "clip": KPClip.self]),
        ])
}

// MARK: - Alternative and ambiguous keys

@Suite struct KeyPolicyProbeAlternatives {
    private struct Place: Equatable {
        var name = "old"
        var start = -1
    }

    @Test func theFirstPresentAlternativeWinsAndItsErrorsAreAtItsKey() throws {
        let mapping: Mapping<Place> = [.anyOf("start_date", "start", "begin"): .property(\.start).min(0)]
        for (source, expected) in [(["start": 2, "begin": 3], 2), (["begin": 3], 3), (["start_date": 1, "begin": 3], 1)] {
            var place = Place()
            try Mapper.mapValues(from: source, to: &place, using: mapping)
            #expect(place.start == expected)
            var viaText = Place()
            try Mapper.mapValues(fromJSON: try JSONSerialization.data(withJSONObject: source), to: &viaText, using: mapping)
            #expect(viaText.start == expected)
        }
        var place = Place()
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["begin": -3], to: &place, using: mapping) }
        #expect(kpShape(errors) == ["begin|min"])
        let textErrors = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: #"{"begin": -3}"#, to: &place, using: mapping)
        }
        #expect(kpShape(textErrors) == ["begin|min"])
        // A null under the first key is present: it is read, the later keys are not.
        let nullErrors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: ["start_date": NSNull(), "start": 4], to: &place, using: mapping)
        }
        #expect(kpShape(nullErrors) == ["start_date|type"])
        #expect(place.start == -1)
    }

    @Test func anAbsentRequiredAlternativeNamesEveryKeyAtTheFirstKeysPath() {
        let mapping: Mapping<Place> = [.anyOf("start_date", "start"): .property(\.start).isRequired()]
        let errors = Mapper.validate(["other": 1], for: Place(), using: mapping)
        #expect(kpShape(errors) == ["start_date|isRequired"])
        #expect(errors.first?.message.contains("start") == true && errors.first?.message.contains("start_date") == true)
    }

    @Test func aWhollyAbsentAlternativeLevelNamesEveryPathTried() {
        let mapping: Mapping<Place> = [.anyOf("place", "where"): ["name": .property(\.name).isRequired()]]
        let errors = Mapper.validate(["x": 1], for: Place(), using: mapping)
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("place.name") == true, "\(errors)")
        #expect(errors.first?.description.contains("where.name") == true, "\(errors)")
        var place = Place()
        #expect(
            kpThrows { () throws(MappingError) in try Mapper.mapValues(fromJSON: #"{"where": {"nome": 1}}"#, to: &place, using: mapping) })
        #expect(place.name == "old")
    }

    @Test func anAlternativeLevelReadUnderItsSecondKeyReportsThatPath() {
        let mapping: Mapping<Place> = [.anyOf("place", "where"): ["name": .property(\.name).minLength(3)]]
        let errors = Mapper.validate(["where": ["name": "ab"]], for: Place(), using: mapping)
        #expect(kpShape(errors) == ["where.name|minLength"])
        var place = Place()
        let textErrors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"where": {"name": "ab"}}"#, to: &place, using: mapping)
        }
        #expect(kpShape(textErrors) == ["where.name|minLength"])
    }

    @Test func looseAlternativesPreferKeysAsWrittenThenTheOneLooseMatch() throws {
        let mapping = Mapping<Place>(keys: .caseInsensitive, [.anyOf("start", "begin"): .property(\.start)])
        var place = Place()
        try Mapper.mapValues(fromJSON: #"{"START": 1, "begin": 2}"#, to: &place, using: mapping)
        #expect(place.start == 2)  // `begin` as written beats a loose `START`
        try Mapper.mapValues(from: ["START": 1, "begin": 5], to: &place, using: mapping)
        #expect(place.start == 5)
        try Mapper.mapValues(fromJSON: #"{"BEGIN": 7}"#, to: &place, using: mapping)
        #expect(place.start == 7)
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"START": 1, "Begin": 2}"#, to: &place, using: mapping)
        }
        #expect(kpShape(errors) == ["start|ambiguousKey"])
        let dictErrors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: ["START": 1, "Begin": 2], to: &place, using: mapping)
        }
        #expect(kpShape(dictErrors) == ["start|ambiguousKey"])
        #expect(place.start == 7)
    }

    @Test func anAmbiguousKeyUnderAStyleIsAtTheDocumentSpellingAndWritesNothing() {
        struct Acct: Equatable {
            var userName = "old"
            var other = 0
        }
        let mapping = Mapping<Acct>(
            keys: .caseInsensitive, keyStyle: .snakeCase,
            [
                "userName": .property(\.userName),
                "other": .property(\.other),
                "inner": ["deepKey": .property(\.other)],
            ])
        var acct = Acct()
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"USER_NAME": "a", "User_Name": "b", "other": 3}"#, to: &acct, using: mapping)
        }
        #expect(kpShape(errors) == ["user_name|ambiguousKey"])
        #expect(acct == Acct())
        let nested = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: ["inner": ["DEEP_KEY": 1, "deep_KEY": 2]], to: &acct, using: mapping)
        }
        #expect(kpShape(nested) == ["inner.deep_key|ambiguousKey"])
        #expect(acct == Acct())
    }

    @Test func serializeWritesTheFirstAlternativeInTheStyle() throws {
        let model = KPSnake(userName: "u", orderID: 1, imageURL: nil, itemCount: 0, nickName: "nick")
        let object = try Mapper.serialize(model)
        #expect(object["nick_name"] as? String == "nick")
        #expect(object["alias_name"] == nil)
    }

    @Test func malformedMappingKeysAreDefinitionErrorsNotTraps() throws {
        struct Cell {
            var a = 0
        }
        let empty = Mapping<Cell>([MappingKey.alternatives([]): .property(\.a).isRequired()])
        #expect(!empty.definitionErrors.isEmpty, "an entry with no key at all")
        var cell = Cell()
        _ = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["": 1], to: &cell, using: empty) }
        _ = try? Mapper.serialize(cell, using: empty)
    }

    @Test func aNegativeIndexIsAbsentWhenReadAndNeverATrapWhenWritten() throws {
        struct Cell {
            var a = 7
        }
        let mapping: Mapping<Cell> = ["geo": [MappingKey.index(-1): .property(\.a)]]
        var cell = Cell()
        // Either absent when read, or a definition error with a clear message: never a trap, never blamed on the data.
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["geo": [1, 2, 3]], to: &cell, using: mapping) }
        #expect(errors.isEmpty || errors == mapping.definitionErrors, "\(errors)")
        #expect(cell.a == 7)
        let textErrors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"geo": [1, 2, 3]}"#, to: &cell, using: mapping)
        }
        #expect(textErrors == errors)
        #expect(cell.a == 7)
        // Writing index -1 cannot be done: an error (serialize or definition), never a trap.
        #expect(kpThrows { () throws(MappingError) in _ = try Mapper.serializeJSON(cell, using: mapping) })
    }
}

// MARK: - Unknown keys

@Suite struct KeyPolicyProbeUnknownKeys {
    private struct Shape: Equatable {
        var a = 0
        var b = 0
        var geo0 = 0.0
    }

    private static let failing = Mapping<Shape>(
        unknownKeys: .fail,
        [
            "a": .property(\.a),
            "nest": ["b": .property(\.b)],
            "geo": [0: .property(\.geo0)],
        ])

    @Test func unknownKeysFailAtEveryLevelTheMappingNamesSortedAndWriteNothing() {
        var shape = Shape()
        let source: [String: Any] = ["a": 1, "zz": 1, "nest": ["b": 2, "c.d": 3, "aa": 4], "geo": [1.5, 2.5, 3.5], "mm": NSNull()]
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: source, to: &shape, using: Self.failing) }
        #expect(Set(kpShape(errors)) == ["mm|unknownKey", "zz|unknownKey", #"nest["c.d"]|unknownKey"#, "nest.aa|unknownKey"])
        #expect(errors.allSatisfy { $0.rule == "unknownKey" })
        #expect(shape == Shape())
        let text = try! JSONSerialization.data(withJSONObject: source)
        let textErrors = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: text, to: &shape, using: Self.failing) }
        #expect(kpShape(textErrors) == kpShape(errors))
        #expect(shape == Shape())
    }

    @Test func extraArrayElementsAndUnreadNestedModelsAreNotUnknownKeys() throws {
        var shape = Shape()
        try Mapper.mapValues(from: ["a": 1, "geo": [1.0, 2.0, 3.0], "nest": ["b": 2]], to: &shape, using: Self.failing)
        #expect(shape == Shape(a: 1, b: 2, geo0: 1.0))
    }

    @Test func nonStringKeysOfAFoundationDictionaryAreUnknownNotACrash() {
        var shape = Shape()
        let source = NSMutableDictionary()
        source["a"] = 1
        source[NSNumber(value: 5)] = "five"
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: source, to: &shape, using: Self.failing) }
        #expect(errors.count == 1 && errors.first?.rule == "unknownKey", "\(errors)")
        #expect(shape == Shape())
        var warnings: [MappingWarning] = []
        let warning = Mapping<Shape>(unknownKeys: .warn, ["a": .property(\.a)])
        #expect(
            !kpThrows { () throws(MappingError) in try Mapper.mapValues(from: source, to: &shape, using: warning, warnings: &warnings) })
        #expect(warnings.map(\.kind) == [.unknownKey])
        #expect(shape.a == 1)
    }

    @Test func aNamedAlternativeThatIsNotReadIsNotUnknown() throws {
        let mapping = Mapping<Shape>(unknownKeys: .fail, [.anyOf("a", "alpha"): .property(\.a)])
        var shape = Shape()
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["a": 1, "alpha": 2], to: &shape, using: mapping) }
        let textErrors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"a": 1, "alpha": 2}"#, to: &shape, using: mapping)
        }
        #expect(kpShape(errors) == kpShape(textErrors))
    }

    @Test func warningsAreHandedBackOnlyOnSuccess() {
        let mapping = Mapping<Shape>(unknownKeys: .warn, ["a": .property(\.a).min(0)])
        var shape = Shape()
        var warnings: [MappingWarning] = []
        _ = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: ["a": -1, "x": 1], to: &shape, using: mapping, warnings: &warnings)
        }
        #expect(warnings.isEmpty)
        _ = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"a": 2, "x": 1, "y": {}}"#, to: &shape, using: mapping, warnings: &warnings)
        }
        #expect(warnings.map(\.path) == ["x", "y"])
        #expect(shape.a == 2)
    }

    @Test func aPolymorphicTagIsNeverUnknownToTheChosenTypeButOtherKeysAre() {
        var warnings: [MappingWarning] = []
        let ok = try? Mapper.map(
            KPMediaHolder.self, fromJSON: #"{"gallery": [{"itemKind": "clip", "seconds": 2}, {"itemKind": "photo", "pixel_width": 1}]}"#,
            warnings: &warnings)
        #expect(ok?.gallery.count == 2)
        let errors = Mapper.validate(
            ["gallery": [["itemKind": "clip", "seconds": 2, "extra": 1]], "media_item": ["itemKind": "photo", "pixel_width": 0]],
            as: KPMediaHolder.self)
        #expect(Set(kpShape(errors)) == ["gallery[0].extra|unknownKey", "media_item.pixel_width|min"])
        let bad = Mapper.validate(["gallery": [["itemKind": 5], ["seconds": 1], "photo"]], as: KPMediaHolder.self)
        #expect(kpShape(bad) == ["gallery[0].itemKind|discriminator", "gallery[1].itemKind|discriminator", "gallery[2]|type"])
    }
}

// MARK: - Rules that point at a field

private struct KPShipment: Mappable, Equatable {
    var orderedAt = 0
    var shippedAt: Int?
    var guests = 0
    var inner = 0
    static let mapping = Mapping<KPShipment>(
        keys: .caseInsensitive, keyStyle: .snakeCase,
        rules: [
            MappingRule("shippedAfterOrdered", at: \.shippedAt, message: "must be after the order date") {
                guard let shipped = try $0[\.shippedAt] else { return true }
                return shipped > (try $0[\.orderedAt])
            },
            MappingRule("smallParty", message: "at most 8 guests") { try $0[\.guests] <= 8 },
            MappingRule("innerPositive", at: \.inner) { try $0[\.inner] >= 0 },
        ],
        [
            "orderedAt": .property(\.orderedAt),
            "shippedAt": .property(\.shippedAt),
            "guests": .property(\.guests).min(0),
            "box": ["innerValue": .property(\.inner)],
        ])
}

private struct KPShipmentAlt: Mappable, Equatable {
    var orderedAt = 0
    var shippedAt = 0
    static let mapping = Mapping<KPShipmentAlt>(
        rules: [MappingRule("after", at: \.shippedAt) { try $0[\.shippedAt] > $0[\.orderedAt] }],
        [
            "orderedAt": .property(\.orderedAt),
            .anyOf("shippedAt", "shipped"): .property(\.shippedAt),
        ])
}

private struct KPFrozen: ImmutableMappable {
    let a: Int
    let b: Int
    static let mapping = Mapping<KPFrozen>(rules: [MappingRule("readsUnmapped") { try $0[\.b] >= 0 }], ["a": .property(\.a)])
    init(_ values: MappedValues<KPFrozen>) throws {
        a = try values[\.a]
        b = 0
    }
}

@Suite struct KeyPolicyProbeRules {
    @Test func aPointedRuleHasTheDocumentPathThePropertyTheValueAndTheMessage() {
        let errors = Mapper.validate(["ordered_at": 10, "shipped_at": 5], as: KPShipment.self)
        #expect(errors.count == 1)
        let error = errors.first
        #expect(error?.path == "shipped_at")
        #expect(error?.property == "shippedAt")
        #expect(error?.rule == "shippedAfterOrdered")
        #expect(error?.value == "5")
        #expect(error?.message == "must be after the order date")
        #expect(error?.description.contains("must be after the order date") == true)
    }

    @Test func aPointedRuleInANestedLevelHasTheNestedPath() {
        let errors = Mapper.validate(["box": ["inner_value": -2]], as: KPShipment.self)
        #expect(kpShape(errors) == ["box.inner_value|innerPositive"])
        #expect(errors.first?.property == "inner")
    }

    @Test func aPointedRuleAtALooseMatchNamesTheKeyTheDocumentUsed() {
        let errors = Mapper.validate(["ORDERED_AT": 10, "SHIPPED_AT": 5], as: KPShipment.self)
        #expect(kpShape(errors) == ["SHIPPED_AT|shippedAfterOrdered"])
    }

    @Test func aPointedRuleAtAnAlternativeNamesTheKeyItWasReadAt() {
        let errors = Mapper.validate(["orderedAt": 10, "shipped": 5], as: KPShipmentAlt.self)
        #expect(kpShape(errors) == ["shipped|after"])
    }

    @Test func aRootRuleHasAnEmptyPathAndAFailingRuleWritesNothing() {
        var ship = KPShipment()
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"guests": 9, "ordered_at": 1}"#, to: &ship, using: KPShipment.mapping)
        }
        #expect(kpShape(errors) == ["|smallParty"])
        #expect(errors.first?.message == "at most 8 guests")
        #expect(ship == KPShipment())
    }

    @Test func aRuleOverAFailedFieldIsNotJudged() {
        let errors = Mapper.validate(["guests": "nine", "shipped_at": "x"], as: KPShipment.self)
        #expect(kpShape(errors) == ["shipped_at|type", "guests|type"])
    }

    @Test func aRuleOverAnAbsentFieldSeesTheCurrentValue() throws {
        var ship = KPShipment()
        ship.orderedAt = 100
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: ["shipped_at": 50], to: &ship, using: KPShipment.mapping)
        }
        #expect(kpShape(errors) == ["shipped_at|shippedAfterOrdered"])
        #expect(ship.shippedAt == nil)
        try Mapper.mapValues(from: ["shipped_at": 150], to: &ship, using: KPShipment.mapping)
        #expect(ship.shippedAt == 150)
    }

    @Test func aPointedRuleOnAnUnwrittenKeyPathIsADefinitionError() {
        struct Two {
            var a = 0
            var b = 0
        }
        let mapping = Mapping<Two>(rules: [MappingRule("r", at: \.b) { _ in true }], ["a": .property(\.a)])
        #expect(mapping.definitionErrors.map(\.rule) == ["mapping"])
        var two = Two()
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: ["a": 1], to: &two, using: mapping) }
        #expect(errors == mapping.definitionErrors)
        #expect(two.a == 0)
    }

    @Test func anImmutableRuleReadingAnUnmappedKeyPathThrowsAMappingErrorNotATrap() {
        let errors = Mapper.validate(["a": 1], as: KPFrozen.self)
        #expect(errors.contains { $0.rule == "mapping" }, "\(errors)")
        #expect(kpThrows { () throws(MappingError) in _ = try Mapper.map(KPFrozen.self, from: ["a": 1]) })
    }

    @Test func aThrowingRuleCarriesTheThrownDescription() {
        struct Boom: Error, CustomStringConvertible {
            var description: String { "kaboom-42" }
        }
        struct One {
            var a = 0
        }
        let mapping = Mapping<One>(rules: [MappingRule("throws") { _ in throw Boom() }], ["a": .property(\.a)])
        let errors = Mapper.validate(["a": 1], for: One(), using: mapping)
        #expect(kpShape(errors) == ["|throws"])
        #expect(errors.first?.message.contains("kaboom-42") == true, "\(errors)")
    }
}

// MARK: - Validators on converted values

private struct KPPriced: Equatable {
    var price = Decimal(-99)
    var count = -99
    var link: URL?
    var when: Date?
    func count(from text: String) -> Int? { Int(text) }
}

@Suite struct KeyPolicyProbeConvertedValidators {
    private static let mapping: Mapping<KPPriced> = [
        "price": .box(.decimal, \.price).min(Decimal(string: "0.1")!).max(100),
        "count": .call(KPPriced.count(from:), \.count).range(1, 10),
        "link": .box(.url, \.link).lengthRange(1, 20),
        "when": .box(.date(.secondsSince1970), \.when).min(0),
    ]

    @Test(arguments: [
        ("\"0.1\"", true), ("0.1", true), ("\"0.09\"", false), ("0.0999999999999999999999", false), ("\"100.00\"", true),
        ("100.0000000000000000001", false), ("-0", false),
    ])
    func aDecimalBoxingIsJudgedExactlyAfterConversion(price: String, passes: Bool) {
        var model = KPPriced()
        let text = #"{"price": \#(price)}"#
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: text, to: &model, using: Self.mapping) }
        #expect(errors.isEmpty == passes, "\(price): \(errors)")
        if !passes {
            #expect(errors.count == 1 && ["min", "max"].contains(errors.first?.rule ?? ""), "\(price): \(errors)")
            #expect(model.price == Decimal(-99))
        }
        let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        var fromDict = KPPriced()
        let dictErrors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: parsed, to: &fromDict, using: Self.mapping) }
        if price.count < 15 {
            #expect(kpShape(dictErrors) == kpShape(errors), "\(price)")
        }
    }

    @Test func aCallsNumericResultIsJudgedAndAFailedConversionIsOneError() {
        #expect(Mapper.validate(["count": "5"], for: KPPriced(), using: Self.mapping).isEmpty)
        #expect(kpShape(Mapper.validate(["count": "11"], for: KPPriced(), using: Self.mapping)) == ["count|range"])
        #expect(kpShape(Mapper.validate(["count": "eleven"], for: KPPriced(), using: Self.mapping)) == ["count|call"])
        #expect(kpShape(Mapper.validate(["count": 5], for: KPPriced(), using: Self.mapping)) == ["count|type"])
        #expect(kpShape(Mapper.validate(["price": "abc"], for: KPPriced(), using: Self.mapping)) == ["price|box(Decimal)"])
    }

    @Test func aLengthOnAURLBoxingJudgesItsTextAndAMinOnADateJudgesTheSource() {
        #expect(Mapper.validate(["link": "https://a.example"], for: KPPriced(), using: Self.mapping).isEmpty)
        #expect(
            kpShape(Mapper.validate(["link": "https://a-very-long-host.example/path"], for: KPPriced(), using: Self.mapping)) == [
                "link|lengthRange"
            ])
        #expect(kpShape(Mapper.validate(["when": -5], for: KPPriced(), using: Self.mapping)) == ["when|min"])
        #expect(Mapper.validate(["when": 5], for: KPPriced(), using: Self.mapping).isEmpty)
    }

    @Test func equalToAndOneOfCompareANumericResultByValue() {
        struct D {
            var d = Decimal(0)
        }
        let mapping: Mapping<D> = ["d": .box(.decimal, \.d).equalTo(5)]
        #expect(Mapper.validate(["d": "5.00"], for: D(), using: mapping).isEmpty)
        #expect(Mapper.validate(["d": 5.0], for: D(), using: mapping).isEmpty)
        #expect(!Mapper.validate(["d": "5.01"], for: D(), using: mapping).isEmpty)
        let oneOf: Mapping<D> = ["d": .box(.decimal, \.d).oneOf([1, 2])]
        #expect(Mapper.validate(["d": "2.0"], for: D(), using: oneOf).isEmpty)
        #expect(kpShape(Mapper.validate(["d": "3"], for: D(), using: oneOf)) == ["d|oneOf"])
    }

    @Test func aFailureInsideAnArrayOfNestedModelsWritesNothingAnywhere() {
        final class Root {
            var name = "old"
            var items: [KPItem] = [KPItem(sku: "keep", qty: 1)]
            var nestedQty = -1
        }
        let mapping: Mapping<Root> = [
            "name": .property(\.name),
            "items": .property(\.items),
            "deep": ["qty": .property(\.nestedQty)],
        ]
        let root = Root()
        let source: [String: Any] = [
            "name": "new", "deep": ["qty": 3], "items": [["sku": "ab", "qty": 1], ["sku": "cd", "qty": 0], ["SKU": "x"]],
        ]
        let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: source, to: root, using: mapping) }
        #expect(kpShape(errors) == ["items[1].qty|min"], "\(errors)")
        #expect(root.name == "old" && root.items == [KPItem(sku: "keep", qty: 1)] && root.nestedQty == -1)
        let textErrors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: try! JSONSerialization.data(withJSONObject: source), to: root, using: mapping)
        }
        #expect(kpShape(textErrors) == kpShape(errors))
        #expect(root.name == "old" && root.items == [KPItem(sku: "keep", qty: 1)] && root.nestedQty == -1)
    }
}

private struct KPItem: Mappable, Equatable {
    var sku = ""
    var qty = 0
    static let mapping = Mapping<KPItem>(keys: .caseInsensitive, ["sku": .property(\.sku), "Qty": .property(\.qty).min(1)])
}

// MARK: - Per-field policies

private enum KPStatus: String, CaseIterable, Sendable { case draft, live, unknown }

private struct KPPolicies: Equatable {
    var views = -1
    var nickname: String? = "old"
    var status: KPStatus = .draft
    var tags: [String] = ["old"]
    var price = -1
    var ratio = -1.0
    var flag = false
    var small: UInt8 = 9
}

@Suite struct KeyPolicyProbeFieldPolicies {
    private static let mapping: Mapping<KPPolicies> = [
        "views": .property(\.views, default: 0),
        "nickname": .property(\.nickname).ifAbsent(.setNil).ifNull(.keep),
        "status": .property(\.status, fallback: .unknown),
        "tags": .property(\.tags).droppingInvalidElements(),
        "price": .property(\.price).lenient().min(0),
        "ratio": .property(\.ratio).lenient(),
        "flag": .property(\.flag).lenient(),
        "small": .property(\.small).lenient(),
    ]

    private func run(_ source: Any) -> (KPPolicies, [String], [MappingWarning]) {
        var model = KPPolicies()
        var warnings: [MappingWarning] = []
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: source, to: &model, using: Self.mapping, warnings: &warnings)
        }
        return (model, kpShape(errors), warnings)
    }

    private func runText(_ text: String) -> (KPPolicies, [String], [MappingWarning]) {
        var model = KPPolicies()
        var warnings: [MappingWarning] = []
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: text, to: &model, using: Self.mapping, warnings: &warnings)
        }
        return (model, kpShape(errors), warnings)
    }

    @Test func defaultsFallbacksNullsAndDroppedElementsAgreeAcrossPaths() throws {
        let text = #"{"nickname": null, "status": "archived", "tags": ["a", 7, "b", null], "price": "12"}"#
        let viaText = runText(text)
        let viaDict = run(try JSONSerialization.jsonObject(with: Data(text.utf8)))
        #expect(viaText.1.isEmpty && viaDict.1.isEmpty, "\(viaText.1) \(viaDict.1)")
        #expect(viaText.0 == viaDict.0)
        #expect(viaText.2 == viaDict.2)
        #expect(
            viaText.0.views == 0 && viaText.0.nickname == "old" && viaText.0.status == .unknown && viaText.0.tags == ["a", "b"]
                && viaText.0.price == 12)
        #expect(viaText.2.map(\.kind) == [.defaultUsed, .fallbackUsed, .elementDropped, .elementDropped, .coerced])
        #expect(viaText.2.filter { $0.kind == .elementDropped }.map(\.path) == ["tags[1]", "tags[3]"])
        // Absent nickname → nil (ifAbsent(.setNil)), without a warning.
        let absent = run(["views": 3])
        #expect(absent.0.nickname == nil && absent.0.views == 3 && absent.2.isEmpty)
    }

    @Test(arguments: [
        ("\"007\"", 7), ("\"+5\"", 5), ("\"-0\"", 0), ("\"0\"", 0),
    ])
    func lenientIntegersReadDecimalDigits(text: String, expected: Int) {
        let result = runText(#"{"price": \#(text)}"#)
        #expect(result.1.isEmpty && result.0.price == expected, "\(text): \(result.1)")
        #expect(result.2.contains { $0.kind == .coerced && $0.path == "price" }, "\(result.2)")
    }

    @Test(arguments: [
        "\" 7\"", "\"7 \"", "\"\"", "\"+\"", "\"-\"", "\"--1\"", "\"+-1\"", "\"0x10\"", "\"1e2\"", "\"12.5\"", "\"١٢\"", "\"１２\"",
        "\"99999999999999999999\"", "\"1_000\"", "true", "12.5", "\"Ⅻ\"", "\"7\\u0000\"",
    ])
    func lenientIntegersRefuseEverythingElse(text: String) {
        let result = runText(#"{"price": \#(text)}"#)
        #expect(!result.1.isEmpty, "\(text) was accepted as \(result.0.price)")
        #expect(result.0 == KPPolicies(), "\(text)")
        let parsed = try? JSONSerialization.jsonObject(with: Data(#"{"price": \#(text)}"#.utf8))
        if let parsed {
            #expect(run(parsed).1 == result.1, "\(text)")
        }
    }

    @Test(arguments: [("\"256\"", false), ("\"255\"", true), ("\"-1\"", false), ("\"-0\"", true), ("\"0255\"", true)])
    func lenientIntegersAreRangeChecked(text: String, passes: Bool) {
        let result = runText(#"{"small": \#(text)}"#)
        #expect(result.1.isEmpty == passes, "\(text): \(result.1)")
    }

    @Test(arguments: [
        ("\"1e2\"", 100.0), ("\"-0.5\"", -0.5), ("\"0\"", 0.0), ("\"1E-2\"", 0.01), ("\"-0\"", 0.0),
    ])
    func lenientDoublesReadJSONNumberSyntax(text: String, expected: Double) {
        let result = runText(#"{"ratio": \#(text)}"#)
        #expect(result.1.isEmpty && result.0.ratio == expected, "\(text): \(result.1)")
    }

    @Test(arguments: [
        "\".5\"", "\"5.\"", "\"NaN\"", "\"Infinity\"", "\"inf\"", "\"1e400\"", "\"0x1p3\"", "\" 1\"", "true", "\"1e\"", "\"--1\"",
    ])
    func lenientDoublesRefuseWhatIsNotJSONNumberSyntax(text: String) {
        let result = runText(#"{"ratio": \#(text)}"#)
        #expect(!result.1.isEmpty, "\(text) read as \(result.0.ratio)")
        #expect(result.0.ratio == -1.0)
    }

    @Test(arguments: [("\"true\"", true), ("\"false\"", false)])
    func lenientBooleansReadExactlyTrueAndFalse(text: String, expected: Bool) {
        let result = runText(#"{"flag": \#(text)}"#)
        #expect(result.1.isEmpty && result.0.flag == expected)
    }

    @Test(arguments: ["\"True\"", "\"1\"", "1", "0", "\"yes\"", "\"TRUE\"", "\"\""])
    func lenientBooleansRefuseEverythingElse(text: String) {
        #expect(!runText(#"{"flag": \#(text)}"#).1.isEmpty, "\(text)")
        let value: Any
        if text == "1" {
            value = 1
        } else if text == "0" {
            value = 0
        } else {
            value = String(text.dropFirst().dropLast())
        }
        #expect(!run(["flag": value]).1.isEmpty, "\(text)")
    }

    @Test func lenientNeverTurnsANumberIntoAString() {
        struct S {
            var s = ""
        }
        let mapping: Mapping<S> = ["s": .property(\.s).lenient()]
        #expect(kpShape(Mapper.validate(["s": 5], for: S(), using: mapping)) == ["s|type"])
        #expect(kpShape(Mapper.validate(["s": true], for: S(), using: mapping)) == ["s|type"])
    }

    @Test func aMappingWideCoercionCoversNestedLevelsArraysAndDictionaries() throws {
        struct C: Equatable {
            var n = 0
            var list: [Int] = []
            var byKey: [String: Double] = [:]
        }
        let mapping = Mapping<C>(
            coercion: .lenient,
            [
                "inner": ["n": .property(\.n)],
                "list": .property(\.list),
                "byKey": .property(\.byKey),
            ])
        var c = C()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            fromJSON: #"{"inner": {"n": "3"}, "list": ["1", 2, "-3"], "byKey": {"a": "1.5", "b": 2}}"#, to: &c, using: mapping,
            warnings: &warnings)
        #expect(c == C(n: 3, list: [1, 2, -3], byKey: ["a": 1.5, "b": 2]))
        #expect(Set(warnings.map(\.path)) == ["inner.n", "list[0]", "list[2]", "byKey.a"])
    }

    @Test func aLooseKeyReadsALenientValueAndReportsItAtTheDocumentsKey() throws {
        struct L {
            var count = 0
        }
        let mapping = Mapping<L>(keys: .ignoringCaseAndSeparators, coercion: .lenient, ["itemCount": .property(\.count).min(1)])
        var l = L()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(fromJSON: #"{"ITEM-COUNT": "4"}"#, to: &l, using: mapping, warnings: &warnings)
        #expect(l.count == 4)
        #expect(warnings.map(\.path) == ["ITEM-COUNT"])
        let errors = Mapper.validate(["item_count": "0"], for: L(), using: mapping)
        #expect(kpShape(errors) == ["item_count|min"])
    }

    @Test func aDefaultGivesWayToAnotherKeyWritingTheSameProperty() throws {
        struct N: Equatable {
            var name: String? = "old"
        }
        let defaultFirst: Mapping<N> = ["name": .property(\.name, default: "anon"), "full_name": .property(\.name)]
        let defaultLast: Mapping<N> = ["full_name": .property(\.name), "name": .property(\.name, default: "anon")]
        for mapping in [defaultFirst, defaultLast] {
            var n = N()
            var warnings: [MappingWarning] = []
            try Mapper.mapValues(from: ["full_name": "Bob"], to: &n, using: mapping, warnings: &warnings)
            #expect(n.name == "Bob" && warnings.isEmpty, "\(n) \(warnings)")
            n = N()
            warnings = []
            try Mapper.mapValues(fromJSON: #"{"full_name": null}"#, to: &n, using: mapping, warnings: &warnings)
            #expect(n.name == nil && warnings.isEmpty, "\(n) \(warnings)")
            n = N()
            try Mapper.mapValues(from: ["other": 1], to: &n, using: mapping, warnings: &warnings)
            #expect(n.name == "anon")
        }
    }

    @Test func policyDefinitionErrorsAreReportedNotTrapped() {
        struct P {
            var a = 0
            var b: Int? = 0
            var links: [URL] = []
        }
        let cases: [(String, Mapping<P>)] = [
            ("setNil on non-optional", ["a": .property(\.a).ifAbsent(.setNil)]),
            ("useDefault without default", ["a": .property(\.a).ifNull(.useDefault)]),
            ("default beside isRequired", ["a": .property(\.a, default: 1).isRequired()]),
            ("dropping on a box", ["a": .box(.url, \.links).droppingInvalidElements()]),
            ("ensure of another type", ["a": .property(\.a).ensure("s") { (s: String) in !s.isEmpty }]),
            ("lengthRange on Int", ["a": .property(\.a).lengthRange(1, 2)]),
        ]
        for (label, mapping) in cases {
            #expect(!mapping.definitionErrors.isEmpty, "\(label)")
            var p = P()
            let errors = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: #"{"a": 1}"#, to: &p, using: mapping) }
            #expect(!errors.isEmpty && errors.allSatisfy { $0.rule == "mapping" }, "\(label): \(errors)")
            #expect(p.a == 0)
        }
    }

    @Test func ensureJudgesTheConvertedValueAfterAlooseKey() throws {
        struct E {
            var site: URL?
        }
        let mapping = Mapping<E>(
            keys: .ignoringCaseAndSeparators, ["siteURL": .box(.url, \.site).ensure("isSecure") { (url: URL) in url.scheme == "https" }])
        var e = E()
        try Mapper.mapValues(fromJSON: #"{"site_url": "https://a.example"}"#, to: &e, using: mapping)
        #expect(e.site?.host == "a.example")
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"SITE-URL": "http://b.example"}"#, to: &e, using: mapping)
        }
        #expect(kpShape(errors) == ["SITE-URL|isSecure"])
        #expect(e.site?.host == "a.example")
    }

    /// A dropped nested-model element's warning shows the element's every key from JSON text too (it showed "(1 key)").
    @Test func droppingElementsOfNestedModelsKeepsTheRestAndWarnsPerIndex() throws {
        struct Cart {
            var items: [KPItem] = []
        }
        let mapping: Mapping<Cart> = ["items": .property(\.items).droppingInvalidElements()]
        var cart = Cart()
        var warnings: [MappingWarning] = []
        let text = #"{"items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 0}, 5, {"SKU": "c", "qty": 2}, null]}"#
        try Mapper.mapValues(fromJSON: text, to: &cart, using: mapping, warnings: &warnings)
        #expect(cart.items.map(\.sku) == ["a", "c"])
        #expect(warnings.map(\.path) == ["items[1]", "items[2]", "items[4]"])
        var viaDict = Cart()
        var dictWarnings: [MappingWarning] = []
        try Mapper.mapValues(
            from: try JSONSerialization.jsonObject(with: Data(text.utf8)), to: &viaDict, using: mapping, warnings: &dictWarnings)
        #expect(viaDict.items == cart.items)
        #expect(dictWarnings == warnings)
    }
}

// MARK: - Rendered values agree between JSON text and parsed input

private struct KPItemExact: Mappable, Equatable {
    var sku = ""
    var qty = 0
    static let mapping: Mapping<KPItemExact> = ["sku": .property(\.sku), "qty": .property(\.qty).min(1)]
}

@Suite struct KeyPolicyProbeRenderedValues {
    private struct Carts {
        var exact: [KPItemExact] = []
        var loose: [KPItem] = []
        var one = 0
    }

    private func both(
        _ mapping: Mapping<Carts>, _ text: String
    ) throws -> (text: [MappingWarning], dict: [MappingWarning], textErrors: [ValidationError], dictErrors: [ValidationError]) {
        var a = Carts()
        var b = Carts()
        var wa: [MappingWarning] = []
        var wb: [MappingWarning] = []
        let ea = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: text, to: &a, using: mapping, warnings: &wa) }
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let eb = kpErrors { () throws(MappingError) in try Mapper.mapValues(from: parsed, to: &b, using: mapping, warnings: &wb) }
        return (wa, wb, ea, eb)
    }

    /// A dropped element shows its every key from JSON text, as from the dictionary (it counted only the keys read).
    @Test func aDroppedElementRendersTheSameFromTextAndFromADictionary() throws {
        let mapping: Mapping<Carts> = ["exact": .property(\.exact).droppingInvalidElements()]
        let result = try both(mapping, #"{"exact": [{"sku": "b", "qty": 0, "note": "x"}]}"#)
        #expect(result.text == result.dict)
        #expect(result.text.first?.value?.contains("3 keys") == true, "\(result.text)")
    }

    /// The same under a loose nested model's mapping (text showed "(0 keys)").
    @Test func aDroppedLooseElementRendersTheSameFromTextAndFromADictionary() throws {
        let mapping: Mapping<Carts> = ["loose": .property(\.loose).droppingInvalidElements()]
        let result = try both(mapping, #"{"loose": [{"SKU": "b", "qty": 0}]}"#)
        #expect(result.text == result.dict)
        #expect(result.text.first?.value?.contains("2 keys") == true, "\(result.text)")
    }

    @Test func errorsOnWrongShapedValuesRenderTheSameOnBothPaths() throws {
        let mapping = Mapping<Carts>(
            unknownKeys: .fail,
            [
                "one": .property(\.one),
                "exact": .property(\.exact),
            ])
        for text in [
            #"{"one": {"a": 1, "b": {"c": 2}}}"#,
            #"{"one": [1, [2, 3], {"x": 1}]}"#,
            #"{"zz": {"a": 1, "b": 2, "c": 3}, "one": 1}"#,
            #"{"exact": [{"sku": 5, "qty": 1, "more": {"deep": [1, 2]}}]}"#,
            #"{"exact": [{"sku": "a", "qty": "1", "x": 1, "y": 2}], "one": "1"}"#,
            #"{"exact": {"sku": "a"}}"#,
        ] {
            let result = try both(mapping, text)
            #expect(!result.textErrors.isEmpty, "\(text)")
            #expect(result.textErrors == result.dictErrors, "\(text)")
        }
    }

    /// An `ensure` error on a nested model shows the source object's every key from JSON text too.
    @Test func anEnsureErrorOnANestedModelRendersTheSameOnBothPaths() throws {
        struct G {
            var item = KPItemExact()
        }
        let mapping: Mapping<G> = ["item": .property(\.item).ensure("never") { (_: KPItemExact) in false }]
        let text = #"{"item": {"sku": "s", "qty": 2, "extra": true}}"#
        var a = G()
        var b = G()
        let ea = kpErrors { () throws(MappingError) in try Mapper.mapValues(fromJSON: text, to: &a, using: mapping) }
        let eb = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: try! JSONSerialization.jsonObject(with: Data(text.utf8)), to: &b, using: mapping)
        }
        #expect(kpShape(ea) == ["item|never"])
        #expect(ea == eb)
    }

    /// A fallback warning shows the replaced nested-model value's every key from JSON text too (it showed "(2 keys)").
    @Test func aFallbackWarningRendersTheSameOnBothPaths() throws {
        struct F {
            var item = KPItemExact()
        }
        let mapping: Mapping<F> = ["item": .property(\.item, fallback: KPItemExact(sku: "fb", qty: 1))]
        var a = F()
        var b = F()
        var wa: [MappingWarning] = []
        var wb: [MappingWarning] = []
        let text = #"{"item": {"sku": "s", "qty": 0, "extra": true, "more": null}}"#
        try Mapper.mapValues(fromJSON: text, to: &a, using: mapping, warnings: &wa)
        try Mapper.mapValues(from: try JSONSerialization.jsonObject(with: Data(text.utf8)), to: &b, using: mapping, warnings: &wb)
        #expect(a.item.sku == "fb" && b.item.sku == "fb")
        #expect(wa == wb)
    }
}

// MARK: - Immutable models and batches under key policies

private struct KPFrozenSnake: ImmutableMappable, Equatable {
    let userName: String
    let orderID: Int
    let note: String?
    static let mapping = Mapping<KPFrozenSnake>(
        keys: .ignoringCaseAndSeparators, keyStyle: .snakeCase, unknownKeys: .fail,
        [
            "userName": .property(\.userName),
            "orderID": .property(\.orderID, default: 1),
            "note": .property(\.note),
        ])
    init(_ values: MappedValues<KPFrozenSnake>) throws {
        userName = try values[\.userName]
        orderID = try values[\.orderID]
        note = try values[\.note]
    }
}

@Suite struct KeyPolicyProbeImmutableAndBatches {
    @Test func anImmutableModelReportsAbsentFieldsAtTheDocumentSpelling() throws {
        let errors = Mapper.validate(["note": "n"], as: KPFrozenSnake.self)
        #expect(kpShape(errors) == ["user_name|isRequired"])
        var warnings: [MappingWarning] = []
        let model = try Mapper.map(KPFrozenSnake.self, fromJSON: #"{"USER-NAME": "a"}"#, warnings: &warnings)
        #expect(model.userName == "a" && model.orderID == 1 && model.note == nil)
        #expect(warnings.map(\.path) == ["order_id"])
        #expect(try kpJSONKeys(try Mapper.serializeJSON(model)) == ["order_id", "user_name"])
    }

    @Test func aBatchKeepsWarningsAndFailuresPerRecordUnderKeyPolicies() throws {
        let text =
            #"[{"user_name": "a"}, {"UserName": "b", "bogus": 1}, {"USERNAME": "c", "user-name": "d"}, {"userName": "e", "order_id": 5}]"#
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: KPFrozenSnake.self)
        #expect(batch.models.map(\.userName) == ["a", "e"])
        #expect(batch.failures.map(\.index) == [1, 2])
        #expect(batch.failures.map { kpShape($0.error.errors) } == [["bogus|unknownKey"], ["user_name|ambiguousKey"]])
        #expect(batch.warnings.map { $0.map(\.path) } == [["order_id"], [], [], []])
        let viaDict = try Mapper.mapArray(from: try JSONSerialization.jsonObject(with: Data(text.utf8)), as: KPFrozenSnake.self)
        #expect(viaDict.failures.map { $0.error } == batch.failures.map { $0.error })
        #expect(viaDict.warnings == batch.warnings)
        // Paths are inside the record (Models.md). All or nothing for the whole array.
        #expect(kpThrows { () throws(MappingError) in _ = try Mapper.map([KPFrozenSnake].self, fromJSON: text) })
    }

    @Test func aKeyShadowedByAnExactMatchIsNeitherReadNorUnknown() {
        // Observed behaviour (see the report's questions): under `.fail`, `user_name` beside `userName` is silently ignored.
        struct U {
            var userName = ""
        }
        let mapping = Mapping<U>(keys: .ignoringCaseAndSeparators, unknownKeys: .fail, ["userName": .property(\.userName)])
        var u = U()
        let errors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(fromJSON: #"{"userName": "a", "user_name": "b"}"#, to: &u, using: mapping)
        }
        let dictErrors = kpErrors { () throws(MappingError) in
            try Mapper.mapValues(from: ["userName": "a", "user_name": "b"], to: &u, using: mapping)
        }
        #expect(errors == dictErrors)
    }
}

// MARK: - The Codable bridge and key strategies

private struct KPEnvelope: Codable {
    var version: Int
    var order: KPSnake
}

@Suite struct KeyPolicyProbeCodable {
    @Test func aDecodersKeyStrategyDoesNotApplyToAMappedModel() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let model = try decoder.decode(KPAsWritten.self, from: Data(#"{"user_name": 3, "plainKey": 4}"#.utf8))
        #expect(model == KPAsWritten(userName: 3, plain: 4))
        let snake = try decoder.decode(KPSnake.self, from: Data(#"{"user_name": "a", "order_id": 2, "stats": {"item_count": 5}}"#.utf8))
        #expect(snake.userName == "a" && snake.orderID == 2 && snake.itemCount == 5)
    }

    @Test func anEncodersKeyStrategyDoesNotApplyToAMappedModel() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(KPAsWritten(userName: 1, plain: 2))
        #expect(try kpJSONKeys(data) == ["plainKey", "user_name"])
        let expected = kpNS(try JSONSerialization.jsonObject(with: try Mapper.serializeJSON(KPAsWritten(userName: 1, plain: 2))))
        #expect(kpNS(try JSONSerialization.jsonObject(with: data)) == expected)
    }

    @Test func insideASynthesizedEnvelopeTheStrategyStillSkipsTheModelAndPathsArePrefixed() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let good = try decoder.decode(KPEnvelope.self, from: Data(#"{"version": 1, "order": {"user_name": "a", "order_id": 3}}"#.utf8))
        #expect(good.order.orderID == 3)
        do {
            _ = try JSONDecoder().decode(
                KPEnvelope.self,
                from: Data(#"{"version": 1, "order": {"user_name": "", "order_id": 0, "stats": {"item_count": "x"}}}"#.utf8))
            Issue.record("decoded a bad order")
        } catch let error as DecodingError {
            #expect(
                kpShape(error.mappingError?.errors ?? []) == [
                    "order.user_name|minLength", "order.order_id|min", "order.stats.item_count|type",
                ])
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(good), as: UTF8.self)
        #expect(text.contains(#""order_id":3"#) && !text.contains("orderID") && !text.contains("orderId"), "\(text)")
    }

    @Test func aLooseAmbiguityAndAnUnknownKeyFailTheSameThroughTheDecoder() {
        let text = #"{"USER_NAME": 1, "user-name": 2, "x": 3}"#
        let direct = kpShape(kpErrors { () throws(MappingError) in _ = try Mapper.map(KPLooseCodable.self, fromJSON: text) })
        var viaDecoder: [String] = []
        do {
            _ = try JSONDecoder().decode(KPLooseCodable.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            viaDecoder = kpShape(error.mappingError?.errors ?? [])
        } catch {}
        #expect(direct == ["userName|ambiguousKey"])
        #expect(viaDecoder == direct)
    }

    @Test func aPropertyListRoundTripKeepsTheStyledKeys() throws {
        let model = KPSnake(userName: "p", orderID: 4, imageURL: URL(string: "https://p.example"), itemCount: 2, nickName: nil)
        let data = try PropertyListEncoder().encode(model)
        let object = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        #expect(object?["order_id"] as? Int == 4)
        #expect(try PropertyListDecoder().decode(KPSnake.self, from: data) == model)
    }
}

// MARK: - Serialization of key policies

@Suite struct KeyPolicyProbeSerialization {
    @Test func looseMatchingSerializesTheMappingsOwnSpelling() throws {
        let model = try Mapper.map(KPLooseCodable.self, fromJSON: #"{"USER_NAME": 1, "order-id": 2, "Image URL": 3, "X": 4}"#)
        #expect(model == KPLooseCodable(userName: 1, orderID: 2, imageURL: 3, x: 4))
        #expect(try kpJSONKeys(try Mapper.serializeJSON(model)) == ["imageURL", "orderID", "userName", "x"])
        #expect(try kpJSONKeys(try JSONEncoder().encode(model)) == ["imageURL", "orderID", "userName", "x"])
    }

    @Test func serializeAndSerializeJSONAgreeUnderEveryStyle() throws {
        struct S: Equatable {
            var firstName = "a"
            var lastName = "b"
            var zip = 1
        }
        let styles: [(String, KeyStyle)] = [
            ("asWritten", .asWritten), ("snake", .snakeCase), ("kebab", .kebabCase), ("custom", .custom { $0.uppercased() }),
        ]
        for (label, style) in styles {
            let mapping = Mapping<S>(
                keyStyle: style,
                [
                    "firstName": .property(\.firstName),
                    "name": ["lastName": .property(\.lastName)],
                    "geo": [2: .property(\.zip)],
                ])
            let object = try Mapper.serialize(S(), using: mapping)
            let data = try Mapper.serializeJSON(S(), using: mapping)
            #expect(kpNS(try JSONSerialization.jsonObject(with: data)) == NSDictionary(dictionary: object), "\(label)")
            var back = S(firstName: "", lastName: "", zip: 0)
            try Mapper.mapValues(fromJSON: data, to: &back, using: mapping)
            #expect(back == S(), "\(label)")
            let geo = object[style.spellGeo] as? [Any]
            #expect(geo?.count == 3 && geo?[0] is NSNull, "\(label): \(object)")
        }
    }
}

extension KeyStyle {
    fileprivate var spellGeo: String {
        if case .custom = self { return "GEO" }
        return "geo"
    }
}

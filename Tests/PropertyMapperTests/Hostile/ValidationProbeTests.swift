import Foundation
import PropertyMapper
import Testing

// Probes of validators, validators on converted values, `MappingRule`s, the paths and words of every error and warning,
// all-or-nothing on a failed check, and agreement of the input paths (JSON text, the parsed `[String: Any]`, the
// Codable bridge) on the same failures. Public API only.

// MARK: - Models

enum VPKind: String, CaseIterable, Hashable, Sendable {
    case small, large
}

private struct VPItem: Mappable, Equatable, MappedCodable {
    var sku = ""
    var qty = 0

    static let mapping = Mapping<VPItem>(
        rules: [MappingRule("qtyLimit", at: \.qty, message: "at most 10") { try $0[\.qty] <= 10 }],
        [
            "sku": .property(\.sku).isRequired().lengthRange(1, 8),
            "qty": .property(\.qty).min(1),
        ])
}

/// A nested model whose rule points nowhere: its error sits at the model itself.
private struct VPPair: Mappable, Equatable, MappedCodable {
    var low = 0
    var high = 0

    static let mapping = Mapping<VPPair>(
        rules: [MappingRule("ordered") { try $0[\.low] <= $0[\.high] }],
        ["low": .property(\.low), "high": .property(\.high)])
}

private struct VPOrder: Mappable, Equatable, MappedCodable {
    var id = 0
    var name = ""
    var note: String? = "keep"
    var ratio = 0.0
    var kind: VPKind = .small
    var items: [VPItem] = []
    var byCode: [String: VPItem] = [:]
    var counts: [String: Int] = [:]
    var tags: [String] = []
    var pair = VPPair()

    static let mapping = Mapping<VPOrder>(
        rules: [MappingRule("hasItems", message: "needs an item") { try !$0[\.items].isEmpty }],
        [
            "id": .property(\.id).isRequired().range(1, 999),
            "name": .property(\.name).lengthRange(2, 6).matchesRegEx("^[a-z]+$"),
            "note": .property(\.note).maxLength(3),
            "ratio": .property(\.ratio).range(0.1, 0.9),
            "kind": .property(\.kind),
            "items": .property(\.items),
            "byCode": .property(\.byCode),
            "counts": .property(\.counts),
            "tags": .property(\.tags).maxLength(3),
            "pair": .property(\.pair),
        ])
}

private struct VPEnvelope: Codable {
    var version: Int
    var order: VPOrder
}

private final class VPSettings: Mappable {
    var volume = 5
    var label = "preset"
    init() {}
    static let mapping = Mapping<VPSettings>(
        rules: [MappingRule("quietLabel", at: \.label) { try $0[\.volume] < 10 || $0[\.label] == "loud" }],
        ["volume": .property(\.volume).range(0, 11), "label": .property(\.label).minLength(1)])
}

private final class VPAccount {
    var name = "old"
    var nick: String? = "oldNick"
    var score = 1
    var mirror = 1
    var settings = VPSettings()
    var limits: [Int] = [1]
    init() {}
}

private struct VPThrown: Error, CustomStringConvertible {
    var description: String { "the depot is closed" }
}

private struct VPCalls: Mappable {
    var count = 0
    var maybe: Int?
    var price = Decimal(0)
    var prices: [Decimal] = []
    var when = Date(timeIntervalSince1970: 0)
    var link: URL?
    var links: [URL] = []
    var level: Double = 0

    static let mapping: Mapping<VPCalls> = [
        "count": .call(VPCalls.count(from:), \.count).range(1, 5),
        "maybe": .call(VPCalls.maybe(from:), \.maybe).max(3),
        "price": .box(.decimal, \.price).range(0.1, 0.3),
        "when": .box(.date(.iso8601, .secondsSince1970), \.when).ensure("after2000") { (date: Date) in
            date.timeIntervalSince1970 > 946_684_800
        },
        "link": .box(.url, \.link).lengthRange(1, 20).ensure("https") { (url: URL) in url.scheme == "https" },
        "level": .call(VPCalls.level(from:), \.level).max(1.5),
    ]

    func count(from text: String) -> Int? { Int(text) }
    func maybe(from text: String) -> Int? { Int(text) }
    func level(from text: String) throws -> Double {
        guard let value = Double(text) else { throw VPThrown() }
        return value
    }
}

private struct VPStyled: Mappable {
    var startDay = 0
    var endDay = 0
    static let mapping = Mapping<VPStyled>(
        keyStyle: .snakeCase,
        rules: [MappingRule("ordered", at: \.endDay) { try $0[\.endDay] >= $0[\.startDay] }],
        ["startDay": .property(\.startDay), "window": ["endDay": .property(\.endDay)]])
}

private struct VPLenient: Mappable {
    var counts: [String: Int] = [:]
    var tags: [String] = []
    var items: [VPItem] = []
    var level = 0
    static let mapping = Mapping<VPLenient>([
        "counts": .property(\.counts).lenient(),
        "tags": .property(\.tags).droppingInvalidElements(),
        "items": .property(\.items).droppingInvalidElements(),
        "deep": ["level": .property(\.level, default: 3)],
    ])
}

private struct VPLocal: Mappable {
    var item = VPItem()
    var items: [VPItem]?
    var byKind: [VPKind: Int] = [:]
    var set: Set<VPKind> = []
    var nested: [[Int?]] = []
    var maybe: Int?
    var kind: VPKind?
    static let mapping: Mapping<VPLocal> = [
        "item": .property(\.item), "items": .property(\.items), "set": .property(\.set),
        "nested": .property(\.nested), "maybe": .property(\.maybe), "kind": .property(\.kind),
    ]
}

private struct VPBrokenChild: Mappable {
    var x = 0
    static let mapping: Mapping<VPBrokenChild> = ["x": .property(\.x).length(2)]
}

private struct VPBrokenParent: Mappable {
    var child = VPBrokenChild()
    var y = 0
    static let mapping: Mapping<VPBrokenParent> = ["child": .property(\.child), "y": .property(\.y)]
}

private struct VPDeepRule: Mappable {
    var pair = VPPair()
    var tags: [String] = []
    static let mapping = Mapping<VPDeepRule>(
        rules: [MappingRule("lowSmall") { try $0[\.pair.low] < 100 }, MappingRule("fewTags") { try $0[\.tags.count] <= 2 }],
        ["pair": .property(\.pair), "tags": .property(\.tags)])
}

private struct VPStagedRule: Mappable {
    var pair = VPPair()
    var tags: [String] = []
    static let mapping = Mapping<VPStagedRule>(
        rules: [MappingRule("lowSmall") { try $0[\.pair].low < 100 }, MappingRule("fewTags") { try $0[\.tags].count <= 2 }],
        ["pair": .property(\.pair), "tags": .property(\.tags)])
}

private struct VPOverRule: Mappable {
    var pair = VPPair()
    static let mapping = Mapping<VPOverRule>(rules: [MappingRule("lowSmall") { try $0[\.pair].low < 100 }], ["low": .property(\.pair.low)])
}

private struct VPPolicyRule: Mappable {
    var views = -1
    var kind: VPKind = .small
    var tags: [String] = []
    var pair = VPPair()
    static let mapping = Mapping<VPPolicyRule>(
        rules: [
            MappingRule("seen", at: \.views) { try $0[\.views] == 7 },
            MappingRule("fell", at: \.kind) { try $0[\.kind] == .large },
            MappingRule("kept", at: \.tags) { try $0[\.tags] == ["a"] },
            MappingRule("pairSmall", at: \.pair) { try $0[\.pair].high < 100 },
        ],
        [
            "views": .property(\.views, default: 7), "kind": .property(\.kind, fallback: .large),
            "tags": .property(\.tags).droppingInvalidElements(), "pair": .property(\.pair),
        ])
}

private struct VPGeo: Mappable {
    var lat = 0.0
    var lon = 0.0
    static let mapping = Mapping<VPGeo>(
        rules: [MappingRule("east", at: \.lon) { try $0[\.lon] >= 0 }],
        ["geo": [0: .property(\.lat).range(-90, 90), 1: .property(\.lon).isRequired().range(-180, 180)]])
}

private struct VPDeepImmutable: ImmutableMappable {
    let pair: VPPair
    static let mapping = Mapping<VPDeepImmutable>(
        rules: [MappingRule("lowSmall") { try $0[\.pair.low] < 100 }], ["pair": .property(\.pair)])
    init(_ values: MappedValues<VPDeepImmutable>) throws { pair = try values[\.pair] }
}

private final class VPTwin {
    var first = VPSettings()
    var second = VPSettings()
    init() { second = first }
    static let mapping: Mapping<VPTwin> = ["s1": .property(\.first).merging(), "s2": .property(\.second).merging()]
}

private struct VPShownMore: Mappable {
    var when = Date(timeIntervalSince1970: 0)
    var id: UUID?
    static let mapping = Mapping<VPShownMore>(
        rules: [MappingRule("w", at: \.when) { _ in false }, MappingRule("i", at: \.id) { _ in false }],
        ["when": .box(.date, \.when), "id": .box(.uuid, \.id)])
}

private struct VPShown: Mappable {
    var kind: VPKind = .small
    var link: URL?
    var price = Decimal(0)
    var pair = VPPair()
    var maybe: Int?
    var tags: [String] = []
    static let mapping = Mapping<VPShown>(
        rules: [
            MappingRule("k", at: \.kind) { _ in false }, MappingRule("l", at: \.link) { _ in false },
            MappingRule("p", at: \.price) { _ in false }, MappingRule("n", at: \.pair) { _ in false },
            MappingRule("m", at: \.maybe) { _ in false }, MappingRule("t", at: \.tags) { _ in false },
        ],
        [
            "kind": .property(\.kind), "link": .box(.url, \.link), "price": .box(.decimal, \.price),
            "pair": .property(\.pair), "maybe": .property(\.maybe), "tags": .property(\.tags),
        ])
}

private struct VPDeepAt: Mappable {
    var pair = VPPair()
    static let mapping = Mapping<VPDeepAt>(
        rules: [MappingRule("never", at: \.pair.low) { _ in false }], ["pair": .property(\.pair)])
}

private final class VPAuthor {
    var email = "old"
    var name = "old"
    var level = 0
}

private struct VPWarned: Mappable {
    var counts: [String: Int] = [:]
    var level = 0
    static let mapping = Mapping<VPWarned>(["counts": .property(\.counts).lenient(), "level": .property(\.level).max(1)])
}

// MARK: - Helpers

private func vpErrors<Model: MappedModel>(_ json: String, _ type: Model.Type) -> [ValidationError] {
    do {
        _ = try Mapper.map(type, fromJSON: json)
        return []
    } catch {
        return error.errors
    }
}

private func vpParsed(_ json: String) -> Any {
    try! JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
}

private func vpErrorsParsed<Model: MappedModel>(_ json: String, _ type: Model.Type) -> [ValidationError] {
    do {
        _ = try Mapper.map(type, from: vpParsed(json))
        return []
    } catch {
        return error.errors
    }
}

private func vpErrorsDecoded<Model: MappedModel & Decodable>(_ json: String, _ type: Model.Type) -> [ValidationError]? {
    do {
        _ = try JSONDecoder().decode(type, from: Data(json.utf8))
        return []
    } catch let error as DecodingError {
        return error.mappingError?.errors
    } catch {
        return nil
    }
}

/// A deterministic generator over the shared `SplitMix64`.
private struct VPRandom {
    private var source: SplitMix64
    init(state: UInt64) { source = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { source.next() }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}

/// Words that must never reach a user: Swift's type noise.
private let vpNoise = ["Optional(", "Swift.", "PropertyMapperTests", "unknown context", "__C.", "NSConcreteValue", "_NSCF", "Foundation."]

private func vpExpectNoNoise(_ errors: [ValidationError], sourceLocation: SourceLocation = #_sourceLocation) {
    for error in errors {
        for noise in vpNoise {
            #expect(!error.description.contains(noise), "\(error.description)", sourceLocation: sourceLocation)
        }
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        // A Swift value description such as `VPPair(…)` or `Optional(…)` is not JSON.
        if let value = error.value, let first = value.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
            value.contains("(") && !value.hasPrefix("(")
        {
            Issue.record("value rendered as a Swift description: \(error.description)", sourceLocation: sourceLocation)
        }
        #expect(error.description.contains("[\(error.rule)]"), sourceLocation: sourceLocation)
    }
}

// MARK: - The validators one by one

private struct VPScalars {
    var text = ""
    var maybeText: String?
    var int = 0
    var big: UInt64 = 0
    var wide: Int64 = 0
    var double = 0.0
    var float: Float = 0
    var flag = false
    var any: Any?
    var list: [String] = []
    var kind: VPKind = .small
    var decimal = Decimal(0)
}

@Suite("ValidationProbe validators")
struct ValidationProbeValidators {
    private static func check(_ mapping: Mapping<VPScalars>, _ source: [String: Any]) -> [ValidationError] {
        Mapper.validate(source, for: VPScalars(), using: mapping)
    }

    @Test func lengthsCountCharactersAgainstSwiftOnGeneratedStrings() {
        // Scalars that make grapheme clusters: combining marks, ZWJ sequences, regional indicators, CRLF.
        let pieces = ["a", "é", "e\u{301}", "\u{301}", "👨‍👩‍👧", "\u{200D}", "🇫🇷", "🇫", "\r\n", "\r", "\n", "ß", "日", "😀", "\u{FE0F}", " "]
        var random = VPRandom(state: 0x5EED_0001)
        for _ in 0..<300 {
            let text = (0..<random.int(0...6)).map { _ in random.pick(pieces) }.joined()
            let bound = random.int(0...5)
            let mapping: Mapping<VPScalars> = [
                "a": .property(\.text).length(bound), "b": .property(\.text).minLength(bound),
                "c": .property(\.text).maxLength(bound), "d": .property(\.text).lengthRange(bound, 2),
            ]
            let errors = Self.check(mapping, ["a": text, "b": text, "c": text, "d": text])
            var expected: [String] = []
            if text.count != bound { expected.append("a") }
            if text.count < bound { expected.append("b") }
            if text.count > bound { expected.append("c") }
            if text.count < min(bound, 2) || text.count > max(bound, 2) { expected.append("d") }
            #expect(errors.map(\.path) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) bound \(bound)")
            // The same through JSON text (the reader decodes escapes).
            let escaped = String(
                decoding: try! JSONSerialization.data(withJSONObject: ["a": text, "b": text, "c": text, "d": text]), as: UTF8.self)
            var fromText: [ValidationError] = []
            var model = VPScalars()
            do { try Mapper.mapValues(fromJSON: escaped, to: &model, using: mapping) } catch { fromText = error.errors }
            #expect(fromText == errors)
        }
    }

    @Test func numberBoundsAgreeWithExactComparisonOnGeneratedValues() {
        var random = VPRandom(state: 0x5EED_0002)
        for _ in 0..<300 {
            let value = random.int(-20...20)
            let (low, high) = (random.int(-20...20), random.int(-20...20))
            let mapping: Mapping<VPScalars> = [
                "a": .property(\.int).min(low), "b": .property(\.int).max(high), "c": .property(\.int).range(low, high),
                "d": .property(\.double).range(Double(low) / 4, Double(high) / 4),
            ]
            let dv = Double(value) / 4
            let errors = Self.check(mapping, ["a": value, "b": value, "c": value, "d": dv])
            var expected: [String] = []
            if value < low { expected.append("a") }
            if value > high { expected.append("b") }
            if value < min(low, high) || value > max(low, high) { expected.append("c") }
            if dv < Double(min(low, high)) / 4 || dv > Double(max(low, high)) / 4 { expected.append("d") }
            #expect(errors.map(\.path) == expected, "value \(value) bounds \(low) \(high)")
        }
    }

    @Test func integerBoundsAreExactBeyondTwoToThe53() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.wide).min(9_007_199_254_740_993), "b": .property(\.big).max(UInt64.max - 1),
            "c": .property(\.double).min(9_007_199_254_740_993),
            "d": .property(\.wide).range(Int64.min, Int64.min + 1),
        ]
        let errors = Self.check(
            mapping,
            [
                "a": Int64(9_007_199_254_740_992), "b": UInt64.max, "c": 9_007_199_254_740_992.0, "d": Int64.min,
            ])
        #expect(errors.map(\.path) == ["a", "b", "c"])
        #expect(errors.first?.message == "out of bounds, expected at least 9007199254740993")
        #expect(errors.dropFirst().first?.message == "out of bounds, expected at most 18446744073709551614")
        vpExpectNoNoise(errors)
    }

    @Test func fractionalBoundsCompareAsWrittenOnEveryPath() throws {
        let mapping: Mapping<VPScalars> = [
            "d": .property(\.double).range(0.1, 0.3), "f": .property(\.float).min(Float(4.7)),
            "m": .property(\.decimal).min(Decimal(string: "0.1")!),
        ]
        for json in [#"{"d": 0.1, "f": 4.7, "m": 0.1}"#, #"{"d": 0.3, "f": 4.70, "m": 0.10}"#, #"{"d": 1e-1, "f": 47e-1, "m": 1E-1}"#] {
            var model = VPScalars()
            try Mapper.mapValues(fromJSON: json, to: &model, using: mapping)
            #expect(Mapper.validate(vpParsed(json), for: VPScalars(), using: mapping).isEmpty, "\(json)")
        }
        let below = #"{"d": 0.09999999999999999, "f": 4.6999998, "m": 0.09999999999999999999}"#
        var model = VPScalars()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(fromJSON: below, to: &model, using: mapping) }
        #expect(error?.errors.map(\.path) == ["d", "f", "m"])
        #expect(
            error?.errors.map(\.message) == [
                "out of bounds, expected 0.1...0.3", "out of bounds, expected at least 4.7", "out of bounds, expected at least 0.1",
            ])
    }

    @Test func negativeZeroAndExponentsCompareAsNumbers() throws {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.int).equalTo(100), "b": .property(\.double).min(0), "c": .property(\.int).oneOf([0, 1]),
        ]
        let json = #"{"a": 1e2, "b": -0.0, "c": -0}"#
        var model = VPScalars()
        try Mapper.mapValues(fromJSON: json, to: &model, using: mapping)
        #expect(model.int == 0 && model.double == 0)
        #expect(Mapper.validate(vpParsed(json), for: VPScalars(), using: mapping).isEmpty)
    }

    @Test func oneOfAndEqualToRenderTheirCandidatesPlainly() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.text).oneOf(["x", "y\"z"]), "b": .property(\.int).equalTo(2),
            "c": .property(\.kind).oneOf([VPKind.large]), "d": .property(\.double).oneOf([1.5, 2]),
            "e": .property(\.flag).equalTo(true), "f": .property(\.text).oneOf([String]()),
            "g": .property(\.decimal).equalTo(Decimal(string: "0.5")!),
        ]
        let errors = Self.check(mapping, ["a": "w", "b": 3, "c": "small", "d": 2.5, "e": false, "f": "x", "g": 0.25])
        #expect(
            errors.map(\.description) == [
                #"a → text: not in the list, expected one of "x", "y\"z"; got "w" [oneOf]"#,
                "b → int: a different value, expected 2; got 3 [equalTo]",
                #"c → kind: not in the list, expected one of "large"; got "small" [oneOf]"#,
                "d → double: not in the list, expected one of 1.5, 2.0; got 2.5 [oneOf]",
                "e → flag: a different value, expected true; got false [equalTo]",
                #"f → text: no value is allowed (the list of candidates is empty); got "x" [oneOf]"#,
                "g → decimal: a different value, expected 0.5; got 0.25 [equalTo]",
            ])
        vpExpectNoNoise(errors)
        // The passing values pass.
        #expect(Self.check(mapping, ["a": "y\"z", "b": 2, "c": "large", "d": 2, "e": true, "g": "0.50"]).map(\.path) == ["g"])
        #expect(Self.check(mapping, ["g": 0.5, "d": 1.5]).isEmpty)
    }

    @Test func aValueOfAnotherTypeIsOneTypeErrorAndNoValidatorError() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.text).minLength(3).matchesRegEx("^x").oneOf(["xyz"]),
            "b": .property(\.int).min(5).equalTo(7),
            "c": .property(\.list).maxLength(1).validate("short") { (list: [String]) in list.allSatisfy { $0.count < 3 } },
            "d": .property(\.flag).equalTo(true),
        ]
        let errors = Self.check(mapping, ["a": 12, "b": "12", "c": ["a", 7, "b"], "d": 1])
        #expect(errors.map(\.rule) == ["type", "type", "type", "type"])
        #expect(errors.map(\.path) == ["a", "b", "c[1]", "d"])
    }

    @Test func everyFailingValidatorOfAChainIsReportedOrOnlyTheFirst() {
        let mapping: Mapping<VPScalars> = ["a": .property(\.text).minLength(5).matchesRegEx("^x").oneOf(["xxxxx"])]
        let errors = Self.check(mapping, ["a": "ab"])
        // All three fail on "ab"; the contract says "all of them must pass" and "every failure": expect each.
        #expect(errors.map(\.rule) == ["minLength", "matchesRegEx", "oneOf"])
    }

    @Test func anyPropertyValidatorsJudgeWhatTheyCanAndSaySoOtherwise() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.any).lengthRange(1, 3), "b": .property(\.any).min(1),
            "c": .property(\.any).matchesRegEx("x"), "d": .property(\.any).oneOf(["q"]),
        ]
        let errors = Self.check(mapping, ["a": 12, "b": "12", "c": ["x"], "d": 7])
        #expect(errors.map(\.rule) == ["lengthRange", "min", "matchesRegEx", "oneOf"])
        #expect(
            errors.map(\.message) == [
                "a number, expected a string or an array", "a string, expected a number", "an array, expected a string",
                "a number, expected String",
            ])
        vpExpectNoNoise(errors)
        #expect(Self.check(mapping, ["a": [1, 2], "b": 1.5, "c": "yxy", "d": "q"]).isEmpty)
    }

    @Test func absentAndNullPassEveryValidatorButIsRequired() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.maybeText).minLength(3).matchesRegEx("^x$").oneOf(["x"]).equalTo("x")
                .validate("never") { (_: String) in false },
            "b": .property(\.maybeText).isRequired().maxLength(1),
        ]
        #expect(Self.check(mapping, ["a": NSNull(), "b": "x"]).isEmpty)
        #expect(Self.check(mapping, ["b": "x"]).isEmpty)
        let errors = Self.check(mapping, ["a": NSNull(), "b": NSNull()])
        #expect(errors.map(\.description) == ["b → maybeText: expected a value; got null [isRequired]"])
        #expect(Self.check(mapping, [:]).map(\.description) == ["b → maybeText: value is missing [isRequired]"])
    }

    @Test func aThrowingValidatorCarriesTheThrownDescription() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.text).validate("depot") { (_: String) -> Bool in throw VPThrown() }
        ]
        #expect(
            Self.check(mapping, ["a": "x"]).map(\.description) == [#"a → text: does not pass depot: the depot is closed; got "x" [depot]"#])
    }

    @Test func validatorsThatCanNeverJudgeTheirFieldAreDefinitionErrors() {
        let cases: [(String, Mapping<VPScalars>)] = [
            ("length on Int", ["a": .property(\.int).length(2)]),
            ("min on String", ["a": .property(\.text).min(2)]),
            ("regex on Int", ["a": .property(\.int).matchesRegEx("x")]),
            ("regex on [String]", ["a": .property(\.list).matchesRegEx("x")]),
            ("oneOf strings on Int", ["a": .property(\.int).oneOf(["x"])]),
            ("equalTo number on String", ["a": .property(\.text).equalTo(2)]),
            ("equalTo bool on Int", ["a": .property(\.int).equalTo(true)]),
            ("validate String on Int", ["a": .property(\.int).validate("x") { (_: String) in true }]),
            ("min on Bool", ["a": .property(\.flag).min(0)]),
            ("min on [String]", ["a": .property(\.list).min(1)]),
            ("oneOf numbers on an enum of strings", ["a": .property(\.kind).oneOf([1, 2])]),
            ("NaN bound", ["a": .property(\.double).max(Double.nan)]),
            ("bad pattern", ["a": .property(\.text).matchesRegEx("(")]),
            ("ensure of the wrong type", ["a": .property(\.text).ensure("x") { (_: Int) in true }]),
        ]
        for (name, mapping) in cases {
            let problems = mapping.definitionErrors
            #expect(problems.count == 1, "\(name): \(problems)")
            #expect(problems.first?.rule == "mapping", "\(name)")
            #expect(problems.first?.path == "a", "\(name)")
            vpExpectNoNoise(problems)
            // Every use throws them alone, whatever the data.
            var model = VPScalars()
            let error = #expect(throws: MappingError.self, "\(name)") {
                try Mapper.mapValues(from: ["a": "x", "zz": 1], to: &model, using: mapping)
            }
            #expect(error?.errors == problems, "\(name)")
            #expect(Mapper.validate(["a": 1], for: VPScalars(), using: mapping) == problems, "\(name)")
        }
    }

    @Test func definitionErrorMessagesNameTheValidatorAndTheTypes() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.int).lengthRange(1, 2),
            "b": .property(\.text).min(2),
            "c": .property(\.text).ensure("positive") { (n: Int) in n > 0 },
            "d": .property(\.double).max(Double.nan),
        ]
        #expect(
            mapping.definitionErrors.map(\.description) == [
                "a → int: lengthRange can never judge this field, which receives Int (lengthRange judges a string or an array) [mapping]",
                "b → text: min can never judge this field, which receives String (min judges a number) [mapping]",
                "c → text: ensure positive takes Int, but the field converts to String [mapping]",
                "d → double: max has a bound that is not a number (NaN) [mapping]",
            ])
    }

    // A defect, fixed since: a negative upper length bound, which no value meets, failed every present value, blaming a
    // mistake in the mapping on the data. It is a definition error, whatever the data; a negative lower bound alone is
    // met by every length and stays harmless.
    @Test func aNegativeUpperLengthBoundIsADefinitionError() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.text).length(-1), "b": .property(\.text).lengthRange(-3, 1), "c": .property(\.text).maxLength(-2),
            "d": .property(\.text).lengthRange(-3, -1), "e": .property(\.text).minLength(-1),
        ]
        #expect(
            mapping.definitionErrors.map(\.description) == [
                "a → text: length has a negative bound, which no length meets [mapping]",
                "c → text: maxLength has a negative bound, which no length meets [mapping]",
                "d → text: lengthRange has a negative bound, which no length meets [mapping]",
            ])
        for source in [[:], ["a": "", "b": "", "c": "", "d": "", "e": ""]] as [[String: Any]] {
            #expect(Mapper.validate(source, for: VPScalars(), using: mapping) == mapping.definitionErrors)
        }
        let fine: Mapping<VPScalars> = ["b": .property(\.text).lengthRange(-3, 1), "e": .property(\.text).minLength(-1)]
        #expect(fine.definitionErrors.isEmpty)
        #expect(Mapper.validate(["b": "x", "e": ""], for: VPScalars(), using: fine).isEmpty)
        #expect(Mapper.validate(["b": "xy"], for: VPScalars(), using: fine).map(\.rule) == ["lengthRange"])
    }
}

// MARK: - Validators on converted values

@Suite("ValidationProbe converted values")
struct ValidationProbeConverted {
    @Test func callAndBoxResultsAreJudgedAndFailedConversionsAreOneError() {
        #expect(Mapper.validate(["count": "3", "maybe": "x", "price": "0.1", "level": "1.5"], as: VPCalls.self).isEmpty)
        let errors = Mapper.validate(
            ["count": "9", "maybe": "4", "price": "0.30000000000000001", "level": "2", "link": "http://a.example", "when": 0],
            as: VPCalls.self)
        #expect(errors.map(\.rule) == ["range", "max", "range", "after2000", "https", "max"])
        #expect(errors.map(\.path) == ["count", "maybe", "price", "when", "link", "level"])
        vpExpectNoNoise(errors)
        let failed = Mapper.validate(["count": "many", "price": "abc", "level": "high", "when": "never", "link": 7], as: VPCalls.self)
        #expect(failed.map(\.rule) == ["call", "box(Decimal)", "box(Date)", "type", "call"])
        #expect(failed.last?.message == "the call threw: the depot is closed")
        vpExpectNoNoise(failed)
    }

    @Test func aCallThatReturnsNilForAnOptionalPassesItsNumberValidators() throws {
        let calls = try Mapper.map(VPCalls.self, from: ["maybe": "not a number"])
        #expect(calls.maybe == nil)
    }

    @Test func numberValidatorsOnABoxedArrayJudgeEachElementOrAreADefinitionError() {
        let mapping: Mapping<VPCalls> = ["prices": .box(.decimal, \.prices).min(0)]
        let problems = mapping.definitionErrors
        var model = VPCalls()
        var errors: [ValidationError] = []
        do { try Mapper.mapValues(from: ["prices": ["1", "2.5"]], to: &model, using: mapping) } catch { errors = error.errors }
        // Either the mapping is refused up front, or valid elements pass: never a data error on good data.
        #expect(!problems.isEmpty || errors.isEmpty, "\(errors)")
        if problems.isEmpty {
            let bad = Mapper.validate(["prices": ["1", "-2"]], for: VPCalls(), using: mapping)
            #expect(bad.map(\.path) == ["prices[1]"])
        }
    }

    @Test func lengthOnABoxedURLArrayJudgesElementsOrTheArray() {
        let mapping: Mapping<VPCalls> = ["links": .box(.url, \.links).maxLength(2)]
        #expect(mapping.definitionErrors.isEmpty)
        #expect(Mapper.validate(["links": ["https://a.example", "https://b.example"]], for: VPCalls(), using: mapping).isEmpty)
        #expect(Mapper.validate(["links": ["a", "b", "c"]], for: VPCalls(), using: mapping).map(\.rule) == ["maxLength"])
    }

    @Test func ensureOnAnArrayOfURLsTakingAURLIsADefinitionErrorNotADataError() {
        let mapping: Mapping<VPCalls> = ["links": .box(.url, \.links).ensure("https") { (url: URL) in url.scheme == "https" }]
        #expect(mapping.definitionErrors.map(\.rule) == ["mapping"])
    }

    @Test func ensureJudgesEnumsNestedModelsAndDictionaries() {
        let mapping = Mapping<VPOrder>([
            "kind": .property(\.kind).ensure("large") { (kind: VPKind) in kind == .large },
            "pair": .property(\.pair).ensure("wide") { (pair: VPPair) in pair.high - pair.low > 5 },
            "counts": .property(\.counts).ensure("some") { (counts: [String: Int]) in !counts.isEmpty },
            "items": .property(\.items).ensure("few") { (items: [VPItem]) in items.count < 2 },
        ])
        #expect(mapping.definitionErrors.isEmpty)
        let errors = Mapper.validate(
            [
                "kind": "small", "pair": ["low": 1, "high": 2], "counts": [String: Int](),
                "items": [["sku": "a", "qty": 1], ["sku": "b", "qty": 1]],
            ], for: VPOrder(), using: mapping)
        #expect(errors.map(\.rule) == ["large", "wide", "some", "few"])
        #expect(errors.map(\.path) == ["kind", "pair", "counts", "items"])
        #expect(errors.first?.description == #"kind → kind: does not pass large; got "small" [large]"#)
        vpExpectNoNoise(errors)
        // A failure inside the nested model is its own error, and the ensure over it is not judged on top.
        let inner = Mapper.validate(["pair": ["low": "x", "high": 2]], for: VPOrder(), using: mapping)
        #expect(inner.map(\.path) == ["pair.low"])
    }

    @Test func theDecimalBoxingJudgesTheNumberAsWrittenOnEveryPath() throws {
        let json = #"{"price": 0.1}"#
        #expect(vpErrors(json, VPCalls.self).isEmpty)
        #expect(vpErrorsParsed(json, VPCalls.self).isEmpty)
        let above = #"{"price": 0.30000000000000004}"#
        #expect(vpErrors(above, VPCalls.self).map(\.rule) == ["range"])
        #expect(vpErrorsParsed(above, VPCalls.self).map(\.rule) == ["range"])
    }
}

// MARK: - Rules

private struct VPRules: Mappable, Equatable {
    var start = 0
    var end = 0
    var label: String?
    var mirror = 0
    var odd = 0

    static let mapping = Mapping<VPRules>(
        rules: [
            MappingRule("ordered", at: \.end, message: "must not be before start") { try $0[\.end] >= $0[\.start] },
            MappingRule("labelled", at: \.label) { try $0[\.label] != nil },
            MappingRule("mirrored", at: \.mirror) { try $0[\.mirror] == $0[\.start] },
            MappingRule("throws") { values in
                if try values[\.start] == 13 { throw VPThrown() }
                return true
            },
            MappingRule("throwsWithMessage", message: "unlucky") { values in
                if try values[\.end] == 13 { throw VPThrown() }
                return true
            },
            MappingRule("oddKey", at: \.odd) { try $0[\.odd] >= 0 },
        ],
        [
            "start": .property(\.start),
            "span": ["end": .property(\.end)],
            "label": .property(\.label),
            "pair": .list(.property(\.start), .property(\.mirror)),
            "weird": ["a.b": ["": .property(\.odd)]],
        ])
}

@Suite("ValidationProbe rules")
struct ValidationProbeRules {
    @Test func pointedRulesNameTheFieldPathPropertyValueAndMessage() {
        let errors = Mapper.validate(
            ["start": 5, "span": ["end": 3], "label": "x", "pair": 5, "weird": ["a.b": ["": -1]]], as: VPRules.self)
        #expect(
            errors.map(\.description) == [
                "span.end → end: must not be before start; got 3 [ordered]",
                #"weird["a.b"][""] → odd: does not pass oddKey; got -1 [oddKey]"#,
            ])
    }

    @Test func aRuleOverAnAbsentOrNullOptionalSeesNilAndItsErrorSaysSo() {
        let absent = Mapper.validate(["start": 1, "span": ["end": 2], "pair": 1], as: VPRules.self)
        #expect(absent.map(\.rule) == ["labelled"])
        #expect(absent.first?.path == "label")
        #expect(absent.first?.property == "label")
        let null = Mapper.validate(["start": 1, "span": ["end": 2], "label": NSNull(), "pair": 1], as: VPRules.self)
        #expect(null.map(\.rule) == ["labelled"])
        #expect(null.first?.value == "null")
        #expect(null.first?.description == "label → label: does not pass labelled; got null [labelled]")
    }

    @Test func aRuleAtAPropertyWrittenByAListNamesTheListsKey() {
        let errors = Mapper.validate(["start": 1, "span": ["end": 2], "label": "x", "pair": 2], as: VPRules.self)
        // start and mirror are both written from "pair" (start is written twice: the later entry wins), so they agree.
        #expect(errors.isEmpty)
        var rules = VPRules()
        rules.mirror = 9
        let stale = Mapper.validate(["start": 1, "span": ["end": 2], "label": "x"], for: rules, using: VPRules.mapping)
        #expect(stale.map(\.description) == ["pair → mirror: does not pass mirrored; got 9 [mirrored]"])
    }

    @Test func throwingRulesCarryTheirDescriptionWithOrWithoutAMessage() {
        let errors = Mapper.validate(["start": 13, "span": ["end": 13], "label": "x", "pair": 13], as: VPRules.self)
        #expect(
            errors.map(\.description) == [
                "(root): does not pass throws: the depot is closed [throws]",
                "(root): unlucky (the depot is closed) [throwsWithMessage]",
            ])
    }

    @Test func aRuleThatCatchesTheFailedFieldIsStillNotJudged() {
        let mapping = Mapping<VPRules>(
            rules: [MappingRule("swallow") { ((try? $0[\.start]) ?? -1) > 0 }], ["start": .property(\.start)])
        let errors = Mapper.validate(["start": "x"], for: VPRules(), using: mapping)
        #expect(errors.map(\.rule) == ["type"])
    }

    @Test func rulesAreJudgedBesideAnUnrelatedFailedFieldAndComeAfterTheFields() {
        let errors = Mapper.validate(["start": 5, "span": ["end": 3], "label": 7, "pair": 5], as: VPRules.self)
        #expect(errors.map(\.rule) == ["type", "ordered"])
    }

    @Test func rulesInNestedModelsCarryTheFullPathOnBothSides() {
        let json = #"""
            {"id": 1, "name": "ab", "items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 50}],
             "byCode": {"x.y": {"sku": "c", "qty": 11}, "": {"sku": "d", "qty": 12}},
             "pair": {"low": 5, "high": 1}}
            """#
        let errors = vpErrors(json, VPOrder.self)
        #expect(errors.map(\.path).sorted() == [#"byCode[""].qty"#, #"byCode["x.y"].qty"#, "items[1].qty", "pair"].sorted())
        let byPath = Dictionary(errors.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byPath["items[1].qty"]?.property == "items[1].qty")
        #expect(byPath["items[1].qty"]?.description == "items[1].qty → items[1].qty: at most 10; got 50 [qtyLimit]")
        #expect(byPath["pair"]?.property == "pair")
        #expect(byPath["pair"]?.rule == "ordered")
        #expect(byPath[#"byCode["x.y"].qty"#]?.property == #"byCode["x.y"].qty"#)
        vpExpectNoNoise(errors)
    }

    @Test func aRuleFailingInAnElementOfALossyArrayDropsTheElementWithAWarning() throws {
        let mapping = Mapping<VPOrder>(["items": .property(\.items).droppingInvalidElements()])
        var order = VPOrder()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            from: ["items": [["sku": "a", "qty": 1], ["sku": "b", "qty": 50]]], to: &order, using: mapping, warnings: &warnings)
        #expect(order.items.map(\.sku) == ["a"])
        #expect(warnings.map(\.path) == ["items[1]"])
        #expect(warnings.first?.message.contains("at most 10") == true, "\(warnings)")
    }

    @Test func aRuleFailingInANestedModelFallsBackToTheFallback() throws {
        let mapping = Mapping<VPOrder>(["pair": .property(\.pair, fallback: VPPair(low: -1, high: -1))])
        var order = VPOrder()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(from: ["pair": ["low": 3, "high": 1]], to: &order, using: mapping, warnings: &warnings)
        #expect(order.pair == VPPair(low: -1, high: -1))
        #expect(warnings.map(\.kind) == [.fallbackUsed])
        #expect(warnings.map(\.path) == ["pair"])
    }

    @Test func pointedRulesFollowTheKeyStyle() {
        let errors = Mapper.validate(["start_day": 3, "window": ["end_day": 1]], as: VPStyled.self)
        #expect(errors.map(\.path) == ["window.end_day"])
        #expect(errors.map(\.property) == ["endDay"])
    }

    @Test func rulesInTheCodableBridgeArePrefixedWithTheCodingPath() throws {
        let json = #"{"version": 1, "order": {"id": 1, "items": [{"sku": "a", "qty": 50}], "pair": {"low": 2, "high": 1}}}"#
        do {
            _ = try JSONDecoder().decode(VPEnvelope.self, from: Data(json.utf8))
            Issue.record("decoded a failing order")
        } catch let error as DecodingError {
            let errors = error.mappingError?.errors ?? []
            #expect(errors.map(\.path) == ["order.items[0].qty", "order.pair"])
            #expect(errors.map(\.rule) == ["qtyLimit", "ordered"])
        }
    }
}

// MARK: - Paths of every error and warning

@Suite("ValidationProbe paths")
struct ValidationProbePaths {
    @Test func everyErrorIsCollectedWithItsExactPath() {
        let json = #"""
            {"id": 0, "name": "A1", "note": "long", "ratio": 2, "kind": "huge",
             "items": [{"qty": 0}, {"sku": "toolongsku", "qty": "1"}, 7],
             "byCode": {"a.b": {"sku": ""}, "q\"t": {"sku": 3}, "é": {"sku": "ok", "qty": -1}, "[0]": {"sku": "x", "qty": 1, "extra": 1}},
             "counts": {"x y": "1", "": 1.5, "ok": 2, "\\": true},
             "tags": ["a", 1, "b", null],
             "pair": {"low": "x"}}
            """#
        let errors = vpErrors(json, VPOrder.self)
        let paths = Set(errors.map(\.path))
        let expected: Set<String> = [
            "id", "name", "note", "ratio", "kind",
            "items[0].sku", "items[0].qty", "items[1].sku", "items[1].qty", "items[2]",
            #"byCode["a.b"].sku"#, #"byCode["q\"t"].sku"#, "byCode.é.qty",
            #"counts["x y"]"#, #"counts[""]"#, #"counts["\\"]"#,
            "tags[1]", "tags[3]", "pair.low",
        ]
        #expect(paths == expected, "missing \(expected.subtracting(paths)), extra \(paths.subtracting(expected))")
        #expect(errors.count == expected.count, "one error per path; \(errors.map(\.path))")
        vpExpectNoNoise(errors)
        // The dictionary of items mapped as [String: Any] gives the same set, and validate() the same list.
        #expect(Set(vpErrorsParsed(json, VPOrder.self).map(\.description)) == Set(errors.map(\.description)))
        #expect(Mapper.validate(vpParsed(json), as: VPOrder.self) == vpErrorsParsed(json, VPOrder.self))
    }

    @Test func errorsInsideADictionaryComeInTheSameOrderFromTextAndFromAParsedTree() {
        var keys: [String] = []
        var random = VPRandom(state: 0x5EED_0003)
        for index in 0..<12 { keys.append("k\(random.int(0...999))_\(index)") }
        let body = keys.map { #""\#($0)": "bad""# }.joined(separator: ", ")
        let json = #"{"counts": {\#(body)}}"#
        let fromText = vpErrors(json, VPOrder.self).map(\.path).filter { $0.hasPrefix("counts") }
        let fromTree = vpErrorsParsed(json, VPOrder.self).map(\.path).filter { $0.hasPrefix("counts") }
        #expect(fromText.count == 12)
        #expect(fromText == fromTree, "error order differs between JSON text and the parsed tree")
    }

    @Test func warningsAreCollectedWithTheirPaths() throws {
        var warnings: [MappingWarning] = []
        let model = try Mapper.map(
            VPLenient.self,
            fromJSON: #"{"counts": {"a.b": "7", "": "8"}, "tags": ["x", 2, "y", null], "items": [{"sku": ""}, {"sku": "ok", "qty": 2}]}"#,
            warnings: &warnings)
        #expect(model.counts == ["a.b": 7, "": 8])
        #expect(model.tags == ["x", "y"])
        #expect(model.items.map(\.sku) == ["ok"])
        #expect(model.level == 3)
        #expect(Set(warnings.map(\.path)) == [#"counts["a.b"]"#, #"counts[""]"#, "tags[1]", "tags[3]", "items[0]", "deep.level"])
        for warning in warnings {
            for noise in vpNoise { #expect(!warning.description.contains(noise), "\(warning)") }
        }
    }

    @Test func topLevelArraysNameTheirElements() {
        let json = #"[{"sku": "a", "qty": 1}, {"sku": "", "qty": 11}]"#
        let errors: [ValidationError]
        do {
            _ = try Mapper.map([VPItem].self, fromJSON: json)
            errors = []
        } catch { errors = error.errors }
        #expect(errors.map(\.path) == ["[1].sku", "[1].qty"])
        #expect(errors.map(\.property) == ["[1].sku", "[1].qty"])
        let batch = try? Mapper.mapArray(fromJSON: Data(json.utf8), as: VPItem.self)
        #expect(batch?.failures.map(\.index) == [1])
        #expect(batch?.failures.first?.error.errors.map(\.path) == ["sku", "qty"])
    }
}

// MARK: - The words of errors

@Suite("ValidationProbe messages")
struct ValidationProbeMessages {
    @Test func theDocumentedExampleOfEpisodePrintsAsDocumented() {
        final class Episode {
            var id = 0
            var title = ""
            var rating: Int?
            var authorEmail = ""
            var tags: [String] = []
        }
        let mapping: Mapping<Episode> = [
            "id": .property(\.id).isRequired().min(1),
            "name": .property(\.title).isRequired().lengthRange(1, 80),
            "rating": .property(\.rating).range(1, 5),
            "author": ["email": .property(\.authorEmail).isRequired().matchesRegEx(#"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#)],
            "tags": .property(\.tags),
        ]
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(
                from: ["id": "42", "rating": 9, "author": ["email": "not-an-email"], "tags": ["cats", 7]], to: Episode(), using: mapping)
        }
        #expect(
            error?.description == """
                5 errors:
                - id → id: a string, expected Int; got "42" [type]
                - name → title: value is missing [isRequired]
                - rating → rating: out of bounds, expected 1...5; got 9 [range]
                - author.email → authorEmail: no match, expected a match for /^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$/; got "not-an-email" [matchesRegEx]
                - tags[1] → tags: a number, expected String; got 7 [type]
                """)
    }

    @Test func typeNamesInMessagesCarryNoModuleOrContextNoise() {
        let errors = Mapper.validate(
            ["item": "x", "items": 3, "set": ["small", "tiny"], "nested": [[1, "x"]], "maybe": "1", "kind": 1], as: VPLocal.self)
        #expect(errors.map(\.path) == ["item", "items", "set[1]", "nested[0][1]", "maybe", "kind"])
        vpExpectNoNoise(errors)
        for error in errors {
            #expect(!error.message.contains("Local"), "\(error)")
        }
        #expect(errors.first?.message == "a string, expected a dictionary")
        #expect(errors.dropFirst(2).first?.message == #"not a VPKind, expected one of "small", "large""#)
    }

    @Test func longAndOddValuesAreRenderedBrieflyAndEscaped() {
        let long = String(repeating: "x", count: 200)
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.text).maxLength(3), "b": .property(\.text).matchesRegEx("^q"),
            "c": .property(\.list).maxLength(1), "d": .property(\.any).lengthRange(1, 2),
        ]
        let errors = Mapper.validate(
            ["a": long, "b": "line\nbreak\u{202E}\"", "c": Array(repeating: "y", count: 50), "d": ["k": 1, "j": 2, "i": 3]],
            for: VPScalars(), using: mapping)
        #expect(
            errors.map(\.value) == [
                #""xxxxxxxxxxxxxxxxxxxxxxx…" (200 characters)"#, #""line\nbreak\u202e\"""#, "[…] (50 elements)", "{…} (3 keys)",
            ])
        #expect(
            errors.map(\.message) == [
                "200 characters, expected at most 3", "no match, expected a match for /^q/", "50 elements, expected at most 1",
                "a dictionary, expected a string or an array",
            ])
        for error in errors { #expect(!error.description.contains("\n"), "\(error.description)") }
    }

    @Test func aRuleOrValidatorNameWithOddCharactersDoesNotBreakTheLine() {
        let mapping = Mapping<VPScalars>(
            rules: [MappingRule("two\nlines") { _ in false }], ["a": .property(\.text).validate("x]y") { (_: String) in false }])
        let errors = Mapper.validate(["a": "v"], for: VPScalars(), using: mapping)
        // The names are the user's own; they are reported as given (a newline in a name is a question, not checked).
        #expect(errors.map(\.rule) == ["x]y", "two\nlines"])
        #expect(errors.first?.description == #"a → text: does not pass x]y; got "v" [x]y]"#)
    }

    @Test func mappingErrorDescriptionsAreStableAcrossCallsAndPaths() {
        let json = #"{"id": 1000, "name": "ABC", "items": [{"sku": "", "qty": 0}]}"#
        let first = vpErrors(json, VPOrder.self)
        #expect(first == vpErrors(json, VPOrder.self))
        #expect(first == vpErrorsParsed(json, VPOrder.self))
        #expect(
            MappingError(errors: first).description.hasPrefix(
                "\(first.count) errors:\n- id → id: out of bounds, expected 1...999; got 1000 [range]"))
    }
}

// MARK: - All or nothing

@Suite("ValidationProbe all or nothing")
struct ValidationProbeAllOrNothing {
    private static let accountMapping = Mapping<VPAccount>(
        rules: [MappingRule("scoreMirror", at: \.mirror) { try $0[\.mirror] <= $0[\.score] }],
        [
            "name": .property(\.name).minLength(2),
            "nick": .property(\.nick),
            "both": .list(.property(\.score), .property(\.mirror).max(100)),
            "settings": .property(\.settings).merging(),
            "limits": .property(\.limits).maxLength(2),
        ])

    private static func snapshot(_ account: VPAccount) -> String {
        "\(account.name)|\(account.nick ?? "nil")|\(account.score)|\(account.mirror)|\(account.settings.volume)|\(account.settings.label)|\(account.limits)"
    }

    @Test(arguments: [
        #"{"name": "ok", "nick": null, "both": 500, "settings": {"volume": 3}}"#,  // list validator
        #"{"name": "ok", "nick": null, "both": 50, "settings": {"volume": 12}}"#,  // merged model validator
        #"{"name": "ok", "nick": null, "both": 50, "settings": {"volume": 10, "label": "x"}}"#,  // merged model rule
        #"{"name": "ok", "nick": null, "both": 50, "settings": {"label": ""}}"#,  // merged model minLength
        #"{"name": "ok", "nick": null, "both": 50, "limits": [1, 2, 3]}"#,  // array length
        #"{"name": "o", "nick": null, "both": 50, "settings": {"volume": 1}}"#,  // root validator
        #"{"name": "ok", "nick": null, "both": 50, "settings": {"volume": 1}, "limits": [1, "2"]}"#,  // element type
    ])
    func aFailedCheckAnywhereChangesNoPropertyAnywhere(json: String) {
        for source in ["text", "tree"] {
            let account = VPAccount()
            let settings = account.settings
            let before = Self.snapshot(account)
            #expect(throws: MappingError.self, "\(source): \(json)") {
                if source == "text" {
                    try Mapper.mapValues(fromJSON: json, to: account, using: Self.accountMapping)
                } else {
                    try Mapper.mapValues(from: vpParsed(json), to: account, using: Self.accountMapping)
                }
            }
            #expect(Self.snapshot(account) == before, "\(source): \(json)")
            #expect(account.settings === settings)
        }
    }

    @Test func aRuleFailingOnlyThroughTheMergedCurrentValueWritesNothing() {
        let account = VPAccount()
        account.settings.volume = 10
        account.settings.label = "quiet"
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["settings": ["label": "soft"]], to: account, using: Self.accountMapping)
        }
        #expect(error?.errors.map(\.path) == ["settings.label"])
        #expect(error?.errors.map(\.rule) == ["quietLabel"])
        #expect(account.settings.label == "quiet")
    }

    @Test func aSuccessfulMappingWritesEverything() throws {
        let account = VPAccount()
        try Mapper.mapValues(
            fromJSON: #"{"name": "ok", "nick": null, "both": 50, "settings": {"volume": 10, "label": "loud"}, "limits": [4]}"#,
            to: account, using: Self.accountMapping)
        #expect(Self.snapshot(account) == "ok|nil|50|50|10|loud|[4]")
    }

    @Test func validateWritesNothingEvenWhenEverythingPasses() {
        let account = VPAccount()
        let before = Self.snapshot(account)
        let errors = Mapper.validate(
            ["name": "ok", "nick": NSNull(), "both": 50, "settings": ["volume": 2, "label": "a"], "limits": [4]], for: account,
            using: Self.accountMapping)
        #expect(errors.isEmpty)
        #expect(Self.snapshot(account) == before)
    }

    @Test func aFailedRuleLeavesAStructTargetUntouchedOnEveryPath() throws {
        let json = #"{"start": 5, "span": {"end": 3}, "label": "new", "pair": 5}"#
        var model = VPRules(start: 1, end: 9, label: "old", mirror: 1, odd: 0)
        let before = model
        #expect(throws: MappingError.self) { try Mapper.mapValues(fromJSON: json, to: &model, using: VPRules.mapping) }
        #expect(model == before)
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: vpParsed(json), to: &model, using: VPRules.mapping) }
        #expect(model == before)
    }
}

// MARK: - Agreement of the input paths

@Suite("ValidationProbe input paths agree")
struct ValidationProbeInputPaths {
    /// A generated order record, as JSON text: valid and invalid values mixed.
    private static func record(_ random: inout VPRandom) -> String {
        var fields: [String] = []
        func maybe(_ key: String, _ values: [String]) {
            if random.chance(80) { fields.append(#""\#(key)": \#(random.pick(values))"#) }
        }
        maybe("id", ["1", "0", "999", "1000", "1.0", "1.5", "\"7\"", "null", "1e2", "-0", "9223372036854775808", "true"])
        maybe("name", [#""abc""#, #""ABC""#, #""a""#, #""abcdefg""#, #""ab\u0301""#, #""""#, "3", "null", #""é""#])
        maybe("note", [#""abc""#, #""abcd""#, "null", "[]", #""👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧""#, #""👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧""#])
        maybe("ratio", ["0.1", "0.09999999999999999", "0.9", "0.90000000000000002", "1", "0", "\"0.5\"", "5e-1", "1E0"])
        maybe("kind", [#""small""#, #""large""#, #""Small""#, "1", "null"])
        maybe("tags", [#"["a"]"#, #"["a","b","c","d"]"#, #"["a",1]"#, "{}", "[]", #"[null]"#])
        maybe("counts", [#"{"a": 1}"#, #"{"a.b": "x"}"#, #"{"": 1.5}"#, "[]", #"{"a": 9223372036854775808}"#])
        maybe(
            "items",
            [
                #"[{"sku": "a", "qty": 1}]"#, #"[{"sku": "a", "qty": 11}]"#, #"[{"qty": 1}]"#, "[]", #"[{"sku": "abcdefghi", "qty": 0}]"#,
                #"[{"sku": "a", "qty": 2}, 5]"#,
            ])
        maybe("pair", [#"{"low": 1, "high": 2}"#, #"{"low": 3, "high": 2}"#, #"{"low": "3"}"#, "null", "7"])
        maybe("byCode", [#"{"x": {"sku": "a", "qty": 1}}"#, #"{"x.y": {"sku": "a", "qty": 12}}"#, #"{"q": 1}"#])
        return "{" + fields.joined(separator: ", ") + "}"
    }

    @Test func textTreeAndDecoderGiveTheSameErrorsOnGeneratedRecords() {
        var random = VPRandom(state: 0x5EED_0004)
        var failing = 0
        for _ in 0..<250 {
            let json = Self.record(&random)
            let fromText = vpErrors(json, VPOrder.self)
            let fromTree = vpErrorsParsed(json, VPOrder.self)
            let fromValidate = Mapper.validate(vpParsed(json), as: VPOrder.self)
            let fromDecoder = vpErrorsDecoded(json, VPOrder.self)
            if !fromText.isEmpty { failing += 1 }
            #expect(fromText == fromTree, "text vs tree: \(json)\n\(fromText)\n\(fromTree)")
            #expect(fromTree == fromValidate, "map vs validate: \(json)")
            // A decoder does not say how a number was written (Codable.md): compare all but the rendered value, and
            // leave out a fraction more precise than its nearest Double (a question, see the report).
            if !json.contains("0.90000000000000002") {
                #expect(
                    fromDecoder?.map { [$0.path, $0.property, $0.rule, $0.message] }
                        == fromText.map { [$0.path, $0.property, $0.rule, $0.message] },
                    "decoder vs text: \(json)\n\(fromDecoder ?? [])\n\(fromText)")
            }
            vpExpectNoNoise(fromText)
        }
        #expect(failing > 100)
    }

    @Test func mapArrayAgreesWithMappingEachRecord() throws {
        var random = VPRandom(state: 0x5EED_0005)
        let records = (0..<40).map { _ in Self.record(&random) }
        let json = "[" + records.joined(separator: ", ") + "]"
        let batch = try Mapper.mapArray(fromJSON: Data(json.utf8), as: VPOrder.self)
        #expect(batch.results.count == records.count)
        for (index, record) in records.enumerated() {
            let single = vpErrors(record, VPOrder.self)
            switch batch.results[index] {
            case .success: #expect(single.isEmpty, "\(record)")
            case let .failure(error): #expect(error.errors == single, "\(record)")
            }
        }
    }
}

// MARK: - More rules, definitions and warnings

@Suite("ValidationProbe more")
struct ValidationProbeMore {
    // A defect, fixed since: a rule reading a key path through a mapped property ($0[\.pair.low]) saw the instance's
    // value before mapping, not the one staged. It is now a definition error, whatever the data; read through the
    // mapped property's own value (`$0[\.pair].low`) instead, which sees the staged value.
    @Test func aRuleReadingThroughAMappedPropertyIsADefinitionError() {
        var model = VPDeepRule()
        model.pair = VPPair(low: 1000, high: 1000)
        for source in [["pair": ["low": 500, "high": 600]], ["pair": ["low": 1, "high": 2]], ["tags": ["a", "b", "c"]]] as [[String: Any]] {
            for errors in [Mapper.validate(source, as: VPDeepRule.self), Mapper.validate(source, for: model, using: VPDeepRule.mapping)] {
                #expect(errors.map(\.rule) == ["mapping", "mapping"], "\(source)")
                #expect(errors.map(\.path) == ["", ""])
                #expect(errors.first?.message.contains(#"\VPDeepRule.pair.low through \VPDeepRule.pair"#) == true, "\(errors)")
                #expect(errors.last?.message.contains(#"through \VPDeepRule.tags, which this mapping writes"#) == true, "\(errors)")
            }
        }
        #expect(model.pair == VPPair(low: 1000, high: 1000))
        // Read through the staged value, the same rules judge the values the properties will hold.
        #expect(Mapper.validate(["pair": ["low": 500, "high": 600]], as: VPStagedRule.self).map(\.rule) == ["lowSmall"])
        var staged = VPStagedRule()
        staged.pair = VPPair(low: 1000, high: 1000)
        #expect(Mapper.validate(["pair": ["low": 1, "high": 2]], for: staged, using: VPStagedRule.mapping).isEmpty)
        #expect(Mapper.validate(["tags": ["a", "b", "c"]], as: VPStagedRule.self).map(\.rule) == ["fewTags"])
    }

    /// The reverse: a rule reading a property part of which the mapping writes (`\.pair` where it writes `\.pair.low`).
    @Test func aRuleReadingOverAMappedPropertyIsADefinitionError() {
        let errors = Mapper.validate(["low": 500], as: VPOverRule.self)
        #expect(errors.map(\.rule) == ["mapping"])
        #expect(errors.first?.message.contains(#"writes \VPOverRule.pair.low inside it"#) == true, "\(errors)")
        var model = VPOverRule()
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["low": 5], to: &model, using: VPOverRule.mapping) }
        #expect(model.pair == VPPair())
    }

    @Test func aPointedRuleAtAKeyPathThroughANestedModelIsADefinitionErrorOrNamesTheField() {
        let problems = VPDeepAt.mapping.definitionErrors
        let errors = Mapper.validate(["pair": ["low": 1, "high": 2]], as: VPDeepAt.self)
        if problems.isEmpty {
            #expect(errors.map(\.path) == ["pair.low"])
        } else {
            #expect(problems.map(\.rule) == ["mapping"])
            #expect(errors == problems)
        }
    }

    @Test func aNestedModelsDefinitionErrorIsReportedAloneNotBlamedOnTheData() {
        let errors = Mapper.validate(["child": ["x": 5], "y": "bad"], as: VPBrokenParent.self)
        #expect(errors.map(\.rule) == ["mapping"])
        #expect(errors.first?.path.hasSuffix("x") == true, "\(errors)")
        // Whether the child's broken mapping should also refuse a record without a child is a question (nested models
        // resolve lazily); not checked here.
    }

    @Test func aNullOrAbsentNestedLevelFailsEachRequiredEntryOnceAndWritesNothing() {
        let mapping: Mapping<VPAuthor> = [
            "author": ["email": .property(\.email).isRequired(), "name": .property(\.name)],
            "level": .property(\.level),
        ]
        for source: [String: Any] in [["level": 3], ["author": NSNull(), "level": 3], ["author": [String: Any](), "level": 3]] {
            let author = VPAuthor()
            let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: source, to: author, using: mapping) }
            #expect(error?.errors.map(\.description) == ["author.email → email: value is missing [isRequired]"], "\(source)")
            #expect(author.email == "old" && author.name == "old" && author.level == 0)
        }
    }

    // A defect, fixed since: a dictionary candidate of oneOf/equalTo was printed as "{…} (1 key)", so the message did not
    // say what was expected.
    @Test func equalToAndOneOfCompareWholeArraysAndDictionaries() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.list).equalTo(["a", "b"]), "b": .property(\.any).oneOf([["k": 1]]),
        ]
        #expect(Mapper.validate(["a": ["a", "b"], "b": ["k": 1]], for: VPScalars(), using: mapping).isEmpty)
        let errors = Mapper.validate(["a": ["a", "c"], "b": ["k": 2]], for: VPScalars(), using: mapping)
        #expect(
            errors.map(\.description) == [
                #"a → list: a different value, expected ["a", "b"]; got ["a", "c"] [equalTo]"#,
                #"b → any: not in the list, expected one of {"k": 1}; got {…} (1 key) [oneOf]"#,
            ])
        vpExpectNoNoise(errors)
    }

    @Test func warningsAreNotAppendedWhenAValidatorFails() {
        var warnings: [MappingWarning] = []
        var model = VPWarned()
        #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["counts": ["a": "7"], "level": 5], to: &model, using: VPWarned.mapping, warnings: &warnings)
        }
        #expect(warnings.isEmpty)
        #expect(model.counts.isEmpty)
        var validateWarnings: [MappingWarning] = []
        let errors = Mapper.validate(["counts": ["a": "7"], "level": 5], as: VPWarned.self, warnings: &validateWarnings)
        #expect(errors.map(\.path) == ["level"])
        #expect(validateWarnings.isEmpty)
    }

    @Test func aBatchKeepsWarningsOnlyForTheRecordsThatSucceeded() throws {
        let batch = try Mapper.mapArray(
            fromJSON: Data(#"[{"counts": {"a": "7"}}, {"counts": {"a": "8"}, "level": 5}, {"level": 0}]"#.utf8), as: VPWarned.self)
        #expect(batch.warnings.map(\.count) == [1, 0, 0])
        #expect(batch.warnings.first?.first?.path == "counts.a")
        #expect(batch.failures.map(\.index) == [1])
        #expect(batch.failures.first?.error.errors.map(\.path) == ["level"])
    }
}

@Suite("ValidationProbe rendering and bridges")
struct ValidationProbeRendering {
    @Test func aPointedRuleShowsTheConvertedValueAsJSONWithoutTypeNoise() {
        let errors = Mapper.validate(
            [
                "kind": "large", "link": "https://a.example/x", "price": "0.50", "pair": ["low": 1, "high": 2], "maybe": NSNull(),
                "tags": ["a"],
            ], as: VPShown.self)
        #expect(errors.map(\.rule) == ["k", "l", "p", "n", "m", "t"])
        let values = errors.map(\.value)
        #expect(values[0] == #""large""#)
        // A defect, fixed since: a URL was printed bare (https://…, not a JSON string) and a nested model as "VPPair(…)",
        // a Swift type name; ValidationError.value is "the offending value, rendered briefly as JSON".
        #expect(values[1] == #""https://a.example/x""#)
        #expect(values[2] == "0.5")
        #expect(values[3] == "{…} (2 keys)")
        #expect(values[4] == "null")
        #expect(values[5] == #"["a"]"#)
        vpExpectNoNoise(errors)
    }

    @Test func ensureIsNotJudgedOnTopOfAFailedValidator() {
        let errors = Mapper.validate(["link": "http://a-very-long-host.example/path"], as: VPCalls.self)
        #expect(errors.map(\.rule) == ["lengthRange"])
    }

    @Test func aListsValidatorErrorNamesTheListKeyAndItsProperty() {
        let mapping = Mapping<VPAccount>(["both": .list(.property(\.score), .property(\.mirror).max(100))])
        let errors = Mapper.validate(["both": 500], for: VPAccount(), using: mapping)
        #expect(errors.map(\.description) == ["both → mirror: out of bounds, expected at most 100; got 500 [max]"])
    }

    @Test func wideIntegerBoundsCompareExactly() {
        let mapping: Mapping<VPScalars> = [
            "a": .property(\.wide).max(Int128(1) << 100), "b": .property(\.wide).min(Int128.max),
            "c": .property(\.big).max(UInt128.max), "d": .property(\.double).max(CGFloat(1.5)),
        ]
        #expect(mapping.definitionErrors.isEmpty, "\(mapping.definitionErrors)")
        let errors = Mapper.validate(["a": Int64.max, "b": Int64.max, "c": UInt64.max, "d": 1.75], for: VPScalars(), using: mapping)
        #expect(errors.map(\.path) == ["b", "d"])
        #expect(errors.first?.message == "out of bounds, expected at least 170141183460469231731687303715884105727")
    }

    @Test func theDecoderPrefixesATopLevelArrayIndex() throws {
        do {
            _ = try JSONDecoder().decode([VPItem].self, from: Data(#"[{"sku": "a", "qty": 1}, {"sku": "b", "qty": 50}]"#.utf8))
            Issue.record("decoded")
        } catch let error as DecodingError {
            #expect(error.mappingError?.errors.map(\.path) == ["[1].qty"])
        }
    }

    @Test func theDecoderQuotesOddDictionaryKeysInThePrefix() throws {
        let json = #"{"a.b": {"sku": "x", "qty": 50}, "": {"sku": "y", "qty": 0}, "ok": {"sku": "z", "qty": 1}}"#
        do {
            _ = try JSONDecoder().decode([String: VPItem].self, from: Data(json.utf8))
            Issue.record("decoded")
        } catch let error as DecodingError {
            let paths = error.mappingError?.errors.map(\.path) ?? []
            // JSONDecoder stops at the first failing value; whichever it is, its path is quoted as the library quotes keys.
            #expect(paths == [#"["a.b"].qty"#] || paths == [#"[""].qty"#], "\(paths)")
        }
    }
}

@Suite("ValidationProbe rules over policies")
struct ValidationProbeRulesOverPolicies {
    @Test func rulesSeeDefaultsFallbacksAndDroppedArrays() throws {
        var warnings: [MappingWarning] = []
        let model = try Mapper.map(VPPolicyRule.self, from: ["kind": "zzz", "tags": ["a", 1]], warnings: &warnings)
        #expect(model.views == 7 && model.kind == .large && model.tags == ["a"])
        #expect(warnings.map(\.kind) == [.defaultUsed, .fallbackUsed, .elementDropped])
        #expect(warnings.map(\.path) == ["views", "kind", "tags[1]"])
    }

    @Test func aRuleOverANestedModelThatFailedIsNotJudged() {
        let errors = Mapper.validate(["kind": "large", "tags": ["a"], "pair": ["low": "x", "high": 500]], as: VPPolicyRule.self)
        #expect(errors.map(\.path) == ["pair.low"])
        let judged = Mapper.validate(["kind": "large", "tags": ["a"], "pair": ["low": 1, "high": 500]], as: VPPolicyRule.self)
        #expect(judged.map { [$0.path, $0.property, $0.rule, $0.message] } == [["pair", "pair", "pairSmall", "does not pass pairSmall"]])
    }
}

@Suite("ValidationProbe regex anchors")
struct ValidationProbeRegexAnchors {
    @Test func anchorsAndDotsAgreeWithNSRegularExpressionAroundLineTerminators() throws {
        let patterns = ["^a$", "a$", "^$", "^.$", "a.b", "\\s$", "^\\w+$", "b|^a", "(a|b)$", "^[^a]$", "\\d$", "^a*$", "é$"]
        let pieces = ["a", "b", "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "é", "e\u{301}", "1", "٣", " ", "\u{A0}", "\u{0B}", "\u{0C}"]
        let compiled = try patterns.map { pattern -> (String, NSRegularExpression, Mapping<VPScalars>) in
            (pattern, try NSRegularExpression(pattern: pattern), ["a": .property(\.text).matchesRegEx(pattern)])
        }
        var random = VPRandom(state: 0x5EED_0006)
        for _ in 0..<400 {
            let text = (0..<random.int(0...4)).map { _ in random.pick(pieces) }.joined()
            for (pattern, expression, mapping) in compiled {
                let reference = expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                let errors = Mapper.validate(["a": text], for: VPScalars(), using: mapping)
                #expect(errors.isEmpty == reference, "/\(pattern)/ on \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}

@Suite("ValidationProbe odd keys in paths")
struct ValidationProbeOddKeyPaths {
    // A defect, fixed since: a key holding a bidirectional override (U+202E) was written raw into the path, so it
    // reordered the printed line; values escape these very scalars (\u202e), and a key with them is now quoted and
    // escaped the same way.
    @Test func aKeyWithABidiOverrideIsQuotedAndEscapedInThePath() {
        let errors = vpErrors(#"{"counts": {"x\u202Ey": "bad", "p\u2066q": "bad"}}"#, VPOrder.self).filter { $0.path.hasPrefix("counts") }
        #expect(Set(errors.map(\.path)) == [#"counts["x\u202ey"]"#, #"counts["p\u2066q"]"#])
        for error in errors {
            #expect(
                !error.description.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        }
    }

    /// A key no reader can see whole bare (a zero-width space, a combining mark to join the `.` before it) is quoted, so
    /// that it never prints as another key's path.
    @Test func aKeyWithAnInvisibleOrJoiningScalarIsQuoted() {
        let errors = vpErrors(#"{"counts": {"a​b": "bad", "́x": "bad", "ab": "bad"}}"#, VPOrder.self)
            .filter { $0.path.hasPrefix("counts") }
        #expect(Set(errors.map(\.path)) == ["counts[\"a\u{200B}b\"]", "counts[\"\u{0301}x\"]", "counts.ab"])
    }

    @Test func keysWithLineBreaksQuotesAndBackslashesStayOnOneLine() {
        let errors = vpErrors(#"{"counts": {"a\nb": "bad", "c\"d": "bad", "e\\f": "bad", "g\u2028h": "bad", "\t": "bad"}}"#, VPOrder.self)
            .filter { $0.path.hasPrefix("counts") }
        #expect(
            Set(errors.map(\.path)) == [
                #"counts["a\nb"]"#, #"counts["c\"d"]"#, #"counts["e\\f"]"#, #"counts["g\u2028h"]"#, #"counts["\t"]"#,
            ])
        for error in errors { #expect(!error.description.contains("\n") && !error.description.contains("\u{2028}")) }
    }

    @Test func indexLevelsNameTheIndexForValidatorsRulesAndMissingValues() {
        #expect(
            Mapper.validate(["geo": [10, 200]], as: VPGeo.self).map(\.description) == [
                "geo[1] → lon: out of bounds, expected -180...180; got 200 [range]"
            ])
        #expect(
            Mapper.validate(["geo": [10, -5]], as: VPGeo.self).map(\.description) == ["geo[1] → lon: does not pass east; got -5.0 [east]"])
        #expect(Mapper.validate(["geo": [10]], as: VPGeo.self).map(\.description) == ["geo[1] → lon: value is missing [isRequired]"])
        #expect(Mapper.validate(["geo": ["x", 1]], as: VPGeo.self).map(\.path) == ["geo[0]"])
    }
}

@Suite("ValidationProbe shared targets")
struct ValidationProbeSharedTargets {
    @Test func anImmutableRuleReadingThroughANestedModelIsJudgedOrRefusedNeverSilentlyPassed() {
        let errors = Mapper.validate(["pair": ["low": 500, "high": 600]], as: VPDeepImmutable.self)
        #expect(errors.map(\.rule) == ["lowSmall"] || errors.map(\.rule) == ["mapping"], "\(errors)")
        #expect(throws: MappingError.self) { _ = try Mapper.map(VPDeepImmutable.self, from: ["pair": ["low": 500, "high": 600]]) }
    }

    @Test func oneSharedInstanceMergedTwiceWritesNothingWhenEitherFails() {
        let twin = VPTwin()
        #expect(twin.first === twin.second)
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["s1": ["volume": 3], "s2": ["volume": 99]], to: twin, using: VPTwin.mapping)
        }
        #expect(error?.errors.map(\.path) == ["s2.volume"])
        #expect(twin.first.volume == 5 && twin.first.label == "preset")
        #expect(twin.first === twin.second)
    }

    @Test func oneSharedInstanceMergedTwiceWritesBoth() throws {
        let twin = VPTwin()
        try Mapper.mapValues(from: ["s1": ["volume": 3], "s2": ["label": "x"]], to: twin, using: VPTwin.mapping)
        #expect(twin.first.volume == 3 && twin.first.label == "x")
    }
}

@Suite("ValidationProbe rendered converted values")
struct ValidationProbeRenderedConverted {
    // A defect, fixed since: a pointed rule's Date and UUID values were printed bare (2026-03-01T15:00:00.000Z), not as
    // JSON strings.
    @Test func aPointedRuleShowsADateAndAUUIDAsJSONStrings() {
        let errors = Mapper.validate(["when": "2026-03-01T15:00:00Z", "id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301"], as: VPShownMore.self)
        #expect(errors.map(\.rule) == ["w", "i"])
        for error in errors {
            #expect(error.value?.hasPrefix("\"") == true, "\(error.description)")
        }
        vpExpectNoNoise(errors)
    }
}

@Suite("ValidationProbe dictionaries")
struct ValidationProbeDictionaries {
    @Test func lengthOnADictionaryIsADefinitionErrorAndACustomValidatorJudgesIt() {
        let length = Mapping<VPOrder>(["counts": .property(\.counts).maxLength(2)])
        #expect(length.definitionErrors.map(\.rule) == ["mapping"])
        let custom = Mapping<VPOrder>(["counts": .property(\.counts).validate("few") { (counts: [String: Int]) in counts.count < 2 }])
        #expect(custom.definitionErrors.isEmpty)
        #expect(Mapper.validate(["counts": ["a": 1]], for: VPOrder(), using: custom).isEmpty)
        let errors = Mapper.validate(["counts": ["a": 1, "b": 2]], for: VPOrder(), using: custom)
        #expect(errors.map(\.description) == ["counts → counts: does not pass few; got {…} (2 keys) [few]"])
        // A bad value inside is one type error at its key; the custom validator is not judged on top.
        #expect(Mapper.validate(["counts": ["a": "x", "b": 2]], for: VPOrder(), using: custom).map(\.path) == ["counts.a"])
    }
}

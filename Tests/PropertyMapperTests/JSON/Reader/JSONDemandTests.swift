import Foundation
import PropertyMapper
import Testing

/// A model with a property of every kind the engine converts, for mapping hostile values through both paths.
struct Probe: Equatable {
    var text: String?
    var integer: Int?
    var small: Int8?
    var unsigned: UInt64?
    var real: Double?
    var single: Float?
    var decimal: Decimal?
    var flag: Bool?
    var strings: [String]?
    var table: [String: Int]?
    var first: Int?
    var third: Int?
    var dotted: String?
    var accented: String?
    var kelvin: String?
    var deepest: Int?
    var anything: String?
    var listed: [Double]?
    var listedFirst: Double?

    static let mapping: Mapping<Probe> = [
        "text": .property(\.text).lengthRange(0, 40),
        "integer": .property(\.integer).range(-5, 1_000_000_000_000),
        "small": .property(\.small),
        "unsigned": .property(\.unsigned),
        "real": .property(\.real).min(-1e300),
        "single": .property(\.single),
        "decimal": .property(\.decimal),
        "flag": .property(\.flag),
        "strings": .property(\.strings).lengthRange(0, 3),
        "table": .property(\.table),
        "list": [0: .property(\.first), 2: .property(\.third)],
        "a.b": .property(\.dotted),
        "é": .property(\.accented),
        "K": .property(\.kelvin),
        "deep": ["er": ["est": .property(\.deepest).isRequired()]],
        "any": .call(Probe.describe(_:), \.anything),
        "both": .list(.property(\.listed), [0: .property(\.listedFirst)]),
    ]

    func describe(_ value: Any) -> String? {
        "\(EngineView(value))"
    }
}

/// The mapping-driven reader builds only what the mapping names; the engine must not see the difference.
@Suite struct JSONDemandTests {
    static let keys = [
        "text", "integer", "small", "unsigned", "real", "single", "decimal", "flag", "strings", "table",
        "list", "a.b", "é", "e\\u0301", "K", "\\u212A", "deep", "any", "both", "unmapped",
    ]

    static let values = [
        "null", "true", "false", "0", "-0", "-0.0", "1.5", "1e2", "1E2", "-1.5e-3", "127", "128", "-129", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
        "1.00000000000000000000001", "100000000000000000000.0", "12345678901234567890e0", "3.4028235e38", "3.5e38", "1e-400",
        "\"x\"", "\"\\u00e9\\n\"", "\"\"", "\"" + String(repeating: "y", count: 41) + "\"", "[]", "[1, \"a\", null]", "[1, 2, 3]",
        "[\"a\", \"b\"]", "[\"a\", 2, \"c\"]", "[\"a\", \"b\", \"c\", \"d\"]", "[1.5, 2, 3.5]", "[[1]]", "{}", "{\"a\": 1}",
        "{\"a\": 1, \"b\": \"x\"}",
        "{\"er\": {\"est\": 3}}", "{\"er\": {\"est\": \"3\"}}", "{\"er\": null}", "{\"er\": []}", "{\"er\": {\"est\": 3, \"est\": 4}}",
        "{\"er\": {}, \"er\": {\"est\": 5}}",
    ]

    @Test(arguments: keys)
    func mapsEveryValueUnderEveryKeyLikeTheParsedDocument(key: String) throws {
        for value in Self.values {
            let json = "{\"\(key)\": \(value), \"deep\": {\"er\": {\"est\": 1}, \"x\": [1]}}"
            let reversed = "{\"deep\": {\"er\": {\"est\": 1}}, \"\(key)\": \(value)}"
            if value == "1e-400" {
                try expectBelowEveryDouble(key: key, json)
                try expectBelowEveryDouble(key: key, reversed)
                continue
            }
            try expectSameMapping(json)
            try expectSameMapping(reversed)
        }
    }

    /// A fraction below every `Double`: JSONSerialization gives the 0 it rounds to; the reader keeps its digits, which
    /// no integer and no `Decimal` property takes (Limits.md), and which its errors show as written.
    func expectBelowEveryDouble(key: String, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        var fromParsed = Probe()
        var fromBytes = Probe()
        let parsedErrors = mappingErrorsOrNone { try Mapper.mapValues(from: parsed, to: &fromParsed, using: Probe.mapping) }
        let bytesErrors = mappingErrorsOrNone { try Mapper.mapValues(fromJSON: json, to: &fromBytes, using: Probe.mapping) }
        let refused = ["integer", "small", "unsigned", "decimal"].contains(key)
        #expect(parsedErrors.allSatisfy { $0.value == "0.0" }, "\(json)", sourceLocation: sourceLocation)
        #expect(bytesErrors.map(\.path) == (refused ? [key] : parsedErrors.map(\.path)), "\(json)", sourceLocation: sourceLocation)
        #expect(bytesErrors.allSatisfy { $0.value == "1e-400" }, "\(json)", sourceLocation: sourceLocation)
        #expect(fromBytes == (refused ? Probe() : fromParsed), "\(json)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["[1, 2, 3, 4, 5]", "[1]", "[1, 2]", "[]", "[1, {\"a\": [[]]}, 3]", "[1, \"a\", 3]", "{\"0\": 1}", "null", "5"])
    func readsOnlyTheMappedIndices(list: String) throws {
        try expectSameMapping("{\"list\": \(list), \"both\": \(list), \"deep\": {\"er\": {\"est\": 1}}}")
    }

    @Test(arguments: ["{}", "[]", "null", "1", "\"x\"", "[{\"deep\": 1}]"])
    func mapsARootOfAnyShapeLikeTheParsedDocument(json: String) throws {
        try expectSameMapping(json)
    }

    /// Keys are compared as Swift strings, as a `[String: Any]` lookup does: canonically equivalent keys match.
    @Test func matchesCanonicallyEquivalentKeys() throws {
        var probe = Probe()
        try Mapper.mapValues(
            fromJSON: #"{"e\u0301": "decomposed", "\u212A": "kelvin", "deep": {"er": {"est": 1}}}"#, to: &probe, using: Probe.mapping)
        #expect(probe.accented == "decomposed")
        #expect(probe.kelvin == "kelvin")
        try expectSameMapping(#"{"é": "first", "e\u0301": "second", "deep": {"er": {"est": 1}}}"#)
    }

    @Test func mapsTheLastDuplicateOfAMappedKey() throws {
        var probe = Probe()
        try Mapper.mapValues(
            fromJSON: #"{"integer": 1, "deep": {"er": {"est": 1}}, "integer": 2, "deep": {"er": {"est": 3}}}"#, to: &probe,
            using: Probe.mapping)
        #expect(probe.integer == 2)
        #expect(probe.deepest == 3)
    }

    /// Mapping `json` from bytes gives the same model and errors as mapping JSONSerialization's output.
    func expectSameMapping(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        var fromParsed = Probe()
        var fromBytes = Probe()
        let parsedErrors = mappingErrorsOrNone { try Mapper.mapValues(from: parsed, to: &fromParsed, using: Probe.mapping) }
        let bytesErrors = mappingErrorsOrNone { try Mapper.mapValues(fromJSON: json, to: &fromBytes, using: Probe.mapping) }
        #expect(bytesErrors == parsedErrors, "\(json)", sourceLocation: sourceLocation)
        #expect(fromBytes == fromParsed, "\(json)", sourceLocation: sourceLocation)
    }
}

import Foundation
import Testing

@testable import PropertyMapper

/// The lenient table: which strings read as numbers and booleans, and the containers a lenient
/// scalar reaches into.
@Suite struct LenientConversionTests {
    struct Reading {
        var count = 0
        var small: Int8 = 0
        var ratio = 0.0
        var counts: [Int]? = nil
        var weights: [String: Double] = [:]
        static let mapping: Mapping<Reading> = [
            "count": .property(\.count).lenient(), "small": .property(\.small).lenient(), "ratio": .property(\.ratio).lenient(),
            "counts": .property(\.counts).lenient(), "weights": .property(\.weights).lenient(),
        ]
    }

    @Test(arguments: [
        ("12", true), ("+12", true), ("-0", true), ("", false), ("+", false), ("1.0", false), ("1e3", false), (" 1", false), ("١", false),
    ])
    func integerSyntax(text: String, isInteger: Bool) {
        #expect(Coercion.isInteger(text) == isInteger)
    }

    @Test(arguments: [
        ("1", true), ("-1.5", true), ("1e3", true), ("1.5E-3", true), ("+2", true), ("1.", false), (".5", false), ("e3", false),
        ("1e", false), ("1e+", false), ("0x1", false), ("Infinity", false), ("nan", false), ("1_0", false), ("1.5 ", false),
    ])
    func numberSyntax(text: String, isNumber: Bool) {
        #expect(Coercion.isNumberSyntax(text) == isNumber)
    }

    @Test func eachTargetReadsItsOwnText() {
        #expect(Coercion.Target.integer.read("-42") as? Int64 == -42)
        #expect(Coercion.Target.integer.read("18446744073709551615") as? UInt64 == .max)
        #expect(Coercion.Target.integer.read("99999999999999999999") is NSDecimalNumber)  // beyond 64 bits: a range error later
        #expect(Coercion.Target.fraction.read("1e3") as? Double == 1000)
        #expect(Coercion.Target.decimal.read("0.1") as? Decimal == Decimal(string: "0.1"))
        #expect(Coercion.Target.boolean.read("true") as? Bool == true)
        #expect(Coercion.Target.boolean.read("True") == nil)
        #expect(Coercion.Target.boolean.read("1") == nil)
    }

    @Test func aCoercedValueIsStillCheckedAsItsType() {
        var reading = Reading()
        expectSingleError(
            mappingErrors { try Mapper.mapValues(from: ["small": "300"], to: &reading, using: Reading.mapping) }, at: "small", rule: "type")
        let errors = mappingErrors { try Mapper.mapValues(from: ["ratio": "1e400"], to: &reading, using: Reading.mapping) }
        expectSingleError(errors, at: "ratio", rule: "type")
        #expect(reading.ratio == 0)
    }

    @Test func containersOfALenientScalarCoerceEachElement() throws {
        var reading = Reading()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            from: ["counts": ["1", 2], "weights": ["a": "1.5", "b": 2]], to: &reading, using: Reading.mapping, warnings: &warnings)
        #expect(reading.counts == [1, 2])
        #expect(reading.weights == ["a": 1.5, "b": 2])
        #expect(warnings.map(\.path).sorted() == ["counts[0]", "weights.a"])
        #expect(warnings.allSatisfy { $0.kind == .coerced })
    }
}

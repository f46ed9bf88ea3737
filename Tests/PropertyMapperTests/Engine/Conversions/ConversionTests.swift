import Foundation
import PropertyMapper
import Testing

/// The smallest model: one property of any type, mapped from one key.
struct Slot<Value> {
    var value: Value

    static func mapping(key: String = "v") -> Mapping<Slot<Value>> {
        Mapping([(.key(key), .property(\.value))])
    }
}

/// What became of a slot: its value afterwards (the preset one when mapping failed) and the errors.
struct SlotResult<Value> {
    var value: Value
    var errors: [ValidationError]
}

/// Maps `record` into a slot preset to `initial`.
func mapSlot<Value>(_ record: Any, initial: Value, key: String = "v") -> SlotResult<Value> {
    var slot = Slot(value: initial)
    do {
        try Mapper.mapValues(from: record, to: &slot, using: Slot<Value>.mapping(key: key))
        return SlotResult(value: slot.value, errors: [])
    } catch {
        return SlotResult(value: slot.value, errors: error.errors)
    }
}

/// Maps `value` stored in a Swift literal dictionary under "v".
func mapLiteral<Value>(_ value: Any, initial: Value) -> SlotResult<Value> {
    mapSlot(["v": value] as [String: Any], initial: initial)
}

/// Maps the JSON text `value` parsed by JSONSerialization, as the value of "v".
func mapJSON<Value>(_ value: String, initial: Value) throws -> SlotResult<Value> {
    mapSlot(try Fixtures.parse(#"{"v": \#(value)}"#), initial: initial)
}

/// Expects one `type` error at "v" and the preset value kept.
func expectTypeError<Value: Equatable>(
    _ result: SlotResult<Value>,
    initial: Value,
    at path: String = "v",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSingleError(result.errors, at: path, rule: "type", sourceLocation: sourceLocation)
    #expect(result.value == initial, "nothing written", sourceLocation: sourceLocation)
}

/// What every conversion shares: a value of a type known only at run time is written back as the
/// JSON value it holds, and a lenient read records the coercion it made.
@Suite struct ConversionTests {
    struct Place {}

    struct Bag {
        var extra: [String: Any] = [:]
        var count = 0
        static let mapping: Mapping<Bag> = ["extra": .property(\.extra), "count": .property(\.count).lenient()]
    }

    @Test func aValueOfAnyTypeIsWrittenAsTheJSONValueItHolds() throws {
        let bag = Bag(extra: ["a": 1, "b": [true, "x"], "c": NSNull()])
        let written = try Mapper.serialize(bag, using: Bag.mapping)
        let extra = try #require(written["extra"] as? [String: Any])
        #expect(extra["a"] as? Int == 1)
        #expect(extra["b"] as? [Any] != nil)
        #expect(extra["c"] is NSNull)
        let text = String(decoding: try Mapper.serializeJSON(bag, using: Bag.mapping, options: .sortedKeys), as: UTF8.self)
        #expect(text == #"{"count":0,"extra":{"a":1,"b":[true,"x"],"c":null}}"#)
    }

    @Test func aValueWithNoJSONFormIsAnErrorInsideIt() {
        let bag = Bag(extra: ["ok": 1, "place": Place()])
        let error = #expect(throws: MappingError.self) { try Mapper.serializeJSON(bag, using: Bag.mapping) }
        #expect(error?.errors.count == 1)
        #expect(error?.errors.first?.path.hasPrefix("extra") == true)
    }

    @Test func aCoercionIsRecordedWithTheTypeItMade() throws {
        var bag = Bag()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(from: ["count": "5"], to: &bag, using: Bag.mapping, warnings: &warnings)
        #expect(bag.count == 5)
        #expect(warnings.map(\.kind) == [.coerced])
        #expect(warnings.first?.value == #""5""#)
        #expect(warnings.first?.message.contains("Int") == true)
        warnings = []
        try Mapper.mapValues(from: ["count": 6], to: &bag, using: Bag.mapping, warnings: &warnings)
        #expect(warnings.isEmpty)
    }
}

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

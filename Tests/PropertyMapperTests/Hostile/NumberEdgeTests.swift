import Foundation
import PropertyMapper
import Testing

/// Numbers at and beyond the edges: exact integers map, everything else is a `type` error
/// (or, beyond `Double` in JSON text, a `json` error from the parser); nothing is rounded or traps.
@Suite struct NumberEdgeTests {
    static let mapping: Mapping<RecordingModel> = [
        "int": .property(\.id),
        "uint": .property(\.count),
        "double": .property(\.ratio),
        "float": .property(\.score),
        "rated": .property(\.rating).range(1, 5),
    ]

    static func mapped(_ json: String) throws -> RecordingModel {
        let model = RecordingModel()
        try Mapper.mapValues(fromJSON: json, to: model, using: mapping)
        return model
    }

    static func errors(_ json: String) -> [ValidationError] {
        mappingErrors { try Mapper.mapValues(fromJSON: json, to: RecordingModel(), using: mapping) }
    }

    @Test(arguments: [
        (#"{"int": 1e2}"#, 100), (#"{"int": 1E2}"#, 100), (#"{"int": -1e2}"#, -100), (#"{"int": 1.5e1}"#, 15),
        (#"{"int": 100.0}"#, 100), (#"{"int": -0}"#, 0), (#"{"int": -0.0}"#, 0), (#"{"int": 0e5}"#, 0),
        (#"{"int": 9223372036854775807}"#, Int.max), (#"{"int": -9223372036854775808}"#, Int.min),
    ])
    func exactIntegersMapIntoInt(json: String, expected: Int) throws {
        #expect(try Self.mapped(json).id == expected)
    }

    @Test func negativeZeroMapsToZero() throws {
        #expect(try Self.mapped(#"{"uint": -0}"#).count == 0)
        #expect(try Self.mapped(#"{"uint": -0.0}"#).count == 0)
        #expect(try Self.mapped(#"{"double": -0}"#).ratio == 0)
    }

    @Test(arguments: [
        (#"{"int": 2.5}"#, "int"), (#"{"int": 1e-2}"#, "int"), (#"{"int": 9223372036854775808}"#, "int"),
        (#"{"int": -9223372036854775809}"#, "int"), (#"{"int": 1e19}"#, "int"), (#"{"uint": -1}"#, "uint"),
        (#"{"uint": 18446744073709551616}"#, "uint"), (#"{"double": 18446744073709551616}"#, "double"),
        (#"{"double": 123456789012345678901234567890}"#, "double"), (#"{"float": 1e300}"#, "float"),
        (#"{"rated": 9223372036854775808}"#, "rated"),
    ])
    func outOfRangeIsOneTypeError(json: String, path: String) {
        expectSingleError(Self.errors(json), at: path, rule: "type")
    }

    @Test func largeUnsignedMaps() throws {
        #expect(try Self.mapped(#"{"uint": 18446744073709551615}"#).count == UInt64.max)
        #expect(try Self.mapped(#"{"uint": 1e19}"#).count == 10_000_000_000_000_000_000)
    }

    @Test(arguments: [
        #"{"double": 1e400}"#, #"{"double": -1e400}"#, #"{"int": 1e309}"#, "{\"int\": " + String(repeating: "9", count: 400) + "}",
    ])
    func beyondDoubleInJSONIsOneJSONError(json: String) {
        expectSingleError(Self.errors(json), at: "", rule: "json")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteLiteralsAreTypeErrors(value: Double) {
        let model = RecordingModel()
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["int": value, "double": value, "float": value, "rated": value], to: model, using: Self.mapping)
        }
        #expect(errors.map(\.path) == ["int", "double", "float", "rated"])
        #expect(errors.map(\.rule) == ["type", "type", "type", "type"])
        #expect(model.log.isEmpty)
    }

    @Test func floatOverflowFromALiteralIsATypeError() {
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["float": Double.greatestFiniteMagnitude], to: RecordingModel(), using: Self.mapping)
        }
        expectSingleError(errors, at: "float", rule: "type")
    }

    @Test func nonFiniteFloatLiteralIsATypeError() {
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["double": Float.nan, "int": Float.infinity], to: RecordingModel(), using: Self.mapping)
        }
        #expect(errors.map(\.rule) == ["type", "type"])
    }
}

import Foundation
import PropertyMapper
import Testing

/// A `null` where a model is expected, as an element of an array, a value of a dictionary or an
/// element of a set: one `type` error for a non-Optional model type, nil for an Optional one, and
/// never a model made from nothing.
@Suite struct NullModelElementTests {
    struct Price: Mappable, Hashable {
        var amount = 0
        var zone = 0
        static let mapping: Mapping<Price> = ["amount": .property(\.amount), "zone": .property(\.zone)]
    }

    struct Fee: ImmutableMappable, Hashable {
        let amount: Int
        let zone: Int
        static let mapping: Mapping<Fee> = ["amount": .property(\.amount), "zone": .property(\.zone)]
        init(_ values: MappedValues<Fee>) throws {
            amount = try values[\.amount]
            zone = try values[\.zone]
        }
    }

    struct Holder: Mappable {
        var prices: [Price] = []
        var byName: [String: Price] = [:]
        var set: Set<Price> = []
        var fees: [Fee] = []
        var feesByName: [String: Fee] = [:]
        var feeSet: Set<Fee> = []
        var optionalPrices: [Price?] = []
        var optionalFees: [String: Fee?] = [:]
        static let mapping: Mapping<Holder> = [
            "prices": .property(\.prices), "byName": .property(\.byName), "set": .property(\.set),
            "fees": .property(\.fees), "feesByName": .property(\.feesByName), "feeSet": .property(\.feeSet),
            "optionalPrices": .property(\.optionalPrices), "optionalFees": .property(\.optionalFees),
        ]
    }

    /// Each container of each model kind with a null in it, and where its one error is.
    static let cases: [(json: String, path: String, expected: String)] = [
        (#"{"prices": [{"amount": 5, "zone": 1}, null]}"#, "prices[1]", "Price"),
        (#"{"byName": {"a": null}}"#, "byName.a", "Price"),
        (#"{"set": [null, {"amount": 1, "zone": 1}]}"#, "set[0]", "Price"),
        (#"{"fees": [{"amount": 5, "zone": 1}, null]}"#, "fees[1]", "Fee"),
        (#"{"feesByName": {"a": null}}"#, "feesByName.a", "Fee"),
        (#"{"feeSet": [null]}"#, "feeSet[0]", "Fee"),
    ]

    static func expectOneNullTypeError(
        _ errors: [ValidationError], at path: String, expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(errors.map(\.path) == [path], sourceLocation: sourceLocation)
        #expect(errors.map(\.rule) == ["type"], sourceLocation: sourceLocation)
        #expect(errors.first?.value == "null", sourceLocation: sourceLocation)
        #expect(errors.first?.message.contains(expected) == true, sourceLocation: sourceLocation)
    }

    @Test(arguments: 0..<cases.count)
    func nullElementIsOneTypeErrorFromJSONAndFromParsed(index: Int) throws {
        let (json, path, expected) = Self.cases[index]
        Self.expectOneNullTypeError(mappingErrors { _ = try Mapper.map(Holder.self, fromJSON: json) }, at: path, expected: expected)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        Self.expectOneNullTypeError(mappingErrors { _ = try Mapper.map(Holder.self, from: parsed) }, at: path, expected: expected)
        Self.expectOneNullTypeError(Mapper.validate(parsed, as: Holder.self), at: path, expected: expected)
        var holder = Holder()
        Self.expectOneNullTypeError(
            mappingErrors { try Mapper.mapValues(fromJSON: json, to: &holder, using: Holder.mapping) }, at: path, expected: expected)
        #expect(holder.prices.isEmpty && holder.byName.isEmpty && holder.fees.isEmpty)
    }

    @Test func optionalModelElementsTakeNullAsNil() throws {
        let holder = try Mapper.map(
            Holder.self, fromJSON: #"{"optionalPrices": [null, {"amount": 2, "zone": 3}], "optionalFees": {"a": null}}"#)
        #expect(holder.optionalPrices == [nil, Price(amount: 2, zone: 3)])
        #expect(holder.optionalFees.count == 1)
        #expect(holder.optionalFees["a"] == .some(nil))
    }

    @Test func nullTopLevelElementIsOneTypeError() throws {
        let json = #"[{"amount": 5, "zone": 1}, null]"#
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        Self.expectOneNullTypeError(mappingErrors { _ = try Mapper.map([Price].self, fromJSON: json) }, at: "[1]", expected: "Price")
        Self.expectOneNullTypeError(mappingErrors { _ = try Mapper.map([Fee].self, from: parsed) }, at: "[1]", expected: "Fee")
    }

    @Test func nullRecordFailsInMapArray() throws {
        let json = #"[{"amount": 5, "zone": 1}, null, {"amount": 6, "zone": 2}]"#
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        for batch in [try Mapper.mapArray(fromJSON: Data(json.utf8), as: Price.self), try Mapper.mapArray(from: parsed, as: Price.self)] {
            #expect(batch.models == [Price(amount: 5, zone: 1), Price(amount: 6, zone: 2)])
            #expect(batch.failures.count == 1)
            #expect(batch.failures.first?.index == 1)
            #expect(batch.failures.first?.error.errors.map(\.rule) == ["type"])
        }
        for batch in [try Mapper.mapArray(fromJSON: Data(json.utf8), as: Fee.self), try Mapper.mapArray(from: parsed, as: Fee.self)] {
            #expect(batch.models.count == 2)
            #expect(batch.failures.first?.error.errors.map(\.rule) == ["type"])
        }
    }

    /// An entry point given nil, nothing at all, refuses it as it refuses null.
    @Test func aNilSourceIsOneTypeError() {
        Self.expectOneNullTypeError(mappingErrors { _ = try Mapper.map(Price.self, from: nil) }, at: "", expected: "Price")
        Self.expectOneNullTypeError(mappingErrors { _ = try Mapper.map(Fee.self, from: nil) }, at: "", expected: "Fee")
        Self.expectOneNullTypeError(Mapper.validate(nil, as: Price.self), at: "", expected: "Price")
        Self.expectOneNullTypeError(Mapper.validate(nil, as: Fee.self), at: "", expected: "Fee")
    }
}

import Foundation
import PropertyMapper
import Testing

/// Numbers too long for a `Double` to hold exactly that have a fraction are not integers.
@Suite struct WideFractionTests {
    struct Counter {
        var count: UInt64 = 0
        var signed: Int = 0
    }

    static let mapping: Mapping<Counter> = ["count": .property(\.count), "signed": .property(\.signed)]

    @Test(arguments: ["92233720368547758.8", "12345678901234567890.5", "-1234567890123456789.25"])
    func aLongNumberWithAFractionIsNotAnInteger(number: String) {
        var counter = Counter()
        let json = #"{"count": \#(number), "signed": \#(number)}"#
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(fromJSON: json, to: &counter, using: Self.mapping) }
        #expect(error?.errors.map(\.rule) == ["type", "type"])
        #expect(counter.count == 0 && counter.signed == 0)
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect(Mapper.validate(parsed, for: Counter(), using: Self.mapping).map(\.rule) == ["type", "type"])
    }
}

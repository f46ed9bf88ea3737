import Foundation
import Testing

@testable import PropertyMapper

extension SerializationTests {
    /// JSON trees compare as the writer would write them: doubles bit for bit, integers by their
    /// kind, object members in order.
    @Suite struct JSONValueTests {
        @Test func equatesDoublesBitForBit() {
            #expect(JSONValue.double(-0.0) != .double(0.0))
            #expect(JSONValue.double(.nan) == .double(.nan))
            #expect(JSONValue.int(1) != .uint(1))
            #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
        }
    }
}

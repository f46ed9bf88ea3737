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

        @Test func containersCompareElementByElement() {
            #expect(JSONValue.array([.int(1), .string("a")]) == .array([.int(1), .string("a")]))
            #expect(JSONValue.array([.int(1)]) != .array([.int(1), .null]))
            #expect(JSONValue.object([("a", .bool(true))]) != .object([("b", .bool(true))]))
            #expect(JSONValue.decimal(1) != .int(1))
        }
    }
}

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

extension JSONValue: Equatable {
    /// Same form, same key order; doubles bit for bit (`-0.0` is not `0.0`, NaN equals itself); `.int(1)` is not `.uint(1)`.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        case let (.int(a), .int(b)): return a == b
        case let (.uint(a), .uint(b)): return a == b
        case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern
        case let (.decimal(a), .decimal(b)): return a == b
        default: return false
        }
    }
}

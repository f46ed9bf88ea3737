import Foundation

/// A JSON value, object keys in order (one given twice is written twice): what serialize produces and `JSONWriter`
/// writes. Numbers keep their form (`.int`, `.uint`, `.double`, `.decimal`); NaN and infinities can be held, not written.
enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case bool(Bool)
    case null
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case decimal(Decimal)
}

extension JSONValue: Equatable {
    /// Same form, same key order; doubles bit for bit (`-0.0` is not `0.0`, NaN equals itself); `.int(1)` is not `.uint(1)`.
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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

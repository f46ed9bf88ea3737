import Foundation

/// A JSON value with its object keys in order: what serialize produces and `JSONWriter` writes.
///
///     let value: JSONValue = .object([("name", .string("Cats")), ("views", .int(1200)), ("tags", .array([]))])
///     let data = try JSONWriter.data(for: value)   // {"name":"Cats","views":1200,"tags":[]}
///
/// Numbers keep the form they were made in: `.int` and `.uint` cover every 64-bit integer, `.double`
/// is written in its shortest round-trip form, `.decimal` with every digit. NaN and infinities can be
/// held but not written (`JSONWriteError.Problem.nonFinite`). An object's keys are written in the order
/// given, unless `.sortedKeys`; a key given twice is written twice.
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
    /// The same value in the same form, keys in the same order; doubles equal bit for bit (so `-0.0`
    /// differs from `0.0`, and a NaN equals itself), `.int(1)` differs from `.uint(1)` and `.double(1)`.
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

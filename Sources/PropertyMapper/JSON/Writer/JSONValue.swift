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

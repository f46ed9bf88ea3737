import Foundation

/// A serialized model handed to an encoder. An object goes as a `[String: JSONValue]`, whose keys no key strategy
/// changes (a strategy applies to keyed containers only); numbers keep their form, a `Decimal` its digits.
extension JSONValue: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .object(members):
            // Serialize writes each key once; a key given twice would keep its last value.
            try container.encode(Dictionary(members) { _, last in last })
        case let .array(elements):
            try container.encode(elements)
        case let .string(text):
            try container.encode(text)
        case let .bool(flag):
            try container.encode(flag)
        case .null:
            try container.encodeNil()
        case let .int(integer):
            try container.encode(integer)
        case let .uint(integer):
            try container.encode(integer)
        case let .double(number):
            try container.encode(number)
        case let .decimal(number):
            try container.encode(number)
        }
    }
}

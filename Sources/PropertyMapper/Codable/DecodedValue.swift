import Foundation

/// A decoder's value read as a mapping's source, the way the JSON reader reads JSON text: a mapped object's keys by
/// their demand (`JSONDemand`, the plan's read-only view), a key no entry reads present but unread, whatever the
/// plan does not name never walked. Keys come through `[String: DecodedValue]`, which keeps them as written (a
/// decoder's key strategy applies to keyed containers, never to a dictionary's keys).
///
/// A decoder has no way to ask a value's kind, so a value is tried as each kind in turn: null, string, boolean,
/// integer, number (`Decimal` first for an exact target), object, array. A boolean is never read as a number, nor a
/// number as a boolean, by `JSONDecoder` and `PropertyListDecoder` alike.
struct DecodedValue: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
        let frame = DecodingFrame.current ?? DecodingFrame()
        guard let demand = frame.entries.demand(in: decoder) else {
            value = SourceValue.null  // a key or an index no entry reads: present, never read
            return
        }
        do {
            value = try Self.read(decoder, demand, in: frame)
        } catch var error as NestedTooDeep where error.path == nil {
            error.path = CodingPath.path(of: decoder.codingPath.suffix(frame.depth))
            throw error
        }
    }

    /// The model's value in `decoder`, read as `level` demands: the `Any` the engine maps. Throws `NestedTooDeep`
    /// for containers nested deeper than the JSON reader reads, `UndecodableValue` for a value no kind reads.
    static func read(_ decoder: any Decoder, _ level: JSONLevel) throws -> Any {
        try read(decoder, .level(level), in: DecodingFrame())
    }

    private static func read(_ decoder: any Decoder, _ demand: JSONDemand, in frame: DecodingFrame) throws -> Any {
        let value = try decoder.singleValueContainer()
        switch demand {
        case .whole, .strings:
            return try whole(value, in: frame, exact: false)
        case .exactNumbers:
            return try whole(value, in: frame, exact: true)
        case let .model(level):
            return try read(decoder, .level(level()), in: frame)
        case let .level(level):
            // Containers first: `PropertyListDecoder.decodeNil()` bridges a whole dictionary to `NSDictionary` on Linux.
            if level.readsObject, let object = try object(value, .keys(level), in: frame) { return object }
            if level.readsArray, let array = try array(value, .indices(level), in: frame) { return array }
            return try whole(value, in: frame, exact: false)
        case let .elements(element):
            if let array = try array(value, .each(element), in: frame) { return array }
            return try whole(value, in: frame, exact: false)
        case let .values(demand):
            if let object = try object(value, .each(demand), in: frame) { return object }
            return try whole(value, in: frame, exact: false)
        }
    }

    /// The value whatever its kind, numbers exactly (`Decimal`) when `exact`.
    private static func whole(_ value: any SingleValueDecodingContainer, in frame: DecodingFrame, exact: Bool) throws -> Any {
        if value.decodeNil() { return SourceValue.null }
        if let text = try? value.decode(String.self) { return text }
        if let flag = try? value.decode(Bool.self) { return flag }
        if let integer = try? value.decode(Int64.self) { return Int(exactly: integer).map { $0 as Any } ?? integer }
        if let integer = try? value.decode(UInt64.self) { return integer }
        // A property list writes a `Decimal` as its own keyed form, which only `Decimal` reads back.
        if exact, let decimal = try? value.decode(Decimal.self) { return decimal }
        let notADouble: any Error
        do {
            return try value.decode(Double.self)
        } catch {
            notADouble = error
        }
        let inner: JSONDemand = exact ? .exactNumbers : .whole
        if let object = try object(value, .each(inner), in: frame) { return object }
        if let array = try array(value, .each(inner), in: frame) { return array }
        // No kind reads it (a number no Swift type holds): the decoder's own words, as a number.
        throw UndecodableValue(error: notADouble)
    }

    /// The value as an object, its values read by `entries`; nil when it is not one.
    private static func object(
        _ value: any SingleValueDecodingContainer, _ entries: DecodingFrame.Entries, in frame: DecodingFrame
    ) throws -> [String: Any]? {
        try frame.opening(entries) {
            do {
                return try value.decode([String: DecodedValue].self).mapValues { $0.value }
            } catch is DecodingError {
                return nil
            }
        }
    }

    /// The value as an array, its elements read by `entries`; nil when it is not one.
    private static func array(
        _ value: any SingleValueDecodingContainer, _ entries: DecodingFrame.Entries, in frame: DecodingFrame
    ) throws -> [Any]? {
        try frame.opening(entries) {
            do {
                return try value.decode([DecodedValue].self).map { $0.value }
            } catch is DecodingError {
                return nil
            }
        }
    }
}

import Foundation

/// A decoder's value read as a mapping's source, the way the JSON reader reads JSON text: a mapped object's keys by
/// their demand (`JSONDemand`, the plan's read-only view), a key no entry reads present but unread, whatever the
/// plan does not name never walked. Keys come through `[String: DecodedValue]`, which keeps them as written (a
/// decoder's key strategy applies to keyed containers, never to a dictionary's keys).
///
/// A decoder has no way to ask a value's kind, so a value is tried as each kind in turn, the kinds its entry converts
/// from first (a failed try costs the decoder an error): null, then string, boolean, number (an integer first, a
/// `Decimal` before a `Double` for an exact target), object, array. A boolean is never read as a number, nor a number
/// as a boolean, by `JSONDecoder` and `PropertyListDecoder` alike.
struct DecodedValue: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
        let frame = DecodingFrame.current ?? DecodingFrame()
        guard let (demand, kinds) = frame.entries.demand(in: decoder) else {
            value = SourceValue.null  // a key or an index no entry reads: present, never read
            return
        }
        do {
            value = try Self.read(decoder, demand, expecting: kinds, in: frame)
        } catch var error as NestedTooDeep where error.path == nil {
            error.path = CodingPath.path(of: decoder.codingPath.suffix(frame.depth))
            throw error
        }
    }

    /// The model's value in `decoder`, read as `level` demands: the `Any` the engine maps. Throws `NestedTooDeep`
    /// for containers nested deeper than the JSON reader reads, `UndecodableValue` for a value no kind reads.
    static func read(_ decoder: any Decoder, _ level: JSONLevel) throws -> Any {
        try read(decoder, .level(level), expecting: .object, in: DecodingFrame())
    }

    private static func read(
        _ decoder: any Decoder, _ demand: JSONDemand, expecting kinds: ValueKinds, in frame: DecodingFrame
    ) throws -> Any {
        let value = try decoder.singleValueContainer()
        switch demand {
        case .whole, .strings:
            return try whole(value, expecting: kinds, exact: false, in: frame)
        case .exactNumbers:
            return try whole(value, expecting: kinds, exact: true, in: frame)
        case let .model(level):
            return try read(decoder, .level(level()), expecting: kinds, in: frame)
        case let .level(level):
            // Containers first: `PropertyListDecoder.decodeNil()` bridges a whole dictionary to `NSDictionary` on Linux.
            if level.readsObject, let object = try object(value, .keys(level), in: frame) { return object }
            if level.readsArray, let array = try array(value, .indices(level), in: frame) { return array }
            return try whole(value, expecting: kinds, exact: false, in: frame)
        case let .elements(element):
            if let array = try array(value, .each(element), in: frame) { return array }
            return try whole(value, expecting: kinds, exact: false, in: frame)
        case let .values(demand):
            if let object = try object(value, .each(demand), in: frame) { return object }
            return try whole(value, expecting: kinds, exact: false, in: frame)
        }
    }

    /// The value whatever its kind, the `expected` kinds tried first; numbers exactly (`Decimal`) when `exact`.
    private static func whole(
        _ value: any SingleValueDecodingContainer, expecting expected: ValueKinds, exact: Bool, in frame: DecodingFrame
    ) throws -> Any {
        if value.decodeNil() { return SourceValue.null }
        var notANumber: (any Error)?
        for tryingExpected in [true, false] {
            for kind in [ValueKinds.string, .boolean, .number, .object, .array] where expected.contains(kind) == tryingExpected {
                switch kind {
                case .string:
                    if let text = try? value.decode(String.self) { return text }
                case .boolean:
                    if let flag = try? value.decode(Bool.self) { return flag }
                case .number:
                    do {
                        return try number(value, exact: exact)
                    } catch {
                        notANumber = error
                    }
                case .object:
                    if let object = try object(value, .each(exact ? .exactNumbers : .whole), in: frame) { return object }
                default:
                    if let array = try array(value, .each(exact ? .exactNumbers : .whole), in: frame) { return array }
                }
            }
        }
        // No kind reads it (a number no Swift type holds): the decoder's own words, as a number.
        throw UndecodableValue(error: notANumber ?? DecodingError.dataCorruptedError(in: value, debugDescription: ""))
    }

    /// The value as a number: an integer when it is one (`Int`, or `Int64`/`UInt64` beyond it), else a `Decimal`
    /// when `exact`, else a `Double`.
    private static func number(_ value: any SingleValueDecodingContainer, exact: Bool) throws -> Any {
        if let integer = try? value.decode(Int64.self) { return Int(exactly: integer).map { $0 as Any } ?? integer }
        // A property list writes a `Decimal` as its own keyed form, which only `Decimal` reads back.
        if exact, let decimal = try? value.decode(Decimal.self) { return decimal }
        let double = try value.decode(Double.self)
        if double >= 0x1p63, double < 0x1p64, let integer = try? value.decode(UInt64.self) { return integer }
        return double
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

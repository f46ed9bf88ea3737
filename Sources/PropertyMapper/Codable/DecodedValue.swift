import Foundation

/// A decoder's value read as a mapping's source, the way the JSON reader reads JSON text: a mapped object's keys by
/// their demand (`JSONDemand`, the plan's read-only view), a key no entry reads present but unread, whatever the
/// plan does not name never walked. An object's keys come through `[String: DecodedValue]`, which keeps them as
/// written (a decoder's key strategy applies to keyed containers, never to a dictionary's keys); an array's elements
/// through the decoder's unkeyed container, which has no keys to convert.
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
            value = SourceValue.null  // a key no entry reads: present, never read
            return
        }
        value = try Self.located(decoder, in: frame) { try Self.read(decoder, demand, expecting: kinds, in: frame) }
    }

    /// `read`, a `NestedTooDeep` it throws given the path of `decoder`'s value (a value of `frame`'s container) if no
    /// deeper value gave its own.
    private static func located(_ decoder: any Decoder, in frame: DecodingFrame, _ read: () throws -> Any) throws -> Any {
        do {
            return try read()
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
        switch demand {
        case .whole, .strings:
            break
        case .exactNumbers:
            return try whole(decoder, expecting: kinds, exact: true, in: frame)
        case let .model(level):
            return try read(decoder, .level(level()), expecting: kinds, in: frame)
        case let .level(level):
            // Containers first: `PropertyListDecoder.decodeNil()` bridges a whole dictionary to `NSDictionary` on Linux.
            if level.readsObject, let object = try object(decoder, .level(level), in: frame) { return object }
            if level.readsArray, let array = try array(decoder, .level(level), in: frame) { return array }
        case let .elements(element):
            if let array = try array(decoder, .each(element), in: frame) { return array }
        case let .values(demand):
            if let object = try object(decoder, .each(demand), in: frame) { return object }
        }
        // Anything not read as the container it demands: the value whatever its kind.
        return try whole(decoder, expecting: kinds, exact: false, in: frame)
    }

    /// The value whatever its kind, the `expected` kinds tried first; numbers exactly (`Decimal`) when `exact`.
    private static func whole(_ decoder: any Decoder, expecting expected: ValueKinds, exact: Bool, in frame: DecodingFrame) throws -> Any {
        let value = try decoder.singleValueContainer()
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
                    if let object = try object(decoder, .each(exact ? .exactNumbers : .whole), in: frame) { return object }
                default:
                    if let array = try array(decoder, .each(exact ? .exactNumbers : .whole), in: frame) { return array }
                }
            }
        }
        // No kind reads it (a number no Swift type holds): the decoder's own words, as a number.
        throw UndecodableValue(error: notANumber ?? DecodingError.dataCorruptedError(in: value, debugDescription: ""))
    }

    /// The value as a number: a `Decimal` when `exact` and the decoder reads one, else an integer when it is one (`Int`,
    /// or `Int64`/`UInt64` beyond it), else a `Double`; near the 64-bit limits, where that `Double` could pass for an
    /// integer it is not (`-9223372036854775809`), the decoder's `Decimal` instead, as the JSON reader keeps such a
    /// number's digits. From 2^64 on, only a target wider than 64 bits, which is `exact`, takes an integer.
    private static func number(_ value: any SingleValueDecodingContainer, exact: Bool) throws -> Any {
        // An exact target's `Decimal` first: a decoder may read a fraction whose nearest `Double` is whole
        // (`1.0000000000000000001`) as that integer, and a property list writes a `Decimal` as its own keyed form, which
        // only `Decimal` reads back. (Any other target would pay a `Decimal` read for every integer.)
        if exact, let decimal = try? value.decode(Decimal.self) { return decimal }
        if let integer = try? value.decode(Int64.self), isInteger(integer, value) {
            // An encoder writes -0.0 as `-0`, which reads as the integer 0 too: the sign is kept, as JSON text's `-0.0` keeps it.
            if integer == 0, let double = try? value.decode(Double.self), double.sign == .minus { return double }
            return Int(exactly: integer).map { $0 as Any } ?? integer
        }
        let double = try value.decode(Double.self)
        guard double.magnitude >= 0x1p53, double.magnitude <= 0x1p64 else { return double }
        // `UInt64.max` reads as 2^64 too.
        if double > 0, let integer = try? value.decode(UInt64.self), isInteger(integer, value) { return integer }
        if let decimal = try? value.decode(Decimal.self), decimal != Decimal(double) {
            // A whole number from 2^64 on is no 64-bit integer: the decoder's nearest value, as beyond 2^64.
            if double.magnitude == 0x1p64, case .wide = SourceNumber(decimal: decimal) { return double }
            return NSDecimalNumber(decimal: decimal)
        }
        return double
    }

    /// Whether `integer`, as the decoder read `value`, is that number. From 2^53 on, a decoder may read a fraction
    /// (`123456789012345678.5`) as the integer it truncates it to, so there the decoder's `Decimal` must be the integer too.
    /// A decoder that reads no `Decimal` from a number (`PropertyListDecoder`) holds no digits beyond its integers and
    /// doubles (a double from 2^53 on has no fraction): its integer is the number.
    /// (Each `decode` names its type: a generic one would take the decoder's slower `Decodable` path.)
    private static func isInteger(_ integer: some BinaryInteger, _ value: any SingleValueDecodingContainer) -> Bool {
        guard integer.magnitude >= 1 << 53, let decimal = try? value.decode(Decimal.self) else { return true }
        return decimal == Decimal(string: String(integer))
    }

    /// The value as an object, its values read by `entries`; nil when it is not one. Its keys come as written, through
    /// a `[String: DecodedValue]` (a keyed container's are the ones the decoder's key strategy made), each value
    /// learning its own key from its coding path (`DecodingFrame.Entries.demand(in:)`).
    private static func object(_ decoder: any Decoder, _ entries: DecodingFrame.Entries, in frame: DecodingFrame) throws -> [String: Any]? {
        let value = try decoder.singleValueContainer()
        // Its values learn `entries` from the frame bound around them; one nested too deep is `NestedTooDeep`.
        return try DecodingFrame.$current.withValue(frame.entering(entries)) {
            do {
                return try value.decode([String: DecodedValue].self).mapValues { $0.value }
            } catch let error as DecodingError where isNotAnObject(error, decoder) {
                return nil
            }
        }
    }

    /// Whether `error`, from decoding the value of `decoder` as an object, says it is none: a type mismatch, or an error at
    /// its own coding path. An error the decoder gave a value inside it is its own, thrown as it is. (A decoder builds its
    /// coding path anew: asked only past the type mismatch that JSON decoders give for every value of another kind.)
    private static func isNotAnObject(_ error: DecodingError, _ decoder: any Decoder) -> Bool {
        if case .typeMismatch = error { return true }
        return error.codingPath.count <= decoder.codingPath.count
    }

    /// The value as an array, its elements read by `entries`; nil when it is not one. An array has no keys for a key
    /// strategy to convert, so its elements come from the decoder's unkeyed container, each index counted here. A mapped
    /// array ends after its last mapped index, as the JSON reader reads it.
    private static func array(_ decoder: any Decoder, _ entries: DecodingFrame.Entries, in frame: DecodingFrame) throws -> [Any]? {
        guard var elements = try? decoder.unkeyedContainer() else { return nil }
        let inner = try frame.entering()
        var array: [Any] = []
        if case .each = entries, let count = elements.count { array.reserveCapacity(count) }
        // For a mapped array, where the next mapped index is in `indexDemands`: elements and mapped indices come in order.
        var next = 0
        while !elements.isAtEnd {
            let entry: (demand: JSONDemand, kinds: ValueKinds)?
            switch entries {
            case let .each(demand):
                entry = (demand, .all)
            case let .level(level):
                guard next < level.indexDemands.count else { return array }
                let mapped = level.indexDemands[next]
                entry = mapped.index == array.count ? (mapped.demand, mapped.kinds) : nil
                if entry != nil { next += 1 }
            }
            let element = try elements.superDecoder()
            guard let (demand, kinds) = entry else {
                array.append(SourceValue.null)  // an index no entry reads: present, never read
                continue
            }
            array.append(try DecodedValue.located(element, in: inner) { try read(element, demand, expecting: kinds, in: inner) })
        }
        return array
    }
}

import Foundation

/// The library's own JSON writer: a value tree to UTF-8 JSON text (RFC 8259) that `JSONSerialization`
/// and the library's reader read back to the same values.
///
///     let data = try JSONWriter.data(for: .object([("title", .string("a/b \u{1F600}")), ("score", .double(0.1))]))
///     // {"title":"a/b 😀","score":0.1}
///     let pretty = try JSONWriter.data(forFoundation: ["b": 1, "a": [true, NSNull()]], options: [.prettyPrinted, .sortedKeys])
///     // {
///     //   "a": [
///     //     true,
///     //     null
///     //   ],
///     //   "b": 1
///     // }
///
/// Compact by default. Doubles are written in the shortest form that reads back bit for bit, integers
/// and decimals exactly, strings with minimal escaping (see `JSONOutput`). A value JSON has no form for
/// fails with a `JSONWriteError` naming its path: NaN or an infinity at `scores[2]` is
/// `nonFinite(.nan)` at `"scores[2]"`, a `Date` in a `[String: Any]` at `published` is
/// `notJSONValue(typeName: "Date")`; nothing is returned then.
enum JSONWriter {
    /// Containers nested deeper than this are an error (`tooDeep`), as they are to the reader.
    static let maximumDepth = JSONReader.maximumDepth

    /// `value` as JSON text.
    static func data(for value: JSONValue, options: SerializationOptions = []) throws(JSONWriteError) -> Data {
        Data(try bytes(for: value, options: options))
    }

    /// `value` as JSON text, in bytes.
    static func bytes(for value: JSONValue, options: SerializationOptions = []) throws(JSONWriteError) -> [UInt8] {
        var output = JSONOutput(options: options)
        do {
            try output.append(value, sortingKeys: options.contains(.sortedKeys))
        } catch {
            throw error.error
        }
        return output.bytes
    }

    /// A Foundation value (`[String: Any]`, `[Any]`, numbers, strings, `NSNull`…, as
    /// `JSONValue(converting:)` reads them) as JSON text. A dictionary's keys come in its own order
    /// unless `.sortedKeys`.
    static func data(forFoundation value: Any, options: SerializationOptions = []) throws(JSONWriteError) -> Data {
        try data(for: JSONValue(converting: value), options: options)
    }
}

extension JSONOutput {
    /// Appends a whole value tree, each object's keys in UTF-8 order when `sortingKeys`.
    mutating func append(_ value: JSONValue, sortingKeys: Bool) throws(PendingWriteFailure) {
        if depth >= JSONWriter.maximumDepth, value.isContainer { throw PendingWriteFailure(.tooDeep) }
        switch value {
        case let .object(members):
            beginObject()
            if sortingKeys {
                for (key, member) in JSONWriter.sorted(members) { try appendMember(key, member, sortingKeys: true) }
            } else {
                for (key, member) in members { try appendMember(key, member, sortingKeys: false) }
            }
            endObject()
        case let .array(elements):
            beginArray()
            for index in elements.indices {
                do {
                    try append(elements[index], sortingKeys: sortingKeys)
                } catch {
                    throw error.inside(.index(index))
                }
            }
            endArray()
        case let .string(text): append(string: text)
        case let .bool(flag): append(bool: flag)
        case .null: appendNull()
        case let .int(number): append(int: number)
        case let .uint(number): append(uint: number)
        case let .double(number):
            do { try append(double: number) } catch { throw PendingWriteFailure(.nonFinite(error)) }
        case let .decimal(number):
            do { try append(decimal: number) } catch { throw PendingWriteFailure(.nonFinite(error)) }
        }
    }

    private mutating func appendMember(_ key: String, _ value: JSONValue, sortingKeys: Bool) throws(PendingWriteFailure) {
        self.key(key)
        do {
            try append(value, sortingKeys: sortingKeys)
        } catch {
            throw error.inside(.key(key))
        }
    }
}

extension JSONWriter {
    /// Members in the order of their keys' UTF-8 bytes; members with equal keys keep their order.
    static func sorted(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
        sortedIndices(of: members.map(\.0)).map { members[$0] }
    }

    /// The positions of `keys` in the order of their UTF-8 bytes; equal keys keep their order.
    static func sortedIndices(of keys: [String]) -> [Int] {
        // Sorting indices makes the sort stable whatever algorithm `sort` uses.
        keys.indices.sorted { a, b in
            let order = compareUTF8(keys[a], keys[b])
            return order == 0 ? a < b : order < 0
        }
    }

    /// Negative, zero or positive as `a`'s UTF-8 bytes sort before, with or after `b`'s.
    static func compareUTF8(_ a: String, _ b: String) -> Int {
        UTF8Bytes.of(a) { a in UTF8Bytes.of(b) { b in a.compare(b) } }
    }
}

extension JSONValue {
    /// An object or an array.
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}

import Foundation

/// The library's JSON writer: a value tree to compact UTF-8 JSON (RFC 8259) that `JSONSerialization` reads back the
/// same (see `JSONOutput`); a value with no JSON form is a `JSONWriteError` at its path (NaN at `"scores[2]"`).
enum JSONWriter {
    /// Containers nested deeper than this are an error (`tooDeep`), as they are to the reader.
    static let maximumDepth = JSONReader.maximumDepth

    static func data(for value: JSONValue, options: SerializationOptions = []) throws(JSONWriteError) -> Data {
        Data(try bytes(for: value, options: options))
    }

    static func bytes(for value: JSONValue, options: SerializationOptions = []) throws(JSONWriteError) -> [UInt8] {
        var output = JSONOutput(options: options)
        do {
            try output.append(value, sortingKeys: options.contains(.sortedKeys))
        } catch {
            throw error.error
        }
        return output.bytes
    }

    /// A Foundation value, as `JSONValue(converting:)` reads it, as JSON text.
    static func data(forFoundation value: Any, options: SerializationOptions = []) throws(JSONWriteError) -> Data {
        try data(for: JSONValue(converting: value), options: options)
    }
}

extension JSONOutput {
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
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}

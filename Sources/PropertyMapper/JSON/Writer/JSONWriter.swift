import Foundation

/// The library's JSON writer: a value tree to compact UTF-8 JSON (RFC 8259) that `JSONSerialization` reads back the
/// same (see `JSONOutput`); a value with no JSON form is a `JSONWriteError` at its path (NaN at `"scores[2]"`).
enum JSONWriter {
    /// Containers nested deeper than this are an error (`tooDeep`), as they are to the reader.
    static let maximumDepth = JSONReader.maximumDepth

    /// The lowest stack address at which a container opens while a value is converted or written (`StackFloor`), found
    /// where the conversion or writing starts: a value too deep for the thread's stack is `tooDeep`, never an overflow.
    static func stackFloor() -> UInt {
        StackFloor.find(entry: StackFloor.address())
    }

    /// Whether a container may open at `depth`, with the stack above `floor`.
    static func mayOpen(atDepth depth: Int, above floor: UInt) -> Bool {
        depth < maximumDepth && StackFloor.address() >= floor
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

extension JSONOutput {
    mutating func append(_ value: JSONValue, sortingKeys: Bool, floor: UInt) throws(PendingWriteFailure) {
        switch value {
        case let .object(members):
            guard JSONWriter.mayOpen(atDepth: depth, above: floor) else { throw PendingWriteFailure(.tooDeep) }
            beginObject()
            let ordered = sortingKeys ? JSONWriter.sortedIndices(of: members.map(\.0)).map { members[$0] } : members
            for (key, member) in ordered {
                self.key(key)
                do {
                    try append(member, sortingKeys: sortingKeys, floor: floor)
                } catch {
                    throw error.inside(.key(key))
                }
            }
            endObject()
        case let .array(elements):
            guard JSONWriter.mayOpen(atDepth: depth, above: floor) else { throw PendingWriteFailure(.tooDeep) }
            beginArray()
            for index in elements.indices {
                do {
                    try append(elements[index], sortingKeys: sortingKeys, floor: floor)
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
}

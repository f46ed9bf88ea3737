import Foundation

/// Where a value being decoded sits: how the container around it reads its entries, and how deep it is. The
/// reader binds it (a task-local value, so the decoder passes nothing) around each container it decodes.
struct DecodingFrame: Sendable {
    /// How a container's entries are read.
    enum Entries: Sendable {
        /// A mapped object's or array's: each key or index by its entry's demand; one no entry reads is not read.
        case level(JSONLevel)
        /// Every element's or value's alike.
        case each(JSONDemand)

        /// The demand for the value `decoder` holds in an object, and the kinds it converts from; nil for a key nothing
        /// reads. Only a mapped object's keys ask the decoder which key it is (`codingPath`, which a decoder builds anew
        /// each time); an array counts its elements instead.
        func demand(in decoder: any Decoder) -> (demand: JSONDemand, kinds: ValueKinds)? {
            switch self {
            case let .level(level): decoder.codingPath.last.flatMap { level.demand(forKey: $0.stringValue) }
            case let .each(demand): (demand, .all)
            }
        }
    }

    @TaskLocal static var current: DecodingFrame?

    let entries: Entries
    /// The containers around the values of this frame's container, from the model's value (0 for the model's value).
    let depth: Int
    /// The lowest stack address at which a container may be opened (`StackFloor`).
    let floor: UInt

    /// The frame of the values of a container of this frame's values, whose entries are read by `entries` (an array's
    /// elements are handed their demand, so an array keeps this frame's); a container nested as deep as the JSON reader
    /// refuses, or too deep for the thread's stack, is `NestedTooDeep`.
    func entering(_ entries: Entries? = nil) throws -> DecodingFrame {
        guard depth < JSONReader.maximumDepth, StackFloor.address() >= floor else { throw NestedTooDeep() }
        return DecodingFrame(entries: entries ?? self.entries, depth: depth + 1, floor: floor)
    }
}

extension DecodingFrame {
    /// The frame of a model's value. Its containers may take half the stack the engine may (`StackFloor`): a decoder
    /// builds each value's `codingPath` by recursing once per level above it, on what the reading left.
    init() {
        let entry = StackFloor.address()
        let floor = StackFloor.find(entry: entry)
        self.init(entries: .each(.whole), depth: 0, floor: floor == 0 ? 0 : entry - (entry - floor) / 2)
    }
}

/// A container nested too deep to read, at `path` from the model's value (set by the value that opened it).
struct NestedTooDeep: Error {
    var path: String?
}

/// A value no kind reads (a number no Swift type holds): `error` is what the decoder said of it as a `Double`.
struct UndecodableValue: Error {
    let error: any Error
}

/// Coding paths as the library writes paths (`MappingKey.appended(to:)`): `order.line_items[1].sku`.
enum CodingPath {
    static func path(of keys: some Sequence<any CodingKey>) -> String {
        keys.reduce("") { path, key in
            // An element's key is the decoders' `Index 3`. A dictionary's key that reads as a number (`"7"`) and a key of an
            // `Int`-backed `CodingKeys` (`order`, 1) have an `intValue` too, and are keys, written as they are.
            (key.intValue.flatMap { key.stringValue == "Index \($0)" ? MappingKey.index($0) : nil } ?? .key(key.stringValue))
                .appended(to: path)
        }
    }
}

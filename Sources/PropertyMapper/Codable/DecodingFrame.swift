import Foundation

/// Where a value being decoded sits: how the container around it reads its entries, and how deep it is. The
/// reader binds it (a task-local value, so the decoder passes nothing) around each container it decodes.
struct DecodingFrame: Sendable {
    /// How a container's entries are read.
    enum Entries: Sendable {
        /// A mapped object's: each key by its entry's demand; a key no entry reads is not read.
        case keys(JSONLevel)
        /// A mapped array's: each mapped index by its demand; the others are not read.
        case indices(JSONLevel)
        /// Every element's or value's alike.
        case each(JSONDemand)

        /// The demand for the value `decoder` holds in an object, and the kinds it converts from; nil for a key nothing
        /// reads. Only a mapped object's keys ask the decoder which key it is (`codingPath`, which a decoder builds anew
        /// each time).
        func demand(in decoder: any Decoder) -> (demand: JSONDemand, kinds: ValueKinds)? {
            switch self {
            case let .keys(level): decoder.codingPath.last.flatMap { level.demand(forKey: $0.stringValue) }
            case .indices: nil  // an array's elements are counted (`demand(atIndex:)`)
            case let .each(demand): (demand, .all)
            }
        }

        /// The demand for the element at `index` of an array, and the kinds it converts from; nil for one nothing reads.
        func demand(atIndex index: Int) -> (demand: JSONDemand, kinds: ValueKinds)? {
            switch self {
            case .keys: nil  // an object's values are asked for by key (`demand(in:)`)
            case let .indices(level): level.demand(atIndex: index)
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

    /// The frame of a model's value. Its containers may take half the stack the engine may (`StackFloor`): a decoder
    /// builds each value's `codingPath` by recursing once per level above it, on what the reading left.
    init() {
        let entry = StackFloor.address()
        let floor = StackFloor.find(entry: entry)
        self.init(entries: .each(.whole), depth: 0, floor: floor == 0 ? 0 : entry - (entry - floor) / 2)
    }

    private init(entries: Entries, depth: Int, floor: UInt) {
        self.entries = entries
        self.depth = depth
        self.floor = floor
    }

    /// Runs `body`, which decodes the container of a value of this frame, with its entries read by `entries`; a
    /// container nested as deep as the JSON reader refuses, or too deep for the thread's stack, is `NestedTooDeep`.
    func opening<T>(_ entries: Entries, _ body: () throws -> T) throws -> T {
        try DecodingFrame.$current.withValue(entering(entries), operation: body)
    }

    /// The frame of the values of a container of this frame's values, whose entries are read by `entries`; a container
    /// nested as deep as the JSON reader refuses, or too deep for the thread's stack, is `NestedTooDeep`.
    func entering(_ entries: Entries) throws -> DecodingFrame {
        guard depth < JSONReader.maximumDepth, StackFloor.address() >= floor else { throw NestedTooDeep() }
        return DecodingFrame(entries: entries, depth: depth + 1, floor: floor)
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
            (key.intValue.map(MappingKey.index) ?? .key(key.stringValue)).appended(to: path)
        }
    }
}

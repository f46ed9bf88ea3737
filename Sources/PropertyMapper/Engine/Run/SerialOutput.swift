import Foundation

/// Where serialize writes, token by token (in `JSONOutput`'s order): JSON text (`serializeJSON`) or Foundation values
/// (`serialize`). What was written since a `mark` can be taken back, for a nested level that has nothing to write.
struct SerialOutput {
    let writingNulls: Bool
    /// Object keys in UTF-8 byte order (JSON text only: a Foundation dictionary has no order).
    let sortingKeys: Bool
    private let writesText: Bool
    private(set) var text: JSONOutput
    private var tree = FoundationTree()
    /// A `.polymorphic` value's tag, for the next model written (its own) to write among its keys, then clear.
    var pendingTag: (key: JSONOutput.Key, value: String)?
    /// The nested models' plans whose serialize errors this call has reported.
    var refusedPlans: Set<ObjectIdentifier> = []
    /// Whether this call refused a model for its depth (a cycle, a graph too deep), and so fails.
    var refusedDepth = false

    static func json(_ options: SerializationOptions, capacity: Int = 1024) -> SerialOutput {
        SerialOutput(options: options, writesText: true, capacity: capacity)
    }

    static func foundation(_ options: SerializationOptions) -> SerialOutput {
        SerialOutput(options: options, writesText: false, capacity: 0)
    }

    private init(options: SerializationOptions, writesText: Bool, capacity: Int) {
        self.writesText = writesText
        writingNulls = options.contains(.writingNulls)
        sortingKeys = writesText && options.contains(.sortedKeys)
        text = JSONOutput(options: options, capacity: capacity)
    }

    /// Adds a `serialize` error for JSON text that nests containers deeper than `JSONWriter.maximumDepth`, which no reader
    /// here (nor `JSONSerialization`) reads back, unless an error already gives the cause: a `depth` error (a model graph
    /// too deep, a cycle), or this one at a value's path (an `Any` too deep). Foundation values have no such limit.
    func refuseDepth(after errors: inout [ValidationError]) {
        let tooDeep = ValidationError(path: "", property: "", rule: "serialize", value: nil, failure: .notSerializable(.tooDeep))
        guard writesText, text.wentTooDeep, !errors.contains(where: { $0.rule == "depth" || $0.reason == tooDeep.reason })
        else { return }
        errors.append(tooDeep)
    }

    /// The Foundation value written, once every container closed; nil for JSON text or before anything was written.
    var foundationValue: Any? { tree.result }

    mutating func beginObject() {
        if writesText { text.beginObject() } else { tree.begin(object: true) }
    }

    mutating func endObject() {
        if writesText { text.endObject() } else { tree.end() }
    }

    mutating func beginArray() {
        if writesText { text.beginArray() } else { tree.begin(object: false) }
    }

    mutating func endArray() {
        if writesText { text.endArray() } else { tree.end() }
    }

    mutating func key(_ key: JSONOutput.Key) {
        if writesText { text.key(key) } else { tree.pendingKey = key.text }
    }

    mutating func key(_ key: String) {
        if writesText { text.key(key) } else { tree.pendingKey = key }
    }

    mutating func string(_ value: String) {
        if writesText { text.append(string: value) } else { tree.value(value) }
    }

    /// At most `capacity` ASCII bytes needing no escaping, which `fill` writes and counts: in place, for JSON text.
    mutating func plainText(capacity: Int, _ fill: (UTF8Output) -> Int) {
        if writesText {
            text.append(plainText: capacity, fill)
        } else {
            tree.value(UTF8Output.string(capacity: capacity, fill))
        }
    }

    mutating func bool(_ value: Bool) {
        if writesText { text.append(bool: value) } else { tree.value(value) }
    }

    mutating func null() {
        if writesText { text.appendNull() } else { tree.value(NSNull()) }
    }

    /// An integer of any width; one wider than 64 bits (an `Int128`) as its digits, a JSON number, or in a Foundation
    /// value as the `Decimal` that holds it exactly (up to 2^128 − 1), as JSONSerialization reads it.
    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        if let signed = Int64(exactly: value) {
            if writesText {
                text.append(int: signed)
            } else if let native = Int(exactly: signed) {
                tree.value(native)
            } else {
                tree.value(signed)  // beyond a 32-bit `Int`
            }
        } else if let unsigned = UInt64(exactly: value) {
            if writesText { text.append(uint: unsigned) } else { tree.value(unsigned) }
        } else {
            let digits = String(value)
            if writesText { text.append(integerDigits: digits) } else { tree.value(NSDecimalNumber(string: digits).decimalValue) }
        }
    }

    mutating func double(_ value: Double) throws(NonFiniteNumber) {
        if writesText {
            try text.append(double: value)
        } else {
            if let problem = NonFiniteNumber(value) { throw problem }
            tree.value(value)
        }
    }

    mutating func decimal(_ value: Decimal) throws(NonFiniteNumber) {
        if writesText {
            try text.append(decimal: value)
        } else {
            guard value.isFinite else { throw .nan }
            tree.value(value)
        }
    }

    /// A value typed only at run time, written whole as `JSONValue(converting:)` reads it; else fails, naming where inside.
    mutating func value(_ value: Any) throws(JSONWriteError) {
        let type = SourceValue.typeID(of: value)
        if type == SourceValue.stringType { return string(value as! String) }
        if type == SourceValue.intType { return integer(value as! Int) }
        let floor = JSONWriter.stackFloor()
        let converted = try JSONValue(converting: value, floor: floor)
        do {
            if writesText {
                try text.append(converted, sortingKeys: sortingKeys, floor: floor)
            } else {
                tree.value(try converted.foundationValue(floor: floor))
            }
        } catch {
            throw error.error
        }
    }

    struct Mark {
        fileprivate let text: JSONOutput.Mark
        fileprivate let tree: FoundationTree.Mark
    }

    var mark: Mark { Mark(text: text.mark, tree: tree.mark) }

    mutating func rollBack(to mark: Mark) {
        if writesText { text.rollBack(to: mark.text) } else { tree.rollBack(to: mark.tree) }
    }
}

/// Foundation containers being built, innermost last; an object's keys and values stay in arrays until it closes (for marks).
private struct FoundationTree {
    private struct Frame {
        let isObject: Bool
        /// The key the container has in the object holding it.
        let key: String?
        var keys: [String] = []
        var values: [Any] = []
    }

    private var frames: [Frame] = []
    /// The key of the next value or container, in the object being built.
    var pendingKey: String?
    private(set) var result: Any?

    mutating func begin(object: Bool) {
        frames.append(Frame(isObject: object, key: pendingKey))
        pendingKey = nil
    }

    mutating func end() {
        let frame = frames.removeLast()
        pendingKey = frame.key
        if frame.isObject {
            value(Dictionary(zip(frame.keys, frame.values)) { _, last in last } as [String: Any])
        } else {
            value(frame.values)
        }
    }

    mutating func value(_ value: Any) {
        guard !frames.isEmpty else {
            result = value
            return
        }
        if let key = pendingKey {
            frames[frames.count - 1].keys.append(key)
            pendingKey = nil
        }
        frames[frames.count - 1].values.append(value)
    }

    struct Mark {
        fileprivate let frames: Int
        fileprivate let values: Int
    }

    var mark: Mark { Mark(frames: frames.count, values: frames.last?.values.count ?? 0) }

    mutating func rollBack(to mark: Mark) {
        frames.removeSubrange(mark.frames...)
        pendingKey = nil
        guard let last = frames.indices.last else {
            result = nil
            return
        }
        if frames[last].isObject { frames[last].keys.removeSubrange(mark.values...) }
        frames[last].values.removeSubrange(mark.values...)
    }
}

extension JSONValue {
    /// The value as Foundation holds it: an `Int`, or `Int64`/`UInt64` beyond it; `NSNull` for null. Containers open
    /// only with the stack above `floor` (`JSONWriter.stackFloor()`): deeper is `tooDeep`, never an overflow.
    func foundationValue(floor: UInt) throws(PendingWriteFailure) -> Any {
        switch self {
        case let .object(members):
            guard StackFloor.address() >= floor else { throw PendingWriteFailure(.tooDeep) }
            var dictionary: [String: Any] = [:]
            for (key, member) in members {
                do { dictionary[key] = try member.foundationValue(floor: floor) } catch { throw error.inside(.key(key)) }
            }
            return dictionary
        case let .array(elements):
            guard StackFloor.address() >= floor else { throw PendingWriteFailure(.tooDeep) }
            var array: [Any] = []
            array.reserveCapacity(elements.count)
            for index in elements.indices {
                do { array.append(try elements[index].foundationValue(floor: floor)) } catch { throw error.inside(.index(index)) }
            }
            return array
        case let .string(text): return text
        case let .bool(flag): return flag
        case .null: return NSNull()
        case let .int(number): return Int(exactly: number).map { $0 as Any } ?? number
        case let .uint(number): return Int(exactly: number).map { $0 as Any } ?? number
        case let .double(number): return number
        case let .decimal(number): return number
        }
    }
}

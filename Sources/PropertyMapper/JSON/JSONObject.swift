/// A JSON object read for one level of a mapping: the values of the level's keys, by position,
/// with everything else checked and skipped. The engine reads it by entry, with no hashing; to any
/// other reader it is a string-keyed container holding the keys that were present.
final class JSONObject {
    /// The level it was read for, which names the keys.
    let level: JSONLevel
    /// The value of each of `level.keys`, or nil when the object does not have that key.
    let values: [Any?]

    init(level: JSONLevel, values: [Any?]) {
        self.level = level
        self.values = values
    }

    /// The value for the plan entry numbered `entry` of `level.plan`, or nil when absent.
    @inline(__always)
    func value(forEntry entry: Int) -> Any? {
        let key = level.entryKeys[entry]
        return key < 0 ? nil : values[key]
    }
}

extension JSONObject: StringKeyedContainer {
    var acceptsStringKeys: Bool { true }

    var count: Int { values.reduce(0) { $1 == nil ? $0 : $0 + 1 } }

    func value(forKey key: String) -> Any? {
        guard let index = level.keys.firstIndex(of: key) else { return nil }
        return values[index]
    }

    func forEachStringKey(_ body: (String, Any) -> Void) {
        for (key, value) in zip(level.keys, values) {
            if let value { body(key, value) }
        }
    }
}

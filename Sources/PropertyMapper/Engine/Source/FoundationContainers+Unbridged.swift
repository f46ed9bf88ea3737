import Foundation

/// Reading an `NSDictionary` or `NSArray` without bridging the containers inside it. On Linux,
/// swift-corelibs-foundation's element accessors (`object(forKey:)`, `object(at:)`, iterators,
/// `getObjects`, `enumerateKeysAndObjects`) bridge a container value whole, every level below included:
/// a 10,000-deep value overflows the stack, and one that contains itself never returns. `allKeys` and
/// `allValues` (one Swift `Dictionary`'s, in the same order) and an `NSArray`'s mirror (one child per
/// element, `UnbridgedArray`) hold the stored objects unbridged, so a Foundation container is taken
/// from there, any other value from the accessors. On Apple platforms bridging is lazy.
extension NSDictionary {
    /// The value of the key equal to `key` as Swift compares strings, which a look-up by `key` misses where the stored key
    /// is spelled in another normal form (`"cafe\u{301}"` for `"café"`): `NSString` compares code units.
    func unbridgedValue(forKey key: String) -> Any? {
        #if !canImport(Darwin)
        if let stored = storedKeysAndValues {
            guard let position = stored.keys.firstIndex(where: { SourceValue.string($0) == key }) else { return nil }
            return isFoundationContainer(stored.values[position]) ? stored.values[position] : object(forKey: stored.keys[position])
        }
        #endif
        if let value = object(forKey: key) { return value }
        // Only a key with a non-ASCII character has another spelling.
        guard key.utf8.contains(where: { $0 >= 0x80 }), let stored = allKeys.first(where: { SourceValue.string($0) == key }) else {
            return nil
        }
        return object(forKey: stored)
    }

    /// Every string key and its value (`StringKeyedContainer`), the containers among the values unbridged.
    func forEachStringKey(_ body: (String, Any) -> Void) {
        #if !canImport(Darwin)
        if let stored = storedKeysAndValues {
            for (rawKey, rawValue) in zip(stored.keys, stored.values) {
                guard let key = SourceValue.string(rawKey) else { continue }
                body(key, isFoundationContainer(rawValue) ? rawValue : object(forKey: rawKey) ?? rawValue)
            }
            return
        }
        #endif
        for (rawKey, value) in self {
            if let key = SourceValue.string(rawKey) { body(key, value) }
        }
    }

    /// `allKeys` and `allValues`, a key and its value at each position, when they are Foundation's own storage (a subclass
    /// supplies its own); nil otherwise.
    private var storedKeysAndValues: (keys: [Any], values: [Any])? {
        guard type(of: self) === NSDictionary.self || type(of: self) === NSMutableDictionary.self else { return nil }
        let keys = allKeys
        let values = allValues
        return keys.count == values.count ? (keys, values) : nil
    }
}

/// An `NSArray` read element by element, with an `NSDictionary` or `NSArray` element left unbridged.
struct UnbridgedArray: IndexedContainer {
    private let array: NSArray
    /// The stored objects, from the mirror; nil where `object(at:)` is read (Apple, a subclass, another shape).
    private let stored: [Any]?

    init(_ array: NSArray) {
        self.array = array
        stored = Self.storedObjects(of: array)
    }

    var count: Int { array.count }

    func element(at index: Int) -> Any {
        if let stored, isFoundationContainer(stored[index]) { return stored[index] }
        return array.object(at: index)
    }

    static func storedObjects(of array: NSArray) -> [Any]? {
        #if canImport(Darwin)
        return nil
        #else
        guard type(of: array) === NSArray.self || type(of: array) === NSMutableArray.self else { return nil }
        let mirror = Mirror(reflecting: array)
        guard mirror.displayStyle == .collection else { return nil }
        let stored = mirror.children.map(\.value)
        // Invariant: one stored object per element, checked (else `object(at:)` is read).
        guard stored.count == array.count else { return nil }
        return stored
        #endif
    }
}

/// Whether `value` is a Foundation container that `object(forKey:)` or `object(at:)` would bridge whole.
private func isFoundationContainer(_ value: Any) -> Bool {
    SourceValue.isObject(value) && (value is NSDictionary || value is NSArray)
}

import Foundation

/// Reading an `NSDictionary` without bridging the containers inside it.
///
/// On Linux, swift-corelibs-foundation's `object(forKey:)` (and its iterator, `getObjects`,
/// `enumerateKeysAndObjects`) hands each value through `__SwiftValue.fetch`, which turns an
/// `NSDictionary` or `NSArray` value into a Swift `[AnyHashable: Any]` or `[Any]` at once, every
/// level below it included, recursively: a 10,000-deep value overflows the stack and a dictionary
/// that contains itself never returns, even when the mapping only asks for a key beside it. Its
/// `allKeys` and `allValues`, though, return the stored objects as they are, from the same storage
/// in the same order (the keys and values of one Swift `Dictionary`). So a value that is a Foundation
/// container is taken from there, unbridged, and is read level by level like any other source; every
/// other value (strings, numbers, booleans, null, boxed Swift values) still comes from `object(forKey:)`,
/// exactly as before. On Apple platforms bridging is lazy, so `object(forKey:)` is used as it is.
extension NSDictionary {
    /// The value stored under `key`, with an `NSDictionary` or `NSArray` value left unbridged.
    func unbridgedValue(forKey key: String) -> Any? {
        #if canImport(Darwin)
        return object(forKey: key)
        #else
        guard isConcreteFoundationDictionary else { return object(forKey: key) }
        let keys = allKeys
        let values = allValues
        guard keys.count == values.count,
            let position = keys.firstIndex(where: { SourceValue.string($0) == key })
        else { return object(forKey: key) }
        return Self.isFoundationContainer(values[position]) ? values[position] : object(forKey: key)
        #endif
    }

    /// Calls `body` with every string key and its value, `NSDictionary` and `NSArray` values unbridged.
    func forEachUnbridgedStringKey(_ body: (String, Any) -> Void) {
        #if !canImport(Darwin)
        if isConcreteFoundationDictionary {
            let keys = allKeys
            let values = allValues
            if keys.count == values.count {
                for (rawKey, rawValue) in zip(keys, values) {
                    guard let key = SourceValue.string(rawKey) else { continue }
                    body(key, Self.isFoundationContainer(rawValue) ? rawValue : object(forKey: rawKey) ?? rawValue)
                }
                return
            }
        }
        #endif
        for (rawKey, value) in self {
            if let key = SourceValue.string(rawKey) { body(key, value) }
        }
    }

    /// Whether `allKeys` and `allValues` are swift-corelibs-foundation's own storage (a subclass
    /// supplies its own, through `object(forKey:)`).
    private var isConcreteFoundationDictionary: Bool {
        type(of: self) === NSDictionary.self || type(of: self) === NSMutableDictionary.self
    }

    private static func isFoundationContainer(_ value: Any) -> Bool {
        SourceValue.isObject(value) && (value is NSDictionary || value is NSArray)
    }
}

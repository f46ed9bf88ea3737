import Foundation

/// Reading an `NSDictionary` or an `NSArray` without bridging the containers inside it.
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
///
/// `NSArray.object(at:)` (and every other accessor of its elements) bridges the same way. Its mirror,
/// though, reflects its storage: one child per element, in order, each the stored object as it is.
/// So an `NSArray` is read through `UnbridgedArray`, which takes a Foundation container element from
/// there and every other element from `object(at:)`.
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
        return isFoundationContainer(values[position]) ? values[position] : object(forKey: key)
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
                    body(key, isFoundationContainer(rawValue) ? rawValue : object(forKey: rawKey) ?? rawValue)
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
}

/// An `NSArray` read element by element, with an `NSDictionary` or `NSArray` element left unbridged.
struct UnbridgedArray: IndexedContainer {
    private let array: NSArray
    /// The stored objects, one for each element in order, where the mirror gives them; nil where
    /// `object(at:)` is read as it is (Apple platforms, a subclass, a mirror of another shape).
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

    /// The objects `array` stores, in order, unbridged; nil when they cannot be had that way.
    static func storedObjects(of array: NSArray) -> [Any]? {
        #if canImport(Darwin)
        return nil
        #else
        // A subclass supplies its own elements, through `object(at:)`.
        guard type(of: array) === NSArray.self || type(of: array) === NSMutableArray.self else { return nil }
        let mirror = Mirror(reflecting: array)
        guard mirror.displayStyle == .collection else { return nil }
        let stored = mirror.children.map(\.value)
        // Invariant: one stored object per element (checked, not assumed: otherwise `object(at:)`).
        guard stored.count == array.count else { return nil }
        return stored
        #endif
    }
}

/// Whether `value` is a Foundation container that `object(forKey:)` or `object(at:)` would bridge whole.
private func isFoundationContainer(_ value: Any) -> Bool {
    SourceValue.isObject(value) && (value is NSDictionary || value is NSArray)
}

import Foundation

/// A dictionary source, read in place.
enum KeyedSource {
    case dictionary([String: Any])
    case other(any StringKeyedContainer)

    @inline(__always)
    func item(forKey key: String) -> SourceItem? {
        switch self {
        case let .dictionary(dictionary):
            guard let value = dictionary[key] else { return nil }
            return SourceItem(value)
        case let .other(container):
            guard let value = container.value(forKey: key) else { return nil }
            return SourceItem(value)
        }
    }

    var count: Int {
        switch self {
        case let .dictionary(dictionary): return dictionary.count
        case let .other(container): return container.count
        }
    }

    /// How many keys the source wrote, for an error's value: more than `count` for a JSON object the reader read in part.
    var writtenKeyCount: Int {
        switch self {
        case let .dictionary(dictionary): return dictionary.count
        case let .other(container): return container.writtenKeyCount
        }
    }

    /// Every string key, with its stored value (for `SourceItem`) read only if asked for.
    func forEachKey(_ body: (String, () -> Any) -> Void) {
        switch self {
        case let .dictionary(dictionary):
            for index in dictionary.indices { body(dictionary.keys[index]) { dictionary.values[index] } }
        case let .other(container):
            container.forEachStringKey { key, value in body(key) { value } }
        }
    }

    /// Every key that is not a string (an `NSDictionary`'s `1`), rendered: a key no entry names.
    var otherKeys: [String] {
        guard case let .other(container) = self else { return [] }
        var keys: [String] = []
        container.forEachOtherKey { keys.append(SourceValue.render($0)) }
        return keys
    }

    /// Every key and normalized value, for converting a whole `[String: V]`.
    func forEach(_ body: (String, Any) -> Void) {
        switch self {
        case let .dictionary(dictionary): for (key, value) in dictionary { body(key, SourceValue.normalized(value)) }
        case let .other(container): container.forEachStringKey { body($0, SourceValue.normalized($1)) }
        }
    }
}

/// An array source, read in place.
enum IndexedSource {
    case array([Any])
    case other(any IndexedContainer)

    var count: Int {
        switch self {
        case let .array(array): return array.count
        case let .other(container): return container.count
        }
    }

    /// The normalized element at `index`; callers check `0..<count` first.
    @inline(__always)
    subscript(index: Int) -> Any {
        switch self {
        case let .array(array): return SourceValue.normalized(array[index])
        case let .other(container): return SourceValue.normalized(container.element(at: index))
        }
    }

    @inline(__always)
    func forEachItem(_ body: (Int, SourceItem) -> Void) {
        switch self {
        case let .array(array):
            for index in array.indices { body(index, SourceItem(array[index])) }
        case let .other(container):
            for index in 0..<container.count { body(index, SourceItem(container.element(at: index))) }
        }
    }

    @inline(__always)
    func item(at index: Int) -> SourceItem? {
        guard index >= 0 && index < count else { return nil }
        switch self {
        case let .array(array): return SourceItem(array[index])
        case let .other(container): return SourceItem(container.element(at: index))
        }
    }
}

protocol StringKeyedContainer {
    var acceptsStringKeys: Bool { get }
    var count: Int { get }
    /// How many keys the source wrote; `count` unless the container holds only some of them.
    var writtenKeyCount: Int { get }
    func value(forKey key: String) -> Any?
    func forEachStringKey(_ body: (String, Any) -> Void)
    func forEachOtherKey(_ body: (Any) -> Void)
}

extension StringKeyedContainer {
    var writtenKeyCount: Int { count }
}

protocol IndexedContainer {
    var count: Int { get }
    func element(at index: Int) -> Any
}

extension Dictionary: StringKeyedContainer {
    var acceptsStringKeys: Bool {
        Key.self == String.self || Key.self == AnyHashable.self || Key.self == NSString.self
    }

    func value(forKey key: String) -> Any? {
        if let key = key as? Key, let value = self[key] { return value }
        if Key.self == String.self { return nil }
        if let key = AnyHashable(key) as? Key, let value = self[key] { return value }
        // An `NSString` key hashes apart from a `String` on Linux: found by its text, as `forEachStringKey` finds it.
        return first { SourceValue.string(($0.key as AnyHashable).base) == key }?.value
    }

    func forEachStringKey(_ body: (String, Any) -> Void) {
        for (key, value) in self {
            if let key = SourceValue.string((key as AnyHashable).base) { body(key, value) }
        }
    }

    func forEachOtherKey(_ body: (Any) -> Void) {
        if Key.self == String.self { return }
        for key in keys where SourceValue.string((key as AnyHashable).base) == nil { body((key as AnyHashable).base) }
    }
}

extension NSDictionary: StringKeyedContainer {
    var acceptsStringKeys: Bool { true }

    func value(forKey key: String) -> Any? {
        unbridgedValue(forKey: key)  // not object(forKey:): see FoundationContainers+Unbridged.swift
    }

    // forEachStringKey(_:), not iteration: see FoundationContainers+Unbridged.swift.

    func forEachOtherKey(_ body: (Any) -> Void) {
        for key in allKeys where SourceValue.string(key) == nil { body(key) }
    }
}

extension Array: IndexedContainer {
    func element(at index: Int) -> Any { self[index] }
}

/// A Swift `Set` in a source: read as an array of its elements, in the order it iterates them.
protocol UnorderedElements {
    var elementsInAnyOrder: [Any] { get }
}

extension Set: UnorderedElements {
    var elementsInAnyOrder: [Any] { map { $0 } }
}

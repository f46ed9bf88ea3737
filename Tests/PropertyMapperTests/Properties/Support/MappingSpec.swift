import Foundation
import PropertyMapper

/// A mapping described as data: it builds the real `Mapping` and predicts what a successful
/// mapping writes, independently of the engine.
indirect enum MappingSpec<Root>: Sendable {
    /// A field: the property it writes, its descriptor (validators included), and an optional
    /// check of the written value against the source value.
    case leaf(property: String, descriptor: PropertyDescriptor<Root>, check: ValueCheck<Root>?)
    /// A nested mapping (keys, indices or both), with validators added by `decorate`.
    case nested([(MappingKey, MappingSpec<Root>)], decorate: @Sendable (PropertyDescriptor<Root>) -> PropertyDescriptor<Root>)
    /// A list of descriptors over one source value.
    case list([MappingSpec<Root>], decorate: @Sendable (PropertyDescriptor<Root>) -> PropertyDescriptor<Root>)

    static func leaf(_ property: String, _ descriptor: PropertyDescriptor<Root>, _ check: ValueCheck<Root>? = nil) -> Self {
        .leaf(property: property, descriptor: descriptor, check: check)
    }

    static func nested(_ entries: [(MappingKey, MappingSpec<Root>)]) -> Self {
        .nested(entries, decorate: { $0 })
    }

    /// The descriptor this spec stands for.
    var descriptor: PropertyDescriptor<Root> {
        switch self {
        case let .leaf(_, descriptor, _):
            return descriptor
        case let .nested(entries, decorate):
            return decorate(Self.nestedDescriptor(entries.map { ($0.0, $0.1.descriptor) }))
        case let .list(children, decorate):
            return decorate(.list(children.map(\.descriptor)))
        }
    }

    /// `PropertyDescriptor` offers nested mappings only as a literal, so spell out each arity.
    private static func nestedDescriptor(_ e: [(MappingKey, PropertyDescriptor<Root>)]) -> PropertyDescriptor<Root> {
        switch e.count {
        case 0: return [:]
        case 1: return PropertyDescriptor(dictionaryLiteral: e[0])
        case 2: return PropertyDescriptor(dictionaryLiteral: e[0], e[1])
        case 3: return PropertyDescriptor(dictionaryLiteral: e[0], e[1], e[2])
        case 4: return PropertyDescriptor(dictionaryLiteral: e[0], e[1], e[2], e[3])
        case 5: return PropertyDescriptor(dictionaryLiteral: e[0], e[1], e[2], e[3], e[4])
        case 6: return PropertyDescriptor(dictionaryLiteral: e[0], e[1], e[2], e[3], e[4], e[5])
        case 7: return PropertyDescriptor(dictionaryLiteral: e[0], e[1], e[2], e[3], e[4], e[5], e[6])
        default: return PropertyDescriptor(dictionaryLiteral: e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7])
        }
    }

    /// Every leaf write a successful mapping makes, in order, with the source value it came from
    /// (`NSNull` for null). `source` is nil when absent.
    func expectedWrites(for source: Any?) -> [(property: String, source: Any, check: ValueCheck<Root>?)] {
        var writes: [(property: String, source: Any, check: ValueCheck<Root>?)] = []
        collect(Oracle.unwrapped(source), into: &writes)
        return writes
    }

    private func collect(_ source: Any?, into writes: inout [(property: String, source: Any, check: ValueCheck<Root>?)]) {
        guard let source else { return }
        switch self {
        case let .leaf(property, _, check):
            writes.append((property, source, check))
        case let .nested(entries, _):
            guard !Oracle.isNull(source) else { return }
            for (key, child) in entries {
                child.collect(Oracle.child(of: source, at: key), into: &writes)
            }
        case let .list(children, _):
            for child in children { child.collect(source, into: &writes) }
        }
    }
}

/// The top level of a spec'd mapping.
struct MappingSpecRoot<Root>: Sendable {
    let entries: [(MappingKey, MappingSpec<Root>)]
    let mapping: Mapping<Root>

    init(_ entries: [(MappingKey, MappingSpec<Root>)]) {
        self.entries = entries
        self.mapping = Mapping(entries.map { ($0.0, $0.1.descriptor) })
    }

    func expectedWrites(for source: Any?) -> [(property: String, source: Any, check: ValueCheck<Root>?)] {
        MappingSpec<Root>.nested(entries).expectedWrites(for: source)
    }
}

/// Checks a written property against the source value it came from; returns a problem or nil.
struct ValueCheck<Root>: Sendable {
    let check: @Sendable (Any, Root) -> String?

    init<Value: Sendable>(
        _ keyPath: any KeyPath<Root, Value> & Sendable, expected: @escaping @Sendable (Any) -> Value?,
        equal: @escaping @Sendable (Value, Value) -> Bool
    ) {
        check = { source, root in
            let written = root[keyPath: keyPath]
            guard let wanted = expected(source) else {
                return "wrote \(written) from a source the oracle rejects: \(source)"
            }
            return equal(written, wanted) ? nil : "wrote \(written), expected \(wanted) from \(source)"
        }
    }
}

extension ValueCheck {
    static func exact<Value: Equatable & Sendable>(
        _ keyPath: any KeyPath<Root, Value> & Sendable, _ expected: @escaping @Sendable (Any) -> Value?
    ) -> Self {
        ValueCheck(keyPath, expected: expected, equal: ==)
    }

    static func optional<Value: Equatable & Sendable>(
        _ keyPath: any KeyPath<Root, Value?> & Sendable, _ expected: @escaping @Sendable (Any) -> Value?
    ) -> Self {
        ValueCheck(keyPath, expected: { source in Oracle.isNull(source) ? .some(nil) : expected(source).map(Optional.some) }, equal: ==)
    }
}

/// Reads source values without the library: what a strict mapping of them must give.
enum Oracle {
    static func isNull(_ value: Any) -> Bool { value is NSNull }

    /// Optional wrappers removed; a wrapped nil becomes `NSNull`.
    static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first?.value else { return NSNull() }
        return unwrapped(wrapped)
    }

    /// The value under `key` in a dictionary source, or the element at an index of an array source.
    static func child(of source: Any, at key: MappingKey) -> Any? {
        switch key {
        case let .key(name):
            if let dictionary = source as? [String: Any] { return unwrapped(dictionary[name] ?? nil) }
            if let dictionary = source as? NSDictionary { return unwrapped(dictionary[name]) }
            return nil
        case let .index(index):
            guard let array = source as? [Any], index >= 0, index < array.count else { return nil }
            return unwrapped(array[index])
        case let .alternatives(names):
            // The first key present.
            return names.lazy.compactMap { child(of: source, at: .key($0)) }.first
        }
    }

    static func isBoolean(_ value: Any) -> Bool {
        type(of: value) == Bool.self || type(of: value) == type(of: NSNumber(value: true))
    }

    static func string(_ value: Any) -> String? {
        if let text = value as? String, !(value is NSNumber) { return text }
        return nil
    }

    static func bool(_ value: Any) -> Bool? {
        guard isBoolean(value) else { return nil }
        return (value as? Bool) ?? (value as? NSNumber)?.boolValue
    }

    /// The value as a double, for a number that is not a boolean.
    static func double(_ value: Any) -> Double? {
        if isBoolean(value) || value is String { return nil }
        switch value {
        // First, as Linux bridges an `NSDecimalNumber` to `Double` by its `doubleValue`: the double of
        // the decimal's own digits, correctly rounded, as the mapper reads it (`doubleValue` is not:
        // 26.92233720368547758079792 gives …548 rather than …476).
        case let number as NSDecimalNumber: return Double(number.stringValue) ?? number.doubleValue
        case let number as Int: return Double(number)
        case let number as Double: return number
        case let number as Float: return Double(number)
        case let number as Int8: return Double(number)
        case let number as Int64: return Double(number)
        case let number as UInt64: return Double(number)
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }

    /// The integer a source number stands for, when it is exactly one that fits `T`.
    static func integer<T: FixedWidthInteger>(_ value: Any, as _: T.Type) -> T? {
        if isBoolean(value) || value is String { return nil }
        if let number = value as? NSNumber, type(of: value) != Int.self, type(of: value) != Double.self {
            if value is NSDecimalNumber { return T(number.stringValue) }
            let code = String(cString: number.objCType)
            if code == "d" || code == "f" { return T(exactly: number.doubleValue) }
            return T(number.stringValue)
        }
        switch value {
        case let number as Double: return T(exactly: number)
        case let number as Float: return T(exactly: number)
        default: return T(String(describing: value))
        }
    }

    static func strings(_ value: Any) -> [String]? {
        guard let array = value as? [Any] else { return nil }
        let items = array.compactMap { unwrapped($0).flatMap(string) }
        return items.count == array.count ? items : nil
    }

    static func integers(_ value: Any) -> [Int]? {
        guard let array = value as? [Any] else { return nil }
        let items = array.compactMap { unwrapped($0).flatMap { integer($0, as: Int.self) } }
        return items.count == array.count ? items : nil
    }

    static func doubles(_ value: Any) -> [String: Double]? {
        guard let dictionary = value as? [String: Any] else { return nil }
        var result: [String: Double] = [:]
        for (key, item) in dictionary {
            guard let number = unwrapped(item).flatMap(double) else { return nil }
            result[key] = number
        }
        return result
    }
}

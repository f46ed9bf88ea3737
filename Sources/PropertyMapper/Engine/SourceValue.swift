import Foundation

/// Strict reading of source values, the same for JSONSerialization output and Swift literals.
///
/// On Linux `NSNumber(1) as? Bool` and `true as? Int` both succeed, so nothing here casts loosely:
/// values are told apart by their exact dynamic type first, and only unknown types are cast.
enum SourceValue {
    // Types named directly cost a load; stored in `static let`s they would cost a `swift_once` per use.
    private static var nullType: ObjectIdentifier { ObjectIdentifier(NSNull.self) }
    private static var stringType: ObjectIdentifier { ObjectIdentifier(String.self) }
    private static var numberType: ObjectIdentifier { ObjectIdentifier(NSNumber.self) }
    /// The class of JSON booleans (`__NSCFBoolean`), which is not public.
    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))
    private static var decimalNumberType: ObjectIdentifier { ObjectIdentifier(NSDecimalNumber.self) }
    private static var boolType: ObjectIdentifier { ObjectIdentifier(Bool.self) }
    private static var intType: ObjectIdentifier { ObjectIdentifier(Int.self) }
    private static var doubleType: ObjectIdentifier { ObjectIdentifier(Double.self) }
    private static var dictionaryType: ObjectIdentifier { ObjectIdentifier([String: Any].self) }
    private static var arrayType: ObjectIdentifier { ObjectIdentifier([Any].self) }
    private static var jsonObjectType: ObjectIdentifier { ObjectIdentifier(JSONObject.self) }

    /// The value's dynamic type. An `Any` is three words of inline storage and the stored type's
    /// metadata; when the stored type is one of the common value types, which have no subclasses,
    /// that is the dynamic type, read without the runtime's general look-up (which also looks
    /// inside class instances and nested existentials, and cost a tenth of a field's checks).
    @inline(__always)
    static func typeID(of value: Any) -> ObjectIdentifier {
        let stored = withUnsafePointer(to: value) {
            ObjectIdentifier(unsafeBitCast(
                UnsafeRawPointer($0).load(fromByteOffset: 3 * MemoryLayout<Int>.size, as: UnsafeRawPointer.self),
                to: Any.Type.self))
        }
        if stored == stringType || stored == dictionaryType || stored == arrayType || stored == intType
            || stored == doubleType || stored == boolType {
            return stored
        }
        return ObjectIdentifier(type(of: value))
    }

    /// The one null value the engine passes around (`NSNull` is immutable).
    nonisolated(unsafe) static let null: Any = NSNull()

    @inline(__always)
    static func isNull(_ value: Any) -> Bool {
        typeID(of: value) == nullType
    }

    /// The value with any `Optional` wrapping removed; `nil` inside becomes `NSNull`.
    @inline(__always)
    static func normalized(_ value: Any) -> Any {
        let type = typeID(of: value)
        if type == stringType || type == numberType || type == dictionaryType || type == nullType
            || type == arrayType || type == booleanType || type == intType || type == doubleType || type == boolType
            || type == jsonObjectType {
            return value
        }
        return unwrapped(value)
    }

    /// The value read once for the engine: normalized, its kind decided, a number's payload taken.
    /// The common dynamic types are told apart by one look at the type; the rest go the long way.
    static func item(_ raw: __owned Any) -> SourceItem {
        let type = typeID(of: raw)
        let scalar: SourceItem.Scalar
        if type == stringType {
            scalar = .string(unchecked(raw, as: String.self))
        } else if type == numberType {
            scalar = .number(number(fromNumber: unchecked(raw, as: NSNumber.self)))
        } else if type == dictionaryType || type == arrayType || type == jsonObjectType {
            scalar = .other
        } else if type == nullType {
            scalar = .null
        } else if type == booleanType {
            scalar = .bool(unchecked(raw, as: NSNumber.self).boolValue)
        } else if type == intType {
            scalar = .number(.int(Int64(unchecked(raw, as: Int.self))))
        } else if type == doubleType {
            scalar = .number(.double(unchecked(raw, as: Double.self)))
        } else if type == boolType {
            scalar = .bool(unchecked(raw, as: Bool.self))
        } else {
            return slowItem(raw)
        }
        return SourceItem(raw, scalar)
    }

    private static func slowItem(_ raw: Any) -> SourceItem {
        let value = unwrapped(raw)
        if isNull(value) { return SourceItem(value, .null) }
        if let text = string(value) { return SourceItem(value, .string(text)) }
        if let flag = bool(value) { return SourceItem(value, .bool(flag)) }
        if let number = number(value) { return SourceItem(value, .number(number)) }
        return SourceItem(value, .other)
    }

    private static func unwrapped(_ value: Any) -> Any {
        guard let optional = value as? any OptionalValue else { return value }
        guard let wrapped = optional.wrappedValue else { return null }
        return unwrapped(wrapped)
    }

    /// `value` as a `T`, for a value whose dynamic type the caller has just found to be `T` (or, for
    /// a class, a subclass of it). The runtime's general cast weighed more than the rest of a
    /// field's checks, so:
    /// - an `Any` is three words of inline storage and the stored type's metadata, and a small
    ///   bitwise-movable value (a `String`, a class reference) is stored inline: when the stored
    ///   type is `T` itself, the value is read in place, as a concrete `T`;
    /// - otherwise the existential is opened, which costs a third of the general cast when it holds
    ///   the `T` itself; when it holds it inside another existential (`AnyObject`, `any Sendable`),
    ///   or holds a subclass, the runtime casts.
    @inline(__always)
    private static func unchecked<T>(_ value: Any, as _: T.Type) -> T {
        if MemoryLayout<T>.size <= 3 * MemoryLayout<Int>.size, MemoryLayout<T>.alignment <= MemoryLayout<Int>.alignment,
           _isBitwiseTakable(T.self) {
            let direct: T? = withUnsafePointer(to: value) { container in
                let raw = UnsafeRawPointer(container)
                guard raw.load(fromByteOffset: 3 * MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
                    == unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self) else { return nil }
                return raw.load(as: T.self)
            }
            if let direct { return direct }
        }
        func reinterpret<Opened>(_ opened: Opened) -> T {
            Opened.self == T.self ? unsafeBitCast(opened, to: T.self) : opened as! T
        }
        return _openExistential(value, do: reinterpret)
    }

    // MARK: Strict readers

    static func string(_ value: Any) -> String? {
        if typeID(of: value) == stringType { return unchecked(value, as: String.self) }
        if isObject(value), let text = value as? NSString { return text as String }
        return nil
    }

    /// Whether the value is a class instance. Casting a Swift value (a dictionary, an array) to a
    /// Foundation class bridges it on Linux, recursively — slow, and a stack overflow when the value
    /// is deep — so the engine only casts objects to `NSString`, `NSNumber` and friends.
    @inline(__always)
    static func isObject(_ value: Any) -> Bool {
        Swift.type(of: value) is AnyClass
    }

    static func bool(_ value: Any) -> Bool? {
        let type = ObjectIdentifier(type(of: value))
        if type == boolType { return unchecked(value, as: Bool.self) }
        if type == booleanType { return unchecked(value, as: NSNumber.self).boolValue }
        return nil
    }

    /// A number that is not a boolean, or nil.
    static func number(_ value: Any) -> SourceNumber? {
        let type = ObjectIdentifier(type(of: value))
        if type == numberType { return number(fromNumber: unchecked(value, as: NSNumber.self)) }
        if type == intType { return .int(Int64(unchecked(value, as: Int.self))) }
        if type == doubleType { return .double(unchecked(value, as: Double.self)) }
        if type == booleanType || type == boolType || type == stringType { return nil }
        if type == decimalNumberType { return SourceNumber(decimal: (value as! NSDecimalNumber).decimalValue) }
        switch value {
        case let number as Int8: return .int(Int64(number))
        case let number as Int16: return .int(Int64(number))
        case let number as Int32: return .int(Int64(number))
        case let number as Int64: return .int(number)
        case let number as UInt: return SourceNumber(integer: number)
        case let number as UInt8: return .int(Int64(number))
        case let number as UInt16: return .int(Int64(number))
        case let number as UInt32: return .int(Int64(number))
        case let number as UInt64: return SourceNumber(integer: number)
        case let number as Float: return .double(Double(number))
        case let number as Decimal: return SourceNumber(decimal: number)
        default: break
        }
        // Other NSNumber subclasses. Booleans were ruled out by class above.
        guard isObject(value), let object = value as? NSNumber else { return nil }
        if let decimal = object as? NSDecimalNumber { return SourceNumber(decimal: decimal.decimalValue) }
        return number(fromNumber: object)
    }

    private static func number(fromNumber number: NSNumber) -> SourceNumber {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return SourceNumber(integer: number.uint64Value)
        default:
            return .int(number.int64Value)
        }
    }

    // MARK: Containers

    /// The value as a `[String: Any]`, when it is exactly one.
    @inline(__always)
    static func dictionary(_ value: Any) -> [String: Any]? {
        typeID(of: value) == dictionaryType ? unchecked(value, as: [String: Any].self) : nil
    }

    /// The value as a `JSONObject` read for `level`, when it is one.
    @inline(__always)
    static func jsonObject(_ value: Any, for level: LevelCore) -> JSONObject? {
        guard ObjectIdentifier(type(of: value)) == jsonObjectType else { return nil }
        let object = unchecked(value, as: JSONObject.self)
        return object.level.plan === level ? object : nil
    }

    /// The value as strings, when it is an `[Any]` holding only Swift strings.
    static func strings(_ value: Any) -> [String]? {
        guard typeID(of: value) == arrayType else { return nil }
        let array = unchecked(value, as: [Any].self)
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for element in array {
            guard typeID(of: element) == stringType else { return nil }
            strings.append(unchecked(element, as: String.self))
        }
        return strings
    }

    /// A view of a dictionary source without converting or copying it.
    static func keyed(_ value: Any) -> KeyedSource? {
        if typeID(of: value) == dictionaryType { return .dictionary(unchecked(value, as: [String: Any].self)) }
        if let other = value as? any StringKeyedContainer, other.acceptsStringKeys { return .other(other) }
        return nil
    }

    /// A view of an array source without converting or copying it.
    static func indexed(_ value: Any) -> IndexedSource? {
        if typeID(of: value) == arrayType { return .array(unchecked(value, as: [Any].self)) }
        if let other = value as? any IndexedContainer { return .other(other) }
        return nil
    }

    // MARK: Describing

    /// What the value is, in JSON's words.
    static func kind(of value: Any) -> ValueKind {
        if isNull(value) { return .null }
        if string(value) != nil { return .string }
        if bool(value) != nil { return .boolean }
        if number(value) != nil { return .number }
        if indexed(value) != nil { return .array }
        if keyed(value) != nil { return .object }
        return .other(typeName: TypeName.of(Swift.type(of: value)))
    }

    /// The value rendered briefly as JSON: long strings are cut (keeping their length), containers are summarized.
    static func render(_ value: Any) -> String {
        let value = normalized(value)
        if isNull(value) { return "null" }
        if let text = string(value) { return render(string: text) }
        if let flag = bool(value) { return flag ? "true" : "false" }
        if let number = number(value) { return number.rendered }
        if let array = indexed(value) {
            let count = array.count
            if count <= 6 {
                let items = (0..<count).map { array[$0] }
                if items.allSatisfy(isScalar) {
                    let inline = "[" + items.map(render).joined(separator: ", ") + "]"
                    if inline.count <= 48 { return inline }
                }
            }
            return "[…] (\(count) \(count == 1 ? "element" : "elements"))"
        }
        if let object = keyed(value) {
            let count = object.count
            return "{…} (\(count) \(count == 1 ? "key" : "keys"))"
        }
        return truncated(String(describing: value))
    }

    private static func isScalar(_ value: Any) -> Bool {
        let value = normalized(value)
        return isNull(value) || bool(value) != nil || number(value) != nil
            || string(value).map { $0.count <= 12 } == true
    }

    static func render(string text: String) -> String {
        let limit = 32
        let count = text.count
        guard count > limit else { return quoted(text) }
        return quoted(String(text.prefix(23)) + "…") + " (\(count) characters)"
    }

    private static func truncated(_ text: String) -> String {
        text.count > 48 ? String(text.prefix(47)) + "…" : text
    }

    /// The text as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// A present source value as the engine reads it: normalized, with its kind decided once, so that
/// a node's conversion and every one of its validators work from the same reading (one look at the
/// dynamic type, one read of a number) instead of each casting the `Any` again.
struct SourceItem {
    enum Scalar {
        case null
        case string(String)
        case bool(Bool)
        case number(SourceNumber)
        /// An array, a dictionary or another type: read from `value`.
        case other
    }

    /// The normalized value: for containers, dynamic casts and error reports.
    let value: Any
    let scalar: Scalar

    init(_ value: Any, _ scalar: Scalar) {
        self.value = value
        self.scalar = scalar
    }

    /// Reads `value` (see `SourceValue.item`).
    init(_ value: Any) {
        self = SourceValue.item(value)
    }

    var isNull: Bool {
        if case .null = scalar { true } else { false }
    }

    /// What the value is, in JSON's words.
    var kind: ValueKind {
        switch scalar {
        case .null: .null
        case .string: .string
        case .bool: .boolean
        case .number: .number
        case .other: SourceValue.kind(of: value)
        }
    }
}

/// A dictionary source, read in place.
enum KeyedSource {
    case dictionary([String: Any])
    case other(any StringKeyedContainer)

    /// The normalized value under `key`, or nil when absent.
    @inline(__always)
    func value(forKey key: String) -> Any? {
        switch self {
        case let .dictionary(dictionary):
            guard let value = dictionary[key] else { return nil }
            return SourceValue.normalized(value)
        case let .other(container):
            guard let value = container.value(forKey: key) else { return nil }
            return SourceValue.normalized(value)
        }
    }

    var count: Int {
        switch self {
        case let .dictionary(dictionary): return dictionary.count
        case let .other(container): return container.count
        }
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

    /// Every element in order, read for the engine, with its index.
    @inline(__always)
    func forEachItem(_ body: (Int, SourceItem) -> Void) {
        switch self {
        case let .array(array):
            for index in array.indices { body(index, SourceValue.item(array[index])) }
        case let .other(container):
            for index in 0..<container.count { body(index, SourceValue.item(container.element(at: index))) }
        }
    }

    /// The normalized element at `index`, or nil past either end.
    @inline(__always)
    func element(at index: Int) -> Any? {
        index >= 0 && index < count ? self[index] : nil
    }
}

// MARK: Containers other than [String: Any] and [Any]

protocol StringKeyedContainer {
    var acceptsStringKeys: Bool { get }
    var count: Int { get }
    func value(forKey key: String) -> Any?
    func forEachStringKey(_ body: (String, Any) -> Void)
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
        if let key = key as? Key { return self[key] }
        if let key = AnyHashable(key) as? Key { return self[key] }
        return nil
    }

    func forEachStringKey(_ body: (String, Any) -> Void) {
        for (key, value) in self {
            if let key = SourceValue.string((key as AnyHashable).base) { body(key, value) }
        }
    }
}

extension NSDictionary: StringKeyedContainer {
    var acceptsStringKeys: Bool { true }

    func value(forKey key: String) -> Any? {
        unbridgedValue(forKey: key)  // not object(forKey:): see NSDictionary+Unbridged.swift
    }

    func forEachStringKey(_ body: (String, Any) -> Void) {
        forEachUnbridgedStringKey(body)
    }
}

extension Array: IndexedContainer {
    func element(at index: Int) -> Any { self[index] }
}

extension NSArray: IndexedContainer {
    func element(at index: Int) -> Any { object(at: index) }
}

/// Lets the engine see through an `Optional` stored in an `Any`.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 as Any } }
}

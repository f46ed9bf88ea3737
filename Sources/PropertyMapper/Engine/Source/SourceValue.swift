import Foundation

/// Strict reading of source values. On Linux `NSNumber(1) as? Bool` and `true as? Int` both succeed,
/// so values are told apart by exact dynamic type first and only unknown types are cast; a value just
/// found to be a `T` is then taken as one (`take(_:as:)`, `as! T`), which cannot fail.
enum SourceValue {
    // Types named directly cost a load; stored in `static let`s they would cost a `swift_once` per use.
    static var nullType: ObjectIdentifier { ObjectIdentifier(NSNull.self) }
    static var stringType: ObjectIdentifier { ObjectIdentifier(String.self) }
    static var numberType: ObjectIdentifier { ObjectIdentifier(NSNumber.self) }
    /// The class of JSON booleans (`__NSCFBoolean`), which is not public.
    static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))
    static var decimalNumberType: ObjectIdentifier { ObjectIdentifier(NSDecimalNumber.self) }
    static var boolType: ObjectIdentifier { ObjectIdentifier(Bool.self) }
    static var intType: ObjectIdentifier { ObjectIdentifier(Int.self) }
    static var doubleType: ObjectIdentifier { ObjectIdentifier(Double.self) }
    static var dictionaryType: ObjectIdentifier { ObjectIdentifier([String: Any].self) }
    static var arrayType: ObjectIdentifier { ObjectIdentifier([Any].self) }
    static var jsonObjectType: ObjectIdentifier { ObjectIdentifier(JSONObject.self) }

    static func typeID(of value: Any) -> ObjectIdentifier {
        ObjectIdentifier(type(of: value))
    }

    /// `value` as `T`, the type it was just found to be (stored or dynamic), so this cannot fail. When
    /// `T` is `Stored` it is read in place, a retain where a cast asks the runtime; otherwise it is cast
    /// (a JSON boolean's class is a subclass of `NSNumber`). `inout` only to read it in place; never written.
    @inline(__always)
    static func take<Stored, T>(_ value: inout Stored, as _: T.Type) -> T {
        guard Stored.self == T.self else { return value as! T }
        return copy(of: &value, as: T.self)
    }

    /// Invariant: `Stored` is `T` (`take` checks it), so `pointer` holds an initialized `T`.
    @inline(__always)
    private static func copy<Stored, T>(of pointer: UnsafePointer<Stored>, as _: T.Type) -> T {
        UnsafeRawPointer(pointer).assumingMemoryBound(to: T.self).pointee
    }

    /// The one null value the engine passes around (`NSNull` is immutable).
    nonisolated(unsafe) static let null: Any = NSNull()

    static func isNull(_ value: Any) -> Bool {
        typeID(of: value) == nullType
    }

    /// The value with any `Optional` wrapping removed; `nil` inside becomes `NSNull`.
    static func normalized(_ value: Any) -> Any {
        let type = typeID(of: value)
        if type == stringType || type == numberType || type == dictionaryType || type == nullType
            || type == arrayType || type == booleanType || type == intType || type == doubleType || type == boolType
            || type == jsonObjectType
        {
            return value
        }
        return unwrapped(value)
    }

    static func unwrapped(_ value: Any) -> Any {
        // The value an `AnyHashable` holds (a `[String: AnyHashable]`'s): asked by exact type, since any hashable value casts to it.
        if typeID(of: value) == ObjectIdentifier(AnyHashable.self), let hashable = value as? AnyHashable {
            return unwrapped(hashable.base)
        }
        guard let optional = value as? any OptionalConvertible else { return value }
        guard let wrapped = optional.wrappedValue else { return null }
        return unwrapped(wrapped)
    }

    static func string(_ value: Any) -> String? {
        if typeID(of: value) == stringType { return (value as! String) }
        if isObject(value), let text = value as? NSString { return text as String }
        return nil
    }

    /// Whether the value is a class instance: only those are cast to Foundation classes, since on Linux
    /// such a cast bridges a Swift dictionary or array recursively (slow; a deep one overflows the stack).
    static func isObject(_ value: Any) -> Bool {
        Swift.type(of: value) is AnyClass
    }

    /// A `Decimal` or `NSDecimalNumber` source (the JSON reader's exact reading) as it is; nil otherwise.
    static func exactDecimal(_ value: Any) -> Decimal? {
        if ObjectIdentifier(Swift.type(of: value)) == ObjectIdentifier(Decimal.self) { return (value as! Decimal) }
        if isObject(value), let decimal = value as? NSDecimalNumber { return decimal.decimalValue }
        return nil
    }

    static func bool(_ value: Any) -> Bool? {
        let type = ObjectIdentifier(type(of: value))
        if type == boolType { return (value as! Bool) }
        if type == booleanType { return (value as! NSNumber).boolValue }
        return nil
    }

    /// A number that is not a boolean, or nil.
    static func number(_ value: Any) -> SourceNumber? {
        let type = ObjectIdentifier(type(of: value))
        if type == numberType { return number(fromNumber: value as! NSNumber) }
        if type == intType { return .int(Int64(value as! Int)) }
        if type == doubleType { return .double(value as! Double) }
        if type == booleanType || type == boolType || type == stringType { return nil }
        if type == decimalNumberType { return SourceNumber(decimal: (value as! NSDecimalNumber).decimalValue) }
        if let inexact = InexactNumber.of(value) { return inexact.nearest }
        guard isObject(value) else {
            // Any integer or floating-point type (`Int8`, `CGFloat`, `Int128`; a `Float` as its shortest digits).
            switch value {
            case let number as Decimal: return SourceNumber(decimal: number)
            case let number as Float: return .double(number.standsFor)
            case let integer as any BinaryInteger: return SourceNumber(integer: integer)
            case let floating as any BinaryFloatingPoint: return .double(Double(floating))
            default: return nil
            }
        }
        // Other NSNumber subclasses. Booleans were ruled out by class above.
        guard let object = value as? NSNumber else { return nil }
        if let decimal = object as? NSDecimalNumber { return SourceNumber(decimal: decimal.decimalValue) }
        return number(fromNumber: object)
    }

    static func number(fromNumber number: NSNumber) -> SourceNumber {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"):
            return .double(number.doubleValue)
        case UInt8(ascii: "f"):
            return .double(number.floatValue.standsFor)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return SourceNumber(integer: number.uint64Value)
        default:
            return .int(number.int64Value)
        }
    }

    /// The value as strings, when it is a `[String]`, or an `[Any]` that holds only Swift strings.
    static func strings(_ item: SourceItem) -> [String]? {
        switch item.scalar {
        case let .array(array):
            var strings: [String] = []
            strings.reserveCapacity(array.count)
            for var element in array {
                guard let text = storedString(&element) else { return nil }
                strings.append(text)
            }
            return strings
        case .other:
            guard typeID(of: item.value) == ObjectIdentifier([String].self) else { return nil }
            var value = item.value
            return take(&value, as: [String].self)
        default:
            return nil
        }
    }

    /// The `Any` opened: the string it holds when it was stored as a `String`.
    private static func storedString<Stored>(_ value: inout Stored) -> String? {
        Stored.self == String.self ? take(&value, as: String.self) : nil
    }

    /// A view of a dictionary source without converting or copying it.
    static func keyed(_ value: Any) -> KeyedSource? {
        if typeID(of: value) == dictionaryType { return .dictionary(value as! [String: Any]) }
        if let other = value as? any StringKeyedContainer, other.acceptsStringKeys { return .other(other) }
        return nil
    }

    /// A view of an array source without converting or copying it.
    static func indexed(_ value: Any) -> IndexedSource? {
        if typeID(of: value) == arrayType { return .array(value as! [Any]) }
        // Not `object(at:)`: see FoundationContainers+Unbridged.swift.
        if isObject(value), let array = value as? NSArray { return .other(UnbridgedArray(array)) }
        if let other = value as? any IndexedContainer { return .other(other) }
        if let set = value as? any UnorderedElements { return .array(set.elementsInAnyOrder) }
        return nil
    }

    static func kind(of value: Any) -> ValueKind {
        if isNull(value) { return .null }
        if string(value) != nil { return .string }
        if bool(value) != nil { return .boolean }
        if number(value) != nil { return .number }
        if indexed(value) != nil { return .array }
        if keyed(value) != nil { return .object }
        return .other(typeName: TypeName.of(Swift.type(of: value)))
    }
}

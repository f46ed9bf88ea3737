import Foundation

/// Strict reading of source values, the same for JSONSerialization output and Swift literals.
///
/// On Linux `NSNumber(1) as? Bool` and `true as? Int` both succeed, so nothing here casts loosely:
/// values are told apart by their exact dynamic type first, and only unknown types are cast. A value
/// whose type was just found to be `T` is then taken as a `T` (`take(_:as:)`, or `as! T`), which
/// cannot fail.
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

    /// The value's dynamic type.
    static func typeID(of value: Any) -> ObjectIdentifier {
        ObjectIdentifier(type(of: value))
    }

    /// `value` as `T`, the type it was just found to be (its stored or its dynamic type), so that
    /// this cannot fail. When `T` is the very type `value` is stored as (`Stored`, opened from an
    /// `Any` by the call), the value is read in place, which costs a retain where a cast asks the
    /// runtime; otherwise (its class is a subclass of `T`, as a JSON boolean's is of `NSNumber`) it
    /// is cast.
    ///
    /// (`inout` only so that the value can be read where it lies; nothing writes it.)
    @inline(__always)
    static func take<Stored, T>(_ value: inout Stored, as _: T.Type) -> T {
        guard Stored.self == T.self else { return value as! T }
        return copy(of: &value, as: T.self)
    }

    /// A copy of the `T` at `pointer`. Invariant: `Stored` is `T` (`take` checks it), so the memory
    /// holds an initialized `T`.
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
        guard let optional = value as? any OptionalValue else { return value }
        guard let wrapped = optional.wrappedValue else { return null }
        return unwrapped(wrapped)
    }

    // MARK: Strict readers

    static func string(_ value: Any) -> String? {
        if typeID(of: value) == stringType { return (value as! String) }
        if isObject(value), let text = value as? NSString { return text as String }
        return nil
    }

    /// Whether the value is a class instance. Casting a Swift value (a dictionary, an array) to a
    /// Foundation class bridges it on Linux, recursively — slow, and a stack overflow when the value
    /// is deep — so the engine only casts objects to `NSString`, `NSNumber` and friends.
    static func isObject(_ value: Any) -> Bool {
        Swift.type(of: value) is AnyClass
    }

    /// The value of a number source that is a `Decimal` or an `NSDecimalNumber` (the JSON reader's
    /// exact reading), taken as it is; nil for any other number.
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

    static func number(fromNumber number: NSNumber) -> SourceNumber {
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

    /// The value as strings, when it is a `[String]`, or an `[Any]` that holds only Swift strings.
    static func strings(_ item: SourceItem) -> [String]? {
        switch item.scalar {
        case let .array(array):
            return strings(array)
        case .other:
            guard typeID(of: item.value) == ObjectIdentifier([String].self) else { return nil }
            var value = item.value
            return take(&value, as: [String].self)
        default:
            return nil
        }
    }

    /// The array as strings, when it holds only Swift strings.
    static func strings(_ array: [Any]) -> [String]? {
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for var element in array {
            guard let text = storedString(&element) else { return nil }
            strings.append(text)
        }
        return strings
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
        return nil
    }
}

extension SourceValue {
    /// What the value is, as JSON names it.
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

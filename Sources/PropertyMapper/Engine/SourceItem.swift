import Foundation

/// A present source value as the engine reads it: normalized, with its kind decided once, so that
/// a node's conversion and every one of its validators work from the same reading (one look at the
/// dynamic type, one read of a number) instead of each casting the `Any` again.
struct SourceItem {
    enum Scalar {
        case null
        case string(String)
        case bool(Bool)
        case number(SourceNumber)
        /// The common containers, taken out of the `Any` once, for the level or conversion that reads them.
        case dictionary([String: Any])
        case array([Any])
        case object(JSONObject)
        /// Another container or another type: read from `value`.
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
        case .dictionary, .object: .object
        case .array: .array
        case .other: SourceValue.kind(of: value)
        }
    }

    /// The value as a container read by key, when it is one.
    var keyed: KeyedSource? {
        switch scalar {
        case let .dictionary(dictionary): .dictionary(dictionary)
        case let .object(object): .other(object)
        case .other: SourceValue.keyed(value)
        default: nil
        }
    }

    /// The value as a container read by index, when it is one.
    var indexed: IndexedSource? {
        switch scalar {
        case let .array(array): .array(array)
        case .other: SourceValue.indexed(value)
        default: nil
        }
    }
}

extension SourceValue {
    /// The value read once for the engine: normalized, its kind decided, a number's payload taken.
    ///
    /// The `Any` is opened, so the common types are told apart by comparing the type it was stored
    /// as. A class instance is then told apart by its dynamic class (a JSON boolean is stored as an
    /// `NSNumber`). Any other value goes the long way, by its dynamic type.
    static func item(_ raw: Any) -> SourceItem {
        if let scalar = commonScalar(raw) { return SourceItem(raw, scalar) }
        return typedItem(raw)
    }

    /// The reading of a value stored as one of the common types, or nil. `Stored` is the type the
    /// value was stored as in its `Any` (opened by the call), so each test is a comparison of types,
    /// and the cast that follows one, from a known type to that same type, cannot fail.
    private static func commonScalar<Stored>(_ value: Stored) -> SourceItem.Scalar? {
        let stored = ObjectIdentifier(Stored.self)
        if stored == stringType { return .string(value as! String) }
        if stored == numberType {
            let number = value as! NSNumber
            let dynamic = ObjectIdentifier(type(of: number))
            if dynamic == numberType { return .number(self.number(fromNumber: number)) }
            if dynamic == booleanType { return .bool(number.boolValue) }
            return nil
        }
        if stored == dictionaryType { return .dictionary(value as! [String: Any]) }
        if stored == arrayType { return .array(value as! [Any]) }
        if stored == jsonObjectType { return .object(value as! JSONObject) }
        if stored == nullType { return ObjectIdentifier(type(of: value as! NSNull)) == nullType ? .null : nil }
        if stored == intType { return .number(.int(Int64(value as! Int))) }
        if stored == doubleType { return .number(.double(value as! Double)) }
        if stored == boolType { return .bool(value as! Bool) }
        return nil
    }

    /// The common dynamic types, told apart by one look at the type; the rest go the long way.
    private static func typedItem(_ raw: Any) -> SourceItem {
        let type = typeID(of: raw)
        let scalar: SourceItem.Scalar
        if type == stringType {
            scalar = .string(raw as! String)
        } else if type == numberType {
            scalar = .number(number(fromNumber: raw as! NSNumber))
        } else if type == dictionaryType {
            scalar = .dictionary(raw as! [String: Any])
        } else if type == arrayType {
            scalar = .array(raw as! [Any])
        } else if type == jsonObjectType {
            scalar = .object(raw as! JSONObject)
        } else if type == nullType {
            scalar = .null
        } else if type == booleanType {
            scalar = .bool((raw as! NSNumber).boolValue)
        } else if type == intType {
            scalar = .number(.int(Int64(raw as! Int)))
        } else if type == doubleType {
            scalar = .number(.double(raw as! Double))
        } else if type == boolType {
            scalar = .bool(raw as! Bool)
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
}

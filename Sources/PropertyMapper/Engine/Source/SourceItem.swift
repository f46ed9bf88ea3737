import Foundation

/// A present source value read once: normalized, its kind decided, a number's payload taken, so that
/// a conversion and its validators share one reading instead of each casting the `Any` again.
struct SourceItem {
    enum Scalar {
        case null
        case string(String)
        case bool(Bool)
        case number(SourceNumber)
        case dictionary([String: Any])
        case array([Any])
        case object(JSONObject)
        /// Another container or another type: read from `value`.
        case other
    }

    /// The normalized value, for `.other`, dynamic casts and error reports.
    let value: Any
    let scalar: Scalar

    init(_ value: Any, _ scalar: Scalar) {
        self.value = value
        self.scalar = scalar
    }

    /// Holds `value` itself, uncopied. Common types are told apart by the type the `Any` stores, then by
    /// dynamic type (an `NSNumber` stored as an `NSObject`); any other value goes the long way.
    init(_ value: consuming Any) {
        if let scalar = SourceValue.commonScalar(of: &value) {
            self.init(value, scalar)
        } else {
            self = SourceValue.slowItem(value)
        }
    }

    var isNull: Bool {
        if case .null = scalar { true } else { false }
    }

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

    var keyed: KeyedSource? {
        switch scalar {
        case let .dictionary(dictionary): .dictionary(dictionary)
        case let .object(object): .other(object)
        case .other: SourceValue.keyed(value)
        default: nil
        }
    }

    var indexed: IndexedSource? {
        switch scalar {
        case let .array(array): .array(array)
        case .other: SourceValue.indexed(value)
        default: nil
        }
    }
}

extension SourceValue {
    /// `raw`'s reading when its type is a common one, else nil (`inout` to read it in place; never written).
    fileprivate static func commonScalar(of raw: inout Any) -> SourceItem.Scalar? {
        if let scalar = commonScalar(&raw) { return scalar }
        return commonScalar(&raw, typed: typeID(of: raw))
    }

    /// Opens the `Any`: tries the type the value was stored as.
    private static func commonScalar<Stored>(_ value: inout Stored) -> SourceItem.Scalar? {
        commonScalar(&value, typed: ObjectIdentifier(Stored.self))
    }

    /// The reading when `type` (stored or dynamic) is a common one; `take` cannot fail, as the value is
    /// that type. An `NSNumber` is then told apart by its dynamic class, since a JSON boolean is one.
    @inline(__always)
    private static func commonScalar<Stored>(_ value: inout Stored, typed type: ObjectIdentifier) -> SourceItem.Scalar? {
        if type == stringType { return .string(take(&value, as: String.self)) }
        if type == numberType {
            let number = take(&value, as: NSNumber.self)
            let dynamic = ObjectIdentifier(Swift.type(of: number))
            if dynamic == numberType { return .number(self.number(fromNumber: number)) }
            if dynamic == booleanType { return .bool(number.boolValue) }
            return nil
        }
        if type == dictionaryType { return .dictionary(take(&value, as: [String: Any].self)) }
        if type == arrayType { return .array(take(&value, as: [Any].self)) }
        if type == jsonObjectType { return .object(take(&value, as: JSONObject.self)) }
        if type == nullType { return ObjectIdentifier(Swift.type(of: take(&value, as: NSNull.self))) == nullType ? .null : nil }
        if type == booleanType { return .bool(take(&value, as: NSNumber.self).boolValue) }
        if type == intType { return .number(.int(Int64(take(&value, as: Int.self)))) }
        if type == doubleType { return .number(.double(take(&value, as: Double.self))) }
        if type == boolType { return .bool(take(&value, as: Bool.self)) }
        return nil
    }

    fileprivate static func slowItem(_ raw: Any) -> SourceItem {
        let value = unwrapped(raw)
        if isNull(value) { return SourceItem(value, .null) }
        if let text = string(value) { return SourceItem(value, .string(text)) }
        if let flag = bool(value) { return SourceItem(value, .bool(flag)) }
        if let number = number(value) { return SourceItem(value, .number(number)) }
        return SourceItem(value, .other)
    }
}

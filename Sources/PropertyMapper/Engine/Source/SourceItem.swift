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

    /// Reads `value` once for the engine: normalized, its kind decided, a number's payload taken.
    /// The item then holds `value` itself, without a copy.
    ///
    /// The `Any` is opened, so the common types are first told apart by the type the value was
    /// stored as (an `NSNumber` holding a JSON boolean by its class as well); a value stored as a
    /// superclass of its type (an `NSNumber` held as an `NSObject`) is then told apart by its
    /// dynamic type. Any other value goes the long way.
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
    /// The reading of `raw` when it is one of the common types; nil otherwise (see `SourceItem.init`).
    /// (`inout` only so that a value can be read in place; nothing writes it.)
    fileprivate static func commonScalar(of raw: inout Any) -> SourceItem.Scalar? {
        if let scalar = commonScalar(&raw) { return scalar }
        return commonScalar(&raw, typed: typeID(of: raw))
    }

    /// The reading of `value` when the type it was stored as in its `Any` (opened by the call) is
    /// one of the common types.
    private static func commonScalar<Stored>(_ value: inout Stored) -> SourceItem.Scalar? {
        commonScalar(&value, typed: ObjectIdentifier(Stored.self))
    }

    /// The reading of `value` when `type`, its stored or its dynamic type, is one of the common
    /// types; nil otherwise. Each value is taken as the type it was just found to be, so it cannot
    /// fail (`take`). A class instance stored as `NSNumber` is told apart by its dynamic class, since
    /// a JSON boolean is one.
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

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

extension SourceValue {
    /// The value read once for the engine: normalized, its kind decided, a number's payload taken.
    /// The common dynamic types are told apart by one look at the type; the rest go the long way.
    static func item(_ raw: Any) -> SourceItem {
        let type = typeID(of: raw)
        let scalar: SourceItem.Scalar
        if type == stringType {
            scalar = .string(raw as! String)
        } else if type == numberType {
            scalar = .number(number(fromNumber: raw as! NSNumber))
        } else if type == dictionaryType || type == arrayType || type == jsonObjectType {
            scalar = .other
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

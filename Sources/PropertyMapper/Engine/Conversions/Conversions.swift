import Foundation

/// The conversions, one per type, made once, each kind in its `Conversions+….swift`: scalars, containers, lossy arrays,
/// models (and enums), `.lenient()`, `.polymorphic`. `.box` and `.call` convert their input by one, then finish it (`+Box`,
/// `+Call`); a field's `default:` and `fallback:` stand in for a value (`+Substitutes`).
enum Conversions {
    /// The strict conversion: scalars by kind, containers element by element, optionals taking null, else by dynamic cast.
    static func make<Value>(_ type: Value.Type) -> Conversion<Value> {
        known(Value.self).flatMap { typed($0) } ?? dynamicCast(Value.self)
    }

    /// A conversion made for `Value` where its type was known only as `Any`, typed again: the cast holds.
    static func typed<Value>(_ made: Any) -> Conversion<Value>? {
        let conversion = made as? Conversion<Value>
        assert(conversion != nil, "a \(type(of: made)) made for \(Value.self)")
        return conversion
    }

    /// The conversion of a scalar, or of a model, optional, array, `[String: …]`, set or enum, which is made by the protocol
    /// that opens `Value` and knows the type only as conforming: returned as `Any`; nil for any other type.
    private static func known<Value>(_: Value.Type) -> Any? {
        func erased<Model: Mappable & ThreadSafeMetatype>(_ model: Model.Type) -> Any { mappable(model) }
        func erased<Model: ImmutableMappable & ThreadSafeMetatype>(_ model: Model.Type) -> Any { immutableMappable(model) }
        func erased<Enum: RawRepresentable & ThreadSafeMetatype>(_ type: Enum.Type) -> Any { rawRepresentable(type) }
        func erased<Floating: BinaryFloatingPoint & Sendable>(_ type: Floating.Type) -> Any { floatingPoint(type) }
        func erased<Integer: FixedWidthInteger & Sendable>(_ type: Integer.Type) -> Any { integer(type) }
        return switch Value.self {
        case is String.Type: string
        case is Bool.Type: bool
        case is Int.Type: integer(Int.self)
        case is Int8.Type: integer(Int8.self)
        case is Int16.Type: integer(Int16.self)
        case is Int32.Type: integer(Int32.self)
        case is Int64.Type: integer(Int64.self)
        case is UInt.Type: integer(UInt.self)
        case is UInt8.Type: integer(UInt8.self)
        case is UInt16.Type: integer(UInt16.self)
        case is UInt32.Type: integer(UInt32.self)
        case is UInt64.Type: integer(UInt64.self)
        case is Double.Type: double
        case is Float.Type: float
        case is Decimal.Type: decimal
        case is Character.Type: character
        // Common containers, from concrete types so their code is specialized (generic ones look up metadata per element).
        case is String?.Type: optional(string)
        case is Int?.Type: optional(integer(Int.self))
        case is Double?.Type: optional(double)
        case is Bool?.Type: optional(bool)
        case is [String].Type: strings
        case is [Int].Type: array(integer(Int.self))
        case is [Double].Type: array(double)
        case is [String]?.Type: optional(strings)
        case let model as any (Mappable & ThreadSafeMetatype).Type: erased(model)
        case let model as any (ImmutableMappable & ThreadSafeMetatype).Type: erased(model)
        case let container as any ContainerConvertible.Type: container.containerConversion()
        case let enumeration as any (RawRepresentable & ThreadSafeMetatype).Type: erased(enumeration)
        case let floating as any (BinaryFloatingPoint & Sendable).Type: erased(floating)  // `CGFloat`, `Float16`
        case let integer as any (FixedWidthInteger & Sendable).Type: erased(integer)  // `Int128`, `UInt128`
        default: nil
        }
    }

    /// Any other type (a protocol, `Any`, a class), by dynamic cast.
    static func dynamicCast<Value>(_: Value.Type) -> Conversion<Value> {
        let name = TypeName.of(Value.self)
        return Conversion<Value>(typeName: name, kinds: .all) { item, issues in
            // A number read for its exact digits that no `Decimal` holds is, to any other type, the number read plainly.
            if let result = InexactNumber.plain(in: item.value) as? Value { return result }
            issues.addMismatch(item, expected: name)
            return nil
        }
    }
}

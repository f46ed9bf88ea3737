// `default:` and `fallback:` on `.property`, `.box` and `.call`: values written in place of the source's.

extension PropertyDescriptor {
    /// Writes `defaultValue` when the key is absent (a `defaultUsed` warning); with `fallback:`, a present value that
    /// fails (type, validators, enum) writes the fallback (`fallbackUsed`):
    ///
    /// `.property(\.status, default: .draft, fallback: .unknown)`. A later `.ifAbsent(_:)` overrides the default,
    /// `.ifNull(.useDefault)` writes it for null; validators never judge it.
    /// On an optional property, `fallback: nil` is a fallback of nil.
    public static func property<Value: Sendable>(
        _ keyPath: any KeyPath<Root, Value> & Sendable, default defaultValue: Value, fallback: Value
    ) -> Self {
        Self(.field(PropertyField(keyPath, substitutes: Substitutes(default: defaultValue, fallback: fallback)))).ifAbsent(.useDefault)
    }

    /// `default:` alone: a present value that fails is an error.
    public static func property<Value: Sendable>(_ keyPath: any KeyPath<Root, Value> & Sendable, default defaultValue: Value) -> Self {
        Self(.field(PropertyField(keyPath, substitutes: Substitutes(default: defaultValue, fallback: nil)))).ifAbsent(.useDefault)
    }

    /// A present value that fails writes `fallback` instead (`.property(\.kind, fallback: .unknown)`); null follows `.ifNull(_:)`.
    public static func property<Value: Sendable>(_ keyPath: any KeyPath<Root, Value> & Sendable, fallback: Value) -> Self {
        Self(.field(PropertyField(keyPath, substitutes: Substitutes(default: nil, fallback: fallback))))
    }

    /// `.box` with a default and an optional fallback: `.box(.url, \.site, default: URL(string: "https://example.com")!)`.
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value> & Sendable, default defaultValue: Value, fallback: Value? = nil
    ) -> Self {
        Self(.field(boxing.field(keyPath, Substitutes(default: defaultValue, fallback: fallback)))).ifAbsent(.useDefault)
    }

    /// `.box` with a fallback only.
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value> & Sendable, fallback: Value
    ) -> Self {
        Self(.field(boxing.field(keyPath, Substitutes(default: nil, fallback: fallback))))
    }

    /// The same for an optional property (`URL?`).
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value?> & Sendable, default defaultValue: Value, fallback: Value? = nil
    ) -> Self {
        Self(.field(boxing.field(keyPath, .optional(default: defaultValue, fallback: fallback)))).ifAbsent(.useDefault)
    }

    /// The same for an optional property, with a fallback only.
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value?> & Sendable, fallback: Value
    ) -> Self {
        Self(.field(boxing.field(keyPath, Substitutes<Value?>(default: nil, fallback: fallback))))
    }
}

extension PropertyDescriptor {
    /// `.call` writing `defaultValue` when the key is absent (a `defaultUsed` warning) and, with `fallback:`, the
    /// fallback for a present value that fails (type, validators, nil or a throw from the method):
    /// `"kind": .call(Trip.kind(from:), \.kind, default: .none, fallback: .unknown, reverse: Trip.name(of:))`.
    /// `"kind": "boat"` then warns `kind → kind: the fallback "unknown" was written in place of a value that
    /// failed: the call returned nil, expected Kind [call]; got "boat" [fallbackUsed]`. Null follows
    /// `.ifNull(_:)`; the method never sees null or a substitute, and validators never judge a substitute.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        default defaultValue: Value, fallback: Value? = nil,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes(default: defaultValue, fallback: fallback))
            .ifAbsent(.useDefault)
    }

    /// `.call` with a fallback only: `"kind": .call(Trip.kind(from:), \.kind, fallback: .unknown)`.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        fallback: Value,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes(default: nil, fallback: fallback))
    }

    /// The same for an optional property: the method returning nil writes nil (not the fallback).
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable,
        default defaultValue: Value, fallback: Value? = nil,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: .optional(default: defaultValue, fallback: fallback)).ifAbsent(.useDefault)
    }

    /// The same for an optional property, with a fallback only.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable,
        fallback: Value,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes<Value?>(default: nil, fallback: fallback))
    }

    /// The two-argument call with a default: `.call(Trip.label(from:property:), \.label, default: "none", fallback: "invalid")`.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        default defaultValue: Value, fallback: Value? = nil,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes(default: defaultValue, fallback: fallback))
            .ifAbsent(.useDefault)
    }

    /// The two-argument call with a fallback only.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        fallback: Value,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes(default: nil, fallback: fallback))
    }

    /// The two-argument call for an optional property: the method returning nil writes nil.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable,
        default defaultValue: Value, fallback: Value? = nil,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: .optional(default: defaultValue, fallback: fallback)).ifAbsent(.useDefault)
    }

    /// The two-argument call for an optional property, with a fallback only.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable,
        fallback: Value,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes<Value?>(default: nil, fallback: fallback))
    }
}

extension Substitutes {
    /// An optional property's: a nil `fallback` stays no fallback, rather than a fallback of nil.
    static func optional<Wrapped: Sendable>(default defaultValue: Wrapped, fallback: Wrapped?) -> Self where Value == Wrapped? {
        Substitutes(default: defaultValue, fallback: fallback.map { Optional($0) })
    }
}

// `default:` and `fallback:` on `.property`, `.box` and `.call`: values written in place of the source's.

extension PropertyDescriptor {
    /// Maps the source value into a property, writing `defaultValue` when the key is absent (and
    /// recording a `defaultUsed` warning); with `fallback:`, a present value that fails (its type,
    /// its validators, its enum) writes the fallback instead, with a `fallbackUsed` warning.
    ///
    ///     "views": .property(\.views, default: 0),
    ///     "status": .property(\.status, default: .draft, fallback: .unknown),
    ///
    /// `default:` sets the absent policy to `.useDefault`; a later `.ifAbsent(_:)` overrides it, and
    /// `.ifNull(.useDefault)` writes it for null too. Validators do not judge the default.
    public static func property<Value: Sendable>(
        _ keyPath: any KeyPath<Root, Value> & Sendable, default defaultValue: Value, fallback: Value? = nil
    ) -> Self {
        Self(.field(PropertyField(keyPath, substitutes: Substitutes(default: defaultValue, fallback: fallback))))
            .withPolicies(absent: .useDefault, null: nil)
    }

    /// Maps the source value into a property; a present value that fails writes `fallback` instead,
    /// with a `fallbackUsed` warning carrying the errors it replaced. Null is not a failure here: it
    /// follows `.ifNull(_:)`.
    ///
    ///     "kind": .property(\.kind, fallback: .unknown),
    public static func property<Value: Sendable>(_ keyPath: any KeyPath<Root, Value> & Sendable, fallback: Value) -> Self {
        Self(.field(PropertyField(keyPath, substitutes: Substitutes(default: nil, fallback: fallback))))
    }

    /// Boxes the source value, writing `defaultValue` when the key is absent; with `fallback:`, a
    /// present value that fails (its type, its validators, the boxing) writes the fallback instead.
    ///
    ///     "site": .box(.url, \.site, default: URL(string: "https://example.com")!),
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value> & Sendable, default defaultValue: Value, fallback: Value? = nil
    ) -> Self {
        Self(.field(boxing.field(keyPath, Substitutes(default: defaultValue, fallback: fallback))))
            .withPolicies(absent: .useDefault, null: nil)
    }

    /// Boxes the source value; a present value that fails writes `fallback` instead.
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value> & Sendable, fallback: Value
    ) -> Self {
        Self(.field(boxing.field(keyPath, Substitutes(default: nil, fallback: fallback))))
    }

    /// The same for an optional property: `.box(.url, \.site, default: fallbackURL)` where `site` is a `URL?`.
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value?> & Sendable, default defaultValue: Value, fallback: Value? = nil
    ) -> Self {
        // `Optional($0)`: a nil fallback stays no fallback, rather than a fallback of nil.
        Self(.field(boxing.field(keyPath, Substitutes<Value?>(default: defaultValue, fallback: fallback.map { Optional($0) }))))
            .withPolicies(absent: .useDefault, null: nil)
    }

    /// The same for an optional property, with a fallback only.
    public static func box<Value: Sendable>(
        _ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value?> & Sendable, fallback: Value
    ) -> Self {
        Self(.field(boxing.field(keyPath, Substitutes<Value?>(default: nil, fallback: fallback))))
    }
}

// `.call` with substitutes: the four call forms of `Call.swift` (one- and two-argument methods, each
// for `Value` and `Value?`), each with `default:` (and an optional `fallback:`) or `fallback:` alone,
// and `reverse:` as without them.
extension PropertyDescriptor {
    /// Calls a method on the instance being mapped, writing `defaultValue` when the key is absent (and
    /// recording a `defaultUsed` warning); with `fallback:`, a present value that fails (its type, its
    /// validators, or the method returning nil or throwing) writes the fallback instead, with a
    /// `fallbackUsed` warning carrying the errors it replaced.
    ///
    ///     "kind": .call(Trip.kind(from:), \.kind, default: .unknown),
    ///     "kind": .call(Trip.kind(from:), \.kind, default: .none, fallback: .unknown, reverse: Trip.name(of:)),
    ///
    /// `"kind": "boat"` then warns `kind → kind: the fallback "unknown" was written in place of a value
    /// that failed: the call returned nil, expected Kind [call]; got "boat" [fallbackUsed]`.
    /// `default:` sets the absent policy to `.useDefault`; a later `.ifAbsent(_:)` overrides it. Null is
    /// not a failure here: it follows `.ifNull(_:)`, and the method is never called with it. Neither
    /// substitute is passed to the method, and validators do not judge them.
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        default defaultValue: Value, fallback: Value? = nil,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes(default: defaultValue, fallback: fallback))
            .withPolicies(absent: .useDefault, null: nil)
    }

    /// Calls a method on the instance being mapped; a present value that fails (its type, its
    /// validators, or the method returning nil or throwing) writes `fallback` instead.
    ///
    ///     "kind": .call(Trip.kind(from:), \.kind, fallback: .unknown),
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
        // `Optional($0)`: a nil fallback stays no fallback, rather than a fallback of nil.
        calling(
            method, keyPath, reverse: reverse,
            substitutes: Substitutes<Value?>(default: defaultValue, fallback: fallback.map { Optional($0) })
        )
        .withPolicies(absent: .useDefault, null: nil)
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

    /// The two-argument call (given the property's name too), writing `defaultValue` when the key is
    /// absent; with `fallback:`, a present value that fails writes the fallback instead.
    ///
    ///     "label": .call(Trip.label(from:property:), \.label, default: "none", fallback: "invalid"),
    @preconcurrency public static func call<Input, Value: Sendable>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        default defaultValue: Value, fallback: Value? = nil,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse, substitutes: Substitutes(default: defaultValue, fallback: fallback))
            .withPolicies(absent: .useDefault, null: nil)
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
        calling(
            method, keyPath, reverse: reverse,
            substitutes: Substitutes<Value?>(default: defaultValue, fallback: fallback.map { Optional($0) })
        )
        .withPolicies(absent: .useDefault, null: nil)
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

extension PropertyDescriptor {
    /// Converts the source value by calling a method on the instance being mapped:
    /// `"videoType": .call(Video.videoType(from:), \.type)` with `func videoType(from string: String) -> VideoType?`.
    /// The value (never null) is type-checked, validated, then passed; nil for a non-optional property, or a
    /// throw, is a `call` error carrying the thrown error's description. Calls run in phase one on the unchanged
    /// instance (the `for:` one in `Mapper.validate`), so must not mutate it. `reverse: Video.name(of:)` is
    /// serialize's way back; without it, serializing reports the field unless it is `.oneWay()`.
    @preconcurrency public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse)
    }

    /// The same for an optional property: a method returning nil writes nil.
    @preconcurrency public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse)
    }

    /// A call that also receives the property's name: `.call(Model.object(from:property:), \.video)`.
    @preconcurrency public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse)
    }

    /// The same for an optional property: nil writes nil.
    @preconcurrency public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse)
    }

    // The four forms, each once; `substitutes` are those of `DefaultAndFallback.swift`.

    static func calling<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?, _ keyPath: any KeyPath<Root, Value> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)?, substitutes: Substitutes<Value> = Substitutes()
    ) -> Self {
        callField(keyPath, expected: TypeName.of(Value.self), reverse: reverse, unwrap: { $0 }, substitutes: substitutes) {
            root, input, _ in try method(root)(input)
        }
    }

    static func calling<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?, _ keyPath: any KeyPath<Root, Value?> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)?, substitutes: Substitutes<Value?> = Substitutes()
    ) -> Self {
        callField(keyPath, expected: TypeName.of(Value?.self), reverse: reverse, unwrap: { $0! }, substitutes: substitutes) {
            root, input, _ in .some(try method(root)(input))
        }
    }

    static func calling<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?, _ keyPath: any KeyPath<Root, Value> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)?, substitutes: Substitutes<Value> = Substitutes()
    ) -> Self {
        callField(keyPath, expected: TypeName.of(Value.self), reverse: reverse, unwrap: { $0 }, substitutes: substitutes) {
            root, input, property in try method(root)(input, property)
        }
    }

    static func calling<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?, _ keyPath: any KeyPath<Root, Value?> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)?, substitutes: Substitutes<Value?> = Substitutes()
    ) -> Self {
        callField(keyPath, expected: TypeName.of(Value?.self), reverse: reverse, unwrap: { $0! }, substitutes: substitutes) {
            root, input, property in .some(try method(root)(input, property))
        }
    }
}

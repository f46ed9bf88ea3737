extension PropertyDescriptor {
    /// Converts the source value by calling a method on the instance being mapped.
    ///
    ///     "videoType": .call(Video.videoType(from:), \.type)
    ///     func videoType(from string: String) -> VideoType? { VideoType(rawValue: string) }
    ///
    /// The source value is checked against the method's parameter type (a `type` error), validated,
    /// then passed to the method. Returning nil for a non-optional property, or throwing, is a `call`
    /// error carrying the thrown error's description. Calls run in phase one on the not-yet-updated
    /// instance (for `Mapper.validate`, on the `for:` instance), so they must not mutate it.
    /// A call is never made with null.
    ///
    /// `reverse:` is the way back, for serialize: a method on the model that turns the property's
    /// value into the source value (`func name(of type: VideoType) -> String`). Without it, a mapping
    /// that serializes reports the field, unless it is marked `.oneWay()`. Nil is written without it.
    ///
    ///     "videoType": .call(Video.videoType(from:), \.type, reverse: Video.name(of:))
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

    /// A call that also receives the target property's name:
    ///
    ///     "video": .call(Model.object(from:property:), \.video)
    @preconcurrency public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse)
    }

    /// The two-argument call for an optional property: a method returning nil writes nil.
    @preconcurrency public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)? = nil
    ) -> Self {
        calling(method, keyPath, reverse: reverse)
    }

    // The four call forms, each once: one- and two-argument methods, each into a `Value` and a
    // `Value?` property, with the substitutes of `DefaultAndFallback.swift` (none by default).

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

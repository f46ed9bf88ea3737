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
    public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable
    ) -> Self {
        let expected = TypeName.of(Value.self)
        return callField(keyPath, expected: expected) { root, input, _ in try method(root)(input) }
    }

    /// The same for an optional property: a method returning nil writes nil.
    public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable
    ) -> Self {
        let expected = TypeName.of(Value?.self)
        return callField(keyPath, expected: expected) { root, input, _ in .some(try method(root)(input)) }
    }

    /// A call that also receives the target property's name:
    ///
    ///     "video": .call(Model.object(from:property:), \.video)
    public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value> & Sendable
    ) -> Self {
        let expected = TypeName.of(Value.self)
        return callField(keyPath, expected: expected) { root, input, property in try method(root)(input, property) }
    }

    /// The two-argument call for an optional property: a method returning nil writes nil.
    public static func call<Input, Value>(
        _ method: @escaping @Sendable (Root) -> (Input, String) throws -> Value?,
        _ keyPath: any KeyPath<Root, Value?> & Sendable
    ) -> Self {
        let expected = TypeName.of(Value?.self)
        return callField(keyPath, expected: expected) { root, input, property in .some(try method(root)(input, property)) }
    }

    /// A field that makes `call` on the model (given the model, the checked value and the property's
    /// name) and writes its result.
    private static func callField<Input, Value>(
        _ keyPath: any KeyPath<Root, Value> & Sendable,
        expected: String,
        _ call: @escaping @Sendable (Root, Input, String) throws -> Value?
    ) -> Self {
        Self(.field(TransformField(rule: "call", keyPath: keyPath, input: Conversions.make(Input.self), instanceUse: .call) { root, input, property, slot in
            // An immutable model has no instance; its plan refuses calls (`PlanCheck`).
            guard let root else { return .definition(.needsInstance(.call)) }
            return outcome(expected: expected, into: slot) { try call(root.pointee, input, property) }
        }))
    }

    /// Makes the call; puts its value in `slot`, or returns why there is none.
    private static func outcome<Value>(expected: String, into slot: UnsafeMutableRawPointer, _ call: () throws -> Value?) -> Failure? {
        do {
            guard let value = try call() else { return .callFailed(expected: expected, thrown: nil) }
            slot.initializeMemory(as: Value.self, repeating: value, count: 1)
            return nil
        } catch {
            return .callFailed(expected: expected, thrown: String(describing: error))
        }
    }
}

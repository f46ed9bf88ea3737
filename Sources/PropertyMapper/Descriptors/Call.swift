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

    /// A field that makes `call` on the model (given the model, the checked value and the property's
    /// name) and writes its result; `reverse`, given the model and the property's value (`unwrap`
    /// takes a `Target` to it), gives the source value back. `substitutes` are the field's `default:`
    /// and `fallback:` (see `DefaultAndFallback.swift`). Made only through `calling`.
    private static func callField<Input, Value, Target>(
        _ keyPath: any KeyPath<Root, Target> & Sendable,
        expected: String,
        reverse: (@Sendable (Root) -> (Value) throws -> Input)?,
        unwrap: @escaping @Sendable (Target) -> Value,
        substitutes: Substitutes<Target> = Substitutes(),
        _ call: @escaping @Sendable (Root, Input, String) throws -> Target?
    ) -> Self {
        let input = Conversions.make(Input.self)
        var write: SerialReverse<Root, Target>?
        if let reverse {
            write = { root, target, output, issues in
                Serializer.write(
                    unwrap(target), reversedBy: root.withModel(Root.self, reverse), rule: "call", as: input.write, &output, &issues)
            }
        }
        let stager = CallStager<Root, Input, Target?>(expected: expected, call: call)
        let field = PropertyField(
            rule: "call", keyPath: keyPath, input: input, instanceUse: .call, reverse: write, substitutes: substitutes
        ) { root, input, property, slot in
            // An immutable model has no instance; its plan refuses calls (`PlanCheck`).
            guard let root else { return .failed(.definition(.needsInstance(.call))) }
            return root.withModel(Root.self) { stager.stage($0, input, property, into: slot) }
        }
        return Self(.field(field))
    }
}

/// Makes a `.call`'s call and puts its value in the field's slot. Generic over the call's result
/// (`Target?`): its methods read that type from the instance, where a generic function would look
/// `Optional<Target>` up again on every call.
private final class CallStager<Root, Input, Outcome: OptionalConvertible>: Sendable {
    let expected: String
    let call: @Sendable (Root, Input, String) throws -> Outcome

    init(expected: String, call: @escaping @Sendable (Root, Input, String) throws -> Outcome) {
        self.expected = expected
        self.call = call
    }

    /// Makes the call; puts its value in `slot`, or returns why there is none.
    func stage<Target>(_ root: Root, _ input: Input, _ property: String, into slot: ValueSlot<Target>) -> Finished {
        do {
            return try call(root, input, property).moveWrapped(into: slot) ? .done : .failed(.callFailed(expected: expected, thrown: nil))
        } catch {
            return .failed(.callFailed(expected: expected, thrown: String(describing: error)))
        }
    }
}

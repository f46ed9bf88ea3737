// `.call` as the engine runs it: source value, the method's parameter, the method on the model; `reverse:` back.

extension PropertyDescriptor {
    /// A field that makes `call` (given the model, the checked value, the property's name) and writes its result; `reverse`,
    /// given the model and the unwrapped value, gives the source back. Made only by `calling` (Descriptors/Call.swift).
    static func callField<Input, Value, Target>(
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

/// Makes a `.call`'s call into the field's slot. Generic over the result (`Target?`), read from the instance: a generic
/// function would look `Optional<Target>` up on every call.
private final class CallStager<Root, Input, Outcome: OptionalConvertible>: Sendable {
    let expected: String
    let call: @Sendable (Root, Input, String) throws -> Outcome

    init(expected: String, call: @escaping @Sendable (Root, Input, String) throws -> Outcome) {
        self.expected = expected
        self.call = call
    }

    func stage<Target>(_ root: Root, _ input: Input, _ property: String, into slot: ValueSlot<Target>) -> Finished {
        do {
            return try call(root, input, property).moveWrapped(into: slot) ? .done : .failed(.callFailed(expected: expected, thrown: nil))
        } catch {
            return .failed(.callFailed(expected: expected, thrown: String(describing: error)))
        }
    }
}

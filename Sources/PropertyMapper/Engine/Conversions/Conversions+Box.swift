// `.box` as the engine runs it: source value, the boxing's input, the property's value, and back. Public face: Boxing/.

/// Opens the boxing's input type for the engine, which checks and validates the source value before the transform runs.
protocol BoxingImplementation<Value>: Sendable {
    associatedtype Value
    var inputTypeName: String { get }
    func field<Root, Target>(_ target: BoxTarget<Root, Target, Value>, rule: String, writeBack: SerialWrite<Value>?) -> any Field
    func arrayField<Root, Target>(_ target: BoxTarget<Root, Target, [Value]>, rule: String, writeBack: SerialWrite<Value>?) -> any Field
}

/// The property a `.box` writes: how the boxed value (`Boxed`, or an array of them) becomes its value (`wrap`) and back
/// (`unwrap`, never given nil: the field writes nil itself).
struct BoxTarget<Root, Target, Boxed> {
    let keyPath: any KeyPath<Root, Target> & Sendable
    let wrap: @Sendable (Boxed) -> Target
    let unwrap: @Sendable (Target) -> Boxed
    var substitutes = Substitutes<Target>()
}

extension Boxing {
    /// The field of `.box(self, keyPath)` for a `Value`, `Value?`, `[Value]` or `[Value]?` property.
    func field<Root>(_ keyPath: any KeyPath<Root, Value> & Sendable, _ substitutes: Substitutes<Value> = Substitutes()) -> any Field {
        implementation.field(
            BoxTarget(keyPath: keyPath, wrap: { $0 }, unwrap: { $0 }, substitutes: substitutes), rule: rule, writeBack: writeBack)
    }

    func field<Root>(_ keyPath: any KeyPath<Root, Value?> & Sendable, _ substitutes: Substitutes<Value?> = Substitutes()) -> any Field {
        implementation.field(
            BoxTarget(keyPath: keyPath, wrap: { $0 }, unwrap: { $0! }, substitutes: substitutes), rule: rule, writeBack: writeBack)
    }

    func field<Root>(_ keyPath: any KeyPath<Root, [Value]> & Sendable) -> any Field {
        implementation.arrayField(BoxTarget(keyPath: keyPath, wrap: { $0 }, unwrap: { $0 }), rule: rule, writeBack: writeBack)
    }

    func field<Root>(_ keyPath: any KeyPath<Root, [Value]?> & Sendable) -> any Field {
        implementation.arrayField(BoxTarget(keyPath: keyPath, wrap: { $0 }, unwrap: { $0! }), rule: rule, writeBack: writeBack)
    }
}

struct TypedBoxing<Input, Value>: BoxingImplementation {
    let name: String
    let input: Conversion<Input>
    /// Whether the JSON reader keeps the numbers' exact digits for this boxing.
    let exactNumbers: Bool
    /// Boxes the input into `result` (uninitialized); false, `result` left uninitialized, when the boxing returns nil.
    let box: @Sendable (_ input: Input, _ result: ValueSlot<Value>) throws -> Bool

    var inputTypeName: String { input.typeName }

    private var demand: JSONDemand { exactNumbers ? .exactNumbers : .whole }

    func field<Root, Target>(_ target: BoxTarget<Root, Target, Value>, rule: String, writeBack: SerialWrite<Value>?) -> any Field {
        let (wrap, unwrap) = (target.wrap, target.unwrap)
        var write: SerialReverse<Root, Target>?
        if let writeBack {
            write = { _, target, output, issues in writeBack(unwrap(target), &output, &issues) }
        }
        return PropertyField(
            rule: rule, keyPath: target.keyPath, input: input, demand: demand, reverse: write, substitutes: target.substitutes
        ) { [name, box] _, value, _, slot in
            ValueSlot<Value>.withTemporary { result in
                if let failure = Self.failure(name, { try box(value, result) }) { return .failed(failure) }
                slot.initialize(to: wrap(result.move()))
                return .done
            }
        }
    }

    func arrayField<Root, Target>(_ target: BoxTarget<Root, Target, [Value]>, rule: String, writeBack: SerialWrite<Value>?) -> any Field {
        let (wrap, unwrap) = (target.wrap, target.unwrap)
        var write: SerialReverse<Root, Target>?
        if let writeBack {
            write = { _, target, output, issues in Serializer.writeElements(unwrap(target), &output, &issues, writeBack) }
        }
        return PropertyField(
            rule: rule, keyPath: target.keyPath, input: Conversions.array(input), demand: demand, reverse: write,
            lenientInput: { [input] in Conversions.lenient(input).map { Conversions.array($0) } }
        ) { [name, box] _, inputs, _, slot in
            var values: [Value] = []
            values.reserveCapacity(inputs.count)
            var failures: [(index: Int, failure: Failure)] = []
            ValueSlot<Value>.withTemporary { result in
                for index in inputs.indices {
                    if let failure = Self.failure(name, { try box(inputs[index], result) }) {
                        failures.append((index, failure))
                    } else {
                        values.append(result.move())
                    }
                }
            }
            guard failures.isEmpty else { return .failedElements(failures) }
            slot.initialize(to: wrap(values))
            return .done
        }
    }

    /// Why boxing failed (returned false or threw), or nil.
    @inline(__always)
    private static func failure(_ name: String, _ boxing: () throws -> Bool) -> Failure? {
        do {
            return try boxing() ? nil : .boxFailed(boxing: name, thrown: nil)
        } catch let error as any BoxingFailure {
            return error.failure
        } catch {
            return .boxFailed(boxing: name, thrown: String(describing: error))
        }
    }
}

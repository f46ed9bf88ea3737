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
            rule: rule, keyPath: target.keyPath, input: arrayInput(input, rule: rule), demand: demand, reverse: write,
            lenientConversion: { [input] _ in Conversions.lenient(input).map { arrayInput($0, rule: rule) } }
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

    /// `[Input]`, checked before the validators judge the array. When some elements have the wrong type, the others are
    /// boxed as well, so that a box failure at one element is reported beside a wrong type at another.
    private func arrayInput(_ element: Conversion<Input>, rule: String) -> Conversion<[Input]> {
        let array = Conversions.array(element)
        return Conversion(
            typeName: array.typeName, kinds: array.kinds, demand: array.demand,
            convertInto: { [name, box] item, slot, issues in
                let issueCount = issues.list.count
                if array.convertInto(item, slot, &issues) { return true }
                guard let source = item.indexed else { return false }
                // Again element by element, in order, each with its own failure: the wrong type or the boxing's.
                issues.list.removeSubrange(issueCount...)
                source.forEachItem { index, elementItem in
                    var elementIssues = issues.forPart()
                    if let input = element.convert(elementItem, &elementIssues) {
                        let failure = ValueSlot<Value>.withTemporary { result in
                            let failure = Self.failure(name, { try box(input, result) })
                            if failure == nil { result.destroy() }
                            return failure
                        }
                        if let failure { elementIssues.add(failure, value: elementItem.value, rule: rule) }
                    }
                    issues.add(elementIssues, under: MappingKey.index(index).subpath)
                }
                return false
            },
            write: array.write)
    }

    /// Why boxing failed (returned false or threw), or nil.
    @inline(__always)
    private static func failure(_ name: String, _ boxing: () throws -> Bool) -> Failure? {
        do {
            return try boxing() ? nil : .boxFailed(boxing: name, thrown: nil)
        } catch let error as BoxingFailure {
            return error.failure
        } catch {
            return .boxFailed(boxing: name, thrown: String(describing: error))
        }
    }
}

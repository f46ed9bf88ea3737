/// Finds what is wrong with a mapping itself: its definition errors (rule `mapping`), in declaration
/// order, depth first, each at the path of the entry concerned.
struct PlanCheck {
    /// Checking an `ImmutableMappable` model's mapping, which has no instance to call methods on.
    private let immutable: Bool
    private(set) var errors: [ValidationError] = []
    /// Apart from `errors`: one for each read-only target.
    private(set) var readOnlyTargets: [ValidationError] = []
    /// The checks that read a nested model's mapping, once the plan is built.
    private(set) var modelChecks: [ModelCheck] = []

    /// Checks `root` and everything under it.
    init(_ root: PlanLevel, immutable: Bool) {
        self.immutable = immutable
        level(root)
    }

    /// A validator on a nested model's field, which receives a dictionary or an array as the model's mapping says: that
    /// mapping is read when the plan is used, never while it is built (a recursive model's own is still being built).
    struct ModelCheck: Sendable {
        let node: PlanNode
        let validator: Validator
        let input: InputType
        let level: @Sendable () -> JSONLevel

        var error: ValidationError? {
            let level = level()
            let container: ValueKinds = level.readsObject ? .object : level.readsArray ? .array : .all
            let receives = input.kinds.subtracting([.object, .array]).union(container)
            guard validator.judges.isDisjoint(with: receives) else { return nil }
            return PlanCheck.error(path: node.path, property: node.property, PlanCheck.neverApplies(validator, receives: .type(input.name)))
        }
    }

    private mutating func level(_ level: PlanLevel) {
        if case .mixed = level.shape { errors.append(Self.error(path: level.path, property: level.property, .mixedKeysAndIndices)) }
        var indices = Set<Int>()
        for (position, node) in level.entries.enumerated() {
            if case let .index(index) = node.key {
                if index < 0 {
                    fail(node, .negativeIndex(index))
                } else if !indices.insert(index).inserted {
                    fail(node, .duplicateKey(node.key))
                }
            } else if node.key.names.isEmpty {
                fail(node, .noKey)
            } else if let conflict = level.keys.conflicts[position] {
                // The same key twice (`.anyOf("a", "b")` beside `"a"`), or two that the key policy
                // matches alike (`"Name"` beside `"name"` under `.caseInsensitive`).
                fail(node, conflict)
            }
            _ = self.node(node)
        }
    }

    /// Checks `node` and everything under it; returns what it receives, or nil when that is
    /// already a definition error.
    private mutating func node(_ node: PlanNode) -> (input: FieldInput, kinds: ValueKinds)? {
        let received: (input: FieldInput, kinds: ValueKinds)?
        var model: (input: InputType, level: @Sendable () -> JSONLevel)?
        switch node.body {
        case let .field(field):
            let traits = field.field.traits
            if case let .model(level) = traits.demand { model = (traits.input, level) }
            if !traits.isWritable { readOnlyTargets.append(Self.error(path: node.path, property: node.property, .readOnlyTarget)) }
            if immutable, let use = traits.instanceUse { fail(node, .needsInstance(use)) }
            policies(node, field.field)
            for ensure in node.ensures {
                if traits.instanceUse == .merging {
                    fail(node, .ensureOnMerge(rule: ensure.rule))
                } else if !ensure.accepts(traits.valueType) {
                    fail(node, .ensureNeverApplies(rule: ensure.rule, takes: ensure.typeName, receives: TypeName.of(traits.valueType)))
                }
            }
            received = (.type(traits.input.name), traits.input.kinds)
        case let .nested(nested):
            policiesOnlyOnFields(node)
            level(nested)
            received = (.kinds(nested.shape.containerKind), nested.shape.containerKind)
        case let .list(children):
            policiesOnlyOnFields(node)
            received = list(node, children)
        }
        guard let received else { return nil }
        for validator in node.validators {
            if let problem = validator.problem {
                fail(node, problem)
            } else if validator.judges.isDisjoint(with: received.kinds) {
                fail(node, Self.neverApplies(validator, receives: received.input))
            } else if let model {
                modelChecks.append(ModelCheck(node: node, validator: validator, input: model.input, level: model.level))
            }
        }
        return received
    }

    /// `.setNil` needs an Optional, `.useDefault` a `default:`, and `.keep` a current value, which
    /// an immutable model lacks; beside `isRequired()`, which fails on absent and null, only `.fail` could apply.
    private mutating func policies(_ node: PlanNode, _ field: any Field) {
        for (policy, forNull) in [(node.absentPolicy, false), (node.nullPolicy, true)] {
            switch policy {
            case let policy? where node.isRequired && policy != .fail: fail(node, .policyBesideRequired(forNull: forNull))
            case .setNil? where !field.traits.isOptional: fail(node, .policyNeedsOptional(forNull: forNull))
            case .useDefault? where !field.traits.hasDefault: fail(node, .policyNeedsDefault(forNull: forNull))
            case .keep? where immutable: fail(node, .policyNeedsInstance(forNull: forNull))
            default: break
            }
        }
    }

    /// A nested mapping or a list has no value of its own to default or to set to nil.
    private mutating func policiesOnlyOnFields(_ node: PlanNode) {
        if node.absentPolicy != nil || node.nullPolicy != nil { fail(node, .policyOnContainer) }
        for ensure in node.ensures { fail(node, .ensureNeverApplies(rule: ensure.rule, takes: ensure.typeName, receives: nil)) }
    }

    /// A list receives what all its descriptors receive at once.
    private mutating func list(_ node: PlanNode, _ children: [PlanNode]) -> (input: FieldInput, kinds: ValueKinds)? {
        guard !children.isEmpty else {
            fail(node, .emptyList)
            return nil
        }
        let checked = children.map { self.node($0) }
        let inputs = checked.compactMap { $0 }
        guard inputs.count == checked.count else { return nil }  // a descriptor is already an error
        let kinds = inputs.reduce(ValueKinds.all) { $0.intersection($1.kinds) }
        guard !kinds.isEmpty else {
            fail(node, .listWithoutCommonInput(inputs: inputs.map(\.input)))
            return nil
        }
        return (.kinds(kinds), kinds)
    }

    private mutating func fail(_ node: PlanNode, _ problem: DefinitionProblem) {
        errors.append(Self.error(path: node.path, property: node.property, problem))
    }

    /// `validator` judges none of the kinds of value its entry receives.
    private static func neverApplies(_ validator: Validator, receives input: FieldInput) -> DefinitionProblem {
        .validatorNeverApplies(validator: validator.rule, judges: validator.judges, judgedType: validator.judgedType, receives: input)
    }

    static func error(path: String, property: String, _ problem: DefinitionProblem) -> ValidationError {
        ValidationError(path: path, property: property, rule: "mapping", value: nil, failure: .definition(problem))
    }
}

/// One pass of phase one over a source: every check, every error, and the staged writes.
///
/// The walk follows the mapping, never the source, so unmapped keys and subtrees cost nothing.
struct MappingRun<Root> {
    /// The instance calls run on; not yet updated.
    let root: Root
    private let stagesWrites: Bool
    private(set) var errors: [ValidationError] = []
    private(set) var writes: StagedWrites<Root>

    init(root: Root, plan: PlanLevel<Root>, stagesWrites: Bool) {
        self.root = root
        self.stagesWrites = stagesWrites
        self.writes = StagedWrites(capacity: stagesWrites ? plan.fieldCount : 0)
    }

    /// Walks `level` over `source`: nil when absent, `NSNull` when null.
    mutating func visit(_ level: PlanLevel<Root>, _ source: Any?) {
        var keyed: KeyedSource?
        var indexed: IndexedSource?
        var present = false
        if let source, !SourceValue.isNull(source) {
            present = true
            if level.expectsKeys {
                keyed = SourceValue.keyed(source)
                if keyed == nil { failShape(level, expected: "a dictionary", value: source) }
            }
            if level.expectsIndices {
                indexed = SourceValue.indexed(source)
                if indexed == nil { failShape(level, expected: "an array", value: source) }
            }
        }
        for entry in level.entries {
            let value: Any?
            switch entry.key {
            case let .key(key):
                if let keyed {
                    value = keyed.value(forKey: key)
                } else if present {
                    continue  // the shape error above covers this entry
                } else {
                    value = nil
                }
            case let .index(index):
                if let indexed {
                    value = indexed.element(at: index)
                } else if present {
                    continue
                } else {
                    value = nil
                }
            }
            visit(entry.node, value)
        }
    }

    /// Checks one node against its source value: nil when absent, `NSNull` when null.
    mutating func visit(_ node: PlanNode<Root>, _ value: Any?) {
        guard let value else {
            if node.isRequired {
                fail(node, rule: "isRequired", failure: .missing, value: nil)
            } else {
                visitAbsent(node)
            }
            return
        }
        if SourceValue.isNull(value) {
            if node.isRequired {
                fail(node, rule: "isRequired", failure: .null, value: value)
                return
            }
            switch node.body {
            case let .field(field): field.stageNull(at: node, in: &self)
            case let .nested(level): visit(level, nil)  // a null container counts as absent
            case let .list(children): for child in children { visit(child, value) }
            }
            return
        }
        switch node.body {
        case let .field(field):
            field.stage(value, at: node, in: &self)
        case let .nested(level):
            if !node.validators.isEmpty {
                // The shape check comes first: one root cause, one error.
                if level.expectsKeys, SourceValue.keyed(value) == nil { return failShape(level, expected: "a dictionary", value: value) }
                if level.expectsIndices, SourceValue.indexed(value) == nil { return failShape(level, expected: "an array", value: value) }
                guard passesValidators(node, value) else { return }
            }
            visit(level, value)
        case let .list(children):
            guard passesValidators(node, value) else { return }
            for child in children { visit(child, value) }
        }
    }

    /// An absent node writes nothing, but required entries under it still report.
    private mutating func visitAbsent(_ node: PlanNode<Root>) {
        switch node.body {
        case .field: break
        case let .nested(level): visit(level, nil)
        case let .list(children): for child in children { visit(child, nil) }
        }
    }

    /// Runs the node's validators on a present, type-checked source value; records each failure.
    mutating func passesValidators(_ node: PlanNode<Root>, _ value: Any) -> Bool {
        var passed = true
        for validator in node.validators {
            if let failure = validator.check(value) {
                fail(node, rule: validator.rule, failure: failure, value: value)
                passed = false
            }
        }
        return passed
    }

    mutating func stage(_ field: any Field<Root>, _ value: Any) {
        if stagesWrites { writes.stage(field, value) }
    }

    mutating func stageNull(_ field: any Field<Root>, _ nullValue: Any?, expected: String, at node: PlanNode<Root>) {
        if let nullValue {
            stage(field, nullValue)
        } else {
            fail(node, rule: "type", failure: .typeMismatch(found: .null, expected: expected), value: SourceValue.null)
        }
    }

    mutating func fail(_ node: PlanNode<Root>, rule: String, failure: Failure, value: Any?) {
        errors.append(ValidationError(
            path: node.path, property: node.property, rule: rule,
            value: value.map(SourceValue.render), failure: failure))
    }

    /// Errors from a conversion, each at its own sub-path (`tags[3]`).
    mutating func fail(_ node: PlanNode<Root>, issues: ConversionIssues) {
        for issue in issues.list {
            errors.append(ValidationError(
                path: node.path + issue.subpath, property: issue.property ?? node.property, rule: issue.rule,
                value: issue.value.map(SourceValue.render), failure: issue.failure))
        }
    }

    private mutating func failShape(_ level: PlanLevel<Root>, expected: String, value: Any) {
        errors.append(ValidationError(
            path: level.path, property: level.property, rule: "type",
            value: SourceValue.render(value),
            failure: .typeMismatch(found: SourceValue.kind(of: value), expected: expected)))
    }
}

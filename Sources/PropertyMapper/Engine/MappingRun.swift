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
        guard let source, !SourceValue.isNull(source) else {
            // An absent or null container: every entry under it is absent.
            for entry in level.entries { visit(entry.node, nil) }
            return
        }
        guard let container = LevelContainer(source, for: level) else {
            return failShape(level, value: source)  // one root cause: the entries are not reported
        }
        for entry in level.entries {
            visit(entry.node, container.value(at: entry.key))
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
                guard LevelContainer(value, for: level) != nil else { return failShape(level, value: value) }
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

    private mutating func failShape(_ level: PlanLevel<Root>, value: Any) {
        let expected = switch (level.expectsKeys, level.expectsIndices) {
        case (true, true): "a dictionary and an array at once (the mapping mixes keys and indices)"
        case (true, false): "a dictionary"
        default: "an array"
        }
        errors.append(ValidationError(
            path: level.path, property: level.property, rule: "type",
            value: SourceValue.render(value),
            failure: .typeMismatch(found: SourceValue.kind(of: value), expected: expected)))
    }
}

/// A present container, viewed the way a mapping level reads it: by key or by index.
enum LevelContainer {
    case keyed(KeyedSource)
    case indexed(IndexedSource)
    /// A level with no entries reads nothing and accepts any value.
    case unread

    /// Nil when the value does not have the level's shape (a level mixing keys and indices never has).
    init?<Root>(_ value: Any, for level: PlanLevel<Root>) {
        switch (level.expectsKeys, level.expectsIndices) {
        case (true, true): return nil
        case (true, false):
            guard let keyed = SourceValue.keyed(value) else { return nil }
            self = .keyed(keyed)
        case (false, true):
            guard let indexed = SourceValue.indexed(value) else { return nil }
            self = .indexed(indexed)
        case (false, false):
            self = .unread
        }
    }

    /// The normalized value at `key`, or nil when absent.
    @inline(__always)
    func value(at key: MappingKey) -> Any? {
        switch (self, key) {
        case let (.keyed(source), .key(name)): return source.value(forKey: name)
        case let (.indexed(source), .index(index)): return source.element(at: index)
        default: return nil
        }
    }
}

/// One pass of phase one over a source: every check, every error, and the staged writes.
///
/// The walk follows the mapping, never the source, so unmapped keys and subtrees cost nothing.
/// It has no generic parameter, so its loops are plain, optimized code: generic code that the
/// client's module cannot specialize looks up type metadata on every access.
struct MappingRun {
    /// The model calls run on (a `Root`), set for the length of a walk.
    private(set) var root: UnsafeRawPointer?
    let staging: StagingArea
    private let stagesWrites: Bool
    private(set) var errors: [ValidationError] = []

    /// A run that stages into `staging`, which must be empty (a batch reuses one area); a dry run
    /// (`stagesWrites` false) drops every value it converts.
    init(staging: StagingArea, stagesWrites: Bool) {
        self.staging = staging
        self.stagesWrites = stagesWrites
    }

    /// Walks the plan over `source` (nil when absent, `NSNull` when null); calls run on `root`.
    mutating func visit<Root>(_ plan: PlanLevel<Root>, _ source: Any?, root: Root) {
        withUnsafePointer(to: root) { pointer in
            self.root = UnsafeRawPointer(pointer)
            visit(plan.core, source.map(SourceValue.normalized))
            self.root = nil
        }
    }

    /// Walks `level` over `source`: nil when absent, `NSNull` when null.
    mutating func visit(_ level: LevelCore, _ source: Any?) {
        guard let source, !SourceValue.isNull(source) else {
            // An absent or null container: every entry under it is absent.
            for entry in level.entries { visitMissing(entry.node) }
            return
        }
        if level.expectsKeys, !level.expectsIndices {
            if let dictionary = SourceValue.dictionary(source) { return visit(level, dictionary) }
            if let object = SourceValue.jsonObject(source, for: level) { return visit(level, object) }
        }
        guard let container = LevelContainer(source, for: level) else {
            return failShape(level, value: source)  // one root cause: the entries are not reported
        }
        for entry in level.entries {
            if let value = container.value(at: entry.key) {
                visit(entry.node, present: SourceItem(value))
            } else {
                visitMissing(entry.node)
            }
        }
    }

    /// The common case, a `[String: Any]` under a level of string keys: one look-up per entry.
    private mutating func visit(_ level: LevelCore, _ dictionary: [String: Any]) {
        for index in level.entries.indices {
            let node = level.nodes[index]
            if let name = level.keyNames[index], let value = dictionary[name] {
                node._withUnsafeGuaranteedRef { visit($0, present: SourceValue.item(value)) }
            } else {
                node._withUnsafeGuaranteedRef { visitMissing($0) }
            }
        }
    }

    /// An object the JSON reader read for this level: each entry's value by position.
    private mutating func visit(_ level: LevelCore, _ object: JSONObject) {
        for index in level.entries.indices {
            let node = level.nodes[index]
            if let valueIndex = object.valueIndex(forEntry: index) {
                node._withUnsafeGuaranteedRef { visit($0, present: SourceValue.item(object.values[valueIndex])) }
            } else {
                node._withUnsafeGuaranteedRef { visitMissing($0) }
            }
        }
    }

    // The walk passes present values and absence separately: copying an `Any?` goes through the
    // runtime's generic enum witnesses, which cost more than the checks themselves.

    private mutating func visitMissing(_ node: NodeCore) {
        if node.isRequired {
            fail(node, rule: "isRequired", failure: .missing, value: nil)
        } else {
            visitAbsent(node)
        }
    }

    /// Checks one node against a present source value, which may be null.
    private mutating func visit(_ node: NodeCore, present item: SourceItem) {
        if item.isNull {
            if node.isRequired {
                fail(node, rule: "isRequired", failure: .null, value: item.value)
                return
            }
            switch node.coreBody {
            case let .field(field): field.stageNull(at: node, in: &self)
            case let .nested(level): visit(level, nil)  // a null container counts as absent
            case let .list(children): for child in children { visit(child, present: item) }
            }
            return
        }
        if let field = node.field {
            return field._withUnsafeGuaranteedRef { $0.stage(item, at: node, in: &self) }
        }
        switch node.coreBody {
        case .field:
            preconditionFailure("staged above")
        case let .nested(level):
            if !node.validators.isEmpty {
                // The shape check comes first: one root cause, one error.
                guard LevelContainer(item.value, for: level) != nil else { return failShape(level, value: item.value) }
                guard passesValidators(node, item) else { return }
            }
            visit(level, item.value)
        case let .list(children):
            guard passesValidators(node, item) else { return }
            for child in children { visit(child, present: item) }
        }
    }

    /// An absent node writes nothing, but required entries under it still report.
    private mutating func visitAbsent(_ node: NodeCore) {
        switch node.coreBody {
        case .field: break
        case let .nested(level): visit(level, nil)
        case let .list(children): for child in children { visitMissing(child) }
        }
    }

    /// Runs the node's validators on a present, type-checked source value; records each failure.
    mutating func passesValidators(_ node: NodeCore, _ item: SourceItem) -> Bool {
        var passed = true
        let validators = node.validators
        for index in validators.indices {
            if let failure = validators[index].check(item) {
                fail(node, rule: validators[index].rule, failure: failure, value: item.value)
                passed = false
            }
        }
        return passed
    }

    /// Where the field of `node` converts its value to; after converting, it calls `staged`.
    @inline(__always)
    func slot(for node: NodeCore) -> UnsafeMutableRawPointer {
        staging.slot(node.writeIndex)
    }

    /// The field of `node` has put its converted value in its slot: keep it for phase two, or,
    /// in a dry run, drop it.
    mutating func staged(_ field: FieldCore, at node: NodeCore) {
        if stagesWrites {
            staging.staged(field, at: node.writeIndex)
        } else {
            field.discardStaged(slot(for: node))
        }
    }

    /// Null into a property that is not optional.
    mutating func failNull(at node: NodeCore, expected: String) {
        fail(node, rule: "type", failure: .typeMismatch(found: .null, expected: expected), value: SourceValue.null)
    }

    mutating func fail(_ node: NodeCore, rule: String, failure: Failure, value: Any?) {
        errors.append(ValidationError(
            path: node.path, property: node.property, rule: rule,
            value: value.map(SourceValue.render), failure: failure))
    }

    /// Errors from a conversion, each at its own sub-path (`tags[3]`).
    mutating func fail(_ node: NodeCore, issues: ConversionIssues) {
        for issue in issues.list {
            errors.append(ValidationError(
                path: node.path + issue.subpath, property: issue.property ?? node.property, rule: issue.rule,
                value: issue.value.map(SourceValue.render), failure: issue.failure))
        }
    }

    private mutating func failShape(_ level: LevelCore, value: Any) {
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

    init?<Root>(_ value: Any, for level: PlanLevel<Root>) {
        self.init(value, for: level.core)
    }

    /// Nil when the value does not have the level's shape (a level mixing keys and indices never has).
    init?(_ value: Any, for level: LevelCore) {
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
        // One switch at a time: a switch over the tuple `(self, key)` copies the container.
        switch self {
        case let .keyed(source):
            guard case let .key(name) = key else { return nil }
            return source.value(forKey: name)
        case let .indexed(source):
            guard case let .index(index) = key else { return nil }
            return source.element(at: index)
        case .unread:
            return nil
        }
    }
}

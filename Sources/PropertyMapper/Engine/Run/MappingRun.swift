/// One model's phase one over a source: every check, every error, the staged writes. Each model mapped has its own run and
/// staging buffer. The walk follows the plan, never the source, so unmapped keys and subtrees cost nothing.
struct MappingRun {
    /// The model calls run on; nil for an immutable model, which does not exist yet (its plan has no call).
    let model: ModelAccess?
    let staging: StagingBuffer
    /// False for a dry run, which drops every value it converts.
    private let stagesWrites: Bool
    let nesting: Nesting
    private(set) var errors: [ValidationError] = []
    /// Handed on only when the run succeeds.
    private(set) var warnings: [MappingWarning] = []
    private var reportedDepth = false
    /// What the plan's rules need of the walk (`judgeRules`), and the defaults staged for shared targets (`yieldDefaults`),
    /// in one array: a run's every stored property costs each model mapped, rules or not.
    private var ruleNotes: [RuleNote] = []
    private let judgesRules: Bool

    private enum RuleNote {
        /// A field that failed, by index (repeats allowed): a rule reading it is not judged.
        case failed(Int)
        /// An entry read at a key other than its first, from its path to that key's (innermost first), when the plan has
        /// rules: where the error of a rule pointing at it goes.
        case readElsewhere(from: String, to: String)
        /// A field of a shared target that staged its `default:`, and the index of its `defaultUsed` warning.
        case defaulted(Int, warning: Int?)
    }

    init(model: ModelAccess?, staging: StagingBuffer, stagesWrites: Bool, nesting: Nesting, judgesRules: Bool) {
        self.model = model
        self.staging = staging
        self.stagesWrites = stagesWrites
        self.nesting = nesting
        self.judgesRules = judgesRules
    }

    private mutating func noteFailed(_ fields: [Int]) {
        for field in fields { ruleNotes.append(.failed(field)) }
    }

    /// The whole source as an entry point was given it, read here so that no optional reading is copied on the way.
    mutating func visitRoot(_ plan: Plan, raw source: Any?) {
        if let source {
            visit(plan.root, SourceItem(source))
        } else {
            visitAbsent(plan.root)
        }
    }

    mutating func visitRoot(_ plan: Plan, _ source: SourceItem?) {
        if let source {
            visit(plan.root, source)
        } else {
            visitAbsent(plan.root)
        }
    }

    mutating func visit(_ level: PlanLevel, _ source: SourceItem) {
        if let keys = level.keyPolicy { return visit(level, keys, source) }
        switch source.scalar {
        case .null:
            // A null container: every entry under it is absent.
            return visitAbsent(level)
        case let .dictionary(dictionary):
            if case .keyed = level.shape { return visit(level, dictionary) }
        case let .object(object):
            if case .keyed = level.shape, level.keys.readsLike(object.level.keys) { return visit(level, object) }
        default:
            break
        }
        guard let container = LevelContainer(source, for: level) else {
            return failShape(level, value: source.value)  // one root cause: the entries are not reported
        }
        for node in level.entries {
            if let item = container.item(at: node.key) {
                visit(node, present: item)
            } else {
                visitMissing(node)
            }
        }
    }

    /// A keyed level under its mapping's key policies: alternatives, looser matching, unknown keys.
    @inline(never)
    private mutating func visit(_ level: PlanLevel, _ keys: KeyMatcher, _ source: SourceItem) {
        if source.isNull { return visitAbsent(level) }
        let entries = level.entries
        if case let .object(object) = source.scalar, keys.readsLike(object.level.keys) {
            // The JSON reader matched the keys as it read them; an entry's first key is found as without a policy.
            for index in entries.indices {
                let found = object.withItem(forEntry: index) { visit(entries[index], present: $0) }
                if !found { visit(entries[index], object.lookupBeyondFirstKey(entry: index), in: level) }
            }
            return report(unknown: object.unknownKeys, in: level, keys)
        }
        guard let keyed = source.keyed else { return failShape(level, value: source.value) }
        var reading = KeyedReading(keyed, keys)
        // The errors of each entry found at a common spelling: replaced if another source key matches it too.
        var spelledErrors: [(entry: Int, errors: Range<Int>)] = []
        let names = level.keyNames
        if case let .dictionary(dictionary) = keyed {
            let scan = level.keyScan.flatMap {
                dictionary.count <= $0.limit ? $0.read(dictionary, keys, into: staging) : nil
            }
            for index in entries.indices {
                let (first, loose) = scan.map { $0.take(index) } ?? (dictionary.index(forKey: names[index]), .unknown)
                if let first {
                    reading.noteMatched()
                    visit(entries[index], present: SourceItem(dictionary.values[first]))
                } else if case let .one(position) = loose, keys.alternatives[index].isEmpty {
                    // The one source key that matches it loosely (an alternative key would come first).
                    reading.noteMatched()
                    let key = dictionary.keys[position]
                    visit(entries[index], present: SourceItem(dictionary.values[position]), at: key, in: level)
                } else if case .noMatch = loose, keys.alternatives[index].isEmpty {
                    visitMissing(entries[index])
                } else {
                    visitBeyondFirstKey(index, of: level, &reading, &spelledErrors)
                }
            }
        } else {
            for index in entries.indices {
                if let item = reading.item(at: names[index]) {
                    visit(entries[index], present: item)
                } else {
                    visitBeyondFirstKey(index, of: level, &reading, &spelledErrors)
                }
            }
        }
        if !spelledErrors.isEmpty { replaceErrors(of: reading.ambiguousEntries(), in: level, spelledErrors) }
        report(unknown: reading.unknownKeys, in: level, keys)
    }

    private mutating func visitBeyondFirstKey(
        _ entry: Int, of level: PlanLevel, _ reading: inout KeyedReading, _ spelledErrors: inout [(entry: Int, errors: Range<Int>)]
    ) {
        let first = errors.count
        visit(level.entries[entry], reading.lookupBeyondFirstKey(entry), in: level)
        if reading.wasSpelled(entry) { spelledErrors.append((entry, first..<errors.count)) }
    }

    /// Entries found at a spelling another source key matches too (known once the level was read): each one's errors
    /// (`spelledErrors`) become one `ambiguousKey` error in their place, as the JSON reader reports it.
    @inline(never)
    private mutating func replaceErrors(
        of ambiguous: [(entry: Int, keys: [String])], in level: PlanLevel, _ spelledErrors: [(entry: Int, errors: Range<Int>)]
    ) {
        // From the last, so that the earlier ranges stay where they are.
        for (entry, candidates) in ambiguous.reversed() {
            guard let range = spelledErrors.first(where: { $0.entry == entry })?.errors else { continue }
            let node = level.entries[entry]
            errors.replaceSubrange(
                range,
                with: [
                    ValidationError(
                        path: node.path, property: node.property, rule: "ambiguousKey", value: nil,
                        failure: .ambiguousKey(candidates: candidates))
                ])
            noteFailed(node.fieldIndices)
        }
    }

    @inline(__always)
    private mutating func visit(_ node: PlanNode, _ lookup: consuming KeyLookup, in level: PlanLevel) {
        switch lookup {
        case let .found(item, key): visit(node, present: item, at: key, in: level)
        case .absent: visitMissing(node)
        case let .ambiguous(candidates): fail(node, rule: "ambiguousKey", failure: .ambiguousKey(candidates: candidates), value: nil)
        }
    }

    /// An entry read at a key other than its first (a later `.anyOf` key, a loose match): its errors and warnings move
    /// from the entry's path to that key's.
    @inline(never)
    private mutating func visit(_ node: PlanNode, present item: SourceItem, at key: String, in level: PlanLevel) {
        let firstError = errors.count
        let firstWarning = warnings.count
        visit(node, present: item)
        let moved = errors.count > firstError || warnings.count > firstWarning
        guard moved || judgesRules else { return }
        let path = MappingKey.key(key).appended(to: level.path)
        if judgesRules { ruleNotes.append(.readElsewhere(from: node.path, to: path)) }
        guard moved else { return }
        for index in errors.indices.dropFirst(firstError) {
            errors[index].path = Paths.rebased(errors[index].path, from: node.path, to: path)
        }
        for index in warnings.indices.dropFirst(firstWarning) {
            warnings[index].path = Paths.rebased(warnings[index].path, from: node.path, to: path)
        }
    }

    private mutating func report(unknown: [String], in level: PlanLevel, _ keys: KeyMatcher) {
        if unknown.isEmpty { return }
        // Sorted, each once, for dictionaries and JSON alike; the polymorphic tag is exempt at its model's own level only.
        let exempt = level.path.isEmpty ? nesting.exemptKey : nil
        for key in Set(unknown).sorted() where key != exempt && !level.keysReadBeside.contains(where: { $0.reads(key) }) {
            let path = MappingKey.key(key).appended(to: level.path)
            switch keys.unknownKeys {
            case .ignore:
                break
            case .warn:
                warnings.append(MappingWarning(path: path, property: "", value: nil, notice: .unknownKey))
            case .fail:
                errors.append(ValidationError(path: path, property: "", rule: "unknownKey", value: nil, failure: .unknownKey))
            }
        }
    }

    /// `prefixes`: where the level was looked for, when at more than one path (`PlanNode.pathsTried(under:)`).
    mutating func visitAbsent(_ level: PlanLevel, under prefixes: [String]? = nil) {
        for node in level.entries { visitMissing(node, under: prefixes) }
    }

    /// A `[String: Any]` under string keys: read whole when no larger than the level (`KeyScan`), else one look-up per entry.
    private mutating func visit(_ level: PlanLevel, _ dictionary: [String: Any]) {
        let entries = level.entries
        // By index: copying each node and key out would retain them.
        if let scan = level.keyScan, dictionary.count <= scan.limit {
            let reading = scan.read(dictionary, level.keys, into: staging)
            for index in entries.indices {
                if let first = reading.take(index).first {
                    visit(entries[index], present: SourceItem(dictionary.values[first]))
                } else {
                    visitMissing(entries[index])
                }
            }
            return
        }
        let names = level.keyNames
        for index in entries.indices {
            if let value = dictionary[names[index]] {
                visit(entries[index], present: SourceItem(value))
            } else {
                visitMissing(entries[index])
            }
        }
    }

    private mutating func visit(_ level: PlanLevel, _ object: JSONObject) {
        let entries = level.entries
        for index in entries.indices {
            let found = object.withItem(forEntry: index) { visit(entries[index], present: $0) }
            if !found { visitMissing(entries[index]) }
        }
    }

    // Present values and absence go separately: copying an `Any?` takes generic enum witnesses, costlier than the checks.

    private mutating func visitMissing(_ node: PlanNode, under prefixes: [String]? = nil) {
        if let policy = node.absentPolicy, !node.isRequired { return apply(policy, to: node, null: nil, under: prefixes) }
        if node.absentIsError {
            fail(node, rule: "isRequired", failure: node.missing(under: prefixes), value: nil)
        } else {
            visitAbsent(node, under: prefixes)
        }
    }

    /// An absent node writes nothing, but required entries under it still report, naming every path tried.
    private mutating func visitAbsent(_ node: PlanNode, under prefixes: [String]?) {
        switch node.body {
        case .field: break
        case let .nested(level): visitAbsent(level, under: node.pathsTried(under: prefixes))
        case let .list(children): visitEach(children) { $0.visitMissing($1, under: prefixes) }
        }
    }

    /// Each descriptor of a list in turn: those that fail or warn alike give one error or warning naming each property.
    private mutating func visitEach(_ children: [PlanNode], _ visit: (inout MappingRun, PlanNode) -> Void) {
        let (firstError, firstWarning) = (errors.count, warnings.count)
        for child in children { visit(&self, child) }
        if errors.count - firstError > 1 { errors.mergeSame(from: firstError) }
        if warnings.count - firstWarning > 1 { warnings.mergeSame(from: firstWarning) }
    }

    private mutating func visit(_ node: PlanNode, present item: SourceItem) {
        // After a nested model was refused for its depth the run fails: it reads on no further, or a cycle reached along
        // several paths would be walked to the depth limit once for each.
        if reportedDepth { return noteFailed(node.fieldIndices) }
        if item.isNull, node.isRequired { return fail(node, rule: "isRequired", failure: .null, value: item.value) }
        // Fields, the common case, via `node.field`: the optional chain borrows it; binding it would retain it on every visit.
        if node.field?.stage(present: item, at: node, in: &self) != nil { return }
        switch node.body {
        case .field:
            return  // staged above
        case let .nested(level):
            if item.isNull { return visitAbsent(level) }  // a null container counts as absent
            if !node.validators.isEmpty {
                // The shape check comes first: one root cause, one error.
                guard LevelContainer(item, for: level) != nil else { return failShape(level, value: item.value) }
                guard passesValidators(node, item) else { return }
            }
            visit(level, item)
        case let .list(children):
            // Validators judge a present value only; each descriptor of the list gets the value, null included.
            guard item.isNull || passesValidators(node, item) else { return }
            visitEach(children) { $0.visit($1, present: item) }
        }
    }

    /// A present value of a field with `.ifNull(_:)` or `fallback:`, kept off the common path.
    @inline(never)
    fileprivate mutating func visitUnderPolicy(_ field: PlanField, _ node: PlanNode, present item: SourceItem) {
        if node.tracksPresence { staging.markPresent(field) }
        if item.isNull {
            if let policy = node.nullPolicy { return apply(policy, to: node, null: item) }
            field.stage(.null, at: node, in: &self)
            return
        }
        if node.fallsBack { return stageFallingBack(field, at: node, item) }
        field.stage(item, at: node, in: &self)
    }

    /// An absent value (`null` nil) or a null one, under the field's policy.
    private mutating func apply(_ policy: MissingValuePolicy, to node: PlanNode, null: SourceItem?, under prefixes: [String]? = nil) {
        guard let field = node.field else { return }  // a policy on anything else is a definition error
        switch policy {
        case .keep:
            return
        case .setNil:
            field.stage(.null, at: node, in: &self)
        case .useDefault:
            let warning = warnings.count
            if let rendered = field.stage(.defaultValue, at: node, in: &self) {
                warn(node, .defaultUsed(value: rendered, forNull: null != nil), value: null?.value)
            }
            if node.tracksPresence {
                staging.markPresent(field)
                ruleNotes.append(.defaulted(field.index, warning: warnings.count > warning ? warning : nil))
            }
        case .fail:
            fail(node, rule: "isRequired", failure: null == nil ? node.missing(under: prefixes) : .null, value: null?.value)
        }
    }

    /// A present value through a field with a `fallback:`: if it fails, its errors become a `fallbackUsed` warning, the
    /// fallback staged instead.
    private mutating func stageFallingBack(_ field: PlanField, at node: PlanNode, _ item: SourceItem) {
        let errorCount = errors.count
        let notesCount = ruleNotes.count
        field.stage(item, at: node, in: &self)
        // A mistake in a nested mapping, or a cycle, is never the value's failure: it stays an error.
        guard errors.count > errorCount, !errors[errorCount...].contains(where: \.reason.isBeyondTheValue) else { return }
        let replaced = Array(errors[errorCount...])
        errors.removeSubrange(errorCount...)
        ruleNotes.removeSubrange(notesCount...)
        if let rendered = field.stage(.fallback, at: node, in: &self) {
            warn(node, .fallbackUsed(value: rendered, replacing: replaced), value: item.value)
        }
    }

    /// Appends the run's warnings to the caller's once it succeeded; skips an empty append, which makes storage anew.
    func handWarnings(to warnings: inout [MappingWarning]) {
        if !self.warnings.isEmpty { warnings += self.warnings }
    }

    mutating func warn(_ node: PlanNode, _ notice: Notice, value: Any?) {
        warnings.append(MappingWarning(path: node.path, property: node.property, value: value.map(SourceValue.render), notice: notice))
    }

    /// The warnings of a value that converted (a nested model's), each at its sub-path.
    mutating func warn(_ node: PlanNode, issues: ConversionIssues) {
        warnings += issues.warnings(path: node.path, property: node.property)
    }

    /// Runs the node's validators on a present, type-checked source value; records each failure.
    mutating func passesValidators(_ node: PlanNode, _ item: SourceItem) -> Bool {
        var passed = true
        let validators = node.validators
        // By index: copying each `Validator` out would retain every one of its strings.
        for index in validators.indices {
            if let failure = validators[index].check(item) {
                fail(node, rule: validators[index].rule, failure: failure, value: item.value)
                passed = false
            }
        }
        return passed
    }

    /// `field` staged its value from `item`: the node's `.ensure` rules judge it, each failing one an error, then `staged(_:)`;
    /// a value one fails is dropped (false).
    @inline(__always)
    mutating func staged(_ field: PlanField, checkedBy node: PlanNode, from item: SourceItem) -> Bool {
        if node.ensures.isEmpty {
            staged(field)
            return true
        }
        return stagedIfEnsured(field, node, item)
    }

    @inline(never)
    private mutating func stagedIfEnsured(_ field: PlanField, _ node: PlanNode, _ item: SourceItem) -> Bool {
        staging.stage(field)
        let failures = field.field.failures(of: node.ensures, staged: field, in: staging)
        if !failures.isEmpty {
            field.discard(staging)
            for (rule, failure) in failures { fail(node, rule: rule, failure: failure, value: item.value) }
            return false
        }
        if !stagesWrites { field.discard(staging) }
        return true
    }

    /// `field` has put its converted value in its slot: keep it for phase two or, in a dry run, drop it.
    mutating func staged(_ field: PlanField) {
        staging.stage(field)
        if !stagesWrites { field.discard(staging) }
    }

    /// A `default:` stands for an absent value: staged for a shared target whose other field the source held (null
    /// included), it gives way to that value, as an absent field without one would, and its warning goes with it.
    mutating func yieldDefaults(_ plan: Plan) {
        let defaulted = ruleNotes.compactMap { if case let .defaulted(field, warning) = $0 { (field, warning) } else { nil } }
        if defaulted.isEmpty { return }
        var droppedWarnings: [Int] = []
        for target in plan.sharedTargets {
            let held = target.fields.contains { field in staging.isPresent(field) && !defaulted.contains { $0.0 == field } }
            for (field, warning) in defaulted where held && target.fields.contains(field) {
                if staging.isStaged(field) { plan.fields[field].discard(staging) }
                if let warning { droppedWarnings.append(warning) }
            }
        }
        for index in droppedWarnings.sorted(by: >) { warnings.remove(at: index) }
    }

    /// An `isRequired` error for each shared target of an immutable model whose fields were all absent (`Plan.sharedTargets`).
    mutating func checkSharedTargets(_ plan: Plan) {
        for target in plan.sharedTargets where target.isRequired && !target.fields.contains(where: staging.isPresent) {
            noteFailed(target.fields)
            errors.append(
                ValidationError(
                    path: target.path, property: target.property, rule: "isRequired", value: nil, failure: .missing))
        }
    }

    /// The plan's rules over what the run staged, on `model`: after every field, before any write.
    mutating func judgeRules(of plan: Plan) {
        if plan.rules.isEmpty { return }
        let failed = Set(ruleNotes.compactMap { if case let .failed(field) = $0 { field } else { nil } })
        for rule in plan.rules {
            // Values of their own for each rule: whether one rule read a failed field says nothing of the next.
            let values = StagedValues(staging: staging, model: model, failedFields: failed)
            for var error in rule.judge(values) {
                for case let .readElsewhere(from, to) in ruleNotes { error.path = Paths.rebased(error.path, from: from, to: to) }
                errors.append(error)
            }
            values.close()
        }
    }

    /// Definition errors met in the run (a nested model's mapping, a rule's read) are reported alone: the data is not judged
    /// against a broken mapping.
    mutating func keepDefinitionErrorsAlone() {
        if !errors.isEmpty { errors = errors.definitionErrorsAlone }
    }

    /// Null into a property that is not optional.
    mutating func failNull(at node: PlanNode, expected: String) {
        fail(node, rule: "type", failure: .typeMismatch(found: .null, expected: expected), value: SourceValue.null)
    }

    mutating func fail(_ node: PlanNode, rule: String, failure: Failure, value: Any?) {
        noteFailed(node.fieldIndices)
        errors.append(
            ValidationError(
                path: node.path, property: node.property, rule: rule,
                value: value.map(SourceValue.render), failure: failure))
    }

    /// A conversion's errors, each at its sub-path (`tags[3]`, `owner.login`); a run keeps only its first `depth` error.
    mutating func fail(_ node: PlanNode, issues: ConversionIssues) {
        noteFailed(node.fieldIndices)
        for error in issues.errors(path: node.path, property: node.property) {
            if error.rule == "depth", reportedDepth { continue }
            if error.rule == "depth" { reportedDepth = true }
            errors.append(error)
        }
    }

    private mutating func failShape(_ level: PlanLevel, value: Any) {
        noteFailed(level.fieldIndices)
        errors.append(
            ValidationError(
                path: level.path, property: level.property, rule: "type",
                value: SourceValue.render(value),
                failure: .shapeMismatch(found: SourceValue.kind(of: value), expected: level.shape.containerKind)))
    }
}

extension PlanField {
    /// Stages a present value, null included, under its node's policies (called through `node.field?`, which borrows it).
    @inline(__always)
    fileprivate func stage(present item: SourceItem, at node: PlanNode, in run: inout MappingRun) {
        if node.hasPresentPolicy { return run.visitUnderPolicy(self, node, present: item) }
        if node.tracksPresence { run.staging.markPresent(self) }
        if item.isNull {
            stage(.null, at: node, in: &run)
            return
        }
        stage(item, at: node, in: &run)
    }
}

extension PlanLevel.Shape {
    var containerKind: ValueKinds {
        switch self {
        case .keyed: .object
        case .indexed: .array
        case .empty, .mixed: .all
        }
    }
}

/// A present container, viewed the way a mapping level reads it: by key or by index.
enum LevelContainer {
    case keyed(KeyedSource)
    case indexed(IndexedSource)
    /// A level with no entries reads nothing and accepts any value.
    case unread

    /// Nil when the value does not have the level's shape.
    init?(_ item: SourceItem, for level: PlanLevel) {
        switch level.shape {
        case .keyed:
            guard let keyed = item.keyed else { return nil }
            self = .keyed(keyed)
        case .indexed:
            guard let indexed = item.indexed else { return nil }
            self = .indexed(indexed)
        case .empty:
            self = .unread
        case .mixed:
            return nil  // a definition error: never run
        }
    }

    func item(at key: MappingKey) -> SourceItem? {
        switch self {
        case let .keyed(source):
            guard case let .key(name) = key else { return nil }
            return source.item(forKey: name)
        case let .indexed(source):
            guard case let .index(index) = key else { return nil }
            return source.item(at: index)
        case .unread:
            return nil
        }
    }
}

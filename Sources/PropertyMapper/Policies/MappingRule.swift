/// A rule across fields, judged after every field and before anything is written:
///
/// `rules: [MappingRule("endsAfterStart") { try $0[\.end] > $0[\.start] }]`. `$0[\.x]` is the value the property will
/// hold (for a `Mappable` model, the current one when absent or unmapped; a key path through or over a mapped property,
/// `\.pair.low` where the mapping writes `\.pair` or the reverse, is a definition error: write `$0[\.pair].low`); a
/// rule reading a field that failed is not judged. A merged model (`.merging()`) holds its value only once it is written: a rule that reads one present in the
/// source is a definition error, reported alone. `false` is an error with the rule's name as rule, at the root (path and property `""`) or, with `at:`, at
/// the field it points at; a throw is one carrying its description. Rules run in `Mapper.validate` too.
public struct MappingRule<Root>: Sendable {
    /// The rule's name: the `rule` of its error.
    public let name: String
    let message: String?
    /// The field the rule points at (`at:`): its key path, and how the property's value is read for the error.
    let target: (keyPath: any AnyKeyPath & Sendable, value: @Sendable (MappedValues<Root>) -> Any?)?
    let check: @Sendable (MappedValues<Root>) throws -> Bool
}

extension MappingRule {
    /// A rule whose error, at the root, says `message` (by default, which rule failed):
    /// `MappingRule("smallParty", message: "at most 8 guests") { try $0[\.guests] <= 8 }`.
    public init(_ name: String, message: String? = nil, _ check: @escaping @Sendable (MappedValues<Root>) throws -> Bool) {
        self.init(name: name, message: message, target: nil, check: check)
    }

    /// A rule that points at a field: its error has the path the document gives that property, the property's name and
    /// value, and `message`.
    ///
    /// `MappingRule("shippedAfterOrdered", at: \.shippedAt, message: "must be after the order date") { … }` fails with
    /// `shipped_at → shippedAt: must be after the order date; got … [shippedAfterOrdered]`. A key path the mapping
    /// does not write is a definition error.
    public init<Value>(
        _ name: String, at keyPath: any KeyPath<Root, Value> & Sendable, message: String? = nil,
        _ check: @escaping @Sendable (MappedValues<Root>) throws -> Bool
    ) {
        self.init(name: name, message: message, target: (keyPath, { values in try? values[keyPath] }), check: check)
    }
}

/// A `MappingRule` as a plan keeps it, its model's type erased.
struct PlanRule: Sendable {
    /// The rule's errors over a run's staged values: none when it passed or was not judged.
    let judge: @Sendable (StagedValues) -> [ValidationError]
    /// Why the rule cannot run: its `at:` key path is not one the mapping writes.
    let definitionError: ValidationError?

    init<Root>(_ rule: MappingRule<Root>, in root: PlanLevel) {
        let nodes = rule.target.map { root.nodes(writing: $0.keyPath) } ?? []
        definitionError = (nodes.isEmpty ? rule.target : nil).map { target in
            PlanCheck.error(path: "", property: "", .ruleTargetNotMapped(rule: rule.name, keyPath: PropertyName.text(of: target.keyPath)))
        }
        judge = { values in
            let mapped = MappedValues<Root>(source: values)
            let outcome = Result { try rule.check(mapped) }
            if values.readFailedField { return [] }  // not judged, whatever the closure made of it
            if let problem = values.problem { return problem.errors }
            if case .success(true) = outcome { return [] }
            let thrown: String? = if case let .failure(error) = outcome { String(describing: error) } else { nil }
            let failure: Failure =
                rule.message.map { .ruleFailed(message: $0, thrown: thrown) } ?? .failedCheck(name: rule.name, thrown: thrown)
            let value = rule.target.flatMap { $0.value(mapped) }.map(SourceValue.render)
            // The entry the property's value came from: the last one staged, as a property mapped twice holds the later value.
            let node = nodes.last { $0.fieldIndices.contains(where: values.isStaged) } ?? nodes.first
            return [
                ValidationError(path: node?.path ?? "", property: node?.property ?? "", rule: rule.name, value: value, failure: failure)
            ]
        }
    }
}

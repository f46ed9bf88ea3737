/// A rule across fields, judged after every field and before anything is written:
///
/// `rules: [MappingRule("endsAfterStart") { try $0[\.end] > $0[\.start] }]`. `$0[\.x]` is the value the property will
/// hold (for a `Mappable` model, the current one when absent or unmapped); a rule reading a field that failed is not
/// judged. `false` is an error with path and property `""` and the rule's name as rule; a throw is one carrying its
/// description. Rules run in `Mapper.validate` too.
public struct MappingRule<Root>: Sendable {
    /// The rule's name: the `rule` of its error.
    public let name: String
    let check: @Sendable (MappedValues<Root>) throws -> Bool

    public init(_ name: String, _ check: @escaping @Sendable (MappedValues<Root>) throws -> Bool) {
        self.name = name
        self.check = check
    }
}

/// A `MappingRule` as a plan keeps it, its model's type erased.
struct PlanRule: Sendable {
    let name: String
    /// The rule's errors over a run's staged values: none when it passed or was not judged.
    let judge: @Sendable (StagedValues) -> [ValidationError]

    init<Root>(_ rule: MappingRule<Root>) {
        name = rule.name
        judge = { values in
            let failure: Failure?
            do {
                failure = try rule.check(MappedValues(source: values)) ? nil : .failedCheck(name: rule.name, thrown: nil)
            } catch {
                failure = .failedCheck(name: rule.name, thrown: String(describing: error))
            }
            if values.readFailedField { return [] }  // not judged, whatever the closure made of it
            if let problem = values.problem { return problem.errors }
            guard let failure else { return [] }
            return [ValidationError(path: "", property: "", rule: rule.name, value: nil, failure: failure)]
        }
    }
}

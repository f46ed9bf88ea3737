/// A named rule on a present, non-null source value; returns why it failed, or nil.
struct Validator: Sendable {
    let rule: String
    /// The kinds of value it can judge: a field that receives none of them is a definition error.
    let judges: ValueKinds
    var judgedType: String? = nil
    /// A problem with the validator itself (an invalid pattern), found when it was made.
    var problem: DefinitionProblem? = nil
    /// `min`, `max`, `range`, and `equalTo`/`oneOf` with numbers: on a `.box` or `.call` that makes a number, they
    /// judge that number rather than the source value.
    var judgesNumbers = false
    let check: @Sendable (SourceItem) -> Failure?
}

extension PropertyDescriptor {
    /// Adds a custom rule, named as errors show it; the predicate gets the source value (before boxing) as an
    /// `Input`, checked strictly as for `.property`:
    ///
    /// `.box(.url, \.contentURL).validate("isSecureURL") { (text: String) in text.hasPrefix("https://") }`. `false`
    /// or a throw fails with `videoURL → contentURL: does not pass isSecureURL; got "http://…" [isSecureURL]`. Absent
    /// and null pass; a value that is not an `Input` fails saying what it expects. Wrap it to give it a name of its
    /// own: `func isSecureURL() -> Self { validate("isSecureURL") { … } }`.
    public func validate<Input>(_ name: String, _ predicate: @escaping @Sendable (Input) throws -> Bool) -> Self {
        let input = Conversions.make(Input.self)
        return adding(
            Validator(rule: name, judges: input.kinds, judgedType: input.typeName) { item in
                var issues = ConversionIssues(nesting: .outermost())
                guard let typed = input.convert(item, &issues) else {
                    return issues.firstFailure ?? .typeMismatch(found: item.kind, expected: input.typeName)
                }
                do {
                    return try predicate(typed) ? nil : .failedCheck(name: name, thrown: nil)
                } catch {
                    return .failedCheck(name: name, thrown: String(describing: error))
                }
            })
    }
}

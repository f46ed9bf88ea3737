extension PropertyDescriptor {
    /// Requires the value to equal one of `values` after a strict conversion to their type:
    ///
    /// `.property(\.kind).oneOf(["shortVideo", "longVideo", "live"])`. `"hologram"` fails with `videoType → kind: not
    /// in the list, expected one of "shortVideo", "longVideo", "live"; got "hologram" [oneOf]`. Absent or null
    /// passes; a value of another kind (a number among strings) fails saying what it expected.
    public func oneOf<Candidate: Equatable & Sendable>(_ values: [Candidate]) -> Self {
        membershipRule("oneOf", values, failure: .notOneOf(candidates: values.map(SourceValue.renderExpected)))
    }

    /// Shared by `oneOf` and `equalTo`: converts the source value strictly to `Candidate` and looks it up.
    func membershipRule<Candidate: Equatable & Sendable>(_ rule: String, _ values: [Candidate], failure: Failure) -> Self {
        let conversion = Conversions.make(Candidate.self)
        return adding(
            Validator(rule: rule, judges: conversion.kinds, judgedType: conversion.typeName, judgesNumbers: conversion.kinds == .number) {
                item in
                var issues = ConversionIssues(nesting: .outermost())
                guard let candidate = conversion.convert(item, &issues) else {
                    // A number the candidates' type cannot hold (2.5 among integers, 300 among `Int8`s) is none of them.
                    if conversion.kinds == .number, case .number = item.scalar { return failure }
                    return issues.firstFailure ?? failure
                }
                return values.contains(candidate) ? nil : failure
            })
    }
}

extension PropertyDescriptor {
    /// Requires the value to equal `value`, compared after a strict conversion to its type.
    ///
    ///     "version": .property(\.version).equalTo(2)
    ///
    /// `3` fails with `version → version: a different value, expected 2; got 3 [equalTo]`.
    /// An absent or null value passes.
    public func equalTo<Expected: Equatable & Sendable>(_ value: Expected) -> Self {
        membershipRule("equalTo", [value], failure: .notEqual(expected: SourceValue.render(value)))
    }
}

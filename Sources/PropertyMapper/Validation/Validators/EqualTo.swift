extension PropertyDescriptor {
    /// Requires the value to equal `value` after a strict conversion: `.property(\.version).equalTo(2)`. `3` fails with
    /// `version → version: a different value, expected 2; got 3 [equalTo]`; absent or null passes, another type fails.
    public func equalTo<Expected: Equatable & Sendable>(_ value: Expected) -> Self {
        membershipRule("equalTo", [value], failure: .notEqual(expected: SourceValue.renderExpected(value)))
    }
}

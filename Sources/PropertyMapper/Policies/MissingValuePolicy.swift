/// What a field does when its source value is absent (`.ifAbsent(_:)`) or null (`.ifNull(_:)`).
///
///     "nickname": .property(\.nickname).ifAbsent(.setNil).ifNull(.keep),
///     "views": .property(\.views, default: 0),                 // absent: 0, with a warning
///     "status": .property(\.status, default: .draft).ifNull(.useDefault),
///
/// Without a policy a field behaves as it always has: absent keeps the property's current value;
/// null writes nil into an Optional and is a `type` error otherwise.
public enum MissingValuePolicy: Sendable, Equatable, Hashable {
    /// Write nothing: the property keeps its current value. (An `ImmutableMappable` model has none:
    /// a definition error there.)
    case keep
    /// Write nil; only for an Optional property (a definition error otherwise).
    case setNil
    /// Write the field's `default:`, and record a `defaultUsed` warning; a definition error without one.
    case useDefault
    /// An `isRequired` error.
    case fail
}

extension PropertyDescriptor {
    /// What the field does when its key is absent (or its index past the end). `default:` sets
    /// `.useDefault`; the chain reads left to right, so a later `.ifAbsent(_:)` overrides it.
    ///
    ///     "nickname": .property(\.nickname).ifAbsent(.setNil)
    public func ifAbsent(_ policy: MissingValuePolicy) -> Self {
        withPolicies(absent: policy, null: nullPolicy)
    }

    /// What the field does when its value is null.
    ///
    ///     "nickname": .property(\.nickname).ifNull(.keep)
    public func ifNull(_ policy: MissingValuePolicy) -> Self {
        withPolicies(absent: absentPolicy, null: policy)
    }
}

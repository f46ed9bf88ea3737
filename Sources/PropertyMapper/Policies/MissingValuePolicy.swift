/// What a field does when its source value is absent (`.ifAbsent(_:)`) or null (`.ifNull(_:)`):
///
/// `.property(\.nickname).ifAbsent(.setNil).ifNull(.keep)`. Without one, absent keeps the current value; null writes
/// nil into an Optional and is a `type` error otherwise.
public enum MissingValuePolicy: Sendable, Equatable, Hashable {
    /// Write nothing: the property keeps its value (a definition error for an `ImmutableMappable` model).
    case keep
    /// Write nil; only for an Optional property (a definition error otherwise).
    case setNil
    /// Write the field's `default:`, and record a `defaultUsed` warning; a definition error without one.
    case useDefault
    /// An `isRequired` error.
    case fail
}

extension PropertyDescriptor {
    /// The policy for an absent key (or an index past the end): `.ifAbsent(.setNil)`. It overrides an earlier `default:`.
    public func ifAbsent(_ policy: MissingValuePolicy) -> Self {
        changed { $0.absentPolicy = policy }
    }

    /// The policy for a null value: `.property(\.nickname).ifNull(.keep)`.
    public func ifNull(_ policy: MissingValuePolicy) -> Self {
        changed { $0.nullPolicy = policy }
    }
}

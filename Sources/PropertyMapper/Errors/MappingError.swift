/// Thrown by `Mapper.mapValues` when any check failed; nothing was written to the target.
///
/// `print(error)` lists every failure, in mapping order, depth first:
///
///     2 errors:
///     - videoURL → contentURL: value is missing [isRequired]
///     - name → title: 200 characters, expected 1...80; got "xxxxxxxxxxxxxxxxxxxxxxx…" (200 characters) [lengthRange]
public struct MappingError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Every failure, in mapping order; never empty when thrown by the mapper.
    public var errors: [ValidationError]

    public init(errors: [ValidationError]) {
        self.errors = errors
    }
}

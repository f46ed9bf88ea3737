import PropertyMapper
import Testing

/// Runs `body`, expects a `MappingError`, and returns its errors (empty, with a recorded failure, if none was thrown).
func mappingErrors(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> [ValidationError] {
    do {
        try body()
        Issue.record("expected a MappingError, but mapping succeeded", sourceLocation: sourceLocation)
    } catch let error as MappingError {
        return error.errors
    } catch {
        Issue.record("expected a MappingError, got \(error)", sourceLocation: sourceLocation)
    }
    return []
}

/// Expects exactly one error, at `path` with `rule`; returns it for further checks.
@discardableResult
func expectSingleError(
    _ errors: [ValidationError],
    at path: String,
    rule: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> ValidationError? {
    #expect(errors.map(\.path) == [path], "paths", sourceLocation: sourceLocation)
    #expect(errors.map(\.rule) == [rule], "rules", sourceLocation: sourceLocation)
    return errors.first
}

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

/// Runs `body` and returns the errors of the `MappingError` it threw, or `nil` if it returned; any other error is
/// recorded as a failure.
func thrownMappingErrors(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> [ValidationError]? {
    do {
        try body()
        return nil
    } catch let error as MappingError {
        return error.errors
    } catch {
        Issue.record("expected a MappingError, got \(error)", sourceLocation: sourceLocation)
        return []
    }
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

/// Expects exactly the definition errors `expected`, in order: each at its path and property, with
/// the rule `mapping`, no value, and a message.
func expectDefinitionErrors(
    _ errors: [ValidationError],
    _ expected: [(path: String, property: String)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(errors.map(\.path) == expected.map(\.path), "paths", sourceLocation: sourceLocation)
    #expect(errors.map(\.property) == expected.map(\.property), "properties", sourceLocation: sourceLocation)
    #expect(errors.allSatisfy { $0.rule == "mapping" }, "rules: \(errors.map(\.rule))", sourceLocation: sourceLocation)
    #expect(errors.allSatisfy { $0.value == nil }, "values: \(errors.map(\.value))", sourceLocation: sourceLocation)
    #expect(errors.allSatisfy { !$0.message.isEmpty }, "messages", sourceLocation: sourceLocation)
}

/// A model whose properties are typed `Any?`: they take every kind of value by dynamic cast, so a
/// validator there can meet a value it cannot judge only at run time (`lengthRange` on a number).
final class Loose {
    var value: Any? = "preset"
    var other: Any? = "preset"
    var third: Any? = "preset"

    /// Whether no mapping wrote any property.
    var isUnchanged: Bool {
        [value, other, third].allSatisfy { $0 as? String == "preset" }
    }
}

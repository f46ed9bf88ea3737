/// Why a check failed, as data. `ValidationError+Description.swift` turns it into words.
enum Failure: Sendable, Equatable {
    /// `isRequired` on an absent value.
    case missing
    /// `isRequired` on a null value.
    case null
    /// The value's kind does not fit the type its descriptor receives (or the container a nested mapping expects).
    case typeMismatch(found: ValueKind, expected: String)
    /// A number with a fractional part where an integer type is expected.
    case notWhole(expected: String)
    /// An integer outside the target type's range.
    case outOfRange(expected: String)
    /// An integer wider than 64 bits.
    case beyond64Bits(expected: String)
    /// NaN or an infinity.
    case nonFinite(expected: String)
    case length(count: Int, unit: LengthUnit, lower: Int?, upper: Int?)
    case noMatch(pattern: String)
    case invalidPattern(pattern: String)
    case notOneOf(candidates: [String])
    case notEqual(expected: String)
    case numberBound(lower: String?, upper: String?)
    /// A custom validator's predicate returned false (`thrown == nil`) or threw.
    case failedCheck(name: String, thrown: String?)
    /// A validator met a value it cannot judge, such as `lengthRange` on a number.
    case cannotJudge(found: ValueKind, accepts: String)
    case boxFailed(boxing: String, thrown: String?)
    /// A call returned nil for a non-optional property (`thrown == nil`), or threw.
    case callFailed(expected: String, thrown: String?)
    /// The document is not JSON (the JSON reader's error, with its byte offset).
    case malformedJSON(JSONSyntaxError)
    /// A failure inside the value, at a sub-path such as `[1]` (for validators that see the whole value).
    indirect case inside(subpath: String, Failure)
}

/// What a source value is, in JSON's words.
enum ValueKind: Sendable, Equatable {
    case string, number, boolean, null, array, object
    case other(typeName: String)
}

enum LengthUnit: Sendable, Equatable {
    case characters, elements
}

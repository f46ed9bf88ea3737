/// Why a value cannot be written as JSON, and where it is: data only.
/// `Errors/JSONWriteError+Description.swift` puts it into words.
///
/// JSON holds strings, numbers, booleans, null, arrays and string-keyed objects; anything else (a
/// `Date`, a model struct) and NaN or an infinity has no JSON form, so the writer refuses it rather
/// than write what `JSONSerialization` would not read.
struct JSONWriteError: Error, Equatable, Sendable {
    enum Problem: Equatable, Sendable {
        /// A value of a type JSON has no form for, named as a Swift user writes it (`Date`, `[Int: String]`).
        case notJSONValue(typeName: String)
        /// NaN or an infinity (a `Double`, a `Float` or a `Decimal`).
        case nonFinite(NonFiniteNumber)
        /// Containers nested deeper than `JSONWriter.maximumDepth` (or a container that contains itself).
        case tooDeep
    }

    let problem: Problem
    /// Where the value is, as the engine writes paths: `"author.email"`, `"geo[1]"`, `"[3].tags[0]"`;
    /// `""` for the value itself.
    let path: String
}

/// A number JSON cannot write.
enum NonFiniteNumber: Error, Equatable, Sendable {
    case nan, infinity, negativeInfinity

    /// What `value` is, when it is not finite; nil when it is.
    init?<F: FloatingPoint>(_ value: F) {
        if value.isFinite { return nil }
        self = value.isNaN ? .nan : (value < 0 ? .negativeInfinity : .infinity)
    }
}

/// A failure on its way out of the tree: the path, innermost key first, is gathered as the error
/// unwinds, so that a write that succeeds never builds one.
struct PendingWriteFailure: Error {
    let problem: JSONWriteError.Problem
    private(set) var reversedPath: [MappingKey] = []

    init(_ problem: JSONWriteError.Problem) {
        self.problem = problem
    }

    /// The same failure, one level further out: `key` is the key or index of the value that held it.
    func inside(_ key: MappingKey) -> PendingWriteFailure {
        var outer = self
        outer.reversedPath.append(key)
        return outer
    }

    /// The error, its path rendered from the root.
    var error: JSONWriteError {
        JSONWriteError(problem: problem, path: reversedPath.reversed().reduce("") { $1.appended(to: $0) })
    }
}

/// Why a value cannot be written as JSON, and where, as data (`JSONWriteError+Description.swift` words it).
/// A `Date`, a model struct, NaN or an infinity has no JSON form, so the writer refuses it.
struct JSONWriteError: Error, Equatable, Sendable {
    enum Problem: Equatable, Sendable {
        /// A value of a type JSON has no form for, named as a Swift user writes it (`Date`, `[Int: String]`).
        case notJSONValue(typeName: String)
        case nonFinite(NonFiniteNumber)
        /// Containers nested deeper than `JSONWriter.maximumDepth` (or a container that contains itself).
        case tooDeep
    }

    let problem: Problem
    /// Where the value is, as the engine writes paths (`"author.email"`, `"[3].tags[0]"`); `""` for the value itself.
    let path: String
}

enum NonFiniteNumber: Error, Equatable, Sendable {
    case nan, infinity, negativeInfinity

    init?<F: FloatingPoint>(_ value: F) {
        if value.isFinite { return nil }
        self = value.isNaN ? .nan : (value < 0 ? .negativeInfinity : .infinity)
    }
}

/// A failure on its way out of the tree, gathering its path (innermost first) as it unwinds: a success builds none.
struct PendingWriteFailure: Error {
    let problem: JSONWriteError.Problem
    private(set) var reversedPath: [MappingKey] = []

    init(_ problem: JSONWriteError.Problem) {
        self.problem = problem
    }

    /// The same failure one level out, under `key`.
    func inside(_ key: MappingKey) -> PendingWriteFailure {
        var outer = self
        outer.reversedPath.append(key)
        return outer
    }

    var error: JSONWriteError {
        JSONWriteError(problem: problem, path: reversedPath.reversed().reduce("") { $1.appended(to: $0) })
    }
}

extension JSONWriteError: CustomStringConvertible {
    /// `[2].published: a value of type Date, which JSON cannot hold`
    var description: String {
        (path.isEmpty ? "(root)" : path) + ": " + problem.phrase
    }
}

extension JSONWriteError.Problem {
    /// What is wrong, as the `serialize` error's message says it: `a non-finite number (nan), which JSON cannot hold`.
    var phrase: String {
        switch self {
        case let .notJSONValue(typeName): "a value of type \(typeName), which JSON cannot hold"
        case let .nonFinite(number): "a non-finite number (\(number.spelled)), which JSON cannot hold"
        case .tooDeep:
            "containers nested deeper than \(JSONWriter.maximumDepth) levels, or than the thread's stack allows (or a container that contains itself)"
        }
    }
}

extension NonFiniteNumber {
    /// As Swift prints it: `nan`, `inf`, `-inf`.
    var spelled: String {
        switch self {
        case .nan: "nan"
        case .infinity: "inf"
        case .negativeInfinity: "-inf"
        }
    }
}

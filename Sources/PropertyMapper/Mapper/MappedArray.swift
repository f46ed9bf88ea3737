/// The outcome of mapping every element of an array source: one result per element, in order.
///
/// A record that fails produces no model; the others are unaffected.
///
///     let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }
///     print("\(batch.models.count) mapped, \(batch.failures.count) rejected")
///     for failure in batch.failures { print("record \(failure.index):\n\(failure.error)") }
public struct MappedArray<Root> {
    /// One result per source element, in source order.
    public var results: [Result<Root, MappingError>]
    /// One array of warnings per source element, in order (empty for a record that failed).
    public var warnings: [[MappingWarning]]

    public init(results: [Result<Root, MappingError>]) {
        self.init(results: results, warnings: Array(repeating: [], count: results.count))
    }

    /// Results with their warnings; `warnings` has one array per result.
    public init(results: [Result<Root, MappingError>], warnings: [[MappingWarning]]) {
        self.results = results
        self.warnings = warnings
    }

    /// The batch, or the definition errors a record met (a nested model's mapping): they are thrown, never one record's failure.
    static func checked(_ results: [Result<Root, MappingError>], _ records: BatchRecords) throws(MappingError) -> Self {
        if let definitionErrors = records.definitionErrors { throw definitionErrors }
        return Self(results: results, warnings: records.warnings)
    }

    /// The models that mapped, in source order.
    public var models: [Root] {
        results.compactMap { try? $0.get() }
    }

    /// The source index and errors of every record that did not map, in source order.
    public var failures: [(index: Int, error: MappingError)] {
        results.enumerated().compactMap { index, result in if case let .failure(error) = result { (index, error) } else { nil } }
    }
}

/// Each record's warnings, and the first definition errors a record met; outside the generic `MappedArray`, which would
/// make it generic, its metadata looked up per record.
struct BatchRecords {
    private var arrays: [[MappingWarning]] = []
    private var count = 0
    private(set) var definitionErrors: MappingError?

    mutating func append(_ warnings: [MappingWarning]) {
        if !warnings.isEmpty {
            while arrays.count < count { arrays.append([]) }
            arrays.append(warnings)
        }
        count += 1
    }

    mutating func noteFailure(_ error: MappingError) {
        if definitionErrors == nil, error.errors.first?.isDefinitionError == true { definitionErrors = error }
    }

    /// One array per record.
    var warnings: [[MappingWarning]] {
        arrays + Array(repeating: [], count: count - arrays.count)
    }
}

extension MappedArray: Sendable where Root: Sendable {}

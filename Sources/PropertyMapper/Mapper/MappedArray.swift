/// The outcome of mapping every element of an array source: one result per element, in order.
///
///     let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }
///     print("\(batch.models.count) mapped, \(batch.failures.count) rejected")
///     for failure in batch.failures { print("record \(failure.index):\n\(failure.error)") }
///
/// A record that fails produces no model; the others are unaffected.
public struct MappedArray<Root> {
    /// One result per source element, in source order.
    public var results: [Result<Root, MappingError>]
    /// One array of warnings per source element, in source order: what each record that mapped
    /// warned about (empty when nothing, and for a record that failed).
    public var warnings: [[MappingWarning]]

    public init(results: [Result<Root, MappingError>]) {
        self.init(results: results, warnings: Array(repeating: [], count: results.count))
    }

    /// Results with their warnings; `warnings` has one array per result.
    public init(results: [Result<Root, MappingError>], warnings: [[MappingWarning]]) {
        self.results = results
        self.warnings = warnings
    }

    /// The models that mapped, in source order.
    public var models: [Root] {
        results.compactMap { try? $0.get() }
    }

    /// The source index and errors of every record that did not map, in source order.
    public var failures: [(index: Int, error: MappingError)] {
        results.enumerated().compactMap { index, result in
            if case let .failure(error) = result { return (index, error) }
            return nil
        }
    }
}

/// Each record's warnings as a batch's records are mapped; the empty arrays of a batch without any
/// warning cost nothing but their count. (Not nested in `MappedArray`: a type nested in a generic
/// one is generic too, and its metadata would be looked up for every record.)
struct BatchWarnings {
    private var arrays: [[MappingWarning]] = []
    private var count = 0

    mutating func append(_ warnings: [MappingWarning]) {
        if !warnings.isEmpty {
            while arrays.count < count { arrays.append([]) }
            arrays.append(warnings)
        }
        count += 1
    }

    var perRecord: [[MappingWarning]] {
        arrays + Array(repeating: [], count: count - arrays.count)
    }
}

extension MappedArray: Sendable where Root: Sendable {}

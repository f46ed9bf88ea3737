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

    public init(results: [Result<Root, MappingError>]) {
        self.results = results
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

extension MappedArray: Sendable where Root: Sendable {}

import Foundation
import PropertyMapper
import ThreadsWorkload

/// One way of turning the threads workload's bytes into models, end to end (parse + map + validate);
/// `run` returns its timed CPU seconds and what it produced, checked against `Threads.expected`.
struct ThreadsContender: Sendable {
    enum Batching: Sendable {
        /// One result per record: a bad record fails alone. Timed on both files.
        case perRecord
        /// Every model or a throw carrying every error. Timed on the valid file; on the defective
        /// file it runs once, untimed, and must throw exactly the expected errors.
        case allOrNothing
    }

    let name: String
    let label: String
    let batching: Batching
    let run: @Sendable (Threads) -> (seconds: Double, outcome: ThreadsOutcome)

    static let all: [ThreadsContender] = [
        .allOrNothing(
            name: "threads-pm-array", label: "PropertyMapper, map([Thread].self, fromJSON:), all or nothing"
        ) { (json: Data) throws(MappingError) in
            try Mapper.map([Thread].self, fromJSON: json)
        },
        .perRecord(name: "threads-pm-records", label: "PropertyMapper, mapArray(fromJSON:as:), per record") {
            // The file is well-formed JSON: mapArray throws only for malformed JSON or a definition error.
            (try? Mapper.mapArray(fromJSON: $0, as: Thread.self))?.results ?? []
        },
        .allOrNothing(
            name: "threads-pm-immutable-array",
            label: "let models, map([Thread].self, fromJSON:), all or nothing"
        ) { (json: Data) throws(MappingError) in
            try Mapper.map([ImmutableThreads.Thread].self, fromJSON: json)
        },
        .perRecord(name: "threads-pm-immutable-records", label: "let models, mapArray(fromJSON:as:), per record") {
            (try? Mapper.mapArray(fromJSON: $0, as: ImmutableThreads.Thread.self))?.results ?? []
        },
        ThreadsContender(
            name: "threads-jsondecoder", label: "JSONDecoder (Decodable structs) + the same validation", batching: .perRecord
        ) { threads in
            let (seconds, batch) = timed { ThreadsDecoded.map(threads.json) }
            return (seconds, outcome(batch))
        },
        ThreadsContender(
            name: "threads-handwritten", label: "JSONSerialization + hand-written strict Swift", batching: .perRecord
        ) { threads in
            let (seconds, batch) = timed { ThreadsHandwritten.map(threads.json) }
            return (seconds, outcome(batch))
        },
    ]

    /// A per-record contender whose `map` returns one result per record, each failure carrying its errors.
    static func perRecord<Model: CountedThread>(
        name: String, label: String, _ map: @escaping @Sendable (Data) -> [Result<Model, MappingError>]
    ) -> Self {
        ThreadsContender(name: name, label: label, batching: .perRecord) { threads in
            let (seconds, results) = timed { map(threads.json) }
            var outcome = ThreadsOutcome()
            for result in results {
                switch result {
                case let .success(thread): outcome.add(validID: thread.id, comments: thread.commentCount, labels: thread.labelCount)
                case let .failure(error): outcome.add(invalidWithErrors: error.errors.count)
                }
            }
            return (seconds, outcome)
        }
    }

    /// An all-or-nothing contender whose `map` returns every record's model or throws every error.
    static func allOrNothing<Model: CountedThread>(
        name: String, label: String, _ map: @escaping @Sendable (Data) throws(MappingError) -> [Model]
    ) -> Self {
        ThreadsContender(name: name, label: label, batching: .allOrNothing) { threads in
            let (seconds, result) = timed { () -> Result<[Model], MappingError> in
                do throws(MappingError) { return .success(try map(threads.json)) } catch { return .failure(error) }
            }
            switch result {
            case let .success(threads):
                var outcome = ThreadsOutcome()
                for thread in threads { outcome.add(validID: thread.id, comments: thread.commentCount, labels: thread.labelCount) }
                return (seconds, outcome)
            case let .failure(error):
                return (seconds, .thrown(records: threads.records, errors: error.errors.count))
            }
        }
    }

    static func outcome(_ batch: ThreadsModel.Batch) -> ThreadsOutcome {
        var outcome = ThreadsOutcome()
        for thread in batch.models { outcome.add(validID: thread.id, comments: thread.commentCount, labels: thread.labelCount) }
        for errors in batch.failures { outcome.add(invalidWithErrors: errors) }
        return outcome
    }
}

import FeedModel
import Foundation
import PropertyMapper

/// The input a contender starts from: the feed's bytes, and the same feed parsed by JSONSerialization.
struct FeedInput {
    let feed: Feed
    let parsed: [Any]
}

enum Stage: String, Sendable {
    case mapValidate = "map+validate from [String: Any] (parsed once, not timed)"
    case endToEnd = "end to end from Data (parse + map + validate)"
}

/// One way of turning the feed into models; `run` returns its timed seconds and what it produced.
struct Contender: Sendable {
    let name: String
    let label: String
    let stage: Stage
    let run: @Sendable (FeedInput) -> (seconds: Double, outcome: Outcome)

    static let all: [Contender] = [
        Contender(name: "pm-class", label: "PropertyMapper, class, mapArray(from:)", stage: .mapValidate) { input in
            let (seconds, batch) = timed { try! Mapper.mapArray(from: input.parsed, using: Video.mapping) { Video() } }
            return (seconds, outcome(batch))
        },
        Contender(name: "pm-struct", label: "PropertyMapper, struct, mapArray(from:)", stage: .mapValidate) { input in
            let (seconds, batch) = timed { try! Mapper.mapArray(from: input.parsed, using: VideoRecord.mapping) { VideoRecord() } }
            return (seconds, outcome(batch))
        },
        Contender(name: "pm-class-loop", label: "PropertyMapper, class, mapValues per record", stage: .mapValidate) { input in
            let (seconds, batch) = timed { mapEach(input.parsed) }
            return (seconds, outcome(batch))
        },
        Contender(name: "pm-struct-loop", label: "PropertyMapper, struct, mapValues per record", stage: .mapValidate) { input in
            let (seconds, batch) = timed { mapEachRecord(input.parsed) }
            return (seconds, outcome(batch))
        },
        Contender(name: "pm-struct-keys", label: "PropertyMapper, struct, mapArray(from:), camelCase keys", stage: .mapValidate) { input in
            let (seconds, batch) = timed { try! Mapper.mapArray(from: input.parsed, using: VideoRecord.camelCaseMapping) { VideoRecord() } }
            return (seconds, outcome(batch))
        },
        Contender(
            name: "handwritten", label: "hand-written strict Swift (Foundation dates, NSRegularExpression)", stage: .mapValidate
        ) { input in
            let (seconds, batch) = timed { Handwritten.map(input.parsed) }
            return (seconds, outcome(batch))
        },
        Contender(name: "pm-class-json", label: "PropertyMapper, class, mapArray(fromJSON:)", stage: .endToEnd) { input in
            let (seconds, batch) = timed { try! Mapper.mapArray(fromJSON: input.feed.json, using: Video.mapping) { Video() } }
            return (seconds, outcome(batch))
        },
        Contender(name: "pm-struct-json", label: "PropertyMapper, struct, mapArray(fromJSON:)", stage: .endToEnd) { input in
            let (seconds, batch) = timed { try! Mapper.mapArray(fromJSON: input.feed.json, using: VideoRecord.mapping) { VideoRecord() } }
            return (seconds, outcome(batch))
        },
        Contender(
            name: "pm-struct-keys-json", label: "PropertyMapper, struct, mapArray(fromJSON:), camelCase keys", stage: .endToEnd
        ) { input in
            let (seconds, batch) = timed {
                try! Mapper.mapArray(fromJSON: input.feed.json, using: VideoRecord.camelCaseMapping) { VideoRecord() }
            }
            return (seconds, outcome(batch))
        },
        Contender(name: "handwritten-json", label: "JSONSerialization + hand-written strict Swift", stage: .endToEnd) { input in
            let (seconds, batch) = timed {
                // swiftlint:disable:next force_cast
                Handwritten.map(try! JSONSerialization.jsonObject(with: input.feed.json) as! [Any])
            }
            return (seconds, outcome(batch))
        },
        Contender(name: "jsondecoder", label: "JSONDecoder (Decodable structs) + the same validation", stage: .endToEnd) { input in
            let (seconds, batch) = timed { Decoded.map(input.feed.json) }
            return (seconds, outcome(batch))
        },
        Contender(name: "pm-bridge", label: "PropertyMapper, struct, JSONDecoder through the Codable bridge", stage: .endToEnd) {
            input in
            let (seconds, batch) = timed { Bridged.map(input.feed.json) }
            return (seconds, outcome(batch))
        },
    ]

    /// The per-record loop a user might write instead of `mapArray(from:)`: a class, `to: video`.
    private static func mapEach(_ records: [Any]) -> MappedArray<Video> {
        var results: [Result<Video, MappingError>] = []
        results.reserveCapacity(records.count)
        for record in records {
            let video = Video()
            do throws(MappingError) {
                try Mapper.mapValues(from: record, to: video, using: Video.mapping)
                results.append(.success(video))
            } catch {
                results.append(.failure(error))
            }
        }
        return MappedArray(results: results)
    }

    /// The same loop into the struct twin, mapped through `inout` (`to: &record`).
    private static func mapEachRecord(_ records: [Any]) -> MappedArray<VideoRecord> {
        var results: [Result<VideoRecord, MappingError>] = []
        results.reserveCapacity(records.count)
        for record in records {
            var video = VideoRecord()
            do throws(MappingError) {
                try Mapper.mapValues(from: record, to: &video, using: VideoRecord.mapping)
                results.append(.success(video))
            } catch {
                results.append(.failure(error))
            }
        }
        return MappedArray(results: results)
    }

    private static func outcome<Model: Digestible>(_ batch: MappedArray<Model>) -> Outcome {
        var outcome = Outcome()
        for result in batch.results {
            switch result {
            case let .success(model): outcome.add(valid: model)
            case let .failure(error): outcome.add(invalidWithErrors: error.errors.count)
            }
        }
        return outcome
    }

    static func outcome(_ batch: Handwritten.Batch) -> Outcome {
        var outcome = Outcome()
        for model in batch.models { outcome.add(valid: model) }
        for errors in batch.failures { outcome.add(invalidWithErrors: errors) }
        return outcome
    }
}

/// CPU seconds of this process spent in `work` (robust against other processes on a shared machine).
func timed<T>(_ work: () -> T) -> (Double, T) {
    let start = cpuSeconds()
    let result = work()
    return (cpuSeconds() - start, result)
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Whether the targets are judged: a debug build's figures say nothing about them. (Declared here, not in main.swift,
/// whose top-level constants a release build folds, warning that the debug branch of each use is never run.)
#if DEBUG
let isJudged = false
#else
let isJudged = true
#endif

func verdict(_ isMet: Bool) -> String {
    isJudged ? (isMet ? "met" : "NOT MET") : "not judged (debug build)"
}

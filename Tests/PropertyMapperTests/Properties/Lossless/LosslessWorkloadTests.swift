import FeedModel
import Foundation
import PropertyMapper
import Testing
import ThreadsWorkload

/// DESIGN.md, "The round trip": lossless on the benchmark workloads. The feed (`[VideoRecord]`
/// through `VideoRecord.mapping`) and the threads (the `Mappable` thread models, a test-side copy of
/// the benchmark's) are mapped from their generated JSON, serialized, mapped back, and compared
/// with the first mapping field by field.
@Suite struct LosslessWorkloadTests {
    /// The SHA-256 of `feed-benchmark --write-feed FILE --records 2000` (808,874 bytes), taken on
    /// 2026-11-25: `FeedWorkload` is the benchmark's feed.
    static let feedSHA256 = "e567dece212a23a7a9e72c3dc71988e85d994ee6d35c57bf75225085c3ecb025"

    @Test func feedIsTheBenchmarksFeed() {
        let feed = FeedWorkload(records: 2_000)
        #expect(feed.json.count == 808_874)
        #expect(SHA256.hex(feed.json) == Self.feedSHA256)
    }

    @Test(arguments: [SerializationOptions(), [.prettyPrinted, .sortedKeys, .writingNulls]])
    func feedRoundTrips(options: SerializationOptions) throws {
        let feed = FeedWorkload(records: 2_000)
        let mapped = try Mapper.mapArray(fromJSON: feed.json, using: VideoRecord.mapping) { VideoRecord() }
        #expect(mapped.failures.isEmpty)
        let records = mapped.models
        try #require(records.count == 2_000)
        // The mapped models are the feed's: ids 1...2000, and Σ(id + views) is the benchmark's checksum.
        #expect(records.map(\.id) == Array(1...2_000))
        #expect(records.reduce(0) { $0 + $1.id + $1.views } == 10_248_914_454)

        let json = try Mapper.serializeJSON(records, using: VideoRecord.mapping, options: options)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: json) }
        let again = try Mapper.mapArray(fromJSON: json, using: VideoRecord.mapping) { VideoRecord() }
        #expect(again.failures.isEmpty)
        expectSame(records, again.models)

        let objects = try Mapper.serialize(records, using: VideoRecord.mapping, options: options)
        let fromObjects = try Mapper.mapArray(from: objects, using: VideoRecord.mapping) { VideoRecord() }
        expectSame(records, fromObjects.models)
    }

    @Test(arguments: [SerializationOptions(), [.prettyPrinted, .sortedKeys, .writingNulls]])
    func threadsRoundTrip(options: SerializationOptions) throws {
        let threads = Threads(records: 500, invalidFraction: 0)
        let models = try Mapper.map([ThreadsModels.Thread].self, fromJSON: threads.json)
        // The mapped models are the workload's: its checksum counts ids, comments at every depth, labels.
        #expect(models.reduce(0) { $0 + $1.id + $1.commentCount + $1.labels.count } == threads.expected.checksum)

        let json = try Mapper.serializeJSON(models, options: options)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: json) }
        expectSame(models, try Mapper.map([ThreadsModels.Thread].self, fromJSON: json))
        expectSame(models, try Mapper.map([ThreadsModels.Thread].self, from: try Mapper.serialize(models, options: options)))
    }

    /// Equal counts and equal models, naming the first record and property that differ.
    private func expectSame<Model: FieldListed>(_ expected: [Model], _ actual: [Model], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (index, (model, again)) in zip(expected, actual).enumerated() {
            if let difference = model.firstDifference(from: again) {
                Issue.record("record \(index): \(difference)", sourceLocation: sourceLocation)
                return
            }
        }
    }
}

extension VideoRecord: FieldListed {
    func list(into fields: inout FieldList, at path: String) {
        fields.add("id", id, at: path)
        fields.add("contentURL", contentURL, at: path)
        fields.add("title", title, at: path)
        fields.add("type", type, at: path)
        fields.add("publishedAt", publishedAt, at: path)
        fields.add("duration", duration, at: path)
        fields.add("isPremium", isPremium, at: path)
        fields.add("rating", rating, at: path)
        fields.add("authorID", authorID, at: path)
        fields.add("authorEmail", authorEmail, at: path)
        fields.add("authorName", authorName, at: path)
        fields.add("tags", tags, at: path)
        fields.add("latitude", latitude, at: path)
        fields.add("longitude", longitude, at: path)
        fields.add("subtitle", subtitle, at: path)
        fields.add("views", views, at: path)
        fields.add("likes", likes, at: path)
    }
}

extension VideoType: ExactText {}

import FeedModel
import Foundation
import PropertyMapper

/// The feed's serializers. Each starts from the same models, the valid feed mapped by
/// `VideoRecord.mapping`, and writes the feed's keys and shape (nested `author` and `stats`, `geo` as
/// `[latitude, longitude]`, `published_at` as ISO 8601 text, a nil `rating` or `subtitle` omitted).
enum FeedSerializers {
    static let all: [Serializer<Feed>] = [
        // The JSONDecoder contender's structs, made Encodable, built from the models before timing:
        // only `encode(_:)` is timed. They hold the date as its JSON text (the decoding side
        // validates it), so the encoder has no date to format, which only favours it.
        Serializer(name: "jsonencoder", label: "JSONEncoder, Encodable structs (same keys), one encode(_:)") { feed in
            let records = models(feed).map(Decoded.Record.init)
            return { try! JSONEncoder().encode(records) }
        },
        Serializer(name: "jsonserialization", label: "JSONSerialization.data(withJSONObject:), [String: Any] built") { feed in
            let models = models(feed)
            return { try! JSONSerialization.data(withJSONObject: models.map(dictionary)) }
        },
        Serializer(name: "pm-struct", label: "PropertyMapper, struct, serializeJSON(_:using:)") { feed in
            let models = models(feed)
            return { try! Mapper.serializeJSON(models, using: VideoRecord.mapping) }
        },
    ]

    /// The valid feed mapped by `VideoRecord.mapping`: the input of every serializer.
    static func models(_ feed: Feed) -> [VideoRecord] {
        try! Mapper.mapArray(fromJSON: feed.json, using: VideoRecord.mapping) { VideoRecord() }.models
    }

    static func run(records: Int, repeats: Int, memory: Bool) {
        let feed = makeFeed(records: records, defective: false)
        let reference = Decoded.map(feed.json).models
        SerializationBenchmark.run(
            .feed, feed, models: records, all, repeats: repeats,
            memory: memory ? ["--records", String(records)] : nil
        ) { json, what in
            // Read back as the JSONDecoder contender reads the feed: the same outcome, the same models.
            let decoded = Decoded.map(json)
            check(Contender.outcome(decoded), feed.expected, what)
            guard decoded.models == reference else { fail("CHECK FAILED for \(what): the models read back differ from the feed's") }
        }
    }

    /// The record as a user builds it for JSONSerialization, absent optionals left out.
    static func dictionary(_ video: VideoRecord) -> [String: Any] {
        var json: [String: Any] = [
            "id": video.id,
            "name": video.title,
            "videoType": video.type.rawValue,
            "published_at": FoundationRules.text(video.publishedAt),
            "duration": video.duration,
            "is_premium": video.isPremium,
            "author": ["id": video.authorID, "email": video.authorEmail, "display_name": video.authorName],
            "tags": video.tags,
            "geo": [video.latitude, video.longitude],
            "stats": ["views": video.views, "likes": video.likes],
        ]
        if let url = video.contentURL { json["videoURL"] = url.absoluteString }
        if let rating = video.rating { json["rating"] = rating }
        if let subtitle = video.subtitle { json["subtitle"] = subtitle }
        return json
    }
}

extension Decoded.Record {
    /// The record of a model: every mapped value back in its JSON form (a model without a URL, which
    /// the valid feed never has, would write `""`, and its check would fail).
    init(_ video: VideoRecord) {
        self.init(
            id: video.id, videoURL: video.contentURL?.absoluteString ?? "", name: video.title, videoType: video.type.rawValue,
            published_at: FoundationRules.text(video.publishedAt), duration: video.duration, is_premium: video.isPremium,
            rating: video.rating, author: Decoded.Author(id: video.authorID, email: video.authorEmail, display_name: video.authorName),
            tags: video.tags, geo: [video.latitude, video.longitude], subtitle: video.subtitle,
            stats: Decoded.Stats(views: video.views, likes: video.likes))
    }
}

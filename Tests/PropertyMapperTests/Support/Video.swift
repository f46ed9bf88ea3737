import Foundation
import PropertyMapper

/// The feed's video type, converted from its string by a call on the model.
enum VideoType: String, Sendable {
    case shortVideo, longVideo, live
}

/// The model of the video-feed workload, mapped with every rule of the feed.
final class Video {
    var id = 0
    var contentURL: URL?
    var title = ""
    var type: VideoType = .live
    var publishedAt = Date(timeIntervalSince1970: 0)
    var duration = 0.0
    var isPremium = false
    var rating: Int?
    var authorID = 0
    var authorEmail = ""
    var authorName = ""
    var tags: [String] = []
    var latitude = 0.0
    var longitude = 0.0
    var subtitle: String?
    var views = 0
    var likes = 0

    static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    static let mapping: Mapping<Video> = [
        "id": .property(\.id).isRequired().min(1),
        "videoURL": .box(.url, \.contentURL).isRequired(),
        "name": .property(\.title).isRequired().lengthRange(1, 80),
        "videoType": .call(Video.videoType(from:), \.type).isRequired(),
        "published_at": .box(.date, \.publishedAt).isRequired(),
        "duration": .property(\.duration).isRequired().range(0, 86_400),
        "is_premium": .property(\.isPremium).isRequired(),
        "rating": .property(\.rating).range(1, 5),
        "author": [
            "id": .property(\.authorID).isRequired(),
            "email": .property(\.authorEmail).isRequired().matchesRegEx(emailPattern),
            "display_name": .property(\.authorName).isRequired(),
        ],
        "tags": .property(\.tags).isRequired(),
        "geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude).isRequired()],
        "subtitle": .property(\.subtitle),
        "stats": [
            "views": .property(\.views).isRequired(),
            "likes": .property(\.likes).isRequired(),
        ],
    ]

    init() {}

    init(json: [String: Any]) throws {
        try Mapper.mapValues(from: json, to: self, using: Self.mapping)
    }

    /// A non-optional-returning conversion would hide unknown types; this one returns nil for them.
    func videoType(from string: String) -> VideoType? {
        VideoType(rawValue: string)
    }

    /// Every mapped property, for comparing a model before and after a failed mapping.
    var snapshot: VideoSnapshot {
        VideoSnapshot(
            id: id, contentURL: contentURL, title: title, type: type, publishedAt: publishedAt,
            duration: duration, isPremium: isPremium, rating: rating, authorID: authorID,
            authorEmail: authorEmail, authorName: authorName, tags: tags, latitude: latitude,
            longitude: longitude, subtitle: subtitle, views: views, likes: likes)
    }
}

struct VideoSnapshot: Equatable {
    var id: Int
    var contentURL: URL?
    var title: String
    var type: VideoType = .live
    var publishedAt: Date
    var duration: Double
    var isPremium: Bool
    var rating: Int?
    var authorID: Int
    var authorEmail: String
    var authorName: String
    var tags: [String]
    var latitude: Double
    var longitude: Double
    var subtitle: String?
    var views: Int
    var likes: Int
}

/// The same model as a struct, mapped through `inout`.
struct VideoRecord: Equatable {
    var id = 0
    var contentURL: URL?
    var title = ""
    var type: VideoType = .live
    var publishedAt = Date(timeIntervalSince1970: 0)
    var duration = 0.0
    var isPremium = false
    var rating: Int?
    var authorID = 0
    var authorEmail = ""
    var authorName = ""
    var tags: [String] = []
    var latitude = 0.0
    var longitude = 0.0
    var subtitle: String?
    var views = 0
    var likes = 0

    static let mapping: Mapping<VideoRecord> = [
        "id": .property(\.id).isRequired().min(1),
        "videoURL": .box(.url, \.contentURL).isRequired(),
        "name": .property(\.title).isRequired().lengthRange(1, 80),
        "videoType": .call(VideoRecord.videoType(from:), \.type).isRequired(),
        "published_at": .box(.date, \.publishedAt).isRequired(),
        "duration": .property(\.duration).isRequired().range(0, 86_400),
        "is_premium": .property(\.isPremium).isRequired(),
        "rating": .property(\.rating).range(1, 5),
        "author": [
            "id": .property(\.authorID).isRequired(),
            "email": .property(\.authorEmail).isRequired().matchesRegEx(Video.emailPattern),
            "display_name": .property(\.authorName).isRequired(),
        ],
        "tags": .property(\.tags).isRequired(),
        "geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude).isRequired()],
        "subtitle": .property(\.subtitle),
        "stats": [
            "views": .property(\.views).isRequired(),
            "likes": .property(\.likes).isRequired(),
        ],
    ]

    init() {}

    init(json: [String: Any]) throws {
        try Mapper.mapValues(from: json, to: &self, using: Self.mapping)
    }

    func videoType(from string: String) -> VideoType? {
        VideoType(rawValue: string)
    }
}

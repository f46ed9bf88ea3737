import Foundation
import PropertyMapper

/// The feed's model as a struct, mapped through `inout` (`to: &record`) with the same rules as `Video`.
public struct VideoRecord: Equatable, Sendable {
    public var id = 0
    public var contentURL: URL?
    public var title = ""
    public var type: VideoType = .live
    public var publishedAt = Date(timeIntervalSince1970: 0)
    public var duration = 0.0
    public var isPremium = false
    public var rating: Int?
    public var authorID = 0
    public var authorEmail = ""
    public var authorName = ""
    public var tags: [String] = []
    public var latitude = 0.0
    public var longitude = 0.0
    public var subtitle: String?
    public var views = 0
    public var likes = 0

    public static let mapping: Mapping<VideoRecord> = [
        "id": .property(\.id).isRequired().min(1),
        "videoURL": .box(.url, \.contentURL).isRequired(),
        "name": .property(\.title).isRequired().lengthRange(1, 80),
        "videoType": .call(VideoRecord.videoType(from:), \.type, reverse: VideoRecord.name(of:)).isRequired(),
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

    public init() {}

    /// Returns nil for an unknown type, which the mapper reports as a `call` error.
    public func videoType(from string: String) -> VideoType? {
        VideoType(rawValue: string)
    }

    /// The type's string in the feed: the way back, for serialize.
    public func name(of type: VideoType) -> String {
        type.rawValue
    }
}

extension Video {
    /// A video holding `record`'s values, each property assigned in turn.
    public convenience init(_ record: VideoRecord) {
        self.init()
        id = record.id
        contentURL = record.contentURL
        title = record.title
        type = record.type
        publishedAt = record.publishedAt
        duration = record.duration
        isPremium = record.isPremium
        rating = record.rating
        authorID = record.authorID
        authorEmail = record.authorEmail
        authorName = record.authorName
        tags = record.tags
        latitude = record.latitude
        longitude = record.longitude
        subtitle = record.subtitle
        views = record.views
        likes = record.likes
    }
}

/// The struct twin is also `Decodable` through its mapping (the Codable bridge), for the benchmark's bridge line.
extension VideoRecord: Mappable, MappedDecodable {}

import Foundation
import PropertyMapper

// The video feed's model and its rules, shared by the tour (steps 4 to 7), the feed benchmark and
// the tests; VideoRecord.swift holds its struct twin. The playground keeps an identical copy of this
// file (Playgrounds/PropertyMapper.playground/Sources/Video.swift); a test keeps them identical.

/// The feed's video type, converted from its string by a call on the model.
public enum VideoType: String, Sendable, CaseIterable {
    case shortVideo, longVideo, live
}

/// One record of the video feed, mapped from JSON with every rule of the feed.
public final class Video {
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

    public static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    public static let mapping: Mapping<Video> = [
        "id": .property(\.id).isRequired().min(1),
        "videoURL": .box(.url, \.contentURL).isRequired(),
        "name": .property(\.title).isRequired().lengthRange(1, 80),
        "videoType": .call(Video.videoType(from:), \.type, reverse: Video.name(of:)).isRequired(),
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

    public init() {}

    /// Returns nil for an unknown type, which the mapper reports as a `call` error.
    public func videoType(from string: String) -> VideoType? {
        VideoType(rawValue: string)
    }

    /// The type's string in the feed: the way back, for serialize.
    public func name(of type: VideoType) -> String {
        type.rawValue
    }

    /// One valid record of the feed, as JSON text.
    public static let sampleJSON = """
        {"id": 1, "videoURL": "https://cdn.example.com/v/1.mp4", "name": "Xray Romeo",
         "videoType": "shortVideo", "published_at": "2010-12-09T07:14:08Z", "duration": 675.51,
         "is_premium": false, "rating": 4,
         "author": {"id": 1680, "email": "user1680@example.com", "display_name": "Romeo"},
         "tags": ["whiskey"], "geo": [26.9792, 16.17893], "subtitle": null,
         "stats": {"views": 9886237, "likes": 36463}}
        """

    /// `sampleJSON` parsed, ready to be changed field by field.
    public static func sampleRecord() -> [String: Any] {
        let parsed = try? JSONSerialization.jsonObject(with: Data(sampleJSON.utf8))
        return parsed as? [String: Any] ?? [:]
    }
}

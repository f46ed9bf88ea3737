import Foundation
import PropertyMapper

// The feed model and mapping of Tests/PropertyMapperTests/Support/Video.swift (copied, not imported).

/// The feed's video type, converted from its string by a call on the model.
enum VideoType: String, Sendable, CaseIterable {
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

    /// A non-optional-returning conversion would hide unknown types; this one returns nil for them.
    func videoType(from string: String) -> VideoType? {
        VideoType(rawValue: string)
    }
}

/// The same model as a struct, mapped through `inout`.
struct VideoRecord {
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

    func videoType(from string: String) -> VideoType? {
        VideoType(rawValue: string)
    }
}

/// What every contender's model exposes, so that one digest checks every mapped property.
protocol FeedModel {
    var id: Int { get }
    var contentURLText: String? { get }
    var title: String { get }
    var typeIndex: Int { get }
    var publishedMilliseconds: Int { get }
    var duration: Double { get }
    var isPremium: Bool { get }
    var rating: Int? { get }
    var authorID: Int { get }
    var authorEmail: String { get }
    var authorName: String { get }
    var tags: [String] { get }
    var latitude: Double { get }
    var longitude: Double { get }
    var subtitle: String? { get }
    var views: Int { get }
    var likes: Int { get }
}

extension FeedModel {
    /// A wrapping sum over every property: a wrong value anywhere changes it.
    var digest: Int {
        var sum = id &* 31 &+ (contentURLText?.utf8.count ?? -1) &+ title.utf8.count &* 7 &+ typeIndex &* 13
        sum = sum &+ publishedMilliseconds &+ Int((duration * 100).rounded()) &* 17 &+ (isPremium ? 19 : 23)
        sum = sum &+ (rating ?? -3) &* 29 &+ authorID &* 37 &+ authorEmail.utf8.count &* 41 &+ authorName.utf8.count &* 43
        sum = sum &+ tags.reduce(0) { $0 &+ $1.utf8.count } &* 47 &+ tags.count &* 53
        sum = sum &+ Int((latitude * 100_000).rounded()) &* 59 &+ Int((longitude * 100_000).rounded()) &* 61
        sum = sum &+ (subtitle?.utf8.count ?? -5) &* 67 &+ views &* 71 &+ likes &* 73
        return sum
    }
}

/// Shared by the class and the struct.
private protocol MappedVideo: FeedModel {
    var contentURL: URL? { get }
    var type: VideoType { get }
    var publishedAt: Date { get }
}

extension MappedVideo {
    var contentURLText: String? { contentURL?.absoluteString }
    var typeIndex: Int { VideoType.allCases.firstIndex(of: type) ?? -1 }
    var publishedMilliseconds: Int { Int((publishedAt.timeIntervalSince1970 * 1000).rounded()) }
}

extension Video: MappedVideo {}
extension VideoRecord: MappedVideo {}

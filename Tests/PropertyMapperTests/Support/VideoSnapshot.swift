import FeedModel
import Foundation

extension Video {
    /// Every mapped property, for comparing a model before and after a failed mapping.
    var snapshot: VideoSnapshot {
        VideoSnapshot(
            id: id, contentURL: contentURL, title: title, type: type, publishedAt: publishedAt,
            duration: duration, isPremium: isPremium, rating: rating, authorID: authorID,
            authorEmail: authorEmail, authorName: authorName, tags: tags, latitude: latitude,
            longitude: longitude, subtitle: subtitle, views: views, likes: likes)
    }
}

/// The values of a `Video` (a class, so not `Equatable` itself) at one moment.
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

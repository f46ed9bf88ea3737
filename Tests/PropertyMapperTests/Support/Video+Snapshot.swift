import FeedModel
import Foundation

extension Video {
    /// Every mapped property, as the struct twin `VideoRecord` (which is `Equatable`, where the
    /// class is not), for comparing a model before and after a failed mapping.
    var snapshot: VideoRecord {
        var record = VideoRecord()
        record.id = id
        record.contentURL = contentURL
        record.title = title
        record.type = type
        record.publishedAt = publishedAt
        record.duration = duration
        record.isPremium = isPremium
        record.rating = rating
        record.authorID = authorID
        record.authorEmail = authorEmail
        record.authorName = authorName
        record.tags = tags
        record.latitude = latitude
        record.longitude = longitude
        record.subtitle = subtitle
        record.views = views
        record.likes = likes
        return record
    }
}

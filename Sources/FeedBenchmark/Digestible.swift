import FeedModel
import Foundation

/// What every contender's model exposes, so that one digest checks every mapped property.
protocol Digestible {
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

extension Digestible {
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
private protocol MappedVideo: Digestible {
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

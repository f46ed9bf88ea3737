import Foundation

/// A thread as the contenders count it for the outcome check: its id, its number of comments
/// (replies at every depth included) and of labels, the terms of the workload's checksum.
///
/// A PropertyMapper contender's model conforms with a few lines, e.g.
/// `extension Thread: CountedThread { var commentCount: Int { … }; var labelCount: Int { labels.count } }`.
protocol CountedThread: SendableMetatype {
    var id: Int { get }
    var commentCount: Int { get }
    var labelCount: Int { get }
}

/// The threads workload's models, as the hand-written and the JSONDecoder contenders produce them
/// after validation (dates as `Date`, URLs as `URL`, the attachment told apart by its tag). Under a
/// namespace, so that `Thread` stays Foundation's and a PropertyMapper model may take the name.
enum ThreadsModel {
    enum State: String, Equatable, Codable {
        case open, closed
    }

    struct User: Equatable {
        var id: Int
        var login: String
        var site: URL?
        var joined: Date
    }

    struct Label: Equatable {
        var name: String
        var color: String
    }

    struct Comment: Equatable {
        var id: Int
        var author: User
        var body: String
        var createdAt: Date
        var replies: [Comment]
    }

    struct Image: Equatable {
        var url: URL
        var width: Int
        var height: Int
    }

    struct File: Equatable {
        var url: URL
        var bytes: Int
        var name: String
    }

    enum Attachment: Equatable {
        case image(Image)
        case file(File)
    }

    struct Thread: Equatable, CountedThread {
        var id: Int
        var title: String
        var state: State
        var createdAt: Date
        var updatedAt: Date
        var author: User
        var assignee: User?
        var labels: [Label]
        var comments: [Comment]
        var attachments: [Attachment]
        var reactions: [String: Int]

        var commentCount: Int { Self.count(comments) }
        var labelCount: Int { labels.count }

        private static func count(_ comments: [Comment]) -> Int {
            comments.reduce(0) { $0 + 1 + count($1.replies) }
        }
    }

    /// What the hand-written and JSONDecoder contenders return: the valid records' models, and the
    /// error count of each rejected record.
    struct Batch {
        var models: [Thread] = []
        var failures: [Int] = []
    }
}

/// The threads rules written with Foundation's own tools, shared by the hand-written and the
/// JSONDecoder contenders: `Date.ISO8601FormatStyle` for dates (Sendable, so shared by every thread,
/// unlike a `DateFormatter`), `NSRegularExpression` for the patterns, `URL(string:)` for URLs.
enum ThreadsRules {
    static let login = try! NSRegularExpression(pattern: "^[a-z0-9-]+$")
    static let color = try! NSRegularExpression(pattern: "^[0-9a-f]{6}$")
    /// `yyyy-MM-dd` in UTC: the ISO 8601 calendar date, which no locale changes.
    static let day = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!).year().month().day()

    /// ISO 8601 with or without fractional seconds.
    static func dateTime(_ text: String) -> Date? { FoundationRules.date(text) }

    static func day(_ text: String) -> Date? { try? day.parse(text) }

    static func isLogin(_ text: String) -> Bool { matches(login, text) }

    static func isColor(_ text: String) -> Bool { matches(color, text) }

    static func url(_ text: String) -> URL? { FoundationRules.url(text) }

    private static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}

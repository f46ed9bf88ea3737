import Foundation
import PropertyMapper

// The threads workload's models as a PropertyMapper user writes them: `Mappable` structs whose
// mappings state every rule of the workload's tables, nested models mapped by `.property`.
//
// An attachment is an `ImageAttachment` or a `FileAttachment`, chosen by its `type` through
// `.polymorphic`: each kind has its own required fields, and an unknown tag is one discriminator
// error at `attachments[i].type`.

struct Thread: Mappable, CountedThread {
    enum State: String, CaseIterable { case open, closed }

    var id = 0
    var title = ""
    var state = State.open
    var createdAt = Date.distantPast
    var updatedAt = Date.distantPast
    var author = User()
    var assignee: User?
    var labels: [Label] = []
    var comments: [Comment] = []
    var attachments: [any Attachment] = []
    var reactions: [String: Int] = [:]

    static let mapping: Mapping<Thread> = [
        "id": .property(\.id).isRequired().min(1),
        "title": .property(\.title).isRequired().lengthRange(1, 120),
        "state": .property(\.state).isRequired(),
        "created_at": .box(.date, \.createdAt).isRequired(),
        "updated_at": .box(.epochSeconds, \.updatedAt).isRequired().min(0),
        "author": .property(\.author).isRequired(),
        "assignee": .property(\.assignee),
        "labels": .property(\.labels).isRequired(),
        "comments": .property(\.comments).isRequired(),
        "attachments": .polymorphic(\.attachments, on: "type", ["image": ImageAttachment.self, "file": FileAttachment.self])
            .isRequired(),
        "reactions": .property(\.reactions).isRequired().validate("countsAtLeast0") { (counts: [String: Int]) in
            counts.values.allSatisfy { $0 >= 0 }
        },
    ]

    var commentCount: Int { comments.reduce(comments.count) { $0 + $1.replyCount } }
    var labelCount: Int { labels.count }
}

struct User: Mappable {
    var id = 0
    var login = ""
    var site: URL?
    var joined = Date.distantPast

    static let mapping: Mapping<User> = [
        "id": .property(\.id).isRequired().min(1),
        "login": .property(\.login).isRequired().lengthRange(1, 39).matchesRegEx("^[a-z0-9-]+$"),
        "site": .box(.url, \.site),
        "joined": .box(.date(.format("yyyy-MM-dd")), \.joined).isRequired(),
    ]
}

struct Label: Mappable {
    var name = ""
    var color = ""

    static let mapping: Mapping<Label> = [
        "name": .property(\.name).isRequired().lengthRange(1, 50),
        "color": .property(\.color).isRequired().matchesRegEx("^[0-9a-f]{6}$"),
    ]
}

struct Comment: Mappable {
    var id = 0
    var author = User()
    var body = ""
    var createdAt = Date.distantPast
    var replies: [Comment] = []

    static let mapping: Mapping<Comment> = [
        "id": .property(\.id).isRequired().min(1),
        "author": .property(\.author).isRequired(),
        "body": .property(\.body).isRequired().lengthRange(1, 5000),
        "created_at": .box(.date, \.createdAt).isRequired(),
        "replies": .property(\.replies).isRequired(),
    ]

    /// Replies at every depth.
    var replyCount: Int { replies.reduce(replies.count) { $0 + $1.replyCount } }
}

/// What the two kinds of attachment have in common.
protocol Attachment {
    var url: URL { get }
}

struct ImageAttachment: Mappable, Attachment {
    var url = URL(fileURLWithPath: "/")
    var width = 0
    var height = 0

    static let mapping: Mapping<ImageAttachment> = [
        "url": .box(.url, \.url).isRequired(),
        "width": .property(\.width).isRequired().min(1),
        "height": .property(\.height).isRequired().min(1),
    ]
}

struct FileAttachment: Mappable, Attachment {
    var url = URL(fileURLWithPath: "/")
    var bytes = 0
    var name = ""

    static let mapping: Mapping<FileAttachment> = [
        "url": .box(.url, \.url).isRequired(),
        "bytes": .property(\.bytes).isRequired().min(0),
        "name": .property(\.name).isRequired().lengthRange(1, 255),
    ]
}

extension Boxing where Value == Date {
    /// Seconds since 1970 as a JSON integer (`.date(.secondsSince1970)` also takes a fraction).
    static var epochSeconds: Self {
        Boxing(
            named: "Date", { (seconds: Int) in Date(timeIntervalSince1970: TimeInterval(seconds)) },
            reverse: { date in
                Int(date.timeIntervalSince1970)
            })
    }
}

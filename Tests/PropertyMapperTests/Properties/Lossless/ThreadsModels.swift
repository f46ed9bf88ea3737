import Foundation
import PropertyMapper

/// The threads workload's `Mappable` models, a test-side copy of the benchmark's
/// (Sources/FeedBenchmark/ThreadsMapped.swift, which the tests cannot import) as they were before the
/// benchmark chose attachments through `.polymorphic`: the same properties and rules, attachments as
/// one `Attachment` model with an enum tag (`PolymorphicTests` round-trips the polymorphic form), and
/// field lists for the lossless workload test.
enum ThreadsModels {
    struct Thread: Mappable, FieldListed {
        enum State: String, CaseIterable, ExactText { case open, closed }

        var id = 0
        var title = ""
        var state = State.open
        var createdAt = Date.distantPast
        var updatedAt = Date.distantPast
        var author = User()
        var assignee: User?
        var labels: [Label] = []
        var comments: [Comment] = []
        var attachments: [Attachment] = []
        var reactions: [String: Int] = [:]

        static let mapping: Mapping<Thread> = [
            "id": .property(\.id).isRequired().min(1),
            "title": .property(\.title).isRequired().lengthRange(1, 120),
            "state": .property(\.state).isRequired(),
            "created_at": .box(.date, \.createdAt).isRequired(),
            "updated_at": .box(.threadsEpochSeconds, \.updatedAt).isRequired().min(0),
            "author": .property(\.author).isRequired(),
            "assignee": .property(\.assignee),
            "labels": .property(\.labels).isRequired(),
            "comments": .property(\.comments).isRequired(),
            "attachments": .property(\.attachments).isRequired(),
            "reactions": .property(\.reactions).isRequired().validate("countsAtLeast0") { (counts: [String: Int]) in
                counts.values.allSatisfy { $0 >= 0 }
            },
        ]

        /// Comments, replies at every depth included: with the id and the labels, the workload's checksum.
        var commentCount: Int { comments.reduce(comments.count) { $0 + $1.replyCount } }

        func list(into fields: inout FieldList, at path: String) {
            fields.add("id", id, at: path)
            fields.add("title", title, at: path)
            fields.add("state", state, at: path)
            fields.add("createdAt", createdAt, at: path)
            fields.add("updatedAt", updatedAt, at: path)
            fields.add("author", author, at: path)
            fields.add("assignee", assignee, at: path)
            fields.add("labels", labels, at: path)
            fields.add("comments", comments, at: path)
            fields.add("attachments", attachments, at: path)
            fields.add("reactions", reactions, at: path)
        }
    }

    struct User: Mappable, FieldListed {
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

        func list(into fields: inout FieldList, at path: String) {
            fields.add("id", id, at: path)
            fields.add("login", login, at: path)
            fields.add("site", site, at: path)
            fields.add("joined", joined, at: path)
        }
    }

    struct Label: Mappable, FieldListed {
        var name = ""
        var color = ""

        static let mapping: Mapping<Label> = [
            "name": .property(\.name).isRequired().lengthRange(1, 50),
            "color": .property(\.color).isRequired().matchesRegEx("^[0-9a-f]{6}$"),
        ]

        func list(into fields: inout FieldList, at path: String) {
            fields.add("name", name, at: path)
            fields.add("color", color, at: path)
        }
    }

    struct Comment: Mappable, FieldListed {
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

        var replyCount: Int { replies.reduce(replies.count) { $0 + $1.replyCount } }

        func list(into fields: inout FieldList, at path: String) {
            fields.add("id", id, at: path)
            fields.add("author", author, at: path)
            fields.add("body", body, at: path)
            fields.add("createdAt", createdAt, at: path)
            fields.add("replies", replies, at: path)
        }
    }

    struct Attachment: Mappable, FieldListed {
        enum Kind: String, CaseIterable, ExactText { case image, file }

        var kind = Kind.file
        var url = URL(fileURLWithPath: "/")
        var width: Int?
        var height: Int?
        var bytes: Int?
        var name: String?

        static let mapping: Mapping<Attachment> = [
            "type": .property(\.kind).isRequired(),
            "url": .box(.url, \.url).isRequired(),
            "width": .property(\.width).min(1),
            "height": .property(\.height).min(1),
            "bytes": .property(\.bytes).min(0),
            "name": .property(\.name).lengthRange(1, 255),
        ]

        func list(into fields: inout FieldList, at path: String) {
            fields.add("kind", kind, at: path)
            fields.add("url", url, at: path)
            fields.add("width", width, at: path)
            fields.add("height", height, at: path)
            fields.add("bytes", bytes, at: path)
            fields.add("name", name, at: path)
        }
    }
}

extension Boxing where Value == Date {
    /// The benchmark's `.epochSeconds`: seconds since 1970 as a JSON integer.
    static var threadsEpochSeconds: Self {
        Boxing(
            named: "Date", { (seconds: Int) in Date(timeIntervalSince1970: TimeInterval(seconds)) },
            reverse: { date in
                Int(date.timeIntervalSince1970)
            })
    }
}

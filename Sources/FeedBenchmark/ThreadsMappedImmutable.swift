import Foundation
import PropertyMapper

// The threads workload's models written as `ImmutableMappable` structs: `let` properties, the same
// mappings and rules as the `Mappable` models in ThreadsMapped.swift, each `init(_ values:)` reading
// every property by `try values[\.x]`. The benchmark holds them to the `Mappable` models' pace.
enum ImmutableThreads {
    /// The `Mappable` thread's state enum, shared.
    typealias ThreadState = FeedBenchmark.Thread.State

    struct Thread: ImmutableMappable, CountedThread {
        let id: Int
        let title: String
        let state: ThreadState
        let createdAt: Date
        let updatedAt: Date
        let author: User
        let assignee: User?
        let labels: [Label]
        let comments: [Comment]
        let attachments: [any Attachment]
        let reactions: [String: Int]

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

        init(_ values: MappedValues<Thread>) throws {
            id = try values[\.id]
            title = try values[\.title]
            state = try values[\.state]
            createdAt = try values[\.createdAt]
            updatedAt = try values[\.updatedAt]
            author = try values[\.author]
            assignee = try values[\.assignee]
            labels = try values[\.labels]
            comments = try values[\.comments]
            attachments = try values[\.attachments]
            reactions = try values[\.reactions]
        }

        var commentCount: Int { comments.reduce(comments.count) { $0 + $1.replyCount } }
        var labelCount: Int { labels.count }
    }

    struct User: ImmutableMappable {
        let id: Int
        let login: String
        let site: URL?
        let joined: Date

        static let mapping: Mapping<User> = [
            "id": .property(\.id).isRequired().min(1),
            "login": .property(\.login).isRequired().lengthRange(1, 39).matchesRegEx("^[a-z0-9-]+$"),
            "site": .box(.url, \.site),
            "joined": .box(.date(.format("yyyy-MM-dd")), \.joined).isRequired(),
        ]

        init(_ values: MappedValues<User>) throws {
            id = try values[\.id]
            login = try values[\.login]
            site = try values[\.site]
            joined = try values[\.joined]
        }
    }

    struct Label: ImmutableMappable {
        let name: String
        let color: String

        static let mapping: Mapping<Label> = [
            "name": .property(\.name).isRequired().lengthRange(1, 50),
            "color": .property(\.color).isRequired().matchesRegEx("^[0-9a-f]{6}$"),
        ]

        init(_ values: MappedValues<Label>) throws {
            name = try values[\.name]
            color = try values[\.color]
        }
    }

    struct Comment: ImmutableMappable {
        let id: Int
        let author: User
        let body: String
        let createdAt: Date
        let replies: [Comment]

        static let mapping: Mapping<Comment> = [
            "id": .property(\.id).isRequired().min(1),
            "author": .property(\.author).isRequired(),
            "body": .property(\.body).isRequired().lengthRange(1, 5000),
            "created_at": .box(.date, \.createdAt).isRequired(),
            "replies": .property(\.replies).isRequired(),
        ]

        init(_ values: MappedValues<Comment>) throws {
            id = try values[\.id]
            author = try values[\.author]
            body = try values[\.body]
            createdAt = try values[\.createdAt]
            replies = try values[\.replies]
        }

        /// Replies at every depth.
        var replyCount: Int { replies.reduce(replies.count) { $0 + $1.replyCount } }
    }

    struct ImageAttachment: ImmutableMappable, Attachment {
        let url: URL
        let width: Int
        let height: Int

        static let mapping: Mapping<ImageAttachment> = [
            "url": .box(.url, \.url).isRequired(),
            "width": .property(\.width).isRequired().min(1),
            "height": .property(\.height).isRequired().min(1),
        ]

        init(_ values: MappedValues<ImageAttachment>) throws {
            url = try values[\.url]
            width = try values[\.width]
            height = try values[\.height]
        }
    }

    struct FileAttachment: ImmutableMappable, Attachment {
        let url: URL
        let bytes: Int
        let name: String

        static let mapping: Mapping<FileAttachment> = [
            "url": .box(.url, \.url).isRequired(),
            "bytes": .property(\.bytes).isRequired().min(0),
            "name": .property(\.name).isRequired().lengthRange(1, 255),
        ]

        init(_ values: MappedValues<FileAttachment>) throws {
            url = try values[\.url]
            bytes = try values[\.bytes]
            name = try values[\.name]
        }
    }
}

import Foundation
import PropertyMapper
import ThreadsWorkload

/// The threads' serializers. Each starts from the valid file's models and writes the threads' keys
/// and shape: nested users, labels, comments with their replies, attachments and reactions, dates as
/// the file writes them (ISO 8601 text, `joined` as `yyyy-MM-dd`, `updated_at` as epoch seconds), a
/// nil `assignee` or `site` omitted.
enum ThreadsSerializers {
    static let all: [Serializer<Threads>] = [
        // The JSONDecoder contender's types, made Encodable, built from the models before timing:
        // only `encode(_:)` is timed. They hold the dates in their JSON form (three kinds, which one
        // `dateEncodingStrategy` cannot write), so the encoder has no date to format, which only favours it.
        Serializer(name: "jsonencoder", label: "JSONEncoder, Encodable structs (same keys), one encode(_:)") { threads in
            let threads = ThreadsDecoded.map(threads.json).models.map(ThreadsDecoded.Thread.init)
            return { try! JSONEncoder().encode(threads) }
        },
        Serializer(name: "jsonserialization", label: "JSONSerialization.data(withJSONObject:), [String: Any] built") { threads in
            let models = ThreadsDecoded.map(threads.json).models
            return { try! JSONSerialization.data(withJSONObject: models.map(dictionary)) }
        },
        Serializer(name: "pm-mappable", label: "PropertyMapper, Mappable structs, serializeJSON(_:)") { threads in
            let models = try! Mapper.map([Thread].self, fromJSON: threads.json)
            return { try! Mapper.serializeJSON(models) }
        },
    ]

    static func run(records: Int, repeats: Int, memory: Bool) {
        let threads = ThreadsBenchmark.make(records: records, defective: false)
        let reference = ThreadsDecoded.map(threads.json).models
        SerializationBenchmark.run(
            .threads, threads, models: records, all, repeats: repeats,
            memory: memory ? ["--thread-records", String(records)] : nil
        ) { json, what in
            // Read back as the JSONDecoder contender reads the threads: the same outcome, the same models.
            let decoded = ThreadsDecoded.map(json)
            check(ThreadsContender.outcome(decoded), threads.expected, what)
            guard decoded.models == reference else { fail("CHECK FAILED for \(what): the models read back differ from the threads'") }
        }
    }

    // MARK: [String: Any], as a user builds it for JSONSerialization, absent optionals left out

    static func dictionary(_ thread: ThreadsModel.Thread) -> [String: Any] {
        var json: [String: Any] = [
            "id": thread.id,
            "title": thread.title,
            "state": thread.state.rawValue,
            "created_at": FoundationRules.text(thread.createdAt),
            "updated_at": Int(thread.updatedAt.timeIntervalSince1970),
            "author": dictionary(thread.author),
            "labels": thread.labels.map { ["name": $0.name, "color": $0.color] },
            "comments": thread.comments.map(dictionary),
            "attachments": thread.attachments.map(dictionary),
            "reactions": thread.reactions,
        ]
        if let assignee = thread.assignee { json["assignee"] = dictionary(assignee) }
        return json
    }

    static func dictionary(_ user: ThreadsModel.User) -> [String: Any] {
        var json: [String: Any] = ["id": user.id, "login": user.login, "joined": ThreadsRules.day.format(user.joined)]
        if let site = user.site { json["site"] = site.absoluteString }
        return json
    }

    static func dictionary(_ comment: ThreadsModel.Comment) -> [String: Any] {
        [
            "id": comment.id,
            "author": dictionary(comment.author),
            "body": comment.body,
            "created_at": FoundationRules.text(comment.createdAt),
            "replies": comment.replies.map(dictionary),
        ]
    }

    static func dictionary(_ attachment: ThreadsModel.Attachment) -> [String: Any] {
        switch attachment {
        case let .image(image):
            ["type": "image", "url": image.url.absoluteString, "width": image.width, "height": image.height]
        case let .file(file):
            ["type": "file", "url": file.url.absoluteString, "bytes": file.bytes, "name": file.name]
        }
    }
}

// MARK: The Encodable structs of the models: every value back in its JSON form

extension ThreadsDecoded.Thread {
    init(_ thread: ThreadsModel.Thread) {
        self.init(
            id: thread.id, title: thread.title, state: thread.state, createdAt: FoundationRules.text(thread.createdAt),
            updatedAt: Int(thread.updatedAt.timeIntervalSince1970), author: ThreadsDecoded.User(thread.author),
            assignee: thread.assignee.map(ThreadsDecoded.User.init), labels: thread.labels.map(ThreadsDecoded.Label.init),
            comments: thread.comments.map(ThreadsDecoded.Comment.init),
            attachments: thread.attachments.map(ThreadsDecoded.Attachment.init), reactions: thread.reactions)
    }
}

extension ThreadsDecoded.User {
    init(_ user: ThreadsModel.User) {
        self.init(id: user.id, login: user.login, site: user.site, joined: ThreadsRules.day.format(user.joined))
    }
}

extension ThreadsDecoded.Label {
    init(_ label: ThreadsModel.Label) {
        self.init(name: label.name, color: label.color)
    }
}

extension ThreadsDecoded.Comment {
    init(_ comment: ThreadsModel.Comment) {
        self.init(
            id: comment.id, author: ThreadsDecoded.User(comment.author), body: comment.body,
            createdAt: FoundationRules.text(comment.createdAt), replies: comment.replies.map(Self.init))
    }
}

extension ThreadsDecoded.Attachment {
    init(_ attachment: ThreadsModel.Attachment) {
        switch attachment {
        case let .image(image): self = .image(ThreadsDecoded.Image(url: image.url, width: image.width, height: image.height))
        case let .file(file): self = .file(ThreadsDecoded.File(url: file.url, bytes: file.bytes, name: file.name))
        }
    }
}

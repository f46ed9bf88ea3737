import Foundation

/// What Swift users would write instead: `JSONDecoder` into `Decodable` structs shaped like the JSON,
/// then the same rules by hand, converting the dates on the way into `ThreadsModel`.
///
/// Decoding checks what the types say (every key present, a JSON integer for `Int`, a string for
/// `String`, `open`/`closed` for the state, a known attachment tag, a string that makes a `URL`) and
/// stops at the first failure: a record that does not decode is one error. Validation then checks
/// every remaining rule at every depth and counts every failure. Dates are decoded as the JSON holds
/// them (`String`, `Int`) and converted in validation: a `dateDecodingStrategy` is one strategy for
/// every date, and the record holds three kinds.
///
/// The types are `Codable`: the serialization section writes the threads back through them.
enum ThreadsDecoded {
    typealias Model = ThreadsModel

    struct User: Codable {
        let id: Int
        let login: String
        let site: URL?
        let joined: String
    }

    struct Label: Codable {
        let name: String
        let color: String
    }

    struct Comment: Codable {
        let id: Int
        let author: User
        let body: String
        let createdAt: String
        let replies: [Comment]

        enum CodingKeys: String, CodingKey {
            case id, author, body, replies
            case createdAt = "created_at"
        }
    }

    struct Image: Codable {
        let url: URL
        let width: Int
        let height: Int
    }

    struct File: Codable {
        let url: URL
        let bytes: Int
        let name: String
    }

    /// An image or a file, chosen by the `type` tag; any other tag fails to decode. It encodes as
    /// it decodes: the tag, then the kind's own fields, in one object.
    enum Attachment: Codable {
        case image(Image)
        case file(File)

        private enum CodingKeys: String, CodingKey { case type }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "image": self = .image(try Image(from: decoder))
            case "file": self = .file(try File(from: decoder))
            default:
                throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown attachment type \(type)")
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case let .image(image):
                try container.encode("image", forKey: .type)
                try image.encode(to: encoder)
            case let .file(file):
                try container.encode("file", forKey: .type)
                try file.encode(to: encoder)
            }
        }
    }

    struct Thread: Codable {
        let id: Int
        let title: String
        let state: Model.State
        let createdAt: String
        let updatedAt: Int
        let author: User
        let assignee: User?
        let labels: [Label]
        let comments: [Comment]
        let attachments: [Attachment]
        let reactions: [String: Int]

        enum CodingKeys: String, CodingKey {
            case id, title, state, author, assignee, labels, comments, attachments, reactions
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    /// One element of the top-level array: a record that does not decode fails alone.
    ///
    /// Why a wrapper: decoding `[Thread]` stops at the first bad record and returns nothing, and
    /// decoding each record's own `Data` would need the array split into records first (a second
    /// parse). The wrapper catches the element's error inside the one pass over the array; its
    /// `init` does not throw, so the array's container moves on to the next element.
    struct Element: Decodable {
        let thread: Thread?

        init(from decoder: any Decoder) throws {
            thread = try? Thread(from: decoder)
        }
    }

    static func map(_ json: Data) -> Model.Batch {
        let elements = try! JSONDecoder().decode([Element].self, from: json)
        var batch = Model.Batch()
        batch.models.reserveCapacity(elements.count)
        for element in elements {
            guard let thread = element.thread else {
                batch.failures.append(1)
                continue
            }
            var errors = 0
            let model = validated(thread, errors: &errors)
            if let model, errors == 0 { batch.models.append(model) } else { batch.failures.append(Swift.max(errors, 1)) }
        }
        return batch
    }

    // MARK: Validation after decoding: every rule, every error

    static func validated(_ thread: Thread, errors: inout Int) -> Model.Thread? {
        if thread.id < 1 { errors += 1 }
        if !(1...120).contains(thread.title.count) { errors += 1 }
        let createdAt = date(thread.createdAt, &errors)
        if thread.updatedAt < 0 { errors += 1 }
        let author = validated(thread.author, errors: &errors)
        let assignee = thread.assignee.map { validated($0, errors: &errors) }
        let labels = thread.labels.map { validated($0, errors: &errors) }
        let comments = thread.comments.map { validated($0, errors: &errors) }
        let attachments = thread.attachments.map { validated($0, errors: &errors) }
        for count in thread.reactions.values where count < 0 { errors += 1 }
        guard errors == 0, let createdAt, let author else { return nil }
        return Model.Thread(
            id: thread.id, title: thread.title, state: thread.state, createdAt: createdAt,
            updatedAt: Date(timeIntervalSince1970: TimeInterval(thread.updatedAt)), author: author,
            assignee: assignee ?? nil, labels: labels.compactMap { $0 }, comments: comments.compactMap { $0 },
            attachments: attachments.compactMap { $0 }, reactions: thread.reactions)
    }

    static func validated(_ user: User, errors: inout Int) -> Model.User? {
        let before = errors
        if user.id < 1 { errors += 1 }
        if !(1...39).contains(user.login.count) { errors += 1 }
        if !ThreadsRules.isLogin(user.login) { errors += 1 }
        let joined = ThreadsRules.day(user.joined)
        if joined == nil { errors += 1 }
        guard errors == before, let joined else { return nil }
        return Model.User(id: user.id, login: user.login, site: user.site, joined: joined)
    }

    static func validated(_ label: Label, errors: inout Int) -> Model.Label? {
        let before = errors
        if !(1...50).contains(label.name.count) { errors += 1 }
        if !ThreadsRules.isColor(label.color) { errors += 1 }
        return errors == before ? Model.Label(name: label.name, color: label.color) : nil
    }

    static func validated(_ comment: Comment, errors: inout Int) -> Model.Comment? {
        let before = errors
        if comment.id < 1 { errors += 1 }
        let author = validated(comment.author, errors: &errors)
        if !(1...5000).contains(comment.body.count) { errors += 1 }
        let createdAt = date(comment.createdAt, &errors)
        let replies = comment.replies.map { validated($0, errors: &errors) }
        guard errors == before, let author, let createdAt else { return nil }
        return Model.Comment(
            id: comment.id, author: author, body: comment.body, createdAt: createdAt,
            replies: replies.compactMap { $0 })
    }

    static func validated(_ attachment: Attachment, errors: inout Int) -> Model.Attachment? {
        let before = errors
        switch attachment {
        case let .image(image):
            if image.width < 1 { errors += 1 }
            if image.height < 1 { errors += 1 }
            return errors == before ? .image(Model.Image(url: image.url, width: image.width, height: image.height)) : nil
        case let .file(file):
            if file.bytes < 0 { errors += 1 }
            if !(1...255).contains(file.name.count) { errors += 1 }
            return errors == before ? .file(Model.File(url: file.url, bytes: file.bytes, name: file.name)) : nil
        }
    }

    private static func date(_ text: String, _ errors: inout Int) -> Date? {
        let date = ThreadsRules.dateTime(text)
        if date == nil { errors += 1 }
        return date
    }
}

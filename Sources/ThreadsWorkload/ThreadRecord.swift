/// One generated thread record as `make_threads.py` builds it, before it is written as JSON:
/// the same values, in the same key order, with the same optional keys.
struct ThreadRecord {
    struct User {
        var id: Int
        var login: String
        var site: String?
        var joined: String
    }

    struct Comment {
        var id: Int
        var author: User?  // nil only after the missing_author defect: the key is then absent
        var body: String
        var createdAt: String
        var replies: [Comment]
    }

    struct Attachment {
        enum Kind {
            case image(width: Int, height: Int)
            case file(bytes: Int, name: String)
        }

        var type: String
        var url: String
        var kind: Kind

        var isImage: Bool { if case .image = kind { true } else { false } }
        var isFile: Bool { if case .file = kind { true } else { false } }
    }

    var id: Int
    var title: String
    var state: String
    var createdAt: String
    var updatedAt: Int
    var updatedAtAsString = false
    var author: User?  // nil only after the missing_author defect
    var assignee: User?
    var labels: [(name: String, color: String)]
    var comments: [Comment]
    var attachments: [Attachment]
    var reactions: [(key: String, count: Int)]
    /// The defect kind and the path of the defective value, written only when labelled.
    var defect: (kind: String, path: String)?

    /// The number of comments, replies at every depth included.
    var commentCount: Int { Self.count(comments) }

    private static func count(_ comments: [Comment]) -> Int {
        comments.reduce(0) { $0 + 1 + count($1.replies) }
    }

    // MARK: Where a defect can go

    /// A user of the record, as `users_in` lists them.
    enum UserPlace {
        case author
        case assignee
        case commentAuthor([Int])  // the comment's index path through `replies`
    }

    /// `comments_in(rec["comments"], "comments")`: every comment and reply in document order, with its path.
    var commentPlaces: [(path: String, indices: [Int])] {
        var places: [(path: String, indices: [Int])] = []
        func walk(_ comments: [Comment], _ path: String, _ indices: [Int]) {
            for (index, comment) in comments.enumerated() {
                let place = (path: "\(path)[\(index)]", indices: indices + [index])
                places.append(place)
                walk(comment.replies, place.path + ".replies", place.indices)
            }
        }
        walk(comments, "comments", [])
        return places
    }

    /// `users_in(rec)`: the author, the assignee when there is one, then every comment's author.
    var userPlaces: [(path: String, place: UserPlace)] {
        var places: [(path: String, place: UserPlace)] = [("author", .author)]
        if assignee != nil { places.append(("assignee", .assignee)) }
        places += commentPlaces.map { ($0.path + ".author", .commentAuthor($0.indices)) }
        return places
    }

    mutating func updateComment(at indices: [Int], _ change: (inout Comment) -> Void) {
        func update(_ comments: inout [Comment], _ indices: ArraySlice<Int>) {
            guard let first = indices.first else { return }
            if indices.count == 1 {
                change(&comments[first])
            } else {
                update(&comments[first].replies, indices.dropFirst())
            }
        }
        update(&comments, indices[...])
    }

    mutating func updateUser(_ place: UserPlace, _ change: (inout User) -> Void) {
        switch place {
        case .author: if author != nil { change(&author!) }
        case .assignee: if assignee != nil { change(&assignee!) }
        case let .commentAuthor(indices): updateComment(at: indices) { if $0.author != nil { change(&$0.author!) } }
        }
    }

    // MARK: JSON, as json.dump writes the record's dict

    func write(to out: inout PythonJSONText) {
        out.raw(#"{"id":"#); out.int(id)
        out.raw(#","title":"#); out.string(title)
        out.raw(#","state":"#); out.string(state)
        out.raw(#","created_at":"#); out.string(createdAt)
        out.raw(#","updated_at":"#)
        if updatedAtAsString { out.string(String(updatedAt)) } else { out.int(updatedAt) }
        if let author { out.raw(#","author":"#); Self.write(author, to: &out) }
        out.raw(#","assignee":"#)
        if let assignee { Self.write(assignee, to: &out) } else { out.null() }
        out.raw(#","labels":["#)
        for (index, label) in labels.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw(#"{"name":"#); out.string(label.name)
            out.raw(#","color":"#); out.string(label.color)
            out.raw("}")
        }
        out.raw(#"],"comments":"#)
        Self.write(comments, to: &out)
        out.raw(#","attachments":["#)
        for (index, attachment) in attachments.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw(#"{"type":"#); out.string(attachment.type)
            out.raw(#","url":"#); out.string(attachment.url)
            switch attachment.kind {
            case let .image(width, height):
                out.raw(#","width":"#); out.int(width)
                out.raw(#","height":"#); out.int(height)
            case let .file(bytes, name):
                out.raw(#","bytes":"#); out.int(bytes)
                out.raw(#","name":"#); out.string(name)
            }
            out.raw("}")
        }
        out.raw(#"],"reactions":{"#)
        for (index, reaction) in reactions.enumerated() {
            if index > 0 { out.raw(",") }
            out.string(reaction.key)
            out.raw(":")
            out.int(reaction.count)
        }
        out.raw("}")
        if let defect {
            out.raw(#","_defect":"#); out.string(defect.kind)
            out.raw(#","_defect_path":"#); out.string(defect.path)
        }
        out.raw("}")
    }

    private static func write(_ user: User, to out: inout PythonJSONText) {
        out.raw(#"{"id":"#); out.int(user.id)
        out.raw(#","login":"#); out.string(user.login)
        out.raw(#","site":"#)
        if let site = user.site { out.string(site) } else { out.null() }
        out.raw(#","joined":"#); out.string(user.joined)
        out.raw("}")
    }

    private static func write(_ comments: [Comment], to out: inout PythonJSONText) {
        out.raw("[")
        for (index, comment) in comments.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw(#"{"id":"#); out.int(comment.id)
            if let author = comment.author { out.raw(#","author":"#); write(author, to: &out) }
            out.raw(#","body":"#); out.string(comment.body)
            out.raw(#","created_at":"#); out.string(comment.createdAt)
            out.raw(#","replies":"#)
            write(comment.replies, to: &out)
            out.raw("}")
        }
        out.raw("]")
    }
}

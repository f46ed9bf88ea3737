import Foundation

/// Hand-written strict mapping of the threads workload from JSONSerialization output: every rule of
/// the workload's tables at every depth, every error counted, no model for a record with any error
/// anywhere in its tree, booleans never numbers (`Handwritten.int`), with no library.
///
/// A missing or mistyped value is one error, and so is a missing or mistyped object: its fields are
/// then not looked at, as one root cause gives one error.
enum ThreadsHandwritten {
    typealias Model = ThreadsModel

    static func map(_ json: Data) -> Model.Batch {
        // swiftlint:disable:next force_cast
        map(try! JSONSerialization.jsonObject(with: json) as! [Any])
    }

    static func map(_ records: [Any]) -> Model.Batch {
        var batch = Model.Batch()
        batch.models.reserveCapacity(records.count)
        for record in records {
            var errors = 0
            if let thread = thread(record, errors: &errors), errors == 0 {
                batch.models.append(thread)
            } else {
                batch.failures.append(Swift.max(errors, 1))
            }
        }
        return batch
    }

    /// The thread, or nil; `errors` counts every failed rule of the tree. A non-nil result with
    /// errors is a partial model, which the caller drops.
    static func thread(_ source: Any, errors: inout Int) -> Model.Thread? {
        guard let json = source as? [String: Any] else {
            errors += 1
            return nil
        }
        let id = check(Handwritten.int(json["id"]), { $0 >= 1 }, &errors)
        let title = check(json["title"] as? String, { (1...120).contains($0.count) }, &errors)
        let state = check((json["state"] as? String).flatMap(Model.State.init(rawValue:)), &errors)
        let createdAt = check((json["created_at"] as? String).flatMap(ThreadsRules.dateTime), &errors)
        let updatedAt = check(Handwritten.int(json["updated_at"]), { $0 >= 0 }, &errors)
        let author = user(json["author"], errors: &errors)
        let assignee: Model.User?? =
            switch json["assignee"] {
            case nil, is NSNull: .some(nil)
            case let value: user(value, errors: &errors).map(Optional.some)
            }
        let labels = list(json["labels"], errors: &errors, label)
        let comments = list(json["comments"], errors: &errors, comment)
        let attachments = list(json["attachments"], errors: &errors, attachment)
        var reactions: [String: Int]?
        if let object = json["reactions"] as? [String: Any] {
            var counts: [String: Int] = [:]
            counts.reserveCapacity(object.count)
            for (key, value) in object {
                if let count = check(Handwritten.int(value), { $0 >= 0 }, &errors) { counts[key] = count }
            }
            reactions = counts
        } else {
            errors += 1
        }
        guard let id, let title, let state, let createdAt, let updatedAt, let author, let assignee,
            let labels, let comments, let attachments, let reactions
        else { return nil }
        return Model.Thread(
            id: id, title: title, state: state, createdAt: createdAt,
            updatedAt: Date(timeIntervalSince1970: TimeInterval(updatedAt)), author: author,
            assignee: assignee, labels: labels, comments: comments, attachments: attachments,
            reactions: reactions)
    }

    static func user(_ source: Any?, errors: inout Int) -> Model.User? {
        guard let json = source as? [String: Any] else {
            errors += 1
            return nil
        }
        let id = check(Handwritten.int(json["id"]), { $0 >= 1 }, &errors)
        var login = json["login"] as? String
        if let text = login {
            if !(1...39).contains(text.count) { errors += 1; login = nil }
            if !ThreadsRules.isLogin(text) { errors += 1; login = nil }
        } else {
            errors += 1
        }
        let site: URL?? =
            switch json["site"] {
            case nil, is NSNull: .some(nil)
            case let value: check((value as? String).flatMap(ThreadsRules.url), &errors).map(Optional.some)
            }
        let joined = check((json["joined"] as? String).flatMap(ThreadsRules.day), &errors)
        guard let id, let login, let site, let joined else { return nil }
        return Model.User(id: id, login: login, site: site, joined: joined)
    }

    static func label(_ source: Any, errors: inout Int) -> Model.Label? {
        guard let json = source as? [String: Any] else {
            errors += 1
            return nil
        }
        let name = check(json["name"] as? String, { (1...50).contains($0.count) }, &errors)
        let color = check(json["color"] as? String, ThreadsRules.isColor, &errors)
        guard let name, let color else { return nil }
        return Model.Label(name: name, color: color)
    }

    static func comment(_ source: Any, errors: inout Int) -> Model.Comment? {
        guard let json = source as? [String: Any] else {
            errors += 1
            return nil
        }
        let id = check(Handwritten.int(json["id"]), { $0 >= 1 }, &errors)
        let author = user(json["author"], errors: &errors)
        let body = check(json["body"] as? String, { (1...5000).contains($0.count) }, &errors)
        let createdAt = check((json["created_at"] as? String).flatMap(ThreadsRules.dateTime), &errors)
        let replies = list(json["replies"], errors: &errors, comment)
        guard let id, let author, let body, let createdAt, let replies else { return nil }
        return Model.Comment(id: id, author: author, body: body, createdAt: createdAt, replies: replies)
    }

    static func attachment(_ source: Any, errors: inout Int) -> Model.Attachment? {
        guard let json = source as? [String: Any] else {
            errors += 1
            return nil
        }
        // The tag chooses the kind; an unknown tag is one error, and the fields are not looked at.
        switch json["type"] as? String {
        case "image":
            let url = check((json["url"] as? String).flatMap(ThreadsRules.url), &errors)
            let width = check(Handwritten.int(json["width"]), { $0 >= 1 }, &errors)
            let height = check(Handwritten.int(json["height"]), { $0 >= 1 }, &errors)
            guard let url, let width, let height else { return nil }
            return .image(Model.Image(url: url, width: width, height: height))
        case "file":
            let url = check((json["url"] as? String).flatMap(ThreadsRules.url), &errors)
            let bytes = check(Handwritten.int(json["bytes"]), { $0 >= 0 }, &errors)
            let name = check(json["name"] as? String, { (1...255).contains($0.count) }, &errors)
            guard let url, let bytes, let name else { return nil }
            return .file(Model.File(url: url, bytes: bytes, name: name))
        default:
            errors += 1
            return nil
        }
    }

    /// A required JSON array whose every element maps with `element`; nil (one error) when the value
    /// is missing or not an array, nil too when an element failed (its errors are counted).
    private static func list<Element>(
        _ source: Any?, errors: inout Int,
        _ element: (Any, inout Int) -> Element?
    ) -> [Element]? {
        guard let array = source as? [Any] else {
            errors += 1
            return nil
        }
        var elements: [Element] = []
        elements.reserveCapacity(array.count)
        var failed = false
        for item in array {
            if let value = element(item, &errors) { elements.append(value) } else { failed = true }
        }
        return failed ? nil : elements
    }

    /// The value when present and of the right type (converted); otherwise nil and one error.
    private static func check<Value>(_ value: Value?, _ errors: inout Int) -> Value? {
        if value == nil { errors += 1 }
        return value
    }

    /// The value when present, of the right type and passing `rule`; otherwise nil and one error.
    private static func check<Value>(_ value: Value?, _ rule: (Value) -> Bool, _ errors: inout Int) -> Value? {
        guard let value, rule(value) else {
            errors += 1
            return nil
        }
        return value
    }
}

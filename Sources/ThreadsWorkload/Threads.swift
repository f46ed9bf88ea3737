import Foundation

/// The threads workload, generated in Swift exactly as `make_threads.py --records N --seed 42
/// [--invalid-fraction F] [--label]` writes it (the same random draws in the same order, the same
/// JSON bytes), with the outcome every contender must report.
///
///     let threads = Threads(records: 20_000, invalidFraction: 0.05)
///     threads.json      // 41 780 303 bytes, sha256 75bfda3d5b7353d7…, as make_threads.py writes them
///     threads.expected  // records 20000, valid 18906, invalid 1094, errors 1094, checksum 189689705
public struct Threads: Sendable {
    public let records: Int
    public let invalidFraction: Double
    public let labelled: Bool
    public let json: Data
    public let expected: ThreadsOutcome

    /// The figures published with the workload for `--records 20000 --seed 42`, without and with
    /// `--invalid-fraction 0.05` (not labelled).
    public static let published: [Bool: (bytes: Int, sha256Prefix: String, outcome: ThreadsOutcome)] = [
        false: (
            41_795_440, "d2c20041de96761a",
            ThreadsOutcome(records: 20_000, valid: 20_000, invalid: 0, errors: 0, checksum: 200_164_089)
        ),
        true: (
            41_780_303, "75bfda3d5b7353d7",
            ThreadsOutcome(records: 20_000, valid: 18_906, invalid: 1094, errors: 1094, checksum: 189_689_705)
        ),
    ]

    /// The defective fraction the benchmark and the published figures use.
    public static let defectiveFraction = 0.05

    public init(records: Int, invalidFraction: Double, seed: UInt32 = 42, label: Bool = false) {
        self.records = records
        self.invalidFraction = invalidFraction
        self.labelled = label
        var generator = ThreadsGenerator(seed: seed)
        var out = PythonJSONText()
        out.reserve(records * 2100)
        var expected = ThreadsOutcome()
        out.raw("[")
        for index in 0..<records {
            var record = generator.record(index)
            let isDefective = generator.rng.random() < invalidFraction
            if isDefective {
                let defect = generator.corrupt(&record)
                if label { record.defect = defect }
            }
            if index > 0 { out.raw(",") }
            record.write(to: &out)
            if isDefective {
                expected.add(invalidWithErrors: 1)
            } else {
                expected.add(validID: record.id, comments: record.commentCount, labels: record.labels.count)
            }
        }
        out.raw("]\n")
        self.json = Data(out.bytes)
        self.expected = expected
    }

    /// The SHA-256 of `json`, in lower-case hex, as `sha256sum` prints it.
    public var sha256: String { SHA256.hex(json) }
}

/// The functions of make_threads.py, draw for draw: each Swift line makes the random draws of its
/// Python twin in the same order (Python evaluates a dict literal's values, a call's arguments and a
/// comprehension's iterable left to right, and the right-hand side of `ws[i] = x` before `i`).
struct ThreadsGenerator {
    static let states = ["open", "closed"]
    static let words =
        ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima "
        + "mike november oscar papa quebec romeo sierra tango uniform victor whiskey "
        + "xray yankee zulu").split(separator: " ").map(String.init)
    static let foreign = ["café", "naïve", "Zürich", "señor", "日本語", "🎉", "👍"]
    static let shortBodies = ["+1", "LGTM", "?", "👍", "🎉"]
    static let labels: [(name: String, color: String)] = [
        ("bug", "d73a4a"), ("documentation", "0075ca"), ("duplicate", "cfd3d7"),
        ("enhancement", "a2eeef"), ("good first issue", "7057ff"),
        ("help wanted", "008672"), ("invalid", "e4e669"), ("question", "d876e3"),
        ("wontfix", "ffffff"),
    ]
    static let reactions = ["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"]
    static let fileNames = ["log.txt", "crash.log", "trace.json", "report.pdf", "config.yaml", "core.dump"]
    static let imageSizes = [(640, 480), (800, 600), (1280, 720), (1920, 1080), (2560, 1440), (1, 1)]
    /// Number of replies of a comment, by its level (0: a top-level comment).
    static let replies = [
        [0, 0, 0, 0, 0, 0, 1, 1, 2, 3], [0, 0, 0, 0, 0, 0, 0, 1, 2, 3],
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 3], [0],
    ]
    static let first = CivilTime.epochSeconds(year: 2015, month: 1, day: 1)
    static let last = CivilTime.epochSeconds(year: 2025, month: 12, day: 31)
    static let defects = [
        "bad_login", "bad_color", "unknown_attachment_type", "unknown_state",
        "string_updated_at", "bad_joined", "empty_body", "missing_author",
        "zero_width", "negative_reaction", "zero_id", "title_too_long",
        "bad_created_at", "negative_bytes",
    ]

    var rng: PythonRandom
    /// `itertools.count(1)`: comment ids, unique and increasing through the file.
    private var nextCommentID = 1

    init(seed: UInt32) {
        rng = PythonRandom(seed: seed)
    }

    // MARK: Values

    mutating func words(_ low: Int, _ high: Int) -> String {
        (0..<rng.int(low, high)).map { _ in rng.choice(Self.words) }.joined(separator: " ")
    }

    mutating func iso(_ time: Int) -> String {
        let withMilliseconds = rng.random() < 0.3
        let text = CivilTime.isoSeconds(time)
        guard withMilliseconds else { return text + "Z" }
        let millisecond = rng.int(0, 999)
        return text + "." + CivilTime.padded(millisecond, 3) + "Z"
    }

    mutating func user() -> ThreadRecord.User {
        let id = rng.int(1, 5000)
        let words = Self.words
        let word = words[id % words.count]
        var login = ["\(word)-\(id)", "\(word)\(id)", "\(word)-\(words[id / 7 % words.count])-\(id)"][id % 3]
        if id % 250 == 0 {
            login = String((login + "-" + String(repeating: "x", count: 39)).prefix(39))  // the longest valid login
        }
        let site = [nil, "https://example.com/~\(login)", "https://\(login).example.org/"][id % 3]
        let joined = CivilTime.isoDate(days: CivilTime.days(year: 2008, month: 1, day: 1) + id * 7919 % 5800)
        return ThreadRecord.User(id: id, login: login, site: site, joined: joined)
    }

    mutating func sentence() -> String {
        var ws = (0..<rng.int(3, 12)).map { _ in rng.choice(Self.words) }
        if rng.random() < 0.15 {
            let word = rng.choice(Self.foreign)  // the right-hand side first, as Python evaluates it
            ws[rng.below(ws.count)] = word
        }
        if rng.random() < 0.1 {
            let index = rng.below(ws.count)
            ws[index] = "\"\(ws[index])\""
        }
        return Self.capitalized(ws.joined(separator: " ")) + rng.choice([".", ".", ".", "?", "!"])
    }

    mutating func body() -> String {
        if rng.random() < 0.03 { return rng.choice(Self.shortBodies) }
        let paragraphs = rng.random() < 0.75 ? 1 : 2
        return (0..<paragraphs).map { _ in
            (0..<rng.int(1, 2)).map { _ in sentence() }.joined(separator: " ")
        }.joined(separator: "\n\n")
    }

    mutating func comment(_ time: Int, level: Int) -> ThreadRecord.Comment {
        let id = nextCommentID
        nextCommentID += 1
        let author = user()
        let body = body()
        let createdAt = iso(time)
        let replies = (0..<rng.choice(Self.replies[level])).map { _ in
            comment(time + rng.int(30, 5 * 86_400), level: level + 1)
        }
        return ThreadRecord.Comment(id: id, author: author, body: body, createdAt: createdAt, replies: replies)
    }

    mutating func image(_ threadID: Int, _ index: Int) -> ThreadRecord.Attachment {
        let (width, height) = rng.choice(Self.imageSizes)
        return ThreadRecord.Attachment(
            type: "image", url: "https://files.example.com/t/\(threadID)/\(index).png",
            kind: .image(width: width, height: height))
    }

    mutating func file(_ threadID: Int, _ index: Int) -> ThreadRecord.Attachment {
        let name = rng.choice(Self.fileNames)
        let bytes = rng.random() < 0.95 ? rng.int(1, 5_000_000) : 0
        return ThreadRecord.Attachment(
            type: "file", url: "https://files.example.com/t/\(threadID)/\(index)/\(name)",
            kind: .file(bytes: bytes, name: name))
    }

    /// `distinct(rng, items, k)`: k distinct items, drawn until found, in the order drawn.
    mutating func distinct(_ count: Int, of items: Int) -> [Int] {
        var picked: [Int] = []
        while picked.count < count {
            let index = rng.below(items)  // choice(items) compares items; the tables hold no duplicates
            if !picked.contains(index) { picked.append(index) }
        }
        return picked
    }

    mutating func title() -> String {
        let r = rng.random()
        var title = words(2, 10)
        if r < 0.01 {
            title = String((title + " " + words(30, 30)).prefix(120))  // the longest valid title
        } else if r < 0.015 {
            title = String(rng.choice(Self.words).prefix(1))  // the shortest
        }
        return Self.capitalized(title)
    }

    /// `s[0].upper() + s[1:]`: the texts start with an ASCII letter, a quote, or a scalar
    /// `str.upper` leaves alone or maps as ASCII does (é, ï, ü, ñ never come first).
    static func capitalized(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return text }
        return first.properties.uppercaseMapping + String(text.unicodeScalars.dropFirst())
    }

    mutating func record(_ index: Int) -> ThreadRecord {
        let id = index + 1
        let time = rng.int(Self.first, Self.last)
        let title = title()
        let state = rng.choice(Self.states)
        let createdAt = iso(time)
        let updatedAt = time + rng.int(0, 90 * 86_400)
        let author = user()
        let assignee = rng.random() < 0.5 ? user() : nil
        let labels = distinct(rng.int(0, 4), of: Self.labels.count).map { Self.labels[$0] }
        let comments = (0..<rng.int(0, 5)).map { _ in comment(time + rng.int(60, 30 * 86_400), level: 0) }
        let attachments = (0..<rng.int(0, 3)).map { index in
            rng.random() < 0.5 ? image(id, index) : file(id, index)
        }
        let reactions = distinct(rng.int(0, 4), of: Self.reactions.count).map { reaction in
            (key: Self.reactions[reaction], count: rng.random() < 0.9 ? rng.int(0, 50) : 0)
        }
        return ThreadRecord(
            id: id, title: title, state: state, createdAt: createdAt, updatedAt: updatedAt,
            author: author, assignee: assignee, labels: labels, comments: comments,
            attachments: attachments, reactions: reactions)
    }

    // MARK: Defects

    /// `corrupt(rng, rec, ids)`: gives the record exactly one defect; returns its kind and the path of the defective value.
    mutating func corrupt(_ record: inout ThreadRecord) -> (kind: String, path: String) {
        let kind = rng.choice(Self.defects)
        let comments = record.commentPlaces
        switch kind {
        case "bad_login":
            let (path, place) = rng.choice(record.userPlaces)
            record.updateUser(place) { $0.login = "Not Valid!" }
            return (kind, path + ".login")
        case "bad_joined":
            let (path, place) = rng.choice(record.userPlaces)
            record.updateUser(place) { user in
                let parts = user.joined.split(separator: "-")
                user.joined = "\(parts[2])/\(parts[1])/\(parts[0])"
            }
            return (kind, path + ".joined")
        case "zero_id":
            enum Place {
                case thread
                case user(ThreadRecord.UserPlace)
                case comment([Int])
            }
            let places: [(path: String, place: Place)] =
                [("", .thread)]
                + record.userPlaces.map { ($0.path, .user($0.place)) }
                + comments.map { ($0.path, .comment($0.indices)) }
            let (path, place) = rng.choice(places)
            switch place {
            case .thread: record.id = 0
            case let .user(user): record.updateUser(user) { $0.id = 0 }
            case let .comment(indices): record.updateComment(at: indices) { $0.id = 0 }
            }
            return (kind, Self.join(path, "id"))
        case "missing_author", "bad_created_at":
            let places: [(path: String, indices: [Int]?)] = [("", nil)] + comments.map { ($0.path, $0.indices) }
            let (path, indices) = rng.choice(places)
            let key = kind == "missing_author" ? "author" : "created_at"
            if let indices {
                record.updateComment(at: indices) { comment in
                    if kind == "missing_author" { comment.author = nil } else { comment.createdAt = "yesterday" }
                }
            } else if kind == "missing_author" {
                record.author = nil
            } else {
                record.createdAt = "yesterday"
            }
            return (kind, Self.join(path, key))
        case "empty_body":
            var found = comments
            if found.isEmpty {
                record.comments.append(comment(CivilTime.epochSeconds(year: 2020, month: 1, day: 1), level: 0))
                found = [("comments[\(record.comments.count - 1)]", [record.comments.count - 1])]
            }
            let (path, indices) = rng.choice(found)
            record.updateComment(at: indices) { $0.body = "" }
            return (kind, path + ".body")
        case "bad_color":
            if record.labels.isEmpty {
                let taken = record.labels.map(\.name)
                record.labels.append(rng.choice(Self.labels.filter { !taken.contains($0.name) }))
            }
            let index = rng.below(record.labels.count)
            record.labels[index].color = "zzzzzz"
            return (kind, "labels[\(index)].color")
        case "unknown_attachment_type", "zero_width", "negative_bytes":
            let wanted: (ThreadRecord.Attachment) -> Bool =
                switch kind {
                case "zero_width": \.isImage
                case "negative_bytes": \.isFile
                default: { _ in true }
                }
            var found = record.attachments.indices.filter { wanted(record.attachments[$0]) }
            if found.isEmpty {
                let count = record.attachments.count
                record.attachments.append(kind == "negative_bytes" ? file(record.id, count) : image(record.id, count))
                found = [count]
            }
            let index = rng.choice(found)
            switch (kind, record.attachments[index].kind) {
            case ("zero_width", let .image(_, height)):
                record.attachments[index].kind = .image(width: 0, height: height)
                return (kind, "attachments[\(index)].width")
            case ("negative_bytes", let .file(_, name)):
                record.attachments[index].kind = .file(bytes: -1, name: name)
                return (kind, "attachments[\(index)].bytes")
            default:
                record.attachments[index].type = "video"
                return (kind, "attachments[\(index)].type")
            }
        case "negative_reaction":
            let names = record.reactions.map(\.key).filter { $0.allSatisfy(\.isLetter) }
            let key = names.isEmpty ? "heart" : rng.choice(names)
            if let index = record.reactions.firstIndex(where: { $0.key == key }) {
                record.reactions[index].count = -1
            } else {
                record.reactions.append((key, -1))
            }
            return (kind, "reactions." + key)
        case "unknown_state":
            record.state = "merged"
            return (kind, "state")
        case "string_updated_at":
            record.updatedAtAsString = true
            return (kind, "updated_at")
        case "title_too_long":
            record.title = String((record.title + " " + words(30, 30)).prefix(121))
            return (kind, "title")
        default:
            preconditionFailure("unknown defect \(kind)")
        }
    }

    private static func join(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : prefix + "." + key
    }
}

/// UTC calendar arithmetic on the proleptic Gregorian calendar, as Python's `time.gmtime`,
/// `calendar.timegm` and `datetime.date` do it (no time zones, no leap seconds).
enum CivilTime {
    /// Days since 1970-01-01.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    static func epochSeconds(year: Int, month: Int, day: Int) -> Int {
        days(year: year, month: month, day: day) * 86_400
    }

    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `date.isoformat()`: `yyyy-mm-dd`.
    static func isoDate(days: Int) -> String {
        let (year, month, day) = civil(days: days)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// `time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))`.
    static func isoSeconds(_ time: Int) -> String {
        let days = time >= 0 ? time / 86_400 : (time - 86_399) / 86_400
        let seconds = time - days * 86_400
        return isoDate(days: days) + "T\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))"
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

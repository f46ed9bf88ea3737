import Foundation
import ThreadsWorkload

/// The defect kinds of `make_feed.py`, in its order (the generator draws one by index).
enum Defect: String, CaseIterable {
    case missingURL = "missing_url"
    case nameTooLong = "name_too_long"
    case badEmail = "bad_email"
    case ratingOutOfRange = "rating_out_of_range"
    case wrongTypeID = "wrong_type_id"
    case unknownVideoType = "unknown_video_type"
    case badDate = "bad_date"
    case negativeDuration = "negative_duration"
}

/// What a contender must report for a feed: each defective record fails with exactly one error.
struct Outcome: Equatable, CustomStringConvertible {
    var valid = 0
    var invalid = 0
    var errors = 0
    /// Σ(id + views) over valid records, the feed workload's checksum.
    var checksum = 0
    /// A wrapping sum over every mapped property of every valid record (see `Digestible.digest`).
    var digest = 0

    var description: String {
        "valid \(valid), invalid \(invalid), errors \(errors), checksum \(checksum), digest \(digest)"
    }

    mutating func add<Model: Digestible>(valid model: Model) {
        valid += 1
        checksum += model.id + model.views
        digest = digest &+ model.digest
    }

    mutating func add(invalidWithErrors count: Int) {
        invalid += 1
        errors += count
    }
}

/// The feed workload, generated in Swift exactly as `make_feed.py --records N --seed 42
/// [--invalid-fraction F]` writes it (same random draws, same JSON values), with its expected outcome.
struct Feed {
    let records: Int
    let invalidFraction: Double
    let json: Data
    let expected: Outcome

    static let types = ["shortVideo", "longVideo", "live"]
    static let words =
        ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima "
        + "mike november oscar papa quebec romeo sierra tango uniform victor whiskey "
        + "xray yankee zulu").split(separator: " ").map(String.init)

    init(records: Int, invalidFraction: Double, seed: UInt32 = 42) {
        self.records = records
        self.invalidFraction = invalidFraction
        var rng = PythonRandom(seed: seed)
        var out = JSONText()
        out.reserve(records * 420)
        var expected = Outcome()
        out.append("[")
        for index in 0..<records {
            var record = FeedRecord(&rng, index)
            let defect = rng.random() < invalidFraction ? rng.choice(Defect.allCases) : nil
            if let defect { record.corrupt(defect) }
            if index > 0 { out.append(",") }
            record.write(to: &out)
            if defect == nil {
                expected.add(valid: record)
            } else {
                expected.add(invalidWithErrors: 1)
            }
        }
        out.append("]\n")
        self.json = Data(out.bytes)
        self.expected = expected
    }

    /// The feed as JSONSerialization parses it: the input of the map+validate contenders.
    func parsed() -> [Any] {
        // swiftlint:disable:next force_cast
        try! JSONSerialization.jsonObject(with: json) as! [Any]
    }
}

/// One generated record, before it is written as JSON.
struct FeedRecord: Digestible {
    var id: Int
    var idAsString = false
    var url: String?
    var title: String
    var typeName: String
    var date: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int?)
    var dateText: String?
    var duration: Double
    var isPremium: Bool
    var rating: Int?
    var authorID: Int
    var authorEmail: String
    var authorName: String
    var tags: [String]
    var latitude: Double
    var longitude: Double
    var subtitle: String?
    var views: Int
    var likes: Int

    /// `record(rng, i)` of make_feed.py, draw for draw.
    init(_ rng: inout PythonRandom, _ index: Int) {
        let withMilliseconds = rng.random() < 0.5
        date = (2000 + rng.int(10, 25), rng.int(1, 12), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59), rng.int(0, 59), nil)
        if withMilliseconds { date.millisecond = rng.int(0, 999) }
        authorID = rng.int(1, 10_000)
        id = index + 1
        url = "https://cdn.example.com/v/\(index + 1).mp4"
        let titleWords = Self.words(&rng, 1, 6).map(Self.capitalized).joined(separator: " ")
        title = titleWords.isEmpty ? "Untitled" : String(titleWords.prefix(80))
        typeName = rng.choice(Feed.types)
        duration = Self.rounded(rng.uniform(1, 7200), digits: 2)
        isPremium = rng.random() < 0.2
        rating = rng.choice([nil, 1, 2, 3, 4, 5])
        authorEmail = "user\(authorID)@example.com"
        authorName = Self.words(&rng, 1, 3).map(Self.capitalized).joined(separator: " ")
        tags = (0..<rng.int(0, 5)).map { _ in rng.choice(Feed.words) }
        latitude = Self.rounded(rng.uniform(-90, 90), digits: 5)
        longitude = Self.rounded(rng.uniform(-180, 180), digits: 5)
        subtitle = rng.random() < 0.7 ? nil : Self.words(&rng, 2, 8).joined(separator: " ")
        views = rng.int(0, 10_000_000)
        likes = rng.int(0, 100_000)
    }

    mutating func corrupt(_ defect: Defect) {
        switch defect {
        case .missingURL: url = nil
        case .nameTooLong: title = String(repeating: "x", count: 200)
        case .badEmail: authorEmail = "not-an-email"
        case .ratingOutOfRange: rating = 9
        case .wrongTypeID: idAsString = true
        case .unknownVideoType: typeName = "hologram"
        case .badDate: dateText = "yesterday"
        case .negativeDuration: duration = -5.0
        }
    }

    private static func words(_ rng: inout PythonRandom, _ low: Int, _ high: Int) -> [String] {
        (0..<rng.int(low, high)).map { _ in rng.choice(Feed.words) }
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Python's `round(x, digits)`: the correctly rounded decimal, read back as a double.
    private static func rounded(_ value: Double, digits: Int32) -> Double {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([digits, value]) { vsnprintf(&buffer, 64, "%.*f", $0) }
        return strtod(buffer, nil)
    }

    var publishedText: String {
        if let dateText { return dateText }
        let (year, month, day, hour, minute, second, millisecond) = date
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
        if let millisecond { text += "." + (millisecond < 10 ? "00" : millisecond < 100 ? "0" : "") + "\(millisecond)" }
        return text + "Z"
    }

    func write(to out: inout JSONText) {
        out.append(#"{"id":"#)
        out.append(idAsString ? "\"\(id)\"" : "\(id)")
        if let url { out.append(#","videoURL":"#); out.string(url) }
        out.append(#","name":"#); out.string(title)
        out.append(#","videoType":"#); out.string(typeName)
        out.append(#","published_at":"#); out.string(publishedText)
        out.append(#","duration":"#); out.append("\(duration)")
        out.append(#","is_premium":"#); out.append(isPremium ? "true" : "false")
        out.append(#","rating":"#); out.append(rating.map { "\($0)" } ?? "null")
        out.append(#","author":{"id":"#); out.append("\(authorID)")
        out.append(#","email":"#); out.string(authorEmail)
        out.append(#","display_name":"#); out.string(authorName)
        out.append(#"},"tags":["#)
        for (index, tag) in tags.enumerated() {
            if index > 0 { out.append(",") }
            out.string(tag)
        }
        out.append(#"],"geo":["#); out.append("\(latitude),\(longitude)")
        out.append(#"],"subtitle":"#)
        if let subtitle { out.string(subtitle) } else { out.append("null") }
        out.append(#","stats":{"views":"#); out.append("\(views)")
        out.append(#","likes":"#); out.append("\(likes)")
        out.append("}}")
    }

    // Digestible, for the expected digest.
    var contentURLText: String? { url }
    var typeIndex: Int { Feed.types.firstIndex(of: typeName) ?? -1 }
    var publishedMilliseconds: Int {
        let (year, month, day, hour, minute, second, millisecond) = date
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        return (days * 86_400 + hour * 3600 + minute * 60 + second) * 1000 + (millisecond ?? 0)
    }

    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }
}

/// A byte buffer for writing the feed (ASCII only: the feed has no characters to escape).
struct JSONText {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }
    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }
}

import FeedModel
import Foundation

/// The rules a careful Swift programmer would write by hand, with Foundation's own tools:
/// `Date.ISO8601FormatStyle` for dates and `NSRegularExpression` for the email pattern.
enum FoundationRules {
    static let email = try! NSRegularExpression(pattern: Video.emailPattern)
    static let plainDate = Date.ISO8601FormatStyle()
    static let fractionalDate = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func date(_ text: String) -> Date? {
        let style = text.utf8.contains(UInt8(ascii: ".")) ? fractionalDate : plainDate
        return try? style.parse(text)
    }

    /// The ISO 8601 text `date(_:)` reads back as the same date: milliseconds only when there are some,
    /// as the workloads write them (a date read from `.000Z` is written without them).
    ///
    /// `ISO8601FormatStyle` truncates fractional seconds (a date read from `08.123Z` can come out as
    /// `08.122Z`), so the date moves half a millisecond first and the truncation rounds.
    static func text(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.truncatingRemainder(dividingBy: 1000) != 0 else {
            return plainDate.format(Date(timeIntervalSince1970: milliseconds / 1000))
        }
        return fractionalDate.format(date.addingTimeInterval(0.0005))
    }

    static func isEmail(_ text: String) -> Bool {
        email.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    static func url(_ text: String) -> URL? {
        text.isEmpty ? nil : URL(string: text, encodingInvalidCharacters: false)
    }
}

/// Hand-written strict mapping from JSONSerialization output: the same rules and results as
/// `Video.mapping` (every error counted, no model for a record with any error, booleans never
/// numbers, integers never fractions), with no library.
enum Handwritten {
    static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    struct Batch {
        var models: [VideoRecord] = []
        var failures: [Int] = []  // the error count of each rejected record
    }

    static func map(_ records: [Any]) -> Batch {
        var batch = Batch()
        batch.models.reserveCapacity(records.count)
        for record in records {
            var errors = 0
            if let model = map(record, errors: &errors) {
                batch.models.append(model)
            } else {
                batch.failures.append(Swift.max(errors, 1))
            }
        }
        return batch
    }

    /// The model, or nil with `errors` counting every failed rule.
    static func map(_ source: Any, errors: inout Int) -> VideoRecord? {
        guard let json = source as? [String: Any] else {
            errors += 1
            return nil
        }
        var video = VideoRecord()
        if let id = int(json["id"]), id >= 1 { video.id = id } else { errors += 1 }
        if let text = json["videoURL"] as? String, let url = FoundationRules.url(text) { video.contentURL = url } else { errors += 1 }
        if let title = json["name"] as? String, (1...80).contains(title.count) { video.title = title } else { errors += 1 }
        if let text = json["videoType"] as? String, let type = VideoType(rawValue: text) { video.type = type } else { errors += 1 }
        if let text = json["published_at"] as? String, let date = FoundationRules.date(text) {
            video.publishedAt = date
        } else {
            errors += 1
        }
        if let duration = double(json["duration"]), duration >= 0, duration <= 86_400 { video.duration = duration } else { errors += 1 }
        if let flag = bool(json["is_premium"]) { video.isPremium = flag } else { errors += 1 }
        switch json["rating"] {
        case nil, is NSNull: video.rating = nil
        case let value: if let rating = int(value), (1...5).contains(rating) { video.rating = rating } else { errors += 1 }
        }
        switch json["author"] {
        case let author as [String: Any]:
            if let id = int(author["id"]) { video.authorID = id } else { errors += 1 }
            if let email = author["email"] as? String, FoundationRules.isEmail(email) { video.authorEmail = email } else { errors += 1 }
            if let name = author["display_name"] as? String { video.authorName = name } else { errors += 1 }
        case nil, is NSNull: errors += 3
        default: errors += 1
        }
        if let tags = json["tags"] as? [Any] {
            video.tags.reserveCapacity(tags.count)
            for tag in tags {
                if let tag = tag as? String { video.tags.append(tag) } else { errors += 1 }
            }
        } else {
            errors += 1
        }
        switch json["geo"] {
        case let geo as [Any]:
            if geo.count > 0, let latitude = double(geo[0]) { video.latitude = latitude } else { errors += 1 }
            if geo.count > 1, let longitude = double(geo[1]) { video.longitude = longitude } else { errors += 1 }
        case nil, is NSNull: errors += 2
        default: errors += 1
        }
        switch json["subtitle"] {
        case nil, is NSNull: video.subtitle = nil
        case let value: if let subtitle = value as? String { video.subtitle = subtitle } else { errors += 1 }
        }
        switch json["stats"] {
        case let stats as [String: Any]:
            if let views = int(stats["views"]) { video.views = views } else { errors += 1 }
            if let likes = int(stats["likes"]) { video.likes = likes } else { errors += 1 }
        case nil, is NSNull: errors += 2
        default: errors += 1
        }
        return errors == 0 ? video : nil
    }

    /// A JSON integer: not a boolean, not a fraction, within `Int`.
    static func int(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, ObjectIdentifier(type(of: number)) != booleanClass else { return nil }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"): return Int(exactly: number.doubleValue)
        case UInt8(ascii: "Q"): return Int(exactly: number.uint64Value)
        default: return Int(exactly: number.int64Value)
        }
    }

    /// A finite JSON number that is not a boolean.
    private static func double(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, ObjectIdentifier(type(of: number)) != booleanClass else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    /// A JSON boolean, never a number.
    private static func bool(_ value: Any?) -> Bool? {
        guard let number = value as? NSNumber, ObjectIdentifier(type(of: number)) == booleanClass else { return nil }
        return number.boolValue
    }
}

/// What Swift users would write instead: `JSONDecoder` into `Decodable` structs, then the same rules.
/// The structs are `Codable`: the serialization section writes the feed back through them.
enum Decoded {
    struct Author: Codable {
        let id: Int
        let email: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let display_name: String  // swiftlint:disable:this identifier_name
    }

    struct Stats: Codable {
        let views: Int
        let likes: Int
    }

    struct Record: Codable {
        let id: Int
        let videoURL: String
        let name: String
        let videoType: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let published_at: String  // swiftlint:disable:this identifier_name
        let duration: Double
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let is_premium: Bool  // swiftlint:disable:this identifier_name
        let rating: Int?
        let author: Author
        let tags: [String]
        let geo: [Double]
        let subtitle: String?
        let stats: Stats
    }

    /// One element of the array: a record that does not decode fails alone (one error).
    struct Element: Decodable {
        let record: Record?

        init(from decoder: any Decoder) throws {
            record = try? Record(from: decoder)
        }
    }

    static func map(_ json: Data) -> Handwritten.Batch {
        let elements = try! JSONDecoder().decode([Element].self, from: json)
        var batch = Handwritten.Batch()
        batch.models.reserveCapacity(elements.count)
        for element in elements {
            guard let record = element.record else {
                batch.failures.append(1)
                continue
            }
            var errors = 0
            if let model = validated(record, errors: &errors) { batch.models.append(model) } else { batch.failures.append(errors) }
        }
        return batch
    }

    private static func validated(_ record: Record, errors: inout Int) -> VideoRecord? {
        var video = VideoRecord()
        if record.id >= 1 { video.id = record.id } else { errors += 1 }
        if let url = FoundationRules.url(record.videoURL) { video.contentURL = url } else { errors += 1 }
        if (1...80).contains(record.name.count) { video.title = record.name } else { errors += 1 }
        if let type = VideoType(rawValue: record.videoType) { video.type = type } else { errors += 1 }
        if let date = FoundationRules.date(record.published_at) { video.publishedAt = date } else { errors += 1 }
        if record.duration >= 0, record.duration <= 86_400 { video.duration = record.duration } else { errors += 1 }
        video.isPremium = record.is_premium
        if let rating = record.rating, !(1...5).contains(rating) { errors += 1 } else { video.rating = record.rating }
        video.authorID = record.author.id
        if FoundationRules.isEmail(record.author.email) { video.authorEmail = record.author.email } else { errors += 1 }
        video.authorName = record.author.display_name
        video.tags = record.tags
        if record.geo.count > 0 { video.latitude = record.geo[0] } else { errors += 1 }
        if record.geo.count > 1 { video.longitude = record.geo[1] } else { errors += 1 }
        video.subtitle = record.subtitle
        video.views = record.stats.views
        video.likes = record.stats.likes
        return errors == 0 ? video : nil
    }
}

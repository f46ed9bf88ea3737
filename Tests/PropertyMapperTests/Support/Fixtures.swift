import Foundation

/// One valid feed record, as a Swift literal and as JSON, with overrides for single defects.
extension Dictionary where Key == String, Value == Any {
    /// The first record of the feed, valid under `Video.mapping`; `overrides` replace top-level keys,
    /// and a value of `Fixtures.absent` removes the key.
    static func validRecord(_ overrides: [String: Any] = [:]) -> [String: Any] {
        var record: [String: Any] = [
            "id": 1,
            "videoURL": "https://cdn.example.com/v/1.mp4",
            "name": "Xray Romeo",
            "videoType": "shortVideo",
            "published_at": "2010-12-09T07:14:08Z",
            "duration": 675.51,
            "is_premium": false,
            "rating": 4,
            "author": ["id": 1680, "email": "user1680@example.com", "display_name": "Romeo"] as [String: Any],
            "tags": ["whiskey"],
            "geo": [26.9792, 16.17893],
            "subtitle": NSNull(),
            "stats": ["views": 9_886_237, "likes": 36463],
        ]
        for (key, value) in overrides {
            if value is Fixtures.Absent { record[key] = nil } else { record[key] = value }
        }
        return record
    }
}

enum Fixtures {
    struct Absent {}
    /// Use as an override value to remove a key from `validRecord`.
    static let absent = Absent()

    /// `validRecord` as JSONSerialization would return it from bytes (NSNumber, __NSCFBoolean…).
    static func parsed(_ record: [String: Any]) throws -> [String: Any] {
        let data = try JSONSerialization.data(withJSONObject: record)
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    /// JSON text for a record.
    static func json(_ record: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self)
    }

    /// JSON text for an array of records.
    static func jsonArray(_ records: [Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: records, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Parses JSON text the way a user's payload arrives.
    static func parse(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    /// The defect kinds of the feed workload: each gives exactly one error, with this path and rule.
    static var feedDefects: [(name: String, overrides: [String: Any], path: String, rule: String)] {
        [
            ("missing videoURL", ["videoURL": absent], "videoURL", "isRequired"),
            ("name of 200 characters", ["name": String(repeating: "x", count: 200)], "name", "lengthRange"),
            (
                "bad email", ["author": ["id": 1680, "email": "not-an-email", "display_name": "Romeo"] as [String: Any]], "author.email",
                "matchesRegEx"
            ),
            ("rating 9", ["rating": 9], "rating", "range"),
            ("id as a string", ["id": "1"], "id", "type"),
            ("unknown videoType", ["videoType": "hologram"], "videoType", "call"),
            ("date yesterday", ["published_at": "yesterday"], "published_at", "box(Date)"),
            ("negative duration", ["duration": -5.0], "duration", "range"),
        ]
    }
}

import FeedModel
import Foundation
import PropertyMapper
import Testing

extension VideoRecord {
    /// `[String: Any].validRecord()` as it should map, written out by hand.
    static var mappedValidRecord: VideoRecord {
        var record = VideoRecord()
        record.id = 1
        record.contentURL = URL(string: "https://cdn.example.com/v/1.mp4")
        record.title = "Xray Romeo"
        record.type = .shortVideo
        record.publishedAt = Date(timeIntervalSince1970: 1_291_878_848)
        record.duration = 675.51
        record.isPremium = false
        record.rating = 4
        record.authorID = 1680
        record.authorEmail = "user1680@example.com"
        record.authorName = "Romeo"
        record.tags = ["whiskey"]
        record.latitude = 26.9792
        record.longitude = 16.17893
        record.subtitle = nil
        record.views = 9_886_237
        record.likes = 36463
        return record
    }

    /// A record whose every property differs from what `validRecord()` maps to, so any write shows.
    static var preset: VideoRecord {
        var record = VideoRecord()
        record.id = 99
        record.contentURL = URL(string: "https://preset.example.com/p.mp4")
        record.title = "Preset"
        record.type = .longVideo
        record.publishedAt = Date(timeIntervalSince1970: 86_400)
        record.duration = 1.25
        record.isPremium = true
        record.rating = 2
        record.authorID = 7
        record.authorEmail = "preset@example.com"
        record.authorName = "Preset Author"
        record.tags = ["preset", "tags"]
        record.latitude = -1.5
        record.longitude = -2.5
        record.subtitle = "Preset subtitle"
        record.views = 3
        record.likes = 4
        return record
    }

    /// The class model's properties as a record, for comparing whole models.
    init(_ video: Video) {
        self.init()
        id = video.id
        contentURL = video.contentURL
        title = video.title
        type = video.type
        publishedAt = video.publishedAt
        duration = video.duration
        isPremium = video.isPremium
        rating = video.rating
        authorID = video.authorID
        authorEmail = video.authorEmail
        authorName = video.authorName
        tags = video.tags
        latitude = video.latitude
        longitude = video.longitude
        subtitle = video.subtitle
        views = video.views
        likes = video.likes
    }

    /// The feed mapping plus a list and a mapping three levels deep.
    static let extendedMapping = Mapping<VideoRecord>(
        VideoRecord.mapping.entries.map { ($0.key, $0.descriptor) } + [
            ("label", .list(.property(\.subtitle), .property(\.authorName).maxLength(5))),
            ("meta", ["a": ["b": ["score": .property(\.likes).max(10)]]]),
        ])
}

extension Video {
    /// A video set to `VideoRecord.preset`.
    static var preset: Video { Video(VideoRecord.preset) }

    static let extendedMapping = Mapping<Video>(
        Video.mapping.entries.map { ($0.key, $0.descriptor) } + [
            ("label", .list(.property(\.subtitle), .property(\.authorName).maxLength(5))),
            ("meta", ["a": ["b": ["score": .property(\.likes).max(10)]]]),
        ])
}

/// One way to make a valid record fail, and where.
struct AtomicityCase: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var rule: String
    var testDescription: String { name }

    /// The overrides; built on demand because `[String: Any]` is not `Sendable`.
    var overrides: [String: Any] {
        switch name {
        case "type": ["id": "1"]
        case "null into required": ["name": NSNull()]
        case "null into non-optional": ["label": NSNull()]
        case "isRequired": ["videoURL": Fixtures.absent]
        case "validator": ["rating": 9]
        case "box": ["published_at": "yesterday"]
        case "call": ["videoType": "hologram"]
        case "nested dictionary": ["author": ["id": 1680, "email": "not-an-email", "display_name": "Romeo"] as [String: Any]]
        case "nested shape": ["stats": "many"]
        case "array index": ["geo": [26.9792, "north"] as [Any]]
        case "array element": ["tags": ["whiskey", 3] as [Any]]
        case "list": ["label": "a label"]
        case "depth 3": ["meta": ["a": ["b": ["score": 11]]]]
        default: [:]
        }
    }

    static let all: [AtomicityCase] = [
        AtomicityCase(name: "type", path: "id", rule: "type"),
        AtomicityCase(name: "null into required", path: "name", rule: "isRequired"),
        AtomicityCase(name: "null into non-optional", path: "label", rule: "type"),
        AtomicityCase(name: "isRequired", path: "videoURL", rule: "isRequired"),
        AtomicityCase(name: "validator", path: "rating", rule: "range"),
        AtomicityCase(name: "box", path: "published_at", rule: "box(Date)"),
        AtomicityCase(name: "call", path: "videoType", rule: "call"),
        AtomicityCase(name: "nested dictionary", path: "author.email", rule: "matchesRegEx"),
        AtomicityCase(name: "nested shape", path: "stats", rule: "type"),
        AtomicityCase(name: "array index", path: "geo[1]", rule: "type"),
        AtomicityCase(name: "array element", path: "tags[1]", rule: "type"),
        AtomicityCase(name: "list", path: "label", rule: "maxLength"),
        AtomicityCase(name: "depth 3", path: "meta.a.b.score", rule: "max"),
    ]
}

@Suite struct AtomicityTests {
    /// Every field but the failing one is valid and different from the preset, so a partial write would show.
    @Test(arguments: AtomicityCase.all)
    func classKeepsEveryPresetValueOnFailure(failure: AtomicityCase) throws {
        for record in [[String: Any].validRecord(failure.overrides), try Fixtures.parsed(.validRecord(failure.overrides))] {
            let video = Video.preset
            let errors = mappingErrors { try Mapper.mapValues(from: record, to: video, using: Video.extendedMapping) }
            expectSingleError(errors, at: failure.path, rule: failure.rule)
            #expect(VideoRecord(video) == VideoRecord.preset)
        }
    }

    @Test(arguments: AtomicityCase.all)
    func structKeepsEveryPresetValueOnFailure(failure: AtomicityCase) throws {
        for record in [[String: Any].validRecord(failure.overrides), try Fixtures.parsed(.validRecord(failure.overrides))] {
            var target = VideoRecord.preset
            let errors = mappingErrors { try Mapper.mapValues(from: record, to: &target, using: VideoRecord.extendedMapping) }
            expectSingleError(errors, at: failure.path, rule: failure.rule)
            #expect(target == VideoRecord.preset)
        }
    }

    @Test func successWritesEveryMappedPresentKey() throws {
        for record in [[String: Any].validRecord(), try Fixtures.parsed(.validRecord())] {
            let video = Video.preset
            try Mapper.mapValues(from: record, to: video, using: Video.mapping)
            #expect(VideoRecord(video) == VideoRecord.mappedValidRecord)
            var target = VideoRecord.preset
            try Mapper.mapValues(from: record, to: &target, using: VideoRecord.mapping)
            #expect(target == VideoRecord.mappedValidRecord)
        }
    }

    @Test func successLeavesUnmappedPropertiesAlone() throws {
        let mapping: Mapping<VideoRecord> = [
            "name": .property(\.title),
            "rating": .property(\.rating),
            "geo": [1: .property(\.longitude)],
        ]
        var target = VideoRecord.preset
        try Mapper.mapValues(from: [String: Any].validRecord(), to: &target, using: mapping)
        var expected = VideoRecord.preset
        expected.title = "Xray Romeo"
        expected.rating = 4
        expected.longitude = 16.17893
        #expect(target == expected)
    }

    @Test func successLeavesAbsentKeysAlone() throws {
        var target = VideoRecord.preset
        let record = [String: Any].validRecord(["rating": Fixtures.absent, "subtitle": Fixtures.absent, "geo": [1.0]])
        let optionalGeo: PropertyDescriptor<VideoRecord> = [0: .property(\.latitude), 1: .property(\.longitude)]
        let mapping = Mapping<VideoRecord>(
            VideoRecord.mapping.entries.map { entry in
                (entry.key, entry.key == "geo" ? optionalGeo : entry.descriptor)
            })
        try Mapper.mapValues(from: record, to: &target, using: mapping)
        var expected = VideoRecord.mappedValidRecord
        expected.rating = VideoRecord.preset.rating
        expected.subtitle = VideoRecord.preset.subtitle
        expected.latitude = 1.0
        expected.longitude = VideoRecord.preset.longitude
        #expect(target == expected)
    }

    @Test func propertyMappedTwiceGetsTheLaterValue() throws {
        let nameLast: Mapping<VideoRecord> = [
            "author": ["display_name": .property(\.title)],
            "name": .property(\.title),
        ]
        let authorLast: Mapping<VideoRecord> = [
            "name": .property(\.title),
            "author": ["display_name": .property(\.title)],
        ]
        let inList: Mapping<VideoRecord> = [
            "name": .list(.property(\.title), .property(\.authorName)),
            "author": ["display_name": .list(.property(\.authorName), .property(\.subtitle))],
        ]
        for record in [[String: Any].validRecord(), try Fixtures.parsed(.validRecord())] {
            var target = VideoRecord.preset
            try Mapper.mapValues(from: record, to: &target, using: nameLast)
            #expect(target.title == "Xray Romeo")
            try Mapper.mapValues(from: record, to: &target, using: authorLast)
            #expect(target.title == "Romeo")
            target = VideoRecord.preset
            try Mapper.mapValues(from: record, to: &target, using: inList)
            #expect(target.title == "Xray Romeo")
            #expect(target.authorName == "Romeo")
            #expect(target.subtitle == "Romeo")
        }
    }

    @Test func propertyMappedTwiceIsCheckedBothTimes() {
        let mapping: Mapping<VideoRecord> = [
            "name": .property(\.title).maxLength(3),
            "author": ["display_name": .property(\.title)],
        ]
        var target = VideoRecord.preset
        let errors = mappingErrors { try Mapper.mapValues(from: [String: Any].validRecord(), to: &target, using: mapping) }
        expectSingleError(errors, at: "name", rule: "maxLength")
        #expect(target == VideoRecord.preset)
    }

    /// Calls run in phase one, on the instance as it was before this mapping.
    @Test func callsSeeTheNotYetUpdatedInstance() throws {
        let greeter = Greeter()
        try Mapper.mapValues(from: ["prefix": "Hi", "name": "Ann"] as [String: Any], to: greeter, using: Greeter.mapping)
        #expect(greeter.prefix == "Hi")
        #expect(greeter.greeting == "Hello Ann")
        try Mapper.mapValues(from: ["prefix": "Hey", "name": "Bob"] as [String: Any], to: greeter, using: Greeter.mapping)
        #expect(greeter.greeting == "Hi Bob")
    }
}

/// A model whose call reads another mapped property.
final class Greeter {
    var prefix = "Hello"
    var greeting = ""

    static let mapping: Mapping<Greeter> = [
        "prefix": .property(\.prefix),
        "name": .call(Greeter.greet(name:), \.greeting),
    ]

    func greet(name: String) -> String? {
        "\(prefix) \(name)"
    }
}

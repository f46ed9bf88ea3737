import FeedModel
import Foundation
import PropertyMapper
import Testing

// Every call site of DESIGN.md, STYLE.md, README.md and the doc comments, compiled as written,
// each with a sample that maps as documented. Models live in namespaces so that their names
// (`Video`, `Model`) can be the ones the documents use.

// MARK: DESIGN.md "What a user writes", and the README's opening example

enum ReadmeCallSite {
    final class Video {
        var contentURL: URL?
        var title: String?
        var type: VideoType?
        var uniqueID: Int?
        var latitude = 0.0
        var longitude = 0.0

        static let mapping: Mapping<Video> = [
            "videoURL": .box(.url, \.contentURL).isRequired(),
            "name": .property(\.title).lengthRange(5, 12),
            "videoType": .call(Video.videoType(from:), \.type),
            "sub_object": [
                "title": .property(\.uniqueID),
            ],
            "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
        ]

        init(json: [String: Any]) throws {
            try Mapper.mapValues(from: json, to: self, using: Self.mapping)
        }

        /// README "Usage": JSON bytes or text.
        init(jsonData data: Data) throws {
            try Mapper.mapValues(fromJSON: data, to: self, using: Self.mapping)
        }

        func videoType(from string: String) -> VideoType? { VideoType(rawValue: string) }
    }

    /// DESIGN.md and README "Usage": structs map through `inout`.
    struct VideoValue {
        var contentURL: URL?
        var title: String?
        var type: VideoType?
        var uniqueID: Int?
        var latitude = 0.0
        var longitude = 0.0

        static let mapping: Mapping<VideoValue> = [
            "videoURL": .box(.url, \.contentURL).isRequired(),
            "name": .property(\.title).lengthRange(5, 12),
            "videoType": .call(VideoValue.videoType(from:), \.type),
            "sub_object": [
                "title": .property(\.uniqueID),
            ],
            "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
        ]

        init() {}

        init(json: [String: Any]) throws {
            try Mapper.mapValues(from: json, to: &self, using: Self.mapping)
        }

        func videoType(from string: String) -> VideoType? { VideoType(rawValue: string) }
    }

    static var sample: [String: Any] { [
        "videoURL": "https://cdn.example.com/v/1.mp4",
        "name": "Xray Romeo",
        "videoType": "live",
        "sub_object": ["title": 42],
        "geo": [26.9792, 16.17893],
    ] }
}

// MARK: STYLE.md

enum StyleCallSite {
    static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    final class Video {
        var contentURL: URL?
        var title = ""
        var rating: Int?
        var authorEmail = ""
        var latitude = 0.0
        var longitude = 0.0

        static let mapping: Mapping<Video> = [
          "videoURL": .box(.url, \.contentURL).isRequired(),
          "name": .property(\.title).isRequired().lengthRange(1, 80),
          "rating": .property(\.rating).range(1, 5),            // null writes nil; a present value is checked
          "author": ["email": .property(\.authorEmail).matchesRegEx(emailPattern)],
          "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
        ]
        init(json: [String: Any]) throws { try Mapper.mapValues(from: json, to: self, using: Self.mapping) }
    }

    /// The leading-dot extension points.
    struct Upload {
        var id: UUID?
        var contentURL: URL?

        static let mapping: Mapping<Upload> = [
            "id": .box(.uuid, \.id),   "videoURL": .box(.url, \.contentURL).isSecureURL(),
        ]
    }
}

// STYLE.md's `Boxing.uuid` is the library's own `.uuid` now (rule `box(UUID)`); Boxing/BoxingTests.swift
// declares one as a user would, for its own file.
// STYLE.md declares `isSecureURL` `public`; here it is file-private so that other test files may
// declare their own without a clash.
fileprivate extension PropertyDescriptor {
  /// Requires an `https://` URL string. Like every validator, it sees the source value, before boxing.
  func isSecureURL() -> Self { validate("isSecureURL") { (text: String) in text.hasPrefix("https://") } }
}

// MARK: The doc comments of Sources/PropertyMapper

enum DocCallSite {
    static let emailExpression = try! NSRegularExpression(pattern: #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#)

    final class Model {
        var countryCode = ""
        var password = ""
        var tags: [String] = []
        var version = 0
        var kind = ""
        var id = 0
        var rating: Int?
        var duration = 0.0
        var length = 0.0
        var authorEmail = ""
        var title = ""
        var publishedAt: Date?
        var contentURL: URL?
        var rawURL: String?
        var video: String?
        var secureURL: URL?

        static let mapping: Mapping<Model> = [
            "countryCode": .property(\.countryCode).length(2),
            "password": .property(\.password).minLength(12),
            "tags": .property(\.tags).maxLength(5),
            "version": .property(\.version).equalTo(2),
            "videoType": .property(\.kind).oneOf(["shortVideo", "longVideo", "live"]),
            "id": .property(\.id).min(1),
            "rating": .property(\.rating).range(1, 5),
            "rating5": .property(\.rating).max(5),
            "ratingRange": .property(\.rating).range(1...5),
            "duration": .property(\.duration).max(86_400.0),
            "durationRange": .property(\.duration).range(0.0, 86_400.0),
            "durationClosed": .property(\.duration).range(0.0...86_400.0),
            "minimum": .property(\.length).min(0.5),
            "email": .property(\.authorEmail).matchesRegEx(emailExpression),
            "emailPattern": .property(\.authorEmail).matchesRegEx(#"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#),
            "name": .property(\.title).lengthRange(1, 80),
            "nameRange": .property(\.title).lengthRange(1...80),
            "published_at": .box(.date, \.publishedAt),
            "videoURL": .list(.box(.url, \.contentURL), .property(\.rawURL)),
            "video": .call(Model.object(from:property:), \.video),
            "secureURL": .box(.url, \.secureURL).validate("isSecureURL") { (text: String) in text.hasPrefix("https://") },
        ]

        func object(from value: String, property: String) -> String? { "\(property): \(value)" }
    }

    static var sample: [String: Any] { [
        "countryCode": "PL", "password": "correct horse battery", "tags": ["a", "b"], "version": 2,
        "videoType": "live", "id": 7, "rating": 4, "rating5": 4, "ratingRange": 4, "duration": 675.51,
        "durationRange": 675.51, "durationClosed": 675.51, "minimum": 0.75, "email": "user@example.com",
        "emailPattern": "user@example.com", "name": "Xray", "nameRange": "Xray",
        "published_at": "2010-12-09T07:14:08Z", "videoURL": "https://cdn.example.com/v/1.mp4",
        "video": "clip", "secureURL": "https://example.com",
    ] }
}

@Suite struct CallSiteTests {
    // MARK: DESIGN.md and README.md

    static func expectMapped(
        contentURL: URL?, title: String?, type: VideoType?, uniqueID: Int?, latitude: Double, longitude: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(contentURL == URL(string: "https://cdn.example.com/v/1.mp4"), sourceLocation: sourceLocation)
        #expect(title == "Xray Romeo", sourceLocation: sourceLocation)
        #expect(type == .live, sourceLocation: sourceLocation)
        #expect(uniqueID == 42, sourceLocation: sourceLocation)
        #expect(latitude == 26.9792, sourceLocation: sourceLocation)
        #expect(longitude == 16.17893, sourceLocation: sourceLocation)
    }

    @Test func designClassMapsTheSample() throws {
        let video = try ReadmeCallSite.Video(json: ReadmeCallSite.sample)
        Self.expectMapped(
            contentURL: video.contentURL, title: video.title, type: video.type, uniqueID: video.uniqueID,
            latitude: video.latitude, longitude: video.longitude)
    }

    @Test func designStructMapsTheSampleThroughInout() throws {
        let video = try ReadmeCallSite.VideoValue(json: ReadmeCallSite.sample)
        Self.expectMapped(
            contentURL: video.contentURL, title: video.title, type: video.type, uniqueID: video.uniqueID,
            latitude: video.latitude, longitude: video.longitude)
    }

    @Test func readmeJSONBytesMapTheSample() throws {
        let data = Data(try Fixtures.json(ReadmeCallSite.sample).utf8)
        let video = try ReadmeCallSite.Video(jsonData: data)
        Self.expectMapped(
            contentURL: video.contentURL, title: video.title, type: video.type, uniqueID: video.uniqueID,
            latitude: video.latitude, longitude: video.longitude)
    }

    @Test func readmeJSONTextMapsTheSampleAndMalformedJSONIsAnError() throws {
        var video = ReadmeCallSite.VideoValue()
        try Mapper.mapValues(fromJSON: try Fixtures.json(ReadmeCallSite.sample), to: &video, using: ReadmeCallSite.VideoValue.mapping)
        #expect(video.title == "Xray Romeo")
        let errors = mappingErrors {
            try Mapper.mapValues(fromJSON: "{\"name\": ", to: &video, using: ReadmeCallSite.VideoValue.mapping)
        }
        #expect(errors.map(\.rule) == ["json"])
        #expect(errors.map(\.path) == [""])
    }

    @Test func readmeDryRunReturnsEveryErrorAndWritesNothing() throws {
        let video = try ReadmeCallSite.Video(json: ReadmeCallSite.sample)
        var json = ReadmeCallSite.sample
        json["videoURL"] = nil
        json["name"] = String(repeating: "x", count: 200)
        let problems = Mapper.validate(json, for: video, using: ReadmeCallSite.Video.mapping)
        #expect(problems.map(\.rule) == ["isRequired", "lengthRange"])
        #expect(problems.map(\.path) == ["videoURL", "name"])
        #expect(problems.map(\.property) == ["contentURL", "title"])
        #expect(video.title == "Xray Romeo")
        #expect(Mapper.validate(ReadmeCallSite.sample, for: video, using: ReadmeCallSite.Video.mapping).isEmpty)
    }

    @Test func readmeFailedMappingLeavesTheTargetUnchanged() throws {
        let video = try ReadmeCallSite.Video(json: ReadmeCallSite.sample)
        var json = ReadmeCallSite.sample
        json["name"] = "Short"
        json["videoURL"] = ""
        json["geo"] = [1.0, 2.0]
        let errors = mappingErrors { try Mapper.mapValues(from: json, to: video, using: ReadmeCallSite.Video.mapping) }
        #expect(errors.map(\.rule) == ["box(URL)"])
        #expect(video.title == "Xray Romeo")
        #expect(video.latitude == 26.9792)
    }

    @Test func readmeUnknownVideoTypeWritesNilIntoTheOptionalProperty() throws {
        var json = ReadmeCallSite.sample
        json["videoType"] = "hologram"
        let video = try ReadmeCallSite.Video(json: json)
        #expect(video.type == nil)
        #expect(video.title == "Xray Romeo")
    }

    // MARK: STYLE.md

    @Test func styleMappingMapsTheSample() throws {
        let video = try StyleCallSite.Video(json: [
            "videoURL": "https://cdn.example.com/v/1.mp4", "name": "Xray Romeo", "rating": NSNull(),
            "author": ["email": "user@example.com"], "geo": [1.5, 2.5],
        ])
        #expect(video.contentURL == URL(string: "https://cdn.example.com/v/1.mp4"))
        #expect(video.title == "Xray Romeo")
        #expect(video.rating == nil)
        #expect(video.authorEmail == "user@example.com")
        #expect(video.latitude == 1.5)
        #expect(video.longitude == 2.5)
        let errors = mappingErrors {
            _ = try StyleCallSite.Video(json: [
                "videoURL": "https://cdn.example.com/v/1.mp4", "name": "", "rating": 9, "author": ["email": "nope"],
            ])
        }
        #expect(errors.map(\.rule) == ["lengthRange", "range", "matchesRegEx"])
        #expect(errors.map(\.path) == ["name", "rating", "author.email"])
    }

    @Test func styleExtensionPointsMapTheSample() throws {
        var upload = StyleCallSite.Upload()
        try Mapper.mapValues(
            from: ["id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "videoURL": "https://cdn.example.com/v/1.mp4"],
            to: &upload, using: StyleCallSite.Upload.mapping)
        #expect(upload.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(upload.contentURL == URL(string: "https://cdn.example.com/v/1.mp4"))
        let errors = Mapper.validate(["id": "nope", "videoURL": "http://cdn.example.com"], for: upload, using: StyleCallSite.Upload.mapping)
        #expect(errors.map(\.rule) == ["box(UUID)", "isSecureURL"])
    }

    @Suite struct LengthRangeTests {
      @Test(arguments: ["", String(repeating: "x", count: 81)])
      func rejectsTitleOutsideBounds(title: String) throws {
        let error = #expect(throws: MappingError.self) { try Video(json: .validRecord(["name": title])) }
        let errors = try #require(error?.errors)
        #expect(errors.map(\.rule) == ["lengthRange"])
        #expect(errors.first?.path == "name")
      }
    }

    // MARK: The doc comments

    @Test func docCommentMappingMapsTheSample() throws {
        let model = DocCallSite.Model()
        try Mapper.mapValues(from: DocCallSite.sample, to: model, using: DocCallSite.Model.mapping)
        #expect(model.countryCode == "PL")
        #expect(model.password == "correct horse battery")
        #expect(model.tags == ["a", "b"])
        #expect(model.version == 2)
        #expect(model.kind == "live")
        #expect(model.id == 7)
        #expect(model.rating == 4)
        #expect(model.duration == 675.51)
        #expect(model.length == 0.75)
        #expect(model.authorEmail == "user@example.com")
        #expect(model.title == "Xray")
        #expect(model.publishedAt == Date(timeIntervalSince1970: 1_291_878_848))
        #expect(model.contentURL == URL(string: "https://cdn.example.com/v/1.mp4"))
        #expect(model.rawURL == "https://cdn.example.com/v/1.mp4")
        #expect(model.video == "video: clip")
        #expect(model.secureURL == URL(string: "https://example.com"))
    }

    @Test func docCommentFailuresUseTheDocumentedRules() {
        var json = DocCallSite.sample
        json["countryCode"] = "POL"
        json["version"] = 3
        json["videoType"] = "hologram"
        json["id"] = 0
        json["rating"] = 9
        json["secureURL"] = "http://example.com"
        let errors = Mapper.validate(json, for: DocCallSite.Model(), using: DocCallSite.Model.mapping)
        #expect(errors.map(\.rule) == ["length", "equalTo", "oneOf", "min", "range", "isSecureURL"])
        #expect(errors.map(\.path) == ["countryCode", "version", "videoType", "id", "rating", "secureURL"])
    }

    @Test func mapArrayDocExampleMapsEachRecordOnItsOwn() throws {
        let feed = Data(try Fixtures.jsonArray([[String: Any].validRecord(), [String: Any].validRecord(["rating": 9])]).utf8)
        let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }
        #expect("\(batch.models.count) mapped, \(batch.failures.count) rejected" == "1 mapped, 1 rejected")
        var report: [String] = []
        for failure in batch.failures { report.append("record \(failure.index):\n\(failure.error)") }
        #expect(report.count == 1)
        #expect(report.first?.hasPrefix("record 1:\n") == true)
        #expect(batch.failures.first?.error.errors.map(\.rule) == ["range"])
        let records: [Any] = [[String: Any].validRecord(), [String: Any].validRecord(["id": 2])]
        let fromRecords = try Mapper.mapArray(from: records, using: Video.mapping) { Video() }
        #expect(fromRecords.models.map(\.id) == [1, 2])
    }

    @Test func validationErrorDocLoopFindsMissingPaths() {
        var missing: [String] = []
        do {
            _ = try ReadmeCallSite.Video(json: ["name": "Xray Romeo"])
        } catch let error as MappingError {
            for failure in error.errors where failure.rule == "isRequired" { missing.append(failure.path) }
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(missing == ["videoURL"])
    }
}

/// The boxings' doc comments (issue 11), as written there.
enum BoxingDocCallSite {
    struct Color: Equatable {
        var hex: String
        init?(hex: String) { guard hex.count == 6 else { return nil }; self.hex = hex }
    }

    struct Record {
        var tint: Color?
        var price = Decimal()
        var thumbnail = Data()
        var id = UUID()
        var links: [URL] = []
        var end = Date()
        var birthday = Date()
        var published = Date()

        static let mapping: Mapping<Record> = [
            "tint": .box(.hexColor, \.tint),
            "price": .box(.decimal, \.price),
            "thumbnail": .box(.base64, \.thumbnail),
            "id": .box(.uuid, \.id),
            "links": .box(.url, \.links),
            "end": .box(.date(.iso8601, .secondsSince1970), \.end),
            "birthday": .box(.date(.format("yyyy-MM-dd")), \.birthday),
            "published": .box(.date(.iso8601, .secondsSince1970), \.published),
        ]
    }

    static let uuidWithReverse = Boxing(named: "UUID") { (text: String) in UUID(uuidString: text) } reverse: { $0.uuidString }
    static let parisFormat = DateFormat.format("yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Europe/Paris")!)
}

extension Boxing where Value == BoxingDocCallSite.Color {
    static var hexColor: Self {
        Boxing(named: "hexColor") { (text: String) in BoxingDocCallSite.Color(hex: text) } reverse: { $0.hex }
    }
}

extension CallSiteTests {
    @Test func boxingDocExamplesMap() throws {
        var record = BoxingDocCallSite.Record()
        try Mapper.mapValues(
            fromJSON: #"""
            {"tint": "ff8800", "price": 0.1, "thumbnail": "aGk=", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
             "links": ["https://a.example.com"], "end": 1291878848, "birthday": "1984-03-07", "published": "2010-12-09T07:14:08Z"}
            """#,
            to: &record, using: BoxingDocCallSite.Record.mapping)
        #expect(record.tint?.hex == "ff8800")
        #expect(record.price == Decimal(string: "0.1"))
        #expect(record.links.count == 1)
        #expect(BoxingDocCallSite.uuidWithReverse.name == "UUID")
        #expect(BoxingDocCallSite.parisFormat != .iso8601)
    }
}

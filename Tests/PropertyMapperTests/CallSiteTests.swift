import FeedModel
import Foundation
import PropertyMapper
import Testing

// Every call site of DESIGN.md, STYLE.md, README.md and the doc comments, compiled as written,
// each with a sample that maps as documented. Models live in namespaces so that their names
// (`Video`, `Model`) can be the ones the documents use.

// MARK: DESIGN.md "What a user writes" (README.md's first example is built by ReadmeTests and MainActorAppTests)

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
                "title": .property(\.uniqueID)
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
                "title": .property(\.uniqueID)
            ],
            "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
        ]

        init() {}

        init(json: [String: Any]) throws {
            try Mapper.mapValues(from: json, to: &self, using: Self.mapping)
        }

        func videoType(from string: String) -> VideoType? { VideoType(rawValue: string) }
    }

    static var sample: [String: Any] {
        [
            "videoURL": "https://cdn.example.com/v/1.mp4",
            "name": "Xray Romeo",
            "videoType": "live",
            "sub_object": ["title": 42],
            "geo": [26.9792, 16.17893],
        ]
    }
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
            "rating": .property(\.rating).range(1, 5),  // null writes nil; a present value is checked
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
            "id": .box(.uuid, \.id), "videoURL": .box(.url, \.contentURL).isSecureURL(),
        ]
    }
}

// STYLE.md's `Boxing.uuid` is the library's own `.uuid` now (rule `box(UUID)`); Boxing/BoxingTests.swift
// declares one as a user would, for its own file.
// STYLE.md declares `isSecureURL` `public`; here it is file-private so that other test files may
// declare their own without a clash.
extension PropertyDescriptor {
    /// Requires an `https://` URL string. Like every validator, it sees the source value, before boxing.
    fileprivate func isSecureURL() -> Self { validate("isSecureURL") { (text: String) in text.hasPrefix("https://") } }
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

    static var sample: [String: Any] {
        [
            "countryCode": "PL", "password": "correct horse battery", "tags": ["a", "b"], "version": 2,
            "videoType": "live", "id": 7, "rating": 4, "rating5": 4, "ratingRange": 4, "duration": 675.51,
            "durationRange": 675.51, "durationClosed": 675.51, "minimum": 0.75, "email": "user@example.com",
            "emailPattern": "user@example.com", "name": "Xray", "nameRange": "Xray",
            "published_at": "2010-12-09T07:14:08Z", "videoURL": "https://cdn.example.com/v/1.mp4",
            "video": "clip", "secureURL": "https://example.com",
        ]
    }
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
        let errors = Mapper.validate(
            ["id": "nope", "videoURL": "http://cdn.example.com"], for: upload, using: StyleCallSite.Upload.mapping)
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

    static let uuidWithReverse = Boxing(named: "UUID") { (text: String) in
        UUID(uuidString: text)
    } reverse: {
        $0.uuidString
    }
    static let parisFormat = DateFormat.format("yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Europe/Paris")!)
}

extension Boxing where Value == BoxingDocCallSite.Color {
    static var hexColor: Self {
        Boxing(named: "hexColor") { (text: String) in
            BoxingDocCallSite.Color(hex: text)
        } reverse: {
            $0.hex
        }
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

// MARK: DESIGN.md "Models" (issue 11), and the README's "Models" section

enum DesignModelsCallSite {
    static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    enum Visibility: String, CaseIterable { case `public`, `private` }

    struct License: Mappable {
        var key = ""
        var name = ""
        static let mapping: Mapping<License> = ["key": .property(\.key), "name": .property(\.name)]
    }

    struct Author: Mappable {  // mutable: made by init(), then mapped
        var id = 0
        var email = ""
        static let mapping: Mapping<Author> = [
            "id": .property(\.id).min(1),
            "email": .property(\.email).matchesRegEx(emailPattern),
        ]
    }

    struct Repo: ImmutableMappable {  // `let` properties: made from the mapped values
        let id: Int
        let name: String
        let owner: Author  // nested model
        let license: License?  // optional nested model; null → nil
        let visibility: Visibility  // enum Visibility: String { case public, private }
        let topics: [String]
        static let mapping: Mapping<Repo> = [
            "id": .property(\.id),
            "name": .property(\.name).lengthRange(1, 100),
            "owner": .property(\.owner),
            "license": .property(\.license),
            "visibility": .property(\.visibility),
            "topics": .property(\.topics),
        ]
        init(_ values: MappedValues<Repo>) throws {
            id = try values[\.id]; name = try values[\.name]; owner = try values[\.owner]
            license = try values[\.license]; visibility = try values[\.visibility]; topics = try values[\.topics]
        }
    }

    static func mapOne(_ data: Data, _ dictionary: [String: Any]) throws -> (Repo, Author) {
        let repo = try Mapper.map(Repo.self, fromJSON: data)  // Data or String
        let author = try Mapper.map(Author.self, from: dictionary)  // [String: Any]
        return (repo, author)
    }

    static func mapAll(_ data: Data) throws -> ([Repo], MappedArray<Repo>) {
        let repos = try Mapper.map([Repo].self, fromJSON: data)  // all or nothing
        let batch = try Mapper.mapArray(fromJSON: data, as: Repo.self)  // per record: MappedArray<Repo>
        return (repos, batch)
    }

    static func repoJSON(
        id: Int = 7, name: String = "octo", owner: String = #"{"id": 1, "email": "a@example.com"}"#,
        license: String = "null", visibility: String = "public", topics: String = #"["swift"]"#
    ) -> String {
        #"{"id": \#(id), "name": "\#(name)", "owner": \#(owner), "license": \#(license), "visibility": "\#(visibility)", "topics": \#(topics)}"#
    }

    // "Nested models": Optional, Array, [String: …] and Set of models, arrays of arrays, enums.
    struct Label: Mappable, Hashable {
        var name = ""
        static let mapping: Mapping<Label> = ["name": .property(\.name).lengthRange(1, 20)]
    }

    enum Priority: Int, CaseIterable {
        case low = 1
        case high = 2
    }

    struct Person: Mappable {
        var email = ""
        var best: Author?
        var friends: [Author] = []
        var byID: [String: Author] = [:]
        var labels: Set<Label> = []
        var matrix: [[Int]] = []
        var tags: [String] = []
        var kind: VideoType = .live
        var kinds: [VideoType] = []
        var priority: Priority?
        static let mapping: Mapping<Person> = [
            "email": .property(\.email),
            "best": .property(\.best),
            "friends": .property(\.friends),
            "byID": .property(\.byID),
            "labels": .property(\.labels),
            "matrix": .property(\.matrix),
            "tags": .property(\.tags),
            "videoType": .property(\.kind),
            "kinds": .property(\.kinds),
            "priority": .property(\.priority),
        ]
    }

    /// A recursive type: a comment with replies.
    struct Comment: Mappable {
        var author = Author()
        var replies: [Comment] = []
        static let mapping: Mapping<Comment> = ["author": .property(\.author), "replies": .property(\.replies)]
    }

    /// A recursive class: a chain of links.
    final class Chain: Mappable {
        var value = 0
        var next: Chain?
        static let mapping: Mapping<Chain> = ["value": .property(\.value), "next": .property(\.next)]
        init() {}
    }

    struct Thread: Mappable {
        var comments: [Comment] = []
        static let mapping: Mapping<Thread> = ["comments": .property(\.comments)]
    }

    // "Boxings" as DESIGN.md lists them.
    struct Stamps {
        var at = Date()
        var millis = Date()
        var day = Date()
        var local = Date()
        var links: [URL]?
        var id = UUID()
        var price = Decimal()
        var bytes = Data()
        static let mapping: Mapping<Stamps> = [
            "at": .box(.date, \.at),
            "millis": .box(.date(.iso8601, .millisecondsSince1970), \.millis),
            "day": .box(.date(.format("yyyy-MM-dd")), \.day),
            "local": .box(.date(.format("yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Europe/Paris")!)), \.local),
            "links": .box(.url, \.links),
            "id": .box(.uuid, \.id),
            "price": .box(.decimal, \.price),
            "bytes": .box(.base64, \.bytes),
        ]
    }

    // "Details the call sites do not show": immutable models.
    struct Checked: ImmutableMappable {
        struct Refused: Error, CustomStringConvertible { var description: String { "start after end" } }
        let start: Int
        let end: Int
        static let mapping: Mapping<Checked> = ["start": .property(\.start), "end": .property(\.end)]
        init(_ values: MappedValues<Checked>) throws {
            start = try values[\.start]; end = try values[\.end]
            guard start <= end else { throw Refused() }
        }
    }

    struct Span: ImmutableMappable {
        let range: Checked
        let note: String?
        static let mapping: Mapping<Span> = ["range": .property(\.range), "note": .property(\.note)]
        init(_ values: MappedValues<Span>) throws { range = try values[\.range]; note = try values[\.note] }
    }

    struct ReadsUnmapped: ImmutableMappable {
        let a: Int
        let b: Int
        static let mapping: Mapping<ReadsUnmapped> = ["a": .property(\.a)]
        init(_ values: MappedValues<ReadsUnmapped>) throws { a = try values[\.a]; b = try values[\.b] }
    }

    struct CallsInImmutable: ImmutableMappable {
        let kind: VideoType?
        static let mapping: Mapping<CallsInImmutable> = ["videoType": .call(CallsInImmutable.kind(from:), \.kind)]
        init(_ values: MappedValues<CallsInImmutable>) throws { kind = try values[\.kind] }
        func kind(from text: String) -> VideoType? { VideoType(rawValue: text) }
    }

    // "with `.merging()` its mapping applies to the property's current value instead".
    struct Settings: Mappable {
        var theme = "light"
        var fontSize = 12
        static let mapping: Mapping<Settings> = ["theme": .property(\.theme), "fontSize": .property(\.fontSize).range(8, 40)]
    }

    struct Profile: Mappable {
        var name = ""
        var settings = Settings()
        var replaced = Settings()
        static let mapping: Mapping<Profile> = [
            "name": .property(\.name),
            "settings": .property(\.settings).merging(),
            "replaced": .property(\.replaced),
        ]
    }

    struct MergesInImmutable: ImmutableMappable {
        let settings: Settings
        static let mapping: Mapping<MergesInImmutable> = ["settings": .property(\.settings).merging()]
        init(_ values: MappedValues<MergesInImmutable>) throws { settings = try values[\.settings] }
    }

    struct LetInMappable: Mappable {
        let id = 0
        static let mapping: Mapping<LetInMappable> = ["id": .property(\.id)]
    }
}

extension CallSiteTests {
    @Test func designModelsMapTheSample() throws {
        typealias Site = DesignModelsCallSite
        let (repo, author) = try Site.mapOne(
            Data(Site.repoJSON(license: #"{"key": "mit", "name": "MIT License"}"#).utf8),
            ["id": 3, "email": "b@example.com"])
        #expect(repo.id == 7 && repo.name == "octo" && repo.visibility == .public && repo.topics == ["swift"])
        #expect(repo.owner.email == "a@example.com")
        #expect(repo.license?.name == "MIT License")
        #expect(author.id == 3 && author.email == "b@example.com")
        #expect(try Mapper.map(Site.Repo.self, fromJSON: Site.repoJSON()).license == nil, "null → nil")

        let good = Site.repoJSON()
        let (repos, batch) = try Site.mapAll(Data("[\(good), \(Site.repoJSON(id: 8, visibility: "private"))]".utf8))
        #expect(repos.map(\.id) == [7, 8])
        #expect(repos.map(\.visibility) == [.public, .private])
        #expect(batch.models.map(\.id) == [7, 8])

        // All or nothing for the array, per record for mapArray; paths on both sides.
        let bad = Site.repoJSON(id: 9, owner: #"{"id": 0, "email": "nope"}"#, visibility: "internal")
        let feed = Data("[\(good), \(good), \(good), \(bad)]".utf8)
        let errors = mappingErrors { _ = try Site.mapAll(feed) }
        #expect(errors.map(\.path) == ["[3].owner.id", "[3].owner.email", "[3].visibility"])
        #expect(errors.map(\.property) == ["[3].owner.id", "[3].owner.email", "[3].visibility"])
        #expect(errors.map(\.rule) == ["min", "matchesRegEx", "type"])
        let perRecord = try Mapper.mapArray(fromJSON: feed, as: Site.Repo.self)
        #expect(perRecord.models.count == 3)
        #expect(perRecord.failures.map(\.index) == [3])
        #expect(perRecord.failures.first?.error.errors.map(\.path) == ["owner.id", "owner.email", "visibility"])

        // `[3].email` for an array of authors.
        let authors = [
            ["id": 1, "email": "a@example.com"], ["id": 2, "email": "b@example.com"],
            ["id": 3, "email": "c@example.com"], ["id": 4, "email": "bad"],
        ]
        #expect(mappingErrors { _ = try Mapper.map([Site.Author].self, from: authors) }.map(\.path) == ["[3].email"])
    }

    @Test func designModelsDryRunForATypeNeedsNoInstance() throws {
        typealias Site = DesignModelsCallSite
        let json: [String: Any] = ["id": 7, "name": "", "owner": ["id": 0, "email": "a@example.com"], "visibility": "secret"]
        let problems = Mapper.validate(json, as: Site.Repo.self)
        #expect(problems.map(\.path) == ["name", "owner.id", "visibility", "topics"])
        #expect(problems.map(\.rule) == ["lengthRange", "min", "type", "isRequired"])
        #expect(Mapper.validate(try JSONSerialization.jsonObject(with: Data(Site.repoJSON().utf8)), as: Site.Repo.self).isEmpty)
        #expect(Mapper.validate(["id": 0], as: Site.Author.self).map(\.rule) == ["min"])
    }

    @Test func designNestedModelsMapEveryContainerWithFullPaths() throws {
        typealias Site = DesignModelsCallSite
        let friend = { (n: Int) -> [String: Any] in ["id": n, "email": "f\(n)@example.com"] }
        var json: [String: Any] = [
            "email": "me@example.com", "best": NSNull(), "friends": (1...4).map(friend), "byID": ["abc": friend(5)],
            "labels": [["name": "a"], ["name": "b"]], "matrix": [[1, 2, 3], [4, 5, 6]], "tags": ["x", "y", "z", "w"],
            "videoType": "longVideo", "kinds": ["live", "shortVideo"], "priority": 2,
        ]
        let person = try Mapper.map(Site.Person.self, from: json)
        #expect(person.best == nil)
        #expect(person.friends.map(\.id) == [1, 2, 3, 4])
        #expect(person.byID["abc"]?.email == "f5@example.com")
        #expect(person.labels == [Site.Label(name: "a"), Site.Label(name: "b")])
        #expect(person.matrix == [[1, 2, 3], [4, 5, 6]])
        #expect(person.kind == .longVideo && person.kinds == [.live, .shortVideo] && person.priority == .high)

        json["best"] = ["id": 0, "email": "b@example.com"]
        json["friends"] = (1...3).map(friend) + [["id": 4, "email": "nope"]]
        json["byID"] = ["abc": ["id": 5, "email": "nope"]]
        json["labels"] = [["name": "a"], ["name": ""]]
        json["matrix"] = [[1, 2, 3], [4, 5, "six"]]
        json["tags"] = ["x", "y", "z", 4]
        json["videoType"] = "clip"
        json["kinds"] = ["live", "hologram"]
        json["priority"] = 3
        let errors = Mapper.validate(json, as: Site.Person.self)
        #expect(
            errors.map(\.path) == [
                "best.id", "friends[3].email", "byID.abc.email", "labels[1].name", "matrix[1][2]", "tags[3]",
                "videoType", "kinds[1]", "priority",
            ])
        #expect(
            errors.map(\.property) == [
                "best.id", "friends[3].email", "byID.abc.email", "labels[1].name", "matrix", "tags",
                "kind", "kinds", "priority",
            ])
        let unknown = try #require(errors.first { $0.path == "videoType" })
        #expect(unknown.rule == "type")
        #expect(unknown.value == #""clip""#)
        #expect(unknown.message.contains(#"VideoType, expected one of "shortVideo", "longVideo", "live""#))
        #expect(errors.first { $0.path == "priority" }?.message.contains("expected one of 1, 2") == true)
    }

    @Test func designRecursiveModelsNestAndStopAtTheDepthLimit() throws {
        typealias Site = DesignModelsCallSite
        let author: [String: Any] = ["id": 1, "email": "a@example.com"]
        let leaf: [String: Any] = ["author": author]
        let thread: [String: Any] = ["comments": [leaf, leaf, ["author": author, "replies": [["author": ["id": 1, "email": "x"]]]]]]
        let errors = Mapper.validate(thread, as: Site.Thread.self)
        #expect(errors.map(\.path) == ["comments[2].replies[0].author.email"])
        #expect(errors.map(\.property) == ["comments[2].replies[0].author.email"])

        // Past 512 nested models: one `depth` error, never a stack overflow. (The comment at the
        // limit holds two models, its author and its reply: one root cause, one error.)
        var deep: [String: Any] = leaf
        for _ in 0..<600 { deep = ["author": author, "replies": [deep]] }
        let tooDeep = Mapper.validate(deep, as: Site.Comment.self)
        #expect(tooDeep.map(\.rule) == ["depth"])

        var chain: [String: Any] = ["value": 0]
        for value in 1...600 { chain = ["value": value, "next": chain] }
        #expect(Mapper.validate(chain, as: Site.Chain.self).map(\.rule) == ["depth"])
        #expect((try Mapper.map(Site.Chain.self, from: ["value": 1, "next": ["value": 2]])).next?.value == 2)

        let cyclic = NSMutableDictionary(dictionary: ["value": 1])
        cyclic["next"] = cyclic
        defer { cyclic["next"] = nil }
        #expect(Mapper.validate(cyclic, as: Site.Chain.self).map(\.rule) == ["depth"])
    }

    @Test func designBoxingsMapAsListed() throws {
        typealias Site = DesignModelsCallSite
        var stamps = Site.Stamps()
        try Mapper.mapValues(
            fromJSON: #"""
                {"at": "2010-12-09T07:14:08Z", "millis": 1291878848123, "day": "1984-03-07", "local": "2010-12-09 08:14",
                 "links": ["https://a.example.com", "https://b.example.com"], "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                 "price": 12345678901234567890.123, "bytes": "aGVsbG8="}
                """#,
            to: &stamps, using: Site.Stamps.mapping)
        #expect(stamps.at == Date(timeIntervalSince1970: 1_291_878_848))
        #expect(stamps.millis == Date(timeIntervalSince1970: 1_291_878_848.123))
        #expect(stamps.day == Date(timeIntervalSince1970: 447_465_600))
        #expect(stamps.local == Date(timeIntervalSince1970: 1_291_878_840))
        #expect(stamps.links?.count == 2)
        #expect(stamps.price == Decimal(string: "12345678901234567890.123"))
        #expect(stamps.bytes == Data("hello".utf8))

        let errors = Mapper.validate(
            ["links": ["https://a.example.com", "https://b.example.com", 3], "millis": "soon", "price": "12.50"],
            for: stamps, using: Site.Stamps.mapping)
        #expect(errors.map(\.path) == ["millis", "links[2]"])
        #expect(errors.first?.message.contains(".iso8601, .millisecondsSince1970") == true)
    }

    @Test func designImmutableModelDetails() throws {
        typealias Site = DesignModelsCallSite
        // An absent non-optional field is isRequired; an absent optional one is nil.
        let span = try Mapper.map(Site.Span.self, from: ["range": ["start": 1, "end": 2]])
        #expect(span.note == nil && span.range.end == 2)
        let absent = Mapper.validate(["range": ["start": 1]], as: Site.Span.self)
        #expect(absent.map(\.rule) == ["isRequired"])
        #expect(absent.map(\.path) == ["range.end"])
        // A throw from init(_ values:) is one `init` error at the model's path.
        let refused = Mapper.validate(["range": ["start": 3, "end": 2]], as: Site.Span.self)
        #expect(refused.map(\.rule) == ["init"])
        #expect(refused.map(\.path) == ["range"])
        // Reading a key path the mapping does not target throws, never traps.
        #expect(throws: MappingError.self) { try Mapper.map(Site.ReadsUnmapped.self, from: ["a": 1]) }
        // `.call` in an immutable mapping and a `let` in a Mappable's mapping are definition errors.
        #expect(Site.CallsInImmutable.mapping.definitionErrors.map(\.rule) == ["mapping"])
        #expect(Mapper.validate(["videoType": "live"], as: Site.CallsInImmutable.self).map(\.rule) == ["mapping"])
        #expect(Site.LetInMappable.mapping.definitionErrors.map(\.rule) == ["mapping"])
        #expect(Site.Repo.mapping.definitionErrors.isEmpty, "an immutable model's mapping may target lets")
    }

    @Test func designMergingAppliesTheNestedMappingToTheCurrentValue() throws {
        typealias Site = DesignModelsCallSite
        var profile = Site.Profile()
        profile.settings = Site.Settings(theme: "dark", fontSize: 20)
        profile.replaced = Site.Settings(theme: "dark", fontSize: 20)
        try Mapper.mapValues(
            from: ["name": "ada", "settings": ["fontSize": 14], "replaced": ["fontSize": 14]],
            to: &profile, using: Site.Profile.mapping)
        #expect(profile.settings.theme == "dark" && profile.settings.fontSize == 14, "merged: absent keys keep their values")
        #expect(profile.replaced.theme == "light" && profile.replaced.fontSize == 14, "made anew by init()")

        // Still all or nothing for the whole graph.
        let errors = mappingErrors {
            try Mapper.mapValues(
                from: ["name": "bob", "settings": ["theme": "blue", "fontSize": 99]], to: &profile, using: Site.Profile.mapping)
        }
        #expect(errors.map(\.path) == ["settings.fontSize"])
        #expect(profile.name == "ada" && profile.settings.theme == "dark")
        #expect(Site.MergesInImmutable.mapping.definitionErrors.map(\.rule) == ["mapping"])
    }
}

// MARK: DESIGN.md "The round trip", and the README's "Serializing" section

enum DesignRoundTripCallSite {
    typealias Repo = DesignModelsCallSite.Repo

    /// "What a user writes", with the round trip's two entries: a call with its reverse, and a one-way field.
    final class Video {
        var contentURL: URL?
        var title: String?
        var type: VideoType?
        var uniqueID: Int?
        var latitude = 0.0
        var longitude = 0.0
        var raw = ""

        static let mapping: Mapping<Video> = [
            "videoURL": .box(.url, \.contentURL).isRequired(),
            "name": .property(\.title).lengthRange(5, 12),
            "videoType": .call(Video.videoType(from:), \.type, reverse: Video.name(of:)),
            "sub_object": [
                "title": .property(\.uniqueID)
            ],
            "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
            "raw": .property(\.raw).oneWay(),  // mapped from data, never serialized
        ]

        /// The same mapping with a call that has no way back.
        static let withoutReverse: Mapping<Video> = [
            "videoURL": .box(.url, \.contentURL).isRequired(),
            "videoType": .call(Video.videoType(from:), \.type),
        ]

        init() {}

        init(json: [String: Any]) throws {
            try Mapper.mapValues(from: json, to: self, using: Self.mapping)
        }

        func videoType(from string: String) -> VideoType? { VideoType(rawValue: string) }
        func name(of type: VideoType) -> String { type.rawValue }
    }

    static func serializeOne(_ video: Video) throws -> (object: [String: Any], data: Data, pretty: Data) {
        let object: [String: Any] = try Mapper.serialize(video, using: Video.mapping)
        let data: Data = try Mapper.serializeJSON(video, using: Video.mapping)
        let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys, .writingNulls])
        return (object, data, pretty)
    }

    static func serializeMany(_ videos: [Video], _ repo: Repo) throws -> (feed: Data, again: Data) {
        let feed: Data = try Mapper.serializeJSON(videos, using: Video.mapping)  // a JSON array
        let again = try Mapper.serializeJSON(repo)  // a model's own mapping
        return (feed, again)
    }

    static var sample: [String: Any] {
        ReadmeCallSite.sample.merging(["raw": "payload"]) { $1 }
    }

    static let sampleJSON =
        #"{"videoURL":"https://cdn.example.com/v/1.mp4","name":"Xray Romeo","videoType":"live","#
        + #""sub_object":{"title":42},"geo":[26.9792,16.17893]}"#
}

extension CallSiteTests {
    @Suite struct DesignRoundTrip {
        typealias Site = DesignRoundTripCallSite

        @Test func serializeGivesTheSourceShapeAsFoundationValues() throws {
            let video = try Site.Video(json: Site.sample)
            #expect(video.raw == "payload", "a one-way field is mapped from data")
            let object = try Site.serializeOne(video).object
            #expect(object["videoURL"] as? String == "https://cdn.example.com/v/1.mp4")
            #expect(object["name"] as? String == "Xray Romeo")
            #expect(object["videoType"] as? String == "live", "the call's reverse")
            #expect((object["sub_object"] as? [String: Any])?["title"] as? Int == 42)
            #expect((object["geo"] as? [Any])?.compactMap { $0 as? Double } == [26.9792, 16.17893])
            #expect(object["raw"] == nil, "a one-way field is never serialized")
            #expect(object.count == 5)

            let again = try Site.Video(json: object)
            CallSiteTests.expectMapped(
                contentURL: again.contentURL, title: again.title, type: again.type, uniqueID: again.uniqueID,
                latitude: again.latitude, longitude: again.longitude)
            #expect(again.raw == "")
        }

        @Test func serializeJSONWritesCompactTextInMappingOrderThatMapsBack() throws {
            let data = try Site.serializeOne(try Site.Video(json: Site.sample)).data
            #expect(String(decoding: data, as: UTF8.self) == Site.sampleJSON)
            let again = Site.Video()
            try Mapper.mapValues(fromJSON: data, to: again, using: Site.Video.mapping)
            CallSiteTests.expectMapped(
                contentURL: again.contentURL, title: again.title, type: again.type, uniqueID: again.uniqueID,
                latitude: again.latitude, longitude: again.longitude)
        }

        @Test func optionsPrettyPrintSortAndWriteNulls() throws {
            let full = try Site.serializeOne(try Site.Video(json: Site.sample)).pretty
            #expect(
                String(decoding: full, as: UTF8.self) == """
                    {
                      "geo": [
                        26.9792,
                        16.17893
                      ],
                      "name": "Xray Romeo",
                      "sub_object": {
                        "title": 42
                      },
                      "videoType": "live",
                      "videoURL": "https://cdn.example.com/v/1.mp4"
                    }
                    """)
            // Nil properties, and a nested level holding only nil, are written as null.
            let sparse = try Site.serializeOne(try Site.Video(json: ["videoURL": "https://cdn.example.com/v/2.mp4"]))
            #expect(
                String(decoding: sparse.pretty, as: UTF8.self) == """
                    {
                      "geo": [
                        0.0,
                        0.0
                      ],
                      "name": null,
                      "sub_object": {
                        "title": null
                      },
                      "videoType": null,
                      "videoURL": "https://cdn.example.com/v/2.mp4"
                    }
                    """)
            // Without .writingNulls they are left out, the empty level with them.
            #expect(String(decoding: sparse.data, as: UTF8.self) == #"{"videoURL":"https://cdn.example.com/v/2.mp4","geo":[0.0,0.0]}"#)
            #expect(sparse.object.keys.sorted() == ["geo", "videoURL"])
        }

        @Test func anArrayOfModelsIsOneJSONArrayAndAModelUsesItsOwnMapping() throws {
            let first = try Site.Video(json: Site.sample)
            let second = try Site.Video(json: Site.sample.merging(["name": "Tango Echo", "videoType": "shortVideo"]) { $1 })
            let repo = try Mapper.map(Site.Repo.self, fromJSON: DesignModelsCallSite.repoJSON(license: #"{"key": "mit", "name": "MIT"}"#))
            let (feed, again) = try Site.serializeMany([first, second], repo)

            #expect(String(decoding: feed, as: UTF8.self).hasPrefix("[" + Site.sampleJSON + ","))
            let batch = try Mapper.mapArray(fromJSON: feed, using: Site.Video.mapping) { Site.Video() }
            #expect(batch.failures.isEmpty)
            #expect(batch.models.map(\.title) == ["Xray Romeo", "Tango Echo"])
            #expect(batch.models.map(\.type) == [.live, .shortVideo])

            #expect(
                String(decoding: again, as: UTF8.self)
                    == #"{"id":7,"name":"octo","owner":{"id":1,"email":"a@example.com"},"license":{"key":"mit","name":"MIT"},"#
                    + #""visibility":"public","topics":["swift"]}"#)
            let repoAgain = try Mapper.map(Site.Repo.self, fromJSON: again)
            #expect(repoAgain.id == repo.id && repoAgain.name == repo.name && repoAgain.owner.email == repo.owner.email)
            #expect(repoAgain.license?.name == "MIT" && repoAgain.visibility == .public && repoAgain.topics == ["swift"])
        }

        @Test func aCallWithoutReverseIsASerializeErrorAndOneWaySkipsIt() throws {
            let video = try Site.Video(json: Site.sample)
            let errors = mappingErrors { _ = try Mapper.serializeJSON(video, using: Site.Video.withoutReverse) }
            #expect(errors.map(\.path) == ["videoType"])
            #expect(errors.map(\.property) == ["type"])
            #expect(errors.map(\.rule) == ["serialize"])
            #expect(
                mappingErrors { _ = try Mapper.serialize([video, video], using: Site.Video.withoutReverse) }.count == 1,
                "listed once for an array")
            video.raw = "edited"
            #expect(!String(decoding: try Site.serializeOne(video).data, as: UTF8.self).contains("raw"))
        }
    }
}

/// DESIGN.md's "Policies" call sites that this version has, each written as it is there (the
/// `Mapping(keys:unknownKeys:coercion:rules:_:)` initializer and `.anyOf` are not here yet).
enum DesignPoliciesCallSite {
    protocol Attachment: Sendable {}

    struct Image: Mappable, Attachment {
        var url = ""
        static let mapping: Mapping<Image> = ["url": .property(\.url)]
    }

    struct File: Mappable, Attachment {
        var size = 0
        static let mapping: Mapping<File> = ["size": .property(\.size)]
    }

    struct Trip: Mappable {
        enum Kind: String, CaseIterable, Sendable { case flight, unknown }
        var start = Date(timeIntervalSince1970: 0)
        var end = Date(timeIntervalSince1970: 0)
        var views = -1
        var kind: Kind = .flight
        var nickname: String? = "kept"
        var tags: [String] = []
        var id = 0
        var site: URL?
        var attachment: any Attachment = Image()

        static let mapping = Mapping<Trip>(
            keys: .ignoringCaseAndSeparators,  // .exact (default), .caseInsensitive, .ignoringCaseAndSeparators
            unknownKeys: .warn,  // .ignore (default), .warn, .fail
            coercion: .lenient,  // .strict (default), .lenient
            rules: [MappingRule("endsAfterStart") { try $0[\.end] > $0[\.start] }],
            [
                .anyOf("start_date", "start"): .box(.date, \.start),
                "end": .box(.date(.iso8601, .secondsSince1970), \.end),
                "views": .property(\.views, default: 0),
                "kind": .property(\.kind, fallback: .unknown),
                "nickname": .property(\.nickname).ifAbsent(.setNil).ifNull(.keep),
                "tags": .property(\.tags).droppingInvalidElements(),
                "id": .property(\.id).lenient(),
                "site": .box(.url, \.site).ensure("isSecure") { (url: URL) in url.scheme == "https" },
                "attachment": .polymorphic(\.attachment, on: "type", ["image": Image.self, "file": File.self]),
            ])
    }

    // DESIGN.md, version 3, "Rules that point at a field".
    struct Order: Mappable {
        var orderedAt = Date(timeIntervalSince1970: 0)
        var shippedAt: Date?
        var guests = 0

        static let mapping = Mapping<Order>(
            rules: [
                MappingRule("shippedAfterOrdered", at: \.shippedAt, message: "must be after the order date") {
                    guard let shipped = try $0[\.shippedAt] else { return true }
                    return shipped > (try $0[\.orderedAt])
                },
                MappingRule("smallParty", message: "at most 8 guests") { try $0[\.guests] <= 8 },
            ],
            ["ordered_at": .box(.date, \.orderedAt), "shipped_at": .box(.date, \.shippedAt), "guests": .property(\.guests)])
    }

    static var json: [String: Any] {
        [
            "Start": "2026-01-02T03:04:05Z", "end": 1_767_409_445, "kind": "bus", "nickname": NSNull(), "tags": ["a", 1],
            "id": "42", "site": "https://example.com", "attachment": ["type": "file", "size": 3], "extra": true,
        ]
    }
}

extension CallSiteTests {
    @Suite struct DesignPolicies {
        typealias Site = DesignPoliciesCallSite

        @Test func theWarningFormsAsWritten() throws {
            var trip = Site.Trip()
            var warnings: [MappingWarning] = []
            try Mapper.mapValues(from: Site.json, to: &trip, using: Site.Trip.mapping, warnings: &warnings)
            let trip2 = try Mapper.map(Site.Trip.self, from: Site.json, warnings: &warnings)
            for mapped in [trip, trip2] {
                #expect(mapped.views == 0 && mapped.kind == .unknown && mapped.nickname == "kept")
                #expect(mapped.tags == ["a"] && mapped.id == 42 && mapped.attachment is Site.File)
                #expect(mapped.end == Date(timeIntervalSince1970: 1_767_409_445))
            }
            let kinds: [MappingWarning.Kind] = [.defaultUsed, .fallbackUsed, .elementDropped, .coerced, .unknownKey]
            #expect(warnings.map(\.kind) == kinds + kinds, "appended by each call")
        }

        @Test func theRuleJudgesTheMappedDates() {
            var json = Site.json
            json["end"] = 0
            #expect(Mapper.validate(json, as: Site.Trip.self).map(\.rule) == ["endsAfterStart"])
        }
    }
}

/// DESIGN.md, version 3, "Key styles", as written there.
enum KeyStylesCallSite {
    struct LineItem: Mappable {
        var unitPrice = Decimal(0)
        static let mapping = Mapping<LineItem>(
            keyStyle: .snakeCase,
            [
                "unitPrice": .box(.decimal, \.unitPrice).min(0)  // reads and writes unit_price
            ])
    }
    struct Form { var firstName = "" }
    struct Legacy { var id = "" }
    struct Order { var orderID = 0 }

    static let form = Mapping<Form>(keyStyle: .kebabCase, ["firstName": .property(\.firstName)])  // first-name
    static let legacy = Mapping<Legacy>(keyStyle: .custom { "x-" + $0 }, ["id": .property(\.id)])  // mapping key → document key
    static let order = Mapping<Order>(keys: .ignoringCaseAndSeparators, keyStyle: .snakeCase, ["orderID": .property(\.orderID)])
}

extension CallSiteTests {
    @Test func theKeyStylesReadAndWriteTheirSpelling() throws {
        let site = KeyStylesCallSite.self
        let item = try Mapper.map(site.LineItem.self, fromJSON: #"{"unit_price": "0.10"}"#)
        #expect(item.unitPrice == Decimal(string: "0.10"))
        #expect(try Mapper.serialize(item).keys.sorted() == ["unit_price"])
        var form = site.Form()
        try Mapper.mapValues(from: ["first-name": "Ada"], to: &form, using: site.form)
        var legacy = site.Legacy()
        try Mapper.mapValues(from: ["x-id": "7"], to: &legacy, using: site.legacy)
        var order = site.Order()
        try Mapper.mapValues(from: ["Order-ID": 3], to: &order, using: site.order)
        #expect(form.firstName == "Ada" && legacy.id == "7" && order.orderID == 3)
        #expect(try Mapper.serialize(order, using: site.order).keys.sorted() == ["order_id"])
    }
}

import FeedModel
import Foundation
import PropertyMapper
import Testing

/// A point read from a top-level JSON array.
struct Point: Equatable {
    var x = -1.0
    var y = -1.0
    var label = "preset"

    static let mapping: Mapping<Point> = [0: .property(\.x), 1: .property(\.y), 2: .property(\.label).minLength(1)]
}

/// JSON that JSONSerialization rejects, as bytes.
enum MalformedJSON: String, CaseIterable, Sendable {
    case truncated, garbage, empty, invalidUTF8, tooDeep, unclosedString

    var data: Data {
        switch self {
        case .truncated: Data(#"{"id": 1, "name": "Xray"#.utf8)
        case .garbage: Data("hello, world".utf8)
        case .empty: Data()
        case .invalidUTF8: Data([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0xC3, 0x22, 0x7D])  // {"n":"\xFF\xFE\xC3"}
        case .tooDeep: Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        case .unclosedString: Data(#"{"id": "1}"#.utf8)
        }
    }

    /// The same as text, when the bytes are valid UTF-8.
    var text: String? { String(data: data, encoding: .utf8) }
}

@Suite struct JSONEntryPointTests {
    @Test func mapsJSONDataAndTextIntoAClass() throws {
        let text = try Fixtures.json(.validRecord())
        let fromText = Video.preset
        try Mapper.mapValues(fromJSON: text, to: fromText, using: Video.mapping)
        #expect(VideoRecord(fromText) == VideoRecord.mappedValidRecord)
        let fromData = Video.preset
        try Mapper.mapValues(fromJSON: Data(text.utf8), to: fromData, using: Video.mapping)
        #expect(VideoRecord(fromData) == VideoRecord.mappedValidRecord)
    }

    @Test func mapsJSONDataAndTextIntoAStruct() throws {
        let text = try Fixtures.json(.validRecord())
        var fromText = VideoRecord.preset
        try Mapper.mapValues(fromJSON: text, to: &fromText, using: VideoRecord.mapping)
        #expect(fromText == VideoRecord.mappedValidRecord)
        var fromData = VideoRecord.preset
        try Mapper.mapValues(fromJSON: Data(text.utf8), to: &fromData, using: VideoRecord.mapping)
        #expect(fromData == VideoRecord.mappedValidRecord)
    }

    @Test(arguments: Fixtures.feedDefects.indices)
    func feedDefectsFromJSONGiveOneError(index: Int) throws {
        let defect = Fixtures.feedDefects[index]
        let text = try Fixtures.json(.validRecord(defect.overrides))
        var target = VideoRecord.preset
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: text, to: &target, using: VideoRecord.mapping) }
        expectSingleError(errors, at: defect.path, rule: defect.rule)
        #expect(target == VideoRecord.preset)
    }

    @Test(arguments: MalformedJSON.allCases)
    func malformedJSONIsOneJSONError(json: MalformedJSON) {
        let video = Video.preset
        var record = VideoRecord.preset
        var attempts = [
            mappingErrors { try Mapper.mapValues(fromJSON: json.data, to: video, using: Video.mapping) },
            mappingErrors { try Mapper.mapValues(fromJSON: json.data, to: &record, using: VideoRecord.mapping) },
        ]
        if let text = json.text {
            attempts.append(mappingErrors { try Mapper.mapValues(fromJSON: text, to: video, using: Video.mapping) })
            attempts.append(mappingErrors { try Mapper.mapValues(fromJSON: text, to: &record, using: VideoRecord.mapping) })
        }
        for errors in attempts {
            let error = expectSingleError(errors, at: "", rule: "json")
            #expect(error?.property == "")
            #expect(error?.value == nil)
        }
        #expect(VideoRecord(video) == VideoRecord.preset)
        #expect(record == VideoRecord.preset)
    }

    @Test func topLevelArrayWithIndexMappings() throws {
        var point = Point()
        try Mapper.mapValues(fromJSON: #"[1.5, -2, "p", "unmapped"]"#, to: &point, using: Point.mapping)
        #expect(point == Point(x: 1.5, y: -2, label: "p"))

        var short = Point()
        try Mapper.mapValues(fromJSON: Data("[1.5]".utf8), to: &short, using: Point.mapping)
        #expect(short == Point(x: 1.5, y: -1, label: "preset"))

        var bad = Point()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"[true, "y", ""]"#, to: &bad, using: Point.mapping) }
        #expect(errors.map(\.path) == ["[0]", "[1]", "[2]"])
        #expect(errors.map(\.rule) == ["type", "type", "minLength"])
        #expect(bad == Point())
    }

    @Test(arguments: ["42", #""text""#, "true", "2.5"])
    func jsonScalarIsAShapeError(json: String) {
        var record = VideoRecord.preset
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: &record, using: VideoRecord.mapping) }
        let error = expectSingleError(errors, at: "", rule: "type")
        #expect(
            error?.property == "id, contentURL, title, type, publishedAt, duration, isPremium, rating, authorID, "
                + "authorEmail, authorName, tags, latitude, longitude, subtitle, views, likes")
        #expect(record == VideoRecord.preset)
        var point = Point()
        let pointErrors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: &point, using: Point.mapping) }
        #expect(expectSingleError(pointErrors, at: "", rule: "type")?.property == "x, y, label")
    }

    @Test func jsonObjectWhereAnArrayIsExpectedIsAShapeError() {
        var point = Point()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"0": 1.5}"#, to: &point, using: Point.mapping) }
        expectSingleError(errors, at: "", rule: "type")
        #expect(point == Point())
    }

    /// A top-level JSON null counts as an absent container: nothing is written, required entries fail.
    @Test func jsonNullAtTheTopIsAbsent() {
        var point = Point()
        #expect(throws: Never.self) { try Mapper.mapValues(fromJSON: "null", to: &point, using: Point.mapping) }
        #expect(point == Point())
        var record = VideoRecord.preset
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: "null", to: &record, using: VideoRecord.mapping) }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.rule == "isRequired" })
        #expect(record == VideoRecord.preset)
    }
}

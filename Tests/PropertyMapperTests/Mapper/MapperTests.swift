import FeedModel
import Foundation
import Testing

@testable import PropertyMapper

@Suite struct MapperTests {
    @Test func mapsValidRecordIntoClass() throws {
        let video = try Video(json: .validRecord())
        #expect(video.id == 1)
        #expect(video.contentURL == URL(string: "https://cdn.example.com/v/1.mp4"))
        #expect(video.title == "Xray Romeo")
        #expect(video.type == .shortVideo)
        #expect(video.publishedAt == Date(timeIntervalSince1970: 1_291_878_848))
        #expect(video.duration == 675.51)
        #expect(video.isPremium == false)
        #expect(video.rating == 4)
        #expect(video.authorID == 1680)
        #expect(video.authorEmail == "user1680@example.com")
        #expect(video.authorName == "Romeo")
        #expect(video.tags == ["whiskey"])
        #expect(video.latitude == 26.9792)
        #expect(video.longitude == 16.17893)
        #expect(video.subtitle == nil)
        #expect(video.views == 9_886_237)
        #expect(video.likes == 36463)
    }

    @Test func mapsParsedJSONLikeLiterals() throws {
        let fromLiteral = try VideoRecord(json: .validRecord())
        let fromJSON = try VideoRecord(json: Fixtures.parsed(.validRecord()))
        #expect(fromLiteral == fromJSON)
    }

    @Test(arguments: Fixtures.feedDefects.indices)
    func eachFeedDefectGivesOneError(index: Int) throws {
        let defect = Fixtures.feedDefects[index]
        for record in [[String: Any].validRecord(defect.overrides), try Fixtures.parsed(.validRecord(defect.overrides))] {
            let video = Video()
            let before = video.snapshot
            let errors = mappingErrors { try Mapper.mapValues(from: record, to: video, using: Video.mapping) }
            expectSingleError(errors, at: defect.path, rule: defect.rule)
            #expect(video.snapshot == before)
        }
    }
}

@Suite struct MapArrayTests {
    @Test func mapsEachRecordOnItsOwn() throws {
        let records: [Any] = [
            [String: Any].validRecord(),
            [String: Any].validRecord(["id": "7"]),
            [String: Any].validRecord(["id": 3]),
        ]
        for source in [records as Any, try Fixtures.parse(Fixtures.jsonArray(records))] {
            let batch = try Mapper.mapArray(from: source, using: Video.mapping) { Video() }
            #expect(batch.results.count == 3)
            #expect(batch.models.map(\.id) == [1, 3])
            #expect(batch.failures.map(\.index) == [1])
            #expect(batch.failures.first?.error.errors.map(\.path) == ["id"])
        }
        let fromJSON = try Mapper.mapArray(fromJSON: Data(Fixtures.jsonArray(records).utf8), using: VideoRecord.mapping) { VideoRecord() }
        #expect(fromJSON.models.map(\.id) == [1, 3])
    }

    @Test func rejectsASourceThatIsNotAnArray() {
        let errors = mappingErrors { _ = try Mapper.mapArray(from: [String: Any].validRecord(), using: Video.mapping) { Video() } }
        expectSingleError(errors, at: "", rule: "type")
        let malformed = mappingErrors { _ = try Mapper.mapArray(fromJSON: Data("[{".utf8), using: Video.mapping) { Video() } }
        expectSingleError(malformed, at: "", rule: "json")
    }
}

import FeedModel
import Foundation
import PropertyMapper
import Testing

/// A channel whose call accepts only the kinds its instance allows.
final class Channel {
    var allowedKinds: Set<String>
    var kind = "preset"

    static let mapping: Mapping<Channel> = ["kind": .call(Channel.checkedKind(from:), \.kind).isRequired()]

    init(allowing kinds: Set<String>) {
        allowedKinds = kinds
    }

    func checkedKind(from text: String) -> String? {
        allowedKinds.contains(text) ? text : nil
    }
}

/// The same as a struct.
struct ChannelValue {
    var allowedKinds: Set<String>
    var kind = "preset"

    static let mapping: Mapping<ChannelValue> = ["kind": .call(ChannelValue.checkedKind(from:), \.kind)]

    func checkedKind(from text: String) -> String? {
        allowedKinds.contains(text) ? text : nil
    }
}

@Suite struct DryRunValidateTests {
    /// The valid record, each feed defect on its own, and all of them at once.
    static var records: [[String: Any]] {
        [.validRecord(), .validRecord(Fixtures.allFeedDefects)] + Fixtures.feedDefects.map { .validRecord($0.overrides) }
    }

    @Test func returnsExactlyWhatMapValuesThrowsForAClass() throws {
        for literal in Self.records {
            for record in [literal, try Fixtures.parsed(literal)] {
                let video = Video.preset
                let reported = Mapper.validate(record, for: video, using: Video.mapping)
                #expect(VideoRecord(video) == VideoRecord.preset, "validate writes nothing")
                var thrown: [ValidationError] = []
                do { try Mapper.mapValues(from: record, to: video, using: Video.mapping) } catch { thrown = error.errors }
                #expect(reported == thrown)
            }
        }
    }

    @Test func returnsExactlyWhatMapValuesThrowsForAStruct() throws {
        for literal in Self.records {
            for record in [literal, try Fixtures.parsed(literal)] {
                let preset = VideoRecord.preset
                let reported = Mapper.validate(record, for: preset, using: VideoRecord.mapping)
                var target = preset
                var thrown: [ValidationError] = []
                do { try Mapper.mapValues(from: record, to: &target, using: VideoRecord.mapping) } catch { thrown = error.errors }
                #expect(reported == thrown)
            }
        }
    }

    @Test func validRecordGivesNoErrorsAndWritesNothing() throws {
        for record in [[String: Any].validRecord(), try Fixtures.parsed(.validRecord())] {
            let video = Video.preset
            #expect(Mapper.validate(record, for: video, using: Video.mapping).isEmpty)
            #expect(VideoRecord(video) == VideoRecord.preset)
        }
    }

    @Test func everyFeedDefectIsReported() {
        for defect in Fixtures.feedDefects {
            let errors = Mapper.validate([String: Any].validRecord(defect.overrides), for: Video(), using: Video.mapping)
            expectSingleError(errors, at: defect.path, rule: defect.rule)
        }
    }

    @Test func shapeAndStrictTypeErrorsMatchToo() throws {
        let sources: [Any] = [
            "scalar", [1, 2], [String: Any].validRecord(["author": "x", "geo": ["0": 1], "is_premium": 1, "tags": ["a", 2]]),
            try Fixtures.parse(#"{"id": 18446744073709551616, "duration": 2.5, "rating": 4.5}"#),
            [String: Any].validRecord(["duration": Double.infinity, "rating": Double.nan]),
        ]
        for source in sources {
            let video = Video.preset
            let reported = Mapper.validate(source, for: video, using: Video.mapping)
            #expect(!reported.isEmpty)
            #expect(reported == mappingErrors { try Mapper.mapValues(from: source, to: video, using: Video.mapping) })
        }
    }

    @Test func callsRunOnTheForInstance() {
        let record: [String: Any] = ["kind": "live"]
        let allowing = Channel(allowing: ["live"])
        let refusing = Channel(allowing: ["vod"])
        #expect(Mapper.validate(record, for: allowing, using: Channel.mapping).isEmpty)
        let errors = Mapper.validate(record, for: refusing, using: Channel.mapping)
        expectSingleError(errors, at: "kind", rule: "call")
        #expect(allowing.kind == "preset")
        #expect(refusing.kind == "preset")
    }

    @Test func callsRunOnTheForValue() {
        let record: [String: Any] = ["kind": "live"]
        #expect(Mapper.validate(record, for: ChannelValue(allowedKinds: ["live"]), using: ChannelValue.mapping).isEmpty)
        let errors = Mapper.validate(record, for: ChannelValue(allowedKinds: []), using: ChannelValue.mapping)
        expectSingleError(errors, at: "kind", rule: "call")
    }

    @Test func callNeverSeesNullOrAbsent() {
        let channel = Channel(allowing: [])
        expectSingleError(Mapper.validate([String: Any](), for: channel, using: Channel.mapping), at: "kind", rule: "isRequired")
        expectSingleError(Mapper.validate(["kind": NSNull()], for: channel, using: Channel.mapping), at: "kind", rule: "isRequired")
        expectSingleError(Mapper.validate(["kind": 5], for: channel, using: Channel.mapping), at: "kind", rule: "type")
    }
}

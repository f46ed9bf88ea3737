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

/// A guest list whose owner is a nested model that an `.ensure` judges and a call reads, and a stay whose nights a call
/// counts from a nested model.
private struct Host: Mappable {
    var login = ""
    static let mapping: Mapping<Host> = ["login": .property(\.login)]
}

private struct GuestList: Mappable {
    var owner = Host()
    var ownerName = ""
    var nights = 0

    static let mapping: Mapping<GuestList> = [
        "owner": .property(\.owner).ensure("hasLogin") { (host: Host) in !host.login.isEmpty },
        "ownerName": .call(GuestList.name(of:), \.ownerName),
        "stay": .call(GuestList.nights(in:), \.nights).min(1),
    ]

    func name(of host: Host) -> String? { host.login.isEmpty ? nil : host.login }
    func nights(in host: Host) -> Int? { host.login.count }
}

extension DryRunValidateTests {
    /// The dry run judges a nested model as mapped, as `map` does: an `.ensure` on it, a call taking it and a validator on
    /// that call's result see its values, not a model fresh from `init()`.
    @Test func aNestedModelIsJudgedAsMapped() throws {
        let source: [String: Any] = ["owner": ["login": "ana"], "ownerName": ["login": "ana"], "stay": ["login": "ana"]]
        let list = try Mapper.map(GuestList.self, from: source)
        #expect(list.owner.login == "ana" && list.ownerName == "ana" && list.nights == 3)
        #expect(Mapper.validate(source, as: GuestList.self).isEmpty)
        var blank = GuestList()
        #expect(Mapper.validate(source, for: blank, using: GuestList.mapping).isEmpty)
        #expect(blank.owner.login.isEmpty, "nothing is written")
        blank.ownerName = "unchanged"
        let refused: [String: Any] = ["owner": ["login": ""], "ownerName": ["login": ""], "stay": ["login": ""]]
        #expect(Mapper.validate(refused, for: blank, using: GuestList.mapping).map(\.rule) == ["hasLogin", "call", "min"])
        #expect(blank.ownerName == "unchanged")
    }
}

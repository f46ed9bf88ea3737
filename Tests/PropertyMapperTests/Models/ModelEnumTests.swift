import Foundation
import PropertyMapper
import Testing

// Enums by raw value: String and integer raw values, the allowed values of a CaseIterable enum,
// and containers of enums.

private enum VideoType: String, CaseIterable {
    case shortVideo, longVideo, live
}

/// Not `CaseIterable`: its errors cannot list the allowed values.
private enum Mood: String {
    case happy, sad
}

private enum Priority: Int, CaseIterable {
    case low = 1
    case normal = 5
    case urgent = 10
}

private enum AudioChannel: UInt8 {
    case left = 0
    case right = 1
}

private enum Ratio: Double, CaseIterable {
    case half = 0.5
    case whole = 1
}

private struct EnumClip: Mappable {
    var kind = VideoType.live
    var mood = Mood.happy
    var priority = Priority.normal
    var channel = AudioChannel.left
    var ratio = Ratio.whole
    var maybeKind: VideoType?
    var kinds: [VideoType] = []
    var byLanguage: [String: VideoType] = [:]
    var maybePriorities: [Priority]?
    static let mapping: Mapping<EnumClip> = [
        "videoType": .property(\.kind),
        "mood": .property(\.mood),
        "priority": .property(\.priority),
        "channel": .property(\.channel),
        "ratio": .property(\.ratio),
        "maybeKind": .property(\.maybeKind),
        "kinds": .property(\.kinds),
        "byLanguage": .property(\.byLanguage),
        "priorities": .property(\.maybePriorities),
    ]
}

/// An immutable model whose enum must be present.
private struct Stream: ImmutableMappable {
    let kind: VideoType
    let mood: Mood?
    static let mapping: Mapping<Stream> = ["kind": .property(\.kind), "mood": .property(\.mood)]
    init(_ values: MappedValues<Stream>) throws {
        kind = try values[\.kind]
        mood = try values[\.mood]
    }
}

@Suite("Models: enums")
struct ModelEnumTests {
    @Test func stringAndIntegerRawValuesMap() throws {
        let clip = try Mapper.map(
            EnumClip.self,
            from: [
                "videoType": "shortVideo", "mood": "sad", "priority": 10, "channel": 1, "ratio": 0.5,
                "maybeKind": "longVideo", "kinds": ["live", "shortVideo"], "byLanguage": ["en": "live", "no": "longVideo"],
                "priorities": [1, 5],
            ])
        #expect(clip.kind == .shortVideo)
        #expect(clip.mood == .sad)
        #expect(clip.priority == .urgent)
        #expect(clip.channel == .right)
        #expect(clip.ratio == .half)
        #expect(clip.maybeKind == .longVideo)
        #expect(clip.kinds == [.live, .shortVideo])
        #expect(clip.byLanguage == ["en": .live, "no": .longVideo])
        #expect(clip.maybePriorities == [.low, .normal])
    }

    @Test func fromJSONBytes() throws {
        let json = #"{"videoType": "live", "priority": 1, "ratio": 1, "kinds": [], "byLanguage": {"de": "shortVideo"}, "priorities": null}"#
        let clip = try Mapper.map(EnumClip.self, fromJSON: json)
        #expect(clip.kind == .live && clip.priority == .low && clip.ratio == .whole)
        #expect(clip.byLanguage == ["de": .shortVideo])
        #expect(clip.maybePriorities == nil)
    }

    @Test func aCaseIterableEnumsUnknownValueListsTheAllowedValues() throws {
        let errors = Mapper.validate(["videoType": "clip"], as: EnumClip.self)
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.rule == "type")
        #expect(error.path == "videoType")
        #expect(error.property == "kind")
        #expect(error.value == #""clip""#)
        #expect(error.message == #"not a VideoType, expected one of "shortVideo", "longVideo", "live""#)
        #expect(
            error.description == #"videoType → kind: not a VideoType, expected one of "shortVideo", "longVideo", "live"; got "clip" [type]"#
        )
    }

    @Test func anIntegerCaseIterableEnumListsItsNumbers() {
        let errors = Mapper.validate(["priority": 3], as: EnumClip.self)
        #expect(errors.map(\.rule) == ["type"])
        #expect(errors.first?.message == "not a Priority, expected one of 1, 5, 10")
        #expect(errors.first?.value == "3")
    }

    /// A number its raw type cannot hold (a fraction, out of range) is no case either: the same list.
    @Test(arguments: ["2.5", "1e30", "-1e30", "18446744073709551615", "123456789012345678901234567890"])
    func aNumberNoRawValueHoldsListsTheCasesToo(text: String) throws {
        let number = try #require(try Fixtures.parse(text) as? NSNumber)
        let errors = Mapper.validate(["priority": number], as: EnumClip.self)
        #expect(errors.map(\.rule) == ["type"])
        #expect(errors.first?.message == "not a Priority, expected one of 1, 5, 10")
    }

    @Test func aNonCaseIterableEnumsMessageHasNoList() {
        let errors = Mapper.validate(["mood": "angry"], as: EnumClip.self)
        #expect(errors.map(\.rule) == ["type"])
        #expect(errors.first?.message == "not a Mood")
        let channel = Mapper.validate(["channel": 7], as: EnumClip.self)
        #expect(channel.map(\.rule) == ["type"])
        #expect(channel.first?.message == "not a AudioChannel")
    }

    @Test func aValueOfTheWrongKindIsOneTypeErrorNamingTheEnum() {
        let errors = Mapper.validate(["videoType": 3, "priority": "urgent", "mood": true], as: EnumClip.self)
        #expect(errors.map(\.rule) == ["type", "type", "type"])
        #expect(errors.map(\.path) == ["videoType", "mood", "priority"])
        #expect(errors.allSatisfy { $0.message.contains("VideoType") || $0.message.contains("Mood") || $0.message.contains("Priority") })
    }

    @Test func aRawValueOutOfItsTypesRangeIsOneErrorNeverATrap() {
        let errors = Mapper.validate(["channel": 300], as: EnumClip.self)
        #expect(errors.count == 1)
        #expect(errors.first?.path == "channel")
        let negative = Mapper.validate(["channel": -1], as: EnumClip.self)
        #expect(negative.count == 1)
    }

    @Test func containersOfEnumsReportEachBadElement() {
        let errors = Mapper.validate(
            [
                "kinds": ["live", "clip", 3],
                "byLanguage": ["en": "live", "fr": "film"],
                "priorities": [1, 2],
            ], as: EnumClip.self)
        #expect(errors.map(\.path) == ["kinds[1]", "kinds[2]", "byLanguage.fr", "priorities[1]"])
        #expect(errors.map(\.property) == ["kinds", "kinds", "byLanguage", "maybePriorities"])
        #expect(errors.allSatisfy { $0.rule == "type" })
        #expect(errors.first?.message == #"not a VideoType, expected one of "shortVideo", "longVideo", "live""#)
    }

    @Test func nullEnums() throws {
        let clip = try Mapper.map(EnumClip.self, from: ["maybeKind": NSNull()])
        #expect(clip.maybeKind == nil)
        let nonOptional = Mapper.validate(["videoType": NSNull()], as: EnumClip.self)
        #expect(nonOptional.map(\.rule) == ["type"])
        let inArray = Mapper.validate(["kinds": ["live", NSNull()]], as: EnumClip.self)
        #expect(inArray.map(\.path) == ["kinds[1]"])
        #expect(inArray.map(\.rule) == ["type"])
    }

    @Test func enumsInImmutableModels() throws {
        let stream = try Mapper.map(Stream.self, from: ["kind": "live", "mood": NSNull()])
        #expect(stream.kind == .live && stream.mood == nil)
        #expect(try Mapper.map(Stream.self, from: ["kind": "live"]).mood == nil)
        #expect(Mapper.validate(["mood": "sad"], as: Stream.self).map(\.rule) == ["isRequired"])
        #expect(Mapper.validate(["kind": "clip"], as: Stream.self).map(\.rule) == ["type"])
        let batch = try Mapper.mapArray(fromJSON: Data(#"[{"kind": "live"}, {"kind": "clip"}, {"kind": null}]"#.utf8), as: Stream.self)
        #expect(batch.models.map(\.kind) == [.live])
        #expect(batch.failures.map(\.index) == [1, 2])
        #expect(batch.failures.first?.error.errors.map(\.rule) == ["type"])
        #expect(batch.failures.last?.error.errors.map(\.rule) == ["type"])
    }
}

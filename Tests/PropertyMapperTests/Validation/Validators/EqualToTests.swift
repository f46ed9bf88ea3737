import FeedModel
import Foundation
import PropertyMapper
import Testing

@Suite struct EqualToTests {
    struct Manifest: Equatable {
        var version: Int?
        var name: String?
        var ratio: Double?
        var flag: Bool?
        var level: UInt8?
        var type: VideoType?

        func type(from text: String) -> VideoType? { VideoType(rawValue: text) }
    }

    struct Loose {
        var raw: Any?
    }

    static func map(
        _ source: [String: Any],
        _ mapping: Mapping<Manifest>,
        from start: Manifest = Manifest(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (manifest: Manifest, errors: [ValidationError]) {
        var manifest = start
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &manifest, using: mapping)
        } catch {
            #expect(manifest == start, "nothing is written after a failure", sourceLocation: sourceLocation)
            return (manifest, error.errors)
        }
        return (manifest, [])
    }

    static let mapping: Mapping<Manifest> = [
        "version": .property(\.version).equalTo(2),
        "name": .property(\.name).equalTo("feed"),
        "ratio": .property(\.ratio).equalTo(0.5),
        "flag": .property(\.flag).equalTo(true),
        "level": .property(\.level).equalTo(UInt8(255)),
    ]

    @Test(arguments: SourceForm.allCases)
    func passesOnTheExpectedValue(form: SourceForm) throws {
        let record = try form(["version": 2, "name": "feed", "ratio": 0.5, "flag": true, "level": 255])
        let result = Self.map(record, Self.mapping)
        #expect(result.errors.isEmpty)
        #expect(result.manifest == Manifest(version: 2, name: "feed", ratio: 0.5, flag: true, level: 255))
    }

    @Test(arguments: SourceForm.allCases)
    func failsOnAnyOtherValue(form: SourceForm) throws {
        let record = try form(["version": 3, "name": "Feed", "ratio": 0.25, "flag": false, "level": 254])
        let errors = Self.map(record, Self.mapping, from: Manifest(version: 1)).errors
        #expect(errors.map(\.path) == ["version", "name", "ratio", "flag", "level"])
        #expect(errors.map(\.property) == ["version", "name", "ratio", "flag", "level"])
        #expect(errors.map(\.rule) == ["equalTo", "equalTo", "equalTo", "equalTo", "equalTo"])
        #expect(errors.map(\.value) == ["3", #""Feed""#, "0.25", "false", "254"])
    }

    @Test(arguments: SourceForm.allCases)
    func convertsStrictlyToTheExpectedType(form: SourceForm) throws {
        let rules = { (mapping: Mapping<Loose>, value: Any) in
            Mapper.validate(try form(["raw": value]), for: Loose(), using: mapping).map(\.rule)
        }
        let two: Mapping<Loose> = ["raw": .property(\.raw).equalTo(2)]
        #expect(try rules(two, 2).isEmpty)
        #expect(try rules(two, 2.0).isEmpty)
        #expect(try rules(two, 2.5) == ["equalTo"])
        #expect(try rules(two, "2") == ["equalTo"])
        #expect(try rules(two, [2]) == ["equalTo"])
        let yes: Mapping<Loose> = ["raw": .property(\.raw).equalTo(true)]
        #expect(try rules(yes, true).isEmpty)
        #expect(try rules(yes, 1) == ["equalTo"])
        #expect(try rules(yes, "true") == ["equalTo"])
        let one: Mapping<Loose> = ["raw": .property(\.raw).equalTo(1)]
        #expect(try rules(one, true) == ["equalTo"])
        let byte: Mapping<Loose> = ["raw": .property(\.raw).equalTo(Int8(-1))]
        #expect(try rules(byte, -1).isEmpty)
        #expect(try rules(byte, 255) == ["equalTo"])
    }

    @Test func passesOnAbsentAndNull() {
        let start = Manifest(version: 1, name: "n", ratio: 1, flag: false, level: 1)
        let absent = Self.map([:], Self.mapping, from: start)
        #expect(absent.errors.isEmpty)
        #expect(absent.manifest == start)
        let nulls: [String: Any] = ["version": NSNull(), "name": NSNull(), "ratio": NSNull(), "flag": NSNull(), "level": NSNull()]
        let null = Self.map(nulls, Self.mapping, from: start)
        #expect(null.errors.isEmpty)
        #expect(null.manifest == Manifest())
    }

    @Test(arguments: SourceForm.allCases)
    func wrongPropertyTypeIsOneTypeErrorOnly(form: SourceForm) throws {
        let errors = Self.map(try form(["version": "2", "name": 2, "flag": 1, "level": 256]), Self.mapping).errors
        #expect(errors.map(\.rule) == ["type", "type", "type", "type"])
        #expect(errors.map(\.path) == ["version", "name", "flag", "level"])
    }

    @Test func comparesTheSourceValueOfACallNotItsResult() {
        let source = Self.map(["type": "live"], ["type": .call(Manifest.type(from:), \.type).equalTo("live")])
        #expect(source.errors.isEmpty)
        #expect(source.manifest.type == .live)
        // A VideoType candidate is compared with the source string read as its raw value.
        let result = Self.map(["type": "live"], ["type": .call(Manifest.type(from:), \.type).equalTo(VideoType.longVideo)])
        expectOnlyError(result.errors, path: "type", property: "type", rule: "equalTo", value: #""live""#)
        #expect(Self.map(["type": "live"], ["type": .call(Manifest.type(from:), \.type).equalTo(VideoType.live)]).errors.isEmpty)
    }

    @Test func chainsWithOtherValidators() {
        let mapping: Mapping<Manifest> = ["name": .property(\.name).isRequired().equalTo("feed").maxLength(3)]
        #expect(Self.map(["name": "feeds"], mapping).errors.map(\.rule) == ["equalTo", "maxLength"])
        #expect(Self.map(["name": "feed"], mapping).errors.map(\.rule) == ["maxLength"])
        #expect(Self.map([:], mapping).errors.map(\.rule) == ["isRequired"])
    }
}

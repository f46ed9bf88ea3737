import FeedModel
import Foundation
import PropertyMapper
import Testing

@Suite struct OneOfTests {
    struct Clip: Equatable {
        var kind: String?
        var count: Int?
        var ratio: Double?
        var flag: Bool?
        var type: VideoType?

        func type(from text: String) -> VideoType? { VideoType(rawValue: text) }
    }

    struct Loose {
        var raw: Any?
    }

    static func map(
        _ source: [String: Any],
        _ mapping: Mapping<Clip>,
        from start: Clip = Clip(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (clip: Clip, errors: [ValidationError]) {
        var clip = start
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &clip, using: mapping)
        } catch {
            #expect(clip == start, "nothing is written after a failure", sourceLocation: sourceLocation)
            return (clip, error.errors)
        }
        return (clip, [])
    }

    static let mapping: Mapping<Clip> = [
        "kind": .property(\.kind).oneOf(["shortVideo", "longVideo", "live"]),
        "count": .property(\.count).oneOf([1, 2, 3]),
        "ratio": .property(\.ratio).oneOf([0.5, 1.5]),
        "flag": .property(\.flag).oneOf([true]),
    ]

    @Test(arguments: SourceForm.allCases)
    func passesOnEachCandidate(form: SourceForm) throws {
        for kind in ["shortVideo", "longVideo", "live"] {
            #expect(Self.map(try form(["kind": kind]), Self.mapping).clip.kind == kind)
        }
        for count in [1, 2, 3] {
            #expect(Self.map(try form(["count": count]), Self.mapping).clip.count == count)
        }
        #expect(Self.map(try form(["ratio": 1.5]), Self.mapping).clip.ratio == 1.5)
        #expect(Self.map(try form(["flag": true]), Self.mapping).clip.flag == true)
    }

    @Test(arguments: SourceForm.allCases)
    func failsOnAValueOutsideTheList(form: SourceForm) throws {
        let record = try form(["kind": "hologram", "count": 4, "ratio": 1.0, "flag": false])
        let errors = Self.map(record, Self.mapping, from: Clip(kind: "before")).errors
        #expect(errors.map(\.path) == ["kind", "count", "ratio", "flag"])
        #expect(errors.map(\.property) == ["kind", "count", "ratio", "flag"])
        #expect(errors.map(\.rule) == ["oneOf", "oneOf", "oneOf", "oneOf"])
        #expect(errors.map(\.value)[0...1] == [#""hologram""#, "4"])
        #expect(errors.map(\.value)[3] == "false")
    }

    @Test func comparesStringsCaseSensitivelyAndByCanonicalEquivalence() {
        let mapping: Mapping<Clip> = ["kind": .property(\.kind).oneOf(["Live", "caf\u{E9}"])]
        #expect(Self.map(["kind": "live"], mapping).errors.map(\.rule) == ["oneOf"])
        #expect(Self.map(["kind": "cafe\u{301}"], mapping).errors.isEmpty)
    }

    @Test(arguments: SourceForm.allCases)
    func convertsStrictlyToTheCandidatesType(form: SourceForm) throws {
        let integers: Mapping<Loose> = ["raw": .property(\.raw).oneOf([1, 2])]
        let strings: Mapping<Loose> = ["raw": .property(\.raw).oneOf(["1", "2"])]
        let booleans: Mapping<Loose> = ["raw": .property(\.raw).oneOf([true])]
        let rules = { (mapping: Mapping<Loose>, value: Any) in
            Mapper.validate(try form(["raw": value]), for: Loose(), using: mapping).map(\.rule)
        }
        #expect(try rules(integers, 2).isEmpty)
        #expect(try rules(integers, 2.0).isEmpty)  // an exact integer
        #expect(try rules(integers, 1.5) == ["oneOf"])
        #expect(try rules(integers, "1") == ["oneOf"])
        #expect(try rules(integers, true) == ["oneOf"])
        #expect(try rules(strings, 1) == ["oneOf"])
        #expect(try rules(strings, "1").isEmpty)
        #expect(try rules(booleans, 1) == ["oneOf"])
        #expect(try rules(booleans, true).isEmpty)
    }

    @Test func emptyListRejectsEveryPresentValue() {
        let mapping: Mapping<Clip> = ["kind": .property(\.kind).oneOf([String]())]
        #expect(Self.map(["kind": ""], mapping).errors.map(\.rule) == ["oneOf"])
        #expect(Self.map([:], mapping).errors.isEmpty)
    }

    @Test func passesOnAbsentAndNull() {
        let start = Clip(kind: "k", count: 9, ratio: 9, flag: false)
        let absent = Self.map([:], Self.mapping, from: start)
        #expect(absent.errors.isEmpty)
        #expect(absent.clip == start)
        let null = Self.map(["kind": NSNull(), "count": NSNull(), "ratio": NSNull(), "flag": NSNull()], Self.mapping, from: start)
        #expect(null.errors.isEmpty)
        #expect(null.clip == Clip())
    }

    @Test(arguments: SourceForm.allCases)
    func wrongPropertyTypeIsOneTypeErrorOnly(form: SourceForm) throws {
        let errors = Self.map(try form(["kind": 1, "count": "1", "flag": 1]), Self.mapping).errors
        #expect(errors.map(\.rule) == ["type", "type", "type"])
        #expect(errors.map(\.path) == ["kind", "count", "flag"])
    }

    @Test func checksTheSourceValueOfACallBeforeTheCall() {
        let mapping: Mapping<Clip> = ["type": .call(Clip.type(from:), \.type).oneOf(["live", "shortVideo"])]
        #expect(Self.map(["type": "live"], mapping).clip.type == .live)
        let result = Self.map(["type": "longVideo"], mapping)
        expectOnlyError(result.errors, path: "type", property: "type", rule: "oneOf", value: #""longVideo""#)
    }
}

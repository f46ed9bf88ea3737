import Foundation
import PropertyMapper
import Testing

/// A model whose mapping cannot run backwards in several ways at once.
private final class Legacy {
    var code = ""
    var id = UUID()
    var extra: Any = 0
    var score = 0.0
    var scores: [Double] = []
    var kind = ""

    static let hexless = Boxing<UUID>(named: "legacyID") { (text: String) in UUID(uuidString: text) }

    static let mapping: Mapping<Legacy> = [
        "code": .call(Legacy.code(from:), \.code),
        "id": .box(hexless, \.id),
        "extra": .property(\.extra),
        "score": .property(\.score),
    ]

    func code(from text: String) -> String? { text }
}

/// Every failure is a value, found while writing.
private struct Measured {
    var extra: Any = 0
    var score = 0.0
    var scores: [Double] = []
    var byName: [String: Double] = [:]
    var when: Date?

    static let mapping: Mapping<Measured> = [
        "extra": .property(\.extra),
        "score": .property(\.score),
        "scores": .property(\.scores),
        "byName": .property(\.byName),
        "when": .box(.date(.secondsSince1970), \.when),
    ]
}

private struct Strict {
    var value = 0
    static let guarded = Boxing<Int>(named: "positive") { (value: Int) in
        value > 0 ? value : nil
    } reverse: { (value: Int) throws -> Int in
        guard value > 0 else { throw NotPositive() }
        return value
    }
    static let mapping: Mapping<Strict> = ["value": .box(guarded, \.value)]
    struct NotPositive: Error, CustomStringConvertible {
        var description: String { "not positive" }
    }
}

@Suite
struct SerializeErrorTests {
    @Test func fieldsWithoutAReverseAreAllListedBeforeAnythingIsWritten() throws {
        let error = try #require(throws: MappingError.self) { try Mapper.serializeJSON(Legacy(), using: Legacy.mapping) }
        #expect(error.errors.map(\.rule) == ["serialize", "serialize"])
        #expect(error.errors.map(\.path) == ["code", "id"])
        #expect(error.errors.map(\.property) == ["code", "id"])
        #expect(
            error.errors.first?.description
                == "code → code: a call without reverse: cannot be serialized (give .call a reverse:, or mark the field .oneWay()) [serialize]"
        )
        #expect(error.errors.last?.message.hasPrefix("box(legacyID) has no reverse") == true)
        // The same for `serialize` and for arrays, where they are listed once, not for each model.
        #expect(throws: error) { try Mapper.serialize(Legacy(), using: Legacy.mapping) }
        #expect(throws: error) { try Mapper.serializeJSON([Legacy(), Legacy()], using: Legacy.mapping) }
    }

    @Test func aNestedMappingWithoutAReverseIsReportedOnceWhereFirstMet() {
        let outers = [Outer(inners: [Inner(), Inner()]), Outer(inners: [Inner()])]
        let error = #expect(throws: MappingError.self) { try Mapper.serializeJSON(outers) }
        #expect(error?.errors.map(\.path) == ["[0].inners[0].code"])
        #expect(error?.errors.map(\.rule) == ["serialize"])
    }

    @Test func aDateNoFormatCanWriteNamesTheFormatAndTheDate() {
        struct When: Mappable {
            var when = Date(timeIntervalSince1970: 0)
            static let mapping: Mapping<When> = ["when": .box(.date(.iso8601), \.when)]
        }
        let error = #expect(throws: MappingError.self) {
            try Mapper.serializeJSON(When(when: Date(timeIntervalSince1970: 253_402_300_800)))
        }
        #expect(
            error?.errors.first?.message
                == "the reverse of box(Date) threw: 253402300800.0 seconds since 1970 cannot be written in the format .iso8601")
        #expect(error?.errors.first?.value == "Date(timeIntervalSince1970: 253402300800.0)")
    }

    @Test func oneWayFieldsAreSkipped() throws {
        let mapping: Mapping<Legacy> = [
            "code": .call(Legacy.code(from:), \.code).oneWay(),
            "id": .box(Legacy.hexless, \.id).oneWay(),
            "score": .property(\.score),
        ]
        #expect(String(decoding: try Mapper.serializeJSON(Legacy(), using: mapping), as: UTF8.self) == #"{"score":0.0}"#)
    }

    @Test func valuesWithNoJSONFormAreErrorsAtTheirPaths() {
        var model = Measured()
        model.extra = Date(timeIntervalSince1970: 0)
        model.score = .nan
        model.scores = [1, 2, .infinity]
        model.byName = ["ok": 1, "bad": -.infinity]
        model.when = Date(timeIntervalSince1970: .infinity)
        for serialize in [
            { _ = try Mapper.serializeJSON(model, using: Measured.mapping) },
            { _ = try Mapper.serialize(model, using: Measured.mapping) },
        ] as [() throws -> Void] {
            let error = #expect(throws: MappingError.self) { try serialize() }
            #expect(error?.errors.map(\.path) == ["extra", "score", "scores[2]", "byName.bad", "when"])
            #expect(error?.errors.map(\.property) == ["extra", "score", "scores", "byName", "when"])
            #expect(error?.errors.allSatisfy { $0.rule == "serialize" } == true)
            #expect(error?.errors.first?.message == "a value of type Date, which JSON cannot hold")
            #expect(error?.errors[1].message == "a non-finite number (nan), which JSON cannot hold")
        }
    }

    @Test func aReverseThatThrowsIsAnError() {
        let error = #expect(throws: MappingError.self) { try Mapper.serializeJSON(Strict(value: -1), using: Strict.mapping) }
        #expect(error?.errors.map(\.rule) == ["serialize"])
        #expect(error?.errors.first?.message == "the reverse of box(positive) threw: not positive")
    }

    @Test func eachModelOfAnArrayIsReportedUnderItsIndex() {
        var bad = Measured()
        bad.score = .nan
        let error = #expect(throws: MappingError.self) { try Mapper.serializeJSON([Measured(), bad, bad], using: Measured.mapping) }
        #expect(error?.errors.map(\.path) == ["[1].score", "[2].score"])
        #expect(error?.errors.map(\.property) == ["[1].score", "[2].score"])
    }

    @Test func definitionErrorsAreThrownAlone() {
        let broken: Mapping<Measured> = ["score": .property(\.score), "scores": ["0": .property(\.score), 1: .property(\.score)]]
        #expect(!broken.definitionErrors.isEmpty)
        #expect(throws: MappingError(errors: broken.definitionErrors)) { try Mapper.serializeJSON(Measured(), using: broken) }
        #expect(throws: MappingError(errors: broken.definitionErrors)) { try Mapper.serialize([Measured()], using: broken) }
    }

    @Test func aMappingOfIndicesIsAnArrayOnlyInJSON() throws {
        let pair: Mapping<Measured> = [0: .property(\.score)]
        #expect(String(decoding: try Mapper.serializeJSON(Measured(), using: pair), as: UTF8.self) == "[0.0]")
        let error = #expect(throws: MappingError.self) { try Mapper.serialize(Measured(), using: pair) }
        #expect(error?.errors.map(\.rule) == ["serialize"])
    }

    @Test func aCyclicGraphIsOneDepthErrorNotAStackOverflow() {
        let link = ChainLink()
        link.next = link
        let error = #expect(throws: MappingError.self) { try Mapper.serializeJSON(link) }
        #expect(error?.errors.map(\.rule) == ["depth"])
        #expect(error?.errors.first?.path == Array(repeating: "next", count: 512).joined(separator: "."))
        link.next = nil  // breaks the cycle, so the objects can be freed
    }

    @Test func graphsUpToTheDepthLimitSerialize() throws {
        // 512 levels, the outermost model's included, as JSON text 512 levels deep (the reader's limit).
        let link = try Mapper.map(ChainLink.self, from: ChainLink.chain(512))
        #expect(try Mapper.map(ChainLink.self, from: try Mapper.serialize(link)).length == 512)
        #expect(try Mapper.map(ChainLink.self, fromJSON: try Mapper.serializeJSON(link)).length == 512)
        // The 513th level is the one depth error.
        let deeper = ChainLink()
        deeper.next = link
        let error = #expect(throws: MappingError.self) { try Mapper.serialize(deeper) }
        #expect(error?.errors.map(\.rule) == ["depth"])
        #expect(error?.errors.first?.path == Array(repeating: "next", count: 512).joined(separator: "."))
    }
}

private struct Inner: Mappable {
    var code = ""
    static let mapping: Mapping<Inner> = ["code": .call(Inner.code(from:), \.code)]
    func code(from text: String) -> String? { text }
}

private struct Outer: Mappable {
    var inners: [Inner] = []
    static let mapping: Mapping<Outer> = ["inners": .property(\.inners)]
}

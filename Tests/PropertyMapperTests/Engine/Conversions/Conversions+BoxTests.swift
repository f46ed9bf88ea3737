import Foundation
import Testing

@testable import PropertyMapper

private let preset = [URL(string: "https://preset.example.com")!]

private final class Page {
    var links: [URL] = preset
    var mirrors: [URL]? = preset
    var dates: [Date] = []
    var ids: [UUID]? = nil

    static let mapping: Mapping<Page> = [
        "links": .box(.url, \.links),
        "mirrors": .box(.url, \.mirrors),
        "dates": .box(.date(.iso8601, .secondsSince1970), \.dates),
        "ids": .box(.uuid, \.ids),
    ]

    var isUnchanged: Bool { links == preset && mirrors == preset && dates.isEmpty && ids == nil }
}

private let a = "https://a.example.com"
private let b = "https://b.example.com"

@Suite struct BoxArrayTests {
    @Test(arguments: SourceForm.allCases)
    func boxesEveryElement(source: SourceForm) throws {
        let page = Page()
        try Mapper.mapValues(
            from: source([
                "links": [a, b], "mirrors": [b], "dates": ["2010-12-09T07:14:08Z", 0],
                "ids": ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"],
            ]),
            to: page, using: Page.mapping)
        #expect(page.links == [URL(string: a)!, URL(string: b)!])
        #expect(page.mirrors == [URL(string: b)!])
        #expect(page.dates == [Date(timeIntervalSince1970: 1_291_878_848), Date(timeIntervalSince1970: 0)])
        #expect(page.ids == [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!])
    }

    @Test func boxesEveryElementFromJSON() throws {
        let page = Page()
        try Mapper.mapValues(fromJSON: #"{"links": ["\#(a)"], "mirrors": [], "dates": [1291878848.5]}"#, to: page, using: Page.mapping)
        #expect(page.links == [URL(string: a)!])
        #expect(page.mirrors == [])
        #expect(page.dates == [Date(timeIntervalSince1970: 1_291_878_848.5)])
    }

    @Test(arguments: SourceForm.allCases)
    func eachFailingElementIsReportedAtItsIndex(source: SourceForm) throws {
        let page = Page()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["links": [a, b, "", "not a url"], "dates": ["soon", 1]]), to: page, using: Page.mapping)
        }
        #expect(errors.map(\.path) == ["links[2]", "links[3]", "dates[0]"])
        #expect(errors.map(\.rule) == ["box(URL)", "box(URL)", "box(Date)"])
        #expect(errors.map(\.property) == ["links", "links", "dates"])
        #expect(errors.map(\.value) == [#""""#, #""not a url""#, #""soon""#])
        #expect(page.isUnchanged)
    }

    @Test func failingElementsFromJSONAreReportedAtTheirIndex() throws {
        let page = Page()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"links": ["\#(a)", "\#(b)", ""]}"#, to: page, using: Page.mapping) }
        let error = expectSingleError(errors, at: "links[2]", rule: "box(URL)")
        #expect(error?.property == "links")
        #expect(page.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func elementsOfTheWrongTypeAndNullElementsAreTypeErrors(source: SourceForm) throws {
        let page = Page()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["links": [a, NSNull(), 3], "mirrors": [NSNull()]]), to: page, using: Page.mapping)
        }
        #expect(errors.map(\.path) == ["links[1]", "links[2]", "mirrors[0]"])
        #expect(errors.map(\.rule) == ["type", "type", "type"])
        #expect(page.isUnchanged)
    }

    /// Each element is judged alone: a wrong type at one element hides no box failure at another.
    @Test(arguments: SourceForm.allCases)
    func aWrongTypeAtOneElementHidesNoBoxFailureAtAnother(source: SourceForm) throws {
        let page = Page()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["links": [a, 5, "", NSNull()], "dates": [7, "soon"]]), to: page, using: Page.mapping)
        }
        #expect(errors.map(\.path) == ["links[1]", "links[2]", "links[3]", "dates[1]"])
        #expect(errors.map(\.rule) == ["type", "box(URL)", "type", "box(Date)"])
        #expect(errors.map(\.value) == ["5", #""""#, "null", #""soon""#])
        #expect(page.isUnchanged)
        let json = mappingErrors { try Mapper.mapValues(fromJSON: #"{"links": ["", true]}"#, to: page, using: Page.mapping) }
        #expect(json.map(\.path) == ["links[0]", "links[1]"])
        #expect(json.map(\.rule) == ["box(URL)", "type"])
        #expect(page.isUnchanged)
    }

    /// Under `.lenient()` the same holds: a string the table cannot read hides no box failure at another element.
    @Test func underLenientAWrongTypeHidesNoBoxFailure() {
        let even = Boxing<Int>(named: "even") { (number: Int) in number.isMultiple(of: 2) ? number : nil }
        final class Counts { var counts: [Int] = [] }
        let mapping: Mapping<Counts> = ["counts": .box(even, \.counts).lenient()]
        let counts = Counts()
        let errors = mappingErrors { try Mapper.mapValues(from: ["counts": ["2", "x", "3"]], to: counts, using: mapping) }
        #expect(errors.map(\.path) == ["counts[1]", "counts[2]"])
        #expect(errors.map(\.rule) == ["type", "box(even)"])
        #expect(counts.counts.isEmpty)
    }

    @Test(arguments: SourceForm.allCases)
    func nullWritesNilIntoAnOptionalArrayOnly(source: SourceForm) throws {
        let page = Page()
        try Mapper.mapValues(from: source(["mirrors": NSNull()]), to: page, using: Page.mapping)
        #expect(page.mirrors == nil)
        let errors = mappingErrors { try Mapper.mapValues(from: source(["links": NSNull()]), to: page, using: Page.mapping) }
        expectSingleError(errors, at: "links", rule: "type")
        #expect(page.links == preset)
    }

    @Test(arguments: SourceForm.allCases)
    func aValueThatIsNotAnArrayIsOneTypeError(source: SourceForm) throws {
        let page = Page()
        let errors = mappingErrors { try Mapper.mapValues(from: source(["links": a, "mirrors": ["x": a]]), to: page, using: Page.mapping) }
        #expect(errors.map(\.path) == ["links", "mirrors"])
        #expect(errors.map(\.rule) == ["type", "type"])
    }

    @Test func validatorsJudgeTheSourceArrayBeforeBoxing() throws {
        let mapping: Mapping<Page> = ["links": .box(.url, \.links).isRequired().length(2)]
        let page = Page()
        try Mapper.mapValues(from: ["links": [a, b]], to: page, using: mapping)
        #expect(page.links.count == 2)
        // A validator failure is reported and nothing is boxed after it (one root cause).
        let errors = mappingErrors { try Mapper.mapValues(from: ["links": [""]], to: page, using: mapping) }
        expectSingleError(errors, at: "links", rule: "length")
        let missing = mappingErrors { try Mapper.mapValues(from: [String: Any](), to: page, using: mapping) }
        expectSingleError(missing, at: "links", rule: "isRequired")
        let lengthRange: Mapping<Page> = ["links": .box(.url, \.links).lengthRange(1, 3)]
        #expect(lengthRange.definitionErrors.isEmpty)
    }

    @Test func aDryRunReportsTheSameErrors() {
        let errors = Mapper.validate(["links": [a, ""], "mirrors": [1]], for: Page(), using: Page.mapping)
        #expect(errors.map(\.path) == ["links[1]", "mirrors[0]"])
        #expect(errors.map(\.rule) == ["box(URL)", "type"])
    }

    @Test func everyBoxingMapsArrays() throws {
        struct Bag {
            var blobs: [Data] = []
            var amounts: [Decimal]? = nil
            var custom: [Int] = []
        }
        let doubled = Boxing<Int>(named: "doubled") { (value: Int) in
            value * 2
        } reverse: {
            $0 / 2
        }
        let mapping: Mapping<Bag> = [
            "blobs": .box(.base64, \.blobs), "amounts": .box(.decimal, \.amounts), "custom": .box(doubled, \.custom),
        ]
        var bag = Bag()
        try Mapper.mapValues(from: ["blobs": ["aGk=", ""], "amounts": ["1.5", 2], "custom": [1, 2]], to: &bag, using: mapping)
        #expect(bag.blobs == [Data("hi".utf8), Data()])
        #expect(bag.amounts == [Decimal(string: "1.5")!, 2])
        #expect(bag.custom == [2, 4])
        let errors = mappingErrors { try Mapper.mapValues(from: ["blobs": ["aGk"], "amounts": ["x"]], to: &bag, using: mapping) }
        #expect(errors.map(\.path) == ["blobs[0]", "amounts[0]"])
        #expect(errors.map(\.rule) == ["box(base64)", "box(Decimal)"])
    }

    @Test func anArrayBoxingReceivesAnArrayOfItsInput() {
        let field = Page.mapping.plan.fields[0].field
        #expect(field.traits.input.name == "[String]")
        #expect(field.traits.input.kinds == .array)
    }
}

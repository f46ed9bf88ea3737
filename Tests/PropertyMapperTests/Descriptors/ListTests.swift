import Foundation
import PropertyMapper
import Testing

private enum Kind: String {
    case page, video
}

private let presetURL = URL(string: "https://preset.example/")!

private final class Link {
    var raw: String? = "preset"
    var url: URL? = presetURL
    var kind: Kind = .page
    var length = 0
    var title = "preset"
    let calls = CallLog()

    /// `.video` for `.mp4` addresses, `.page` for `.html`, nil otherwise.
    func kind(from text: String) -> Kind? {
        calls.record(text)
        if text.hasSuffix(".mp4") { return .video }
        if text.hasSuffix(".html") { return .page }
        return nil
    }

    var isUnchanged: Bool {
        raw == "preset" && url == presetURL && kind == .page && length == 0 && title == "preset"
    }
}

@Suite private struct ListTests {
    private static let mapping: Mapping<Link> = [
        "link": .list(.property(\.raw), .box(.url, \.url), .call(Link.kind(from:), \.kind)),
        "title": .property(\.title),
    ]

    @Test(arguments: SourceForm.allCases)
    func givesOneValueToEveryDescriptor(source: SourceForm) throws {
        let link = Link()
        try Mapper.mapValues(from: source(["link": "https://cdn.example.com/v/1.mp4"]), to: link, using: Self.mapping)
        #expect(link.raw == "https://cdn.example.com/v/1.mp4")
        #expect(link.url == URL(string: "https://cdn.example.com/v/1.mp4"))
        #expect(link.kind == .video)
        #expect(link.calls.all == ["https://cdn.example.com/v/1.mp4"])
    }

    @Test(arguments: SourceForm.allCases)
    func failingCallMemberMeansNothingIsWritten(source: SourceForm) throws {
        let link = Link()
        let record = try source(["link": "https://cdn.example.com/v/1.txt", "title": "New"])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: link, using: Self.mapping) }
        let error = expectSingleError(errors, at: "link", rule: "call")
        #expect(error?.property == "kind")
        #expect(link.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func failingBoxMemberMeansNothingIsWritten(source: SourceForm) throws {
        let link = Link()
        let record = try source(["link": "not a url.mp4", "title": "New"])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: link, using: Self.mapping) }
        let error = expectSingleError(errors, at: "link", rule: "box(URL)")
        #expect(error?.property == "url")
        #expect(link.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func everyFailingMemberIsReportedInListOrder(source: SourceForm) throws {
        let link = Link()
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": "not a url"]), to: link, using: Self.mapping) }
        #expect(errors.map(\.path) == ["link", "link"])
        #expect(errors.map(\.rule) == ["box(URL)", "call"])
        #expect(errors.map(\.property) == ["url", "kind"])
        #expect(link.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func memberWithWrongTypeMeansNothingIsWritten(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = ["link": .list(.property(\.raw), .box(.url, \.url))]
        #expect(mapping.definitionErrors.isEmpty)
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": 42]), to: link, using: mapping) }
        // One root cause, one error: both members expect a string, so the error names them both.
        let error = expectSingleError(errors, at: "link", rule: "type")
        #expect(error?.property == "raw, url")
        #expect(error?.value == "42")
        #expect(link.isUnchanged)
    }

    /// Members that fail for different reasons keep an error each, in list order; so do members failing at other elements.
    @Test(arguments: SourceForm.allCases)
    func membersFailingForDifferentReasonsKeepAnErrorEach(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = ["link": .list(.property(\.raw).maxLength(2), .property(\.title).maxLength(3), .box(.url, \.url))]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": "a b c d"]), to: link, using: mapping) }
        #expect(errors.map(\.rule) == ["maxLength", "maxLength", "box(URL)"])
        #expect(errors.map(\.property) == ["raw", "title", "url"])
        let same: Mapping<Link> = ["link": .list(.property(\.raw).maxLength(3), .property(\.title).maxLength(3))]
        let twice = mappingErrors { try Mapper.mapValues(from: source(["link": "abcd"]), to: link, using: same) }
        let error = expectSingleError(twice, at: "link", rule: "maxLength")
        #expect(error?.property == "raw, title")
        #expect(link.isUnchanged)
    }

    /// Members warning of one value for one reason give one warning naming them, as their errors do.
    @Test(arguments: SourceForm.allCases)
    func membersWarningForOneReasonGiveOneWarning(source: SourceForm) throws {
        final class Counts {
            var views = 0
            var likes = 0
            var shares: Int64 = 0
        }
        let counts = Counts()
        let mapping: Mapping<Counts> = [
            "n": .list(.property(\.views).lenient(), .property(\.likes).lenient(), .property(\.shares, default: 0).lenient())
        ]
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(from: source(["n": "12"]), to: counts, using: mapping, warnings: &warnings)
        #expect((counts.views, counts.likes, counts.shares) == (12, 12, 12))
        // `shares` read it as another type: a warning of its own.
        #expect(warnings.map(\.property) == ["views, likes", "shares"])
        #expect(warnings.map(\.kind) == [.coerced, .coerced])
        #expect(warnings.map(\.value) == [#""12""#, #""12""#])
    }

    /// Members whose types no one value converts to (a string and an integer) make the list a
    /// definition error: it could never map anything.
    @Test(arguments: SourceForm.allCases)
    func membersWithoutACommonInputAreADefinitionError(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = ["link": .list(.property(\.raw), .property(\.length))]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": "abc"]), to: link, using: mapping) }
        let error = expectSingleError(errors, at: "link", rule: "mapping")
        #expect(error?.property == "raw, length")
        #expect(error?.value == nil)
        #expect(link.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func memberValidatorsApplyToTheirMemberOnly(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = ["link": .list(.property(\.raw).maxLength(3), .property(\.title))]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": "abcd"]), to: link, using: mapping) }
        let error = expectSingleError(errors, at: "link", rule: "maxLength")
        #expect(error?.property == "raw")
        #expect(link.isUnchanged)

        try Mapper.mapValues(from: source(["link": "abc"]), to: link, using: mapping)
        #expect(link.raw == "abc" && link.title == "abc")
    }

    /// A validator on the list judges the one source value once, before any member; its error names
    /// every member property, as a shape error on a nested mapping does.
    @Test(arguments: SourceForm.allCases)
    func validatorsOnTheListRunBeforeItsMembers(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = [
            "link": .list(.property(\.raw), .box(.url, \.url), .call(Link.kind(from:), \.kind)).matchesRegEx("^https://").maxLength(40)
        ]
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["link": "http://cdn.example.com/v/1.mp4"]), to: link, using: mapping)
        }
        let error = expectSingleError(errors, at: "link", rule: "matchesRegEx")
        #expect(error?.property == "raw, url, kind")
        #expect(error?.value == #""http://cdn.example.com/v/1.mp4""#)
        #expect(link.calls.all.isEmpty)
        #expect(link.isUnchanged)

        try Mapper.mapValues(from: source(["link": "https://cdn.example.com/v/1.mp4"]), to: link, using: mapping)
        #expect(link.kind == .video)
        #expect(link.url == URL(string: "https://cdn.example.com/v/1.mp4"))
    }

    @Test(arguments: SourceForm.allCases)
    func everyFailingListValidatorIsReportedInChainOrder(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = ["link": .list(.property(\.raw), .property(\.title)).matchesRegEx("^https://").minLength(10)]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": "ftp://x"]), to: link, using: mapping) }
        #expect(errors.map(\.rule) == ["matchesRegEx", "minLength"])
        #expect(errors.map(\.path) == ["link", "link"])
        #expect(link.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func requiredListReportsOneErrorWhenAbsentOrNull(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = ["link": .list(.property(\.raw), .call(Link.kind(from:), \.kind)).isRequired()]
        for record in [try source([:]), try source(["link": NSNull()])] {
            let errors = mappingErrors { try Mapper.mapValues(from: record, to: link, using: mapping) }
            expectSingleError(errors, at: "link", rule: "isRequired")
        }
        #expect(link.calls.all.isEmpty)
        #expect(link.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func nullGoesToEveryMemberAndIsNeverCalled(source: SourceForm) throws {
        let link = Link()
        let optionalOnly: Mapping<Link> = ["link": .list(.property(\.raw), .box(.url, \.url))]
        try Mapper.mapValues(from: source(["link": NSNull()]), to: link, using: optionalOnly)
        #expect(link.raw == nil && link.url == nil)

        let other = Link()
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": NSNull()]), to: other, using: Self.mapping) }
        let error = expectSingleError(errors, at: "link", rule: "type")
        #expect(error?.property == "kind")
        #expect(other.calls.all.isEmpty)
        #expect(other.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func absentWritesNothing(source: SourceForm) throws {
        let link = Link()
        try Mapper.mapValues(from: source(["other": "x"]), to: link, using: Self.mapping)
        #expect(link.isUnchanged)
        #expect(link.calls.all.isEmpty)
    }

    /// Descriptors that fail alike give one error naming each property when the list is absent too, as when it is null.
    @Test(arguments: SourceForm.allCases)
    func anAbsentListIsOneErrorForDescriptorsThatFailAlike(source: SourceForm) throws {
        struct Pair: ImmutableMappable {
            let a: Int
            let b: Int
            static let mapping: Mapping<Pair> = ["x": .list(.property(\.a), .property(\.b))]
            init(_ values: MappedValues<Pair>) throws { (a, b) = (try values[\.a], try values[\.b]) }
        }
        for (document, rule) in [(["y": 1], "isRequired"), (["x": NSNull()], "type")] as [([String: Any], String)] {
            let errors = mappingErrors { _ = try Mapper.map(Pair.self, from: source(document)) }
            #expect(expectSingleError(errors, at: "x", rule: rule)?.property == "a, b")
        }
        let link = Link()
        let required: Mapping<Link> = ["link": .list(.property(\.raw).isRequired(), .box(.url, \.url).isRequired())]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["y": 1]), to: link, using: required) }
        #expect(expectSingleError(errors, at: "link", rule: "isRequired")?.property == "raw, url")
        #expect(link.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func listInsideNestedMappingReportsFullPath(source: SourceForm) throws {
        let link = Link()
        let mapping: Mapping<Link> = ["media": [0: .list(.property(\.raw), .box(.url, \.url))]]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["media": [42]]), to: link, using: mapping) }
        let error = expectSingleError(errors, at: "media[0]", rule: "type")
        #expect(error?.property == "raw, url")
        #expect(link.isUnchanged)
    }
}

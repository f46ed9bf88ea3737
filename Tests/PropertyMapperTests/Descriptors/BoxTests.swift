import Foundation
import PropertyMapper
import Testing

private struct OddNumber: Error, CustomStringConvertible {
    let number: Int
    var description: String { "\(number) is an odd number" }
}

private enum Boxings {
    /// Upper-cases a string, recording each input it is invoked with.
    static func recording(_ invocations: CallLog) -> Boxing<String> {
        Boxing(named: "recorded") { (text: String) in
            invocations.record(text)
            return text.uppercased()
        }
    }

    /// Accepts even numbers and throws for odd ones.
    static let even = Boxing<Int>(named: "even") { (number: Int) throws -> Int? in
        guard number.isMultiple(of: 2) else { throw OddNumber(number: number) }
        return number
    }
}

private let presetDate = Date(timeIntervalSince1970: 1)
private let presetLink = URL(string: "https://preset.example/link")!

private final class Feed {
    var link: URL? = presetLink
    var homepage: URL = presetLink
    var published: Date? = presetDate
    var updated: Date = presetDate
    var code: String? = "preset"
    var requiredCode = "preset"
    var even: Int? = 0
}

/// A UTC date built by the calendar, independently of the parser under test.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

@Suite private struct BoxTests {
    private static let mapping: Mapping<Feed> = [
        "link": .box(.url, \.link),
        "homepage": .box(.url, \.homepage),
        "published": .box(.date, \.published),
        "updated": .box(.date, \.updated),
    ]

    @Test(arguments: SourceForm.allCases)
    func boxesURLAndDateIntoOptionalAndNonOptionalProperties(source: SourceForm) throws {
        let feed = Feed()
        let record = try source([
            "link": "https://cdn.example.com/v/1.mp4",
            "homepage": "https://example.com/",
            "published": "2010-12-09T07:14:08Z",
            "updated": "2011-01-02T03:04:05+02:00",
        ])
        try Mapper.mapValues(from: record, to: feed, using: Self.mapping)
        #expect(feed.link == URL(string: "https://cdn.example.com/v/1.mp4"))
        #expect(feed.homepage == URL(string: "https://example.com/"))
        #expect(feed.published == utc(2010, 12, 9, 7, 14, 8))
        #expect(feed.updated == utc(2011, 1, 2, 1, 4, 5))
    }

    @Test(arguments: SourceForm.allCases)
    func nullWritesNilIntoOptionalTargets(source: SourceForm) throws {
        let feed = Feed()
        try Mapper.mapValues(from: source(["link": NSNull(), "published": NSNull()]), to: feed, using: Self.mapping)
        #expect(feed.link == nil)
        #expect(feed.published == nil)
    }

    @Test(arguments: SourceForm.allCases)
    func nullIntoNonOptionalTargetIsTypeError(source: SourceForm) throws {
        let feed = Feed()
        let errors = mappingErrors {
            try Mapper.mapValues(
                from: source(["homepage": NSNull(), "updated": NSNull(), "link": NSNull()]), to: feed, using: Self.mapping)
        }
        #expect(errors.map(\.path) == ["homepage", "updated"])
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(errors.map(\.property) == ["homepage", "updated"])
        #expect(errors.map(\.value) == ["null", "null"])
        #expect(feed.homepage == presetLink && feed.updated == presetDate && feed.link == presetLink)
    }

    @Test(arguments: SourceForm.allCases)
    func requiredBoxOnNullIsOneIsRequiredError(source: SourceForm) throws {
        let feed = Feed()
        let mapping: Mapping<Feed> = ["homepage": .box(.url, \.homepage).isRequired(), "link": .box(.url, \.link).isRequired()]
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["homepage": NSNull(), "link": NSNull()]), to: feed, using: mapping)
        }
        #expect(errors.map(\.path) == ["homepage", "link"])
        #expect(errors.map(\.rule) == ["isRequired", "isRequired"])
        #expect(errors.map(\.value) == ["null", "null"])
        #expect(feed.link == presetLink)
    }

    @Test(arguments: SourceForm.allCases)
    func wrongInputTypeHidesTheValidators(source: SourceForm) throws {
        let feed = Feed()
        let mapping: Mapping<Feed> = ["link": .box(.url, \.link).minLength(30).matchesRegEx("^https://")]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["link": 42]), to: feed, using: mapping) }
        let error = expectSingleError(errors, at: "link", rule: "type")
        #expect(error?.value == "42")
    }

    @Test(arguments: SourceForm.allCases)
    func absentKeepsPresetValues(source: SourceForm) throws {
        let feed = Feed()
        try Mapper.mapValues(from: source([:]), to: feed, using: Self.mapping)
        #expect(feed.link == presetLink && feed.homepage == presetLink)
        #expect(feed.published == presetDate && feed.updated == presetDate)
    }

    @Test(arguments: SourceForm.allCases)
    func boxingThatReturnsNilIsABoxErrorForEveryTarget(source: SourceForm) throws {
        let feed = Feed()
        let record = try source(["link": "not a url", "homepage": "", "published": "yesterday", "updated": "2015-02-29T00:00:00Z"])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: feed, using: Self.mapping) }
        #expect(errors.map(\.path) == ["link", "homepage", "published", "updated"])
        #expect(errors.map(\.rule) == ["box(URL)", "box(URL)", "box(Date)", "box(Date)"])
        #expect(errors.map(\.property) == ["link", "homepage", "published", "updated"])
        #expect(errors.map(\.value) == [#""not a url""#, #""""#, #""yesterday""#, #""2015-02-29T00:00:00Z""#])
        #expect(feed.link == presetLink && feed.homepage == presetLink)
        #expect(feed.published == presetDate && feed.updated == presetDate)
    }

    @Test(arguments: SourceForm.allCases)
    func throwingBoxingIsABoxErrorCarryingTheThrownDescription(source: SourceForm) throws {
        let feed = Feed()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["even": 3]), to: feed, using: ["even": .box(Boxings.even, \.even)])
        }
        let error = expectSingleError(errors, at: "even", rule: "box(even)")
        #expect(error?.property == "even")
        #expect(error?.value == "3")
        #expect(error?.message.contains("3 is an odd number") == true)
        #expect(feed.even == 0)

        try Mapper.mapValues(from: source(["even": 4]), to: feed, using: ["even": .box(Boxings.even, \.even)])
        #expect(feed.even == 4)
    }

    @Test(arguments: SourceForm.allCases)
    func boxingIsNeverInvokedWithNull(source: SourceForm) throws {
        let invocations = CallLog()
        let mapping: Mapping<Feed> = [
            "code": .box(Boxings.recording(invocations), \.code),
            "requiredCode": .box(Boxings.recording(invocations), \.requiredCode),
        ]
        let feed = Feed()
        try Mapper.mapValues(from: source(["code": NSNull()]), to: feed, using: mapping)
        #expect(feed.code == nil)
        let errors = mappingErrors { try Mapper.mapValues(from: source(["requiredCode": NSNull()]), to: feed, using: mapping) }
        expectSingleError(errors, at: "requiredCode", rule: "type")
        #expect(invocations.all.isEmpty)

        try Mapper.mapValues(from: source(["code": "abc", "requiredCode": "xyz"]), to: feed, using: mapping)
        #expect(invocations.all == ["abc", "xyz"])
        #expect(feed.code == "ABC" && feed.requiredCode == "XYZ")
    }

    @Test(arguments: SourceForm.allCases)
    func wrongInputTypeIsATypeErrorNotABoxError(source: SourceForm) throws {
        let invocations = CallLog()
        let mapping: Mapping<Feed> = [
            "link": .box(.url, \.link),
            "updated": .box(.date, \.updated),
            "code": .box(Boxings.recording(invocations), \.code),
            "even": .box(Boxings.even, \.even),
        ]
        let feed = Feed()
        let record = try source(["link": 42, "updated": 1_291_878_848, "code": ["abc"], "even": "2"])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: feed, using: mapping) }
        #expect(errors.map(\.path) == ["link", "updated", "code", "even"])
        #expect(errors.map(\.rule) == ["type", "type", "type", "type"])
        #expect(invocations.all.isEmpty)
        #expect(feed.link == presetLink && feed.code == "preset" && feed.even == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func validatorsJudgeTheSourceValueBeforeBoxing(source: SourceForm) throws {
        // The validator receives the source string: were it given the boxed URL, a String predicate could not judge it.
        let mapping: Mapping<Feed> = [
            "link": .box(.url, \.link).validate("isSecureURL") { (text: String) in text.hasPrefix("https://") }.maxLength(40)
        ]
        let feed = Feed()
        try Mapper.mapValues(from: source(["link": "https://cdn.example.com/v/2.mp4"]), to: feed, using: mapping)
        #expect(feed.link == URL(string: "https://cdn.example.com/v/2.mp4"))

        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["link": "http://cdn.example.com/v/3.mp4"]), to: feed, using: mapping)
        }
        let error = expectSingleError(errors, at: "link", rule: "isSecureURL")
        #expect(error?.value == #""http://cdn.example.com/v/3.mp4""#)
        #expect(feed.link == URL(string: "https://cdn.example.com/v/2.mp4"))
    }

    @Test(arguments: SourceForm.allCases)
    func failingValidatorMeansTheBoxingIsNotInvoked(source: SourceForm) throws {
        let invocations = CallLog()
        let mapping: Mapping<Feed> = ["code": .box(Boxings.recording(invocations), \.code).minLength(5)]
        let feed = Feed()
        let errors = mappingErrors { try Mapper.mapValues(from: source(["code": "abc"]), to: feed, using: mapping) }
        expectSingleError(errors, at: "code", rule: "minLength")
        #expect(invocations.all.isEmpty)
        #expect(feed.code == "preset")
    }

    @Test(arguments: SourceForm.allCases)
    func failingBoxHidesNoOtherField(source: SourceForm) throws {
        let feed = Feed()
        let record = try source(["link": "https://example.com/ok", "homepage": "not a url", "published": "2010-12-09T07:14:08Z"])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: feed, using: Self.mapping) }
        expectSingleError(errors, at: "homepage", rule: "box(URL)")
        #expect(feed.link == presetLink)
        #expect(feed.published == presetDate)
    }
}

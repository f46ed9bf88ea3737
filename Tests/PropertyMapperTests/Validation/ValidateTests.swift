import FeedModel
import Foundation
import PropertyMapper
import Testing

// MARK: Shared by the validator tests

/// Expects exactly one error, with these fields.
func expectOnlyError(
    _ errors: [ValidationError],
    path: String,
    property: String,
    rule: String,
    value: String?,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
    guard let error = errors.first else { return }
    #expect(error.path == path, sourceLocation: sourceLocation)
    #expect(error.property == property, sourceLocation: sourceLocation)
    #expect(error.rule == rule, sourceLocation: sourceLocation)
    #expect(error.value == value, sourceLocation: sourceLocation)
}

// MARK: Custom rules through extensions, as a user writes them

private let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

extension PropertyDescriptor {
    /// Requires an e-mail address.
    fileprivate func isEmail() -> Self {
        validate("isEmail") { (text: String) in text.range(of: emailPattern, options: .regularExpression) != nil }
    }

    /// Requires an `https://` URL string. Like every validator, it sees the source value, before boxing.
    fileprivate func isSecureURL() -> Self {
        validate("isSecureURL") { (text: String) in text.hasPrefix("https://") }
    }
}

// MARK: validate(_:_:)

@Suite struct ValidateTests {
    struct Member: Equatable {
        var email: String?
        var homepage: URL?
        var score: Int?
        var nickname = ""
    }

    struct Loose {
        var raw: Any?
    }

    struct Rejected: Error, CustomStringConvertible {
        var description: String { "rejected by the server" }
    }

    static func map(
        _ source: [String: Any],
        _ mapping: Mapping<Member>,
        from start: Member = Member(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (member: Member, errors: [ValidationError]) {
        var member = start
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &member, using: mapping)
        } catch {
            #expect(member == start, "nothing is written after a failure", sourceLocation: sourceLocation)
            return (member, error.errors)
        }
        return (member, [])
    }

    static let isEven: Mapping<Member> = [
        "score": .property(\.score).validate("isEven") { (number: Int) in number.isMultiple(of: 2) }
    ]

    @Test(arguments: SourceForm.allCases)
    func typedClosurePassesOnValidValue(form: SourceForm) throws {
        let result = Self.map(try form(["score": 4]), Self.isEven)
        #expect(result.errors.isEmpty)
        #expect(result.member.score == 4)
    }

    @Test(arguments: SourceForm.allCases)
    func typedClosureFailsWithItsName(form: SourceForm) throws {
        let result = Self.map(try form(["score": 3]), Self.isEven)
        expectOnlyError(result.errors, path: "score", property: "score", rule: "isEven", value: "3")
    }

    @Test func passesOnAbsentAndNullWithoutCallingThePredicate() {
        let counter = CallLog()
        let mapping: Mapping<Member> = [
            "score": .property(\.score).validate("counted") { (_: Int) in
                counter.record(); return false
            }
        ]
        let absent = Self.map([:], mapping, from: Member(score: 7))
        #expect(absent.errors.isEmpty)
        #expect(absent.member.score == 7)
        let null = Self.map(["score": NSNull()], mapping, from: Member(score: 7))
        #expect(null.errors.isEmpty)
        #expect(null.member.score == nil)
        #expect(counter.count == 0)
    }

    @Test func throwingPredicateFailsWithItsName() {
        let mapping: Mapping<Member> = [
            "nickname": .property(\.nickname).validate("isAvailable") { (_: String) throws -> Bool in throw Rejected() }
        ]
        let result = Self.map(["nickname": "romeo"], mapping)
        expectOnlyError(result.errors, path: "nickname", property: "nickname", rule: "isAvailable", value: #""romeo""#)
        #expect(result.errors.first?.message.contains("rejected by the server") == true)
    }

    @Test(arguments: SourceForm.allCases)
    func wrongInputKindFailsWithItsName(form: SourceForm) throws {
        let mapping: Mapping<Loose> = [
            "raw": .property(\.raw).validate("isShort") { (text: String) in text.count < 5 }
        ]
        for value in [42, true, ["a"]] as [Any] {
            let errors = Mapper.validate(try form(["raw": value]), for: Loose(), using: mapping)
            #expect(errors.map(\.rule) == ["isShort"])
            #expect(errors.map(\.path) == ["raw"])
        }
    }

    @Test func wrongPropertyTypeIsOneTypeErrorAndSkipsThePredicate() {
        let counter = CallLog()
        let mapping: Mapping<Member> = [
            "score": .property(\.score).validate("counted") { (_: Int) in
                counter.record(); return true
            }
        ]
        let result = Self.map(["score": "4"], mapping)
        expectOnlyError(result.errors, path: "score", property: "score", rule: "type", value: #""4""#)
        #expect(counter.count == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func predicateReceivesStrictlyConvertedInput(form: SourceForm) throws {
        // A boolean is never an Int, whatever Foundation's bridging says.
        let mapping: Mapping<Loose> = [
            "raw": .property(\.raw).validate("isPositive") { (number: Int) in number > 0 }
        ]
        #expect(Mapper.validate(try form(["raw": 5]), for: Loose(), using: mapping).isEmpty)
        #expect(Mapper.validate(try form(["raw": true]), for: Loose(), using: mapping).map(\.rule) == ["isPositive"])
        #expect(Mapper.validate(try form(["raw": 2.5]), for: Loose(), using: mapping).map(\.rule) == ["isPositive"])
    }

    // MARK: Extensions on PropertyDescriptor

    static let extended: Mapping<Member> = [
        "email": .property(\.email).isEmail(),
        "homepage": .box(.url, \.homepage).isSecureURL(),
    ]

    @Test(arguments: SourceForm.allCases)
    func extensionRulesPassOnValidValues(form: SourceForm) throws {
        let result = Self.map(try form(["email": "romeo@example.com", "homepage": "https://example.com"]), Self.extended)
        #expect(result.errors.isEmpty)
        #expect(result.member.email == "romeo@example.com")
        #expect(result.member.homepage == URL(string: "https://example.com"))
    }

    @Test(arguments: SourceForm.allCases)
    func extensionRulesReportTheirNames(form: SourceForm) throws {
        let badEmail = Self.map(try form(["email": "romeo", "homepage": "https://example.com"]), Self.extended)
        expectOnlyError(badEmail.errors, path: "email", property: "email", rule: "isEmail", value: #""romeo""#)
        let plainHTTP = Self.map(try form(["email": "romeo@example.com", "homepage": "http://example.com"]), Self.extended)
        expectOnlyError(plainHTTP.errors, path: "homepage", property: "homepage", rule: "isSecureURL", value: #""http://example.com""#)
    }

    @Test func extensionRulesPassOnAbsentAndNull() {
        #expect(Self.map([:], Self.extended).errors.isEmpty)
        #expect(Self.map(["email": NSNull(), "homepage": NSNull()], Self.extended).errors.isEmpty)
    }

    @Test func extensionRuleOnWrongKindIsOneTypeError() {
        let result = Self.map(["email": 7], Self.extended)
        expectOnlyError(result.errors, path: "email", property: "email", rule: "type", value: "7")
    }

    @Test func validatorRunsBeforeTheBoxingAndStopsIt() {
        let counter = CallLog()
        let counted = Boxing<URL>(named: "countedURL") { (text: String) in
            counter.record(); return URL(string: text)
        }
        let mapping: Mapping<Member> = ["homepage": .box(counted, \.homepage).isSecureURL()]
        let result = Self.map(["homepage": "http://example.com"], mapping)
        #expect(result.errors.map(\.rule) == ["isSecureURL"])
        #expect(counter.count == 0)
        #expect(Self.map(["homepage": "https://example.com"], mapping).errors.isEmpty)
        #expect(counter.count == 1)
    }
}

// MARK: Chains

@Suite struct ValidatorChainTests {
    struct Article: Equatable {
        var title: String?
        var code = ""
        var count: Int?
        var link: URL?
        var kind: VideoType?

        func kind(from text: String) -> VideoType? { VideoType(rawValue: text) }
    }

    static func rules(_ source: [String: Any], _ mapping: Mapping<Article>) -> [String] {
        Mapper.validate(source, for: Article(), using: mapping).map(\.rule)
    }

    @Test(arguments: SourceForm.allCases)
    func validValuePassesEveryValidatorOfAChain(form: SourceForm) throws {
        let mapping: Mapping<Article> = [
            "title": .property(\.title).isRequired().lengthRange(1, 80).matchesRegEx("^[A-Z]"),
            "count": .property(\.count).min(1).max(10).oneOf([2, 4, 6]).equalTo(4),
        ]
        var article = Article()
        try Mapper.mapValues(from: try form(["title": "Xray", "count": 4]), to: &article, using: mapping)
        #expect(article.title == "Xray")
        #expect(article.count == 4)
    }

    @Test func everyFailingValidatorIsReportedInChainOrder() {
        let forward: Mapping<Article> = ["title": .property(\.title).isRequired().lengthRange(1, 80).matchesRegEx("^[A-Z]")]
        let backward: Mapping<Article> = ["title": .property(\.title).matchesRegEx("^[A-Z]").lengthRange(1, 80).isRequired()]
        #expect(Self.rules(["title": ""], forward) == ["lengthRange", "matchesRegEx"])
        #expect(Self.rules(["title": ""], backward) == ["matchesRegEx", "lengthRange"])
        let errors = Mapper.validate(["title": ""], for: Article(), using: forward)
        #expect(errors.map(\.path) == ["title", "title"])
        #expect(errors.map(\.property) == ["title", "title"])
        #expect(errors.map(\.value) == [#""""#, #""""#])
    }

    @Test func onlyTheFailingValidatorsOfALongChainAreReported() {
        let mapping: Mapping<Article> = [
            "code": .property(\.code).minLength(3).maxLength(5).matchesRegEx("^[0-9]+$").oneOf(["12345"]).length(5)
        ]
        #expect(Self.rules(["code": "ab"], mapping) == ["minLength", "matchesRegEx", "oneOf", "length"])
        #expect(Self.rules(["code": "1234"], mapping) == ["oneOf", "length"])
        #expect(Self.rules(["code": "123456"], mapping) == ["maxLength", "oneOf", "length"])
        #expect(Self.rules(["code": "12345"], mapping).isEmpty)
    }

    @Test func theSameValidatorTwiceIsCheckedTwice() {
        let mapping: Mapping<Article> = ["title": .property(\.title).lengthRange(1, 3).lengthRange(5, 9)]
        #expect(Self.rules(["title": "abcd"], mapping) == ["lengthRange", "lengthRange"])
        #expect(Self.rules(["title": "ab"], mapping) == ["lengthRange"])
    }

    @Test func contradictoryNumberBoundsEachReport() {
        let mapping: Mapping<Article> = ["count": .property(\.count).min(10).max(1).range(3, 4)]
        #expect(Self.rules(["count": 5], mapping) == ["min", "max", "range"])
        #expect(Self.rules(["count": 20], mapping) == ["max", "range"])
        #expect(Self.rules(["count": 3], mapping) == ["min", "max"])
    }

    @Test(arguments: SourceForm.allCases)
    func typeErrorSuppressesEveryValidator(form: SourceForm) throws {
        let mapping: Mapping<Article> = [
            "title": .property(\.title).isRequired().lengthRange(1, 80).matchesRegEx("^[A-Z]").oneOf(["A"]),
            "count": .property(\.count).min(1).max(10).equalTo(4),
        ]
        #expect(Self.rules(try form(["title": 42]), mapping) == ["type"])
        #expect(Self.rules(try form(["title": "A", "count": "4"]), mapping) == ["type"])
        #expect(Self.rules(try form(["title": "A", "count": true]), mapping) == ["type"])
    }

    @Test func absentAndNullRequiredValueIsOnlyIsRequired() {
        let mapping: Mapping<Article> = [
            "title": .property(\.title).lengthRange(1, 80).isRequired().matchesRegEx("^[A-Z]")
        ]
        #expect(Self.rules([:], mapping) == ["isRequired"])
        #expect(Self.rules(["title": NSNull()], mapping) == ["isRequired"])
    }

    @Test func failingValidatorsStopTheBoxingAndTheCall() {
        let counter = CallLog()
        let counted = Boxing<URL>(named: "countedURL") { (text: String) in
            counter.record(); return URL(string: text)
        }
        let mapping: Mapping<Article> = [
            "link": .box(counted, \.link).isRequired().isSecureURL().maxLength(20),
            "kind": .call(Article.kind(from:), \.kind).minLength(5).oneOf(["live", "longVideo"]),
        ]
        let errors = Mapper.validate(
            ["link": "http://example.com/a/long/path", "kind": "live"], for: Article(), using: mapping)
        #expect(errors.map(\.rule) == ["isSecureURL", "maxLength", "minLength"])
        #expect(errors.map(\.path) == ["link", "link", "kind"])
        #expect(counter.count == 0)
    }

    @Test func validatorsOnANestedMappingRunAfterItsShapeCheck() {
        let author: PropertyDescriptor<Article> = ["title": .property(\.title)]
        let geo: PropertyDescriptor<Article> = [0: .property(\.count)]
        let mapping: Mapping<Article> = [
            "author": author.validate("hasTitle") { (fields: [String: Any]) in fields["title"] != nil },
            "geo": geo.minLength(2),
        ]
        let wrongShape = Mapper.validate(["author": "x", "geo": "y"], for: Article(), using: mapping)
        #expect(wrongShape.map(\.rule) == ["type", "type"])
        let failing = Mapper.validate(["author": [String: Any](), "geo": [1]], for: Article(), using: mapping)
        #expect(failing.map(\.rule) == ["hasTitle", "minLength"])
        #expect(failing.map(\.path) == ["author", "geo"])
        var article = Article()
        #expect(throws: Never.self) {
            try Mapper.mapValues(from: ["author": ["title": "T"], "geo": [4, 5]], to: &article, using: mapping)
        }
        #expect(article.title == "T")
        #expect(article.count == 4)
    }

    @Test func failingFieldsAreReportedInDeclarationOrder() {
        let mapping: Mapping<Article> = [
            "title": .property(\.title).maxLength(2),
            "code": .property(\.code).length(4),
            "count": .property(\.count).range(1, 5),
        ]
        let errors = Mapper.validate(["count": 9, "code": "abc", "title": "abc"], for: Article(), using: mapping)
        #expect(errors.map(\.path) == ["title", "code", "count"])
        #expect(errors.map(\.rule) == ["maxLength", "length", "range"])
    }
}

// MARK: The feed defects

@Suite struct FeedDefectTests {
    /// What each defect of `Fixtures.feedDefects` reports besides its path and rule.
    static let expected: [String: (property: String, values: Set<String?>)] = [
        "missing videoURL": ("contentURL", [nil]),
        "name of 200 characters": ("title", [#""xxxxxxxxxxxxxxxxxxxxxxx…" (200 characters)"#]),
        "bad email": ("authorEmail", [#""not-an-email""#]),
        "rating 9": ("rating", ["9"]),
        "id as a string": ("id", [#""1""#]),
        "unknown videoType": ("type", [#""hologram""#]),
        "date yesterday": ("publishedAt", [#""yesterday""#]),
        // JSONSerialization writes -5.0 as -5.
        "negative duration": ("duration", ["-5.0", "-5"]),
    ]

    @Test(arguments: Fixtures.feedDefects.indices, SourceForm.allCases)
    func videoClassReportsExactlyOneError(index: Int, form: SourceForm) throws {
        let defect = Fixtures.feedDefects[index]
        let record = try form(.validRecord(defect.overrides))
        let video = Video()
        let before = video.snapshot
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: video, using: Video.mapping) }
        check(errors, for: defect)
        #expect(video.snapshot == before)
    }

    @Test(arguments: Fixtures.feedDefects.indices, SourceForm.allCases)
    func videoRecordStructReportsExactlyOneError(index: Int, form: SourceForm) throws {
        let defect = Fixtures.feedDefects[index]
        let record = try form(.validRecord(defect.overrides))
        var video = VideoRecord()
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: &video, using: VideoRecord.mapping) }
        check(errors, for: defect)
        #expect(video == VideoRecord())
    }

    @Test(arguments: SourceForm.allCases)
    func validRecordMapsIntoBoth(form: SourceForm) throws {
        let record = try form(.validRecord())
        #expect(Mapper.validate(record, for: Video(), using: Video.mapping).isEmpty)
        #expect(Mapper.validate(record, for: VideoRecord(), using: VideoRecord.mapping).isEmpty)
    }

    private func check(
        _ errors: [ValidationError],
        for defect: (name: String, overrides: [String: Any], path: String, rule: String),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let expected = Self.expected[defect.name] else {
            Issue.record("no expectation for the defect \(defect.name)", sourceLocation: sourceLocation)
            return
        }
        expectSingleError(errors, at: defect.path, rule: defect.rule, sourceLocation: sourceLocation)
        #expect(errors.first?.property == expected.property, sourceLocation: sourceLocation)
        #expect(expected.values.contains(errors.first?.value), "\(String(describing: errors.first?.value))", sourceLocation: sourceLocation)
    }
}

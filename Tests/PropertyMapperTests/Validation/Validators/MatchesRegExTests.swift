import Foundation
import PropertyMapper
import Testing

@Suite struct MatchesRegExTests {
    struct Account: Equatable {
        var email: String?
        var nickname = ""
        var count: Int?
        var flag: Bool?
        var tags: [String]?
    }

    static func map(
        _ source: [String: Any],
        _ mapping: Mapping<Account>,
        from start: Account = Account(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (account: Account, errors: [ValidationError]) {
        var account = start
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &account, using: mapping)
        } catch {
            #expect(account == start, "nothing is written after a failure", sourceLocation: sourceLocation)
            return (account, error.errors)
        }
        return (account, [])
    }

    /// The two ways to give an expression.
    enum Spelling: String, CaseIterable, Sendable {
        case expression, pattern

        func apply(_ pattern: String, to descriptor: PropertyDescriptor<Account>) throws -> PropertyDescriptor<Account> {
            switch self {
            case .expression: descriptor.matchesRegEx(try NSRegularExpression(pattern: pattern))
            case .pattern: descriptor.matchesRegEx(pattern)
            }
        }
    }

    static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    @Test(arguments: Spelling.allCases, SourceForm.allCases)
    func passesOnMatchingValue(spelling: Spelling, form: SourceForm) throws {
        let mapping: Mapping<Account> = ["email": try spelling.apply(Self.emailPattern, to: .property(\.email))]
        let result = Self.map(try form(["email": "user1680@example.com"]), mapping)
        #expect(result.errors.isEmpty)
        #expect(result.account.email == "user1680@example.com")
    }

    @Test(arguments: Spelling.allCases, SourceForm.allCases)
    func failsOnValueWithoutMatch(spelling: Spelling, form: SourceForm) throws {
        let mapping: Mapping<Account> = ["email": try spelling.apply(Self.emailPattern, to: .property(\.email))]
        for email in ["not-an-email", "", "a@b.c", "user @example.com"] {
            let result = Self.map(try form(["email": email]), mapping, from: Account(email: "before"))
            expectOnlyError(result.errors, path: "email", property: "email", rule: "matchesRegEx", value: "\"\(email)\"")
        }
    }

    @Test(arguments: Spelling.allCases)
    func unanchoredExpressionFindsAMatchAnywhere(spelling: Spelling) throws {
        let mapping: Mapping<Account> = ["nickname": try spelling.apply("b+", to: .property(\.nickname))]
        #expect(Self.map(["nickname": "abbc"], mapping).account.nickname == "abbc")
        #expect(Self.map(["nickname": "xyz"], mapping).errors.map(\.rule) == ["matchesRegEx"])
    }

    @Test(arguments: Spelling.allCases)
    func anchoredExpressionRequiresAFullMatch(spelling: Spelling) throws {
        let mapping: Mapping<Account> = ["nickname": try spelling.apply("^b+$", to: .property(\.nickname))]
        #expect(Self.map(["nickname": "bbb"], mapping).account.nickname == "bbb")
        #expect(Self.map(["nickname": "abbc"], mapping).errors.map(\.rule) == ["matchesRegEx"])
        #expect(Self.map(["nickname": "bbb\nc"], mapping).errors.map(\.rule) == ["matchesRegEx"])
    }

    @Test(arguments: Spelling.allCases)
    func searchesTheWholeStringBeyondTheBasicPlane(spelling: Spelling) throws {
        // The match is at the end, after characters of several UTF-16 units each.
        let mapping: Mapping<Account> = ["nickname": try spelling.apply("x$", to: .property(\.nickname))]
        let text = "🇵🇱👨‍👩‍👧e\u{301} x"
        #expect(Self.map(["nickname": text], mapping).account.nickname == text)
    }

    @Test func passesOnAbsentAndNull() {
        let mapping: Mapping<Account> = ["email": .property(\.email).matchesRegEx(Self.emailPattern)]
        let absent = Self.map([:], mapping, from: Account(email: "before"))
        #expect(absent.errors.isEmpty)
        #expect(absent.account.email == "before")
        let null = Self.map(["email": NSNull()], mapping, from: Account(email: "before"))
        #expect(null.errors.isEmpty)
        #expect(null.account.email == nil)
    }

    @Test(arguments: SourceForm.allCases)
    func nonStringValueIsAnErrorWithTheValidatorsRule(form: SourceForm) throws {
        let mapping: Mapping<Loose> = [
            "count": .property(\.value).matchesRegEx("^[0-9]+$"),
            "flag": .property(\.other).matchesRegEx("true"),
            "tags": .property(\.third).matchesRegEx("a"),
        ]
        #expect(mapping.definitionErrors.isEmpty)
        let loose = Loose()
        let errors = mappingErrors {
            try Mapper.mapValues(from: form(["count": 5, "flag": true, "tags": ["a"]]), to: loose, using: mapping)
        }
        #expect(errors.map(\.rule) == ["matchesRegEx", "matchesRegEx", "matchesRegEx"])
        #expect(errors.map(\.path) == ["count", "flag", "tags"])
        #expect(errors.map(\.value) == ["5", "true", #"["a"]"#])
        #expect(loose.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func nonStringPropertyIsADefinitionError(form: SourceForm) throws {
        let mapping: Mapping<Account> = [
            "count": .property(\.count).matchesRegEx("^[0-9]+$"),
            "flag": .property(\.flag).matchesRegEx("true"),
            "tags": .property(\.tags).matchesRegEx("a"),
        ]
        expectDefinitionErrors(mapping.definitionErrors, [("count", "count"), ("flag", "flag"), ("tags", "tags")])
        let result = Self.map(try form(["count": 5, "flag": true, "tags": ["a"]]), mapping)
        #expect(result.errors == mapping.definitionErrors)
    }

    @Test(arguments: SourceForm.allCases)
    func wrongPropertyTypeIsOneTypeErrorOnly(form: SourceForm) throws {
        let mapping: Mapping<Account> = ["email": .property(\.email).matchesRegEx(Self.emailPattern)]
        let result = Self.map(try form(["email": 5]), mapping)
        expectOnlyError(result.errors, path: "email", property: "email", rule: "type", value: "5")
    }

    @Test(arguments: ["(", "[a-", "a{2,1}", "*", #"\"#])
    func invalidPatternNeverTrapsAndIsADefinitionErrorOnEveryEntry(pattern: String) {
        let mapping: Mapping<Account> = [
            "email": .property(\.email).matchesRegEx(pattern),
            "nickname": .property(\.nickname).matchesRegEx(pattern),
            "count": .property(\.count).matchesRegEx(pattern),
            "tags": .property(\.tags).matchesRegEx(pattern),
            "flag": .property(\.flag).matchesRegEx(pattern),
        ]
        // The invalid pattern is the entry's one definition error, even where matchesRegEx could
        // never judge the field (count, flag).
        expectDefinitionErrors(
            mapping.definitionErrors,
            [
                ("email", "email"), ("nickname", "nickname"), ("count", "count"), ("tags", "tags"), ("flag", "flag"),
            ])
        #expect(mapping.definitionErrors.allSatisfy { $0.message.contains(pattern) })
        let errors = Self.map(["email": "user@example.com", "nickname": "", "count": 3, "flag": NSNull()], mapping).errors
        #expect(errors == mapping.definitionErrors)
        #expect(Self.map([:], mapping).errors == mapping.definitionErrors)
    }
}

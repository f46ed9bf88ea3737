import Foundation
import PropertyMapper
import Testing

@Suite struct LengthTests {
    struct Profile: Equatable {
        var name: String?
        var code = ""
        var tags: [String]?
        var count: Int?
        var flag: Bool?
        var scores: [String: Int]?
        var homepage: URL?
    }

    static func map(
        _ source: [String: Any],
        _ mapping: Mapping<Profile>,
        from start: Profile = Profile(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (profile: Profile, errors: [ValidationError]) {
        var profile = start
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &profile, using: mapping)
        } catch {
            #expect(profile == start, "nothing is written after a failure", sourceLocation: sourceLocation)
            return (profile, error.errors)
        }
        return (profile, [])
    }

    /// The three spellings of "2 to 4 characters".
    enum RangeSpelling: String, CaseIterable, Sendable {
        case pair, swappedPair, closedRange

        func apply(_ descriptor: PropertyDescriptor<Profile>) -> PropertyDescriptor<Profile> {
            switch self {
            case .pair: descriptor.lengthRange(2, 4)
            case .swappedPair: descriptor.lengthRange(4, 2)
            case .closedRange: descriptor.lengthRange(2...4)
            }
        }
    }

    // MARK: lengthRange

    @Test(arguments: RangeSpelling.allCases, ["ab", "abc", "abcd"])
    func lengthRangeAcceptsLengthsWithinBounds(spelling: RangeSpelling, name: String) throws {
        let mapping: Mapping<Profile> = ["name": spelling.apply(.property(\.name))]
        for form in SourceForm.allCases {
            let result = Self.map(try form(["name": name]), mapping)
            #expect(result.errors.isEmpty)
            #expect(result.profile.name == name)
        }
    }

    @Test(arguments: RangeSpelling.allCases, ["", "a", "abcde"])
    func lengthRangeRejectsLengthsOutsideBounds(spelling: RangeSpelling, name: String) throws {
        let mapping: Mapping<Profile> = ["name": spelling.apply(.property(\.name))]
        for form in SourceForm.allCases {
            let result = Self.map(try form(["name": name]), mapping, from: Profile(name: "before"))
            expectOnlyError(result.errors, path: "name", property: "name", rule: "lengthRange", value: "\"\(name)\"")
        }
    }

    @Test func lengthRangeReportsLongValueCutWithItsLength() {
        let mapping: Mapping<Profile> = ["name": .property(\.name).lengthRange(1, 80)]
        let result = Self.map(["name": String(repeating: "x", count: 200)], mapping)
        let cut = "\"" + String(repeating: "x", count: 23) + "…\" (200 characters)"
        expectOnlyError(result.errors, path: "name", property: "name", rule: "lengthRange", value: cut)
    }

    // MARK: length, minLength, maxLength

    @Test(arguments: SourceForm.allCases)
    func lengthRequiresExactCount(form: SourceForm) throws {
        let mapping: Mapping<Profile> = ["code": .property(\.code).length(2)]
        #expect(Self.map(try form(["code": "PL"]), mapping).profile.code == "PL")
        for code in ["P", "POL", ""] {
            let result = Self.map(try form(["code": code]), mapping)
            expectOnlyError(result.errors, path: "code", property: "code", rule: "length", value: "\"\(code)\"")
        }
    }

    @Test(arguments: SourceForm.allCases)
    func minLengthRequiresAtLeastCount(form: SourceForm) throws {
        let mapping: Mapping<Profile> = ["code": .property(\.code).minLength(3)]
        for code in ["abc", "abcdefghij"] {
            #expect(Self.map(try form(["code": code]), mapping).profile.code == code)
        }
        for code in ["", "ab"] {
            let result = Self.map(try form(["code": code]), mapping)
            expectOnlyError(result.errors, path: "code", property: "code", rule: "minLength", value: "\"\(code)\"")
        }
    }

    @Test(arguments: SourceForm.allCases)
    func maxLengthRequiresAtMostCount(form: SourceForm) throws {
        let mapping: Mapping<Profile> = ["code": .property(\.code).maxLength(3)]
        for code in ["", "abc"] {
            let result = Self.map(try form(["code": code]), mapping, from: Profile(code: "before"))
            #expect(result.errors.isEmpty)
            #expect(result.profile.code == code)
        }
        let result = Self.map(try form(["code": "abcd"]), mapping)
        expectOnlyError(result.errors, path: "code", property: "code", rule: "maxLength", value: #""abcd""#)
    }

    // MARK: Characters, not bytes or UTF-16 units

    /// Each is one Character but several bytes, and most are several Unicode scalars.
    static let singleCharacters = [
        "é",  // precomposed U+00E9: 2 bytes
        "e\u{301}",  // e + combining acute: 2 scalars
        "👍🏽",  // emoji + skin tone modifier: 2 scalars, 4 UTF-16 units
        "🇵🇱",  // flag: 2 regional indicators, 8 bytes
        "👨‍👩‍👧",  // family joined by ZWJ: 5 scalars
        "\u{1100}\u{1161}\u{11A8}",  // Hangul syllable as three jamo
    ]

    @Test(arguments: singleCharacters, SourceForm.allCases)
    func countsOneCharacterAsOne(text: String, form: SourceForm) throws {
        let mapping: Mapping<Profile> = [
            "name": .property(\.name).length(1).maxLength(1).lengthRange(1, 1),
            "code": .property(\.code).length(3),
        ]
        let result = Self.map(try form(["name": text, "code": text + "a" + text]), mapping)
        #expect(result.errors.isEmpty)
        #expect(result.profile.name == text)
    }

    @Test(arguments: singleCharacters)
    func reportsTwoCharactersAsTooLong(text: String) {
        let mapping: Mapping<Profile> = ["name": .property(\.name).maxLength(1)]
        let result = Self.map(["name": text + text], mapping)
        expectOnlyError(result.errors, path: "name", property: "name", rule: "maxLength", value: "\"\(text)\(text)\"")
    }

    // MARK: Arrays

    @Test(arguments: SourceForm.allCases)
    func countsArraysInElements(form: SourceForm) throws {
        let mapping: Mapping<Profile> = ["tags": .property(\.tags).lengthRange(1, 2)]
        let long = ["a tag much longer than two characters"]
        #expect(Self.map(try form(["tags": long]), mapping).profile.tags == long)
        #expect(Self.map(try form(["tags": ["a", "b"]]), mapping).profile.tags == ["a", "b"])
        let tooMany = Self.map(try form(["tags": ["a", "b", "c"]]), mapping)
        expectOnlyError(tooMany.errors, path: "tags", property: "tags", rule: "lengthRange", value: #"["a", "b", "c"]"#)
        let empty = Self.map(try form(["tags": [String]()]), mapping)
        expectOnlyError(empty.errors, path: "tags", property: "tags", rule: "lengthRange", value: "[]")
    }

    @Test func arrayRulesEachCountElements() {
        let mapping: Mapping<Profile> = ["tags": .property(\.tags).length(2).minLength(3).maxLength(1)]
        let errors = Self.map(["tags": ["a", "b"]], mapping).errors
        #expect(errors.map(\.rule) == ["minLength", "maxLength"])
    }

    @Test func countsFoundationStringsAndArraysLikeSwiftOnes() {
        let mapping: Mapping<Profile> = [
            "name": .property(\.name).length(2),
            "tags": .property(\.tags).maxLength(2),
        ]
        let source = NSDictionary(dictionary: [
            "name": NSString(string: "e\u{301}\u{1F1F5}\u{1F1F1}"),
            "tags": NSArray(array: ["a", "b", "c"]),
        ])
        let errors = Mapper.validate(source, for: Profile(), using: mapping)
        #expect(errors.map(\.rule) == ["maxLength"])
        #expect(errors.map(\.path) == ["tags"])
    }

    // MARK: Absent, null, wrong kind

    @Test func passesOnAbsentAndNull() {
        let mapping: Mapping<Profile> = [
            "name": .property(\.name).lengthRange(2, 4).length(3).minLength(3).maxLength(3),
            "tags": .property(\.tags).lengthRange(1...2),
        ]
        let absent = Self.map([:], mapping, from: Profile(name: "before", tags: ["x"]))
        #expect(absent.errors.isEmpty)
        #expect(absent.profile.name == "before")
        #expect(absent.profile.tags == ["x"])
        let null = Self.map(["name": NSNull(), "tags": NSNull()], mapping, from: Profile(name: "before", tags: ["x"]))
        #expect(null.errors.isEmpty)
        #expect(null.profile.name == nil)
        #expect(null.profile.tags == nil)
    }

    /// An `Any?` property receives every kind of value: a number there is an error with the validator's rule.
    @Test(arguments: SourceForm.allCases)
    func numberIsAnErrorWithTheValidatorsRule(form: SourceForm) throws {
        let mapping: Mapping<Loose> = ["count": .property(\.value).lengthRange(1, 3)]
        #expect(mapping.definitionErrors.isEmpty)
        let loose = Loose()
        let errors = mappingErrors { try Mapper.mapValues(from: form(["count": 42]), to: loose, using: mapping) }
        expectOnlyError(errors, path: "count", property: "value", rule: "lengthRange", value: "42")
        #expect(loose.isUnchanged)
        // A string or an array of the right length still passes there.
        try Mapper.mapValues(from: form(["count": "abc"]), to: loose, using: mapping)
        #expect(loose.value as? String == "abc")
    }

    /// An `Int?` property never receives a string or an array: the mapping itself is wrong.
    @Test(arguments: SourceForm.allCases)
    func lengthOnAnIntegerPropertyIsADefinitionError(form: SourceForm) throws {
        let mapping: Mapping<Profile> = ["count": .property(\.count).lengthRange(1, 3)]
        expectDefinitionErrors(mapping.definitionErrors, [("count", "count")])
        for value: Any in [42, "abc", NSNull()] {
            let result = Self.map(try form(["count": value]), mapping)
            #expect(result.errors == mapping.definitionErrors)
        }
    }

    @Test(arguments: SourceForm.allCases)
    func booleanAndDictionaryAreErrorsWithTheValidatorsRule(form: SourceForm) throws {
        let mapping: Mapping<Loose> = [
            "flag": .property(\.value).minLength(1),
            "scores": .property(\.other).maxLength(5),
        ]
        #expect(mapping.definitionErrors.isEmpty)
        let loose = Loose()
        let errors = mappingErrors { try Mapper.mapValues(from: form(["flag": true, "scores": ["a": 1]]), to: loose, using: mapping) }
        #expect(errors.map(\.rule) == ["minLength", "maxLength"])
        #expect(errors.map(\.path) == ["flag", "scores"])
        #expect(errors.map(\.value) == ["true", "{…} (1 key)"])
        #expect(loose.isUnchanged)
    }

    @Test(arguments: SourceForm.allCases)
    func lengthOnBooleanAndDictionaryPropertiesIsADefinitionError(form: SourceForm) throws {
        let mapping: Mapping<Profile> = [
            "flag": .property(\.flag).minLength(1),
            "scores": .property(\.scores).maxLength(5),
        ]
        expectDefinitionErrors(mapping.definitionErrors, [("flag", "flag"), ("scores", "scores")])
        let result = Self.map(try form(["flag": true, "scores": ["a": 1]]), mapping)
        #expect(result.errors == mapping.definitionErrors)
        #expect(result.profile == Profile())
    }

    @Test(arguments: SourceForm.allCases)
    func wrongPropertyTypeIsOneTypeErrorOnly(form: SourceForm) throws {
        let mapping: Mapping<Profile> = ["name": .property(\.name).isRequired().lengthRange(10, 20).length(15)]
        let result = Self.map(try form(["name": 42]), mapping)
        expectOnlyError(result.errors, path: "name", property: "name", rule: "type", value: "42")
    }

    @Test func lengthOfABoxedValueIsTheSourceString() {
        let mapping: Mapping<Profile> = ["homepage": .box(.url, \.homepage).maxLength(20)]
        let long = "https://example.com/a/long/path"
        let result = Self.map(["homepage": long], mapping)
        expectOnlyError(result.errors, path: "homepage", property: "homepage", rule: "maxLength", value: "\"\(long)\"")
        #expect(Self.map(["homepage": "https://a.io"], mapping).profile.homepage == URL(string: "https://a.io"))
    }
}

import FeedModel
import Foundation
import PropertyMapper
import Testing

/// The exact text of every kind of error: `message` and `description`.
@Suite struct ErrorMessageTests {
    struct Sheet {
        var id = 0
        var title = ""
        var flag = false
        var count: Int?
        var small: Int8 = 0
        var score = 0.0
        var ratio: Float = 0
        var raw: Any?
        var link: URL?
        var published: Date?
        var uuid: UUID?
        var kind: VideoType = .live
        var optionalKind: VideoType?
        var email = ""
        var authorID = 0
        var latitude = 0.0
        var longitude = 0.0
        var tags: [String] = []
        var links: [URL] = []
        var amount: Decimal = 0
        var counts: [String: Int] = [:]

        func kind(from text: String) -> VideoType? { VideoType(rawValue: text) }
        func strictKind(from text: String) throws -> VideoType {
            guard let kind = VideoType(rawValue: text) else { throw Rejected() }
            return kind
        }
    }

    struct Rejected: Error, CustomStringConvertible {
        var description: String { "rejected by the server" }
    }

    /// Expects one error with exactly this message and description.
    static func expectText(
        _ source: Any?,
        _ mapping: Mapping<Sheet>,
        message: String,
        description: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let errors = Mapper.validate(source, for: Sheet(), using: mapping)
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.first?.message == message, sourceLocation: sourceLocation)
        #expect(errors.first?.description == description, sourceLocation: sourceLocation)
    }

    // MARK: isRequired

    @Test func isRequiredOnAbsentValue() {
        Self.expectText(
            [String: Any](), ["title": .property(\.title).isRequired()],
            message: "value is missing",
            description: "title → title: value is missing [isRequired]")
    }

    @Test func isRequiredOnNull() {
        Self.expectText(
            ["title": NSNull()], ["title": .property(\.title).isRequired()],
            message: "expected a value",
            description: "title → title: expected a value; got null [isRequired]")
    }

    @Test func isRequiredOnNestedEntryWithAbsentContainer() {
        Self.expectText(
            [String: Any](), ["author": ["email": .property(\.email).isRequired()]],
            message: "value is missing",
            description: "author.email → email: value is missing [isRequired]")
    }

    // MARK: type

    @Test func typeStringForInt() {
        Self.expectText(
            ["id": "42"], ["id": .property(\.id)],
            message: "a string, expected Int",
            description: #"id → id: a string, expected Int; got "42" [type]"#)
    }

    @Test func typeForEveryMemberOfAListIsOneError() {
        Self.expectText(
            ["title": 42], ["title": .list(.property(\.title), .property(\.email))],
            message: "a number, expected String",
            description: "title → title, email: a number, expected String; got 42 [type]")
    }

    @Test func typeStringForOptionalInt() {
        Self.expectText(
            ["count": "42"], ["count": .property(\.count)],
            message: "a string, expected Int",
            description: #"count → count: a string, expected Int; got "42" [type]"#)
    }

    @Test func typeNumberForString() {
        Self.expectText(
            ["title": 42], ["title": .property(\.title)],
            message: "a number, expected String",
            description: "title → title: a number, expected String; got 42 [type]")
    }

    @Test(arguments: SourceForm.allCases)
    func typeBooleanForInt(form: SourceForm) throws {
        Self.expectText(
            try form(["id": true]), ["id": .property(\.id)],
            message: "a boolean, expected Int",
            description: "id → id: a boolean, expected Int; got true [type]")
    }

    @Test(arguments: SourceForm.allCases)
    func typeNumberForBool(form: SourceForm) throws {
        Self.expectText(
            try form(["flag": 1]), ["flag": .property(\.flag)],
            message: "a number, expected Bool",
            description: "flag → flag: a number, expected Bool; got 1 [type]")
    }

    @Test func typeNullForNonOptional() {
        Self.expectText(
            ["id": NSNull()], ["id": .property(\.id)],
            message: "expected Int, which is not optional",
            description: "id → id: expected Int, which is not optional; got null [type]")
    }

    @Test func typeNullForNonOptionalBoxAndCall() {
        Self.expectText(
            ["kind": NSNull()], ["kind": .call(Sheet.kind(from:), \.kind)],
            message: "expected VideoType, which is not optional",
            description: "kind → kind: expected VideoType, which is not optional; got null [type]")
    }

    @Test func typeIntegerOutOfRange() {
        Self.expectText(
            ["small": 300], ["small": .property(\.small)],
            message: "a number out of range, expected Int8 (-128...127)",
            description: "small → small: a number out of range, expected Int8 (-128...127); got 300 [type]")
    }

    @Test func typeFloatOutOfRange() {
        Self.expectText(
            ["ratio": 1e300], ["ratio": .property(\.ratio)],
            message: "a number out of range, expected Float (±3.4028235e+38)",
            description: "ratio → ratio: a number out of range, expected Float (±3.4028235e+38); got 1e+300 [type]")
    }

    @Test func typeFractionIntoInt() {
        Self.expectText(
            ["id": 2.5], ["id": .property(\.id)],
            message: "a number with a fractional part, expected Int",
            description: "id → id: a number with a fractional part, expected Int; got 2.5 [type]")
    }

    @Test func typeIntegerWiderThan64Bits() throws {
        Self.expectText(
            try Fixtures.parse(#"{"id": 100000000000000000000}"#), ["id": .property(\.id)],
            message: "an integer wider than 64 bits, expected Int",
            description: "id → id: an integer wider than 64 bits, expected Int; got 100000000000000000000 [type]")
    }

    @Test func typeNonFiniteNumber() {
        Self.expectText(
            ["score": Double.nan], ["score": .property(\.score)],
            message: "a non-finite number, expected Double",
            description: "score → score: a non-finite number, expected Double; got NaN [type]")
        Self.expectText(
            ["score": -Double.infinity], ["score": .property(\.score)],
            message: "a non-finite number, expected Double",
            description: "score → score: a non-finite number, expected Double; got -Infinity [type]")
    }

    @Test func typeDictionaryWithAKeyThatIsNotAString() {
        Self.expectText(
            ["counts": [AnyHashable(1): 10, AnyHashable("ok"): 20] as [AnyHashable: Any]], ["counts": .property(\.counts)],
            message: "a dictionary with a key that is not a string, expected [String: Int]",
            description: "counts → counts: a dictionary with a key that is not a string, expected [String: Int]; got {…} (2 keys) [type]")
    }

    @Test func typeShapeDictionaryExpected() {
        Self.expectText(
            ["author": "Romeo"], ["author": ["id": .property(\.authorID), "email": .property(\.email)]],
            message: "a string, expected a dictionary",
            description: #"author → authorID, email: a string, expected a dictionary; got "Romeo" [type]"#)
    }

    @Test func typeShapeArrayExpected() {
        Self.expectText(
            ["geo": ["lat": 1.5]], ["geo": [0: .property(\.latitude), 1: .property(\.longitude)]],
            message: "a dictionary, expected an array",
            description: "geo → latitude, longitude: a dictionary, expected an array; got {…} (1 key) [type]")
    }

    @Test func typeShapeAtTheRoot() {
        Self.expectText(
            [1, 2], ["id": .property(\.id), "title": .property(\.title)],
            message: "an array, expected a dictionary",
            description: "(root) → id, title: an array, expected a dictionary; got [1, 2] [type]")
    }

    @Test func typeArrayElement() {
        Self.expectText(
            ["tags": ["a", 2, "c"]], ["tags": .property(\.tags)],
            message: "a number, expected String",
            description: "tags[1] → tags: a number, expected String; got 2 [type]")
        Self.expectText(
            ["tags": ["a", NSNull()]], ["tags": .property(\.tags)],
            message: "expected String, which is not optional",
            description: "tags[1] → tags: expected String, which is not optional; got null [type]")
        Self.expectText(
            ["tags": "a"], ["tags": .property(\.tags)],
            message: "a string, expected [String]",
            description: #"tags → tags: a string, expected [String]; got "a" [type]"#)
    }

    @Test func typeBoxingInput() {
        Self.expectText(
            ["link": 5], ["link": .box(.url, \.link)],
            message: "a number, expected String",
            description: "link → link: a number, expected String; got 5 [type]")
    }

    // MARK: Validators

    @Test func lengthRangeMessage() {
        Self.expectText(
            ["title": String(repeating: "x", count: 200)], ["title": .property(\.title).lengthRange(1, 80)],
            message: "200 characters, expected 1...80",
            description: #"title → title: 200 characters, expected 1...80; got "xxxxxxxxxxxxxxxxxxxxxxx…" (200 characters) [lengthRange]"#)
        Self.expectText(
            ["title": ""], ["title": .property(\.title).lengthRange(80, 1)],
            message: "0 characters, expected 1...80",
            description: #"title → title: 0 characters, expected 1...80; got "" [lengthRange]"#)
    }

    @Test func lengthMessages() {
        Self.expectText(
            ["title": "abc"], ["title": .property(\.title).length(2)],
            message: "3 characters, expected exactly 2",
            description: #"title → title: 3 characters, expected exactly 2; got "abc" [length]"#)
        Self.expectText(
            ["title": "a"], ["title": .property(\.title).minLength(3)],
            message: "1 character, expected at least 3",
            description: #"title → title: 1 character, expected at least 3; got "a" [minLength]"#)
        Self.expectText(
            ["tags": ["a", "b", "c"]], ["tags": .property(\.tags).maxLength(2)],
            message: "3 elements, expected at most 2",
            description: #"tags → tags: 3 elements, expected at most 2; got ["a", "b", "c"] [maxLength]"#)
        Self.expectText(
            ["tags": ["a"]], ["tags": .property(\.tags).minLength(2)],
            message: "1 element, expected at least 2",
            description: #"tags → tags: 1 element, expected at least 2; got ["a"] [minLength]"#)
    }

    @Test func lengthOnANumber() {
        // Only a property typed `Any?` can receive a number under a length validator.
        Self.expectText(
            ["raw": 42], ["raw": .property(\.raw).lengthRange(1, 3)],
            message: "a number, expected a string or an array",
            description: "raw → raw: a number, expected a string or an array; got 42 [lengthRange]")
    }

    @Test func matchesRegExMessages() {
        Self.expectText(
            ["email": "ABC"], ["email": .property(\.email).matchesRegEx("^[a-z]+$")],
            message: "no match, expected a match for /^[a-z]+$/",
            description: #"email → email: no match, expected a match for /^[a-z]+$/; got "ABC" [matchesRegEx]"#)
        Self.expectText(
            ["raw": 5], ["raw": .property(\.raw).matchesRegEx("^[0-9]+$")],
            message: "a number, expected a string",
            description: "raw → raw: a number, expected a string; got 5 [matchesRegEx]")
    }

    @Test func oneOfMessages() {
        Self.expectText(
            ["title": "hologram"], ["title": .property(\.title).oneOf(["shortVideo", "longVideo", "live"])],
            message: #"not in the list, expected one of "shortVideo", "longVideo", "live""#,
            description: #"title → title: not in the list, expected one of "shortVideo", "longVideo", "live"; got "hologram" [oneOf]"#)
        Self.expectText(
            ["count": 4], ["count": .property(\.count).oneOf([1, 2, 3])],
            message: "not in the list, expected one of 1, 2, 3",
            description: "count → count: not in the list, expected one of 1, 2, 3; got 4 [oneOf]")
    }

    /// A number of the candidates' kind that their type cannot hold (a fraction among integers, 300 among `Int8`s) is not
    /// among them: that is the message, not the conversion's.
    @Test func aNumberTheCandidatesTypeCannotHoldIsNotInTheList() {
        Self.expectText(
            ["amount": "1.5"], ["amount": .box(.decimal, \.amount).oneOf([1, 2])],
            message: "not in the list, expected one of 1, 2",
            description: #"amount → amount: not in the list, expected one of 1, 2; got "1.5" [oneOf]"#)
        Self.expectText(
            ["score": 2.5], ["score": .property(\.score).equalTo(2)],
            message: "a different value, expected 2",
            description: "score → score: a different value, expected 2; got 2.5 [equalTo]")
        Self.expectText(
            ["count": 300], ["count": .property(\.count).oneOf([Int8(1), 2])],
            message: "not in the list, expected one of 1, 2",
            description: "count → count: not in the list, expected one of 1, 2; got 300 [oneOf]")
    }

    @Test func equalToMessages() {
        Self.expectText(
            ["count": 3], ["count": .property(\.count).equalTo(2)],
            message: "a different value, expected 2",
            description: "count → count: a different value, expected 2; got 3 [equalTo]")
        Self.expectText(
            ["title": "Feed"], ["title": .property(\.title).equalTo("feed")],
            message: #"a different value, expected "feed""#,
            description: #"title → title: a different value, expected "feed"; got "Feed" [equalTo]"#)
        Self.expectText(
            ["flag": false], ["flag": .property(\.flag).equalTo(true)],
            message: "a different value, expected true",
            description: "flag → flag: a different value, expected true; got false [equalTo]")
    }

    @Test func numberBoundMessages() {
        Self.expectText(
            ["id": 0], ["id": .property(\.id).min(1)],
            message: "out of bounds, expected at least 1",
            description: "id → id: out of bounds, expected at least 1; got 0 [min]")
        Self.expectText(
            ["score": 2.7], ["score": .property(\.score).max(2)],
            message: "out of bounds, expected at most 2",
            description: "score → score: out of bounds, expected at most 2; got 2.7 [max]")
        Self.expectText(
            ["count": 9], ["count": .property(\.count).range(5, 1)],
            message: "out of bounds, expected 1...5",
            description: "count → count: out of bounds, expected 1...5; got 9 [range]")
        Self.expectText(
            ["score": -5.0], ["score": .property(\.score).range(0.0...86_400.0)],
            message: "out of bounds, expected 0.0...86400.0",
            description: "score → score: out of bounds, expected 0.0...86400.0; got -5.0 [range]")
    }

    @Test func numberBoundOnAStringOrABoolean() {
        Self.expectText(
            ["raw": "5"], ["raw": .property(\.raw).min(1)],
            message: "a string, expected a number",
            description: #"raw → raw: a string, expected a number; got "5" [min]"#)
        Self.expectText(
            ["raw": true], ["raw": .property(\.raw).range(0, 1)],
            message: "a boolean, expected a number",
            description: "raw → raw: a boolean, expected a number; got true [range]")
    }

    @Test func customValidatorMessages() {
        Self.expectText(
            ["count": 3], ["count": .property(\.count).validate("isEven") { (number: Int) in number.isMultiple(of: 2) }],
            message: "does not pass isEven",
            description: "count → count: does not pass isEven; got 3 [isEven]")
        Self.expectText(
            ["title": "romeo"], ["title": .property(\.title).validate("isAvailable") { (_: String) throws -> Bool in throw Rejected() }],
            message: "does not pass isAvailable: rejected by the server",
            description: #"title → title: does not pass isAvailable: rejected by the server; got "romeo" [isAvailable]"#)
        Self.expectText(
            ["raw": 42], ["raw": .property(\.raw).validate("isShort") { (text: String) in text.count < 5 }],
            message: "a number, expected String",
            description: "raw → raw: a number, expected String; got 42 [isShort]")
    }

    @Test func customValidatorOnAValueItsInputCannotHold() {
        // The value is a number, but not one an Int8 holds; the message only names the type.
        Self.expectText(
            ["raw": 300], ["raw": .property(\.raw).validate("isSmall") { (number: Int8) in number > 0 }],
            message: "a number out of range, expected Int8 (-128...127)",
            description: "raw → raw: a number out of range, expected Int8 (-128...127); got 300 [isSmall]")
        Self.expectText(
            ["raw": ["a", 1]], ["raw": .property(\.raw).validate("isShortList") { (list: [String]) in list.count < 3 }],
            message: "at [1]: a number, expected String",
            description: #"raw → raw: at [1]: a number, expected String; got ["a", 1] [isShortList]"#)
    }

    @Test func equalToACandidateTheSourceCannotBe() {
        // An enum candidate reads the source as a raw value: one that names no case says which do.
        Self.expectText(
            ["optionalKind": "clip"], ["optionalKind": .call(Sheet.kind(from:), \.optionalKind).equalTo(VideoType.live)],
            message: #"not a VideoType, expected one of "shortVideo", "longVideo", "live""#,
            description:
                #"optionalKind → optionalKind: not a VideoType, expected one of "shortVideo", "longVideo", "live"; got "clip" [equalTo]"#)
        Self.expectText(
            ["optionalKind": 1], ["optionalKind": .property(\.optionalKind).equalTo(VideoType.live)],
            message: "a number, expected VideoType",
            description: "optionalKind → optionalKind: a number, expected VideoType; got 1 [type]")
    }

    @Test func oneOfAnEmptyList() {
        Self.expectText(
            ["title": "x"], ["title": .property(\.title).oneOf([String]())],
            message: "no value is allowed (the list of candidates is empty)",
            description: #"title → title: no value is allowed (the list of candidates is empty); got "x" [oneOf]"#)
    }

    // MARK: mapping (definition errors)

    /// Expects the mapping to have exactly one definition error, with this message and description,
    /// and `validate` to return it whatever the source.
    static func expectDefinitionText(
        _ mapping: Mapping<Sheet>,
        message: String,
        description: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let errors = mapping.definitionErrors
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.first?.message == message, sourceLocation: sourceLocation)
        #expect(errors.first?.description == description, sourceLocation: sourceLocation)
        #expect(Mapper.validate([String: Any](), for: Sheet(), using: mapping) == errors, sourceLocation: sourceLocation)
    }

    /// A `let` in a mapping that writes into an instance: the same words whichever entry point
    /// refuses the mapping (`map`, `mapValues`, `validate`, `serialize`).
    @Test func definitionReadOnlyTarget() {
        struct Frozen {
            let id: Int
        }
        let mapping: Mapping<Frozen> = ["id": .property(\.id)]
        let message =
            "this key path is read-only: a mapping that writes into an instance cannot target it "
            + "(only an ImmutableMappable model's mapping may target a let)"
        #expect(mapping.definitionErrors.map(\.message) == [message])
        #expect(mapping.definitionErrors.map(\.description) == ["id → id: \(message) [mapping]"])
    }

    /// A rule pointing at a key path the mapping does not write, and a rule's own message.
    @Test func definitionRuleAtAnUnmappedKeyPathAndARulesMessage() {
        struct Stay {
            var start = 0
            var end = 0
        }
        let unmapped = Mapping<Stay>(rules: [MappingRule("late", at: \.end) { _ in true }], ["start": .property(\.start)])
        #expect(
            unmapped.definitionErrors.map(\.description) == [
                "(root): the rule late points at \\Stay.end, which this mapping does not write [mapping]"
            ])
        let worded = Mapping<Stay>(
            rules: [MappingRule("ordered", at: \.end, message: "must follow the start") { try $0[\.end] > $0[\.start] }],
            ["start": .property(\.start), "end": .property(\.end)])
        var stay = Stay()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["start": 3, "end": 1], to: &stay, using: worded) }
        #expect(error?.errors.map(\.description) == ["end → end: must follow the start; got 1 [ordered]"])
    }

    /// A computed property's key path prints with its getter's address, another on every run: a message names its type.
    @Test func aComputedKeyPathIsNamedWithoutAnAddress() {
        struct Stay {
            var start = 0
            var nights: Int { start * 2 }
        }
        let mapping = Mapping<Stay>(rules: [MappingRule("short", at: \.nights) { _ in true }], ["start": .property(\.start)])
        #expect(
            mapping.definitionErrors.map(\.description) == [
                "(root): the rule short points at \\Stay.<computed Int>, which this mapping does not write [mapping]"
            ])
        struct Night: ImmutableMappable {
            let start: Int
            var twice: Int { start * 2 }
            static let mapping = Mapping<Night>(rules: [MappingRule("positive") { try $0[\.twice] > 0 }], ["start": .property(\.start)])
            init(_ values: MappedValues<Night>) throws {
                start = try values[\.start]
            }
        }
        #expect(Mapper.validate(["start": 1], as: Night.self).map(\.message) == ["\\Night.<computed Int> is not a target of this mapping"])
    }

    @Test func definitionLengthOnAnInteger() {
        Self.expectDefinitionText(
            ["count": .property(\.count).lengthRange(1, 3)],
            message: "lengthRange can never judge this field, which receives Int? (lengthRange judges a string or an array)",
            description:
                "count → count: lengthRange can never judge this field, which receives Int? (lengthRange judges a string or an array) [mapping]"
        )
    }

    @Test func definitionMatchesRegExOnAnInteger() {
        Self.expectDefinitionText(
            ["count": .property(\.count).matchesRegEx("^[0-9]+$")],
            message: "matchesRegEx can never judge this field, which receives Int? (matchesRegEx judges a string)",
            description:
                "count → count: matchesRegEx can never judge this field, which receives Int? (matchesRegEx judges a string) [mapping]")
    }

    @Test func definitionNumberBoundOnAString() {
        Self.expectDefinitionText(
            ["title": .property(\.title).range(1, 5)],
            message: "range can never judge this field, which receives String (range judges a number)",
            description: "title → title: range can never judge this field, which receives String (range judges a number) [mapping]")
    }

    @Test func definitionTypedValidatorOnAnotherType() {
        Self.expectDefinitionText(
            ["id": .property(\.id).validate("isShort") { (text: String) in text.count < 5 }],
            message: "isShort can never judge this field, which receives Int (isShort judges String)",
            description: "id → id: isShort can never judge this field, which receives Int (isShort judges String) [mapping]")
    }

    @Test func definitionOneOfCandidatesOfAnotherType() {
        Self.expectDefinitionText(
            ["title": .property(\.title).oneOf([1, 2, 3])],
            message: "oneOf can never judge this field, which receives String (oneOf judges Int)",
            description: "title → title: oneOf can never judge this field, which receives String (oneOf judges Int) [mapping]")
    }

    @Test func definitionValidatorOnANestedMapping() {
        let author: PropertyDescriptor<Sheet> = ["email": .property(\.email)]
        Self.expectDefinitionText(
            ["author": author.matchesRegEx("@")],
            message: "matchesRegEx can never judge this field, which receives a dictionary (matchesRegEx judges a string)",
            description:
                "author → email: matchesRegEx can never judge this field, which receives a dictionary (matchesRegEx judges a string) [mapping]"
        )
    }

    @Test func definitionDuplicateKey() {
        Self.expectDefinitionText(
            ["title": .property(\.title), "title": .property(\.email)],
            message: "the key title is mapped twice at this level; map it once (use .list(…) to give one value to several properties)",
            description:
                "title → email: the key title is mapped twice at this level; map it once (use .list(…) to give one value to several properties) [mapping]"
        )
        Self.expectDefinitionText(
            ["geo": [1: .property(\.latitude), 1: .property(\.longitude)]],
            message: "the key [1] is mapped twice at this level; map it once (use .list(…) to give one value to several properties)",
            description:
                "geo[1] → longitude: the key [1] is mapped twice at this level; map it once (use .list(…) to give one value to several properties) [mapping]"
        )
    }

    @Test func definitionNegativeIndex() {
        Self.expectDefinitionText(
            ["geo": [-1: .property(\.latitude)]],
            message: "the index -1 is below zero; indices count from 0",
            description: "geo[-1] → latitude: the index -1 is below zero; indices count from 0 [mapping]")
    }

    @Test func serializeAnIndexBeyondWhatAnArrayIsWrittenTo() throws {
        let mapping: Mapping<Sheet> = ["geo": [0: .property(\.latitude), 2_000_000: .property(\.longitude)]]
        let error = try #require(throws: MappingError.self) { try Mapper.serializeJSON(Sheet(), using: mapping) }
        #expect(
            error.errors.map(\.description) == [
                "geo[2000000] → longitude: index 2000000 cannot be serialized: an array is written with a null at each index "
                    + "before it, up to index 1048575 (mark the field .oneWay() to only read it) [serialize]"
            ])
    }

    @Test func definitionMixedKeysAndIndices() {
        Self.expectDefinitionText(
            ["geo": ["lat": .property(\.latitude), 1: .property(\.longitude)]],
            message: "this level maps string keys and indices at once; a source value is a dictionary or an array, never both",
            description:
                "geo → latitude, longitude: this level maps string keys and indices at once; a source value is a dictionary or an array, never both [mapping]"
        )
        Self.expectDefinitionText(
            ["title": .property(\.title), 0: .property(\.latitude)],
            message: "this level maps string keys and indices at once; a source value is a dictionary or an array, never both",
            description:
                "(root) → title, latitude: this level maps string keys and indices at once; a source value is a dictionary or an array, never both [mapping]"
        )
    }

    @Test func definitionInvalidPattern() {
        Self.expectDefinitionText(
            ["email": .property(\.email).matchesRegEx("(")],
            message: "the pattern /(/ is not a valid regular expression",
            description: "email → email: the pattern /(/ is not a valid regular expression [mapping]")
    }

    @Test func definitionNotANumberBound() {
        Self.expectDefinitionText(
            ["score": .property(\.score).min(Double.nan)],
            message: "min has a bound that is not a number (NaN)",
            description: "score → score: min has a bound that is not a number (NaN) [mapping]")
        Self.expectDefinitionText(
            ["score": .property(\.score).range(0, Double.nan)],
            message: "range has a bound that is not a number (NaN)",
            description: "score → score: range has a bound that is not a number (NaN) [mapping]")
    }

    @Test func definitionUnsupportedNumberBound() {
        Self.expectDefinitionText(
            ["score": .property(\.score).max(TallyMarks(2))],
            message: "max has a bound of type TallyMarks, which it cannot compare; use an integer, a floating-point number or a Decimal",
            description:
                "score → score: max has a bound of type TallyMarks, which it cannot compare; use an integer, a floating-point number or a Decimal [mapping]"
        )
    }

    @Test func definitionEmptyList() {
        Self.expectDefinitionText(
            ["tags": .list()],
            message: "the list has no descriptor",
            description: "tags: the list has no descriptor [mapping]")
    }

    @Test func definitionListWithoutCommonInput() {
        Self.expectDefinitionText(
            ["title": .list(.property(\.title), .property(\.id))],
            message: "the list's descriptors receive String, Int, which no value converts to at once",
            description: "title → title, id: the list's descriptors receive String, Int, which no value converts to at once [mapping]")
    }

    @Test func definitionErrorsInAMappingError() {
        let mapping: Mapping<Sheet> = ["count": .property(\.count).lengthRange(1, 3), "geo": [-1: .property(\.latitude)]]
        let error = MappingError(errors: mapping.definitionErrors)
        #expect(
            error.description == """
                2 errors:
                - count → count: lengthRange can never judge this field, which receives Int? (lengthRange judges a string or an array) [mapping]
                - geo[-1] → latitude: the index -1 is below zero; indices count from 0 [mapping]
                """)
    }

    // MARK: box

    @Test func boxMessages() {
        Self.expectText(
            ["link": "not a url"], ["link": .box(.url, \.link)],
            message: "not a valid URL",
            description: #"link → link: not a valid URL; got "not a url" [box(URL)]"#)
        Self.expectText(
            ["published": "yesterday"], ["published": .box(.date, \.published)],
            message: "not a valid Date",
            description: #"published → published: not a valid Date; got "yesterday" [box(Date)]"#)
    }

    @Test func customBoxMessages() {
        let throwing = Boxing<UUID>(named: "uuid") { (_: String) throws -> UUID? in throw Rejected() }
        Self.expectText(
            ["uuid": "E621"], ["uuid": .box(throwing, \.uuid)],
            message: "not a valid uuid: rejected by the server",
            description: #"uuid → uuid: not a valid uuid: rejected by the server; got "E621" [box(uuid)]"#)
        let returningNil = Boxing<UUID>(named: "uuid") { (text: String) in UUID(uuidString: text) }
        Self.expectText(
            ["uuid": "E621"], ["uuid": .box(returningNil, \.uuid)],
            message: "not a valid uuid",
            description: #"uuid → uuid: not a valid uuid; got "E621" [box(uuid)]"#)
    }

    @Test func dateFormatMessages() {
        Self.expectText(
            ["published": "soon"], ["published": .box(.date(.iso8601, .format("yyyy-MM-dd"), .secondsSince1970), \.published)],
            message: #"not a valid Date in any of the formats .iso8601, .format("yyyy-MM-dd"), .secondsSince1970"#,
            description:
                #"published → published: not a valid Date in any of the formats .iso8601, .format("yyyy-MM-dd"), .secondsSince1970; got "soon" [box(Date)]"#
        )
        Self.expectText(
            ["published": "2019-02-30"],
            ["published": .box(.date(.format("yyyy-MM-dd", timeZone: TimeZone(identifier: "Europe/Paris")!)), \.published)],
            message: #"not a valid Date in the format .format("yyyy-MM-dd", timeZone: "Europe/Paris")"#,
            description:
                #"published → published: not a valid Date in the format .format("yyyy-MM-dd", timeZone: "Europe/Paris"); got "2019-02-30" [box(Date)]"#
        )
        Self.expectText(
            ["published": "yesterday"], ["published": .box(.date(.iso8601), \.published)],
            message: "not a valid Date",
            description: #"published → published: not a valid Date; got "yesterday" [box(Date)]"#)
        Self.expectText(
            ["published": true], ["published": .box(.date(.iso8601, .millisecondsSince1970), \.published)],
            message: "a boolean, expected String or Double",
            description: "published → published: a boolean, expected String or Double; got true [type]")
    }

    @Test func builtInBoxingMessages() {
        Self.expectText(
            ["uuid": "E621"], ["uuid": .box(.uuid, \.uuid)],
            message: "not a valid UUID",
            description: #"uuid → uuid: not a valid UUID; got "E621" [box(UUID)]"#)
        Self.expectText(
            ["link": ["https://a.example.com", ""]], ["link": .box(.url, \.links)],
            message: "not a valid URL",
            description: #"link[1] → links: not a valid URL; got "" [box(URL)]"#)
    }

    @Test func decimalBeyondWhatADecimalHoldsMessages() {
        Self.expectText(
            ["amount": "0.12345678901234567890123456789012345678901"], ["amount": .box(.decimal, \.amount)],
            message: "41 significant digits, more than a Decimal holds exactly (38, or 39 below 2^128)",
            description:
                #"amount → amount: 41 significant digits, more than a Decimal holds exactly (38, or 39 below 2^128); got "0.123456789012345678901…" (43 characters) [box(Decimal)]"#
        )
        Self.expectText(
            ["amount": 1e-300], ["amount": .box(.decimal, \.amount)],
            message: "out of the range a Decimal holds exactly (exponents -128...127)",
            description:
                "amount → amount: out of the range a Decimal holds exactly (exponents -128...127); got 1e-300 [box(Decimal)]"
        )
        // 39 digits below 2^128 fit: the exponent is what a Decimal cannot hold.
        Self.expectText(
            ["amount": "123456789012345678901234567890123456789e-200"], ["amount": .box(.decimal, \.amount)],
            message: "out of the range a Decimal holds exactly (exponents -128...127)",
            description:
                #"amount → amount: out of the range a Decimal holds exactly (exponents -128...127); got "12345678901234567890123…" (44 characters) [box(Decimal)]"#
        )
    }

    // MARK: call

    @Test func callMessages() {
        Self.expectText(
            ["kind": "hologram"], ["kind": .call(Sheet.kind(from:), \.kind)],
            message: "the call returned nil, expected VideoType",
            description: #"kind → kind: the call returned nil, expected VideoType; got "hologram" [call]"#)
        Self.expectText(
            ["kind": "hologram"], ["kind": .call(Sheet.strictKind(from:), \.kind)],
            message: "the call threw: rejected by the server",
            description: #"kind → kind: the call threw: rejected by the server; got "hologram" [call]"#)
        Self.expectText(
            ["optionalKind": "hologram"], ["optionalKind": .call(Sheet.strictKind(from:), \.optionalKind)],
            message: "the call threw: rejected by the server",
            description: #"optionalKind → optionalKind: the call threw: rejected by the server; got "hologram" [call]"#)
    }

    // MARK: json

    /// The library's JSON reader names the byte offset and what it expected there.
    @Test(arguments: [
        ("{", "unexpected end of input at byte 1, expected '\"' to start a key"),
        ("{\"id\": }", "unexpected character '}' at byte 7, expected a value"),
        ("", "unexpected end of input at byte 0, expected a value"),
        ("[1, 2", "unexpected end of input at byte 5, expected ',' or ']'"),
        ("{\"id\": 1,}", "unexpected character '}' at byte 9, expected '\"' to start a key"),
        ("[01]", "number with a leading zero at byte 1"),
        ("[1e400]", "number 1e400 at byte 1 is out of range"),
        (
            "[1" + String(repeating: "0", count: 100_000) + "]",
            "number 1" + String(repeating: "0", count: 22) + "… (100001 characters) at byte 1 is out of range"
        ),
        ("\"\\ud800\"", "lone surrogate \\uD800 at byte 1, expected a high surrogate followed by a low one"),
        ("\"\\q\"", "invalid escape sequence at byte 1: \\q, expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
        ("\"\\u12x4\"", "invalid \\u escape at byte 1, expected 4 hexadecimal digits"),
        ("\"a\tb\"", "unescaped control character 0x09 in a string at byte 2"),
        ("[1] 2", "unexpected character '2' at byte 4, expected the end of the input"),
        ("[\u{7F}]", "unexpected byte 0x7F at byte 1, expected a value"),
        (String(repeating: "[", count: 513), "nesting deeper than 512 levels at byte 512"),
    ])
    func malformedJSON(text: String, reason: String) throws {
        var sheet = Sheet()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: text, to: &sheet, using: ["id": .property(\.id)]) }
        #expect(errors.count == 1)
        #expect(errors.first?.message == "malformed JSON: \(reason)")
        #expect(errors.first?.description == "(root): malformed JSON: \(reason) [json]")
    }

    @Test func malformedJSONInvalidUTF8() {
        var sheet = Sheet()
        let errors = mappingErrors {
            try Mapper.mapValues(fromJSON: Data([0x22, 0x61, 0xFF, 0x22]), to: &sheet, using: ["id": .property(\.id)])
        }
        #expect(errors.first?.message == "malformed JSON: invalid UTF-8 at byte 2")
    }

    // MARK: mapArray

    @Test func mapArrayOverASourceThatIsNotAnArray() {
        let errors = mappingErrors { _ = try Mapper.mapArray(from: ["id": 1, "title": "x"], using: ["id": .property(\.id)]) { Sheet() } }
        #expect(errors.count == 1)
        #expect(errors.first?.message == "a dictionary, expected an array")
        #expect(errors.first?.description == "(root): a dictionary, expected an array; got {…} (2 keys) [type]")
    }

    // MARK: MappingError

    @Test func mappingErrorWithOneError() {
        let errors = mappingErrors {
            var sheet = Sheet()
            try Mapper.mapValues(from: [String: Any](), to: &sheet, using: ["title": .property(\.title).isRequired()])
        }
        let error = MappingError(errors: errors)
        #expect(error.description == "1 error:\n- title → title: value is missing [isRequired]")
    }

    @Test func mappingErrorWithSeveralErrorsAsInTheReadme() {
        let errors = mappingErrors { _ = try ReadmeCallSite.Video(json: ["name": String(repeating: "x", count: 200)]) }
        #expect(
            MappingError(errors: errors).description == """
                2 errors:
                - videoURL → contentURL: value is missing [isRequired]
                - name → title: 200 characters, expected 5...12; got "xxxxxxxxxxxxxxxxxxxxxxx…" (200 characters) [lengthRange]
                """)
    }

    @Test func mappingErrorWithThreeErrors() {
        let mapping: Mapping<Sheet> = [
            "id": .property(\.id).isRequired(),
            "title": .property(\.title),
            "geo": [1: .property(\.longitude).min(0)],
        ]
        let errors = Mapper.validate(["title": 7, "geo": [0, -1]], for: Sheet(), using: mapping)
        #expect(
            MappingError(errors: errors).description == """
                3 errors:
                - id → id: value is missing [isRequired]
                - title → title: a number, expected String; got 7 [type]
                - geo[1] → longitude: out of bounds, expected at least 0; got -1 [min]
                """)
    }
}

import Foundation
import PropertyMapper
import Testing

/// What one mapping of a JSON object gave, read from parsed JSON or from the text.
private struct Outcome: Equatable {
    var trip: TripFixture?
    var errors: [String] = []
    var warnings: [String] = []
}

/// Maps `json` into a new `TripFixture` with `mapping` from `JSONSerialization`'s output and from the
/// text: the two must agree (unknown keys compared as sets, as a dictionary has no order).
private func map(_ json: String, _ mapping: Mapping<TripFixture>, sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
    func outcome(_ body: (inout TripFixture, inout [MappingWarning]) throws(MappingError) -> Void) -> Outcome {
        var trip = TripFixture()
        var warnings: [MappingWarning] = []
        do {
            try body(&trip, &warnings)
            return Outcome(trip: trip, warnings: warnings.map(\.description).sorted())
        } catch {
            return Outcome(errors: error.errors.map(\.description).sorted())
        }
    }
    let parsed = try! JSONSerialization.jsonObject(with: Data(json.utf8))
    let fromParsed = outcome { trip, warnings throws(MappingError) in
        try Mapper.mapValues(from: parsed, to: &trip, using: mapping, warnings: &warnings)
    }
    let fromText = outcome { trip, warnings throws(MappingError) in
        try Mapper.mapValues(fromJSON: json, to: &trip, using: mapping, warnings: &warnings)
    }
    #expect(fromParsed == fromText, "parsed and text disagree", sourceLocation: sourceLocation)
    return fromText
}

@Suite
struct KeyPoliciesTests {
    // MARK: Matching

    @Test func exactIsTheDefaultAndReadsOnlyTheKeyAsWritten() {
        let mapping: Mapping<TripFixture> = ["startDate": .property(\.start)]
        #expect(map(#"{"start_date": "a", "StartDate": "b"}"#, mapping).trip?.start == "")
        #expect(map(#"{"startDate": "a"}"#, Mapping(keys: .exact, ["startDate": .property(\.start)])).trip?.start == "a")
    }

    @Test func caseInsensitiveReadsAnyCase() {
        let mapping = Mapping<TripFixture>(keys: .caseInsensitive, ["userName": .property(\.name), "ÉTÉ": .property(\.city)])
        #expect(map(#"{"USERNAME": "a", "été": "b"}"#, mapping).trip == TripFixture(name: "a", city: "b"))
        #expect(map(#"{"username": "a"}"#, mapping).trip?.name == "a")
        // Unicode case folding as `lowercased()` does it: the Kelvin sign reads as `k`.
        let kelvin = Mapping<TripFixture>(keys: .caseInsensitive, ["\u{212A}ey": .property(\.name)])
        #expect(map(#"{"KEY": "a"}"#, kelvin).trip?.name == "a")
        // Separators still count.
        #expect(map(#"{"user_name": "a"}"#, mapping).trip?.name == "")
    }

    @Test func ignoringCaseAndSeparatorsReadsSnakeKebabAndSpacedKeys() {
        let mapping = Mapping<TripFixture>(keys: .ignoringCaseAndSeparators, ["startDate": .property(\.start)])
        for key in ["start_date", "Start-Date", "START DATE", "startdate", "_start__date_"] {
            #expect(map(#"{"\#(key)": "a"}"#, mapping).trip?.start == "a", "\(key)")
        }
        // An escaped key reads as its text.
        #expect(map(#"{"start\u005Fdate": "a"}"#, mapping).trip?.start == "a")
        #expect(map(#"{"start.date": "a"}"#, mapping).trip?.start == "", "a dot is not a separator")
    }

    @Test func anExactMatchWinsOverLooserOnes() {
        let mapping = Mapping<TripFixture>(keys: .ignoringCaseAndSeparators, ["startDate": .property(\.start)])
        // Before and after the looser one in the document, and beside two looser ones.
        #expect(map(#"{"start_date": "loose", "startDate": "exact"}"#, mapping).trip?.start == "exact")
        #expect(map(#"{"startDate": "exact", "start_date": "loose"}"#, mapping).trip?.start == "exact")
        #expect(map(#"{"START_DATE": "x", "startDate": "exact", "start_date": "y"}"#, mapping).trip?.start == "exact")
    }

    @Test func twoLooserCandidatesAreAnAmbiguousKeyErrorAtTheMappingsKey() {
        let mapping = Mapping<TripFixture>(keys: .caseInsensitive, ["name": .property(\.name), "city": .property(\.city)])
        let outcome = map(#"{"Name": "a", "NAME": "b", "city": "c"}"#, mapping)
        #expect(outcome.trip == nil)
        #expect(outcome.errors == [#"name → name: no exact key, and several keys match: "NAME", "Name" [ambiguousKey]"#])
        // A common spelling found at once (`start_date`) is still ambiguous beside another match.
        let separators = Mapping<TripFixture>(keys: .ignoringCaseAndSeparators, ["startDate": .property(\.start)])
        #expect(
            map(#"{"start_date": "a", "StartDate": "b"}"#, separators).errors == [
                #"startDate → start: no exact key, and several keys match: "StartDate", "start_date" [ambiguousKey]"#
            ])
        #expect(map(#"{"start_date": "a", "other": "b"}"#, separators).trip?.start == "a")
        // The same key twice in a document is a duplicate (the last wins), not two candidates.
        #expect(map(#"{"Name": "a", "Name": "b"}"#, mapping).trip?.name == "b")
    }

    @Test func aKeyPolicyCoversTheMappingsNestedLevels() {
        let mapping = Mapping<TripFixture>(keys: .ignoringCaseAndSeparators, ["place": ["cityName": .property(\.city)]])
        #expect(map(#"{"Place": {"city_name": "Oslo"}}"#, mapping).trip?.city == "Oslo")
    }

    /// The reader keeps each loose match for the rest of its document: a spelling met again, in a
    /// later record or at another level, must read as it did the first time at that level only.
    @Test func aDocumentsRecordsReadLooseKeysAlikeAtEveryLevel() throws {
        let mapping = Mapping<TripFixture>(
            keys: .ignoringCaseAndSeparators, unknownKeys: .warn,
            [
                "start": .property(\.start),
                "cityName": .property(\.city),
                "place": ["cityName": .property(\.end), "name": .property(\.name)],
            ])
        let json = """
            [{"city_name": "a", "place": {"city_name": "b", "NAME": "c"}},
             {"city_name": "d", "place": {"NAME": "e", "city_name": "f"}, "name": "unknown here"},
             {"city_name": "g", "City-Name": "h", "place": {"city_name": "i"}},
             {"cityName": "j", "city_name": "k", "place": {"name": "l", "NAME": "m"}}]
            """
        let batch = try Mapper.mapArray(fromJSON: Data(json.utf8), using: mapping) { TripFixture() }
        let trips = batch.results.map { try? $0.get() }
        #expect(trips[0] == TripFixture(end: "b", name: "c", city: "a"))
        #expect(trips[1] == TripFixture(end: "f", name: "e", city: "d"))
        #expect(batch.warnings[1].map(\.description) == ["name: a key the mapping does not name, skipped [unknownKey]"])
        guard case let .failure(ambiguous) = batch.results[2] else {
            Issue.record("two spellings of cityName are ambiguous")
            return
        }
        #expect(ambiguous.errors.map(\.rule) == ["ambiguousKey"])
        #expect(trips[3] == TripFixture(name: "l", city: "j"), "exact keys win over the loose ones")
    }

    // MARK: Alternative keys

    @Test func anyOfReadsTheFirstKeyPresent() {
        let mapping: Mapping<TripFixture> = [.anyOf("start_date", "start", "begin"): .property(\.start)]
        #expect(map(#"{"begin": "c", "start": "b", "start_date": "a"}"#, mapping).trip?.start == "a")
        #expect(map(#"{"begin": "c", "start": "b"}"#, mapping).trip?.start == "b")
        #expect(map(#"{"begin": "c"}"#, mapping).trip?.start == "c")
        #expect(map(#"{}"#, mapping).trip?.start == "", "absent: kept, as any absent key")
    }

    @Test func anAbsentRequiredAnyOfNamesEveryKeyTried() {
        let mapping: Mapping<TripFixture> = [.anyOf("start_date", "start"): .property(\.start).isRequired()]
        #expect(
            map(#"{"begin": "x"}"#, mapping).errors == [
                #"start_date → start: value is missing; tried the keys "start_date", "start" [isRequired]"#
            ])
        // A failing value is reported at the key it was read from.
        #expect(map(#"{"start": 5}"#, mapping).errors == [#"start → start: a number, expected String; got 5 [type]"#])
    }

    /// A level under `.anyOf` that is wholly absent: each required field under it names every path tried, from the
    /// outermost absent level with alternatives down; a level that is present was the one key tried.
    @Test func anAbsentLevelUnderAnyOfNamesEveryPathTried() {
        let mapping: Mapping<TripFixture> = [
            .anyOf("place", "where"): ["name": .property(\.name).isRequired(), .anyOf("city", "town"): .property(\.city).isRequired()],
            "trip": [.anyOf("leg", "stage"): [0: .property(\.start).isRequired()]],
        ]
        #expect(
            map(#"{"trip": {}}"#, mapping).errors == [
                #"place.city → city: value is missing; tried the keys "place.city", "place.town", "where.city", "where.town" [isRequired]"#,
                #"place.name → name: value is missing; tried the keys "place.name", "where.name" [isRequired]"#,
                #"trip.leg[0] → start: value is missing; tried the keys "leg[0]", "stage[0]" [isRequired]"#,
            ])
        #expect(
            map(#"{"where": {"town": "x"}, "trip": {"stage": []}}"#, mapping).errors == [
                #"trip.stage[0] → start: value is missing [isRequired]"#,
                #"where.name → name: value is missing [isRequired]"#,
            ])
    }

    @Test func aValueReadUnderAnAlternativeIsReportedAtThatKey() {
        let mapping: Mapping<TripFixture> = [
            .anyOf("departure", "leaving_on"): .property(\.start).lengthRange(1, 3),
            "trip": [.anyOf("city", "town"): .property(\.city)],
            .anyOf("place", "where"): ["name": .property(\.name)],
            "stops": [0: [.anyOf("n", "number"): .property(\.count)]],
        ]
        #expect(
            map(#"{"leaving_on": 5, "trip": {"town": 6}, "where": {"name": 7}, "stops": [{"number": "x"}]}"#, mapping).errors == [
                #"leaving_on → start: a number, expected String; got 5 [type]"#,
                #"stops[0].number → count: a string, expected Int; got "x" [type]"#,
                #"trip.town → city: a number, expected String; got 6 [type]"#,
                #"where.name → name: a number, expected String; got 7 [type]"#,
            ])
        #expect(map(#"{"leaving_on": "tomorrow"}"#, mapping).errors.first?.hasPrefix("leaving_on → start:") == true)
        // Under the first key, as before; a shape error at the alternative names it too.
        #expect(map(#"{"departure": 5}"#, mapping).errors.first?.hasPrefix("departure → start:") == true)
        #expect(map(#"{"where": 5}"#, mapping).errors.first?.hasPrefix("where → name:") == true)
    }

    @Test func aBoxedValueReadUnderAnAlternativeIsReportedAtThatKeyInNestedModelsToo() throws {
        struct Leg: Mappable {
            var departure: Date?
            static let mapping: Mapping<Leg> = [.anyOf("departure", "leaving_on"): .box(.date, \.departure)]
        }
        struct Journey: Mappable {
            var legs: [Leg] = []
            var first = Leg()
            static let mapping: Mapping<Journey> = ["legs": .property(\.legs), "first": .property(\.first)]
        }
        let json = #"{"legs": [{"departure": "2010-12-09T07:14:08Z"}, {"leaving_on": "soon"}], "first": {"leaving_on": 1}}"#
        for source in [json, try JSONSerialization.jsonObject(with: Data(json.utf8))] as [Any] {
            let error = #expect(throws: MappingError.self) {
                if let text = source as? String {
                    _ = try Mapper.map(Journey.self, fromJSON: text)
                } else {
                    _ = try Mapper.map(Journey.self, from: source)
                }
            }
            #expect(error?.errors.map(\.path) == ["legs[1].leaving_on", "first.leaving_on"])
            #expect(error?.errors.map(\.rule) == ["box(Date)", "type"])
            #expect(error?.errors.map(\.property) == ["legs[1].departure", "first.departure"])
        }
        let leg = #expect(throws: MappingError.self) { try Mapper.map(Leg.self, fromJSON: #"{"leaving_on": "soon"}"#) }
        #expect(leg?.errors.map(\.path) == ["leaving_on"])
    }

    @Test func warningsForAValueReadUnderAnAlternativeNameThatKey() {
        let mapping: Mapping<TripFixture> = [
            .anyOf("n", "number"): .property(\.count).lenient(),
            .anyOf("title", "label"): .property(\.name, fallback: "none"),
        ]
        let outcome = map(#"{"number": "5", "label": 6}"#, mapping)
        #expect(outcome.trip == TripFixture(name: "none", count: 5))
        #expect(outcome.warnings.map { String($0.prefix { $0 != " " }) } == ["label", "number"])
        // Absent: the default's warning is at the first key, as the absent field's errors name every key tried.
        let defaulted: Mapping<TripFixture> = [.anyOf("a", "b"): .property(\.count, default: 7)]
        #expect(map(#"{}"#, defaulted).warnings == ["a → count: absent, the default 7 was written [defaultUsed]"])
    }

    @Test func anyOfCombinesWithLooserMatchingAndDefaults() {
        let loose = Mapping<TripFixture>(keys: .ignoringCaseAndSeparators, [.anyOf("startDate", "begin"): .property(\.start)])
        #expect(map(#"{"BEGIN": "b"}"#, loose).trip?.start == "b")
        #expect(map(#"{"start_date": "a", "begin": "b"}"#, loose).trip?.start == "b", "an exact key wins over a looser one")
        #expect(map(#"{"start_date": "a", "Begin": "b"}"#, loose).errors.first?.contains("[ambiguousKey]") == true)
        let defaulted: Mapping<TripFixture> = [.anyOf("a", "b"): .property(\.count, default: 7)]
        let outcome = map(#"{}"#, defaulted)
        #expect(outcome.trip?.count == 7)
        #expect(outcome.warnings == ["a → count: absent, the default 7 was written [defaultUsed]"])
    }

    @Test func anyOfWithOneKeyIsThatKey() {
        #expect(MappingKey.anyOf("a") == "a")
        #expect(MappingKey.anyOf("a", "b") == .alternatives(["a", "b"]))
        #expect(MappingKey.anyOf("a b", "c").description == #"["a b"]"#)
    }

    @Test func serializeWritesAnAnyOfsFirstKey() throws {
        let mapping: Mapping<TripFixture> = [.anyOf("start_date", "start"): .property(\.start), "n": .property(\.count)]
        let data = try Mapper.serializeJSON(TripFixture(start: "x", count: 2), using: mapping)
        #expect(String(decoding: data, as: UTF8.self) == #"{"start_date":"x","n":2}"#)
        let tree = try Mapper.serialize(TripFixture(start: "x"), using: mapping)
        #expect(tree["start_date"] as? String == "x" && tree["start"] == nil)
    }

    // MARK: Unknown keys

    @Test func unknownKeysAreIgnoredByDefault() {
        let mapping: Mapping<TripFixture> = ["name": .property(\.name)]
        #expect(map(#"{"name": "a", "extra": 1}"#, mapping) == Outcome(trip: TripFixture(name: "a")))
    }

    @Test func unknownKeysWarnAtTheirPaths() {
        let mapping = Mapping<TripFixture>(unknownKeys: .warn, ["name": .property(\.name), "place": ["city": .property(\.city)]])
        let outcome = map(#"{"name": "a", "extra": 1, "place": {"city": "b", "zip": "0"}, "a.b": 2}"#, mapping)
        #expect(outcome.trip == TripFixture(name: "a", city: "b"))
        #expect(
            outcome.warnings == [
                #"["a.b"]: a key the mapping does not name, skipped [unknownKey]"#,
                "extra: a key the mapping does not name, skipped [unknownKey]",
                "place.zip: a key the mapping does not name, skipped [unknownKey]",
            ])
    }

    /// A key that is not a string (an `NSDictionary`'s `3`, an `[AnyHashable: Any]`'s `Int`) is a key no entry names.
    @Test func aKeyThatIsNotAStringIsAnUnknownKey() throws {
        let foundation = NSMutableDictionary()
        foundation[NSNumber(value: 3)] = "three"
        foundation["name"] = "a"
        let swift: [AnyHashable: Any] = [AnyHashable(3): "three", AnyHashable("name"): "a"]
        for source in [foundation as Any, swift] {
            var trip = TripFixture(name: "kept")
            let strict = Mapping<TripFixture>(unknownKeys: .fail, ["name": .property(\.name)])
            let error = try #require(throws: MappingError.self) { try Mapper.mapValues(from: source, to: &trip, using: strict) }
            #expect(error.errors.map { "\($0.path) \($0.rule)" } == ["3 unknownKey"])
            #expect(trip.name == "kept")
            var warnings: [MappingWarning] = []
            let warn = Mapping<TripFixture>(unknownKeys: .warn, ["name": .property(\.name)])
            try Mapper.mapValues(from: source, to: &trip, using: warn, warnings: &warnings)
            #expect(warnings.map(\.path) == ["3"])
            #expect(trip.name == "a")
        }
    }

    /// An `[AnyHashable: Any]` whose key is an `NSString` (which hashes apart from a `String` on Linux) is read at it.
    @Test func anNSStringKeyInAnAnyHashableDictionaryIsRead() throws {
        let source: [AnyHashable: Any] = [AnyHashable("name"): "a", AnyHashable(NSString(string: "count")): 4]
        let strict = Mapping<TripFixture>(unknownKeys: .fail, ["name": .property(\.name), "count": .property(\.count)])
        var trip = TripFixture(name: "kept")
        try Mapper.mapValues(from: source, to: &trip, using: strict)
        #expect(trip.name == "a" && trip.count == 4)
        var plain = TripFixture(name: "kept")
        try Mapper.mapValues(from: source, to: &plain, using: ["count": .property(\.count)])
        #expect(plain.count == 4)
    }

    @Test func unknownKeysFailAndWriteNothing() {
        let mapping = Mapping<TripFixture>(unknownKeys: .fail, ["name": .property(\.name)])
        let outcome = map(#"{"name": "a", "extra": 1, "more": null}"#, mapping)
        #expect(outcome.trip == nil)
        #expect(
            outcome.errors == [
                "extra: a key the mapping does not name [unknownKey]", "more: a key the mapping does not name [unknownKey]",
            ])
        #expect(map(#"{"name": "a"}"#, mapping).trip?.name == "a")
        var trip = TripFixture(name: "kept")
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["name": "a", "x": 1], to: &trip, using: mapping) }
        #expect(trip.name == "kept")
    }

    @Test func keysReadAnotherWayAreNotUnknown() {
        let mapping = Mapping<TripFixture>(
            keys: .caseInsensitive, unknownKeys: .fail,
            [.anyOf("name", "title"): .property(\.name), "city": .property(\.city), "geo": [0: .property(\.count)]])
        // The second alternative, a looser match beside an exact one, and array elements past the mapped indices.
        let outcome = map(#"{"name": "a", "title": "b", "city": "c", "CITY": "d", "geo": [1, 2, 3]}"#, mapping)
        #expect(outcome.trip == TripFixture(name: "a", city: "c", count: 1))
    }

    /// A key one level of a `.list` reads is no unknown key to the list's other levels; under a list with a field,
    /// which reads the value whole, no key is (at any depth).
    @Test func aKeyAnotherDescriptorOfAListReadsIsNotUnknown() throws {
        struct Split { var x: String?; var y: String?; var all: [String: Any] = [:] }
        let levels = Mapping<Split>(
            keys: .caseInsensitive, unknownKeys: .fail, ["p": .list(["x": .property(\.x)], ["y": .property(\.y)])])
        let whole = Mapping<Split>(unknownKeys: .fail, ["p": .list(["x": .property(\.x)], .property(\.all))])
        let deep = Mapping<Split>(unknownKeys: .fail, ["p": .list(["q": ["x": .property(\.x)]], .property(\.all))])
        for json in [#"{"p": {"x": "1", "Y": "2"}}"#, #"{"p": {"x": "1", "y": "2", "z": "3"}}"#] {
            let parsed = try Fixtures.parse(json)
            var split = Split()
            for fromText in [true, false] {
                do throws(MappingError) {
                    if fromText {
                        try Mapper.mapValues(fromJSON: json, to: &split, using: levels)
                    } else {
                        try Mapper.mapValues(from: parsed, to: &split, using: levels)
                    }
                    #expect(!json.contains("z") && split.y == "2")
                } catch {
                    #expect(error.errors.map(\.path) == ["p.z"], "\(json)")
                }
            }
            try Mapper.mapValues(fromJSON: json, to: &split, using: whole)
            #expect(split.x == "1" && split.all.count == (json.contains("z") ? 3 : 2))
            try Mapper.mapValues(from: parsed, to: &split, using: whole)
            #expect(split.x == "1" && split.all.count == (json.contains("z") ? 3 : 2))
        }
        var split = Split()
        try Mapper.mapValues(fromJSON: #"{"p": {"q": {"x": "1", "w": 0}, "r": 2}}"#, to: &split, using: deep)
        #expect(split.x == "1" && split.all.count == 2)
    }

    @Test func unknownKeysOfNestedModelsFollowTheirOwnMappings() throws {
        struct Inner: Mappable {
            var x = 0
            static let mapping: Mapping<Inner> = ["x": .property(\.x)]
        }
        struct Outer: Mappable {
            var inner = Inner()
            static let mapping = Mapping<Outer>(unknownKeys: .fail, ["inner": .property(\.inner)])
        }
        #expect(try Mapper.map(Outer.self, fromJSON: #"{"inner": {"x": 1, "y": 2}}"#).inner.x == 1)
        #expect(throws: MappingError.self) { try Mapper.map(Outer.self, fromJSON: #"{"inner": {"x": 1}, "y": 2}"#) }
    }

    @Test func aPolymorphicTagIsNeverUnknownToTheTypeItChose() throws {
        struct Strict: Mappable, Sendable {
            var size = 0
            static let mapping = Mapping<Strict>(unknownKeys: .fail, ["size": .property(\.size)])
        }
        struct Holder: Mappable {
            var item: (any Sendable)?
            var items: [any Sendable] = []
            static let mapping: Mapping<Holder> = [
                "item": .polymorphic(\.item, on: "kind", ["strict": Strict.self]),
                "items": .polymorphic(\.items, on: "kind", ["strict": Strict.self]),
            ]
        }
        let json = #"{"item": {"kind": "strict", "size": 3}, "items": [{"kind": "strict", "size": 4}]}"#
        let holder = try Mapper.map(Holder.self, fromJSON: json)
        #expect((holder.item as? Strict)?.size == 3 && (holder.items.first as? Strict)?.size == 4)
        // Any other key is still unknown, and the tag key is unknown where no tag chose the type.
        let error = #expect(throws: MappingError.self) {
            try Mapper.map(Holder.self, fromJSON: #"{"item": {"kind": "strict", "size": 3, "colour": 1}}"#)
        }
        #expect(error?.errors.map(\.path) == ["item.colour"])
        #expect(throws: MappingError.self) { try Mapper.map(Strict.self, fromJSON: #"{"kind": "strict", "size": 3}"#) }
    }

    @Test func unknownKeysWarnInADryRunToo() {
        let mapping = Mapping<TripFixture>(unknownKeys: .warn, ["name": .property(\.name)])
        var warnings: [MappingWarning] = []
        #expect(Mapper.validate(["name": "a", "x": 1], for: TripFixture(), using: mapping, warnings: &warnings).isEmpty)
        #expect(warnings.map(\.kind) == [.unknownKey] && warnings.first?.path == "x")
    }

    // MARK: Definition errors

    @Test func twoEntriesReadingTheSameKeyAreADefinitionError() {
        let caseless = Mapping<TripFixture>(keys: .caseInsensitive, ["Name": .property(\.name), "name": .property(\.city)])
        #expect(
            caseless.definitionErrors.map(\.description) == [
                "name → city: the keys Name and name match the same source keys under .caseInsensitive; map it once [mapping]"
            ])
        let separators = Mapping<TripFixture>(
            keys: .ignoringCaseAndSeparators, ["start_date": .property(\.start), "startDate": .property(\.end)])
        #expect(separators.definitionErrors.count == 1)
        let alternatives: Mapping<TripFixture> = [.anyOf("a", "b"): .property(\.name), "b": .property(\.city)]
        #expect(alternatives.definitionErrors.map(\.rule) == ["mapping"])
        #expect(alternatives.definitionErrors.first?.message.contains("the key b is mapped twice") == true)
        // Distinct under the policy: no error.
        #expect(Mapping<TripFixture>(["Name": .property(\.name), "name": .property(\.city)]).definitionErrors.isEmpty)
        #expect(
            Mapping<TripFixture>(keys: .caseInsensitive, ["start_date": .property(\.start), "startDate": .property(\.end)]).definitionErrors
                .isEmpty)
        var trip = TripFixture()
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["name": "a"], to: &trip, using: caseless) }
    }

    // MARK: Coercion for the whole mapping

    @Test func lenientCoercionForAMappingAppliesToEveryEntry() {
        let mapping = Mapping<TripFixture>(coercion: .lenient, ["count": .property(\.count), "place": ["name": .property(\.name)]])
        let outcome = map(#"{"count": "42", "place": {"name": "x"}}"#, mapping)
        #expect(outcome.trip == TripFixture(name: "x", count: 42))
        #expect(outcome.warnings == [#"count → count: a string, read as Int (lenient); got "42" [coerced]"#])
        let nested = Mapping<TripFixture>(coercion: .lenient, ["place": ["n": .property(\.count)]])
        #expect(map(#"{"place": {"n": "7"}}"#, nested).trip?.count == 7)
        let strict = Mapping<TripFixture>(coercion: .strict, ["count": .property(\.count)])
        #expect(map(#"{"count": "42"}"#, strict).errors == [#"count → count: a string, expected Int; got "42" [type]"#])
        // The table still refuses what it refuses.
        #expect(map(#"{"count": "12.5"}"#, mapping).errors.first?.contains("[type]") == true)
    }
}

import Foundation
import PropertyMapper
import Testing

/// A profile with optional and non-optional properties, each preset so that any write shows.
struct Profile: Equatable {
    var name = "preset name"
    var nickname: String? = "preset nickname"
    var age = 41
    var email: String? = "preset@example.com"
    var city = "preset city"
    var zip: String? = "preset zip"
    var latitude = 1.5
    var longitude = 2.5

    /// Nothing required: absent keys keep their preset values.
    static let mapping: Mapping<Profile> = [
        "name": .property(\.name),
        "nickname": .property(\.nickname),
        "age": .property(\.age).range(0, 150),
        "email": .property(\.email).lengthRange(6, 40).matchesRegEx("@").oneOf(["a@example.com", "b@example.com"]),
        "address": ["city": .property(\.city), "zip": .property(\.zip)],
        "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
    ]

    /// The same with required entries, inside containers too.
    static let strictMapping: Mapping<Profile> = [
        "name": .property(\.name).isRequired(),
        "nickname": .property(\.nickname).isRequired().minLength(2),
        "address": ["city": .property(\.city).isRequired(), "zip": .property(\.zip)],
        "geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude)],
    ]

    /// Valid under `strictMapping`.
    static var strictRecord: [String: Any] {
        ["name": "Ann", "nickname": "annie", "address": ["city": "Oslo"], "geo": [59.9, 10.7]]
    }

    static let allProperties = "name, nickname, age, email, city, zip, latitude, longitude"
}

/// Maps into a preset profile; returns the profile afterwards and the errors.
private func map(_ record: Any?, using mapping: Mapping<Profile> = Profile.mapping) -> (profile: Profile, errors: [ValidationError]) {
    var profile = Profile()
    do {
        try Mapper.mapValues(from: record, to: &profile, using: mapping)
        return (profile, [])
    } catch {
        return (profile, error.errors)
    }
}

/// The record as a Swift literal and as parsed JSON.
private func bothForms(_ record: [String: Any]) throws -> [[String: Any]] {
    [record, try Fixtures.parsed(record)]
}

@Suite struct AbsentAndNullTests {
    @Test func absentKeysKeepPresetValues() {
        let result = map([String: Any]())
        #expect(result.errors.isEmpty)
        #expect(result.profile == Profile())
    }

    @Test func nullWritesNilIntoOptionals() throws {
        for record in try bothForms(["nickname": NSNull(), "email": NSNull(), "address": ["zip": NSNull()]]) {
            let result = map(record)
            #expect(result.errors.isEmpty)
            var expected = Profile()
            expected.nickname = nil
            expected.email = nil
            expected.zip = nil
            #expect(result.profile == expected)
        }
    }

    @Test(arguments: ["name", "age"])
    func nullIntoNonOptionalIsOneTypeError(key: String) throws {
        for record in try bothForms([key: NSNull()]) {
            let result = map(record)
            let error = expectSingleError(result.errors, at: key, rule: "type")
            #expect(error?.property == key)
            #expect(error?.value == "null")
            #expect(result.profile == Profile())
        }
    }

    @Test func nullIntoNonOptionalInsideContainers() throws {
        for record in try bothForms(["address": ["city": NSNull()], "geo": [NSNull(), 3.0] as [Any]]) {
            let result = map(record)
            #expect(result.errors.map(\.path) == ["address.city", "geo[0]"])
            #expect(result.errors.map(\.rule) == ["type", "type"])
            #expect(result.profile == Profile())
        }
    }

    @Test(arguments: ["name", "nickname"])
    func isRequiredFailsOnAbsent(key: String) {
        var record = Profile.strictRecord
        record[key] = nil
        let result = map(record, using: Profile.strictMapping)
        let error = expectSingleError(result.errors, at: key, rule: "isRequired")
        #expect(error?.value == nil)
        #expect(result.profile == Profile())
    }

    @Test(arguments: ["name", "nickname"])
    func isRequiredOnNullIsOneErrorNotTwo(key: String) throws {
        var record = Profile.strictRecord
        record[key] = NSNull()
        for form in try bothForms(record) {
            let result = map(form, using: Profile.strictMapping)
            let error = expectSingleError(result.errors, at: key, rule: "isRequired")
            #expect(error?.value == "null")
            #expect(result.profile == Profile())
        }
    }

    @Test func validatorsPassOnAbsentAndNull() throws {
        #expect(map(["age": 30]).errors.isEmpty)
        for record in try bothForms(["email": NSNull()]) {
            let result = map(record)
            #expect(result.errors.isEmpty)
            #expect(result.profile.email == nil)
        }
        var record = Profile.strictRecord
        record["nickname"] = nil
        #expect(map(record, using: Profile.strictMapping).errors.map(\.rule) == ["isRequired"])
    }

    @Test func presentValuesAreValidated() {
        let result = map(["email": "c@example.com", "age": 200])
        #expect(result.errors.map(\.path) == ["age", "email"])
        #expect(result.errors.map(\.rule) == ["range", "oneOf"])
        #expect(result.profile == Profile())
    }

    @Test func strictRecordMaps() {
        let result = map(Profile.strictRecord, using: Profile.strictMapping)
        #expect(result.errors.isEmpty)
        var expected = Profile()
        expected.name = "Ann"
        expected.nickname = "annie"
        expected.city = "Oslo"
        expected.latitude = 59.9
        expected.longitude = 10.7
        #expect(result.profile == expected)
    }
}

@Suite struct AbsentContainerTests {
    /// Absent, literal null and JSON null containers all count as absent for every entry under them.
    @Test(arguments: ["absent", "null", "JSON null"])
    func entriesUnderAMissingDictionaryAreAbsent(form: String) throws {
        var record = Profile.strictRecord
        record["address"] = form == "absent" ? nil : NSNull()
        let source = form == "JSON null" ? try Fixtures.parsed(record) : record
        let result = map(source, using: Profile.strictMapping)
        let error = expectSingleError(result.errors, at: "address.city", rule: "isRequired")
        #expect(error?.property == "city")
        #expect(error?.value == nil)
        #expect(result.profile == Profile())
    }

    @Test(arguments: ["absent", "null", "JSON null"])
    func entriesUnderAMissingArrayAreAbsent(form: String) throws {
        var record = Profile.strictRecord
        record["geo"] = form == "absent" ? nil : NSNull()
        let source = form == "JSON null" ? try Fixtures.parsed(record) : record
        let result = map(source, using: Profile.strictMapping)
        expectSingleError(result.errors, at: "geo[0]", rule: "isRequired")
        #expect(result.profile == Profile())
    }

    @Test func nullContainerWritesNothingUnderIt() throws {
        for record in try bothForms(["name": "Ann", "address": NSNull(), "geo": NSNull()]) {
            let result = map(record)
            #expect(result.errors.isEmpty)
            var expected = Profile()
            expected.name = "Ann"
            #expect(result.profile == expected, "zip keeps its preset value: null is not written through a null container")
        }
    }

    @Test func indexPastTheEndIsAbsent() throws {
        for record in try bothForms(["geo": [3.5]]) {
            let result = map(record)
            #expect(result.errors.isEmpty)
            var expected = Profile()
            expected.latitude = 3.5
            #expect(result.profile == expected)
        }
        let required = Mapping<Profile>([("geo", [1: .property(\.longitude).isRequired()])])
        expectSingleError(map(["geo": [3.5]], using: required).errors, at: "geo[1]", rule: "isRequired")
        // An index below zero is never past the start: the mapping itself is refused.
        let negative = Mapping<Profile>([("geo", [-1: .property(\.longitude).isRequired()])])
        let result = map(["geo": [3.5, 4.5]], using: negative)
        let error = expectSingleError(result.errors, at: "geo[-1]", rule: "mapping")
        #expect(error?.property == "longitude")
        #expect(error?.value == nil)
        #expect(result.profile == Profile())
    }

    /// A nil or null source counts as an absent container: required entries fail, nothing is written.
    @Test func nilOrNullSourceIsAbsent() throws {
        for source in [nil, NSNull(), try Fixtures.parse("null")] as [Any?] {
            let result = map(source, using: Profile.strictMapping)
            #expect(result.errors.map(\.path) == ["name", "nickname", "address.city", "geo[0]"])
            #expect(result.errors.allSatisfy { $0.rule == "isRequired" && $0.value == nil })
            #expect(result.profile == Profile())
            #expect(map(source).errors.isEmpty)
        }
    }

    @Test func requiredEntriesUnderAbsentContainersAtDepth() {
        let mapping: Mapping<Profile> = ["a": ["b": ["c": .property(\.city).isRequired(), "d": .property(\.zip)]]]
        for record: [String: Any] in [[:], ["a": NSNull()], ["a": ["b": NSNull()]], ["a": ["x": 1]]] {
            let result = map(record, using: mapping)
            expectSingleError(result.errors, at: "a.b.c", rule: "isRequired")
            #expect(result.profile == Profile())
        }
    }
}

@Suite struct ShapeErrorTests {
    @Test(arguments: 0..<4)
    func nestedDictionaryOverAnotherKindIsOneTypeError(index: Int) throws {
        let values: [Any] = ["Main Street", ["Oslo", "0150"], 5, true]
        var strictRecord = Profile.strictRecord
        strictRecord["address"] = values[index]
        let cases = [(["address": values[index]], Profile.mapping), (strictRecord, Profile.strictMapping)]
        for (record, mapping) in cases {
            for form in try bothForms(record) {
                let result = map(form, using: mapping)
                let error = expectSingleError(result.errors, at: "address", rule: "type")
                #expect(error?.property == "city, zip")
                #expect(result.profile == Profile())
            }
        }
    }

    @Test(arguments: 0..<3)
    func indexMappingOverAnotherKindIsOneTypeError(index: Int) throws {
        let values: [Any] = [["0": 1.0, "1": 2.0], "1.0,2.0", 1.0]
        for record in try bothForms(["geo": values[index]]) {
            let result = map(record)
            let error = expectSingleError(result.errors, at: "geo", rule: "type")
            #expect(error?.property == "latitude, longitude")
            #expect(result.profile == Profile())
        }
    }

    @Test(arguments: 0..<5)
    func scalarOrArraySourceWhereADictionaryIsExpected(index: Int) {
        let sources: [Any] = ["text", 42, true, [1, 2], NSArray(array: ["a"])]
        let result = map(sources[index])
        let error = expectSingleError(result.errors, at: "", rule: "type")
        #expect(error?.property == Profile.allProperties)
        #expect(result.profile == Profile())
    }

    @Test func shapeErrorAtDepthNamesTheContainer() {
        let mapping: Mapping<Profile> = ["outer": ["inner": ["city": .property(\.city), "zip": .property(\.zip)]]]
        for inner: Any in [3, "x", [1]] {
            let result = map(["outer": ["inner": inner]], using: mapping)
            let error = expectSingleError(result.errors, at: "outer.inner", rule: "type")
            #expect(error?.property == "city, zip")
        }
    }

    @Test func shapeErrorHidesNothingElse() {
        let result = map(["name": NSNull(), "address": 5, "age": "old", "geo": "here"])
        #expect(result.errors.map(\.path) == ["name", "age", "address", "geo"])
        #expect(result.errors.map(\.rule) == ["type", "type", "type", "type"])
        #expect(result.profile == Profile())
    }

    @Test func wrongTypeIsOneErrorWithoutValidatorErrors() throws {
        for record in try bothForms(["email": 42, "age": "forty"]) {
            let result = map(record)
            #expect(result.errors.map(\.path) == ["age", "email"])
            #expect(result.errors.map(\.rule) == ["type", "type"])
        }
    }

    @Test func unmappedKeysAreIgnored() throws {
        let record: [String: Any] = [
            "name": "Ann", "unknown": [1, 2, 3], "address": ["city": "Oslo", "country": "NO"], "geo": [1.0, 2.0, 3.0, "x"],
        ]
        for form in try bothForms(record) {
            let result = map(form)
            #expect(result.errors.isEmpty)
            var expected = Profile()
            expected.name = "Ann"
            expected.city = "Oslo"
            expected.latitude = 1.0
            expected.longitude = 2.0
            #expect(result.profile == expected)
        }
    }

    /// A level that names both keys and indices can match neither a dictionary nor an array: the
    /// mapping is refused whatever the value (absent and null included), one definition error at
    /// the level, and nothing under it is written.
    @Test(arguments: 0..<7)
    func levelMixingKeysAndIndicesIsOneDefinitionError(index: Int) {
        let mapping: Mapping<Profile> = ["mixed": ["city": .property(\.city), 0: .property(\.latitude)]]
        let records: [[String: Any]] = [
            ["mixed": ["city": "Oslo"]], ["mixed": [3.5]], ["mixed": "Oslo"], ["mixed": 3.5], ["mixed": ["city": 5]],
            ["mixed": NSNull()], [:],
        ]
        let result = map(records[index], using: mapping)
        let error = expectSingleError(result.errors, at: "mixed", rule: "mapping")
        #expect(error?.property == "city, latitude")
        #expect(error?.value == nil)
        #expect(result.errors == mapping.definitionErrors)
        #expect(result.profile == Profile())
    }

    @Test func pathsMixingKeysAndIndices() throws {
        let mapping: Mapping<Profile> = [
            "points": [1: ["pos": [0: .property(\.latitude), 1: .property(\.longitude).min(0)]]],
            "places": [0: ["city": .property(\.city)]],
        ]
        let good = try Fixtures.parse(#"{"points": [{}, {"pos": [1.25, 2.25]}], "places": [{"city": "Oslo"}]}"#)
        let mapped = map(good, using: mapping)
        #expect(mapped.errors.isEmpty)
        #expect(mapped.profile.latitude == 1.25)
        #expect(mapped.profile.longitude == 2.25)
        #expect(mapped.profile.city == "Oslo")
        let bad = try Fixtures.parse(#"{"points": [{}, {"pos": ["x", -1]}], "places": [{"city": 5}]}"#)
        let result = map(bad, using: mapping)
        #expect(result.errors.map(\.path) == ["points[1].pos[0]", "points[1].pos[1]", "places[0].city"])
        #expect(result.errors.map(\.rule) == ["type", "min", "type"])
        let nullElement = try Fixtures.parse(#"{"points": [{}, null], "places": [null]}"#)
        let absent = map(nullElement, using: mapping)
        #expect(absent.errors.isEmpty)
        #expect(absent.profile == Profile())
    }
}

@Suite struct DeepSourceTests {
    /// 10,000 levels of dictionaries and arrays, kept alive for the whole run (so releasing it
    /// recursively is never part of a test).
    nonisolated(unsafe) static let deepSubtree: Any = {
        var value: Any = "bottom"
        for level in 0..<10_000 {
            value = level.isMultiple(of: 2) ? ["next": value] as [String: Any] : [value] as [Any]
        }
        return value
    }()

    nonisolated(unsafe) static let deepDictionary: Any = {
        var value: Any = 1
        for _ in 0..<10_000 { value = ["next": value] as [String: Any] }
        return value
    }()

    @Test func deepUnmappedSubtreeCostsNothing() {
        let record: [String: Any] = [
            "junk": Self.deepSubtree,
            "name": "Ann",
            "address": ["city": "Oslo", "junk": Self.deepDictionary],
            "geo": [1.0, 2.0, Self.deepSubtree],
        ]
        let result = map(record)
        #expect(result.errors.isEmpty)
        #expect(result.profile.name == "Ann")
        #expect(result.profile.city == "Oslo")
        #expect(result.profile.longitude == 2.0)
    }
}

/// A wrong-type or shape error whose value is 10,000 levels deep: reported, rendered briefly, never walked.
/// Run on their own with `--filter DeepSourceRenderingTests`; skip with `--skip DeepSourceRenderingTests`.
@Suite struct DeepSourceRenderingTests {
    @Test func deepSubtreeInAShapeErrorIsRenderedBriefly() {
        let result = map(["geo": DeepSourceTests.deepDictionary, "address": DeepSourceTests.deepSubtree])
        #expect(result.errors.map(\.path) == ["address", "geo"])
        #expect(result.errors.map(\.value) == ["[…] (1 element)", "{…} (1 key)"])
    }

    @Test(arguments: ["name", "age"])
    func deepSubtreeInAWrongTypeIsRenderedBriefly(key: String) {
        let result = map([key: DeepSourceTests.deepDictionary])
        let error = expectSingleError(result.errors, at: key, rule: "type")
        #expect(error?.value == "{…} (1 key)")
        #expect(result.profile == Profile())
    }

    @Test func deepSubtreeInsideAMappedArrayIsRenderedBriefly() {
        let mapping = Mapping<Slot<[String]>>([("tags", .property(\.value))])
        var slot = Slot(value: ["preset"])
        let errors = mappingErrors { try Mapper.mapValues(from: ["tags": ["a", DeepSourceTests.deepSubtree]], to: &slot, using: mapping) }
        let error = expectSingleError(errors, at: "tags[1]", rule: "type")
        #expect(error?.value == "[…] (1 element)")
        #expect(slot.value == ["preset"])
    }
}

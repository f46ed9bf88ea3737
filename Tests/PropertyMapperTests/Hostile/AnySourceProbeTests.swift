import Foundation
import PropertyMapper
import Testing

// Probes of values that arrive as `Any` from Swift and Foundation, of property lists, and of the Codable bridge with
// coders other than JSONDecoder/JSONEncoder, through the public API only. They found five defects, fixed since:
// `AnyHashable` values, a decoder's own `DecodingError` inside an object, `Int128`/`UInt128`, `Character`.

// MARK: - Models

enum AnyKind: String, CaseIterable, Hashable {
    case alpha, beta
}

enum AnyLevel: Int, CaseIterable, Hashable {
    case low = 1
    case high = 2
}

private final class AnyBag: Mappable {
    var name = "preset"
    var nick: String? = "preset"
    var count = -1
    var small: Int8 = -1
    var byte: UInt8 = 7
    var big: UInt64 = 7
    var wide: Int64 = 7
    var ratio = -1.0
    var score: Float = -1
    var flag = false
    var tags: [String] = ["preset"]
    var maybeTags: [String]? = ["preset"]
    var optionals: [String?] = ["preset"]
    var counts: [String: Int] = ["preset": 1]
    var unique: Set<String> = ["preset"]
    var price = Decimal(-1)
    var exact = Decimal(-1)
    var kind: AnyKind = .alpha
    var level: AnyLevel = .low
    var link: URL?
    var boxedLink: URL?
    var id: UUID?
    var boxedID: UUID?
    var when: Date?
    var boxedWhen: Date?
    var blob: Data?
    var anything: Any? = "preset"
    var numbers: [Int] = [-1]

    init() {}

    static let mapping: Mapping<AnyBag> = [
        "name": .property(\.name),
        "nick": .property(\.nick),
        "count": .property(\.count),
        "small": .property(\.small),
        "byte": .property(\.byte),
        "big": .property(\.big),
        "wide": .property(\.wide),
        "ratio": .property(\.ratio),
        "score": .property(\.score),
        "flag": .property(\.flag),
        "tags": .property(\.tags),
        "maybeTags": .property(\.maybeTags),
        "optionals": .property(\.optionals),
        "counts": .property(\.counts),
        "unique": .property(\.unique),
        "price": .property(\.price),
        "exact": .box(.decimal, \.exact),
        "kind": .property(\.kind),
        "level": .property(\.level),
        "link": .property(\.link),
        "boxedLink": .box(.url, \.boxedLink),
        "id": .property(\.id),
        "boxedID": .box(.uuid, \.boxedID),
        "when": .property(\.when),
        "boxedWhen": .box(.date(.iso8601, .secondsSince1970), \.boxedWhen),
        "blob": .property(\.blob),
        "anything": .property(\.anything),
        "numbers": .property(\.numbers),
    ]

    /// Every property as it was made by `init()`, the `Any` one included.
    var isPristine: Bool {
        name == "preset" && nick == "preset" && count == -1 && small == -1 && byte == 7 && big == 7 && wide == 7
            && ratio == -1 && score == -1 && !flag && tags == ["preset"] && maybeTags == ["preset"]
            && optionals == ["preset"] && counts == ["preset": 1] && unique == ["preset"] && price == -1 && exact == -1
            && kind == .alpha && level == .low && link == nil && boxedLink == nil && id == nil && boxedID == nil
            && when == nil && boxedWhen == nil && blob == nil && (anything as? String) == "preset" && numbers == [-1]
    }
}

/// Maps `source` into a fresh bag; returns it, or records the errors.
private func mappedBag(_ source: Any?, sourceLocation: SourceLocation = #_sourceLocation) -> AnyBag? {
    do {
        return try Mapper.map(AnyBag.self, from: source)
    } catch {
        Issue.record("expected success, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The errors of mapping `source` into a fresh bag, which must stay as `init()` made it.
private func bagErrors(_ source: Any?, sourceLocation: SourceLocation = #_sourceLocation) -> [ValidationError] {
    let bag = AnyBag()
    do {
        try Mapper.mapValues(from: source, to: bag, using: AnyBag.mapping)
        Issue.record("expected a MappingError, but mapping succeeded", sourceLocation: sourceLocation)
        return []
    } catch {
        #expect(bag.isPristine, "a failed mapping wrote into the bag", sourceLocation: sourceLocation)
        #expect(Mapper.validate(source, for: AnyBag(), using: AnyBag.mapping) == error.errors, sourceLocation: sourceLocation)
        return error.errors
    }
}

private func rows(_ errors: [ValidationError]) -> [String] {
    errors.map { "\($0.path) \($0.rule)" }
}

// MARK: - Optionals, AnyHashable and other Swift wrappers

@Suite struct AnySourceProbeTests {
    @Test func optionalsStoredAsAnyAreUnwrapped() throws {
        let source: [String: Any] = [
            "name": Optional("Kim") as Any,
            "count": Optional(Optional(5)) as Any,
            "nick": Optional<String>.none as Any,
            "tags": [Optional("a"), Optional("b")] as [String?],
            "optionals": ["x", nil] as [String?],
            "maybeTags": Optional<[String]>.none as Any,
        ]
        let bag = try #require(mappedBag(source))
        #expect(bag.name == "Kim")
        #expect(bag.count == 5)
        #expect(bag.nick == nil)
        #expect(bag.tags == ["a", "b"])
        #expect(bag.optionals == ["x", nil])
        #expect(bag.maybeTags == nil)
    }

    @Test func aDoublyWrappedNoneIsNullForANonOptional() {
        let errors = bagErrors(["name": Optional<String?>.some(.none) as Any, "count": Optional<Int>.none as Any])
        #expect(rows(errors) == ["name type", "count type"])
    }

    /// `[String: Any?]` is the dictionary Swift code writes when values may be nil. A nil value there is the key present
    /// with no value, as `Optional<String>.none as Any` in a `[String: Any]` is null (the test above): it must write nil
    /// into an Optional property, and fail `isRequired` and a non-Optional property, never read as an absent key.
    @Test func aNilInAStringToOptionalAnyDictionaryIsNull() throws {
        let source: [String: Any?] = ["nick": nil, "count": 3]
        let bag = try #require(mappedBag(source))
        #expect(bag.count == 3)
        #expect(bag.nick == nil, "a nil value in a [String: Any?] must write nil, as null does")

        let nonOptional: [String: Any?] = ["name": nil]
        #expect(rows(Mapper.validate(nonOptional, as: AnyBag.self)) == ["name type"])
        let typed: [String: String?] = ["nick": nil]
        #expect(try #require(mappedBag(typed)).nick == nil)
    }

    /// `[String: AnyHashable]` is common in Swift code (analytics payloads, `userInfo`): its values are strings and
    /// numbers, boxed. The source is a dictionary keyed by strings, which the library reads; its values must map as the
    /// strings and numbers they are, or at least fail with an error that says why.
    @Test func stringToAnyHashableDictionariesMap() throws {
        // Every value is read as what the `AnyHashable` holds, strings and booleans as numbers are.
        let source: [String: AnyHashable] = [
            "name": "Kim", "count": 3, "flag": true, "ratio": 2.5, "kind": "beta", "tags": ["a", "b"] as [AnyHashable],
            "numbers": [1, 2] as [AnyHashable],
        ]
        let bag = try #require(mappedBag(source))
        #expect(bag.name == "Kim")
        #expect(bag.count == 3)
        #expect(bag.flag)
        #expect(bag.ratio == 2.5)
        #expect(bag.kind == .beta)
        #expect(bag.tags == ["a", "b"])
        #expect(bag.numbers == [1, 2])
        // The same values inside a [String: Any] as AnyHashable: as consistent.
        let boxed: [String: Any] = ["name": AnyHashable("Kim"), "count": AnyHashable(3)]
        #expect(Mapper.validate(boxed, as: AnyBag.self).isEmpty)
        // Strictness still holds for hashable values: a boxed Bool is never a number.
        #expect(rows(Mapper.validate(["count": AnyHashable(true)] as [String: AnyHashable], as: AnyBag.self)) == ["count type"])
    }

    @Test func anyHashableKeyedDictionariesMapAtEveryLevel() throws {
        let nested: [AnyHashable: Any] = ["a": 1, "b": 2]
        let source: [AnyHashable: Any] = ["name": "Kim", "counts": nested, 7: "ignored"]
        let bag = try #require(mappedBag(source))
        #expect(bag.name == "Kim")
        #expect(bag.counts == ["a": 1, "b": 2])
        // A non-string key inside a [String: Int] value is an error, not a dropped entry.
        let withNumberKey: [AnyHashable: Any] = ["a": 1, 2: 2]
        let errors = bagErrors(["counts": withNumberKey])
        #expect(errors.count == 1)
        #expect(errors.first?.path.hasPrefix("counts") == true)
    }

    @Test func dictionariesKeyedByIntegersAreShapeErrors() {
        let byIndex: [Int: Any] = [0: "Kim"]
        #expect(rows(Mapper.validate(["counts": byIndex], as: AnyBag.self)) == ["counts type"])
        // At the root: one error, never a crash, nothing written.
        let errors = bagErrors(byIndex)
        #expect(errors.count == 1)
        #expect(errors.first?.rule == "type")
    }

    @Test func substringsAndCharactersAreStringsOrOneClearError() {
        let text = "Kimberly"
        for value in [text.prefix(3) as Any, Character("K") as Any] {
            let bag = AnyBag()
            do {
                try Mapper.mapValues(from: ["name": value], to: bag, using: AnyBag.mapping)
                #expect(bag.name == "\(value)")
            } catch {
                #expect(rows(error.errors) == ["name type"])
                #expect(error.errors.first?.message.isEmpty == false)
                #expect(bag.isPristine)
            }
        }
    }

    @Test func aMutableStringIsCopiedNotShared() throws {
        let mutable = NSMutableString(string: "Kim")
        let element = NSMutableString(string: "a")
        let source = NSMutableDictionary()
        source["name"] = mutable
        source["tags"] = NSMutableArray(array: [element, "b"])
        source["kind"] = NSMutableString(string: "beta")
        let bag = try #require(mappedBag(source))
        mutable.append("berly")
        element.append("z")
        #expect(bag.name == "Kim")
        #expect(bag.tags == ["a", "b"])
        #expect(bag.kind == .beta)
    }

    @Test func mutableFoundationContainersAreReadAsTheyAreWhenMapped() throws {
        let tags = NSMutableArray(array: ["a", "b"])
        let counts = NSMutableDictionary(dictionary: ["x": 1])
        let source = NSMutableDictionary(dictionary: ["tags": tags, "counts": counts, "unique": NSArray(array: ["a", "a", "b"])])
        let bag = try #require(mappedBag(source))
        tags.add("c")
        counts["y"] = 2
        #expect(bag.tags == ["a", "b"])
        #expect(bag.counts == ["x": 1])
        #expect(bag.unique == ["a", "b"])
    }

    @Test func nullsInContainersAreTypeErrorsAtTheirPaths() {
        let errors = bagErrors([
            "tags": NSArray(array: ["a", NSNull()]),
            "maybeTags": ["a", NSNull()] as [Any],
            "counts": NSDictionary(dictionary: ["a": NSNull()]),
            "unique": [NSNull()] as [Any],
            "numbers": [1, Optional<Int>.none as Any] as [Any],
        ])
        #expect(rows(errors) == ["tags[1] type", "maybeTags[1] type", "counts.a type", "unique[0] type", "numbers[1] type"])
    }

    @Test func nullsInContainersMapIntoOptionalElements() throws {
        let bag = try #require(mappedBag(["optionals": NSArray(array: ["a", NSNull()]), "maybeTags": NSNull()]))
        #expect(bag.optionals == ["a", nil])
        #expect(bag.maybeTags == nil)
    }

    @Test func anAbsentRootWritesNothingAndFailsRequiredFields() {
        struct Needy: Mappable {
            var name = "preset"
            static let mapping: Mapping<Needy> = ["name": .property(\.name).isRequired()]
        }
        for root in [nil, NSNull() as Any?, Optional<Any>.none] {
            var needy = Needy()
            let errors = mappingErrors { try Mapper.mapValues(from: root, to: &needy, using: Needy.mapping) }
            #expect(errors.count == 1)
            #expect(needy.name == "preset")
        }
    }
}

// MARK: - NSNumber, Foundation numbers and Swift numeric types

extension AnySourceProbeTests {
    @Test func booleanNumbersAreNeverNumbersAndNumbersNeverBooleans() {
        let errors = bagErrors([
            "count": NSNumber(value: true),
            "flag": NSNumber(value: 1),
            "small": NSNumber(value: false),
            "ratio": true,
            "level": NSNumber(value: true),
            "numbers": NSArray(array: [1, NSNumber(value: true)]),
        ])
        #expect(rows(errors) == ["count type", "small type", "ratio type", "flag type", "level type", "numbers[1] type"])
        #expect(rows(Mapper.validate(["flag": NSNumber(value: Int8(1))], as: AnyBag.self)) == ["flag type"])
    }

    @Test func foundationNumbersMapExactlyOrAreRangeErrors() throws {
        let bag = try #require(
            mappedBag([
                "count": NSNumber(value: 3.0),
                "big": NSNumber(value: UInt64.max),
                "byte": NSNumber(value: UInt8(200)),
                "small": NSNumber(value: Int8(-128)),
                "ratio": NSNumber(value: Float(0.1)),
                "score": NSNumber(value: 0.1),
                "wide": NSDecimalNumber(string: "-9223372036854775808"),
            ]))
        #expect(bag.count == 3)
        #expect(bag.big == UInt64.max)
        #expect(bag.byte == 200)
        #expect(bag.small == -128)
        #expect(bag.ratio == 0.1)
        #expect(bag.score == 0.1)
        #expect(bag.wide == Int64.min)

        let errors = bagErrors([
            "count": NSNumber(value: 2.5),
            "wide": NSNumber(value: UInt64.max),
            "byte": NSNumber(value: Int8(-1)),
            "small": NSNumber(value: 128),
            "big": NSNumber(value: -1),
        ])
        #expect(Set(rows(errors)) == ["count type", "wide type", "byte type", "small type", "big type"])
    }

    @Test func decimalNumbersAreExactEverywhere() throws {
        let bag = try #require(
            mappedBag([
                "exact": NSDecimalNumber(string: "12345678901234567890.123"),
                "price": NSDecimalNumber(string: "0.1"),
                "count": NSDecimalNumber(string: "42"),
                "ratio": NSDecimalNumber(string: "0.3"),
            ]))
        #expect(bag.exact == Decimal(string: "12345678901234567890.123"))
        #expect(bag.price == Decimal(string: "0.1"))
        #expect(bag.count == 42)
        #expect(bag.ratio == 0.3)

        let errors = bagErrors([
            "count": NSDecimalNumber(string: "1.5"),
            "exact": NSDecimalNumber.notANumber,
            "price": NSDecimalNumber.notANumber,
            "ratio": NSDecimalNumber(string: "123456789012345678901234567890"),
            "wide": NSDecimalNumber(string: "9223372036854775808"),
        ])
        #expect(Set(errors.map(\.path)) == ["count", "exact", "price", "ratio", "wide"])
    }

    @Test func swiftNumericTypesMapByValue() throws {
        let bag = try #require(
            mappedBag([
                "count": Int8(-5),
                "big": UInt.max,
                "small": Int16(100),
                "ratio": Float(0.1),
                "score": CGFloat(2.5),
                "wide": Int128(Int64.min),
                "exact": 0.1,
                "price": Float(0.1),
                "byte": UInt8(255),
            ]))
        #expect(bag.count == -5)
        #expect(bag.big == UInt64(UInt.max))
        #expect(bag.small == 100)
        #expect(bag.ratio == 0.1)
        #expect(bag.score == 2.5)
        #expect(bag.wide == Int64.min)
        #expect(bag.exact == Decimal(string: "0.1"))
        #expect(bag.price == Decimal(string: "0.1"))
        #expect(bag.byte == 255)

        let errors = bagErrors([
            "count": UInt.max,
            "small": Int16(200),
            "wide": Int128(1) << 70,
            "ratio": Int128(1) << 70,
            "byte": Int(-1),
            "score": Double.greatestFiniteMagnitude,
            "big": Float(1.5),
        ])
        #expect(Set(errors.map(\.path)) == ["count", "small", "wide", "ratio", "byte", "score", "big"])
        #expect(errors.allSatisfy { $0.rule == "type" })
    }

    @Test func swiftDecimalsInLiteralsMapByValue() throws {
        let bag = try #require(mappedBag(["count": Decimal(7), "ratio": Decimal(string: "0.1")!, "exact": Decimal(string: "3.14")!]))
        #expect(bag.count == 7)
        #expect(bag.ratio == 0.1)
        #expect(bag.exact == Decimal(string: "3.14"))
        let errors = bagErrors(["count": Decimal(string: "0.5")!, "ratio": Decimal.nan, "exact": Decimal.nan])
        #expect(Set(errors.map(\.path)) == ["count", "ratio", "exact"])
        // A Swift Double into a Decimal property: the number it stands for (0.1), never its binary expansion.
        #expect(try #require(mappedBag(["price": 0.1, "exact": 0.3])).price == Decimal(string: "0.1"))
        #expect(try #require(mappedBag(["price": 0.1, "exact": 0.3])).exact == Decimal(string: "0.3"))
        let nonFinite = bagErrors([
            "ratio": NSNumber(value: Double.nan), "score": NSNumber(value: Float.infinity), "count": NSNumber(value: -Double.infinity),
        ])
        #expect(Set(rows(nonFinite)) == ["ratio type", "score type", "count type"])
    }

    /// A `Float` property from a number too small for a `Float` would become 0 (or lose its digits as a subnormal):
    /// is that a range error, as the number too large is?
    @Test func aNumberBelowAFloatsRangeIsNotSilentlyZero() {
        let bag = AnyBag()
        do {
            try Mapper.mapValues(from: ["score": 1e-50], to: bag, using: AnyBag.mapping)
            // Not promised either way: accepted as 0.
            #expect(bag.score == 0)
        } catch {
            #expect(rows(error.errors) == ["score type"])
        }
    }
}

// MARK: - Enums and Foundation values

extension AnySourceProbeTests {
    @Test func enumsReadTheirRawValuesStrictly() throws {
        let bag = try #require(mappedBag(["kind": NSString(string: "beta"), "level": NSNumber(value: 2.0)]))
        #expect(bag.kind == .beta)
        #expect(bag.level == .high)

        let errors = bagErrors(["kind": "gamma", "level": 3])
        #expect(rows(errors) == ["kind type", "level type"])
        #expect(errors.first?.message.contains("\"alpha\", \"beta\"") == true, "\(errors.first?.message ?? "")")
        #expect(errors.last?.message.contains("1") == true && errors.last?.message.contains("2") == true, "\(errors.last?.message ?? "")")
        #expect(rows(bagErrors(["level": "1", "kind": 1])) == ["kind type", "level type"])
        #expect(rows(bagErrors(["level": 1.5])) == ["level type"])
    }

    @Test func foundationObjectsMapIntoTheirOwnTypes() throws {
        let link = URL(string: "https://example.com/a")!
        let id = UUID()
        let when = Date(timeIntervalSince1970: 1_700_000_000.25)
        let blob = Data([1, 2, 3])
        let bag = try #require(mappedBag(["link": link, "id": id, "when": when, "blob": blob]))
        #expect(bag.link == link)
        #expect(bag.id == id)
        #expect(bag.when == when)
        #expect(bag.blob == blob)
        // Through NSDictionary too.
        let bridged = try #require(mappedBag(NSDictionary(dictionary: ["link": link, "id": id, "when": when, "blob": blob])))
        #expect(bridged.link == link)
        #expect(bridged.id == id)
        #expect(bridged.when == when)
        #expect(bridged.blob == blob)
    }

    @Test func foundationObjectsWhereABoxingTakesTextAreClearTypeErrors() {
        let errors = bagErrors([
            "boxedLink": URL(string: "https://example.com")!,
            "boxedID": UUID(),
            "boxedWhen": Date(),
            "name": Data([1]),
        ])
        #expect(rows(errors) == ["name type", "boxedLink type", "boxedID type", "boxedWhen type"])
        for (error, word) in zip(errors, ["Data", "URL", "UUID", "Date"]) {
            #expect(error.message.contains(word), "\(error.message)")
        }
    }

    @Test func stringsWhereFoundationTypesAreExpectedAreTypeErrors() {
        let errors = bagErrors(["link": "https://example.com", "id": UUID().uuidString, "when": "2024-01-01T00:00:00Z"])
        #expect(rows(errors) == ["link type", "id type", "when type"])
    }
}

// MARK: - Property lists read by PropertyListSerialization

private struct PlistRecord: Mappable, MappedCodable, Equatable {
    var name = ""
    var count = 0
    var ratio = 0.0
    var flag = false
    var tags: [String] = []
    var sizes: [String: Int] = [:]
    var kind: AnyKind = .alpha
    var site: URL?
    var seen = Date(timeIntervalSince1970: 0)
    var inner: PlistInner?
    var label: String?
    var extras: [String]?

    static let mapping: Mapping<PlistRecord> = [
        "name": .property(\.name),
        "count": .property(\.count),
        "ratio": .property(\.ratio),
        "flag": .property(\.flag),
        "tags": .property(\.tags),
        "sizes": .property(\.sizes),
        "kind": .property(\.kind),
        "site": .box(.url, \.site),
        "seen": .box(.date, \.seen),
        "inner": .property(\.inner),
        "label": .property(\.label),
        "extras": .property(\.extras),
    ]

    static var sample: PlistRecord {
        var record = PlistRecord()
        record.name = "Kim"
        record.count = -3
        record.ratio = 0.1
        record.flag = true
        record.tags = ["a", "b"]
        record.sizes = ["s": 1, "l": 3]
        record.kind = .beta
        record.site = URL(string: "https://example.com/x?y=1")
        record.seen = Date(timeIntervalSince1970: 1_700_000_000.125)
        record.inner = PlistInner(code: 9, on: false)
        record.label = nil
        record.extras = nil
        return record
    }
}

private struct PlistInner: Mappable, MappedCodable, Equatable, Hashable {
    var code = 0
    var on = true
    static let mapping: Mapping<PlistInner> = ["code": .property(\.code), "on": .property(\.on)]
}

private func plistData(_ object: Any, _ format: PropertyListSerialization.PropertyListFormat) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
}

private func plistObject(_ data: Data) throws -> Any {
    try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
}

private func xmlPlist(_ body: String) -> Data {
    Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>\(body)</dict></plist>
        """.utf8)
}

extension AnySourceProbeTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func aSerializedModelReadsBackFromAPropertyList(format: PropertyListSerialization.PropertyListFormat) throws {
        let record = PlistRecord.sample
        let object = try Mapper.serialize(record)
        let read = try plistObject(try plistData(object, format))
        #expect(try Mapper.map(PlistRecord.self, from: read) == record)
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListScalarsKeepTheirKinds(format: PropertyListSerialization.PropertyListFormat) throws {
        let good: [String: Any] = ["count": 3.0, "ratio": 2, "flag": true, "byte": 255, "big": UInt64.max, "wide": Int64.min]
        let bag = try #require(mappedBag(try plistObject(try plistData(good, format))))
        #expect(bag.count == 3)
        #expect(bag.ratio == 2)
        #expect(bag.flag)
        #expect(bag.byte == 255)
        #expect(bag.big == UInt64.max, "UInt64.max through a \(format) property list")
        #expect(bag.wide == Int64.min)

        let bad: [String: Any] = ["count": true, "flag": 1, "small": 2.5, "name": 12, "numbers": ["1"], "byte": 256]
        let errors = bagErrors(try plistObject(try plistData(bad, format)))
        #expect(Set(rows(errors)) == ["count type", "flag type", "small type", "name type", "numbers[0] type", "byte type"])
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListDatesAndDataMapIntoTheirTypesAndNowhereElse(format: PropertyListSerialization.PropertyListFormat) throws {
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        let blob = Data([0, 255, 7])
        let object = try plistObject(try plistData(["when": when, "blob": blob], format))
        let bag = try #require(mappedBag(object))
        #expect(bag.when == when)
        #expect(bag.blob == blob)

        let wrong = try plistObject(try plistData(["name": when, "boxedWhen": when, "tags": [blob]], format))
        let errors = bagErrors(wrong)
        #expect(rows(errors) == ["name type", "tags[0] type", "boxedWhen type"])
        #expect(errors.allSatisfy { !$0.message.isEmpty && $0.value != nil })
    }

    @Test func xmlIntegersBeyondSixtyFourBitsAreRangeErrorsNeverWrapped() throws {
        let data = xmlPlist(
            "<key>big</key><integer>18446744073709551616</integer><key>wide</key><integer>-9223372036854775809</integer>"
                + "<key>count</key><integer>99999999999999999999999</integer>")
        guard let object = try? plistObject(data) else { return }  // Foundation may refuse the text: then nothing to map.
        let bag = AnyBag()
        do {
            try Mapper.mapValues(from: object, to: bag, using: AnyBag.mapping)
            Issue.record("integers beyond 64 bits mapped: big \(bag.big), wide \(bag.wide), count \(bag.count); read as \(object)")
        } catch {
            #expect(Set(error.errors.map(\.path)) == ["big", "wide", "count"], "\(error.errors)")
            #expect(bag.isPristine)
        }
    }
}

// MARK: - The Codable bridge with property-list coders

extension AnySourceProbeTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func aModelRoundTripsThroughPropertyListCoders(format: PropertyListSerialization.PropertyListFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let record = PlistRecord.sample
        let decoded = try PropertyListDecoder().decode(PlistRecord.self, from: encoder.encode(record))
        #expect(decoded == record)
        #expect(decoded.label == nil)
        #expect(decoded.extras == nil)
    }

    /// Documented (Serializing, "A nil property is left out"): through an encoder there is no `.writingNulls`, so
    /// a nil over a non-nil `init()` value never survives `Codable`, though the Codable article says "decoding what was
    /// encoded gives the model back".
    @Test func aNilOverANonNilInitValueComesBackAsTheInitValueThroughEveryEncoder() throws {
        struct Defaulted: Mappable, MappedCodable, Equatable {
            var label: String? = "default"
            static let mapping: Mapping<Defaulted> = ["label": .property(\.label)]
        }
        let model = Defaulted(label: nil)
        #expect(try JSONDecoder().decode(Defaulted.self, from: JSONEncoder().encode(model)).label == "default")
        #expect(try PropertyListDecoder().decode(Defaulted.self, from: PropertyListEncoder().encode(model)).label == "default")
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func collectionsOfModelsRoundTripThroughPropertyListCoders(format: PropertyListSerialization.PropertyListFormat) throws {
        struct Holder: Mappable, MappedCodable, Equatable {
            var byName: [String: PlistInner] = [:]
            var set: Set<PlistInner> = []
            var maybe: [PlistInner]? = nil
            var levels: [AnyLevel] = []
            static let mapping: Mapping<Holder> = [
                "byName": .property(\.byName), "set": .property(\.set), "maybe": .property(\.maybe), "levels": .property(\.levels),
            ]
        }
        let holder = Holder(
            byName: ["x": PlistInner(code: 1, on: true), "y.z": PlistInner(code: 2, on: false)],
            set: [PlistInner(code: 3, on: true), PlistInner(code: 4, on: false)],
            maybe: [PlistInner(code: 5, on: true)], levels: [.high, .low])
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        #expect(try PropertyListDecoder().decode(Holder.self, from: encoder.encode(holder)) == holder)
        #expect(try JSONDecoder().decode(Holder.self, from: JSONEncoder().encode(holder)) == holder)
    }

    @Test func propertyListDecoderIsCheckedAsStrictlyAsJSONInXML() throws {
        let data = xmlPlist(
            "<key>name</key><integer>12</integer><key>count</key><string>12</string><key>flag</key><integer>1</integer>"
                + "<key>ratio</key><true/><key>small</key><real>2.5</real><key>wide</key><real>3</real>"
                + "<key>tags</key><array><string>a</string><integer>1</integer></array>")
        struct Typed: Mappable, MappedDecodable {
            var name = ""
            var count = 0
            var flag = false
            var ratio = 0.0
            var small: Int8 = 0
            var wide: Int64 = 0
            var tags: [String] = []
            static let mapping: Mapping<Typed> = [
                "name": .property(\.name), "count": .property(\.count), "flag": .property(\.flag), "ratio": .property(\.ratio),
                "small": .property(\.small), "wide": .property(\.wide), "tags": .property(\.tags),
            ]
        }
        let error = try #require(throws: DecodingError.self) { try PropertyListDecoder().decode(Typed.self, from: data) }
        let found = error.mappingError.map { Set(rows($0.errors)) }
        #expect(found == ["name type", "count type", "flag type", "ratio type", "small type", "tags[1] type"], "\(error)")
        // What Mapper.map says of the same property list, read by PropertyListSerialization.
        let direct = Mapper.validate(try plistObject(data), as: Typed.self)
        #expect(Set(rows(direct)) == ["name type", "count type", "flag type", "ratio type", "small type", "tags[1] type"])
    }

    @Test func propertyListDatesThroughTheBridgeAreTheDecodersOwnError() throws {
        struct Dated: Mappable, MappedDecodable {
            var name = ""
            var when: Date?
            static let mapping: Mapping<Dated> = ["name": .property(\.name), "when": .box(.date, \.when)]
        }
        let data = try plistData(["name": "x", "when": Date(timeIntervalSince1970: 5)], .binary)
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(Dated.self, from: data) }
        // Mapped from the parsed property list it is one clear type error.
        #expect(rows(Mapper.validate(try plistObject(data), as: Dated.self)) == ["when type"])
    }
}

// MARK: - The Codable bridge with a decoder of our own

/// How `TreeDecoder` bends the rules.
private struct TreeQuirks: OptionSet, Sendable {
    let rawValue: Int
    /// Reads `1`/`0` as a `Bool` (some decoders are lenient so).
    static let numbersAsBools = TreeQuirks(rawValue: 1 << 0)
    /// Reads a fraction as the integer it truncates to.
    static let truncatingIntegers = TreeQuirks(rawValue: 1 << 1)
    /// Throws `TreeFailure` (not a `DecodingError`) for every value at a key named `poison`.
    static let poison = TreeQuirks(rawValue: 1 << 2)
    /// Throws `DecodingError.dataCorrupted` for every value at a key named `corrupt`.
    static let corrupt = TreeQuirks(rawValue: 1 << 3)
}

private struct TreeFailure: Error, Equatable {
    let key: String
}

private struct TreeKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// A decoder over a tree of Swift values (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `NSNull`).
private struct TreeDecoder: Decoder {
    let value: Any
    let codingPath: [any CodingKey]
    let quirks: TreeQuirks
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: Any, codingPath: [any CodingKey] = [], quirks: TreeQuirks = []) {
        self.value = value
        self.codingPath = codingPath
        self.quirks = quirks
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "not a \(type): \(value)"))
    }

    func checkPoison() throws {
        guard let last = codingPath.last?.stringValue else { return }
        if quirks.contains(.poison), last == "poison" { throw TreeFailure(key: last) }
        if quirks.contains(.corrupt), last == "corrupt" {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "corrupt value"))
        }
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkPoison()
        guard Swift.type(of: value) == [String: Any].self, let object = value as? [String: Any] else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(TreeKeyed<Key>(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkPoison()
        guard Swift.type(of: value) == [Any].self, let array = value as? [Any] else { throw mismatch([Any].self) }
        return TreeUnkeyed(decoder: self, array: array)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkPoison()
        return TreeSingle(decoder: self)
    }

    func child(_ value: Any, _ key: any CodingKey) -> TreeDecoder {
        TreeDecoder(value, codingPath: codingPath + [key], quirks: quirks)
    }
}

private struct TreeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let object: [String: Any]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func child(_ key: Key) throws -> TreeDecoder {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
        }
        return decoder.child(value, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value is NSNull }
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T { try T(from: child(key)) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try Bool(from: child(key)) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try String(from: child(key)) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try Double(from: child(key)) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try Float(from: child(key)) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try Int(from: child(key)) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try Int8(from: child(key)) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try Int16(from: child(key)) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try Int32(from: child(key)) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try Int64(from: child(key)) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try UInt(from: child(key)) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try UInt8(from: child(key)) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try UInt16(from: child(key)) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try UInt32(from: child(key)) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try UInt64(from: child(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct TreeUnkeyed: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let array: [Any]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "at end"))
        }
        defer { currentIndex += 1 }
        return decoder.child(array[currentIndex], TreeKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, array[currentIndex] is NSNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: next()) }
    mutating func decode(_: Bool.Type) throws -> Bool { try Bool(from: next()) }
    mutating func decode(_: String.Type) throws -> String { try String(from: next()) }
    mutating func decode(_: Double.Type) throws -> Double { try Double(from: next()) }
    mutating func decode(_: Float.Type) throws -> Float { try Float(from: next()) }
    mutating func decode(_: Int.Type) throws -> Int { try Int(from: next()) }
    mutating func decode(_: Int8.Type) throws -> Int8 { try Int8(from: next()) }
    mutating func decode(_: Int16.Type) throws -> Int16 { try Int16(from: next()) }
    mutating func decode(_: Int32.Type) throws -> Int32 { try Int32(from: next()) }
    mutating func decode(_: Int64.Type) throws -> Int64 { try Int64(from: next()) }
    mutating func decode(_: UInt.Type) throws -> UInt { try UInt(from: next()) }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try UInt8(from: next()) }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try UInt16(from: next()) }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try UInt32(from: next()) }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try UInt64(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct TreeSingle: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var value: Any { decoder.value }

    func decodeNil() -> Bool { value is NSNull }

    func decode(_: Bool.Type) throws -> Bool {
        if Swift.type(of: value) == Bool.self { return value as! Bool }
        if decoder.quirks.contains(.numbersAsBools), Swift.type(of: value) == Int.self, let number = value as? Int, (0...1).contains(number)
        {
            return number == 1
        }
        throw decoder.mismatch(Bool.self)
    }

    func decode(_: String.Type) throws -> String {
        guard Swift.type(of: value) == String.self else { throw decoder.mismatch(String.self) }
        return value as! String
    }

    func double() throws -> Double {
        if Swift.type(of: value) == Double.self { return value as! Double }
        if Swift.type(of: value) == Int.self { return Double(value as! Int) }
        throw decoder.mismatch(Double.self)
    }

    func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        if Swift.type(of: value) == Int.self, let integer = T(exactly: value as! Int) { return integer }
        if Swift.type(of: value) == Double.self {
            let double = value as! Double
            if let integer = T(exactly: double) { return integer }
            if decoder.quirks.contains(.truncatingIntegers), double.isFinite, let integer = T(exactly: double.rounded(.towardZero)) {
                return integer
            }
        }
        throw decoder.mismatch(T.self)
    }

    func decode(_: Double.Type) throws -> Double { try double() }
    func decode(_: Float.Type) throws -> Float { Float(try double()) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: decoder) }
}

private struct TreeModel: Mappable, MappedDecodable, Equatable {
    var name = ""
    var count = 0
    var flag = false
    var ratio = 0.0
    var tags: [String] = []
    var inner: PlistInner?
    var geoLat = 0.0
    static let mapping: Mapping<TreeModel> = [
        "name": .property(\.name).isRequired(),
        "count": .property(\.count).min(0),
        "flag": .property(\.flag),
        "ratio": .property(\.ratio),
        "tags": .property(\.tags),
        "inner": .property(\.inner),
        "geo": [1: .property(\.geoLat)],
    ]
}

extension AnySourceProbeTests {
    static var treeSource: [String: Any] {
        [
            "name": "Kim", "count": 3, "flag": true, "ratio": 2, "tags": ["a", "b"] as [Any],
            "inner": ["code": 4, "on": false] as [String: Any], "geo": [0.5, 1.5] as [Any], "extra": ["x": NSNull()] as [String: Any],
        ]
    }

    @Test func aDecoderOfOurOwnGivesTheModelMapperMapGives() throws {
        let decoded = try TreeModel(from: TreeDecoder(Self.treeSource))
        #expect(decoded == (try Mapper.map(TreeModel.self, from: Self.treeSource)))
        #expect(decoded.geoLat == 1.5)
        #expect(decoded.inner == PlistInner(code: 4, on: false))
    }

    @Test func aDecoderOfOurOwnReportsEveryFailureAtItsCodingPath() throws {
        var bad = Self.treeSource
        bad["count"] = -1
        bad["tags"] = ["a", 5] as [Any]
        bad["name"] = NSNull()
        let decoder = TreeDecoder(bad, codingPath: [TreeKey(stringValue: "order")])
        let error = try #require(throws: DecodingError.self) { try TreeModel(from: decoder) }
        #expect(error.mappingError.map { rows($0.errors) } == ["order.name isRequired", "order.count min", "order.tags[1] type"])
        // Mapper.map's errors on the same tree, the same apart from the prefix.
        #expect(rows(Mapper.validate(bad, as: TreeModel.self)) == ["name isRequired", "count min", "tags[1] type"])
    }

    /// A decoder that reads `1` as `true` when asked for a `Bool`: the mapping's types are the mapping's, strictly, and
    /// a `Bool` property must not take a number ("a JSON `1` is never a `Bool`"; the bridge tries the kinds in turn).
    @Test func aLenientDecodersNumberIsNeverABool() throws {
        var source = Self.treeSource
        source["flag"] = 1
        let outcome = Result { try TreeModel(from: TreeDecoder(source, quirks: .numbersAsBools)) }
        // As it is: the bridge asks the decoder for a Bool first; a decoder that answers for a number decides the kind.
        if case let .success(model) = outcome {
            #expect(model.flag == true)
        } else {
            #expect(throws: DecodingError.self) { try outcome.get() }
        }
    }

    /// A decoder that truncates `2.5` to `2` when asked for an integer. The bridge asks for an integer first.
    @Test func aTruncatingDecodersFractionIsNeverAnInteger() throws {
        var source = Self.treeSource
        source["count"] = 2.5
        let outcome = Result { try TreeModel(from: TreeDecoder(source, quirks: .truncatingIntegers)) }
        // As it is: "numbers arrive as the decoder parsed them"; the decoder said 2.
        if case let .success(model) = outcome {
            #expect(model.count == 2)
        } else {
            #expect(throws: DecodingError.self) { try outcome.get() }
        }
        // As it is: a Double property is read as the integer too, since the bridge asks for an integer before a Double
        // whatever the target: 2.5 becomes 2.0 (JSONDecoder and PropertyListDecoder refuse the integer, so only a
        // lenient decoder shows it).
        source["count"] = 1
        source["ratio"] = 2.5
        let ratio = try TreeModel(from: TreeDecoder(source, quirks: .truncatingIntegers)).ratio
        #expect(ratio == 2.0, "a truncating decoder's Double 2.5 became \(ratio)")
    }

    /// The decoder's own error, not a `DecodingError`, is the decoder's to give: it comes through as it is.
    @Test func aDecodersOwnErrorComesThroughAsItIs() throws {
        var source = Self.treeSource
        source["poison"] = "x"
        // Not named by the mapping: never read, so no error at all.
        #expect(throws: Never.self) { try TreeModel(from: TreeDecoder(source, quirks: .poison)) }
        struct Reads: Mappable, MappedDecodable {
            var poison = ""
            static let mapping: Mapping<Reads> = ["poison": .property(\.poison)]
        }
        #expect(throws: TreeFailure(key: "poison")) { try Reads(from: TreeDecoder(source, quirks: .poison)) }
    }

    /// A decoder that says a value is corrupt: its `DecodingError` names what went wrong, and no other error replaces it.
    // A decoder's error for a value inside an object is its own, not the object's "not an object" (which read as a
    // `typeMismatch(Double)` at the object).
    @Test func aDecodersCorruptionIsNotReplacedByAnotherError() throws {
        struct Reads: Mappable, MappedDecodable {
            var corrupt = ""
            var name = ""
            static let mapping: Mapping<Reads> = ["corrupt": .property(\.corrupt), "name": .property(\.name)]
        }
        let source: [String: Any] = ["corrupt": "x", "name": "n"]
        let error = try #require(throws: DecodingError.self) { try Reads(from: TreeDecoder(source, quirks: .corrupt)) }
        guard case let .dataCorrupted(context) = error else {
            Issue.record("the decoder's dataCorrupted became \(error)")
            return
        }
        #expect(context.debugDescription == "corrupt value", "\(error)")
        #expect(context.codingPath.map(\.stringValue) == ["corrupt"], "\(error)")
        // Inside a nested model, the same: the corrupt value, at its path.
        struct Outer: Mappable, MappedDecodable {
            var inner = Reads()
            static let mapping: Mapping<Outer> = ["inner": .property(\.inner)]
        }
        let nested: [String: Any] = ["inner": source]
        let outerError = try #require(throws: DecodingError.self) { try Outer(from: TreeDecoder(nested, quirks: .corrupt)) }
        guard case let .dataCorrupted(outerContext) = outerError else {
            Issue.record("the decoder's dataCorrupted became \(outerError)")
            return
        }
        #expect(outerContext.debugDescription == "corrupt value", "\(outerError)")
    }

    @Test func theRootOfAnotherShapeIsOneTypeError() throws {
        for root in [["a"] as [Any] as Any, "text" as Any, 5 as Any, NSNull() as Any] {
            let error = try #require(throws: DecodingError.self) { try TreeModel(from: TreeDecoder(root)) }
            #expect(error.mappingError.map { rows($0.errors) }?.isEmpty == false, "\(error)")
        }
    }
}

// MARK: - Classes: all or nothing over a graph

private final class Leaf: Mappable {
    var label = "old" {
        didSet { writes += 1 }
    }
    var writes = 0
    static let mapping: Mapping<Leaf> = ["label": .property(\.label).minLength(1)]
    init() {}
    init(_ label: String) { self.label = label }
}

private final class Graph {
    var name = "old" {
        didSet { writes += 1 }
    }
    var child = Leaf("child")
    var children = [Leaf("a"), Leaf("b")]
    var shared: Leaf
    var alias: Leaf
    var code = "old" {
        didSet { writes += 1 }
    }
    var seenName = ""
    var count = 0 {
        didSet { writes += 1 }
    }
    var writes = 0

    init() {
        let leaf = Leaf("shared")
        shared = leaf
        alias = leaf
    }

    func code(from text: String) -> String? {
        seenName = name
        return text.uppercased()
    }

    static let mapping: Mapping<Graph> = [
        "name": .property(\.name),
        "child": .property(\.child),
        "children": .property(\.children),
        "shared": .property(\.shared).merging(),
        "alias": .property(\.alias).merging(),
        "sharedLabel": .property(\.shared.label),
        "code": .call(Graph.code(from:), \.code),
        "count": .property(\.count).min(1),
    ]
}

extension AnySourceProbeTests {
    static func graphSource(count: Int, aliasLabel: String = "via alias") -> [String: Any] {
        [
            "name": "new", "child": ["label": "new child"], "children": [["label": "x"]], "shared": ["label": "via shared"],
            "alias": ["label": aliasLabel], "sharedLabel": "direct", "code": "abc", "count": count,
        ]
    }

    @Test func aFailedMappingLeavesEveryObjectOfTheGraphUnchanged() {
        for source in [Self.graphSource(count: 0), Self.graphSource(count: 5, aliasLabel: "")] {
            let graph = Graph()
            let child = graph.child
            let children = graph.children
            let shared = graph.shared
            #expect(throws: MappingError.self) { try Mapper.mapValues(from: source, to: graph, using: Graph.mapping) }
            #expect(graph.name == "old" && graph.code == "old" && graph.count == 0 && graph.writes == 0)
            #expect(graph.child === child && child.label == "child" && child.writes == 0)
            #expect(graph.children.count == 2 && graph.children[0] === children[0] && children.allSatisfy { $0.writes == 0 })
            #expect(graph.shared === shared && graph.alias === shared)
            #expect(shared.label == "shared" && shared.writes == 0, "the shared leaf was written: \(shared.label)")
        }
    }

    @Test func aSuccessfulMappingWritesEachObjectAndCallsSeeTheOldInstance() throws {
        let graph = Graph()
        let shared = graph.shared
        try Mapper.mapValues(from: Self.graphSource(count: 5), to: graph, using: Graph.mapping)
        #expect(graph.name == "new" && graph.code == "ABC" && graph.count == 5)
        #expect(graph.seenName == "old", "calls run on the not-yet-updated instance")
        #expect(graph.child.label == "new child" && graph.children.map(\.label) == ["x"])
        #expect(graph.shared === shared && graph.alias === shared)
        // Three writes reach the one shared leaf, in mapping order: the last one is the direct key path.
        #expect(["via shared", "via alias", "direct"].contains(shared.label))
    }

    @Test func aDryRunOnAGraphWritesNothing() {
        let graph = Graph()
        let errors = Mapper.validate(Self.graphSource(count: 5), for: graph, using: Graph.mapping)
        #expect(errors.isEmpty)
        #expect(graph.writes == 0 && graph.shared.writes == 0 && graph.child.writes == 0 && graph.name == "old")
    }
}

// MARK: - Concurrency

private struct Ticket: Mappable, MappedCodable, Equatable {
    var id = 0
    var title = ""
    var tags: [String] = []
    var price = Decimal(0)
    static let mapping: Mapping<Ticket> = [
        "id": .property(\.id).min(1),
        "title": .property(\.title).lengthRange(1, 20),
        "tags": .property(\.tags),
        "price": .box(.decimal, \.price),
    ]
}

extension AnySourceProbeTests {
    @Test func oneMappingFromManyTasksAtOnce() async {
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let source: NSDictionary = [
                        "id": index % 7 == 0 ? 0 : index, "title": "t\(index)", "tags": ["a\(index)"],
                        "price": NSDecimalNumber(string: "\(index).25"),
                    ]
                    var failures = 0
                    switch index % 4 {
                    case 0:
                        let errors = Mapper.validate(source, as: Ticket.self)
                        if (index % 7 == 0) != (rows(errors) == ["id min"]) { failures += 1 }
                        if index % 7 != 0 && !errors.isEmpty { failures += 1 }
                    case 1:
                        guard index % 7 != 0 else { return 0 }
                        let ticket = try? Mapper.map(Ticket.self, from: source)
                        if ticket != Ticket(id: index, title: "t\(index)", tags: ["a\(index)"], price: Decimal(string: "\(index).25")!) {
                            failures += 1
                        }
                    case 2:
                        guard index % 7 != 0 else { return 0 }
                        let ticket = Ticket(id: index, title: "t\(index)", tags: ["a\(index)"], price: Decimal(string: "\(index).25")!)
                        let back = try? PropertyListDecoder().decode(Ticket.self, from: PropertyListEncoder().encode(ticket))
                        if back != ticket { failures += 1 }
                    default:
                        let ticket = Ticket(id: max(index, 1), title: "t\(index)", tags: [], price: 1)
                        let back = try? JSONDecoder().decode(Ticket.self, from: JSONEncoder().encode(ticket))
                        if back != ticket { failures += 1 }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

// MARK: - Serializing values that came in as Any

extension AnySourceProbeTests {
    /// "Output is always what JSONSerialization accepts: values that are not JSON values … are serialize errors in both
    /// serialize and serializeJSON." An `Any` property holds whatever it was mapped from.
    @Test func serializeAndSerializeJSONAgreeOnAnyValues() throws {
        let values: [(String, Any)] = [
            ("Int8", Int8(3)), ("Float", Float(0.5)), ("UInt64.max", UInt64.max), ("Decimal", Decimal(string: "1.5")!),
            ("NSDecimalNumber", NSDecimalNumber(string: "2.25")), ("Substring", "abc".prefix(2)), ("Character", Character("c")),
            ("nil in a dictionary", ["x": Optional<Int>.none as Any] as [String: Any]), ("optionals", [1, nil] as [Int?]),
            ("Set", Set([1])), ("AnyHashable", AnyHashable("a")), ("NSMutableString", NSMutableString(string: "m")),
            ("Date", Date(timeIntervalSince1970: 0)), ("URL", URL(string: "https://example.com")!), ("CGFloat", CGFloat(1.5)),
            ("NSArray", NSArray(array: [1, "a", NSNull()])), ("NSDictionary", NSDictionary(dictionary: ["k": 1])),
            ("[Int: Any]", [1: "a"] as [Int: Any]), ("Data", Data([1])), ("UUID", UUID()),
        ]
        var disagreements: [String] = []
        for (name, value) in values {
            let bag = AnyBag()
            bag.anything = value
            let object = Result { () throws(MappingError) in try Mapper.serialize(bag) }
            let text = Result { () throws(MappingError) in try Mapper.serializeJSON(bag) }
            switch (object, text) {
            case let (.success(dictionary), .success(data)):
                guard JSONSerialization.isValidJSONObject(dictionary) else {
                    disagreements.append("\(name): serialize gave what JSONSerialization refuses: \(dictionary["anything"] ?? "nil")")
                    continue
                }
                // The text and the dictionary say the same.
                let reread = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                let fromObject =
                    try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: dictionary)) as? [String: Any]
                if "\(reread?["anything"] ?? "nil")" != "\(fromObject?["anything"] ?? "nil")" {
                    disagreements.append(
                        "\(name): serializeJSON wrote \(reread?["anything"] ?? "nil"), serialize \(fromObject?["anything"] ?? "nil")")
                }
            case let (.failure(first), .failure(second)):
                if first.errors.map(\.rule) != ["serialize"] || second.errors.map(\.rule) != ["serialize"] {
                    disagreements.append("\(name): \(first.errors.map(\.rule)) / \(second.errors.map(\.rule))")
                }
            case let (.success(dictionary), .failure(error)):
                disagreements.append("\(name): serialize wrote \(dictionary["anything"] ?? "nil"), serializeJSON threw \(error)")
            case let (.failure(error), .success(data)):
                disagreements.append("\(name): serialize threw \(error), serializeJSON wrote \(String(decoding: data, as: UTF8.self))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test func foundationTypedPropertiesAreSerializeErrorsNamingEachField() {
        let bag = AnyBag()
        bag.link = URL(string: "https://example.com")
        bag.id = UUID()
        bag.when = Date()
        bag.blob = Data([1])
        bag.anything = nil
        let errors = mappingErrors { _ = try Mapper.serialize(bag) }
        #expect(rows(errors) == ["link serialize", "id serialize", "when serialize", "blob serialize"])
    }

    @Test func foundationArraysOfRecordsMapAsSwiftArraysDo() throws {
        let records = NSMutableArray(array: [
            NSDictionary(dictionary: ["code": 1, "on": true]), NSDictionary(dictionary: ["code": NSNumber(value: true)]), NSNull(),
            ["code": 3] as [String: Any],
        ])
        let batch = try Mapper.mapArray(from: records, as: PlistInner.self)
        #expect(batch.models.map(\.code) == [1, 3])
        #expect(batch.failures.map(\.index) == [1, 2])
        let errors = mappingErrors { _ = try Mapper.map([PlistInner].self, from: records) }
        #expect(rows(errors).first == "[1].code type", "\(rows(errors))")
        #expect(errors.count == 2)
    }
}

// MARK: - Validators on Foundation values, immutable models in a class graph, shared Foundation sources

private final class Checked {
    var name = "old"
    var count = 0
    var frozen: Frozen?
    init() {}
    static let mapping: Mapping<Checked> = [
        "name": .property(\.name).lengthRange(1, 3).oneOf(["Kim", "Ann", "👨‍👩‍👧"]),
        "count": .property(\.count).range(1, 5),
        "frozen": .property(\.frozen),
    ]
}

private struct Frozen: ImmutableMappable {
    let code: Int
    static let mapping: Mapping<Frozen> = ["code": .property(\.code)]
    init(_ values: MappedValues<Frozen>) throws {
        code = try values[\.code]
        if code == 13 { throw TreeFailure(key: "code") }
    }
}

private final class SharedSource: @unchecked Sendable {
    let value: NSDictionary
    init(_ value: NSDictionary) { self.value = value }
}

extension AnySourceProbeTests {
    @Test func validatorsJudgeFoundationValuesAsTheSwiftValuesTheyHold() throws {
        let checked = Checked()
        try Mapper.mapValues(
            from: ["name": NSMutableString(string: "Kim"), "count": NSNumber(value: 5.0), "frozen": NSDictionary(dictionary: ["code": 1])],
            to: checked, using: Checked.mapping)
        #expect(checked.name == "Kim" && checked.count == 5 && checked.frozen?.code == 1)
        try Mapper.mapValues(from: ["name": NSString(string: "👨‍👩‍👧"), "count": AnyHashable(1) as Any], to: checked, using: Checked.mapping)
        #expect(checked.name == "👨‍👩‍👧" && checked.count == 1)
        // One root cause, one error: a boolean or a fraction where the range judges a number is a type error alone.
        let errors = Mapper.validate(
            ["name": NSString(string: "Kimberly"), "count": NSNumber(value: true)], for: checked, using: Checked.mapping)
        #expect(rows(errors) == ["name lengthRange", "name oneOf", "count type"] || rows(errors) == ["name lengthRange", "count type"])
        let fraction = Mapper.validate(["count": NSDecimalNumber(string: "5.0000000000000000001")], for: checked, using: Checked.mapping)
        #expect(rows(fraction) == ["count type"])
        let over = Mapper.validate(["count": NSDecimalNumber(string: "5.000000000000000001")], for: checked, using: Checked.mapping)
        #expect(rows(over) == ["count type"])
    }

    @Test func aThrowingImmutableModelLeavesTheClassUnchanged() {
        let checked = Checked()
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["name": "Ann", "count": 2, "frozen": ["code": 13]], to: checked, using: Checked.mapping)
        }
        #expect(rows(errors) == ["frozen init"])
        #expect(checked.name == "old" && checked.count == 0 && checked.frozen == nil)
    }

    @Test func oneFoundationSourceReadFromManyTasksAtOnce() async {
        let inner = NSMutableDictionary(dictionary: ["code": 7, "on": true])
        let source = SharedSource(
            NSDictionary(dictionary: [
                "name": NSMutableString(string: "Kim"), "tags": NSMutableArray(array: ["a", "b", NSString(string: "c")]),
                "counts": NSDictionary(dictionary: ["x": 1, "y": NSNumber(value: 2.0)]), "inner": inner, "count": NSNumber(value: 3),
            ]))
        struct Reader: Mappable, Equatable {
            var name = ""
            var tags: [String] = []
            var counts: [String: Int] = [:]
            var inner = PlistInner()
            var count = 0
            static let mapping: Mapping<Reader> = [
                "name": .property(\.name), "tags": .property(\.tags), "counts": .property(\.counts), "inner": .property(\.inner),
                "count": .property(\.count),
            ]
        }
        let expected = Reader(
            name: "Kim", tags: ["a", "b", "c"], counts: ["x": 1, "y": 2], inner: PlistInner(code: 7, on: true), count: 3)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { (try? Mapper.map(Reader.self, from: source.value)) == expected ? 0 : 1 }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func decimalAndNarrowNumberPropertiesRoundTripThroughPropertyListCoders(format: PropertyListSerialization.PropertyListFormat) throws {
        struct Narrow: Mappable, MappedCodable, Equatable {
            var price = Decimal(0)
            var huge = Decimal(0)
            var score: Float = 0
            var tiny: Int8 = 0
            var byte: UInt8 = 0
            var half: Float = 0
            static let mapping: Mapping<Narrow> = [
                "price": .property(\.price), "huge": .property(\.huge), "score": .property(\.score), "tiny": .property(\.tiny),
                "byte": .property(\.byte), "half": .property(\.half),
            ]
        }
        let model = Narrow(
            price: Decimal(string: "0.1")!, huge: Decimal(string: "12345678901234567890.123")!, score: 0.1, tiny: -128, byte: 255,
            half: .leastNonzeroMagnitude)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        #expect(try PropertyListDecoder().decode(Narrow.self, from: encoder.encode(model)) == model)
        #expect(try JSONDecoder().decode(Narrow.self, from: JSONEncoder().encode(model)) == model)
        #expect(try Mapper.map(Narrow.self, fromJSON: Mapper.serializeJSON(model)) == model)
    }
}

// MARK: - Integer types of the standard library beyond 64 bits, Any targets, enums of other raw types

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private struct Wide128: Mappable, Equatable {
    var signed: Int128 = -1
    var unsigned: UInt128 = 1
    var maybe: Int128?
    static let mapping: Mapping<Wide128> = [
        "signed": .property(\.signed), "unsigned": .property(\.unsigned), "maybe": .property(\.maybe),
    ]
}

enum AnySymbol: Character, CaseIterable {
    case plus = "+"
    case minus = "-"
}

enum AnyRatio: Double, CaseIterable {
    case half = 0.5
    case one = 1
}

private final class Targets {
    var any: Any = "preset"
    var maybeAny: Any? = "preset"
    var number: NSNumber = 0
    var symbol: AnySymbol = .plus
    var ratio: AnyRatio = .half
    init() {}
    static let mapping: Mapping<Targets> = [
        "any": .property(\.any), "maybeAny": .property(\.maybeAny), "number": .property(\.number),
        "symbol": .property(\.symbol), "ratio": .property(\.ratio),
    ]
}

extension AnySourceProbeTests {
    /// "A JSON integer to every integer type, range-checked" (DESIGN.md, Semantics 4): `Int128` and `UInt128` too, with
    /// values beyond 64 bits, which `serialize` and `serializeJSON` write as their digits and map back.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test func int128PropertiesTakeIntegers() throws {
        let fromText = Result { () throws(MappingError) in
            try Mapper.map(Wide128.self, fromJSON: #"{"signed": -5, "unsigned": 7, "maybe": 9}"#)
        }
        #expect((try? fromText.get()) == Wide128(signed: -5, unsigned: 7, maybe: 9), "\(fromText)")
        let fromDictionary = Result { () throws(MappingError) in
            try Mapper.map(Wide128.self, from: ["signed": Int64.min, "unsigned": UInt64.max, "maybe": NSNumber(value: 3)])
        }
        #expect(
            (try? fromDictionary.get()) == Wide128(signed: Int128(Int64.min), unsigned: UInt128(UInt64.max), maybe: 3), "\(fromDictionary)")
        // Strict still: a boolean or a fraction is one type error each.
        #expect(rows(Mapper.validate(["signed": true, "unsigned": 1.5], as: Wide128.self)) == ["signed type", "unsigned type"])

        let extremes = Wide128(signed: .min, unsigned: .max, maybe: Int128(UInt64.max) + 1)
        let text = try Mapper.serializeJSON(extremes)
        #expect(String(decoding: text, as: UTF8.self).contains("\"unsigned\":340282366920938463463374607431768211455"))
        #expect(try Mapper.map(Wide128.self, fromJSON: text) == extremes)
        #expect(try Mapper.map(Wide128.self, from: Mapper.serialize(extremes)) == extremes)
        #expect(try Mapper.map(Wide128.self, from: JSONSerialization.jsonObject(with: text)) == extremes)
        // Beyond its range, a range error naming it; a fraction beyond 64 bits is no integer.
        var beyond: [ValidationError] = []
        do {
            _ = try Mapper.map(
                Wide128.self,
                fromJSON: #"{"signed": 170141183460469231731687303715884105728, "unsigned": -1, "maybe": 18446744073709551616.5}"#)
        } catch {
            beyond = error.errors
        }
        #expect(rows(beyond) == ["signed type", "unsigned type", "maybe type"])
        #expect(beyond.first?.message.contains("Int128 (-170141183460469231731687303715884105728...") == true, "\(beyond)")
        // Beyond 2^64, a number in a `Double`'s form maps as that `Double` (Limits.md); a long fraction is no integer.
        let doubled = try Mapper.map(Wide128.self, fromJSON: #"{"signed": 1e23, "unsigned": 1.0e23}"#)
        #expect(doubled.signed == Int128(exactly: 1e23) && doubled.unsigned == UInt128(exactly: 1e23))
        let fraction = #"{"signed": 100000000000000000000.0000000000000000000001}"#
        #expect(throws: MappingError.self) { try Mapper.map(Wide128.self, fromJSON: fraction) }
    }

    /// "NSNull … writes nil into an Optional property and is a type error for a non-Optional one" (DESIGN.md, 2).
    @Test func nullIntoAnyTargets() throws {
        let targets = Targets()
        try Mapper.mapValues(from: ["maybeAny": NSNull()], to: targets, using: Targets.mapping)
        #expect(targets.maybeAny == nil, "an Any? property took null as \(String(describing: targets.maybeAny))")
        let fresh = Targets()
        let outcome = Result { () throws(MappingError) in try Mapper.mapValues(from: ["any": NSNull()], to: fresh, using: Targets.mapping) }
        // As it is: a non-Optional `Any` takes NSNull by dynamic cast (DESIGN says null is a type error for a non-Optional
        // property, and that `Any` takes the value by dynamic cast).
        if case let .failure(error) = outcome {
            #expect(rows(error.errors) == ["any type"])
        } else {
            #expect(fresh.any is NSNull)
        }
    }

    @Test func anNSNumberPropertyKeepsBooleansApart() {
        let targets = Targets()
        let outcome = Result { () throws(MappingError) in try Mapper.mapValues(from: ["number": true], to: targets, using: Targets.mapping)
        }
        // As it is: an NSNumber property is "any other type", by dynamic cast, so a Bool becomes an NSNumber.
        if case let .failure(error) = outcome {
            #expect(rows(error.errors) == ["number type"])
        } else {
            #expect(targets.number.boolValue)
        }
    }

    @Test func enumsOfDoubleRawValues() throws {
        let targets = Targets()
        try Mapper.mapValues(from: ["ratio": 1], to: targets, using: Targets.mapping)
        #expect(targets.ratio == .one)
        try Mapper.mapValues(from: ["ratio": NSNumber(value: Float(0.5))], to: targets, using: Targets.mapping)
        #expect(targets.ratio == .half)
        #expect(rows(Mapper.validate(["ratio": 0.25], for: targets, using: Targets.mapping)) == ["ratio type"])
        #expect(rows(Mapper.validate(["ratio": "0.5"], for: targets, using: Targets.mapping)) == ["ratio type"])
        #expect(rows(Mapper.validate(["ratio": true], for: targets, using: Targets.mapping)) == ["ratio type"])
    }

    /// A `Character`-backed enum (and a `Character` property) can take no source value at all: no parsed value is a
    /// `Character`. Either a one-character string maps (the raw value's text), or the mapping is a definition error;
    /// what must not happen is the data being blamed ("A broken mapping is refused, never blamed on the data").
    // A one-character string maps into a `Character` and a `Character`-backed enum, whose errors list its cases.
    @Test func characterBackedEnumsMapFromOneCharacterStringsOrAreRefusedAsDefinitions() throws {
        struct Lettered: Mappable {
            var symbol: AnySymbol = .plus
            var letter: Character = "a"
            static let mapping: Mapping<Lettered> = ["symbol": .property(\.symbol), "letter": .property(\.letter)]
        }
        guard Lettered.mapping.definitionErrors.isEmpty else { return }  // refused as a definition: fine
        var lettered = Lettered()
        do {
            try Mapper.mapValues(from: ["symbol": "-", "letter": "b"], to: &lettered, using: Lettered.mapping)
        } catch {
            Issue.record("\(error.errors.map { "\($0.path)|\($0.rule)|\($0.message)" })")
        }
        #expect(lettered.symbol == .minus)
        #expect(lettered.letter == "b")
        // An unknown symbol lists the allowed ones, as every CaseIterable enum's error does.
        let errors = Mapper.validate(["symbol": "*"], for: lettered, using: Lettered.mapping)
        #expect(rows(errors) == ["symbol type"])
        #expect(errors.first?.message.contains("\"+\", \"-\"") == true, "\(errors.first?.message ?? "")")
        let letters = Mapper.validate(["letter": "ab"], for: lettered, using: Lettered.mapping)
        #expect(letters.map(\.message) == ["a string, expected Character"])
        #expect(letters.map(\.value) == [#""ab""#])
        #expect(try Mapper.serialize(lettered, using: Lettered.mapping) as? [String: String] == ["symbol": "-", "letter": "b"])
    }
}

extension AnySourceProbeTests {
    /// Strict types through `AnyHashable` too: "a number never a Bool, a boolean never a number".
    // A Foundation boolean inside an `AnyHashable` (JSONSerialization's output cast to `[String: AnyHashable]`) is no
    // integer.
    @Test func anyHashableBooleansAreNeverNumbers() throws {
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(#"{"count": true, "small": false}"#.utf8)) as? [String: AnyHashable])
        let bag = AnyBag()
        let outcome = Result { () throws(MappingError) in try Mapper.mapValues(from: parsed, to: bag, using: AnyBag.mapping) }
        #expect(throws: MappingError.self) { try outcome.get() }
        #expect(bag.count == -1 && bag.small == -1, "JSON booleans became count \(bag.count), small \(bag.small)")

        let source: [String: Any] = [
            "count": AnyHashable(NSNumber(value: true)), "ratio": AnyHashable(false), "small": AnyHashable(NSNumber(value: false)),
            "numbers": [AnyHashable(NSNumber(value: true))] as [Any], "price": AnyHashable(true),
        ]
        let errors = bagErrors(source)
        #expect(rows(errors) == ["count type", "small type", "ratio type", "price type", "numbers[0] type"])
    }
}

extension AnySourceProbeTests {
    /// A `[String: AnyHashable]` property serializes what its values hold.
    @Test func anyHashableValuesSerialize() throws {
        final class Tagged {
            var labels: [String: AnyHashable] = [:]
            static let mapping: Mapping<Tagged> = ["labels": .property(\.labels)]
        }
        let tagged = Tagged()
        try Mapper.mapValues(fromJSON: #"{"labels": {"a": "x", "b": 2, "c": true}}"#, to: tagged, using: Tagged.mapping)
        let text = try Mapper.serializeJSON(tagged, using: Tagged.mapping, options: .sortedKeys)
        #expect(String(decoding: text, as: UTF8.self) == #"{"labels":{"a":"x","b":2,"c":true}}"#)
    }

    /// JSONSerialization's output cast to `[String: AnyObject]` or `[String: NSObject]`: the same strict reading.
    @Test func objectTypedDictionariesReadAsAnyDictionariesDo() throws {
        let data = Data(#"{"name": "Kim", "flag": false, "count": 3, "ratio": 0.5, "tags": ["a"], "counts": {"x": 1}}"#.utf8)
        let asObjects = try #require(try JSONSerialization.jsonObject(with: data) as? [String: AnyObject])
        let asNSObjects = try #require(try JSONSerialization.jsonObject(with: data) as? [String: NSObject])
        for source in [asObjects as Any, asNSObjects as Any] {
            let bag = try #require(mappedBag(source))
            #expect(bag.name == "Kim" && !bag.flag && bag.count == 3 && bag.ratio == 0.5 && bag.tags == ["a"] && bag.counts == ["x": 1])
        }
        let swapped = Data(#"{"flag": 1, "count": true}"#.utf8)
        let swappedObjects = try #require(try JSONSerialization.jsonObject(with: swapped) as? [String: AnyObject])
        #expect(rows(bagErrors(swappedObjects)) == ["count type", "flag type"])
    }
}

import Foundation
import Testing

@testable import PropertyMapper

// Probes of what the documentation promises (DESIGN.md, README.md and the DocC articles), through the public API,
// in combinations: key styles both ways, alternative keys with unknown-key policies, policies for absent, null and
// failing values, rules pointing at fields, dry runs, the Codable bridge with property lists, and exact output text.

private func promiseRows(_ errors: [ValidationError]) -> [String] {
    errors.map { "\($0.path)|\($0.property)|\($0.rule)" }
}

private func promiseRows(_ warnings: [MappingWarning]) -> [String] {
    warnings.map { "\($0.path)|\($0.property)|\($0.kind.rawValue)" }
}

private func promiseText(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

private func promiseTree(_ json: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(json.utf8)) }

private struct PromiseRefusal: Error, CustomStringConvertible {
    var description: String { "refused by the model" }
}

// MARK: - Key styles with alternative keys, nested levels, defaults and unknown keys

private struct PromiseStyled: Mappable, MappedCodable, Equatable {
    var displayName = ""
    var orderID = 0
    var imageURL = ""
    var urlString = ""
    var email = ""
    var views: Int?
    static let mapping = Mapping<PromiseStyled>(
        keyStyle: .snakeCase, unknownKeys: .fail,
        [
            .anyOf("displayName", "fullTitle"): .property(\.displayName).isRequired().minLength(2),
            "orderID": .property(\.orderID).min(1),
            "imageURL": .property(\.imageURL),
            "URLString": .property(\.urlString),
            "contactInfo": ["emailAddress": .property(\.email).minLength(3)],
            "viewCount": .property(\.views, default: 0),
        ])
}

private struct PromiseCamel: Mappable, MappedCodable, Equatable {
    var firstName = ""
    var inner = PromiseStyled()
    static let mapping: Mapping<PromiseCamel> = [
        "firstName": .property(\.firstName),
        "innerModel": .property(\.inner),
    ]
}

/// Probes through the public API of what DESIGN.md and the articles promise, in combination: key styles both ways,
/// alternative and loose keys, absent/null/default/fallback policies, rules at fields, immutable models, dry runs,
/// merging, calls, lenient coercion, polymorphism, collections, serialization options and the Codable bridge.
@Suite
struct DocumentedPromiseProbeTests {
    static let styledGood =
        #"{"full_title": "Ann", "order_id": 2, "image_url": "i", "url_string": "u", "contact_info": {"email_address": "a@b"}}"#

    @Test func aStyleReadsAlternativesAndNestedLevelsAndWritesThemBack() throws {
        var warnings: [MappingWarning] = []
        let styled = try Mapper.map(PromiseStyled.self, fromJSON: Self.styledGood, warnings: &warnings)
        #expect(styled.displayName == "Ann" && styled.orderID == 2 && styled.email == "a@b" && styled.views == 0)
        #expect(promiseRows(warnings) == ["view_count|views|defaultUsed"])
        var treeWarnings: [MappingWarning] = []
        #expect(try Mapper.map(PromiseStyled.self, from: promiseTree(Self.styledGood), warnings: &treeWarnings) == styled)
        #expect(promiseRows(treeWarnings) == promiseRows(warnings))
        #expect(try JSONDecoder().decode(PromiseStyled.self, from: Data(Self.styledGood.utf8)) == styled)
        #expect(
            promiseText(try Mapper.serializeJSON(styled))
                == #"{"display_name":"Ann","order_id":2,"image_url":"i","url_string":"u","contact_info":{"email_address":"a@b"},"view_count":0}"#
        )
    }

    /// Serializing nil where a left-out key would read back as the `default:` writes `null` (Serializing.md, Options).
    @Test func aNilWithADefaultIsWrittenAsNullUnderAStyle() throws {
        var styled = try Mapper.map(PromiseStyled.self, fromJSON: Self.styledGood)
        styled.views = nil
        let written = try Mapper.serializeJSON(styled)
        #expect(promiseText(written).hasSuffix(#""view_count":null}"#), "\(promiseText(written))")
        #expect(try Mapper.map(PromiseStyled.self, fromJSON: written) == styled)
        #expect(try JSONDecoder().decode(PromiseStyled.self, from: JSONEncoder().encode(styled)) == styled)
    }

    @Test func aStyleNamesEveryErrorAtTheDocumentsSpelling() {
        let json = #"{"fullTitle": "A", "order_id": 0, "contact_info": {"email_address": "x", "extra": 1}}"#
        let errors = Mapper.validate(promiseTree(json), as: PromiseStyled.self)
        #expect(
            Set(promiseRows(errors)) == [
                "display_name|displayName|isRequired", "order_id|orderID|min", "contact_info.email_address|email|minLength",
                "contact_info.extra||unknownKey", "fullTitle||unknownKey",
            ], "\(promiseRows(errors))")
        let required = errors.first { $0.rule == "isRequired" }
        #expect(required?.message.contains(#""display_name""#) == true && required?.message.contains(#""full_title""#) == true)
        var textErrors: [ValidationError] = []
        do { _ = try Mapper.map(PromiseStyled.self, fromJSON: json) } catch { textErrors = error.errors }
        #expect(promiseRows(textErrors) == promiseRows(errors))
    }

    /// An error in a value read under an alternative has that key's path (DESIGN.md, clarified by version 3).
    @Test func anAlternativesErrorHasItsStyledPath() {
        let errors = Mapper.validate(["full_title": "A"], as: PromiseStyled.self)
        #expect(promiseRows(errors) == ["full_title|displayName|minLength"])
    }

    /// Encoding writes what `serialize` writes, whatever the encoder's key strategy (Codable.md).
    @Test func anEncodersKeyStrategyDoesNotTouchAMappedModel() throws {
        var camel = PromiseCamel()
        camel.firstName = "Kim"
        camel.inner = try Mapper.map(PromiseStyled.self, fromJSON: Self.styledGood)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let written = promiseText(try encoder.encode(camel))
        #expect(written == promiseText(try Mapper.serializeJSON(camel, options: [.sortedKeys])))
        #expect(
            written.hasPrefix(#"{"firstName":"Kim","innerModel":{"contact_info":{"email_address":"a@b"},"display_name":"Ann""#),
            "\(written)")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(PromiseCamel.self, from: Data(written.utf8)) == camel)
    }

    /// `utf8ToUTF16LE` is `utf8_to_utf16_le`, `item_ID` is `item_id`, `imageURL` is `image-url` in kebab case
    /// (Policies.md, Key styles).
    @Test func documentedSpellingsOfAStyle() throws {
        struct Spelled: Mappable {
            var a = 0
            var b = 0
            var c = 0
            static let mapping = Mapping<Spelled>(
                keyStyle: .snakeCase, ["utf8ToUTF16LE": .property(\.a), "item_ID": .property(\.b), "invoiceID": .property(\.c)])
        }
        struct Kebab: Mappable {
            var a = 0
            var b = 0
            static let mapping = Mapping<Kebab>(keyStyle: .kebabCase, ["imageURL": .property(\.a), "firstName": .property(\.b)])
        }
        #expect(
            promiseText(try Mapper.serializeJSON(Spelled(a: 1, b: 2, c: 3)))
                == #"{"utf8_to_utf16_le":1,"item_id":2,"invoice_id":3}"#)
        #expect(promiseText(try Mapper.serializeJSON(Kebab(a: 1, b: 2))) == #"{"image-url":1,"first-name":2}"#)
        let read = try Mapper.map(Kebab.self, fromJSON: #"{"image-url": 5, "first-name": 6}"#)
        #expect(read.a == 5 && read.b == 6)
    }

    /// Two mapping keys a style spells alike are a definition error, thrown alone by every entry point.
    @Test func keysAStyleSpellsAlikeAreADefinitionError() {
        struct Twice: Mappable, MappedCodable {
            var a = 0
            var b = 0
            static let mapping = Mapping<Twice>(keyStyle: .snakeCase, ["itemID": .property(\.a), "item_id": .property(\.b)])
        }
        #expect(Twice.mapping.definitionErrors.map(\.rule) == ["mapping"])
        #expect(Mapper.validate(["item_id": "x"], as: Twice.self).map(\.rule) == ["mapping"])
        #expect(throws: MappingError.self) { try Mapper.mapArray(from: [["item_id": 1]], as: Twice.self) }
        #expect(throws: MappingError.self) { try JSONDecoder().decode(Twice.self, from: Data(#"{"item_id": 1}"#.utf8)) }
    }

    /// A level read by `.anyOf` that is wholly absent names, for each required value under it, every path tried.
    @Test func anAbsentAlternativeLevelNamesEveryPathTried() {
        struct Placed: Mappable {
            var name = ""
            static let mapping = Mapping<Placed>(
                keyStyle: .snakeCase, [.anyOf("placeInfo", "whereAt"): ["placeName": .property(\.name).isRequired()]])
        }
        let errors = Mapper.validate([String: Any](), as: Placed.self)
        #expect(errors.map(\.rule) == ["isRequired"])
        let message = errors.first?.message ?? ""
        #expect(message.contains("place_info.place_name") && message.contains("where_at.place_name"), "\(message)")
    }
}

// MARK: - Absent, null, default and fallback

private struct PromiseNulls: Mappable, Equatable {
    var a: Int?
    var b: String?
    var c: URL?
    var d: Int?
    var lat: Double?
    var lon: Double?
    var inner: String?
    static let mapping: Mapping<PromiseNulls> = [
        "a": .property(\.a, default: 5),
        "b": .property(\.b).ifAbsent(.fail),
        "c": .box(.url, \.c, default: URL(string: "https://x.example")!),
        "d": .property(\.d),
        "geo": [0: .property(\.lat), 1: .property(\.lon)],
        "level": ["inner": .property(\.inner)],
    ]
}

private struct PromiseNames: Mappable, MappedCodable {
    var name: String? = "init"
    var count = 3
    var tag: String? = "old"
    static let mapping: Mapping<PromiseNames> = [
        "name": .property(\.name, default: "dflt"),
        "full_name": .property(\.name),
        "count": .property(\.count, fallback: -1),
        "tag": .property(\.tag).ifAbsent(.setNil).ifNull(.keep),
    ]
}

extension DocumentedPromiseProbeTests {
    @Test func nilIsWrittenAsNullOnlyWhereALeftOutKeyWouldReadBackOtherwise() throws {
        let empty = PromiseNulls()
        #expect(promiseText(try Mapper.serializeJSON(empty, using: PromiseNulls.mapping)) == #"{"a":null,"b":null,"c":null}"#)
        var back = PromiseNulls(a: 1, b: "x", c: nil, d: 4, lat: 1, lon: 2, inner: "i")
        try Mapper.mapValues(fromJSON: try Mapper.serializeJSON(empty, using: PromiseNulls.mapping), to: &back, using: PromiseNulls.mapping)
        #expect(back.a == nil && back.b == nil && back.c == nil && back.d == 4)
        let withNulls = promiseText(try Mapper.serializeJSON(empty, using: PromiseNulls.mapping, options: [.writingNulls]))
        #expect(withNulls.contains(#""d":null"#) && withNulls.contains(#""level":{"inner":null}"#), "\(withNulls)")
        let object = try Mapper.serialize(empty, using: PromiseNulls.mapping, options: [.writingNulls])
        #expect(object["d"] is NSNull)
        #expect((object["level"] as? [String: Any])?["inner"] is NSNull)
    }

    @Test func indexArraysAreWrittenUpToTheirHighestValue() throws {
        var model = PromiseNulls(a: 1, b: "b", c: nil, d: nil, lat: nil, lon: 2)
        #expect(promiseText(try Mapper.serializeJSON(model, using: PromiseNulls.mapping)).contains(#""geo":[null,2.0]"#))
        model.lat = 1
        model.lon = nil
        #expect(promiseText(try Mapper.serializeJSON(model, using: PromiseNulls.mapping)).contains(#""geo":[1.0]}"#))
    }

    /// A default gives way to a value, null included, that another key writing the property held, with no warning.
    @Test func aDefaultGivesWayToAnotherKeysValue() throws {
        func run(_ source: [String: Any]) throws -> (PromiseNames, [String]) {
            var warnings: [MappingWarning] = []
            let model = try Mapper.map(PromiseNames.self, from: source, warnings: &warnings)
            return (model, promiseRows(warnings))
        }
        let (given, givenWarnings) = try run(["full_name": "Ann"])
        #expect(given.name == "Ann" && givenWarnings.isEmpty)
        let (null, nullWarnings) = try run(["full_name": NSNull()])
        #expect(null.name == nil && nullWarnings.isEmpty)
        let (absent, absentWarnings) = try run([:])
        #expect(absent.name == "dflt" && absentWarnings == ["name|name|defaultUsed"])
        #expect(absent.tag == nil && absent.count == 3)
        let (kept, _) = try run(["tag": NSNull()])
        #expect(kept.tag == "old")
    }

    /// `fallback:` applies to present, non-null values; null follows `.ifNull` (a `type` error on a non-optional).
    @Test func aFallbackDoesNotCatchNull() throws {
        #expect(Mapper.validate(["count": NSNull()], as: PromiseNames.self).map(\.rule) == ["type"])
        var warnings: [MappingWarning] = []
        let fell = try Mapper.map(PromiseNames.self, from: ["count": "x"], warnings: &warnings)
        #expect(fell.count == -1 && promiseRows(warnings) == ["name|name|defaultUsed", "count|count|fallbackUsed"])
    }

    /// A `warnings:` array is appended to, only when the call succeeds.
    @Test func warningsAreAppendedOnlyOnSuccess() throws {
        let earlier = MappingWarning(path: "p", property: "q", kind: .coerced, value: nil, message: "m")
        var warnings = [earlier]
        #expect(throws: MappingError.self) { try Mapper.map(PromiseNames.self, from: ["count": NSNull()], warnings: &warnings) }
        #expect(warnings == [earlier])
        #expect(!Mapper.validate(["count": NSNull()], as: PromiseNames.self, warnings: &warnings).isEmpty)
        #expect(warnings == [earlier])
        _ = try Mapper.map(PromiseNames.self, from: [String: Any](), warnings: &warnings)
        #expect(warnings.count == 2 && warnings.first == earlier)
        var batch: [MappingWarning] = [earlier]
        _ = try Mapper.map([PromiseNames].self, from: [[String: Any](), ["count": "y"]], warnings: &batch)
        #expect(
            promiseRows(batch) == [
                "p|q|coerced", "[0].name|[0].name|defaultUsed", "[1].name|[1].name|defaultUsed", "[1].count|[1].count|fallbackUsed",
            ])
    }

    /// Definition errors of the absent and null policies, thrown alone by every entry point.
    @Test func policyDefinitionErrors() {
        struct Broken: Mappable {
            var a = 0
            var b = 0
            var c = 0
            static let mapping: Mapping<Broken> = [
                "a": .property(\.a, default: 1).isRequired(),
                "b": .property(\.b).ifNull(.setNil),
                "c": .property(\.c).ifAbsent(.useDefault),
            ]
        }
        #expect(Broken.mapping.definitionErrors.map(\.path) == ["a", "b", "c"])
        #expect(Mapper.validate(["a": "x"], as: Broken.self).map(\.rule) == ["mapping", "mapping", "mapping"])
    }
}

// MARK: - Rules pointing at fields; immutable models

private struct PromiseBooking: ImmutableMappable, MappedCodable, Equatable {
    let guestName: String
    let guests: Int
    let note: String?
    static let mapping = Mapping<PromiseBooking>(
        keyStyle: .snakeCase,
        rules: [
            MappingRule("smallParty", at: \.guests, message: "at most 8 guests") { try $0[\.guests] <= 8 },
            MappingRule("named", at: \.guestName) { try $0[\.guestName] != "nobody" },
        ],
        [
            .anyOf("guestName", "name"): .property(\.guestName),
            "partySize": .property(\.guests).lenient(),
            "note": .property(\.note),
        ])
    init(_ values: MappedValues<PromiseBooking>) throws {
        guestName = try values[\.guestName]
        guests = try values[\.guests]
        note = try values[\.note]
    }
}

extension DocumentedPromiseProbeTests {
    @Test func rulesAtFieldsHaveTheDocumentsPaths() {
        let errors = Mapper.validate(["name": "nobody", "party_size": "9"], as: PromiseBooking.self)
        #expect(promiseRows(errors) == ["party_size|guests|smallParty", "name|guestName|named"])
        #expect(errors.first?.message == "at most 8 guests")
        #expect(errors.first?.description.contains("at most 8 guests") == true)
        let textErrors: [ValidationError]
        do {
            _ = try Mapper.map(PromiseBooking.self, fromJSON: #"{"name": "nobody", "party_size": "9"}"#)
            textErrors = []
        } catch { textErrors = error.errors }
        #expect(promiseRows(textErrors) == promiseRows(errors))
        let bridged = (try? JSONDecoder().decode(PromiseBooking.self, from: Data(#"{"name": "nobody", "party_size": 9}"#.utf8)))
        #expect(bridged == nil)
    }

    @Test func anImmutableModelReportsAbsentFieldsAndMapsOptionalsToNil() throws {
        #expect(
            promiseRows(Mapper.validate([String: Any](), as: PromiseBooking.self)) == [
                "guest_name|guestName|isRequired", "party_size|guests|isRequired",
            ])
        let booking = try Mapper.map(PromiseBooking.self, fromJSON: #"{"guest_name": "Ann", "party_size": "+02"}"#)
        #expect(booking.guestName == "Ann" && booking.guests == 2 && booking.note == nil)
        #expect(promiseText(try Mapper.serializeJSON(booking)) == #"{"guest_name":"Ann","party_size":2}"#)
    }

    @Test func immutableDefinitionErrors() {
        struct Kept: ImmutableMappable {
            let a: Int
            static let mapping: Mapping<Kept> = ["a": .property(\.a).ifAbsent(.keep)]
            init(_ values: MappedValues<Kept>) throws { a = try values[\.a] }
        }
        #expect(Kept.mapping.definitionErrors.map(\.rule) == ["mapping"])
        #expect(Mapper.validate(["a": 1], as: Kept.self).map(\.rule) == ["mapping"])
    }
}

// MARK: - Dry runs write nothing

private final class PromiseSettings: Mappable {
    var theme = "light"
    var size = 1
    init() {}
    static let mapping: Mapping<PromiseSettings> = ["theme": .property(\.theme), "size": .property(\.size).min(1)]
}

private final class PromiseAccount: Mappable {
    var settings = PromiseSettings()
    var name = ""
    var list: [String] = []
    init() {}
    static let mapping: Mapping<PromiseAccount> = [
        "settings": .property(\.settings).merging(),
        "name": .property(\.name),
        "list": .property(\.list).droppingInvalidElements(),
    ]
}

extension DocumentedPromiseProbeTests {
    @Test func aDryRunWritesNoPropertyOfAnyInstance() {
        let account = PromiseAccount()
        let settings = account.settings
        var warnings: [MappingWarning] = []
        let errors = Mapper.validate(
            ["settings": ["theme": "dark", "size": 4], "name": "n", "list": ["a", 1]], for: account, using: PromiseAccount.mapping,
            warnings: &warnings)
        #expect(errors.isEmpty)
        #expect(promiseRows(warnings) == ["list[1]|list|elementDropped"])
        #expect(account.settings === settings && settings.theme == "light" && settings.size == 1 && account.name == "")
        #expect(account.list.isEmpty)
        let through: Mapping<PromiseAccount> = ["theme": .property(\.settings.theme), "name": .property(\.name)]
        #expect(Mapper.validate(["theme": "dark", "name": "x"], for: account, using: through).isEmpty)
        #expect(settings.theme == "light" && account.name == "")
    }

    @Test func mergingWritesNothingOnFailureAndKeepsAbsentKeys() throws {
        let account = PromiseAccount()
        account.settings.size = 3
        #expect(throws: MappingError.self) {
            try Mapper.mapValues(
                from: ["settings": ["theme": "dark", "size": 0], "name": "n"], to: account, using: PromiseAccount.mapping)
        }
        #expect(account.settings.theme == "light" && account.settings.size == 3 && account.name == "")
        try Mapper.mapValues(from: ["settings": ["theme": "dark"]], to: account, using: PromiseAccount.mapping)
        #expect(account.settings.theme == "dark" && account.settings.size == 3)
    }
}

// MARK: - Calls, lenient coercion, ensure

private enum PromiseLevel: Int, CaseIterable, Sendable {
    case low = 1
    case high = 2
}

private final class PromiseNoted: Mappable {
    var summary: String?
    var count = 0
    var level = PromiseLevel.low
    init() {}
    func note(from text: String, property: String) -> String? { "\(property):\(text)" }
    func tally(from number: Int, property: String) throws -> Int {
        if number < 0 { throw PromiseRefusal() }
        return number * 2
    }
    static let mapping = Mapping<PromiseNoted>(
        keyStyle: .snakeCase,
        [
            "summaryText": .call(PromiseNoted.note(from:property:), \.summary),
            "count": .call(PromiseNoted.tally(from:property:), \.count).lenient().min(10),
            "level": .property(\.level).lenient().ensure("isHigh") { (level: PromiseLevel) in level == .high },
        ])
}

private struct PromiseLenient: Mappable, MappedCodable {
    var level = PromiseLevel.low
    var when = Date(timeIntervalSince1970: 0)
    var price = Decimal(0)
    var flags: [Bool] = []
    var counts: [String: Int] = [:]
    var small: Int8 = 0
    var ratio: Float = 0
    static let mapping = Mapping<PromiseLenient>(
        coercion: .lenient,
        [
            "level": .property(\.level),
            "when": .box(.date(.secondsSince1970), \.when),
            "price": .property(\.price),
            "flags": .property(\.flags),
            "counts": .property(\.counts),
            "nested": ["small": .property(\.small).min(-5)],
            "ratio": .property(\.ratio),
        ])
}

extension DocumentedPromiseProbeTests {
    @Test func aTwoArgumentCallGetsThePropertysNameAndNumberValidatorsJudgeItsResult() throws {
        let noted = PromiseNoted()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            from: ["summary_text": "x", "count": "7", "level": "2"], to: noted, using: PromiseNoted.mapping, warnings: &warnings)
        #expect(noted.summary == "summary:x" && noted.count == 14 && noted.level == .high)
        #expect(promiseRows(warnings) == ["count|count|coerced", "level|level|coerced"])
        let errors = Mapper.validate(["count": 3, "level": 1], for: PromiseNoted(), using: PromiseNoted.mapping)
        #expect(promiseRows(errors) == ["count|count|min", "level|level|isHigh"])
        let thrown = Mapper.validate(["count": -1], for: PromiseNoted(), using: PromiseNoted.mapping)
        #expect(promiseRows(thrown) == ["count|count|call"])
        #expect(thrown.first?.message.contains("refused by the model") == true)
    }

    @Test func lenientCoercionCoversEveryScalarTheFieldConverts() throws {
        var warnings: [MappingWarning] = []
        let source: [String: Any] = [
            "level": "2", "when": "12", "price": "0.10", "flags": ["true", false], "counts": ["a": "-3"],
            "nested": ["small": "-004"], "ratio": "1.5e1",
        ]
        let made = try Mapper.map(PromiseLenient.self, from: source, warnings: &warnings)
        #expect(made.level == .high && made.when == Date(timeIntervalSince1970: 12) && made.price == Decimal(string: "0.10"))
        #expect(made.flags == [true, false] && made.counts == ["a": -3] && made.small == -4 && made.ratio == 15)
        #expect(
            Set(warnings.map(\.path)) == ["level", "when", "price", "flags[0]", "counts.a", "nested.small", "ratio"],
            "\(promiseRows(warnings))")
        #expect(warnings.allSatisfy { $0.kind == .coerced })
    }

    @Test(arguments: [
        #"{"nested": {"small": "12.5"}}"#, #"{"nested": {"small": "128"}}"#, #"{"flags": ["True"]}"#, #"{"flags": [1]}"#,
        #"{"nested": {"small": " 1"}}"#, #"{"ratio": "1."}"#, #"{"ratio": ".5"}"#, #"{"ratio": "0x1"}"#, #"{"level": "3"}"#,
        #"{"nested": {"small": "-9"}}"#, #"{"counts": {"a": true}}"#, #"{"price": "1e"}"#, #"{"when": "soon"}"#,
        #"{"ratio": "-"}"#,
    ])
    func lenientCoercionRefusesWhatTheTableDoesNotList(json: String) {
        #expect(Mapper.validate(promiseTree(json), as: PromiseLenient.self).count == 1, "\(json)")
        #expect(throws: MappingError.self, "\(json)") { try Mapper.map(PromiseLenient.self, fromJSON: json) }
    }
}

// MARK: - Lossy arrays of boxed values, enums and optionals

private struct PromiseLinks: Mappable {
    var links: [String] = []
    var maybe: [Int]? = [0]
    var levels: [PromiseLevel] = []
    static let mapping: Mapping<PromiseLinks> = [
        "links": .property(\.links).droppingInvalidElements(),
        "maybe": .property(\.maybe).droppingInvalidElements(),
        "levels": .property(\.levels).droppingInvalidElements(),
    ]
}

extension DocumentedPromiseProbeTests {
    @Test func lossyArraysDropEachFailingElement() throws {
        var warnings: [MappingWarning] = []
        let made = try Mapper.map(
            PromiseLinks.self,
            fromJSON: #"{"links": ["https://a.example", 7, "https://b.example"], "maybe": null, "levels": [1, 3, "x", 2]}"#,
            warnings: &warnings)
        #expect(made.links == ["https://a.example", "https://b.example"])
        #expect(made.maybe == nil && made.levels == [.low, .high])
        #expect(
            promiseRows(warnings) == [
                "links[1]|links|elementDropped", "levels[1]|levels|elementDropped", "levels[2]|levels|elementDropped",
            ])
    }
}

// MARK: - Serialization text

private struct PromiseText: Mappable {
    var accent = 1
    var lower = 2
    var upper = 3
    var empty: [Int] = []
    var none: [String: Int] = [:]
    var half: Float = 0.1
    var hundred = 100.0
    var negativeZero = -0.0
    var huge = 1e300
    var tiny = Double.leastNonzeroMagnitude
    var text = "\u{FEFF}\u{1F}/é"
    static let mapping: Mapping<PromiseText> = [
        "é": .property(\.accent), "a": .property(\.lower), "B": .property(\.upper),
        "empty": .property(\.empty), "none": .property(\.none),
        "numbers": [
            "half": .property(\.half), "hundred": .property(\.hundred), "negativeZero": .property(\.negativeZero),
            "huge": .property(\.huge), "tiny": .property(\.tiny),
        ],
        "text": .property(\.text),
    ]
}

extension DocumentedPromiseProbeTests {
    @Test func serializedTextIsAsDocumented() throws {
        let compact = promiseText(try Mapper.serializeJSON(PromiseText(), using: PromiseText.mapping, options: [.sortedKeys]))
        #expect(
            compact
                == #"{"B":3,"a":2,"empty":[],"none":{},"numbers":{"half":0.1,"huge":1e+300,"hundred":100.0,"negativeZero":-0.0,"tiny":5e-324},"text":"\ufeff\u001f/é","é":1}"#
        )
        let pretty = promiseText(
            try Mapper.serializeJSON(
                PromiseText(), using: ["empty": .property(\.empty), "none": .property(\.none)], options: [.prettyPrinted]))
        #expect(pretty == "{\n  \"empty\": [],\n  \"none\": {}\n}")
    }

    @Test func datesAreWrittenInTheirFirstFormatThatCanWriteThem() throws {
        struct Dated: Mappable {
            var whole = Date(timeIntervalSince1970: 12)
            var far = Date(timeIntervalSince1970: 253_402_300_800)
            var precise = Date(timeIntervalSince1970: 1_291_878_848.1239)
            var millis = Date(timeIntervalSince1970: 1.5)
            static let mapping: Mapping<Dated> = [
                "whole": .box(.date(.secondsSince1970, .iso8601), \.whole),
                "far": .box(.date(.iso8601, .secondsSince1970), \.far),
                "precise": .box(.date, \.precise),
                "millis": .box(.date(.millisecondsSince1970), \.millis),
            ]
        }
        let written = promiseText(try Mapper.serializeJSON(Dated()))
        #expect(written == #"{"whole":12,"far":253402300800,"precise":"2010-12-09T07:14:08.123900Z","millis":1500}"#, "\(written)")
        let back = try Mapper.map(Dated.self, fromJSON: written)
        #expect(back.whole == Dated().whole && back.far == Dated().far && back.precise == Dated().precise && back.millis == Dated().millis)
    }

    @Test func oneWayCoversALevelAndAListWritesThroughItsFirstReversibleDescriptor() throws {
        struct Linked: Mappable {
            var url: URL? = URL(string: "https://a.example/x")
            var raw = "raw"
            var hidden = "h"
            var id = 1
            func upper(from text: String) -> String? { text.uppercased() }
            static let mapping: Mapping<Linked> = [
                "id": .property(\.id),
                "link": .list(.call(Linked.upper(from:), \.raw), .box(.url, \.url), .property(\.raw)),
                "secret": (["hidden": .property(\.hidden), "also": .call(Linked.upper(from:), \.raw)] as PropertyDescriptor<Linked>)
                    .oneWay(),
            ]
        }
        #expect(promiseText(try Mapper.serializeJSON(Linked())) == #"{"id":1,"link":"https://a.example/x"}"#)
    }

    @Test func aRootIndexMappingSerializesAsAnArrayOnlyAsText() throws {
        struct Pair: Mappable {
            var a = 1
            var b: Int?
            static let mapping: Mapping<Pair> = [0: .property(\.a), 2: .property(\.b)]
        }
        #expect(promiseText(try Mapper.serializeJSON(Pair(a: 1, b: 3))) == "[1,null,3]")
        #expect(throws: MappingError.self) { try Mapper.serialize(Pair()) }
        #expect(try Mapper.map(Pair.self, fromJSON: "[4, 5, 6]").b == 6)
    }

    @Test func aMappingThatCannotRunBackwardsThrowsAnEncodingError() throws {
        struct OneWay: Mappable, MappedCodable {
            var kind = ""
            func name(from text: String) -> String? { text }
            static let mapping: Mapping<OneWay> = ["kind": .call(OneWay.name(from:), \.kind)]
        }
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(OneWay()) }
        guard case let .invalidValue(_, context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect((context.underlyingError as? MappingError)?.errors.map(\.rule) == ["serialize"])
        #expect(try JSONDecoder().decode(OneWay.self, from: Data(#"{"kind": "k"}"#.utf8)).kind == "k")
    }
}

// MARK: - Decimals

private struct PromisePrice: Mappable, MappedCodable, Equatable {
    var price = Decimal(0)
    var plain = Decimal(0)
    static let mapping: Mapping<PromisePrice> = [
        "price": .box(.decimal, \.price),
        "plain": .property(\.plain),
    ]
}

extension DocumentedPromiseProbeTests {
    @Test func decimalsAreExactOrAnError() throws {
        let json = #"{"price": 12345678901234567890.123, "plain": 1.0000000000000000001}"#
        let made = try Mapper.map(PromisePrice.self, fromJSON: json)
        #expect(made.price == Decimal(string: "12345678901234567890.123"))
        #expect(made.plain == Decimal(string: "1.0000000000000000001"), "\(made.plain)")
        #expect(promiseText(try Mapper.serializeJSON(made)) == #"{"price":12345678901234567890.123,"plain":1.0000000000000000001}"#)
        for bad in ["400000000000000000000000000000000000001", "1234567890123456789012345678901234567891", "1e200", "1e-200"] {
            #expect(Mapper.validate(["price": bad], as: PromisePrice.self).map(\.rule) == ["box(Decimal)"], "\(bad)")
            let textRules: [String]
            do {
                _ = try Mapper.map(PromisePrice.self, fromJSON: #"{"price": \#(bad)}"#)
                textRules = []
            } catch { textRules = error.errors.map(\.rule) }
            #expect(textRules == ["box(Decimal)"], "\(bad)")
        }
    }
}

// MARK: - Property lists through the bridge

private struct PromisePlistInner: Mappable, MappedCodable, Equatable {
    var name = ""
    var isOn = false
    static let mapping = Mapping<PromisePlistInner>(keyStyle: .snakeCase, ["name": .property(\.name), "isOn": .property(\.isOn)])
}

private struct PromisePlist: Mappable, MappedCodable, Equatable {
    var title = ""
    var count = 1
    var ratio = 0.5
    var flag = true
    var price = Decimal(string: "0.1")!
    var tags = ["a"]
    var scores = ["x": 1]
    var inner = PromisePlistInner(name: "n", isOn: true)
    var items = [PromisePlistInner(name: "m", isOn: false)]
    var big = Int64.max
    var level = PromiseLevel.high
    var note: String?
    static let mapping = Mapping<PromisePlist>(
        keyStyle: .snakeCase,
        [
            "title": .property(\.title), "count": .property(\.count), "ratio": .property(\.ratio), "flag": .property(\.flag),
            "price": .box(.decimal, \.price), "tags": .property(\.tags), "scores": .property(\.scores),
            "innerModel": .property(\.inner), "items": .property(\.items), "big": .property(\.big), "level": .property(\.level),
            "note": .property(\.note),
        ])
}

extension DocumentedPromiseProbeTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListsRoundTripModels(format: PropertyListSerialization.PropertyListFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        var model = PromisePlist()
        model.title = "t"
        let data = try encoder.encode(model)
        #expect(try PropertyListDecoder().decode(PromisePlist.self, from: data) == model)
        model.note = "n"
        model.price = Decimal(string: "12345678901234567890.123")!
        #expect(try PropertyListDecoder().decode(PromisePlist.self, from: encoder.encode(model)) == model)
    }

    @Test func propertyListsKeepBooleansAndNumbersApart() throws {
        struct Swapped: Mappable, MappedCodable {
            var count = 0
            var flag = false
            static let mapping: Mapping<Swapped> = ["count": .property(\.flag), "flag": .property(\.count)]
        }
        let data = try PropertyListEncoder().encode(PromisePlist())
        let error = try #require(throws: DecodingError.self) { try PropertyListDecoder().decode(Swapped.self, from: data) }
        #expect(error.mappingError?.errors.map(\.rule) == ["type", "type"])
    }

    @Test func strictTypesHoldThroughJSONDecoder() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(PromisePlistInner.self, from: Data(#"{"name": 1, "is_on": 1}"#.utf8))
        }
        #expect(error.mappingError.map { promiseRows($0.errors) } == ["name|name|type", "is_on|isOn|type"])
    }
}

// MARK: - Keyed collections under key styles and key strategies

private struct PromiseKeyed: Mappable, MappedCodable, Equatable {
    var byCode: [String: PromisePlistInner] = [:]
    var counts: [String: Int] = [:]
    var unique: Set<String> = []
    static let mapping = Mapping<PromiseKeyed>(
        keyStyle: .snakeCase, unknownKeys: .fail,
        [
            "byCode": .property(\.byCode),
            "countsByName": .property(\.counts),
            "uniqueNames": .property(\.unique),
        ])
}

extension DocumentedPromiseProbeTests {
    /// A dictionary property's keys are data: no style converts them, and they are not unknown keys.
    @Test func dictionaryKeysAreDataUnderStylesAndStrategies() throws {
        let json = #"{"by_code": {"someKey": {"name": "a", "is_on": true}}, "counts_by_name": {"fooBar": 1}, "unique_names": ["x", "y"]}"#
        let keyed = try Mapper.map(PromiseKeyed.self, fromJSON: json)
        #expect(Array(keyed.byCode.keys) == ["someKey"] && keyed.counts == ["fooBar": 1] && keyed.unique == ["x", "y"])
        let written = promiseText(try Mapper.serializeJSON(keyed, options: [.sortedKeys]))
        #expect(
            written
                == #"{"by_code":{"someKey":{"is_on":true,"name":"a"}},"counts_by_name":{"fooBar":1},"unique_names":[\#(keyed.unique.map { "\"\($0)\"" }.joined(separator: ","))]}"#
        )
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let encoded = promiseText(try encoder.encode(keyed))
        #expect(encoded.contains(#""someKey""#) && encoded.contains(#""fooBar""#), "\(encoded)")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(PromiseKeyed.self, from: Data(json.utf8)) == keyed)
    }

    @Test func setElementsAreReportedAtTheirSourceIndex() {
        let errors = Mapper.validate(["unique_names": ["a", 1, "b", true]], as: PromiseKeyed.self)
        #expect(promiseRows(errors) == ["unique_names[1]|unique|type", "unique_names[3]|unique|type"])
    }
}

// MARK: - Rules over absent fields, ensure on nested models, values for unmapped key paths

private struct PromiseRange: Mappable, MappedCodable {
    var low = 5
    var high = 10
    var child = PromisePlistInner()
    var other = 0
    static let mapping = Mapping<PromiseRange>(
        rules: [MappingRule("ordered", at: \.high) { try $0[\.low] < $0[\.high] }],
        [
            "low": .property(\.low),
            "high": .property(\.high),
            "child": .property(\.child).ensure("named") { (child: PromisePlistInner) in !child.name.isEmpty },
        ])
}

private struct PromiseReader: ImmutableMappable {
    let a: Int
    let b: Int
    static let mapping: Mapping<PromiseReader> = ["a": .property(\.a)]
    init(_ values: MappedValues<PromiseReader>) throws {
        a = try values[\.a]
        b = try values[\.b]
    }
}

extension DocumentedPromiseProbeTests {
    /// For a `Mappable`, `$0[\.x]` is the current value when the key is absent (Policies.md).
    @Test func aRuleReadsCurrentValuesOfAbsentKeys() {
        #expect(Mapper.validate(["low": 7], as: PromiseRange.self).isEmpty)
        #expect(promiseRows(Mapper.validate(["low": 12], as: PromiseRange.self)) == ["high|high|ordered"])
        var range = PromiseRange()
        range.high = 20
        #expect(Mapper.validate(["low": 12], for: range, using: PromiseRange.mapping).isEmpty)
        #expect(promiseRows(Mapper.validate(["child": ["name": ""]], as: PromiseRange.self)) == ["child|child|named"])
        #expect(promiseRows(Mapper.validate(["child": ["name": 1]], as: PromiseRange.self)) == ["child.name|child.name|type"])
    }

    /// Reading a key path the mapping does not target throws; it never traps.
    @Test func readingAnUnmappedKeyPathIsAnErrorNotATrap() {
        let errors = Mapper.validate(["a": 1], as: PromiseReader.self)
        #expect(errors.count == 1 && (errors.first?.rule == "mapping" || errors.first?.rule == "init"), "\(errors)")
        #expect(throws: MappingError.self) { try Mapper.map(PromiseReader.self, fromJSON: #"{"a": 1}"#) }
    }
}

extension DocumentedPromiseProbeTests {
    /// `.droppingInvalidElements()` is refused on a boxed array (its symbol documentation: "Only for a `.property`").
    @Test func droppingOnABoxedArrayIsADefinitionError() {
        struct Boxed: Mappable {
            var links: [URL] = []
            static let mapping: Mapping<Boxed> = ["links": .box(.url, \.links).droppingInvalidElements()]
        }
        #expect(Boxed.mapping.definitionErrors.map(\.rule) == ["mapping"])
    }
}

// MARK: - Polymorphism with immutable models and strict unknown keys

private protocol PromiseShape: Sendable {
    var label: String { get }
}

private struct PromiseSquare: ImmutableMappable, PromiseShape {
    let label: String
    let side: Int
    static let mapping = Mapping<PromiseSquare>(
        keyStyle: .snakeCase, unknownKeys: .fail, ["label": .property(\.label), "sideLength": .property(\.side).min(1)])
    init(_ values: MappedValues<PromiseSquare>) throws {
        label = try values[\.label]
        side = try values[\.side]
    }
}

private struct PromiseDot: Mappable, PromiseShape {
    var label = ""
    static let mapping = Mapping<PromiseDot>(unknownKeys: .fail, ["label": .property(\.label)])
}

private struct PromiseCanvas: Mappable, MappedCodable {
    var main: any PromiseShape = PromiseDot()
    var extra: (any PromiseShape)?
    var all: [any PromiseShape] = []
    static let mapping = Mapping<PromiseCanvas>(
        keyStyle: .kebabCase,
        [
            "mainShape": .polymorphic(\.main, on: "shapeKind", ["square": PromiseSquare.self, "dot": PromiseDot.self]),
            "extraShape": .polymorphic(\.extra, on: "shapeKind", ["square": PromiseSquare.self, "dot": PromiseDot.self]),
            "allShapes": .polymorphic(\.all, on: "shapeKind", ["square": PromiseSquare.self, "dot": PromiseDot.self]),
        ])
}

extension DocumentedPromiseProbeTests {
    @Test func polymorphicTagsAreNeverUnknownAndAreWrittenFirst() throws {
        let json =
            #"{"main-shape": {"label": "s", "shapeKind": "square", "side_length": 2}, "extra-shape": null, "all-shapes": [{"shapeKind": "dot", "label": "d"}]}"#
        let canvas = try Mapper.map(PromiseCanvas.self, fromJSON: json)
        #expect((canvas.main as? PromiseSquare)?.side == 2 && canvas.extra == nil && canvas.all.first is PromiseDot)
        #expect(
            promiseText(try Mapper.serializeJSON(canvas))
                == #"{"main-shape":{"shapeKind":"square","label":"s","side_length":2},"all-shapes":[{"shapeKind":"dot","label":"d"}]}"#)
        let errors = Mapper.validate(
            promiseTree(
                #"{"main-shape": {"shapeKind": 5}, "extra-shape": {"shapeKind": "dot", "label": "x", "side_length": 1}, "all-shapes": [{"label": "x"}, {"shapeKind": "square", "label": "q", "side_length": 0}]}"#
            ),
            as: PromiseCanvas.self)
        #expect(
            promiseRows(errors) == [
                "main-shape.shapeKind|main|discriminator", "extra-shape.side_length|extra|unknownKey",
                "all-shapes[0].shapeKind|all|discriminator", "all-shapes[1].side_length|all[1].side|min",
            ], "\(promiseRows(errors))")
    }

    @Test func aNullUnderUseDefaultWritesTheDefaultWithAWarning() throws {
        struct Nullish: Mappable {
            var count = 1
            static let mapping: Mapping<Nullish> = ["count": .property(\.count, default: 9).ifNull(.useDefault)]
        }
        var warnings: [MappingWarning] = []
        let made = try Mapper.map(Nullish.self, from: ["count": NSNull()], warnings: &warnings)
        #expect(made.count == 9 && warnings.map(\.kind) == [.defaultUsed])
        #expect(promiseText(try Mapper.serializeJSON(Nullish(count: 3))) == #"{"count":3}"#)
    }
}

// MARK: - Loose keys with alternatives, index keys under a style, calls on the dry run's instance

private struct PromiseLoose: Mappable, MappedCodable {
    var name = ""
    var orderID = 0
    static let mapping = Mapping<PromiseLoose>(
        keys: .caseInsensitive, unknownKeys: .warn,
        [.anyOf("name", "title"): .property(\.name).minLength(2), "orderID": .property(\.orderID).min(1)])
}

private struct PromiseGeo: Mappable, MappedCodable {
    var lat = 0.0
    var lon = 0.0
    var orderID = 0
    static let mapping = Mapping<PromiseGeo>(
        keys: .ignoringCaseAndSeparators, keyStyle: .snakeCase,
        rules: [MappingRule("east", at: \.lon, message: "must be east") { try $0[\.lon] > 0 }],
        ["geoPoint": [0: .property(\.lat), 1: .property(\.lon)], "orderID": .property(\.orderID).min(1)])
}

private final class PromisePrefixed {
    var prefix = "X"
    var tag = ""
    var count: Int?
    init() {}
    func tagged(from text: String) -> String? { prefix + text }
    func counted(from text: String) -> Int? { Int(text) }
    func text(of count: Int) throws -> String { throw PromiseRefusal() }
    static let mapping: Mapping<PromisePrefixed> = [
        "tag": .call(PromisePrefixed.tagged(from:), \.tag).ensure("prefixed") { (tag: String) in tag.hasPrefix("X") }
    ]
}

extension DocumentedPromiseProbeTests {
    @Test func looseAlternativesPreferKeysAsWrittenAndReadOneLooseKey() throws {
        var warnings: [MappingWarning] = []
        let exact = try Mapper.map(PromiseLoose.self, from: ["NAME": "aa", "title": "bb"], warnings: &warnings)
        #expect(exact.name == "bb", "a key as written comes first")
        warnings = []
        let loose = try Mapper.map(PromiseLoose.self, from: ["TITLE": "cc"], warnings: &warnings)
        #expect(loose.name == "cc" && warnings.isEmpty)
        #expect(
            promiseRows(Mapper.validate(["NAME": "a", "TITLE": "b"], as: PromiseLoose.self)).map { $0.hasSuffix("|ambiguousKey") } == [true]
        )
        #expect(
            promiseRows(Mapper.validate(["Title": "c", "ORDERID": 0], as: PromiseLoose.self)) == [
                "Title|name|minLength", "ORDERID|orderID|min",
            ])
    }

    @Test func indexKeysUnderAStyleAndALooseMatchKeepTheDocumentsSpelling() {
        let errors = Mapper.validate(["GeoPoint": [1.0, -2.0], "OrderId": 0], as: PromiseGeo.self)
        #expect(promiseRows(errors) == ["OrderId|orderID|min", "GeoPoint[1]|lon|east"])
        let ruled = Mapper.validate(["geo_point": [1.0, -2.0]], as: PromiseGeo.self)
        #expect(promiseRows(ruled) == ["geo_point[1]|lon|east"])
        #expect(ruled.first?.description == "geo_point[1] → lon: must be east; got -2.0 [east]", "\(ruled.first?.description ?? "")")
        let looseRuled = Mapper.validate(["Geo-Point": [1.0, -2.0]], as: PromiseGeo.self)
        #expect(promiseRows(looseRuled) == ["Geo-Point[1]|lon|east"])
    }

    /// The dry run's calls run on the `for:` instance (Validation.md); a nil property is left out without calling its
    /// reverse (Serializing.md).
    @Test func callsRunOnTheDryRunsInstanceAndNilSkipsTheReverse() throws {
        let instance = PromisePrefixed()
        #expect(Mapper.validate(["tag": "a"], for: instance, using: PromisePrefixed.mapping).isEmpty)
        instance.prefix = "Y"
        #expect(Mapper.validate(["tag": "a"], for: instance, using: PromisePrefixed.mapping).map(\.rule) == ["prefixed"])
        #expect(instance.tag == "")
        let counted: Mapping<PromisePrefixed> = [
            "count": .call(PromisePrefixed.counted(from:), \.count, reverse: PromisePrefixed.text(of:))
        ]
        #expect(promiseText(try Mapper.serializeJSON(instance, using: counted)) == "{}")
        instance.count = 3
        #expect(throws: MappingError.self) { try Mapper.serializeJSON(instance, using: counted) }
    }

    @Test func lenientDefaultAndFallbackCombine() throws {
        struct Combined: Mappable {
            var count = 0
            var price = Decimal(0)
            static let mapping: Mapping<Combined> = [
                "count": .property(\.count, default: 1, fallback: 2).lenient(),
                "price": .box(.decimal, \.price).lenient(),
            ]
        }
        var warnings: [MappingWarning] = []
        #expect(try Mapper.map(Combined.self, from: ["count": "x", "price": "1.50"], warnings: &warnings).count == 2)
        #expect(warnings.map(\.kind) == [.fallbackUsed], "the decimal boxing's numeric string is not a coercion")
        warnings = []
        #expect(try Mapper.map(Combined.self, from: ["count": "+5"], warnings: &warnings).count == 5)
        #expect(warnings.map(\.kind) == [.coerced])
    }
}

// MARK: - Serializing nested models: one error per field, nil nested models

private struct PromiseLeaf: Mappable {
    var kind = ""
    func name(from text: String) -> String? { text }
    static let mapping: Mapping<PromiseLeaf> = ["kind": .call(PromiseLeaf.name(from:), \.kind)]
}

private struct PromiseTree: Mappable {
    var leaves = [PromiseLeaf(), PromiseLeaf(), PromiseLeaf()]
    var single: PromisePlistInner?
    static let mapping: Mapping<PromiseTree> = ["leaves": .property(\.leaves), "single": .property(\.single)]
}

private struct PromiseEnvelope: Codable, Equatable {
    var version: Int
    var payload: PromisePlist
    var many: [PromisePlistInner]
}

extension DocumentedPromiseProbeTests {
    /// A field without a way back is found in the mapping and reported once, even for an array of models.
    @Test func aFieldWithoutAWayBackIsReportedOnce() {
        let errors: [ValidationError]
        do {
            _ = try Mapper.serializeJSON(PromiseTree(), using: PromiseTree.mapping)
            errors = []
        } catch { errors = error.errors }
        #expect(errors.count == 1, "\(promiseRows(errors))")
        #expect(errors.allSatisfy { $0.rule == "serialize" })
    }

    @Test func aNilNestedModelIsLeftOutOrWrittenAsNull() throws {
        let tree = PromiseTree(leaves: [], single: nil)
        #expect(promiseText(try Mapper.serializeJSON(tree, using: PromiseTree.mapping)) == #"{"leaves":[]}"#)
        #expect(
            promiseText(try Mapper.serializeJSON(tree, using: PromiseTree.mapping, options: [.writingNulls]))
                == #"{"leaves":[],"single":null}"#)
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListsRoundTripInsideSynthesizedTypes(format: PropertyListSerialization.PropertyListFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let envelope = PromiseEnvelope(
            version: 2, payload: PromisePlist(), many: [PromisePlistInner(name: "a", isOn: true), PromisePlistInner()])
        #expect(try PropertyListDecoder().decode(PromiseEnvelope.self, from: encoder.encode(envelope)) == envelope)
        let json = try JSONEncoder().encode(envelope)
        #expect(try JSONDecoder().decode(PromiseEnvelope.self, from: json) == envelope)
    }
}

// MARK: - Numbers: Float ranges, exact bounds, validators on converted numbers

private struct PromiseFloats: Mappable, MappedCodable {
    var ratio: Float = 0
    var bounded: Float = 0
    var small: Int8 = 0
    var loose: Float = 0
    var wide = 0.0
    static let mapping: Mapping<PromiseFloats> = [
        "ratio": .property(\.ratio),
        "bounded": .property(\.bounded).max(0.1),
        "small": .property(\.small).max(100),
        "loose": .property(\.loose).lenient(),
        "wide": .property(\.wide).lenient(),
    ]
}

private final class PromiseConverted {
    var price = Decimal(0)
    var level = 0
    var site: URL?
    var link: URL?
    init() {}
    func levelled(from text: String) -> Int? { text.count }
    static let mapping: Mapping<PromiseConverted> = [
        "price": .box(.decimal, \.price).equalTo(2),
        "level": .call(PromiseConverted.levelled(from:), \.level).oneOf([1, 2]),
        "site": .box(.url, \.site).ensure("isSecure") { (url: URL) in url.scheme == "https" },
        "link": .box(.url, \.link).maxLength(12),
    ]
}

extension DocumentedPromiseProbeTests {
    /// Non-finite numbers are range errors, never written: a number beyond `Float`'s range is not infinity.
    @Test(arguments: [#"{"ratio": 1e39}"#, #"{"ratio": -3.5e38}"#, #"{"loose": "1e39"}"#, #"{"wide": "1e400"}"#])
    func aNumberBeyondAFloatsRangeIsAnError(json: String) {
        var textRules: [String] = []
        var made: PromiseFloats?
        do { made = try Mapper.map(PromiseFloats.self, fromJSON: json) } catch { textRules = error.errors.map(\.rule) }
        #expect(made == nil, "\(json) mapped into \(String(describing: made))")
        #expect(textRules.count == 1, "\(json): \(textRules)")
        #expect(Mapper.validate(promiseTree(json), as: PromiseFloats.self).count == 1, "\(json)")
        let bridged = try? JSONDecoder().decode(PromiseFloats.self, from: Data(json.utf8))
        #expect(bridged == nil, "\(json) decoded into \(String(describing: bridged))")
    }

    /// Validators judge the source value exactly: 0.1 passes `max(0.1)` on a `Float`; 128 into `Int8` is one error.
    @Test func floatBoundsAndOneRootCause() throws {
        #expect(try Mapper.map(PromiseFloats.self, fromJSON: #"{"bounded": 0.1}"#).bounded == 0.1)
        #expect(Mapper.validate(promiseTree(#"{"bounded": 0.1}"#), as: PromiseFloats.self).isEmpty)
        #expect(try JSONDecoder().decode(PromiseFloats.self, from: Data(#"{"bounded": 0.1}"#.utf8)).bounded == 0.1)
        #expect(Mapper.validate(["small": 128], as: PromiseFloats.self).map(\.rule) == ["type"])
        #expect(Mapper.validate(["small": 101], as: PromiseFloats.self).map(\.rule) == ["max"])
    }

    /// On a boxing or call that makes a number, `equalTo` and `oneOf` judge that number; `lengthRange` on a URL boxing
    /// judges its text; `ensure` passes on null (Validation.md, Policies.md).
    @Test func validatorsOnConvertedValues() {
        let target = PromiseConverted()
        #expect(
            Mapper.validate(
                ["price": "2.00", "level": "ab", "site": NSNull(), "link": "https://a.b"], for: target, using: PromiseConverted.mapping
            ).isEmpty)
        let errors = Mapper.validate(
            ["price": 2.5, "level": "abc", "site": "http://a.b", "link": "https://a.example"], for: target, using: PromiseConverted.mapping)
        #expect(promiseRows(errors) == ["price|price|equalTo", "level|level|oneOf", "site|site|isSecure", "link|link|maxLength"])
    }
}

// MARK: - Every input path agrees: JSON text, parsed tree, the bridge

private func promiseOutcomes<Model: MappedDecodable & MappedEncodable>(_ type: Model.Type, _ json: String) -> [String: String] {
    func describe(_ result: () throws -> Model) -> String {
        do {
            let model = try result()
            return (try? promiseText(Mapper.serializeJSON(model, options: [.sortedKeys, .writingNulls]))) ?? "unserializable"
        } catch let error as MappingError {
            return promiseRows(error.errors).joined(separator: "; ")
        } catch let error as DecodingError {
            return error.mappingError.map { promiseRows($0.errors).joined(separator: "; ") } ?? "decoding: \(error)"
        } catch { return "other: \(error)" }
    }
    var outcomes: [String: String] = [:]
    outcomes["text"] = describe { try Mapper.map(type, fromJSON: json) }
    outcomes["tree"] = describe { try Mapper.map(type, from: promiseTree(json)) }
    outcomes["bridge"] = describe { try JSONDecoder().decode(type, from: Data(json.utf8)) }
    return outcomes
}

private func promiseWarnings<Model: MappedModel>(_ type: Model.Type, _ json: String) -> [[String]] {
    var text: [MappingWarning] = []
    var tree: [MappingWarning] = []
    _ = try? Mapper.map(type, fromJSON: json, warnings: &text)
    _ = try? Mapper.map(type, from: promiseTree(json), warnings: &tree)
    return [promiseRows(text), promiseRows(tree)]
}

extension DocumentedPromiseProbeTests {
    static let agreementDocuments: [(String, String)] = [
        ("loose", #"{"NAME": "aa", "title": "bb", "OrderID": 2}"#),
        ("loose", #"{"TITLE": "cc", "Name": "dd", "orderid": 1}"#),
        ("loose", #"{"n\u0061me": "ee", "ORDER\u0049D": 0}"#),
        ("loose", #"{"Title": "x", "tItLe": "y"}"#),
        ("geo", #"{"Geo_Point": [1, -2], "order-id": 3, "geo_point": [1, 2]}"#),
        ("geo", #"{"geopoint": {"0": 1}, "ORDER_ID": "1"}"#),
        ("styled", #"{"display_name": "Ann", "full_title": "Bob", "view_count": null, "contact_info": null}"#),
        ("styled", #"{"full_title": "Bob", "contact_info": {}, "orderID": 1}"#),
        ("styled", #"{"display_name": 5, "contact_info": [], "order_id": 1.5}"#),
        (
            "canvas",
            #"{"main-shape": {"label": "s", "shapeKind": "square", "side_length": 2}, "all-shapes": [{"shapeKind": "dot", "label": "d", "extra": 1}]}"#
        ),
        ("canvas", #"{"main-shape": {"shapeKind": "dot"}, "extra-shape": {"shapeKind": null}, "all-shapes": null}"#),
        ("names", #"{"full_name": null, "name": "n", "count": "x", "tag": null}"#),
        ("names", #"{"count": null}"#),
        (
            "lenient",
            #"{"level": "2", "when": "12", "price": "0.10", "flags": ["true", false], "counts": {"a": "-3"}, "nested": {"small": "-004"}, "ratio": "1.5e1"}"#
        ),
        ("lenient", #"{"price": 0.1, "when": 1.5, "ratio": 0.1, "level": 2.0}"#),
        ("booking", #"{"name": "nobody", "party_size": "9"}"#),
        ("booking", #"{"guest_name": "a", "name": "b", "party_size": 1, "note": null}"#),
    ]

    @Test(arguments: agreementDocuments)
    func everyInputPathAgrees(kind: String, json: String) {
        func probe<Model: MappedDecodable & MappedEncodable & MappedModel>(_ type: Model.Type) -> ([String: String], [[String]]) {
            (promiseOutcomes(type, json), promiseWarnings(type, json))
        }
        let (outcomes, warnings) =
            switch kind {
            case "loose": probe(PromiseLoose.self)
            case "geo": probe(PromiseGeo.self)
            case "styled": probe(PromiseStyled.self)
            case "canvas": probe(PromiseCanvas.self)
            case "names": probe(PromiseNames.self)
            case "lenient": probe(PromiseLenient.self)
            default: probe(PromiseBooking.self)
            }
        #expect(outcomes["text"] == outcomes["tree"] && outcomes["text"] == outcomes["bridge"], "\(json)\n\(outcomes)")
        #expect(warnings[0] == warnings[1], "\(json)")
    }

    @Test func decimalsAndWideIntegersThroughTheBridge() throws {
        struct Wide: Mappable, MappedCodable {
            var top: UInt64 = 0
            var bottom: Int64 = 0
            static let mapping: Mapping<Wide> = ["top": .property(\.top), "bottom": .property(\.bottom)]
        }
        let json = #"{"price": 12345678901234567890.123}"#
        let price = try JSONDecoder().decode(PromisePrice.self, from: Data(json.utf8))
        #expect(price == (try Mapper.map(PromisePrice.self, fromJSON: json)))
        var exact = PromisePrice()
        exact.plain = Decimal(string: "1.0000000000000000001")!
        let encoded = promiseText(try JSONEncoder().encode(exact))
        #expect(encoded.contains("1.0000000000000000001"), "\(encoded)")
        let wide = try JSONDecoder().decode(Wide.self, from: Data(#"{"top": 18446744073709551615, "bottom": -9223372036854775808}"#.utf8))
        #expect(wide.top == .max && wide.bottom == .min)
        #expect(promiseText(try JSONEncoder().encode(wide)).contains("18446744073709551615"))
    }

    @Test func batchesThroughTextAndTreeAgree() throws {
        let json =
            #"[{"full_title": "Bob", "extra": 1}, {"display_name": "Al", "order_id": 2}, null, 7, {"contact_info": {"email_address": "a"}}]"#
        let text = try Mapper.mapArray(fromJSON: Data(json.utf8), as: PromiseStyled.self)
        let tree = try Mapper.mapArray(from: promiseTree(json), as: PromiseStyled.self)
        #expect(text.models == tree.models)
        #expect(text.failures.map(\.index) == tree.failures.map(\.index))
        #expect(text.failures.map { promiseRows($0.error.errors) } == tree.failures.map { promiseRows($0.error.errors) })
        #expect(text.warnings.map { promiseRows($0) } == tree.warnings.map { promiseRows($0) })
        #expect(text.models.count == 1 && text.warnings.count == 5)
    }
}

extension DocumentedPromiseProbeTests {
    /// "Decoding reads the decoder's value as the mapping's source: … `Decimal` exact through JSONDecoder" (DESIGN.md,
    /// the Codable bridge); "makes the model as `Mapper.map(_:from:)` makes it: … the same model" (Codable.md). A
    /// `.property` of type `Decimal` reads JSON text exactly; through JSONDecoder it must too.
    @Test(arguments: ["1.0000000000000000001", "0.1", "12.30", "3.14159265358979323846"])
    func aDecimalPropertyIsExactThroughTheBridge(number: String) throws {
        let json = #"{"plain": \#(number)}"#
        let text = try Mapper.map(PromisePrice.self, fromJSON: json)
        #expect(text.plain == Decimal(string: number), "text: \(text.plain)")
        let bridged = try JSONDecoder().decode(PromisePrice.self, from: Data(json.utf8))
        #expect(bridged.plain == Decimal(string: number), "bridge: \(bridged.plain)")
    }
}

extension DocumentedPromiseProbeTests {
    /// The same for `.box(.decimal, …)` ("a number, exactly as the JSON writes it … no trip through `Double`",
    /// Boxings.md) and for an integer property, where a fraction is a `type` error ("an integer type only when it is
    /// whole", GettingStarted.md): a fraction whose nearest `Double` is whole must not read as that integer.
    /// A `Decimal` keeps a fraction whose nearest `Double` is whole; an integer property takes it as that integer
    /// through a decoder, which does not say how a number was written (Codable, "Limits of the bridge").
    @Test func aFractionNearAnIntegerThroughTheBridge() throws {
        let boxed = #"{"price": 1.0000000000000000001}"#
        #expect(try Mapper.map(PromisePrice.self, fromJSON: boxed).price == Decimal(string: "1.0000000000000000001"))
        let bridged = try JSONDecoder().decode(PromisePrice.self, from: Data(boxed.utf8))
        #expect(bridged.price == Decimal(string: "1.0000000000000000001"), "bridge: \(bridged.price)")
        struct Whole: Mappable, MappedCodable {
            var count = 0
            static let mapping: Mapping<Whole> = ["count": .property(\.count)]
        }
        let json = #"{"count": 2.00000000000000000001}"#
        #expect(throws: MappingError.self) { try Mapper.map(Whole.self, fromJSON: json) }
        #expect(try JSONDecoder().decode(Whole.self, from: Data(json.utf8)).count == 2)
    }
}

extension DocumentedPromiseProbeTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func decimalPropertiesRoundTripThroughPropertyLists(format: PropertyListSerialization.PropertyListFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        var price = PromisePrice()
        price.price = Decimal(string: "12345678901234567890.123")!
        price.plain = Decimal(string: "1.0000000000000000001")!
        #expect(try PropertyListDecoder().decode(PromisePrice.self, from: encoder.encode(price)) == price)
        #expect(try JSONDecoder().decode(PromisePrice.self, from: JSONEncoder().encode(price)) == price)
    }
}

extension DocumentedPromiseProbeTests {
    /// A batch of a source that is not an array is one `type` error at path `""`; an absent value's error has no value;
    /// a dictionary where a single value is expected renders as `{…} (1 key)` (ErrorsAndTheirFields.md, Limits.md).
    @Test func batchShapesAndRenderedValues() {
        #expect(throws: MappingError.self) { try Mapper.mapArray(fromJSON: Data(#"{"a": 1}"#.utf8), as: PromiseStyled.self) }
        do {
            _ = try Mapper.mapArray(from: ["a": 1], as: PromiseStyled.self)
            Issue.record("mapped a dictionary as a batch")
        } catch {
            #expect(error.errors.map(\.path) == [""] && error.errors.map(\.rule) == ["type"])
        }
        let errors = Mapper.validate(["order_id": ["deep": ["deeper": 1]]], as: PromiseStyled.self)
        #expect(errors.map(\.value) == [nil, "{…} (1 key)"], "\(errors.map(\.value))")
    }
}

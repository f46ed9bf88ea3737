import Foundation
import PropertyMapper
import Testing

/// A snake_case order: camel-case mapping keys, `.anyOf`, a nested level, an index level, and nested models
/// that each have their own style.
private struct StyledOrder: Mappable, Equatable {
    var orderID = 0
    var lineItems: [StyledLineItem] = []
    var customer = StyledCustomer()
    var shipTo: String?
    var viewCount = 0
    var latitude = 0.0
    var placedAt = Date(timeIntervalSince1970: 0)

    static let mapping = Mapping<StyledOrder>(
        keyStyle: .snakeCase,
        [
            "orderID": .property(\.orderID).isRequired().min(1),
            "lineItems": .property(\.lineItems),
            "customer": .property(\.customer),
            .anyOf("shipTo", "shippingAddress"): .property(\.shipTo),
            "stats": ["viewCount": .property(\.viewCount)],
            "geo": [0: .property(\.latitude)],
            "placedAt": .box(.date, \.placedAt),
        ])
}

private struct StyledLineItem: Mappable, Equatable {
    var sku = ""
    var unitPrice = Decimal(0)

    static let mapping = Mapping<StyledLineItem>(
        keyStyle: .snakeCase,
        ["sku": .property(\.sku).isRequired(), "unitPrice": .box(.decimal, \.unitPrice).min(0)])
}

/// Its own style, kebab-case, inside a snake_case order.
private struct StyledCustomer: Mappable, Equatable {
    var firstName = ""
    var imageURL: URL?

    static let mapping = Mapping<StyledCustomer>(
        keyStyle: .kebabCase, ["firstName": .property(\.firstName), "imageURL": .box(.url, \.imageURL)])
}

private let orderJSON = """
    {"order_id": 7, "line_items": [{"sku": "a-1", "unit_price": "0.10"}, {"sku": "b-2", "unit_price": 3}],
     "customer": {"first-name": "Ada", "image-url": "https://example.com/ada.png"},
     "ship_to": "Oslo", "stats": {"view_count": 12}, "geo": [59.9], "placed_at": "2026-11-28T10:00:00Z"}
    """

/// Every key of a JSON document, as paths (`line_items[].unit_price`), sorted.
private func keyPaths(_ data: Data) throws -> [String] {
    func walk(_ value: Any, _ path: String) -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, value in [path + key] + walk(value, path + key + ".") }
        }
        if let array = value as? [Any] {
            return array.flatMap { walk($0, String(path.dropLast()) + "[].") }
        }
        return []
    }
    return Array(Set(walk(try JSONSerialization.jsonObject(with: data), ""))).sorted()
}

/// Encodes one key, so that JSONEncoder's key strategy spells it (a dictionary's keys it leaves alone).
private struct OneKey: Encodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    let key: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(1, forKey: Key(stringValue: key))
    }
}

private func errors(_ body: () throws(MappingError) -> Void) -> [String] {
    do {
        try body()
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

@Suite struct KeyStyleTests {
    // MARK: Spelling

    /// As JSONEncoder's `.convertToSnakeCase` writes a key that starts in lower case, acronyms included.
    @Test func snakeCaseSpellsAsJSONEncoderDoes() throws {
        let keys = [
            "orderID", "imageURL", "unitPrice", "lineItems", "line2Text", "address2", "userID2", "myURLProperty",
            "getHTTPResponse", "oneTwoThree", "aB", "x", "already_snake", "_private", "__x__", "iOS", "äpfelBirne",
        ]
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        for key in keys {
            let encoded = try keyPaths(encoder.encode(OneKey(key: key)))
            let mapping = Mapping<StyledLineItem>(keyStyle: .snakeCase, [MappingKey(stringLiteral: key): .property(\.sku)])
            let written = try keyPaths(Mapper.serializeJSON(StyledLineItem(sku: "s"), using: mapping))
            #expect(written == encoded, "\(key)")
        }
    }

    /// A key that starts with an acronym keeps it as one word (Foundation on Linux writes `u_rl_string`).
    @Test func aLeadingAcronymIsOneWord() throws {
        let expected = [
            "URLString": "url_string", "HTTPStatusCode": "http_status_code", "ID": "id", "camel_Case": "camel_case",
            "with space": "with_space", "kebab-case": "kebab_case", "orderID_": "order_id_",
        ]
        for (key, spelled) in expected {
            let mapping = Mapping<StyledLineItem>(keyStyle: .snakeCase, [MappingKey(stringLiteral: key): .property(\.sku)])
            #expect(try keyPaths(Mapper.serializeJSON(StyledLineItem(sku: "s"), using: mapping)) == [spelled], "\(key)")
        }
    }

    @Test func kebabCaseAndCustomSpellEveryKey() throws {
        let kebab = Mapping<StyledLineItem>(keyStyle: .kebabCase, ["unitPrice": .box(.decimal, \.unitPrice), "orderID": .property(\.sku)])
        let item = StyledLineItem(sku: "s", unitPrice: 2)
        #expect(try keyPaths(Mapper.serializeJSON(item, using: kebab)) == ["order-id", "unit-price"])
        let custom = Mapping<StyledLineItem>(keyStyle: .custom { "x-" + $0 }, ["sku": .property(\.sku)])
        #expect(try keyPaths(Mapper.serializeJSON(item, using: custom)) == ["x-sku"])
        #expect(try Mapper.map(StyledLineItem.self, fromJSON: #"{"sku": "a", "unit_price": 1}"#).unitPrice == 1)
    }

    // MARK: Reading and writing

    /// Each style reads its spelling of the keys and writes the same keys back.
    @Test(arguments: [
        ("snakeCase", #"{"order_id": 1, "unit_price": "2.5", "image_url": "https://example.com/a"}"#),
        ("kebabCase", #"{"order-id": 1, "unit-price": "2.5", "image-url": "https://example.com/a"}"#),
        ("custom", #"{"x-orderID": 1, "x-unitPrice": "2.5", "x-imageURL": "https://example.com/a"}"#),
        ("asWritten", #"{"orderID": 1, "unitPrice": "2.5", "imageURL": "https://example.com/a"}"#),
    ])
    func eachStyleRoundTripsItsDocument(style: String, json: String) throws {
        struct Item {
            var orderID = 0
            var unitPrice = Decimal(0)
            var imageURL: URL?
        }
        let styles: [String: KeyStyle] = ["snakeCase": .snakeCase, "kebabCase": .kebabCase, "custom": .custom { "x-" + $0 }]
        let mapping = Mapping<Item>(
            keyStyle: styles[style] ?? .asWritten,
            ["orderID": .property(\.orderID), "unitPrice": .box(.decimal, \.unitPrice), "imageURL": .box(.url, \.imageURL)])
        var item = Item()
        try Mapper.mapValues(fromJSON: json, to: &item, using: mapping)
        #expect(item.orderID == 1 && item.unitPrice == Decimal(string: "2.5") && item.imageURL?.path == "/a")
        #expect(try keyPaths(Mapper.serializeJSON(item, using: mapping)) == keyPaths(Data(json.utf8)))
    }

    @Test func aSnakeCaseDocumentRoundTripsWithItsKeys() throws {
        let input = Data(orderJSON.utf8)
        let order = try Mapper.map(StyledOrder.self, fromJSON: input)
        #expect(order.orderID == 7 && order.lineItems.map(\.unitPrice) == [Decimal(string: "0.10"), 3])
        #expect(order.customer.firstName == "Ada" && order.customer.imageURL?.host == "example.com")
        #expect(order.shipTo == "Oslo" && order.viewCount == 12 && order.latitude == 59.9)
        let output = try Mapper.serializeJSON(order)
        #expect(try keyPaths(output) == keyPaths(input))
        #expect(try Mapper.map(StyledOrder.self, fromJSON: output) == order)
        // The same from parsed JSON, and through a dictionary.
        #expect(try Mapper.map(StyledOrder.self, from: JSONSerialization.jsonObject(with: input)) == order)
        let dictionary = try Mapper.serialize(order)
        #expect(Set(dictionary.keys) == ["order_id", "line_items", "customer", "ship_to", "stats", "geo", "placed_at"])
    }

    @Test func theCamelCaseSpellingIsNotTheDocuments() throws {
        // Under a style, the mapping's own spelling is an unknown key like any other.
        #expect(try Mapper.map(StyledOrder.self, fromJSON: #"{"orderID": 7, "order_id": 8}"#).orderID == 8)
        let found = errors { () throws(MappingError) in _ = try Mapper.map(StyledOrder.self, fromJSON: #"{"orderID": 7}"#) }
        #expect(
            found == [
                "order_id → orderID: value is missing [isRequired]"
            ])
    }

    @Test func alternativesAndNestedLevelsAreSpelledToo() throws {
        let alternative = try Mapper.map(StyledOrder.self, fromJSON: #"{"order_id": 1, "shipping_address": "Bergen"}"#)
        #expect(alternative.shipTo == "Bergen")
        let required = Mapping<StyledOrder>(keyStyle: .snakeCase, [.anyOf("shipTo", "shippingAddress"): .property(\.shipTo).isRequired()])
        var order = StyledOrder()
        let found = errors { () throws(MappingError) in try Mapper.mapValues(from: [String: Any](), to: &order, using: required) }
        #expect(
            found == [
                #"ship_to → shipTo: value is missing; tried the keys "ship_to", "shipping_address" [isRequired]"#
            ])
        #expect(try keyPaths(Mapper.serializeJSON(StyledOrder(orderID: 1, viewCount: 3))).contains("stats.view_count"))
    }

    // MARK: Errors and warnings

    @Test func errorPathsNameTheDocumentsKeysAndPropertiesTheModels() throws {
        let json = """
            {"order_id": 0, "line_items": [{"sku": "a", "unit_price": "1"}, {"sku": "b", "unit_price": "-1"}],
             "customer": {"image-url": 3}, "stats": {"view_count": "many"}}
            """
        let found = errors { () throws(MappingError) in _ = try Mapper.map(StyledOrder.self, fromJSON: json) }
        #expect(
            found == [
                "order_id → orderID: out of bounds, expected at least 1; got 0 [min]",
                #"line_items[1].unit_price → lineItems[1].unitPrice: out of bounds, expected at least 0; got "-1" [min]"#,
                "customer.image-url → customer.imageURL: a number, expected String; got 3 [type]",
                #"stats.view_count → viewCount: a string, expected Int; got "many" [type]"#,
            ])
    }

    @Test func warningPathsNameTheDocumentsKeys() throws {
        struct Warned: Mappable {
            var name = ""
            var count = 0
            static let mapping = Mapping<Warned>(
                keyStyle: .snakeCase, unknownKeys: .warn, coercion: .lenient,
                ["fullName": .property(\.name), "itemCount": .property(\.count)])
        }
        var warnings: [MappingWarning] = []
        let warned = try Mapper.map(Warned.self, fromJSON: #"{"full_name": "a", "item_count": "3", "fullName": "b"}"#, warnings: &warnings)
        #expect(warned.name == "a" && warned.count == 3)
        #expect(warnings.map(\.path).sorted() == ["fullName", "item_count"])
    }

    @Test func aRuleAtAFieldHasThePathTheDocumentSpells() {
        struct Shipment: Mappable {
            var orderedAt = 0
            var shippedAt = 0
            static let mapping = Mapping<Shipment>(
                keyStyle: .snakeCase,
                rules: [
                    MappingRule("shippedAfterOrdered", at: \.shippedAt, message: "must be after the order date") {
                        try $0[\.shippedAt] > $0[\.orderedAt]
                    }
                ],
                ["orderedAt": .property(\.orderedAt), "shippedAt": .property(\.shippedAt)])
        }
        let found = errors { () throws(MappingError) in
            _ = try Mapper.map(Shipment.self, fromJSON: #"{"ordered_at": 5, "shipped_at": 3}"#)
        }
        #expect(found == ["shipped_at → shippedAt: must be after the order date; got 3 [shippedAfterOrdered]"])
    }

    /// With a loose policy on top, a present key's path is the key the document used; the style fixes what is written.
    @Test func aLoosePolicyReadsTolerantlyAndTheStyleStillSpellsTheOutput() throws {
        struct Tolerant: Mappable, Equatable {
            var orderID = 0
            var unitPrice = Decimal(0)
            static let mapping = Mapping<Tolerant>(
                keys: .ignoringCaseAndSeparators, keyStyle: .snakeCase,
                ["orderID": .property(\.orderID), "unitPrice": .box(.decimal, \.unitPrice).min(0)])
        }
        let read = try Mapper.map(Tolerant.self, fromJSON: #"{"OrderId": 4, "unit-price": "2.5"}"#)
        #expect(read == Tolerant(orderID: 4, unitPrice: Decimal(string: "2.5")!))
        #expect(try keyPaths(Mapper.serializeJSON(read)) == ["order_id", "unit_price"])
        let found = errors { () throws(MappingError) in _ = try Mapper.map(Tolerant.self, fromJSON: #"{"Unit-Price": "-1"}"#) }
        #expect(
            found == [
                #"Unit-Price → unitPrice: out of bounds, expected at least 0; got "-1" [min]"#
            ])
    }

    /// Without a style, a loose match's errors are at the key the document used, read from text, a small or a large
    /// dictionary alike; `serialize` writes the mapping's own spelling.
    @Test func underALoosePolicyAloneAPathNamesTheKeyTheDocumentUsed() throws {
        struct Loose: Mappable {
            var unitPrice = 0
            var others: [Int] = []
            static let mapping = Mapping<Loose>(
                keys: .ignoringCaseAndSeparators,
                ["unitPrice": .property(\.unitPrice).min(0), "lineItems": ["first": .property(\.others)]])
        }
        let expected = [
            "unit_price → unitPrice: out of bounds, expected at least 0; got -1 [min]",
            #"Line-Items.first → others: a string, expected [Int]; got "x" [type]"#,
        ]
        let json = #"{"unit_price": -1, "Line-Items": {"first": "x"}}"#
        var large: [String: Any] = ["unit_price": -1, "Line-Items": ["first": "x"]]
        for extra in 0..<10 { large["extra\(extra)"] = extra }
        let found1 = errors { () throws(MappingError) in _ = try Mapper.map(Loose.self, fromJSON: json) }
        #expect(found1 == expected)
        let found2 = errors { () throws(MappingError) in
            _ = try Mapper.map(Loose.self, from: ["unit_price": -1, "Line-Items": ["first": "x"]])
        }
        #expect(found2 == expected)
        let found3 = errors { () throws(MappingError) in _ = try Mapper.map(Loose.self, from: large) }
        #expect(found3 == expected)
        let found4 = errors { () throws(MappingError) in _ = try Mapper.map(Loose.self, from: NSDictionary(dictionary: large)) }
        #expect(found4 == expected)
        #expect(try Set(Mapper.serialize(Loose(unitPrice: 1)).keys) == ["unitPrice", "lineItems"])
    }

    /// The JSON reader keeps a loose match's key by its spelling's number for the first 32 entries, as text after them
    /// and for a key that is no common spelling: each path names the key the document used.
    @Test func aLooseMatchPastTheThirtySecondEntryNamesItsKeyToo() {
        struct Wide: Mappable {
            var unused = 0
            var unitPrice = 0
            var other = 0
            static let mapping = Mapping<Wide>(
                keys: .ignoringCaseAndSeparators,
                [
                    "k0": .property(\.unused),
                    "k1": .property(\.unused),
                    "k2": .property(\.unused),
                    "k3": .property(\.unused),
                    "k4": .property(\.unused),
                    "k5": .property(\.unused),
                    "k6": .property(\.unused),
                    "k7": .property(\.unused),
                    "k8": .property(\.unused),
                    "k9": .property(\.unused),
                    "k10": .property(\.unused),
                    "k11": .property(\.unused),
                    "k12": .property(\.unused),
                    "k13": .property(\.unused),
                    "k14": .property(\.unused),
                    "k15": .property(\.unused),
                    "k16": .property(\.unused),
                    "k17": .property(\.unused),
                    "k18": .property(\.unused),
                    "k19": .property(\.unused),
                    "k20": .property(\.unused),
                    "k21": .property(\.unused),
                    "k22": .property(\.unused),
                    "k23": .property(\.unused),
                    "k24": .property(\.unused),
                    "k25": .property(\.unused),
                    "k26": .property(\.unused),
                    "k27": .property(\.unused),
                    "k28": .property(\.unused),
                    "k29": .property(\.unused),
                    "k30": .property(\.unused),
                    "k31": .property(\.unused),
                    "unitPrice": .property(\.unitPrice).min(0),
                    "otherValue": .property(\.other).min(0),
                ])
        }
        let found = errors { () throws(MappingError) in
            _ = try Mapper.map(Wide.self, fromJSON: #"{"k0": 1, "unit_price": -1, "Other-VALUE": -2}"#)
        }
        #expect(
            found == [
                "unit_price → unitPrice: out of bounds, expected at least 0; got -1 [min]",
                "Other-VALUE → other: out of bounds, expected at least 0; got -2 [min]",
            ])
    }

    /// A spelling found at once and another key that matches the entry too: one ambiguous-key error in place of the
    /// entry's own, whatever the source.
    @Test func anAmbiguousLooseMatchReplacesTheEntrysErrors() {
        struct Loose: Mappable {
            var unitPrice = 0
            var count = 0
            static let mapping = Mapping<Loose>(
                keys: .ignoringCaseAndSeparators, ["unitPrice": .property(\.unitPrice).min(0), "count": .property(\.count).min(0)])
        }
        var large: [String: Any] = ["unit_price": -1, "UnitPrice": -2, "Count": -3]
        for extra in 0..<10 { large["extra\(extra)"] = extra }
        let expected = [
            #"unitPrice → unitPrice: no exact key, and several keys match: "UnitPrice", "unit_price" [ambiguousKey]"#,
            "Count → count: out of bounds, expected at least 0; got -3 [min]",
        ]
        let found5 = errors { () throws(MappingError) in _ = try Mapper.map(Loose.self, from: large) }
        #expect(found5 == expected)
        let found6 = errors { () throws(MappingError) in _ = try Mapper.map(Loose.self, from: NSDictionary(dictionary: large)) }
        #expect(found6 == expected)
        let json = String(decoding: try! JSONSerialization.data(withJSONObject: large), as: UTF8.self)
        let found7 = errors { () throws(MappingError) in _ = try Mapper.map(Loose.self, fromJSON: json) }
        #expect(found7 == expected)
    }

    // MARK: Definitions

    @Test func twoKeysSpelledAlikeAreADefinitionError() {
        let mapping = Mapping<StyledLineItem>(
            keyStyle: .snakeCase, ["unitPrice": .box(.decimal, \.unitPrice), "unit_price": .property(\.sku)])
        #expect(
            mapping.definitionErrors.map(\.description) == [
                #"unit_price → sku: the keys unitPrice and unit_price are both spelled "unit_price" under the mapping's key style; map it once [mapping]"#
            ])
        let custom = Mapping<StyledLineItem>(keyStyle: .custom { _ in "same" }, ["a": .property(\.sku), "b": .property(\.sku)])
        #expect(custom.definitionErrors.map(\.rule) == ["mapping"])
        #expect(Mapping<StyledLineItem>(keyStyle: .snakeCase, ["sku": .property(\.sku)]).definitionErrors.isEmpty)
    }

    @Test func anImmutableModelReadsAndWritesItsStyle() throws {
        struct Frozen: ImmutableMappable, Equatable {
            let firstName: String
            let lastName: String?
            static let mapping = Mapping<Frozen>(
                keyStyle: .snakeCase, ["firstName": .property(\.firstName), "lastName": .property(\.lastName)])
            init(_ values: MappedValues<Frozen>) throws {
                firstName = try values[\.firstName]
                lastName = try values[\.lastName]
            }
        }
        let frozen = try Mapper.map(Frozen.self, fromJSON: #"{"first_name": "Ada", "last_name": "Lovelace"}"#)
        #expect(frozen.firstName == "Ada" && frozen.lastName == "Lovelace")
        #expect(try keyPaths(Mapper.serializeJSON(frozen)) == ["first_name", "last_name"])
        let found = errors { () throws(MappingError) in _ = try Mapper.map(Frozen.self, fromJSON: "{}") }
        #expect(
            found == [
                "first_name → firstName: value is missing [isRequired]"
            ])
    }
}

import Foundation
import PropertyMapper
import Testing

@Suite struct CodableBridgeDecodingTests {
    static let good = Data(CodableFixtures.goodOrder.utf8)
    static let bad = Data(CodableFixtures.badOrder.utf8)

    /// From 2^53 on, `JSONDecoder` reads a fraction as the integer it truncates it to: the bridge reads the number, as
    /// `Mapper.map` reads its text (an `Int` refuses it, a `Decimal` keeps it, a `Double` is its nearest).
    @Test func aLargeFractionIsNeverReadAsTheIntegerItTruncatesTo() throws {
        struct Reading: Mappable, MappedDecodable, Equatable {
            var whole = 0
            var ratio = 0.0
            var price = Decimal(0)
            var count: UInt64 = 0
            static let mapping: Mapping<Reading> = [
                "whole": .property(\.whole), "ratio": .property(\.ratio), "price": .box(.decimal, \.price), "count": .property(\.count),
            ]
        }
        let good =
            #"{"ratio": 9007199254740993.5, "price": 123456789012345678.5, "count": 18446744073709551614, "whole": 123456789012345678}"#
        let decoded = try JSONDecoder().decode(Reading.self, from: Data(good.utf8))
        #expect(decoded == (try Mapper.map(Reading.self, fromJSON: good)))
        #expect(decoded.ratio == 9_007_199_254_740_994 && decoded.price == Decimal(string: "123456789012345678.5"))
        #expect(decoded.whole == 123_456_789_012_345_678 && decoded.count == 18_446_744_073_709_551_614)
        let bad = #"{"whole": 123456789012345678.5, "count": 18446744073709551614.5}"#
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Reading.self, from: Data(bad.utf8)) }
        let mapped = try #require(throws: MappingError.self) { try Mapper.map(Reading.self, fromJSON: bad) }
        #expect(error.mappingError?.errors == mapped.errors)
        #expect(mapped.errors.map { "\($0.path) \($0.rule)" } == ["whole type", "count type"])
    }

    /// A dictionary's key that reads as a number (`"7"`) is a key in an error's path, not an array's index.
    @Test func aNumericDictionaryKeyIsAKeyInAPath() throws {
        let json = Data(#"{"7": {"id": 0, "customer_email": "a@b", "line_items": []}}"#.utf8)
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["7": ["id": 0, "customer_email": "a@b", "line_items": [Any]()]], format: .binary, options: 0)
        let errors = [
            try #require(throws: DecodingError.self) { try JSONDecoder().decode([String: ShopOrder].self, from: json) },
            try #require(throws: DecodingError.self) { try PropertyListDecoder().decode([String: ShopOrder].self, from: plist) },
            try #require(throws: DecodingError.self) { try JSONDecoder().decode([Int: ShopOrder].self, from: json) },
        ]
        let inArray = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(
                [ShopOrder].self, from: Data("[\(String(decoding: json, as: UTF8.self).dropFirst(6).dropLast())]".utf8))
        }
        for error in errors { #expect(error.mappingError?.errors.first?.path.hasPrefix("7.") == true, "\(error)") }
        #expect(inArray.mappingError?.errors.first?.path.hasPrefix("[0].") == true, "\(inArray)")
    }

    /// A coding key backed by an `Int` (`case order = 1`) is the key the document has, `order`, not an index.
    @Test func anIntBackedCodingKeyIsItsKeyInAPath() throws {
        struct Envelope: Decodable {
            var order: ShopOrder
            enum CodingKeys: Int, CodingKey { case order = 1 }
        }
        let json = Data(#"{"order": {"id": 0, "customer_email": "a@b", "line_items": []}}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Envelope.self, from: json) }
        #expect(error.mappingError?.errors.first?.path.hasPrefix("order.") == true, "\(error)")
    }

    @Test func jsonDecoderGivesTheModelMapperMapGives() throws {
        let decoded = try JSONDecoder().decode(ShopOrder.self, from: Self.good)
        let mapped = try Mapper.map(ShopOrder.self, fromJSON: Self.good)
        #expect(decoded == mapped)
        #expect(decoded.id == 7 && decoded.customerEmail == "ann@example.com" && decoded.isGift)
        #expect(decoded.lineItems.map(\.sku) == ["CAT-1", "DOG-22"])
        #expect(decoded.note == nil)
    }

    @Test func decimalsStayExactThroughJSONDecoder() throws {
        let decoded = try JSONDecoder().decode(ShopOrder.self, from: Self.good)
        #expect(decoded.lineItems.map(\.price) == [Decimal(string: "12.30"), Decimal(string: "0.10")])
        #expect(decoded.lineItems[0].price.description == "12.3")
    }

    @Test func immutableModelsAndFinalClassesDecodeToo() throws {
        let frozen = try JSONDecoder().decode(FrozenShopOrder.self, from: Self.good)
        let mapped = try Mapper.map(FrozenShopOrder.self, fromJSON: Self.good)
        #expect(frozen == mapped)
        #expect(frozen.id == 7 && frozen.lineItems.count == 2)
        let record = try JSONDecoder().decode(ShopOrderRecord.self, from: Self.good)
        #expect(record.id == 7 && record.lineItems.map(\.quantity) == [2, 1])
    }

    @Test func aBadRecordIsOneDataCorruptedErrorWithEveryFailure() throws {
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(ShopOrder.self, from: Self.bad) }
        guard case let .dataCorrupted(context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        let mapped = try #require(throws: MappingError.self) { try Mapper.map(ShopOrder.self, fromJSON: Self.bad) }
        let mappingError = try #require(error.mappingError)
        #expect(mappingError == mapped)
        #expect(mappingError.errors.map(\.path) == ["id", "customer_email", "line_items[1].sku"])
        #expect(mappingError.errors.map(\.rule) == ["min", "matchesRegEx", "lengthRange"])
        #expect((context.underlyingError as? MappingError) == mappingError)
        #expect(context.debugDescription == mappingError.description)
        #expect(context.debugDescription.hasPrefix("3 errors:\n- id → id: "))
    }

    @Test func theDebugDescriptionListsTheFirstThreeAndCountsTheRest() throws {
        let json = #"{"id": 0, "customer_email": "x", "is_gift": 1, "line_items": 2, "note": 5}"#
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(ShopOrder.self, from: Data(json.utf8)) }
        let errors = try #require(error.mappingError?.errors)
        #expect(errors.count == 5)
        guard case let .dataCorrupted(context) = error else { return }
        let lines = context.debugDescription.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first == "5 errors:" && lines.last == "- and 2 more")
        #expect(lines[1...3].map(String.init) == errors.prefix(3).map { "- \($0)" })
    }

    @Test func insideASynthesizedTypeEveryPathStartsAtTheCodingPath() throws {
        let json = #"{"version": 2, "order": \#(CodableFixtures.badOrder)}"#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(OrderEnvelope.self, from: Data(json.utf8))
        }
        guard case let .dataCorrupted(context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["order"])
        #expect(error.mappingError?.errors.map(\.path) == ["order.id", "order.customer_email", "order.line_items[1].sku"])
        #expect(context.debugDescription.contains("- order.line_items[1].sku → lineItems[1].sku: "))

        let good = #"{"version": 2, "order": \#(CodableFixtures.goodOrder)}"#
        let envelope = try JSONDecoder().decode(OrderEnvelope.self, from: Data(good.utf8))
        let mapped = try Mapper.map(ShopOrder.self, fromJSON: Self.good)
        #expect(envelope.version == 2 && envelope.order == mapped)
    }

    @Test func anArrayOfModelsNamesTheElementInThePath() throws {
        let json = "[\(CodableFixtures.goodOrder), \(CodableFixtures.badOrder)]"
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode([ShopOrder].self, from: Data(json.utf8)) }
        #expect(error.mappingError?.errors.map(\.path) == ["[1].id", "[1].customer_email", "[1].line_items[1].sku"])
    }

    @Test func aCodingKeyAPathWouldMakeAmbiguousIsQuotedAsTheEnginesKeysAre() throws {
        let json = #"{"by name": {"a.b": {"id": 0, "customer_email": "a@b"}}}"#
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(OrderBook.self, from: Data(json.utf8)) }
        #expect(error.mappingError?.errors.map(\.path) == [#"["by name"]["a.b"].id"#])
    }

    @Test(arguments: [
        (#""is_gift": 1"#, "is_gift", "a number, expected Bool"),
        (#""id": true"#, "id", "a boolean, expected Int"),
        (#""id": "7""#, "id", "a string, expected Int"),
        (#""note": 12"#, "note", "a number, expected String"),
    ])
    func typesAreTheMappingsStrictly(member: String, path: String, message: String) throws {
        let json = #"{"customer_email": "a@b", \#(member)}"#
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(ShopOrder.self, from: Data(json.utf8)) }
        let failure = try #require(error.mappingError?.errors.first)
        #expect(error.mappingError?.errors.count == 1)
        #expect(failure.path == path && failure.rule == "type")
        #expect(failure.message == message)
    }

    /// The integers a 64-bit type holds decode through the bridge as `Mapper.map` maps them; one beyond, or a fraction the
    /// decoder's `Double` would round to one, is an error as there, never the integer next to it.
    @Test func integersNearTheSixtyFourBitLimitsDecodeExactlyOrFail() throws {
        struct Wide: Mappable, MappedCodable, Equatable {
            var unsigned: UInt64 = 0
            var signed = 0
            var ratio = 0.0
            static let mapping: Mapping<Wide> = [
                "unsigned": .property(\.unsigned), "signed": .property(\.signed), "ratio": .property(\.ratio),
            ]
        }
        for unsigned in [UInt64.max, UInt64.max - 1000, 18_446_744_073_709_550_592, 1 << 63] {
            let model = Wide(unsigned: unsigned, signed: Int(Int64.min), ratio: 0.5)
            let data = try JSONEncoder().encode(model)
            #expect(try JSONDecoder().decode(Wide.self, from: data) == model)
            #expect(try Mapper.map(Wide.self, fromJSON: data) == model)
        }
        for member in [
            #""signed": -9223372036854775809"#, #""signed": 9223372036854775808"#, #""signed": -9223372036854775808.5"#,
            #""unsigned": 18446744073709551616"#, #""unsigned": 18446744073709551615.5"#, #""unsigned": -1"#,
        ] {
            let json = Data("{\(member)}".utf8)
            let decoded = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Wide.self, from: json) }
            let mapped = try #require(throws: MappingError.self) { try Mapper.map(Wide.self, fromJSON: json) }
            #expect(decoded.mappingError?.errors.map(\.path) == mapped.errors.map(\.path), "\(member)")
            #expect(decoded.mappingError?.errors.map(\.rule) == mapped.errors.map(\.rule), "\(member)")
        }
        // A `Double` takes what the decoder reads, as from a parsed document.
        let ratio = try JSONDecoder().decode(Wide.self, from: Data(#"{"ratio": 1e29}"#.utf8))
        #expect(ratio.ratio == 1e29)
    }

    /// From 2^64 on, a `Double` or `Float` takes the decoder's nearest value, 2^64 itself too; an `Int128` or a `UInt128`
    /// takes the integer written, every digit, in a property and in an array, and one beyond its range is an error.
    @Test func numbersFromTwoToTheSixtyFourOnDecodeAsTheDecoderReadsThem() throws {
        struct Beyond: Mappable, MappedDecodable {
            var double = 0.0
            var float: Float = 0
            var signed: Int128 = 0
            var unsigned: UInt128 = 0
            var all: [Int128] = []
            static let mapping: Mapping<Beyond> = [
                "double": .property(\.double), "float": .property(\.float), "signed": .property(\.signed),
                "unsigned": .property(\.unsigned), "all": .property(\.all),
            ]
        }
        func decode(_ json: String) throws -> Beyond { try JSONDecoder().decode(Beyond.self, from: Data(json.utf8)) }
        for text in ["18446744073709551616", "18446744073709551617", "-18446744073709551616", "-18446744073709551617", "1e20"] {
            let model = try decode(#"{"double": \#(text), "float": \#(text)}"#)
            #expect(model.double == Double(text) && model.float == Float(text), "\(text)")
        }
        let signed = [
            "18446744073709551617", "36893488147419103233", "100000000000000000001", "-170141183460469231731687303715884105728",
            "170141183460469231731687303715884105727",
        ]
        for text in signed {
            let model = try decode(#"{"signed": \#(text), "unsigned": \#(text.hasPrefix("-") ? "0" : text), "all": [1, \#(text)]}"#)
            #expect(model.signed == Int128(text) && model.all == [1, Int128(text)], "\(text)")
            #expect(text.hasPrefix("-") || model.unsigned == UInt128(text), "\(text)")
        }
        let greatest = try decode(#"{"unsigned": 340282366920938463463374607431768211455}"#)
        #expect(greatest.unsigned == .max)
        let beyond = try #require(throws: DecodingError.self) { try decode(#"{"signed": 170141183460469231731687303715884105728}"#) }
        #expect(beyond.mappingError?.errors.map { "\($0.path) \($0.rule)" } == ["signed type"])
    }

    @Test func aQuantityOfTrueIsATypeErrorInANestedModel() throws {
        let json = #"{"id": 7, "customer_email": "a@b", "line_items": [{"sku": "CAT-1", "quantity": true, "price": 1}]}"#
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(ShopOrder.self, from: Data(json.utf8)) }
        #expect(error.mappingError?.errors.map { "\($0.path) \($0.rule)" } == ["line_items[0].quantity type"])
    }

    @Test func theDecodersKeyStrategyChangesNothing() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let (converting, plain) = (
            try decoder.decode(ShopOrder.self, from: Self.good), try JSONDecoder().decode(ShopOrder.self, from: Self.good)
        )
        #expect(converting == plain)
        // The model's keyStyle decides: camelCase keys are not its document's.
        let camel = #"{"id": 7, "customerEmail": "ann@example.com", "lineItems": []}"#
        let order = try decoder.decode(ShopOrder.self, from: Data(camel.utf8))
        #expect(order.customerEmail == "" && order.lineItems.isEmpty)
        let error = try #require(throws: DecodingError.self) { try decoder.decode(ShopOrder.self, from: Self.bad) }
        #expect(error.mappingError?.errors.map(\.path) == ["id", "customer_email", "line_items[1].sku"])
    }

    @Test func whatTheMappingDoesNotNameIsNeverRead() throws {
        // `1e400` fits no Swift number: the decoder refuses it only when asked for it.
        let unmapped = #"{"id": 7, "customer_email": "a@b", "extra": {"deep": [1e400]}}"#
        let order = try JSONDecoder().decode(ShopOrder.self, from: Data(unmapped.utf8))
        #expect(order.id == 7)
        let mapped = #"{"id": 7, "customer_email": "a@b", "note": 1e400}"#
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(ShopOrder.self, from: Data(mapped.utf8)) }
        // The decoder's own error for the value, not a mapping error.
        #expect(error?.mappingError == nil)
    }

    @Test func aMappingWithDefinitionErrorsThrowsItsMappingErrorNotADecodingError() throws {
        let error = #expect(throws: MappingError.self) { try JSONDecoder().decode(Misdefined.self, from: Data("{}".utf8)) }
        #expect(error?.errors.map(\.rule) == ["mapping"])
    }
}

/// Synthesized `Codable`, its dictionary keys not plain path names.
private struct OrderBook: Codable {
    var orders: [String: ShopOrder]
    enum CodingKeys: String, CodingKey { case orders = "by name" }
}

/// Two keys mapped to one document key: a definition error.
private struct Misdefined: Mappable, MappedCodable {
    var a = 0
    var b = 0
    static let mapping = Mapping<Misdefined>(keyStyle: .snakeCase, ["userID": .property(\.a), "user_id": .property(\.b)])
}

@Suite struct CodableBridgeEncodingTests {
    static let order = try! Mapper.map(ShopOrder.self, fromJSON: CodableFixtures.goodOrder)

    static func parsed(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    /// A mapping of indices writes an array through the encoder too, and reads it back through the decoder.
    @Test func aMappingOfIndicesEncodesAsAnArray() throws {
        struct Point: Mappable, MappedCodable, Equatable {
            var x = 0
            var y = 0.0
            static let mapping: Mapping<Point> = [0: .property(\.x), 2: .property(\.y)]
        }
        let point = Point(x: 1, y: 2.5)
        let encoded = try JSONEncoder().encode(point)
        #expect(String(decoding: encoded, as: UTF8.self) == #"[1,null,2.5]"#)
        #expect(encoded == (try Mapper.serializeJSON(point)))
        #expect(try JSONDecoder().decode(Point.self, from: encoded) == point)
        #expect(try JSONDecoder().decode([Point].self, from: JSONEncoder().encode([point, point])) == [point, point])
    }

    @Test func jsonEncoderWritesWhatSerializeJSONWrites() throws {
        let encoded = try JSONEncoder().encode(Self.order)
        let serialized = try Mapper.serializeJSON(Self.order)
        let (fromEncoder, fromSerialize) = (try Self.parsed(encoded), try Self.parsed(serialized))
        #expect(fromEncoder == fromSerialize)
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains(#""is_gift":true"#))
        #expect(text.contains(#""quantity":2"#))
        #expect(text.contains(#""price":12.3"#) && text.contains(#""price":0.1"#))
        #expect(!text.contains("note"))
    }

    @Test func theEncodersKeyStrategyChangesNothing() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let plain = JSONEncoder()
        plain.outputFormatting = .sortedKeys
        let (snake, asWritten) = (try encoder.encode(Self.order), try plain.encode(Self.order))
        #expect(snake == asWritten)
        let upper = JSONEncoder()
        upper.keyEncodingStrategy = .custom { keys in UppercasedKey(keys.last!) }
        let (fromUpper, fromPlain) = (try Self.parsed(upper.encode(Self.order)), try Self.parsed(asWritten))
        #expect(fromUpper == fromPlain)
    }

    @Test func decodingWhatWasEncodedGivesTheModelBack() throws {
        let data = try JSONEncoder().encode(Self.order)
        let order = try JSONDecoder().decode(ShopOrder.self, from: data)
        #expect(order == Self.order)
        let frozen = try Mapper.map(FrozenShopOrder.self, fromJSON: CodableFixtures.goodOrder)
        let frozenAgain = try JSONDecoder().decode(FrozenShopOrder.self, from: JSONEncoder().encode(frozen))
        #expect(frozenAgain == frozen)
        let envelope = OrderEnvelope(version: 3, order: Self.order)
        let envelopeAgain = try JSONDecoder().decode(OrderEnvelope.self, from: JSONEncoder().encode(envelope))
        #expect(envelopeAgain == envelope)
    }

    @Test func aMappingThatCannotRunBackwardsIsAnInvalidValue() throws {
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(["legacy": Legacy()]) }
        guard case let .invalidValue(value, context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(value is Legacy)
        #expect(context.codingPath.map(\.stringValue) == ["legacy"])
        #expect(error.mappingError?.errors.map { "\($0.path) \($0.rule)" } == ["legacy.code serialize"])
        #expect(context.debugDescription.hasPrefix("1 error:\n- legacy.code → code: a call without reverse"))
    }

    /// A mistake in the mapping is not the model's: thrown as its `MappingError`, as decoding throws it, at the mapping's
    /// own paths (not the coding path's), never as an `EncodingError` blaming the value.
    @Test func aMappingWithDefinitionErrorsThrowsItsMappingErrorNotAnEncodingError() throws {
        let expected = Misdefined.mapping.definitionErrors
        #expect(expected.map { "\($0.path) \($0.rule)" } == ["user_id mapping"])
        let alone = try #require(throws: MappingError.self) { try JSONEncoder().encode(Misdefined()) }
        #expect(alone.errors == expected)
        let nested = try #require(throws: MappingError.self) { try JSONEncoder().encode(["misdefined": Misdefined()]) }
        #expect(nested.errors == expected)
        // PropertyListEncoder wraps whatever its value throws: the mapping's error is underneath, unchanged.
        let listed = try #require(throws: EncodingError.self) { try PropertyListEncoder().encode([Misdefined()]) }
        #expect(listed.mappingError?.errors == expected)
    }
}

/// A key strategy's key: what a custom strategy would write, were it applied.
private struct UppercasedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: any CodingKey) { stringValue = key.stringValue.uppercased() }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A call without a reverse: it reads, and cannot be written back.
private final class Legacy: Mappable, MappedCodable {
    var code = ""
    static let mapping: Mapping<Legacy> = ["code": .call(Legacy.code(from:), \.code)]
    func code(from text: String) -> String? { text }
}

@Suite struct CodableBridgePropertyListTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func aModelRoundTripsThroughAPropertyList(format: PropertyListSerialization.PropertyListFormat) throws {
        var shelf = Shelf()
        shelf.name = "Kitchen"
        shelf.count = 3
        shelf.weight = 2.5
        shelf.isOpen = true
        shelf.tags = ["a", "b"]
        shelf.sizes = ["small": 1, "large": 3]
        shelf.orders = [try Mapper.map(ShopOrder.self, fromJSON: CodableFixtures.goodOrder)]
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(shelf)
        let decoded = try PropertyListDecoder().decode(Shelf.self, from: data)
        #expect(decoded == shelf)
    }

    /// An encoder writes -0.0 as `-0`, which also reads as the integer 0: the sign comes back, an `Int` still reads it.
    @Test func negativeZeroComesBackThroughEitherEncoder() throws {
        struct Zero: Mappable, MappedCodable {
            var double = 1.0
            var float: Float = 1
            var whole = 1
            static let mapping: Mapping<Zero> = ["double": .property(\.double), "float": .property(\.float), "whole": .property(\.whole)]
        }
        var zero = Zero()
        (zero.double, zero.float, zero.whole) = (-0.0, -0.0, 0)
        let throughJSON = try JSONDecoder().decode(Zero.self, from: try JSONEncoder().encode(zero))
        let throughList = try PropertyListDecoder().decode(Zero.self, from: try PropertyListEncoder().encode(zero))
        for decoded in [throughJSON, throughList] {
            #expect(decoded.double.bitPattern == (-0.0 as Double).bitPattern)
            #expect(decoded.float.bitPattern == (-0.0 as Float).bitPattern)
        }
        let whole = try JSONDecoder().decode(Zero.self, from: Data(#"{"double": 0, "float": 0, "whole": -0}"#.utf8))
        #expect(whole.whole == 0)
        #expect(whole.double.bitPattern == 0)
    }

    /// A property list holds integers as integers: beyond 2^53 they come back exactly, never as the `Double` next to them
    /// (2^53 + 1 read as 2^53) nor as a range error (`Int.max`, `UInt64.max`).
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func integersBeyondTwoToTheFiftyThirdRoundTripThroughAPropertyList(format: PropertyListSerialization.PropertyListFormat) throws {
        struct Wide: Mappable, MappedCodable, Equatable {
            var signed = 0
            var unsigned: UInt64 = 0
            var low: Int64 = 0
            static let mapping: Mapping<Wide> = ["signed": .property(\.signed), "unsigned": .property(\.unsigned), "low": .property(\.low)]
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        for (signed, unsigned) in [(9_007_199_254_740_993, 9_007_199_254_740_993), (Int.max, UInt64.max), (Int.min + 1, (1 << 63) + 1)] {
            let wide = Wide(signed: signed, unsigned: unsigned, low: Int64(signed) - (signed < 0 ? 0 : 2))
            #expect(try PropertyListDecoder().decode(Wide.self, from: encoder.encode(wide)) == wide, "\(wide)")
        }
    }

    @Test func aPropertyListIsCheckedAsStrictlyAsJSON() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["name": "K", "count": true, "weight": "heavy"], format: .binary, options: 0)
        let error = try #require(throws: DecodingError.self) { try PropertyListDecoder().decode(Shelf.self, from: data) }
        #expect(error.mappingError?.errors.map { "\($0.path) \($0.rule)" } == ["count type", "weight type"])
    }
}

private struct Shelf: Mappable, MappedCodable, Equatable {
    var name = ""
    var count = 0
    var weight = 0.0
    var isOpen = false
    var tags: [String] = []
    var sizes: [String: Int] = [:]
    var orders: [ShopOrder] = []

    static let mapping: Mapping<Shelf> = [
        "name": .property(\.name).isRequired(), "count": .property(\.count), "weight": .property(\.weight),
        "isOpen": .property(\.isOpen), "tags": .property(\.tags), "sizes": .property(\.sizes), "orders": .property(\.orders),
    ]
}

@Suite struct CodableBridgeDepthTests {
    /// A chain of `levels` nodes as a property list: one dictionary per node.
    static func chain(_ levels: Int) throws -> Data {
        var node: [String: Any] = ["id": levels]
        for id in stride(from: levels - 1, through: 1, by: -1) { node = ["id": id, "child": node] }
        return try PropertyListSerialization.data(fromPropertyList: node, format: .binary, options: 0)
    }

    @Test func fiveHundredTwelveNodesDecode() throws {
        let node = try PropertyListDecoder().decode(ChainNode.self, from: Self.chain(512))
        var levels = 1
        var current = node
        while let child = current.child {
            levels += 1
            current = child
        }
        #expect(levels == 512 && current.id == 512)
    }

    @Test func theFiveHundredThirteenthIsOneDepthError() throws {
        let error = try #require(throws: DecodingError.self) { try PropertyListDecoder().decode(ChainNode.self, from: Self.chain(513)) }
        let errors = try #require(error.mappingError?.errors)
        #expect(errors.count == 1)
        #expect(errors.first?.rule == "depth")
        #expect(errors.first?.path == Array(repeating: "child", count: 512).joined(separator: "."))
    }

    @Test func aDeepDocumentOnASmallStackIsADepthErrorNotACrash() async throws {
        let data = try Self.chain(600)
        let errors = await withCheckedContinuation { (done: CheckedContinuation<[ValidationError]?, Never>) in
            let thread = Thread {
                let error = #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(ChainNode.self, from: data) }
                done.resume(returning: error?.mappingError?.errors)
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(errors?.map(\.rule) == ["depth"])
        // The stack, not the 512-container limit, refused it: at a `child` far above the 512th.
        let levels = errors?.first?.path.split(separator: ".").count ?? 0
        #expect(levels > 0 && levels < 512, "refused at \(levels) levels")
    }
}

private final class ChainNode: Mappable, MappedCodable {
    var id = 0
    var child: ChainNode?
    static let mapping: Mapping<ChainNode> = ["id": .property(\.id), "child": .property(\.child)]
}

@Suite struct CodableBridgePolicyTests {
    /// Loose keys and unknown keys through a decoder: the mapping's policies, as `Mapper.map` applies them.
    @Test func keyPoliciesApplyAsMapperMapAppliesThem() throws {
        let json = Data(#"{"Customer-ID": 7, "NAME": "Ann", "extra": {"deep": [1, null]}}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Customer.self, from: json) }
        let mapped = try #require(throws: MappingError.self) { try Mapper.map(Customer.self, fromJSON: json) }
        #expect(error.mappingError == mapped)
        #expect(error.mappingError?.errors.map { "\($0.path) \($0.rule)" } == ["extra unknownKey"])
        let good = Data(#"{"Customer-ID": 7, "NAME": "Ann"}"#.utf8)
        let customer = try JSONDecoder().decode(Customer.self, from: good)
        #expect(customer.customerID == 7 && customer.name == "Ann")
    }

    /// Two source keys matching one entry loosely: `ambiguousKey`, as from `Mapper.map`.
    @Test func anAmbiguousKeyIsReportedAsMapperMapReportsIt() throws {
        let json = Data(#"{"customer_id": 7, "CustomerID": 8, "name": "Ann"}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Customer.self, from: json) }
        let mapped = try #require(throws: MappingError.self) { try Mapper.map(Customer.self, fromJSON: json) }
        #expect(error.mappingError == mapped)
        #expect(error.mappingError?.errors.map(\.rule) == ["ambiguousKey"])
    }
}

private struct Customer: Mappable, MappedDecodable {
    var customerID = 0
    var name = ""
    static let mapping = Mapping<Customer>(
        keys: .ignoringCaseAndSeparators, unknownKeys: .fail,
        [
            "customerID": .property(\.customerID).isRequired(),
            "name": .property(\.name),
        ])
}

/// A mapped array: its entries by index, the third element unmapped.
private struct Cells: Mappable, MappedCodable, Equatable {
    var second = 0
    var fourth: Int?

    static let mapping: Mapping<Cells> = ["cells": [1: .property(\.second).isRequired(), 3: .property(\.fourth)]]
}

private struct Spot: Mappable, MappedCodable, Equatable {
    var latitude = 0.0
    var longitude = 0.0

    static let mapping: Mapping<Spot> = [
        "geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude).range(-180, 180)]
    ]
}

/// Arrays nested as deep as a property list holds them.
private struct Grid: Mappable, MappedCodable {
    var grid: [[Int]] = []

    static let mapping: Mapping<Grid> = ["grid": .property(\.grid)]
}

@Suite struct CodableBridgeArrayTests {
    /// What `Mapper.map` makes of `json`, and what `JSONDecoder` makes of it through the bridge.
    static func both<Model: MappedModel & Decodable>(_: Model.Type, _ json: String) -> [Result<Model, MappingError>] {
        let mapped = Result { () throws(MappingError) in try Mapper.map(Model.self, fromJSON: json) }
        let decoded = Result { try JSONDecoder().decode(Model.self, from: Data(json.utf8)) }.mapError { error in
            (error as? DecodingError)?.mappingError ?? MappingError(errors: [])
        }
        return [mapped, decoded]
    }

    @Test(arguments: [
        #"{"geo": [52.5, 13.4, "unmapped"]}"#, #"{"geo": [52.5, 200]}"#, #"{"geo": [52.5]}"#, #"{"geo": []}"#,
        #"{"geo": [true, "east"]}"#, #"{"geo": {"0": 1}}"#,
    ])
    func indexedEntriesReadAsMapperMapReadsThem(json: String) {
        let results = Self.both(Spot.self, json)
        #expect(results[0] == results[1])
    }

    /// Indices 1 and 3 mapped: the elements between and after them are present but never read.
    @Test(arguments: [
        #"{"cells": [0, 1, 2, 3, 4, [[5]], {"six": 6}]}"#, #"{"cells": [0, 1]}"#, #"{"cells": [0, "x", 2, true]}"#,
        #"{"cells": [[0], 1, {"two": 2}, 3]}"#, #"{"cells": [0, 1, 2]}"#,
    ])
    func sparseIndexedEntriesReadAsMapperMapReadsThem(json: String) {
        let results = Self.both(Cells.self, json)
        #expect(results[0] == results[1])
    }

    @Test func anIndexedEntrysErrorNamesItsIndex() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Spot.self, from: Data(#"{"geo": [52.5, 200, null]}"#.utf8))
        }
        #expect(error.mappingError?.errors.map { "\($0.path) \($0.rule)" } == ["geo[1] range"])
    }

    @Test func arrayElementsOfEveryKindReadAsMapperMapReadsThem() {
        let json = #"{"id": 7, "customer_email": "a@b", "line_items": [{"sku": "A-1", "quantity": 2, "price": 0.10}, null, 3]}"#
        let results = Self.both(ShopOrder.self, json)
        #expect(results[0] == results[1])
        guard case let .failure(error) = results[1] else {
            Issue.record("a null element and a number where a line item goes must fail, got \(results[1])")
            return
        }
        #expect(error.errors.count == 2)
    }

    @Test func arraysNestedTooDeepAreOneDepthErrorAtTheArrayRefused() throws {
        var grid: Any = [1]
        for _ in 1..<600 { grid = [grid] }
        let data = try PropertyListSerialization.data(fromPropertyList: ["grid": grid], format: .binary, options: 0)
        let error = try #require(throws: DecodingError.self) { try PropertyListDecoder().decode(Grid.self, from: data) }
        let errors = try #require(error.mappingError?.errors)
        #expect(errors.map(\.rule) == ["depth"])
        // The model's object and 511 arrays are read; the 513th container is refused, named by its own path.
        #expect(errors.first?.path == "grid" + String(repeating: "[0]", count: 511))
    }
}

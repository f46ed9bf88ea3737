import FeedModel
import Foundation
import Testing

@testable import PropertyMapper

/// A protocol only some source values conform to, for properties typed by a protocol.
protocol Shape: Sendable {
    var area: Double { get }
}

struct Square: Shape, Equatable {
    var side: Double
    var area: Double { side * side }
}

@Suite struct SourceValueTests {
    // MARK: Telling booleans from numbers (Linux bridges them both ways)

    @Test func booleansAreNotNumbers() throws {
        let parsed = try #require(try Fixtures.parse("[true, false, 1, 0, 1.5]") as? [Any])
        for boolean in [parsed[0], parsed[1], true, false, NSNumber(value: true), NSNumber(value: false)] as [Any] {
            #expect(SourceValue.bool(boolean) != nil, "\(boolean)")
            #expect(SourceValue.number(boolean) == nil, "\(boolean)")
            #expect(SourceValue.kind(of: boolean) == .boolean)
        }
        for number in [parsed[2], parsed[3], parsed[4], 1, 0, 1.0, NSNumber(value: 1), NSNumber(value: 0), UInt8(1)] as [Any] {
            #expect(SourceValue.bool(number) == nil, "\(number)")
            #expect(SourceValue.number(number) != nil, "\(number)")
            #expect(SourceValue.kind(of: number) == .number)
        }
    }

    @Test func kindsOfParsedValues() throws {
        let parsed = try #require(try Fixtures.parse(#"["s", 1, 2.5, true, null, [], {}]"#) as? [Any])
        #expect(parsed.map(SourceValue.kind(of:)) == [.string, .number, .number, .boolean, .null, .array, .object])
        #expect(SourceValue.kind(of: NSMutableDictionary()) == .object)
        #expect(SourceValue.kind(of: NSArray()) == .array)
        #expect(SourceValue.kind(of: [AnyHashable: Any]()) == .object)
    }

    @Test func numbersAreReadExactly() throws {
        let parsed = try #require(try Fixtures.parse("[-9223372036854775808, 18446744073709551615, 18446744073709551616, 2.5]") as? [Any])
        #expect(SourceValue.number(parsed[0]) == .int(Int64.min))
        #expect(SourceValue.number(parsed[1]) == .uint(UInt64.max))
        #expect(SourceValue.number(parsed[2]) == .wide("18446744073709551616"))
        #expect(SourceValue.number(parsed[3]) == .double(2.5))
        #expect(SourceValue.number(UInt64.max) == .uint(UInt64.max))
        #expect(SourceValue.number(Int8.min) == .int(-128))
    }

    /// A literal may hold any integer or floating-point type, not only those JSON gives: each is a number, judged and
    /// converted as one.
    @Test func everyIntegerAndFloatingPointTypeIsANumber() throws {
        #expect(SourceValue.number(CGFloat(2.5)) == .double(2.5))
        #expect(SourceValue.number(Float(0.1)) == .double(0.1))
        #expect(SourceValue.kind(of: CGFloat(2)) == .number)
        let size = try Mapper.map(Size.self, from: ["width": CGFloat(2.5), "count": CGFloat(3)])
        #expect(size.width == 2.5)
        #expect(size.count == 3)
        let errors = Mapper.validate(["width": CGFloat(-1), "count": CGFloat(0.5)], as: Size.self)
        #expect(errors.map(\.rule) == ["min", "type"])
        #expect(errors.last?.message == "a number with a fractional part, expected Int")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test func anInt128IsANumber() throws {
        #expect(SourceValue.number(Int128(-5)) == .int(-5))
        #expect(SourceValue.number(Int128(1) << 100) == .wide("1267650600228229401496703205376"))
        #expect(try Mapper.map(Size.self, from: ["width": 1, "count": Int128(7)]).count == 7)
    }

    // MARK: Literal and parsed sources behave alike

    @Test func literalAndParsedRecordsMapAlike() throws {
        var fromLiteral = VideoRecord()
        var fromJSON = VideoRecord()
        try Mapper.mapValues(from: [String: Any].validRecord(), to: &fromLiteral, using: VideoRecord.mapping)
        try Mapper.mapValues(from: try Fixtures.parsed(.validRecord()), to: &fromJSON, using: VideoRecord.mapping)
        #expect(fromLiteral == VideoRecord.mappedValidRecord)
        #expect(fromJSON == VideoRecord.mappedValidRecord)
    }

    // MARK: Values stored as another type

    /// A value reads the same however its `Any` came to hold it: as the common type itself (read in
    /// place), as a subclass of it (a JSON boolean's class, cast), as a superclass (`NSObject`),
    /// through `any Sendable` or `AnyObject`, or as the Foundation class that bridges to it.
    @Test func valuesStoredAsAnotherTypeReadAsThemselves() {
        let text = "a string too long to be stored inline in the string itself"
        for stored in [text, text as any Sendable, NSString(string: text) as AnyObject] as [Any] {
            #expect(mapLiteral(stored, initial: "").value == text)
            expectTypeError(mapLiteral(stored, initial: 0), initial: 0)
        }
        let seven: [Any] = [
            NSNumber(value: 7), NSNumber(value: 7) as AnyObject, NSNumber(value: 7) as NSObject, 7 as any Sendable, 7 as AnyObject,
        ]
        for stored in seven {
            #expect(mapLiteral(stored, initial: 0).value == 7)
            expectTypeError(mapLiteral(stored, initial: false), initial: false)
        }
        for stored in [NSNumber(value: true), NSNumber(value: true) as AnyObject, true as any Sendable] as [Any] {
            #expect(mapLiteral(stored, initial: false).value == true)
            expectTypeError(mapLiteral(stored, initial: 0), initial: 0)
        }
        for stored in [2.5, 2.5 as any Sendable, NSNumber(value: 2.5) as AnyObject] as [Any] {
            #expect(mapLiteral(stored, initial: 0.0).value == 2.5)
        }
        for stored in [NSNull(), NSNull() as AnyObject, NSNull() as any Sendable] as [Any] {
            #expect(mapLiteral(stored, initial: Int?(9)).value == nil)
            expectTypeError(mapLiteral(stored, initial: 9), initial: 9)
        }
        let words = ["alpha", text]
        for stored in [words, words as any Sendable, words as [Any], NSArray(array: words) as AnyObject] as [Any] {
            #expect(mapLiteral(stored, initial: [String]()).value == words)
        }
        let author: [String: any Sendable] = ["id": 1680, "email": "user1680@example.com", "display_name": text]
        for stored in [author as [String: Any], author, author as any Sendable, NSDictionary(dictionary: author) as AnyObject] as [Any] {
            var record = VideoRecord()
            #expect(throws: Never.self) {
                try Mapper.mapValues(from: [String: Any].validRecord(["author": stored]), to: &record, using: VideoRecord.mapping)
            }
            #expect(record.authorName == text)
        }
    }

    // MARK: Foundation containers

    @Test func nsDictionarySourceMapsLikeALiteral() throws {
        let author = NSMutableDictionary()
        author["id"] = NSNumber(value: 1680)
        author["email"] = NSString(string: "user1680@example.com")
        author["display_name"] = "Romeo"
        let stats = NSMutableDictionary()
        stats["views"] = NSNumber(value: 9_886_237)
        stats["likes"] = 36463
        let source = NSMutableDictionary(dictionary: [String: Any].validRecord())
        source["author"] = author
        source["stats"] = stats
        source["tags"] = NSArray(array: ["whiskey"])
        source["geo"] = NSArray(array: [NSNumber(value: 26.9792), 16.17893])
        source["is_premium"] = NSNumber(value: false)
        var record = VideoRecord()
        try Mapper.mapValues(from: source, to: &record, using: VideoRecord.mapping)
        #expect(record == VideoRecord.mappedValidRecord)
    }

    @Test func nsDictionarySourceKeepsStrictTypes() {
        let source = NSMutableDictionary(dictionary: [String: Any].validRecord())
        source["is_premium"] = NSNumber(value: 1)
        source["geo"] = NSArray(array: [26.9792, NSNumber(value: true)])
        let video = Video()
        let errors = mappingErrors { try Mapper.mapValues(from: source, to: video, using: Video.mapping) }
        #expect(errors.map(\.path) == ["is_premium", "geo[1]"])
        #expect(errors.map(\.rule) == ["type", "type"])
    }

    @Test func anyHashableKeyedSourceMapsLikeALiteral() throws {
        var source: [AnyHashable: Any] = [:]
        for (key, value) in [String: Any].validRecord() { source[AnyHashable(key)] = value }
        source[AnyHashable(7)] = "an integer key, unmapped"
        var record = VideoRecord()
        try Mapper.mapValues(from: source, to: &record, using: VideoRecord.mapping)
        #expect(record == VideoRecord.mappedValidRecord)
    }

    @Test func nestedAnyHashableAndNSContainersAreWalked() throws {
        let author: [AnyHashable: Any] = ["id": 1680, "email": "user1680@example.com", "display_name": "Romeo"]
        var record = VideoRecord()
        try Mapper.mapValues(
            from: [String: Any].validRecord(["author": author, "geo": NSArray(array: [26.9792, 16.17893])]),
            to: &record, using: VideoRecord.mapping)
        #expect(record == VideoRecord.mappedValidRecord)
    }

    @Test func typedSwiftContainersAreSources() {
        var profile = Slot(value: "preset")
        #expect(throws: Never.self) {
            try Mapper.mapValues(from: ["v": "typed"] as [String: String], to: &profile, using: Slot<String>.mapping())
        }
        #expect(profile.value == "typed")
        let point = Mapping<Slot<Double>>([(1, .property(\.value))])
        var slot = Slot(value: 0.0)
        #expect(throws: Never.self) { try Mapper.mapValues(from: [1.5, 2.5] as [Double], to: &slot, using: point) }
        #expect(slot.value == 2.5)
        var strict = Slot(value: 0.0)
        let errors = mappingErrors { try Mapper.mapValues(from: [true, false] as [Bool], to: &strict, using: point) }
        expectSingleError(errors, at: "[1]", rule: "type")
        #expect(strict.value == 0)
    }

    @Test func dictionaryWithNonStringKeysIsNotADictionarySource() {
        let result = mapSlot([1: "one"] as [Int: Any], initial: "preset")
        expectSingleError(result.errors, at: "", rule: "type")
        #expect(result.value == "preset")
    }

    // MARK: Optionals stored in Any

    @Test func optionalValuesInLiteralsAreUnwrapped() {
        #expect(mapLiteral(Optional<Int>.some(3) as Any, initial: 0).value == 3)
        #expect(mapLiteral(Optional<Int>.some(3) as Any, initial: Int?(9)).value == 3)
        #expect(mapLiteral(Optional<Int?>.some(.some(3)) as Any, initial: 0).value == 3)
        #expect(mapLiteral(Optional<String>.some("x") as Any, initial: "").value == "x")
        #expect(mapLiteral(Optional<Bool>.some(true) as Any, initial: false).value == true)
        expectTypeError(mapLiteral(Optional<Bool>.some(true) as Any, initial: 0), initial: 0)
    }

    @Test func noneInALiteralIsNull() {
        #expect(mapLiteral(Optional<Int>.none as Any, initial: Int?(9)).value == nil)
        #expect(mapLiteral(Optional<Int?>.some(.none) as Any, initial: Int?(9)).value == nil)
        let result = mapLiteral(Optional<Int>.none as Any, initial: 9)
        expectTypeError(result, initial: 9)
        #expect(result.errors.first?.value == "null")
        let required = Mapping<Slot<Int?>>([("v", .property(\.value).isRequired())])
        var slot = Slot<Int?>(value: 9)
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["v": Optional<Int>.none as Any] as [String: Any], to: &slot, using: required)
        }
        expectSingleError(errors, at: "v", rule: "isRequired")
        #expect(slot.value == 9)
    }

    @Test func optionalElementsAndContainersAreUnwrapped() throws {
        let elements: [Any] = [Optional<Int>.some(1) as Any, Optional<Int>.none as Any, 3]
        #expect(mapLiteral(elements, initial: [Int?]()).value == [1, nil, 3])
        expectTypeError(mapLiteral(elements, initial: [Int]()), initial: [], at: "v[1]")
        let author: [String: Any]? = ["id": 1680, "email": "user1680@example.com", "display_name": "Romeo"]
        var record = VideoRecord()
        try Mapper.mapValues(from: [String: Any].validRecord(["author": author as Any]), to: &record, using: VideoRecord.mapping)
        #expect(record == VideoRecord.mappedValidRecord)
    }

    // MARK: Protocol-typed and Any properties

    @Test func anyPropertyTakesEveryValue() throws {
        let string = mapLiteral("text", initial: Any?.none)
        #expect(string.errors.isEmpty)
        #expect(string.value as? String == "text")
        let array = try mapJSON("[1, 2]", initial: Any?.none)
        #expect(array.errors.isEmpty)
        #expect((array.value as? [Any])?.count == 2)
        let object = try mapJSON(#"{"k": "v"}"#, initial: Any?.none)
        #expect((object.value as? [String: Any])?["k"] as? String == "v")
        #expect(mapLiteral(NSNull(), initial: Any?.some("preset")).value == nil)
    }

    @Test func protocolPropertyTakesConformingValuesByDynamicCast() {
        let square = mapLiteral(Square(side: 2), initial: (any Shape)?.none)
        #expect(square.errors.isEmpty)
        #expect((square.value as? Square) == Square(side: 2))
        #expect(mapLiteral(Square(side: 3), initial: Square(side: 1) as any Shape).value.area == 9)
    }

    @Test func protocolPropertyRejectsOtherValues() throws {
        let preset: any Shape = Square(side: 1)
        for result in [mapLiteral("square", initial: preset), mapLiteral(4, initial: preset), try mapJSON("4", initial: preset)] {
            expectSingleError(result.errors, at: "v", rule: "type")
            #expect(result.value.area == 1)
        }
    }
}

private struct Size: Mappable {
    var width = 0.0
    var count = 0
    static let mapping: Mapping<Size> = ["width": .property(\.width).min(0), "count": .property(\.count)]
}

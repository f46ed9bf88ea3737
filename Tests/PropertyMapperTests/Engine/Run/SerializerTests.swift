import Foundation
import PropertyMapper
import Testing

/// A model of every shape serialize rebuilds: nested dictionaries, index arrays, boxings, calls with
/// and without a reverse, optionals, enums.
private final class Clip {
    enum Kind: String, CaseIterable { case short, long }

    var id = 0
    var title: String?
    var link: URL?
    var published = Date(timeIntervalSince1970: 0)
    var kind: Kind = .short
    var latitude = 0.0
    var longitude: Double?
    var views = 0
    var tags: [String] = []
    var raw = ""

    static let mapping: Mapping<Clip> = [
        "id": .property(\.id),
        "name": .property(\.title),
        "url": .box(.url, \.link),
        "published_at": .box(.date, \.published),
        "kind": .call(Clip.kind(from:), \.kind, reverse: Clip.name(of:)),
        "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
        "stats": ["views": .property(\.views)],
        "tags": .property(\.tags),
        "raw": .property(\.raw).oneWay(),
    ]

    func kind(from text: String) -> Kind? { Kind(rawValue: text) }
    func name(of kind: Kind) -> String { kind.rawValue }
}

private func clip() -> Clip {
    let clip = Clip()
    clip.id = 7
    clip.title = "Cats \"live\"\n"
    clip.link = URL(string: "https://cdn.example.com/v/7.mp4")
    clip.published = Date(timeIntervalSince1970: 1_291_878_848.123)
    clip.kind = .long
    clip.latitude = 0.1
    clip.longitude = -0.0
    clip.views = 1200
    clip.tags = ["a/b", "é"]
    clip.raw = "never written"
    return clip
}

private func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

@Suite
struct SerializerTests {
    @Test func writesTheSourceShapeInMappingOrder() throws {
        let json = text(try Mapper.serializeJSON(clip(), using: Clip.mapping))
        #expect(
            json == #"{"id":7,"name":"Cats \"live\"\n","url":"https://cdn.example.com/v/7.mp4","#
                + #""published_at":"2010-12-09T07:14:08.123Z","kind":"long","geo":[0.1,-0.0],"stats":{"views":1200},"tags":["a/b","é"]}"#)
    }

    @Test func mapsBackToTheSameValues() throws {
        let original = clip()
        let again = Clip()
        try Mapper.mapValues(fromJSON: try Mapper.serializeJSON(original, using: Clip.mapping), to: again, using: Clip.mapping)
        #expect(again.id == original.id && again.title == original.title && again.link == original.link)
        #expect(again.published == original.published && again.kind == original.kind && again.views == original.views)
        #expect(again.latitude.bitPattern == original.latitude.bitPattern)
        #expect(again.longitude.map(\.bitPattern) == original.longitude.map(\.bitPattern))
        #expect(again.tags == original.tags && again.raw == "")
    }

    @Test func nilIsOmittedUnlessWritingNulls() throws {
        let model = Clip()
        #expect(
            text(try Mapper.serializeJSON(model, using: Clip.mapping))
                == #"{"id":0,"published_at":"1970-01-01T00:00:00.000Z","kind":"short","geo":[0.0],"stats":{"views":0},"tags":[]}"#)
        #expect(
            text(try Mapper.serializeJSON(model, using: Clip.mapping, options: .writingNulls))
                == #"{"id":0,"name":null,"url":null,"published_at":"1970-01-01T00:00:00.000Z","kind":"short","geo":[0.0,null],"#
                + #""stats":{"views":0},"tags":[]}"#)
    }

    @Test func sortedAndPretty() throws {
        let model = Clip()
        let json = text(try Mapper.serializeJSON(model, using: Clip.mapping, options: [.prettyPrinted, .sortedKeys]))
        #expect(
            json == """
                {
                  "geo": [
                    0.0
                  ],
                  "id": 0,
                  "kind": "short",
                  "published_at": "1970-01-01T00:00:00.000Z",
                  "stats": {
                    "views": 0
                  },
                  "tags": []
                }
                """)
    }

    @Test func serializeGivesFoundationValues() throws {
        let object = try Mapper.serialize(clip(), using: Clip.mapping)
        #expect(object["id"] as? Int == 7)
        #expect(object["kind"] as? String == "long")
        #expect((object["stats"] as? [String: Any])?["views"] as? Int == 1200)
        #expect((object["geo"] as? [Any])?.count == 2)
        #expect(object["raw"] == nil)
        let again = Clip()
        try Mapper.mapValues(from: object, to: again, using: Clip.mapping)
        #expect(again.title == "Cats \"live\"\n" && again.link?.absoluteString == "https://cdn.example.com/v/7.mp4")
        let withNulls = try Mapper.serialize(Clip(), using: Clip.mapping, options: .writingNulls)
        #expect(withNulls["name"] is NSNull)
        #expect((withNulls["geo"] as? [Any])?.last is NSNull)
    }

    @Test func arraysOfModels() throws {
        let models = [clip(), Clip()]
        let json = try Mapper.serializeJSON(models, using: Clip.mapping)
        let batch = try Mapper.mapArray(fromJSON: json, using: Clip.mapping) { Clip() }
        #expect(batch.models.map(\.id) == [7, 0])
        #expect(text(try Mapper.serializeJSON([Clip](), using: Clip.mapping)) == "[]")
        let objects = try Mapper.serialize(models, using: Clip.mapping)
        #expect(objects.map { $0["id"] as? Int } == [7, 0])
    }

    @Test func aMissingIndexIsNullAndTrailingOnesAreLeftOut() throws {
        struct Point { var x: Int?; var y: Int?; var z: Int? }
        let mapping: Mapping<Point> = ["p": [0: .property(\.x), 2: .property(\.z), 1: .property(\.y)]]
        #expect(text(try Mapper.serializeJSON(Point(x: nil, y: nil, z: 3), using: mapping)) == #"{"p":[null,null,3]}"#)
        #expect(text(try Mapper.serializeJSON(Point(x: 1, y: 2, z: nil), using: mapping)) == #"{"p":[1,2]}"#)
        #expect(text(try Mapper.serializeJSON(Point(x: nil, y: 2, z: nil), using: mapping)) == #"{"p":[null,2]}"#)
        #expect(text(try Mapper.serializeJSON(Point(x: nil, y: nil, z: nil), using: mapping)) == "{}")
    }

    @Test func aNestedLevelWithNothingToWriteIsLeftOut() throws {
        struct Box { var a: Int?; var b: Int? }
        let mapping: Mapping<Box> = ["outer": ["inner": ["a": .property(\.a)]], "b": .property(\.b)]
        #expect(text(try Mapper.serializeJSON(Box(a: nil, b: 1), using: mapping)) == #"{"b":1}"#)
        #expect(text(try Mapper.serializeJSON(Box(a: 2, b: nil), using: mapping)) == #"{"outer":{"inner":{"a":2}}}"#)
        #expect(
            text(try Mapper.serializeJSON(Box(a: nil, b: nil), using: mapping, options: .writingNulls))
                == #"{"outer":{"inner":{"a":null}},"b":null}"#)
        #expect(try Mapper.serialize(Box(a: nil, b: 1), using: mapping)["outer"] == nil)
    }

    @Test func aListSerializesThroughItsFirstDescriptorThatCan() throws {
        let mapping: Mapping<Link> = [
            "link": .list(.call(Link.parse(from:), \.url), .property(\.text))
        ]
        #expect(text(try Mapper.serializeJSON(Link(url: nil, text: "x"), using: mapping)) == #"{"link":"x"}"#)
    }

    @Test func doublesWithSeventeenDigitsOrBeyond64BitsReadBackBitForBit() throws {
        struct Numbers: Equatable {
            var a = 0.0
            var b = 0.0
            var c: Float = 0
            var d = 0.0
        }
        let mapping: Mapping<Numbers> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c), "d": .property(\.d)]
        let original = Numbers(
            a: 0.30000000000000004, b: 18_446_744_073_709_551_616.0, c: .greatestFiniteMagnitude, d: -1.7976931348623157e308)
        let json = try Mapper.serializeJSON(original, using: mapping)
        var again = Numbers()
        try Mapper.mapValues(fromJSON: json, to: &again, using: mapping)
        #expect(again.a.bitPattern == original.a.bitPattern && again.b.bitPattern == original.b.bitPattern)
        #expect(again.c.bitPattern == original.c.bitPattern && again.d.bitPattern == original.d.bitPattern)
        // The same digits from JSONSerialization's NSDecimalNumber: rounded from the digits, not by NSDecimalNumber.
        var parsed = Numbers()
        try Mapper.mapValues(
            from: try JSONSerialization.jsonObject(with: Data(#"{"a": 0.30000000000000004}"#.utf8)), to: &parsed, using: mapping)
        #expect(parsed.a.bitPattern == original.a.bitPattern)
        // An integer beyond 64 bits, written as one, is still a range error.
        #expect(throws: MappingError.self) { try Mapper.mapValues(fromJSON: #"{"b": 18446744073709551616}"#, to: &parsed, using: mapping) }
    }

    @Test func datesReadBackAsThemselves() throws {
        struct Times: Mappable, Equatable {
            var iso = Date(timeIntervalSince1970: 0)
            var milliseconds = Date(timeIntervalSince1970: 0)
            var seconds = Date(timeIntervalSince1970: 0)
            static let mapping: Mapping<Times> = [
                "iso": .box(.date, \.iso), "ms": .box(.date(.millisecondsSince1970), \.milliseconds),
                "s": .box(.date(.secondsSince1970), \.seconds),
            ]
        }
        let source = #"{"iso":"2010-12-09T07:14:08.1239Z","ms":1291878848500.5,"s":1291878848.25}"#
        let times = try Mapper.map(Times.self, fromJSON: source)
        let json = try Mapper.serializeJSON(times)
        #expect(text(json) == #"{"iso":"2010-12-09T07:14:08.123900Z","ms":1291878848500.5,"s":1291878848.25}"#)
        #expect(try Mapper.map(Times.self, fromJSON: json) == times)
        let whole = try Mapper.map(Times.self, fromJSON: #"{"iso":"2010-12-09T07:14:08.120Z","ms":1291878848500,"s":1291878848}"#)
        #expect(text(try Mapper.serializeJSON(whole)) == #"{"iso":"2010-12-09T07:14:08.120Z","ms":1291878848500,"s":1291878848}"#)
    }

    @Test func datePatternsAreWrittenInPlaceOrEscapedWhenTheirLiteralsNeedIt() throws {
        struct Days { var plain = Date(timeIntervalSince1970: 0); var quoted = Date(timeIntervalSince1970: 0) }
        let mapping: Mapping<Days> = [
            "plain": .box(.date(.format("dd/MM/yyyy HH:mm")), \.plain),
            "quoted": .box(.date(.format(#"yyyy"\MM"#)), \.quoted),
        ]
        let days = Days(plain: Date(timeIntervalSince1970: 1_291_878_840), quoted: Date(timeIntervalSince1970: 1_291_161_600))
        let json = try Mapper.serializeJSON(days, using: mapping)
        #expect(text(json) == #"{"plain":"09/12/2010 07:14","quoted":"2010\"\\12"}"#)
        var again = Days()
        try Mapper.mapValues(fromJSON: json, to: &again, using: mapping)
        #expect(again.plain == days.plain && again.quoted == days.quoted)
        // As Foundation values: the same text.
        let tree = try Mapper.serialize(days, using: mapping)
        #expect(tree["plain"] as? String == "09/12/2010 07:14" && tree["quoted"] as? String == #"2010"\12"#)
    }

    @Test func integersDecimalsAndFloatsKeepEveryDigit() throws {
        struct Numbers {
            var big: UInt64 = .max; var low: Int64 = .min; var price = Decimal(string: "12345678901234567890.123") ?? 0
            var ratio: Float = 0.1; var tiny = Double.leastNonzeroMagnitude
        }
        let mapping: Mapping<Numbers> = [
            "big": .property(\.big), "low": .property(\.low), "price": .box(.decimal, \.price), "ratio": .property(\.ratio),
            "tiny": .property(\.tiny),
        ]
        let json = try Mapper.serializeJSON(Numbers(), using: mapping)
        #expect(text(json).hasPrefix(#"{"big":18446744073709551615,"low":-9223372036854775808,"price":12345678901234567890.123,"#))
        var again = Numbers(big: 0, low: 0, price: 0, ratio: 0, tiny: 0)
        try Mapper.mapValues(fromJSON: json, to: &again, using: mapping)
        #expect(again.big == .max && again.low == .min && again.price == Numbers().price)
        #expect(again.ratio == 0.1 && again.tiny == .leastNonzeroMagnitude)
        // A Float is written as the number it stands for, as JSONEncoder writes it.
        #expect(text(json).contains(#""ratio":0.1,"#))
    }

    /// A nil whose key, left out, would read back as something else (a `default:`, an `isRequired` error) is written as
    /// `null`, which reads back as nil: the round trip holds, and a nil that reads back as nil is still left out.
    @Test func aNilThatAnAbsentKeyWouldNotGiveBackIsWrittenAsNull() throws {
        struct Profile: Mappable, Equatable {
            var nickname: String?
            var note: String?
            var motto: String?
            var first: Double?
            static let mapping: Mapping<Profile> = [
                "nickname": .property(\.nickname, default: "anon"),
                "note": .property(\.note).ifAbsent(.fail),
                "motto": .property(\.motto),
                "point": [0: .property(\.first, default: 1)],
            ]
        }
        let profile = try Mapper.map(Profile.self, fromJSON: #"{"nickname": null, "note": null, "motto": null, "point": [null]}"#)
        #expect(profile == Profile())
        let json = try Mapper.serializeJSON(profile)
        #expect(text(json) == #"{"nickname":null,"note":null,"point":[null]}"#)
        #expect(try Mapper.map(Profile.self, fromJSON: json) == profile)
        let tree = try Mapper.serialize(profile)
        #expect(tree.keys.sorted() == ["nickname", "note", "point"] && tree["nickname"] is NSNull)
        #expect(try Mapper.map(Profile.self, from: tree) == profile)
        // `.ifNull` reads null otherwise: no null would give nil back, and nil stays left out.
        let kept: Mapping<Profile> = ["nickname": .property(\.nickname, default: "anon").ifNull(.useDefault)]
        #expect(text(try Mapper.serializeJSON(Profile(), using: kept)) == "{}")
    }

    /// Under `.ifNull(.keep)` null keeps the new model's value, as a left-out key would without a `default:` or
    /// `.ifAbsent(.fail)`: beside either, nil is written as `null`. A list asks the descriptor it writes through.
    @Test func aNilIsWrittenAsNullUnderIfNullKeepAndThroughAList() throws {
        struct Profile: Mappable, MappedCodable, Equatable {
            var nickname: String?
            var note: String?
            var alias: String?
            var raw: String?
            static let mapping: Mapping<Profile> = [
                "nickname": .property(\.nickname, default: "anon").ifNull(.keep),
                "note": .property(\.note).ifAbsent(.fail).ifNull(.keep),
                "alias": .list(.property(\.alias, default: "anon"), .property(\.raw)),
            ]
        }
        let profile = try Mapper.map(Profile.self, fromJSON: #"{"nickname": null, "note": null, "alias": null}"#)
        #expect(profile == Profile())
        let json = try Mapper.serializeJSON(profile)
        #expect(text(json) == #"{"nickname":null,"note":null,"alias":null}"#)
        #expect(try Mapper.map(Profile.self, fromJSON: json) == profile)
        #expect(try JSONDecoder().decode(Profile.self, from: JSONEncoder().encode(profile)) == profile)
    }

    /// A `CGFloat` property reads a number (JSON text, `NSNumber`, an integer) and writes one back, as a property typed
    /// `Any` holding one does.
    @Test func aCGFloatIsReadAndWrittenAsANumber() throws {
        struct Canvas: Mappable {
            var width: CGFloat = 0
            var any: Any = 0
            static let mapping: Mapping<Canvas> = ["width": .property(\.width), "any": .property(\.any)]
        }
        let canvas = try Mapper.map(Canvas.self, fromJSON: #"{"width": 2.5, "any": 1}"#)
        #expect(canvas.width == 2.5)
        #expect(text(try Mapper.serializeJSON(canvas)) == #"{"width":2.5,"any":1}"#)
        var drawn = canvas
        drawn.any = CGFloat(0.1)
        #expect(text(try Mapper.serializeJSON(drawn)) == #"{"width":2.5,"any":0.1}"#)
        #expect(try Mapper.map(Canvas.self, fromJSON: Mapper.serializeJSON(canvas)).width == 2.5)
        #expect(try Mapper.map(Canvas.self, from: ["width": NSNumber(value: 1.5)]).width == 1.5)
        #expect(try Mapper.map(Canvas.self, from: ["width": 3]).width == 3)
        #expect(throws: MappingError.self) { try Mapper.map(Canvas.self, from: ["width": "3"]) }
    }
}

private struct Link {
    var url: URL?
    var text = ""
    func parse(from text: String) -> URL? { URL(string: text) }
}

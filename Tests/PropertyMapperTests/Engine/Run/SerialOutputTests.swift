import Foundation
import PropertyMapper
import Testing

/// Where serialize writes: JSON text and Foundation values agree token for token; keys sort by their
/// UTF-8 bytes; numbers keep their type; a level with nothing in it is taken back.
@Suite struct SerialOutputTests {
    struct Sheet {
        var title: String? = "Q\"1\"\n\u{1}é🇵🇱"
        var big: UInt64 = .max
        var small: Int64 = -3
        var price = Decimal(string: "12.345678901234567890123")!
        var ratio = 0.1
        var flags = [true, false]
        var note: String?
        var rows: [[Int]] = [[1], []]

        static let mapping: Mapping<Sheet> = [
            "title \"t\"": .property(\.title),
            "numbers": ["big": .property(\.big), "small": .property(\.small), "price": .property(\.price), "ratio": .property(\.ratio)],
            "flags": .property(\.flags),
            "extra": ["note": .property(\.note)],
            "rows": .property(\.rows),
        ]
    }

    static func parsed(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func jsonTextAndFoundationValuesAgree() throws {
        for options: SerializationOptions in [
            [], .sortedKeys, .prettyPrinted, .writingNulls, [.prettyPrinted, .sortedKeys, .writingNulls],
        ] {
            let foundation = try Mapper.serialize(Sheet(), using: Sheet.mapping, options: options)
            let text = try Self.parsed(try Mapper.serializeJSON(Sheet(), using: Sheet.mapping, options: options))
            #expect(text.count == foundation.count)
            #expect(text["title \"t\""] as? String == foundation["title \"t\""] as? String)
            #expect((text["extra"] as? [String: Any])?["note"] is NSNull == options.contains(.writingNulls))
            #expect((foundation["extra"] as? [String: Any])?["note"] is NSNull == options.contains(.writingNulls))
            #expect(text["rows"] as? [[Int]] == foundation["rows"] as? [[Int]])
        }
    }

    @Test func aLevelWithNothingToWriteIsTakenBack() throws {
        let foundation = try Mapper.serialize(Sheet(), using: Sheet.mapping)
        #expect(foundation["extra"] == nil)
        let text = String(decoding: try Mapper.serializeJSON(Sheet(), using: Sheet.mapping), as: UTF8.self)
        #expect(!text.contains("extra"))
        #expect(text.hasSuffix(#""rows":[[1],[]]}"#))
    }

    @Test func foundationNumbersKeepTheirTypeAndDigits() throws {
        let numbers = try #require(try Mapper.serialize(Sheet(), using: Sheet.mapping)["numbers"] as? [String: Any])
        #expect(numbers["big"] as? UInt64 == .max)
        #expect(numbers["small"] as? Int == -3)
        #expect(numbers["price"] as? Decimal == Sheet().price)
        #expect(numbers["ratio"] as? Double == 0.1)
        let text = String(decoding: try Mapper.serializeJSON(Sheet(), using: Sheet.mapping), as: UTF8.self)
        #expect(text.contains(#""big":18446744073709551615"#))
        #expect(text.contains(#""price":12.345678901234567890123"#))
        #expect(text.contains(#""ratio":0.1"#))
    }

    @Test func keysSortByTheirUTF8BytesAtEveryLevel() throws {
        struct Keys {
            var a = 1
            var b = 2
            var c = 3
            var d = 4
        }
        let mapping: Mapping<Keys> = ["é": .property(\.a), "a": .property(\.b), "B": ["z": .property(\.c), "_": .property(\.d)]]
        let text = String(decoding: try Mapper.serializeJSON(Keys(), using: mapping, options: .sortedKeys), as: UTF8.self)
        #expect(text == #"{"B":{"_":4,"z":3},"a":2,"é":1}"#)
        let unsorted = String(decoding: try Mapper.serializeJSON(Keys(), using: mapping), as: UTF8.self)
        #expect(unsorted == #"{"é":1,"a":2,"B":{"z":3,"_":4}}"#)
    }

    @Test func stringsAreEscapedAndReadBack() throws {
        let text = try Self.parsed(try Mapper.serializeJSON(Sheet(), using: Sheet.mapping, options: .prettyPrinted))
        #expect(text["title \"t\""] as? String == Sheet().title)
        let pretty = String(decoding: try Mapper.serializeJSON(Sheet(), using: Sheet.mapping, options: .prettyPrinted), as: UTF8.self)
        #expect(pretty.contains("\n"))
        #expect(pretty.contains(#"\u0001"#))
    }
}

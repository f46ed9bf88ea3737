import Foundation
import Testing

@testable import PropertyMapper

private struct Swatch {
    var color = 0
    static let hex = Boxing<Int>(named: "hex") { (text: String) in
        Int(text, radix: 16)
    } reverse: {
        String($0, radix: 16)
    }
    static let mapping: Mapping<Swatch> = ["color": .box(hex, \.color)]
}

private struct Unwritable: Error {}

/// One value, so that a boxing's reverse is seen as serialize writes it.
private struct Held<Value> {
    var value: Value
}

extension Boxing {
    /// `value` as serialize writes it through this boxing: its reverse, then the source form.
    func written(_ value: Value) throws -> Any? {
        try Mapper.serialize(Held(value: value), using: ["value": .box(self, \.value)])["value"]
    }
}

@Suite struct BoxingReverseTests {
    @Test func aBoxingWithAReverseMapsAndTurnsBack() throws {
        var swatch = Swatch()
        try Mapper.mapValues(from: ["color": "ff8800"], to: &swatch, using: Swatch.mapping)
        #expect(swatch.color == 0xFF8800)
        #expect(try Swatch.hex.written(0xFF8800) as? String == "ff8800")
        #expect(Swatch.hex.name == "hex")
        #expect(Swatch.hex.inputTypeName == "String")
        let errors = mappingErrors { try Mapper.mapValues(from: ["color": "xyz"], to: &swatch, using: Swatch.mapping) }
        expectSingleError(errors, at: "color", rule: "box(hex)")
    }

    @Test func aBoxingWithoutAReverseHasNone() {
        let oneWay = Boxing<Int>(named: "count") { (items: [String]) in items.count }
        #expect(oneWay.writeBack == nil)
    }

    @Test func aReverseMayThrow() throws {
        let guarded = Boxing<Int>(named: "positive") { (value: Int) in
            value > 0 ? value : nil
        } reverse: { (value: Int) throws -> Int in
            guard value > 0 else { throw Unwritable() }
            return value
        }
        #expect(try guarded.written(3) as? Int == 3)
        let error = #expect(throws: MappingError.self) { try guarded.written(-1) }
        #expect(error?.errors.map(\.rule) == ["serialize"])
    }

    @Test func everyBuiltInBoxingHasAReverseThatReadsBack() throws {
        let url = URL(string: "https://cdn.example.com/v/1.mp4?a=b#c")!
        #expect(try Boxing<URL>.url.written(url) as? String == "https://cdn.example.com/v/1.mp4?a=b#c")

        let id = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!
        #expect(try Boxing<UUID>.uuid.written(id) as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")

        let data = Data([0, 1, 2, 253, 254, 255])
        #expect(try Boxing<Data>.base64.written(data) as? String == "AAEC/f7/")

        let amount = Decimal(string: "12345678901234567890.123")!
        #expect(try Boxing<Decimal>.decimal.written(amount) as? Decimal == amount)

        let date = Date(timeIntervalSince1970: 1_291_878_848.123)
        #expect(try Boxing<Date>.date.written(date) as? String == "2010-12-09T07:14:08.123Z")
        #expect(try Boxing<Date>.date(.millisecondsSince1970).written(date) as? Int == 1_291_878_848_123)
    }

    @Test func builtInReversesRoundTripThroughTheMapping() throws {
        struct Record {
            var link = URL(string: "https://x.example.com")!
            var id = UUID()
            var blob = Data()
            var amount = Decimal()
            var at = Date()
        }
        let mapping: Mapping<Record> = [
            "link": .box(.url, \.link), "id": .box(.uuid, \.id), "blob": .box(.base64, \.blob),
            "amount": .box(.decimal, \.amount), "at": .box(.date, \.at),
        ]
        let original = Record(
            link: URL(string: "https://cdn.example.com/a%20b?q=1")!, id: UUID(), blob: Data((0..<200).map { UInt8($0) }),
            amount: Decimal(string: "-0.000123")!, at: Date(timeIntervalSince1970: 1_600_000_000.987))
        let source = try Mapper.serialize(original, using: mapping)
        var again = Record()
        try Mapper.mapValues(from: source, to: &again, using: mapping)
        #expect(again.link == original.link)
        #expect(again.id == original.id)
        #expect(again.blob == original.blob)
        #expect(again.amount == original.amount)
        #expect(again.at == original.at)
    }
}

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

@Suite struct BoxingReverseTests {
    @Test func aBoxingWithAReverseMapsAndTurnsBack() throws {
        var swatch = Swatch()
        try Mapper.mapValues(from: ["color": "ff8800"], to: &swatch, using: Swatch.mapping)
        #expect(swatch.color == 0xFF8800)
        let reverse = try #require(Swatch.hex.reverse)
        #expect(try reverse(0xFF8800) as? String == "ff8800")
        #expect(Swatch.hex.name == "hex")
        #expect(Swatch.hex.inputTypeName == "String")
        let errors = mappingErrors { try Mapper.mapValues(from: ["color": "xyz"], to: &swatch, using: Swatch.mapping) }
        expectSingleError(errors, at: "color", rule: "box(hex)")
    }

    @Test func aBoxingWithoutAReverseHasNone() {
        let oneWay = Boxing<Int>(named: "count") { (items: [String]) in items.count }
        #expect(oneWay.reverse == nil)
    }

    @Test func aReverseMayThrow() throws {
        let guarded = Boxing<Int>(named: "positive") { (value: Int) in
            value > 0 ? value : nil
        } reverse: { (value: Int) throws -> Int in
            guard value > 0 else { throw Unwritable() }
            return value
        }
        let reverse = try #require(guarded.reverse)
        #expect(try reverse(3) as? Int == 3)
        #expect(throws: Unwritable.self) { try reverse(-1) }
    }

    @Test func everyBuiltInBoxingHasAReverseThatReadsBack() throws {
        let url = URL(string: "https://cdn.example.com/v/1.mp4?a=b#c")!
        #expect(try Boxing<URL>.url.reverse?(url) as? String == "https://cdn.example.com/v/1.mp4?a=b#c")

        let id = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!
        #expect(try Boxing<UUID>.uuid.reverse?(id) as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")

        let data = Data([0, 1, 2, 253, 254, 255])
        #expect(try Boxing<Data>.base64.reverse?(data) as? String == "AAEC/f7/")

        let amount = Decimal(string: "12345678901234567890.123")!
        #expect(try Boxing<Decimal>.decimal.reverse?(amount) as? Decimal == amount)

        let date = Date(timeIntervalSince1970: 1_291_878_848.123)
        #expect(try Boxing<Date>.date.reverse?(date) as? String == "2010-12-09T07:14:08.123Z")
        #expect(try Boxing<Date>.date(.millisecondsSince1970).reverse?(date) as? Int64 == 1_291_878_848_123)
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
        let source: [String: Any] = [
            "link": try Boxing<URL>.url.reverse!(original.link), "id": try Boxing<UUID>.uuid.reverse!(original.id),
            "blob": try Boxing<Data>.base64.reverse!(original.blob), "amount": try Boxing<Decimal>.decimal.reverse!(original.amount),
            "at": try Boxing<Date>.date.reverse!(original.at),
        ]
        var again = Record()
        try Mapper.mapValues(from: source, to: &again, using: mapping)
        #expect(again.link == original.link)
        #expect(again.id == original.id)
        #expect(again.blob == original.blob)
        #expect(again.amount == original.amount)
        #expect(again.at == original.at)
    }
}

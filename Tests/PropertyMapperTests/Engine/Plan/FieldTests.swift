import Foundation
import PropertyMapper
import Testing

/// What every field does with a present value, a null and its substitutes, and how it writes back:
/// through the public API only.
@Suite struct FieldTests {
    final class Entry: Mappable {
        var id = 0
        static let mapping: Mapping<Entry> = ["id": .property(\.id)]
        init() {}
    }

    struct Card {
        var title = "preset"
        var subtitle: String? = "preset"
        var scores: [Int]? = [1]
        var entry: Entry? = Entry()
        var site: URL? = URL(string: "https://preset.example")

        static let mapping: Mapping<Card> = [
            "name": .property(\.title).lengthRange(1, 5),
            "subtitle": .property(\.subtitle).lengthRange(1, 5),
            "scores": .property(\.scores),
            "entry": .property(\.entry),
            "site": .box(.url, \.site),
        ]
    }

    @Test func nullWritesNilIntoEveryOptionalKindOfField() throws {
        var card = Card()
        try Mapper.mapValues(
            from: ["subtitle": NSNull(), "scores": NSNull(), "entry": NSNull(), "site": NSNull()], to: &card, using: Card.mapping)
        #expect(card.subtitle == nil && card.scores == nil && card.entry == nil && card.site == nil)
        #expect(card.title == "preset")
    }

    @Test func nullIntoAPropertyThatCannotBeNilIsOneTypeErrorNamingTheProperty() {
        var card = Card()
        let errors = mappingErrors { try Mapper.mapValues(from: ["name": NSNull(), "subtitle": "ok"], to: &card, using: Card.mapping) }
        let error = expectSingleError(errors, at: "name", rule: "type")
        #expect(error?.property == "title")
        #expect(error?.value == "null")
        #expect(card.subtitle == "preset")
    }

    @Test func aPresentValueIsCheckedThenValidated() {
        var card = Card()
        let errors = mappingErrors { try Mapper.mapValues(from: ["name": 7, "subtitle": "far too long"], to: &card, using: Card.mapping) }
        #expect(errors.map(\.rule) == ["type", "lengthRange"])
        #expect(errors.map(\.property) == ["title", "subtitle"])
    }

    @Test func nilIsLeftOutOrWrittenAsNull() throws {
        var card = Card()
        card.subtitle = nil
        card.entry = nil
        #expect(try Mapper.serialize(card, using: Card.mapping).keys.sorted() == ["name", "scores", "site"])
        let withNulls = try Mapper.serialize(card, using: Card.mapping, options: .writingNulls)
        #expect(withNulls.keys.sorted() == ["entry", "name", "scores", "site", "subtitle"])
        #expect(withNulls["entry"] is NSNull && withNulls["subtitle"] is NSNull)
    }
}

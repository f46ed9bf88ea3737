import Foundation
import PropertyMapper
import Testing

private struct Site: Mappable {
    enum Kind: String, CaseIterable, Sendable { case blog, shop }
    var site: URL?
    var links: [URL] = []
    var kind: Kind = .blog
    var count = 0
    var owner = GitHub.Author()
    static let mapping: Mapping<Site> = [
        "site": .box(.url, \.site).ensure("isSecure") { (url: URL) in url.scheme == "https" },
        "links": .box(.url, \.links).ensure("notEmpty") { (urls: [URL]) in !urls.isEmpty },
        "kind": .property(\.kind).ensure("isShop") { (kind: Kind) in kind == .shop },
        "count": .property(\.count).min(0).ensure("even") { (count: Int) in count.isMultiple(of: 2) },
        "owner": .property(\.owner).ensure("hasEmail") { (author: GitHub.Author) in !author.email.isEmpty },
    ]
}

@Suite
struct EnsureTests {
    @Test func rulesJudgeTheConvertedValue() throws {
        let site = try Mapper.map(
            Site.self,
            from: [
                "site": "https://example.com", "links": ["https://a.example"], "kind": "shop", "count": 2, "owner": GitHub.author(1),
            ])
        #expect(site.kind == .shop && site.count == 2)
    }

    @Test func eachFailingRuleIsAnErrorNamedAfterIt() {
        let errors = Mapper.validate(
            [
                "site": "http://example.com", "links": [String](), "kind": "blog", "count": 3, "owner": ["id": 1, "email": ""],
            ], as: Site.self)
        #expect(errors.map(\.rule) == ["isSecure", "notEmpty", "isShop", "even", "matchesRegEx"])
        #expect(errors.first?.description == #"site → site: does not pass isSecure; got "http://example.com" [isSecure]"#)
        #expect(errors.map(\.path) == ["site", "links", "kind", "count", "owner.email"])
    }

    /// Each rule that fails is its own error, as each failing validator is, on a boxing's number too (`min` and `oneOf`
    /// judge the `Decimal` as rules do).
    @Test func everyFailingRuleIsReported() {
        struct Stock: Mappable {
            var count = 0
            var price = Decimal(0)
            static let mapping: Mapping<Stock> = [
                "count": .property(\.count).ensure("even") { (c: Int) in c.isMultiple(of: 2) }.ensure("big") { (c: Int) in c > 10 },
                "price": .box(.decimal, \.price).min(5).oneOf([1, 2]),
            ]
        }
        let errors = Mapper.validate(["count": 3, "price": "3"], as: Stock.self)
        #expect(errors.map { "\($0.path) \($0.rule)" } == ["count even", "count big", "price min", "price oneOf"])
        #expect(Mapper.validate(["count": 4, "price": "2"], as: Stock.self).map(\.rule) == ["big", "min"])
    }

    /// A number validator on a boxing's `Float` judges the number it stands for (`0.1`), as it judges `0.1` read into a
    /// `Float` property, not its widened binary value.
    @Test func aBoxingsFloatIsJudgedAsTheNumberItStandsFor() {
        struct Reading: Mappable {
            var plain: Float = 0
            var boxed: Float = 0
            static let mapping: Mapping<Reading> = [
                "plain": .property(\.plain).max(0.1),
                "boxed": .box(Boxing(named: "floatText") { (text: String) in Float(text) }, \.boxed).max(0.1),
            ]
        }
        #expect(Mapper.validate(["plain": 0.1, "boxed": "0.1"], as: Reading.self).isEmpty)
        #expect(Mapper.validate(["plain": 0.2, "boxed": "0.2"], as: Reading.self).map(\.rule) == ["max", "max"])
    }

    @Test func nilPassesAndValidatorsComeFirst() {
        #expect(Mapper.validate(["site": NSNull(), "links": ["https://a.example"], "kind": "shop"], as: Site.self).isEmpty)
        // One root cause: the validator's error, not the rule's on top of it.
        #expect(Mapper.validate(["count": -1, "links": ["https://a.example"], "kind": "shop"], as: Site.self).map(\.rule) == ["min"])
    }

    @Test func nothingIsWrittenWhenARuleFails() {
        var site = Site()
        site.count = 8
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["count": 4, "kind": "blog"], to: &site, using: Site.mapping) }
        #expect(site.count == 8)
    }

    @Test func aRuleOnAnotherTypeIsADefinitionError() {
        struct Model { var count = 0; var name = "" }
        let mapping: Mapping<Model> = [
            "count": .property(\.count).ensure("short") { (text: String) in text.count < 3 },
            "nested": ["name": .property(\.name)],
        ]
        #expect(mapping.definitionErrors.map(\.message) == ["ensure short takes String, but the field converts to Int"])
    }
}

/// A pet and a dog: a rule written for every pet judges a dog.
private class Pet: @unchecked Sendable {
    var name = ""
    init(name: String) { self.name = name }
}

private final class Dog: Pet, Mappable, @unchecked Sendable {
    required init() { super.init(name: "") }
    static let mapping: Mapping<Dog> = ["name": .property(\.name)]
}

private struct Kennel: Mappable {
    var dog = Dog()
    var guest: Dog?
    static let mapping: Mapping<Kennel> = [
        "dog": .property(\.dog).ensure("named") { (pet: Pet) in !pet.name.isEmpty },
        "guest": .property(\.guest).ensure("named") { (pet: Pet) in !pet.name.isEmpty },
    ]
}

extension EnsureTests {
    /// The field's value is always a `Pet`: a rule taking a `Pet` can judge it, so the mapping is sound.
    @Test func aRuleTakingASupertypeOfTheFieldsTypeJudgesIt() throws {
        #expect(Kennel.mapping.definitionErrors.isEmpty)
        let kennel = try Mapper.map(Kennel.self, from: ["dog": ["name": "Rex"], "guest": ["name": "Bo"]])
        #expect(kennel.dog.name == "Rex")
        #expect(kennel.guest?.name == "Bo")
        let error = #expect(throws: MappingError.self) { try Mapper.map(Kennel.self, from: ["dog": ["name": ""], "guest": ["name": ""]]) }
        #expect(error?.errors.map(\.rule) == ["named", "named"])
        #expect(error?.errors.map(\.path) == ["dog", "guest"])
        #expect(try Mapper.map(Kennel.self, from: ["dog": ["name": "Rex"], "guest": NSNull()]).guest == nil, "nil passes")
    }
}

import Foundation
import PropertyMapper
import Testing

/// A model that holds itself, for chains of any length.
final class ChainLink: Mappable {
    var value = 0
    var next: ChainLink?
    static let mapping: Mapping<ChainLink> = ["value": .property(\.value), "next": .property(\.next)]
    init() {}

    /// A source chain of `count` links.
    static func chain(_ count: Int) -> [String: Any] {
        var source: [String: Any] = ["value": count]
        for value in stride(from: count - 1, to: 0, by: -1) { source = ["value": value, "next": source] }
        return source
    }

    var length: Int {
        var count = 1
        var link = self
        while let next = link.next {
            count += 1
            link = next
        }
        return count
    }
}

@Suite("Models: nesting depth and cycles")
struct NestingTests {
    @Test func graphsUpToTheLimitMap() throws {
        // 512 levels: the outermost model and 511 nested in it.
        let link = try Mapper.map(ChainLink.self, from: ChainLink.chain(512))
        #expect(link.length == 512)
    }

    @Test func deeperGraphsAreOneDepthError() {
        let error = #expect(throws: MappingError.self) { try Mapper.map(ChainLink.self, from: ChainLink.chain(2_000)) }
        #expect(error?.errors.count == 1)
        #expect(error?.errors.first?.rule == "depth")
        #expect(error?.errors.first?.path == Array(repeating: "next", count: 512).joined(separator: "."))
    }

    @Test func aWideGraphTooDeepIsOneDepthError() {
        // Each model holds an author and a reply: at the limit, both nested models are refused.
        var deep: [String: Any] = ["id": 1, "author": ["id": 1, "email": "a@example.com"], "replies": []]
        for id in 2...600 { deep = ["id": id, "author": ["id": 1, "email": "a@example.com"], "replies": [deep]] }
        #expect(Mapper.validate(deep, as: GitHub.Comment.self).map(\.rule) == ["depth"])
    }

    @Test func aCyclicDictionaryIsOneDepthError() {
        let cycle = NSMutableDictionary()
        cycle["value"] = 1
        cycle["next"] = cycle
        let errors = Mapper.validate(cycle, as: ChainLink.self)
        #expect(errors.map(\.rule) == ["depth"])
        cycle["next"] = nil  // breaks the cycle, so the dictionary can be freed
    }

    @Test func aCycleThroughTwoDictionariesIsOneDepthError() {
        let first = NSMutableDictionary()
        let second = NSMutableDictionary(dictionary: ["value": 2])
        first["next"] = second
        second["next"] = first
        #expect(Mapper.validate(first, as: ChainLink.self).map(\.rule) == ["depth"])
        second["next"] = nil
    }

    @Test func throughJSONTheReadersLimitComesFirst() {
        let json = String(repeating: #"{"next": "#, count: 600) + "null" + String(repeating: "}", count: 600)
        let error = #expect(throws: MappingError.self) { try Mapper.map(ChainLink.self, fromJSON: json) }
        #expect(error?.errors.map(\.rule) == ["json"])
    }
}

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

/// A model that reaches itself every way a model holds another: fields, an array, a dictionary, a lossy array, a field with
/// a fallback. `made` counts the instances made; only the serialized suite below makes any. Sendable for the fallback's
/// sake, unchecked: each instance is made and read on one thread.
final class CycleFan: Mappable, @unchecked Sendable {
    nonisolated(unsafe) static var made = 0
    var left: CycleFan?
    var right: CycleFan?
    var items: [CycleFan] = []
    var named: [String: CycleFan] = [:]
    var kept: [CycleFan] = []
    var spare: CycleFan?
    static let mapping: Mapping<CycleFan> = [
        "left": .property(\.left), "right": .property(\.right), "items": .property(\.items), "named": .property(\.named),
        "kept": .property(\.kept).droppingInvalidElements(), "spare": .property(\.spare, fallback: nil),
    ]
    init() { Self.made += 1 }

    /// Where a fork holds the model below it twice, and the tail holds itself.
    enum Way: String, CaseIterable {
        case fields, array, dictionary, lossyArray, fallback

        /// Puts `below` into `source` twice (a fork), or once (the tail, holding itself).
        func hold(_ below: Any, in source: NSMutableDictionary, twice: Bool = true) {
            switch self {
            case .fields: (source["left"], source["right"]) = (below, twice ? below : nil)
            case .array: source["items"] = NSArray(array: twice ? [below, below] : [below])
            case .dictionary: source["named"] = NSDictionary(dictionary: twice ? ["a": below, "b": below] : ["a": below])
            case .lossyArray: source["kept"] = NSArray(array: twice ? [below, below] : [below])
            case .fallback: (source["spare"], source["left"]) = (below, twice ? below : nil)
            }
        }

        func hold(_ below: CycleFan, in model: CycleFan, twice: Bool = true) {
            switch self {
            case .fields: (model.left, model.right) = (below, twice ? below : nil)
            case .array: model.items = twice ? [below, below] : [below]
            case .dictionary: model.named = twice ? ["a": below, "b": below] : ["a": below]
            case .lossyArray: model.kept = twice ? [below, below] : [below]
            case .fallback: (model.spare, model.left) = (below, twice ? below : nil)
            }
        }
    }

    /// Ten forks over a tail that holds itself: 1,024 paths reach the cycle.
    static func forkedSource(_ way: Way) -> (top: NSDictionary, tail: NSMutableDictionary) {
        let tail = NSMutableDictionary()
        way.hold(tail, in: tail, twice: false)
        var top: NSMutableDictionary = tail
        for _ in 0..<10 {
            let fork = NSMutableDictionary()
            way.hold(top, in: fork)
            top = fork
        }
        return (top, tail)
    }
}

@Suite("Models: a cycle reached along several paths", .serialized)
struct CycleReachedManyWaysTests {
    /// One `depth` error, after one walk to the limit: every other path is refused at once. Each of the 1,024 paths was
    /// walked to the limit (a model holding itself twice never finished), and a fallback or a dropped element stood in for
    /// the refusal, so the cycle mapped.
    @Test(arguments: CycleFan.Way.allCases)
    func mappingWalksTheCycleOnce(way: CycleFan.Way) {
        let (top, tail) = CycleFan.forkedSource(way)
        defer { tail.removeAllObjects() }  // breaks the cycle, so the dictionaries can be freed
        CycleFan.made = 0
        let error = #expect(throws: MappingError.self) { try Mapper.map(CycleFan.self, from: top) }
        #expect(error?.errors.map(\.rule) == ["depth"], "\(way)")
        #expect(CycleFan.made <= 2 * 512, "\(CycleFan.made) models made")
    }

    @Test(arguments: CycleFan.Way.allCases)
    func serializingWalksTheCycleOnce(way: CycleFan.Way) {
        let tail = CycleFan()
        way.hold(tail, in: tail, twice: false)
        var top = tail
        for _ in 0..<10 {
            let fork = CycleFan()
            way.hold(top, in: fork)
            top = fork
        }
        defer { (tail.left, tail.right, tail.items, tail.named, tail.kept, tail.spare) = (nil, nil, [], [:], [], nil) }
        for serialize in [{ _ = try Mapper.serialize(top) }, { _ = try Mapper.serializeJSON(top) }] as [() throws -> Void] {
            let error = #expect(throws: MappingError.self) { try serialize() }
            #expect(error?.errors.count == 1 && error?.errors.first?.rule == "depth", "\(way): \(error?.errors.count ?? 0) errors")
        }
    }
}

import Foundation
import PropertyMapper
import Testing

/// A comment and its replies: each level a dictionary holding an array of the next.
private struct Reply: Mappable {
    var id = 0
    var replies: [Reply] = []
    static let mapping: Mapping<Reply> = ["id": .property(\.id).min(1), "replies": .property(\.replies)]

    var levels: Int { 1 + (replies.first?.levels ?? 0) }
}

/// `Reply` as a `let` model.
private struct FrozenReply: ImmutableMappable {
    let id: Int
    let replies: [FrozenReply]
    static let mapping: Mapping<FrozenReply> = ["id": .property(\.id).min(1), "replies": .property(\.replies)]

    init(_ values: MappedValues<FrozenReply>) throws {
        id = try values[\.id]
        replies = try values[\.replies]
    }

    var levels: Int { 1 + (replies.first?.levels ?? 0) }
}

/// `ChainLink` as a `let` model: each level a dictionary holding the next.
private final class FrozenLink: ImmutableMappable {
    let value: Int
    let next: FrozenLink?
    static let mapping: Mapping<FrozenLink> = ["value": .property(\.value), "next": .property(\.next)]

    init(_ values: MappedValues<FrozenLink>) throws {
        value = try values[\.value]
        next = try values[\.next]
    }

    var levels: Int { 1 + (next?.levels ?? 0) }
}

/// A graph `levels` models deep (the outermost model is level 1), in one model kind, from one kind
/// of source, and what mapping it gave.
enum DeepGraph: CaseIterable, Sendable, CustomTestStringConvertible {
    case mappableFromDictionary, immutableFromDictionary
    case mappableFromNSDictionary, immutableFromNSDictionary
    case mappableFromJSON, immutableFromJSON
    case mappableFromFoundationReplies

    /// Mapped whole (how many levels), or failed (each error's rule and path).
    enum Outcome: Equatable, Sendable {
        case mapped(levels: Int)
        case failed(rules: [String], paths: [String])
    }

    var testDescription: String { "\(self)" }

    /// Through `fromJSON:` a graph of replies would meet the reader's limit at 256 models (a
    /// dictionary and an array each): the JSON graphs are chains of links.
    var isJSON: Bool { self == .mappableFromJSON || self == .immutableFromJSON }

    /// The graphs of `[String: Any]` are replies (each level a dictionary holding an array of the
    /// next); the others chains of links (each a dictionary holding the next).
    var isReplies: Bool { self == .mappableFromDictionary || self == .immutableFromDictionary || self == .mappableFromFoundationReplies }

    /// The path of the model at `level`, inside the outermost.
    func path(ofLevel level: Int) -> String {
        Array(repeating: isReplies ? "replies[0]" : "next", count: level - 1).joined(separator: ".")
    }

    func map(levels: Int) -> Outcome {
        do throws(MappingError) {
            switch self {
            case .mappableFromDictionary: return .mapped(levels: try Mapper.map(Reply.self, from: Self.replies(levels)).levels)
            case .immutableFromDictionary: return .mapped(levels: try Mapper.map(FrozenReply.self, from: Self.replies(levels)).levels)
            case .mappableFromNSDictionary:
                return .mapped(levels: try Mapper.map(ChainLink.self, from: Self.foundationLinks(levels)).length)
            case .immutableFromNSDictionary:
                return .mapped(levels: try Mapper.map(FrozenLink.self, from: Self.foundationLinks(levels)).levels)
            case .mappableFromJSON: return .mapped(levels: try Mapper.map(ChainLink.self, fromJSON: Self.links(levels)).length)
            case .immutableFromJSON: return .mapped(levels: try Mapper.map(FrozenLink.self, fromJSON: Self.links(levels)).levels)
            case .mappableFromFoundationReplies:
                return .mapped(levels: try Mapper.map(Reply.self, from: Self.foundationReplies(levels)).levels)
            }
        } catch {
            return .failed(rules: error.errors.map(\.rule), paths: error.errors.map(\.path))
        }
    }

    static func replies(_ levels: Int) -> [String: Any] {
        var source: [String: Any] = ["id": levels, "replies": [Any]()]
        for id in stride(from: levels - 1, through: 1, by: -1) { source = ["id": id, "replies": [source]] }
        return source
    }

    /// Replies in `NSDictionary` and `NSArray`, each array read element by element.
    static func foundationReplies(_ levels: Int) -> NSDictionary {
        var source = NSDictionary(dictionary: ["id": levels, "replies": NSArray()])
        for id in stride(from: levels - 1, through: 1, by: -1) {
            source = NSDictionary(dictionary: ["id": id, "replies": NSArray(array: [source])])
        }
        return source
    }

    static func foundationLinks(_ levels: Int) -> NSDictionary {
        var source = NSDictionary(dictionary: ["value": levels])
        for value in stride(from: levels - 1, through: 1, by: -1) { source = NSDictionary(dictionary: ["value": value, "next": source]) }
        return source
    }

    static func links(_ levels: Int) -> String {
        (1...levels).map { #"{"value": \#($0), "next": "# }.joined() + "null" + String(repeating: "}", count: levels)
    }
}

/// DESIGN.md: 512 nested models map in any build, debug or release, on an 8 MB stack, and the 513th
/// level is the one `depth` error; on a smaller stack the guard refuses first, never overflowing.
/// Through `fromJSON:` the reader's limit of 512 levels comes first.
@Suite struct ModelDepthLimitTests {
    static let eightMegabytes = 8 * 1024 * 1024
    /// The stack of a secondary thread on Apple platforms.
    static let halfAMegabyte = 512 * 1024

    @Test(arguments: DeepGraph.allCases)
    func fiveHundredTwelveLevelsMapOnAnEightMegabyteThread(graph: DeepGraph) async {
        let outcome = await onThread(stackSize: Self.eightMegabytes) { graph.map(levels: 512) }
        #expect(outcome == .mapped(levels: 512))
    }

    /// On the main actor's thread: the main thread on Apple platforms (8 MB), a thread of the
    /// cooperative pool on Linux (8 MB, its size as the default, not a Foundation thread's own).
    @MainActor @Test(arguments: DeepGraph.allCases)
    func fiveHundredTwelveLevelsMapOnTheMainActor(graph: DeepGraph) {
        #expect(graph.map(levels: 512) == .mapped(levels: 512))
    }

    @Test(arguments: DeepGraph.allCases)
    func theFiveHundredThirteenthLevelIsOneDepthError(graph: DeepGraph) async {
        let outcome = await onThread(stackSize: Self.eightMegabytes) { graph.map(levels: 513) }
        if graph.isJSON {
            #expect(outcome == .failed(rules: ["json"], paths: [""]))
        } else {
            #expect(outcome == .failed(rules: ["depth"], paths: [graph.path(ofLevel: 513)]))
        }
    }

    /// Through `fromJSON:` the reader, which recurses into the containers the mapping reads, refuses
    /// first (one `json` error at path ""); a parsed source is one `depth` error. A dozen levels map:
    /// the guard keeps 256 KB free below them, and a debug build's model levels take several KB each.
    @Test(arguments: DeepGraph.allCases)
    func aHalfMegabyteThreadRefusesFiveHundredTwelveLevels(graph: DeepGraph) async {
        let outcome = await onThread(stackSize: Self.halfAMegabyte) { (graph.map(levels: 12), graph.map(levels: 512)) }
        #expect(outcome.0 == .mapped(levels: 12))
        guard case let .failed(rules, paths) = outcome.1 else {
            Issue.record("mapped 512 levels on a 512 KB stack: \(outcome.1)")
            return
        }
        if graph.isJSON {
            #expect(rules == ["json"] && paths == [""])
        } else {
            #expect(rules == ["depth"])
            #expect(paths.count == 1 && paths.allSatisfy { graph.path(ofLevel: 512).hasPrefix($0) })
        }
    }
}

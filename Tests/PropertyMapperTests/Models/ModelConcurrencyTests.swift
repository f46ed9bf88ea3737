import Dispatch
import Foundation
import PropertyMapper
import Testing

// One shared mapping of a model graph used from many threads, and recursive models whose
// `static let mapping` is first read from many threads at once.

/// A recursive model used only by `recursiveMappingFirstTouchedConcurrently`, so its mapping is
/// first read there.
private struct Reply: Mappable, Equatable, Sendable {
    var id = 0
    var text = ""
    var replies: [Reply] = []
    var parent: Box?
    static let mapping: Mapping<Reply> = [
        "id": .property(\.id).min(1),
        "text": .property(\.text),
        "replies": .property(\.replies),
        "parent": .property(\.parent),
    ]
}

/// Mutually recursive with `Reply`, only through it.
private struct Box: ImmutableMappable, Equatable, Sendable {
    let label: String
    let replies: [Reply]
    static let mapping: Mapping<Box> = ["label": .property(\.label), "replies": .property(\.replies)]
    init(_ values: MappedValues<Box>) throws {
        label = try values[\.label]
        replies = try values[\.replies]
    }
}

/// Two more mutually recursive types, each first read from its own threads.
private struct Ping: Mappable, Equatable, Sendable {
    var n = 0
    var pongs: [Pong] = []
    static let mapping: Mapping<Ping> = ["n": .property(\.n), "pongs": .property(\.pongs)]
}

private struct Pong: Mappable, Equatable, Sendable {
    var n = 0
    var ping: [Ping] = []
    static let mapping: Mapping<Pong> = ["n": .property(\.n), "ping": .property(\.ping)]
}

private func thread(depth: Int, id: Int) -> [String: Any] {
    var node: [String: Any] = ["id": id, "text": "leaf \(id)", "parent": ["label": "p\(id)", "replies": [["id": id + 1000]]]]
    for level in 1...depth {
        node = ["id": id + level, "text": "level \(level)", "replies": [node, ["id": id + level + 500, "text": "side"]]]
    }
    return node
}

/// A value snapshot of a team, for comparing results across threads.
private struct TeamSnapshot: Equatable, Sendable {
    let name: String
    let lead: Int?
    let members: [Int]
    let byID: [String: Int]
    let unique: Set<Int>
    let comments: [[Int]]
    let errors: [ValidationError]

    init(_ team: GitHub.Team) {
        name = team.name
        lead = team.lead?.id
        members = team.members.map(\.id)
        byID = team.byID.mapValues(\.id)
        unique = Set(team.unique.map(\.id))
        comments = team.comments.map { [$0.id] + $0.replies.map(\.id) }
        errors = []
    }

    init(errors: [ValidationError]) {
        name = ""
        lead = nil
        members = []
        byID = [:]
        unique = []
        comments = []
        self.errors = errors
    }
}

private var teamSource: [String: Any] {
    [
        "name": "core",
        "lead": GitHub.author(1),
        "members": (2..<40).map { GitHub.author($0) },
        "byID": ["a": GitHub.author(4), "b": GitHub.author(5)],
        "unique": [GitHub.author(5), GitHub.author(6)],
        "comments": [["id": 1, "author": GitHub.author(8), "replies": [["id": 2, "author": GitHub.author(9)]]]],
    ]
}

private var badTeamSource: [String: Any] {
    var bad = teamSource
    bad["members"] = [GitHub.author(2), GitHub.author(-1)]
    bad["comments"] = [["id": 1, "author": GitHub.author(8), "replies": [["id": 0, "author": GitHub.author(9)]]]]
    return bad
}

@Suite("Models: concurrency")
struct ModelConcurrencyTests {
    @Test func oneSharedMappingWithNestedModelsGivesIdenticalResultsOnEveryThread() throws {
        let bad = badTeamSource
        let json = try JSONSerialization.data(withJSONObject: teamSource)
        let badJSON = try JSONSerialization.data(withJSONObject: bad)
        let expected = TeamSnapshot(try Mapper.map(GitHub.Team.self, from: teamSource))
        let expectedErrors = Mapper.validate(bad, as: GitHub.Team.self)
        #expect(expectedErrors.map(\.path) == ["members[1].id", "comments[0].replies[0].id"])

        let iterations = 400
        let collector = ThreadResults<TeamSnapshot>()
        DispatchQueue.concurrentPerform(iterations: iterations) { index in
            let snapshot: TeamSnapshot
            switch index % 4 {
            case 0: snapshot = (try? Mapper.map(GitHub.Team.self, from: teamSource)).map(TeamSnapshot.init) ?? TeamSnapshot(errors: [])
            case 1: snapshot = (try? Mapper.map(GitHub.Team.self, fromJSON: json)).map(TeamSnapshot.init) ?? TeamSnapshot(errors: [])
            case 2: snapshot = TeamSnapshot(errors: Mapper.validate(badTeamSource, as: GitHub.Team.self))
            default:
                do throws(MappingError) {
                    _ = try Mapper.map(GitHub.Team.self, fromJSON: badJSON)
                    snapshot = TeamSnapshot(errors: [])
                } catch {
                    snapshot = TeamSnapshot(errors: error.errors)
                }
            }
            collector.record(index, snapshot)
        }
        let results = collector.all
        #expect(results.count == iterations)
        for (index, snapshot) in results {
            if index % 4 < 2 {
                #expect(snapshot == expected)
            } else {
                #expect(snapshot.errors == expectedErrors)
            }
        }
    }

    @Test func recursiveMappingFirstTouchedConcurrently() throws {
        // Nothing reads Reply.mapping or Box.mapping before this: every thread races to build them.
        let collector = ThreadResults<[Int]>()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let source = thread(depth: 6, id: 1)
            let ids: [Int]
            if index.isMultiple(of: 2) {
                ids =
                    (try? Mapper.map(Reply.self, from: source)).map { reply in
                        var ids: [Int] = []
                        var stack = [reply]
                        while let next = stack.popLast() {
                            ids.append(next.id)
                            ids += next.parent?.replies.map(\.id) ?? []
                            stack += next.replies
                        }
                        return ids.sorted()
                    } ?? []
            } else {
                ids = (try? Mapper.map(Box.self, from: ["label": "top", "replies": [source]]))?.replies.map { _ in 1 } ?? []
            }
            collector.record(index, ids)
        }
        let results = collector.all
        #expect(results.count == 64)
        let evens = Set(results.filter { $0.key.isMultiple(of: 2) }.map(\.value))
        #expect(evens.count == 1)
        #expect(evens.first?.count == 14)
        #expect(results.filter { !$0.key.isMultiple(of: 2) }.allSatisfy { $0.value == [1] })
    }

    @Test func mutuallyRecursiveMappingsFirstTouchedFromBothSidesAtOnce() {
        let collector = ThreadResults<Int>()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let ping: [String: Any] = ["n": 1, "pongs": [["n": 2, "ping": [["n": 3, "pongs": [Any]()]]]]]
            let pong: [String: Any] = ["n": 10, "ping": [["n": 11, "pongs": [["n": 12]]]]]
            let value: Int
            if index.isMultiple(of: 2) {
                value = (try? Mapper.map(Ping.self, from: ping))?.pongs.first?.ping.first?.n ?? -1
            } else {
                value = (try? Mapper.map(Pong.self, from: pong))?.ping.first?.pongs.first?.n ?? -1
            }
            collector.record(index, value)
        }
        let results = collector.all
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0.value == ($0.key.isMultiple(of: 2) ? 3 : 12) })
    }
}

import Dispatch
import Foundation
import PropertyMapper
import Testing

/// One shared mapping of a model graph serialized from many threads at once, for the Thread Sanitizer.
@Suite
struct SerializeConcurrencyTests {
    @Test func sharedMappingsSerializeTheSameFromEveryThread() throws {
        let repos = try (1...20).map { try Mapper.map(GitHub.Repo.self, from: GitHub.repoJSON(id: $0, license: ["key": "k\($0)"])) }
        let comments = try (1...20).map { id in
            try Mapper.map(
                GitHub.Comment.self,
                from: [
                    "id": id, "author": GitHub.author(id), "replies": [["id": id + 100, "author": GitHub.author(2), "replies": []]],
                ])
        }
        let expected = (try Mapper.serializeJSON(repos, options: .sortedKeys), try Mapper.serializeJSON(comments, options: .writingNulls))
        let results = ThreadResults<Bool>()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let pair = (try? Mapper.serializeJSON(repos, options: .sortedKeys), try? Mapper.serializeJSON(comments, options: .writingNulls))
            let foundation = try? Mapper.serialize(repos)
            results.record(index, pair.0 == expected.0 && pair.1 == expected.1 && foundation?.count == repos.count)
        }
        #expect(results.inOrder == Array(repeating: true, count: 64))
    }
}

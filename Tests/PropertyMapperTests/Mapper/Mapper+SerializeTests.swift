import Foundation
import PropertyMapper
import Testing

/// The round trip's entry points: one model or an array, as Foundation values or JSON text, with a
/// mapping or a model's own; every form writes the same.
@Suite struct MapperSerializeTests {
    struct Song: Mappable, Equatable {
        var title = ""
        var seconds = 0
        var artist: String?
        static let mapping: Mapping<Song> = [
            "title": .property(\.title), "length": ["seconds": .property(\.seconds)], "by": .property(\.artist),
        ]
    }

    static let songs = [Song(title: "A", seconds: 61, artist: "X"), Song(title: "B", seconds: 0, artist: nil)]

    @Test func aModelsOwnMappingWritesAsTheSameMappingGiven() throws {
        for song in Self.songs {
            #expect(try Mapper.serializeJSON(song) == Mapper.serializeJSON(song, using: Song.mapping))
            #expect(
                try Mapper.serializeJSON(song, options: .writingNulls)
                    == Mapper.serializeJSON(song, using: Song.mapping, options: .writingNulls))
            #expect(try Mapper.serialize(song).keys.sorted() == Mapper.serialize(song, using: Song.mapping).keys.sorted())
        }
    }

    @Test func anArrayWritesEachModelInOrder() throws {
        let array = try Mapper.serialize(Self.songs)
        #expect(array.map { $0["title"] as? String } == ["A", "B"])
        #expect(array.map { $0["by"] == nil } == [false, true])
        let text = String(decoding: try Mapper.serializeJSON(Self.songs, options: .sortedKeys), as: UTF8.self)
        #expect(text == #"[{"by":"X","length":{"seconds":61},"title":"A"},{"length":{"seconds":0},"title":"B"}]"#)
        #expect(try Mapper.serializeJSON([Song]()) == Data("[]".utf8))
        #expect(try Mapper.serialize([Song]()).isEmpty)
    }

    @Test func whatIsWrittenMapsBack() throws {
        let again = try Mapper.map([Song].self, fromJSON: try Mapper.serializeJSON(Self.songs))
        #expect(again == Self.songs)
        let fromFoundation = try Mapper.map([Song].self, from: try Mapper.serialize(Self.songs, using: Song.mapping))
        #expect(fromFoundation == Self.songs)
    }
}

/// A chain of models, each one's next under a nested level: two JSON containers a model.
private final class Reply: Mappable, MappedEncodable {
    var id = 0
    var next: Reply?
    init() {}
    static let mapping: Mapping<Reply> = ["id": .property(\.id), "replies": ["first": .property(\.next)]]

    /// `models` models as parsed data (no JSON text, so no reader's limit).
    static func chain(_ models: Int) -> [String: Any] {
        var node: [String: Any] = ["id": models]
        for id in stride(from: models - 1, through: 1, by: -1) { node = ["id": id, "replies": ["first": node]] }
        return node
    }

    var length: Int { 1 + (next?.length ?? 0) }
}

@Suite struct SerializeDepthTests {
    /// JSON text is read back 512 containers deep: `serializeJSON` writes no deeper, and what it writes maps back.
    @Test func jsonTextNestsAtMostAsDeepAsItIsReadBack() throws {
        let fits = try Mapper.map(Reply.self, from: Reply.chain(256))
        let json = try Mapper.serializeJSON(fits)
        _ = try JSONSerialization.jsonObject(with: json)
        #expect(try Mapper.map(Reply.self, fromJSON: json).length == 256)

        let deeper = try Mapper.map(Reply.self, from: Reply.chain(300))
        let error = try #require(throws: MappingError.self) { try Mapper.serializeJSON(deeper) }
        #expect(error.errors.map { "\($0.path)|\($0.rule)" } == ["|serialize"])
        // Foundation values have no such limit: they map back whole.
        #expect(try Mapper.map(Reply.self, from: try Mapper.serialize(deeper)).length == 300)
        // In an array, as for one model.
        #expect(throws: MappingError.self) { try Mapper.serializeJSON([fits, deeper]) }
    }

    /// The Codable bridge refuses it as an encoding error carrying the mapping error, not as the writer's own error.
    @Test func anEncoderIsRefusedWithAnEncodingError() throws {
        let deeper = try Mapper.map(Reply.self, from: Reply.chain(300))
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(deeper) }
        let mapping = try #require(error.mappingError)
        #expect(mapping.errors.map(\.rule) == ["serialize"])
    }

    /// An `Any` value nested within the writer's 512 levels but too deep for a small stack (a 512 KB thread, a secondary
    /// thread's default on Apple platforms) is written whole or refused with one `serialize` error, never an overflow.
    @Test func aDeepAnyValueOnASmallStackIsWrittenOrRefusedNeverAnOverflow() async {
        final class Holder: @unchecked Sendable {
            var value: Any = 0
        }
        let holder = Holder()
        var nested: Any = 1
        for _ in 0..<500 { nested = [nested] }
        holder.value = nested
        let mapping: Mapping<Holder> = ["value": .property(\.value)]
        let outcomes = await withCheckedContinuation { (done: CheckedContinuation<[String], Never>) in
            let thread = Thread {
                func outcome(_ write: () throws(MappingError) -> Void) -> String {
                    do {
                        try write()
                        return "written"
                    } catch {
                        return error.errors.map { "\($0.rule) \($0.path.hasPrefix("value"))" }.joined(separator: ", ")
                    }
                }
                done.resume(returning: [
                    outcome { () throws(MappingError) in _ = try Mapper.serializeJSON(holder, using: mapping) },
                    outcome { () throws(MappingError) in _ = try Mapper.serialize(holder, using: mapping) },
                ])
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(outcomes.count == 2)
        #expect(outcomes.allSatisfy { $0 == "written" || $0 == "serialize true" }, "\(outcomes)")
    }
}

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

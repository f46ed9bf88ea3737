import Foundation
import PropertyMapper
import Testing

private protocol Attachment: Sendable {
    var name: String { get }
}

private struct Image: Mappable, Attachment, Equatable {
    var name = ""
    var width = 0
    static let mapping: Mapping<Image> = ["name": .property(\.name), "width": .property(\.width).min(1)]
}

private struct File: ImmutableMappable, Attachment, Equatable {
    let name: String
    let size: Int
    static let mapping: Mapping<File> = ["name": .property(\.name), "size": .property(\.size)]
    init(name: String, size: Int) {
        self.name = name
        self.size = size
    }
    init(_ values: MappedValues<File>) throws {
        name = try values[\.name]
        size = try values[\.size]
    }
}

private struct Note: Mappable {
    var text = ""
    static let mapping: Mapping<Note> = ["text": .property(\.text)]
}

private struct Post: Mappable {
    var cover: any Attachment = Image()
    var extra: (any Attachment)?
    var attachments: [any Attachment] = []
    static let types: KeyValuePairs<String, Any.Type> = ["image": Image.self, "file": File.self]
    static let mapping: Mapping<Post> = [
        "cover": .polymorphic(\.cover, on: "type", ["image": Image.self, "file": File.self]),
        "extra": .polymorphic(\.extra, on: "type", types),
        "attachments": .polymorphic(\.attachments, on: "kind", types),
    ]
}

private var image: [String: Any] { ["type": "image", "name": "a.png", "width": 4] }
private var file: [String: Any] { ["type": "file", "name": "b.pdf", "size": 10] }

@Suite
struct PolymorphicTests {
    @Test func theTagChoosesTheType() throws {
        let post = try Mapper.map(
            Post.self,
            from: [
                "cover": file, "extra": image,
                "attachments": [["kind": "image", "name": "c", "width": 1], ["kind": "file", "name": "d", "size": 2]],
            ])
        #expect(post.cover as? File == File(name: "b.pdf", size: 10) as File?)
        #expect(post.extra as? Image == Image(name: "a.png", width: 4))
        #expect(post.attachments.map(\.name) == ["c", "d"])
        #expect(post.attachments.last is File)
        #expect(try Mapper.map(Post.self, from: ["cover": image, "extra": NSNull()]).extra == nil)
    }

    @Test func aMissingNonStringOrUnknownTagIsADiscriminatorError() {
        let errors = Mapper.validate(
            [
                "cover": ["name": "x"], "extra": ["type": 3], "attachments": [["kind": "video"]],
            ], as: Post.self)
        #expect(errors.map(\.rule) == ["discriminator", "discriminator", "discriminator"])
        #expect(errors.map(\.path) == ["cover.type", "extra.type", "attachments[0].kind"])
        // An absent tag has no value; a present one is shown.
        #expect(errors.map(\.value) == [nil, "3", #""video""#])
        #expect(
            errors.map(\.message) == [
                #"no "type" to choose the type by, expected one of "image", "file""#,
                #"a number, expected one of "image", "file""#,
                #"not a known type, expected one of "image", "file""#,
            ])
    }

    @Test func theChosenModelsErrorsCarryFullPaths() {
        let errors = Mapper.validate(["cover": ["type": "image", "name": "x", "width": 0], "attachments": "no"], as: Post.self)
        #expect(errors.map(\.path) == ["cover.width", "attachments"])
        #expect(errors.map(\.rule) == ["min", "type"])
    }

    @Test func serializeWritesTheTag() throws {
        var post = Post()
        post.cover = File(name: "b", size: 3)
        post.attachments = [Image(name: "i", width: 2)]
        #expect(
            String(decoding: try Mapper.serializeJSON(post), as: UTF8.self)
                == #"{"cover":{"type":"file","name":"b","size":3},"attachments":[{"kind":"image","name":"i","width":2}]}"#)
        #expect(
            String(decoding: try Mapper.serializeJSON(post, options: .sortedKeys), as: UTF8.self)
                == #"{"attachments":[{"kind":"image","name":"i","width":2}],"cover":{"name":"b","size":3,"type":"file"}}"#)
        let again = try Mapper.map(Post.self, fromJSON: try Mapper.serializeJSON(post))
        #expect(again.cover as? File == File(name: "b", size: 3) as File?)
        #expect(again.attachments.first as? Image == Image(name: "i", width: 2))
    }

    @Test func typesThatCannotBeUsedAreDefinitionErrors() {
        struct Holder { var value: any Attachment = Image() }
        let notModel: Mapping<Holder> = ["v": .polymorphic(\.value, on: "type", ["s": String.self])]
        #expect(notModel.definitionErrors.map(\.message) == [#"String (tag "s") is not a Mappable or ImmutableMappable model"#])
        let notAttachment: Mapping<Holder> = ["v": .polymorphic(\.value, on: "type", ["n": Note.self])]
        #expect(notAttachment.definitionErrors.map(\.message) == [#"Note (tag "n") is not the property's type"#])
        let twice: Mapping<Holder> = ["v": .polymorphic(\.value, on: "type", ["m": Image.self, "m": File.self])]
        #expect(twice.definitionErrors.map(\.message) == [#"the tag "m" names more than one type: Image, File"#])
        let none: Mapping<Holder> = ["v": .polymorphic(\.value, on: "type", [:])]
        #expect(none.definitionErrors.map(\.message) == ["lists no type to map into"])
        #expect(none.definitionErrors.map(\.path) == ["v"])
    }

    /// `.droppingInvalidElements()` keeps the polymorphic element conversion: only the failing elements go, from every
    /// input, with `.lenient()` before or after it too.
    @Test func droppingInvalidElementsDropsOnlyTheFailingElements() throws {
        struct Gallery: Mappable {
            var items: [any Attachment] = []
            static let mapping: Mapping<Gallery> = ["items": .polymorphic(\.items, on: "type", Post.types).droppingInvalidElements()]
            static let lenient: Mapping<Gallery> = [
                "items": .polymorphic(\.items, on: "type", Post.types).lenient().droppingInvalidElements()
            ]
            static let lenientAfter: Mapping<Gallery> = [
                "items": .polymorphic(\.items, on: "type", Post.types).droppingInvalidElements().lenient()
            ]
        }
        let json =
            #"{"items": [{"type": "image", "name": "a", "width": 1}, {"type": "file", "name": "b", "size": 2}, "#
            + #"{"type": "video"}, {"type": "image", "name": "c", "width": 0}]}"#
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        for mapping in [Gallery.mapping, Gallery.lenient, Gallery.lenientAfter] {
            for fromJSON in [true, false] {
                var gallery = Gallery()
                var warnings: [MappingWarning] = []
                if fromJSON {
                    try Mapper.mapValues(fromJSON: json, to: &gallery, using: mapping, warnings: &warnings)
                } else {
                    try Mapper.mapValues(from: parsed, to: &gallery, using: mapping, warnings: &warnings)
                }
                #expect(gallery.items.map(\.name) == ["a", "b"])
                #expect(gallery.items.first is Image && gallery.items.last is File)
                #expect(warnings.map(\.kind) == [.elementDropped, .elementDropped])
                #expect(warnings.map(\.path) == ["items[2]", "items[3]"])
            }
        }
    }

    /// The tag is written even when the chosen model's mapping names its key, in place of the model's own entry: one-way,
    /// nil, or another value, the document maps back to the same type.
    @Test func theTagIsWrittenInPlaceOfTheModelsOwnEntryForItsKey() throws {
        struct Photo: Mappable, Attachment, Equatable {
            var kind = ""
            var name = ""
            static let mapping: Mapping<Photo> = ["kind": .property(\.kind).oneWay(), "name": .property(\.name)]
        }
        struct Clip: Mappable, Attachment, Equatable {
            var name = ""
            var kind: String?
            static let mapping: Mapping<Clip> = ["name": .property(\.name), "kind": .property(\.kind)]
        }
        struct Album: Mappable {
            var items: [any Attachment] = []
            static let mapping: Mapping<Album> = ["items": .polymorphic(\.items, on: "kind", ["photo": Photo.self, "clip": Clip.self])]
        }
        let album = Album(items: [Photo(kind: "", name: "p"), Clip(name: "c", kind: nil), Clip(name: "d", kind: "photo")])
        #expect(
            String(decoding: try Mapper.serializeJSON(album), as: UTF8.self)
                == #"{"items":[{"kind":"photo","name":"p"},{"kind":"clip","name":"c"},{"kind":"clip","name":"d"}]}"#)
        #expect(
            String(decoding: try Mapper.serializeJSON(album, options: .sortedKeys), as: UTF8.self)
                == #"{"items":[{"kind":"photo","name":"p"},{"kind":"clip","name":"c"},{"kind":"clip","name":"d"}]}"#)
        let again = try Mapper.map(Album.self, fromJSON: try Mapper.serializeJSON(album))
        #expect(again.items.first as? Photo == Photo(kind: "photo", name: "p"))
        #expect(again.items.dropFirst().map { $0 as? Clip } == [Clip(name: "c", kind: "clip"), Clip(name: "d", kind: "clip")])
    }

    /// A value of a type no tag names cannot be written: the error names its type and the tags there are.
    @Test func serializingAnUnlistedTypeNamesItAndTheTags() {
        struct Video: Attachment { var name = "v" }
        var post = Post()
        post.cover = Video()
        let error = #expect(throws: MappingError.self) { try Mapper.serializeJSON(post) }
        #expect(error?.errors.map(\.path) == ["cover"])
        #expect(error?.errors.map(\.rule) == ["serialize"])
        #expect(error?.errors.first?.message == #"a Video, which no tag names, expected one of "image", "file""#)
        #expect(throws: MappingError.self) { try Mapper.serialize(post) }
    }
}

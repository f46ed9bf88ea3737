import Foundation
import PropertyMapper

/// The model family of the lossless property test: every kind of value a mapping reads, four model
/// levels deep (`Record` → `Branch` → `Twig` → `Leaf`, and `Twig` recursive), mutable and immutable,
/// struct and class. Equality is `FieldList`'s: strings by scalars, doubles by bits.
///
/// Every optional property starts as nil, so a nil that serialize leaves out (an absent key, or a
/// trailing index it does not write) maps back to the same nil.
enum Lossless {
    enum Tone: String, CaseIterable, ExactText {
        case plain
        case spaced = "with space"
        case quoted = "say \"hi\" \\ back/slash"
        case control = "tab\tnul\u{0}del\u{7F}"
        case emoji = "🎉👩‍👩‍👧"
        case empty = ""
    }

    enum Level: Int, CaseIterable, ExactText {
        case lowest = -9_223_372_036_854_775_808
        case minusOne = -1
        case zero = 0
        case one = 1
        case highest = 9_223_372_036_854_775_807
    }

    /// Level 1, the root: a mutable struct with every scalar kind, its optional, the containers, the
    /// boxings, index arrays and nested dictionaries in its mapping, and level 2 in every shape.
    struct Record: Mappable, FieldListed, Equatable {
        var text = ""
        var note: String?
        var int = 0
        var int64: Int64 = 0
        var uint64: UInt64 = 0
        var int8: Int8 = 0
        var count: Int?
        var double = 0.0
        var ratio: Double?
        var float: Float = 0
        var floatOrNil: Float?
        var flag = false
        var maybe: Bool?
        var price: Decimal = 0
        var discount: Decimal?
        var published = Date(timeIntervalSince1970: 0)
        var edited: Date?
        var link = URL(fileURLWithPath: "/")
        var mirror: URL?
        var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        var parent: UUID?
        var blob = Data()
        var thumbnail: Data?
        var tone = Tone.plain
        var level = Level.zero
        var mood: Tone?
        var rank: Level?
        var tags: [String] = []
        var aliases: [String]?
        var matrix: [[Int]] = []
        var weights: [String: Double] = [:]
        var labels: Set<String> = []
        var tones: [Tone] = []
        var dates: [Date] = []
        var links: [URL]?
        var oddKey = 0
        // "geo": [0: latitude, 1: longitude]
        var latitude = 0.0
        var longitude: Double?
        // "span": [0: first, 1: second, 2: third], every one optional: gaps are null
        var first: Int?
        var second: String?
        var third: Date?
        // "meta": ["inner": ["x": x, "y": y], "note": metaNote]
        var x = 0.0
        var y: Int?
        var metaNote: String?
        // "rows": [0: ["name": rowName], 1: rowCount]
        var rowName: String?
        var rowCount = 0
        var branch = Branch.empty
        var branches: [Branch] = []
        var spare: Branch?

        static let oddKey = "ke\"y\\/\u{1}\u{2028}😀"

        static let mapping: Mapping<Record> = [
            "text": .property(\.text),
            "note": .property(\.note),
            "int": .property(\.int),
            "int64": .property(\.int64),
            "uint64": .property(\.uint64),
            "int8": .property(\.int8),
            "count": .property(\.count),
            "double": .property(\.double),
            "ratio": .property(\.ratio),
            "float": .property(\.float),
            "floatOrNil": .property(\.floatOrNil),
            "flag": .property(\.flag),
            "maybe": .property(\.maybe),
            "price": .box(.decimal, \.price),
            "discount": .box(.decimal, \.discount),
            "published": .box(.date, \.published),
            "edited": .box(.date, \.edited),
            "link": .box(.url, \.link),
            "mirror": .box(.url, \.mirror),
            "id": .box(.uuid, \.id),
            "parent": .box(.uuid, \.parent),
            "blob": .box(.base64, \.blob),
            "thumbnail": .box(.base64, \.thumbnail),
            "tone": .property(\.tone),
            "level": .property(\.level),
            "mood": .property(\.mood),
            "rank": .property(\.rank),
            "tags": .property(\.tags),
            "aliases": .property(\.aliases),
            "matrix": .property(\.matrix),
            "weights": .property(\.weights),
            "labels": .property(\.labels),
            "tones": .property(\.tones),
            "dates": .box(.date, \.dates),
            "links": .box(.url, \.links),
            MappingKey(stringLiteral: oddKey): .property(\.oddKey),
            "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
            "span": [0: .property(\.first), 1: .property(\.second), 2: .box(.date, \.third)],
            "meta": ["inner": ["x": .property(\.x), "y": .property(\.y)], "note": .property(\.metaNote)],
            "rows": [0: ["name": .property(\.rowName)], 1: .property(\.rowCount)],
            "branch": .property(\.branch),
            "branches": .property(\.branches),
            "spare": .property(\.spare),
        ]

        func list(into fields: inout FieldList, at path: String) {
            fields.add("text", text, at: path)
            fields.add("note", note, at: path)
            fields.add("int", int, at: path)
            fields.add("int64", int64, at: path)
            fields.add("uint64", uint64, at: path)
            fields.add("int8", int8, at: path)
            fields.add("count", count, at: path)
            fields.add("double", double, at: path)
            fields.add("ratio", ratio, at: path)
            fields.add("float", float, at: path)
            fields.add("floatOrNil", floatOrNil, at: path)
            fields.add("flag", flag, at: path)
            fields.add("maybe", maybe, at: path)
            fields.add("price", price, at: path)
            fields.add("discount", discount, at: path)
            fields.add("published", published, at: path)
            fields.add("edited", edited, at: path)
            fields.add("link", link, at: path)
            fields.add("mirror", mirror, at: path)
            fields.add("id", id, at: path)
            fields.add("parent", parent, at: path)
            fields.add("blob", blob, at: path)
            fields.add("thumbnail", thumbnail, at: path)
            fields.add("tone", tone, at: path)
            fields.add("level", level, at: path)
            fields.add("mood", mood, at: path)
            fields.add("rank", rank, at: path)
            fields.add("tags", tags, at: path)
            fields.add("aliases", aliases, at: path)
            fields.add("matrix", matrix, at: path)
            fields.add("weights", weights, at: path)
            fields.add("labels", labels, at: path)
            fields.add("tones", tones, at: path)
            fields.add("dates", dates, at: path)
            fields.add("links", links, at: path)
            fields.add("oddKey", oddKey, at: path)
            fields.add("latitude", latitude, at: path)
            fields.add("longitude", longitude, at: path)
            fields.add("first", first, at: path)
            fields.add("second", second, at: path)
            fields.add("third", third, at: path)
            fields.add("x", x, at: path)
            fields.add("y", y, at: path)
            fields.add("metaNote", metaNote, at: path)
            fields.add("rowName", rowName, at: path)
            fields.add("rowCount", rowCount, at: path)
            fields.add("branch", branch, at: path)
            fields.add("branches", branches, at: path)
            fields.add("spare", spare, at: path)
        }

        static func == (lhs: Record, rhs: Record) -> Bool { lhs.isSame(as: rhs) }
    }

    /// Level 2: an immutable struct (`let` properties, made from its mapped values), holding level 3
    /// as a value, an array, a dictionary and an optional.
    struct Branch: ImmutableMappable, FieldListed, Equatable {
        let name: String
        let code: Int64
        let score: Double
        let tone: Tone?
        let when: Date
        let until: Date?
        let tags: [String]
        let grid: [[Double]]?
        let amounts: [String: Double]
        let twig: Twig
        let twigs: [Twig]
        let byName: [String: Twig]
        let spare: Twig?

        static var empty: Branch {
            Branch(
                name: "", code: 0, score: 0, tone: nil, when: Date(timeIntervalSince1970: 0), until: nil, tags: [],
                grid: nil, amounts: [:], twig: Twig(), twigs: [], byName: [:], spare: nil)
        }

        static let mapping: Mapping<Branch> = [
            "name": .property(\.name),
            "code": .property(\.code),
            "score": .property(\.score),
            "tone": .property(\.tone),
            "when": .box(.date, \.when),
            "until": .box(.date, \.until),
            "tags": .property(\.tags),
            "grid": .property(\.grid),
            "amounts": .property(\.amounts),
            "twig": .property(\.twig),
            "twigs": .property(\.twigs),
            "byName": .property(\.byName),
            "spare": .property(\.spare),
        ]

        func list(into fields: inout FieldList, at path: String) {
            fields.add("name", name, at: path)
            fields.add("code", code, at: path)
            fields.add("score", score, at: path)
            fields.add("tone", tone, at: path)
            fields.add("when", when, at: path)
            fields.add("until", until, at: path)
            fields.add("tags", tags, at: path)
            fields.add("grid", grid, at: path)
            fields.add("amounts", amounts, at: path)
            fields.add("twig", twig, at: path)
            fields.add("twigs", twigs, at: path)
            fields.add("byName", byName, at: path)
            fields.add("spare", spare, at: path)
        }

        static func == (lhs: Branch, rhs: Branch) -> Bool { lhs.isSame(as: rhs) }
    }

    /// Level 3: a mutable class, recursive (`replies`, `next`), holding level 4 as a value, an array,
    /// a set and an optional.
    final class Twig: Mappable, FieldListed, Equatable {
        var label = ""
        var weight: Float = 0
        var small: Int8?
        var level: Level?
        var leaf = Leaf.empty
        var leaves: [Leaf] = []
        var picked: Set<Leaf> = []
        var extra: Leaf?
        var replies: [Twig] = []
        var next: Twig?

        static let mapping: Mapping<Twig> = [
            "label": .property(\.label),
            "weight": .property(\.weight),
            "small": .property(\.small),
            "level": .property(\.level),
            "leaf": .property(\.leaf),
            "leaves": .property(\.leaves),
            "picked": .property(\.picked),
            "extra": .property(\.extra),
            "replies": .property(\.replies),
            "next": .property(\.next),
        ]

        init() {}

        func list(into fields: inout FieldList, at path: String) {
            fields.add("label", label, at: path)
            fields.add("weight", weight, at: path)
            fields.add("small", small, at: path)
            fields.add("level", level, at: path)
            fields.add("leaf", leaf, at: path)
            fields.add("leaves", leaves, at: path)
            fields.add("picked", picked, at: path)
            fields.add("extra", extra, at: path)
            fields.add("replies", replies, at: path)
            fields.add("next", next, at: path)
        }

        static func == (lhs: Twig, rhs: Twig) -> Bool { lhs.isSame(as: rhs) }
    }

    /// Level 4: an immutable struct of scalars, boxings and an index array, kept in a `Set` by level 3.
    struct Leaf: ImmutableMappable, FieldListed, Hashable {
        let key: String
        let value: Double
        let big: UInt64
        let small: Int8?
        let bytes: Data?
        let uuid: UUID?
        let link: URL?
        let cost: Decimal?
        let level: Level
        let moment: Date?
        let north: Double
        let east: Double?

        static var empty: Leaf {
            Leaf(
                key: "", value: 0, big: 0, small: nil, bytes: nil, uuid: nil, link: nil, cost: nil, level: .zero,
                moment: nil, north: 0, east: nil)
        }

        static let mapping: Mapping<Leaf> = [
            "key": .property(\.key),
            "value": .property(\.value),
            "big": .property(\.big),
            "small": .property(\.small),
            "bytes": .box(.base64, \.bytes),
            "uuid": .box(.uuid, \.uuid),
            "link": .box(.url, \.link),
            "cost": .box(.decimal, \.cost),
            "level": .property(\.level),
            "moment": .box(.date, \.moment),
            "pos": [0: .property(\.north), 1: .property(\.east)],
        ]

        func list(into fields: inout FieldList, at path: String) {
            fields.add("key", key, at: path)
            fields.add("value", value, at: path)
            fields.add("big", big, at: path)
            fields.add("small", small, at: path)
            fields.add("bytes", bytes, at: path)
            fields.add("uuid", uuid, at: path)
            fields.add("link", link, at: path)
            fields.add("cost", cost, at: path)
            fields.add("level", level, at: path)
            fields.add("moment", moment, at: path)
            fields.add("north", north, at: path)
            fields.add("east", east, at: path)
        }

        static func == (lhs: Leaf, rhs: Leaf) -> Bool { lhs.isSame(as: rhs) }
        func hash(into hasher: inout Hasher) { hasher.combine(FieldList(self, recordsPaths: false)) }
    }
}

// Made from the mapped values; in extensions, so the memberwise initializers stay.

extension Lossless.Branch {
    init(_ values: MappedValues<Lossless.Branch>) throws {
        try self.init(
            name: values[\.name], code: values[\.code], score: values[\.score], tone: values[\.tone], when: values[\.when],
            until: values[\.until], tags: values[\.tags], grid: values[\.grid], amounts: values[\.amounts], twig: values[\.twig],
            twigs: values[\.twigs], byName: values[\.byName], spare: values[\.spare])
    }
}

extension Lossless.Leaf {
    init(_ values: MappedValues<Lossless.Leaf>) throws {
        try self.init(
            key: values[\.key], value: values[\.value], big: values[\.big], small: values[\.small], bytes: values[\.bytes],
            uuid: values[\.uuid], link: values[\.link], cost: values[\.cost], level: values[\.level], moment: values[\.moment],
            north: values[\.north], east: values[\.east])
    }
}

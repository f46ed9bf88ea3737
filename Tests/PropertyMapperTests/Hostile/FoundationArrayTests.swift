import Foundation
import Testing

@testable import PropertyMapper

/// Deep and cyclic `NSArray` sources. On Linux, `NSArray.object(at:)` bridges an element that is an
/// `NSDictionary` or `NSArray` to a Swift container at once, every level below it included: an array
/// holding a dictionary that holds the array never returned, and a 10,000-deep chain overflowed the
/// stack. Each is read level by level instead, so a graph that nests too deep is one `depth` error.
@Suite struct FoundationArrayTests {
    struct Node: Mappable, Equatable {
        var id = 0
        var children: [Node]?
        static let mapping: Mapping<Node> = ["id": .property(\.id), "children": .property(\.children)]
    }

    struct Comment: ImmutableMappable {
        let text: String
        let replies: [Comment]
        static let mapping: Mapping<Comment> = ["text": .property(\.text), "replies": .property(\.replies)]
        init(_ values: MappedValues<Comment>) throws {
            text = try values[\.text]
            replies = try values[\.replies]
        }
    }

    struct Holder: Mappable {
        var title = ""
        var root: Node?
        var comment: Comment?
        static let mapping: Mapping<Holder> = [
            "title": .property(\.title), "root": .property(\.root), "comment": .property(\.comment),
        ]
    }

    /// `[{id: 1, children: <the array itself>}]`.
    static func cyclicArray() -> NSMutableArray {
        cyclicNode().array
    }

    /// `{id: 1, children: [<the node itself>]}`, and that array. (Taken apart here: reading the
    /// node out of the array with `object(at:)` is the very bridging that never returns.)
    static func cyclicNode() -> (node: NSDictionary, array: NSMutableArray) {
        let array = NSMutableArray()
        let node = NSDictionary(dictionary: ["id": 1, "children": array])
        array.add(node)
        return (node, array)
    }

    /// `{id: depth, children: [{id: depth - 1, children: [… {id: 0}]}]}`.
    static func chain(_ depth: Int) -> Any {
        var node: Any = NSDictionary(dictionary: ["id": 0])
        for index in 0..<depth { node = NSDictionary(dictionary: ["id": index + 1, "children": NSArray(array: [node])]) }
        return node
    }

    /// A comment whose `replies` is an array holding the comment itself.
    static func cyclicComment() -> NSMutableDictionary {
        let comment = NSMutableDictionary()
        comment["text"] = "again"
        comment["replies"] = NSArray(array: [comment])
        return comment
    }

    static func expectOneDepthError(_ errors: [ValidationError], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(errors.map(\.rule) == ["depth"], sourceLocation: sourceLocation)
    }

    @Test func cyclicArrayIsOneDepthError() {
        Self.expectOneDepthError(mappingErrors { _ = try Mapper.map([Node].self, from: Self.cyclicArray()) })
        Self.expectOneDepthError(Mapper.validate(Self.cyclicNode().node, as: Node.self))
    }

    @Test func tenThousandDeepArrayChainIsOneDepthError() {
        Self.expectOneDepthError(mappingErrors { _ = try Mapper.map(Node.self, from: Self.chain(10_000)) })
    }

    @Test func commentWhoseRepliesHoldItselfIsOneDepthError() {
        Self.expectOneDepthError(mappingErrors { _ = try Mapper.map(Comment.self, from: Self.cyclicComment()) })
        Self.expectOneDepthError(Mapper.validate(Self.cyclicComment(), as: Comment.self))
    }

    @Test func cyclesInsideAModelAreOneDepthError() {
        let source = NSMutableDictionary()
        source["title"] = "cycles"
        source["root"] = Self.cyclicNode().node
        Self.expectOneDepthError(mappingErrors { _ = try Mapper.map(Holder.self, from: source) })
        let other = NSMutableDictionary()
        other["comment"] = Self.cyclicComment()
        Self.expectOneDepthError(mappingErrors { _ = try Mapper.map(Holder.self, from: other) })
        // The same source inside a Swift dictionary.
        Self.expectOneDepthError(mappingErrors { _ = try Mapper.map(Holder.self, from: ["root": Self.chain(10_000)]) })
        var thread = Holder()
        Self.expectOneDepthError(mappingErrors { try Mapper.mapValues(from: source, to: &thread, using: Holder.mapping) })
        #expect(thread.title == "")
    }

    @Test func cyclicArrayWhereTheMappingDoesNotLookMapsBesideIt() throws {
        let source = NSMutableDictionary()
        source["title"] = "fine"
        source["loop"] = Self.cyclicArray()
        let thread = try Mapper.map(Holder.self, from: source)
        #expect(thread.title == "fine")
    }

    @Test func shallowArraysReadAsBefore() throws {
        let leaf = NSDictionary(dictionary: ["id": 2])
        let source = NSDictionary(dictionary: ["id": 1, "children": NSArray(array: [leaf, NSDictionary(dictionary: ["id": 3])])])
        let node = try Mapper.map(Node.self, from: source)
        #expect(node == Node(id: 1, children: [Node(id: 2), Node(id: 3)]))
        #expect(try Mapper.map([Node].self, from: NSArray(array: [leaf, leaf])) == [Node(id: 2), Node(id: 2)])
        // Scalars come through object(at:) as Foundation gives them.
        struct Tags: Mappable {
            var tags: [String] = []
            var counts: [Int] = []
            var flags: [Bool] = []
            var any: [Any] = []
            static let mapping: Mapping<Tags> = [
                "tags": .property(\.tags), "counts": .property(\.counts), "flags": .property(\.flags), "any": .property(\.any),
            ]
        }
        let tags = try Mapper.map(
            Tags.self,
            from: NSDictionary(dictionary: [
                "tags": NSArray(array: ["a", "b"]), "counts": NSArray(array: [1, 2]), "flags": NSArray(array: [true]),
                "any": NSArray(array: [NSArray(array: [1])]),
            ]))
        #expect(tags.tags == ["a", "b"])
        #expect(tags.counts == [1, 2])
        #expect(tags.flags == [true])
        #expect(tags.any.count == 1)
        let errors = mappingErrors {
            _ = try Mapper.map(Tags.self, from: NSDictionary(dictionary: ["counts": NSArray(array: [1, true, "x"])]))
        }
        #expect(errors.map(\.path) == ["counts[1]", "counts[2]"])
    }

    /// The invariant the unbridged read rests on: the array's mirror lists its stored objects, in
    /// order, one for each element.
    @Test func mirrorListsTheStoredObjectsInOrder() {
        let array = NSMutableArray()
        for index in 0..<100 { array.add(index.isMultiple(of: 2) ? NSNumber(value: index) : NSDictionary(dictionary: ["i": index])) }
        array.removeObject(at: 50)
        let stored = UnbridgedArray.storedObjects(of: array)
        #expect(stored?.count == array.count)
        var mismatches = 0
        for (index, element) in (stored ?? []).enumerated() {
            if let number = array.object(at: index) as? NSNumber {
                if (element as? NSNumber) != number { mismatches += 1 }
            } else if !(element is NSDictionary) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}

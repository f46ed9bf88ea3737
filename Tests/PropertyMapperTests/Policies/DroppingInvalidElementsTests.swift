import Foundation
import PropertyMapper
import Testing

private struct Shelf: Mappable {
    var tags: [String] = []
    var sizes: [Int]? = nil
    var authors: [GitHub.Author] = []
    static let mapping: Mapping<Shelf> = [
        "tags": .property(\.tags).droppingInvalidElements(),
        "sizes": .property(\.sizes).droppingInvalidElements(),
        "authors": .property(\.authors).droppingInvalidElements().isRequired(),
    ]
}

@Suite
struct DroppingInvalidElementsTests {
    @Test func eachFailingElementIsDroppedWithAWarning() throws {
        var warnings: [MappingWarning] = []
        let shelf = try Mapper.map(
            Shelf.self,
            from: [
                "tags": ["a", 7, "b", NSNull()],
                "sizes": [1, 2.5, 300],
                "authors": [GitHub.author(1), GitHub.author(0), ["id": 2, "email": "nope"]],
            ], warnings: &warnings)
        #expect(shelf.tags == ["a", "b"])
        #expect(shelf.sizes == [1, 300])
        #expect(shelf.authors == [GitHub.Author(id: 1, email: "a@example.com")])
        #expect(warnings.map(\.kind) == Array(repeating: .elementDropped, count: 5))
        #expect(warnings.map(\.path) == ["tags[1]", "tags[3]", "sizes[1]", "authors[1]", "authors[2]"])
        #expect(warnings.map(\.property) == ["tags", "tags", "sizes", "authors", "authors"])
        #expect(warnings[0].value == "7")
        #expect(warnings[0].message == "element dropped: a number, expected String [type]")
        #expect(warnings[3].message == "element dropped: id: out of bounds, expected at least 1 [min]")
    }

    @Test func withoutItOneBadElementFailsTheArray() {
        let strict: Mapping<Shelf> = ["tags": .property(\.tags)]
        var shelf = Shelf()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["tags": ["a", 7]], to: &shelf, using: strict) }
        #expect(error?.errors.map(\.path) == ["tags[1]"])
    }

    @Test func aValueThatIsNotAnArrayStillFails() {
        let error = #expect(throws: MappingError.self) { try Mapper.map(Shelf.self, from: ["tags": "a", "authors": []]) }
        #expect(error?.errors.map(\.path) == ["tags"])
        #expect(error?.errors.map(\.rule) == ["type"])
    }

    @Test func fromJSONAndInBatches() throws {
        let batch = try Mapper.mapArray(
            fromJSON: Data(#"[{"tags": ["x", 1], "authors": []}, {"tags": [], "authors": []}]"#.utf8), as: Shelf.self)
        #expect(batch.models.map(\.tags) == [["x"], []])
        #expect(batch.warnings.map { $0.map(\.path) } == [["tags[1]"], []])
    }

    @Test func onAnythingButAnArrayItIsADefinitionError() {
        struct One { var name = "" }
        let mapping: Mapping<One> = ["name": .property(\.name).droppingInvalidElements()]
        #expect(
            mapping.definitionErrors.map(\.message) == [
                ".droppingInvalidElements() applies to a .property whose type is an array or an optional array"
            ])
    }
}

/// `.lenient()` and `.droppingInvalidElements()` on one field: each element is read leniently, and
/// one that still fails is dropped, whichever modifier comes first and however leniency is asked for.
@Suite
struct LenientDroppingInvalidElementsTests {
    private struct Counts: Mappable {
        var counts: [Int] = []
        static let mapping: Mapping<Counts> = [:]
    }

    private static let mappings: [Mapping<Counts>] = [
        ["counts": .property(\.counts).lenient().droppingInvalidElements()],
        ["counts": .property(\.counts).droppingInvalidElements().lenient()],
        Mapping(coercion: .lenient, ["counts": .property(\.counts).droppingInvalidElements()]),
    ]

    @Test(arguments: mappings.indices)
    func eachElementIsReadLenientlyAndAFailingOneIsDropped(mapping index: Int) throws {
        var model = Counts()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(from: ["counts": ["1", "x", 2]], to: &model, using: Self.mappings[index], warnings: &warnings)
        #expect(model.counts == [1, 2])
        #expect(warnings.map(\.kind) == [.coerced, .elementDropped])
        #expect(warnings.map(\.path) == ["counts[0]", "counts[1]"])
    }
}

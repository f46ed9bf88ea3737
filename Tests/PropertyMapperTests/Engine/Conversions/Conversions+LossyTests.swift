import Foundation
import PropertyMapper
import Testing

/// The lossy array behind `.droppingInvalidElements()`: an element that fails is dropped with a warning,
/// one that maps with warnings of its own is kept with them, under its index.
@Suite struct LossyArrayConversionTests {
    struct Item: Mappable, Equatable {
        var number = 0
        var label = ""
        static let mapping: Mapping<Item> = ["n": .property(\.number), "label": .property(\.label, default: "none")]
    }

    struct Bins {
        var items: [Item] = []
        var counts: [Int] = [-1]
        var maybe: [Int?]? = [-1]
        var grid: [[Int]] = []
    }

    /// Maps `source` into new bins; the bins and their warnings' paths and kinds, or the errors' paths.
    static func map(_ source: [String: Any], _ mapping: Mapping<Bins>) -> (bins: Bins?, warnings: [String], errors: [String]) {
        var bins = Bins()
        var warnings: [MappingWarning] = []
        do {
            try Mapper.mapValues(from: source, to: &bins, using: mapping, warnings: &warnings)
            return (bins, warnings.map { "\($0.path) \($0.kind.rawValue)" }, [])
        } catch {
            return (nil, [], error.errors.map(\.path))
        }
    }

    @Test func anElementKeptWithWarningsKeepsThemUnderItsIndex() throws {
        let mapping: Mapping<Bins> = ["items": .property(\.items).droppingInvalidElements()]
        let outcome = Self.map(["items": [["n": 1], ["n": "x"], ["n": 3, "label": "c"]]], mapping)
        #expect(outcome.bins?.items == [Item(number: 1, label: "none"), Item(number: 3, label: "c")])
        #expect(outcome.warnings == ["items[0].label defaultUsed", "items[1] elementDropped"])
    }

    @Test func nullIsAnOptionalElementsValueNotAFailure() {
        let mapping: Mapping<Bins> = ["maybe": .property(\.maybe).droppingInvalidElements()]
        let outcome = Self.map(["maybe": [1, NSNull(), "x"]], mapping)
        #expect(outcome.bins?.maybe == [1, nil])
        #expect(outcome.warnings == ["maybe[2] elementDropped"])
        #expect(Self.map(["maybe": NSNull()], mapping).bins?.maybe == nil)
        #expect(Self.map(["maybe": [Any]()], mapping).bins?.maybe == [])
    }

    @Test func anInnerArrayWithABadElementIsDroppedWhole() {
        let mapping: Mapping<Bins> = ["grid": .property(\.grid).droppingInvalidElements()]
        let outcome = Self.map(["grid": [[1], [2, "x"], [3]]], mapping)
        #expect(outcome.bins?.grid == [[1], [3]])
        #expect(outcome.warnings == ["grid[1] elementDropped"])
    }

    @Test func theArrayItselfMustStillBeAnArray() {
        let mapping: Mapping<Bins> = ["counts": .property(\.counts).droppingInvalidElements()]
        #expect(Self.map(["counts": ["a": 1]], mapping).errors == ["counts"])
        #expect(Self.map(["counts": 1], mapping).errors == ["counts"])
    }
}

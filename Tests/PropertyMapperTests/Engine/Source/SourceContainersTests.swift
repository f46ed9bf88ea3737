import Foundation
import Testing

@testable import PropertyMapper

/// The keyed and indexed views of a source container: lookups, counts and iteration for Swift
/// dictionaries and arrays and for the other containers (any-keyed dictionaries, Foundation's).
@Suite struct SourceContainersTests {
    @Test func aStringKeyedDictionaryLooksUpAndIteratesEachKeyOnce() {
        let source = KeyedSource.dictionary(["a": 1, "b": "x"])
        #expect(source.count == 2)
        #expect(source.item(forKey: "a")?.kind == .number)
        #expect(source.item(forKey: "c") == nil)
        var keys: [String] = []
        source.forEachKey { key, _ in keys.append(key) }
        #expect(keys.sorted() == ["a", "b"])
    }

    @Test func anAnyHashableDictionaryShowsOnlyItsStringKeys() throws {
        let mixed: [AnyHashable: Any] = ["a": 1, 2: "two", "c": 3]
        let source = try #require(SourceValue.keyed(mixed))
        #expect(source.count == 3)  // what the container holds; the engine compares counts to find unknown keys
        #expect(source.item(forKey: "a") != nil)
        #expect(source.item(forKey: "c") != nil)
        #expect(source.item(forKey: "2") == nil)
        var keys: [String] = []
        source.forEach { key, _ in keys.append(key) }
        #expect(keys.sorted() == ["a", "c"])
    }

    @Test func dictionariesWhoseKeysCannotBeStringsAreNotKeyed() {
        #expect(SourceValue.keyed([1: "a"] as [Int: String]) == nil)
        #expect(SourceValue.keyed(["a": 1] as [String: Int])?.count == 1)
    }

    @Test func forEachNormalizesOptionalValues() throws {
        let values: [String: Int?] = ["a": nil, "b": 2]
        let source = try #require(SourceValue.keyed(values))
        var nulls = 0
        source.forEach { _, value in if value is NSNull { nulls += 1 } }
        #expect(nulls == 1)
    }

    @Test func indexedSourcesCheckTheirBounds() throws {
        for source in [IndexedSource.array([1, "a", NSNull()]), try #require(SourceValue.indexed(NSArray(array: [1, "a", NSNull()])))] {
            #expect(source.count == 3)
            #expect(source.item(at: -1) == nil)
            #expect(source.item(at: 3) == nil)
            #expect(source.item(at: 1)?.kind == .string)
            var indices: [Int] = []
            source.forEachItem { index, _ in indices.append(index) }
            #expect(indices == [0, 1, 2])
        }
    }

    @Test func theSubscriptNormalizesOptionals() throws {
        let values: [Int?] = [nil, 4]
        let source = try #require(SourceValue.indexed(values))
        #expect(source[0] is NSNull)
        #expect(source[1] as? Int == 4)
        let none: Int? = nil
        #expect(none.wrappedValue == nil)
        #expect(Optional(5).wrappedValue as? Int == 5)
    }
}

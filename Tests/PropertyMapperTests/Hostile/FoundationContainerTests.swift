import Foundation
import Testing

@testable import PropertyMapper

/// Deep and cyclic `NSDictionary` sources. On Linux, `NSDictionary.object(forKey:)` bridges a
/// dictionary value to a Swift one at once, every level below it included: reading `author` out of
/// a 10,000-deep chain overflowed the stack, and a dictionary holding itself never returned.
@Suite struct FoundationContainerTests {
    final class Author {
        var email = "preset"
        var payload: Any? = "preset payload"
        var weights: [String: Double] = ["preset": 1]
    }

    static let mapping: Mapping<Author> = ["author": ["email": .property(\.email)]]

    /// `{next: {next: … {leaf: true}}}`, `depth` levels of `next`.
    static func chain(_ depth: Int) -> NSMutableDictionary {
        var dictionary = NSMutableDictionary()
        dictionary["leaf"] = true
        for _ in 0..<depth {
            let outer = NSMutableDictionary()
            outer["next"] = dictionary
            dictionary = outer
        }
        return dictionary
    }

    /// A dictionary whose key `"self"` holds the dictionary itself.
    static func cycle() -> NSMutableDictionary {
        let dictionary = NSMutableDictionary()
        dictionary["self"] = dictionary
        return dictionary
    }

    static func source(author: Any) -> NSMutableDictionary {
        let source = NSMutableDictionary()
        source["author"] = author
        return source
    }

    @Test func mapsBesideATenThousandDeepUnmappedChain() throws {
        let author = Self.chain(10_000)
        author["email"] = "x@example.com"
        let model = Author()
        try Mapper.mapValues(from: Self.source(author: author), to: model, using: Self.mapping)
        #expect(model.email == "x@example.com")
        // The same author inside a Swift dictionary, and through validate.
        try Mapper.mapValues(from: ["author": author], to: model, using: Self.mapping)
        #expect(Mapper.validate(Self.source(author: author), for: model, using: Self.mapping).isEmpty)
    }

    @Test func tenThousandDeepAuthorWithoutTheKeyWritesNothing() throws {
        let model = Author()
        try Mapper.mapValues(from: Self.source(author: Self.chain(10_000)), to: model, using: Self.mapping)
        #expect(model.email == "preset")
        let required: Mapping<Author> = ["author": ["email": .property(\.email).isRequired()]]
        let errors = mappingErrors { try Mapper.mapValues(from: Self.source(author: Self.chain(10_000)), to: model, using: required) }
        expectSingleError(errors, at: "author.email", rule: "isRequired")
    }

    @Test func tenThousandDeepValueWhereAStringIsExpectedIsOneBriefTypeError() {
        let author = NSMutableDictionary()
        author["email"] = Self.chain(10_000)
        let model = Author()
        let errors = mappingErrors { try Mapper.mapValues(from: Self.source(author: author), to: model, using: Self.mapping) }
        let error = expectSingleError(errors, at: "author.email", rule: "type")
        #expect(error?.value == "{…} (1 key)")
        #expect(model.email == "preset")
    }

    @Test func cyclicDictionaryAsAnUnmappedValue() throws {
        let author = Self.cycle()
        author["email"] = "x@example.com"
        let model = Author()
        try Mapper.mapValues(from: Self.source(author: author), to: model, using: Self.mapping)
        #expect(model.email == "x@example.com")
        let source = Self.source(author: author)
        source["loop"] = Self.cycle()
        try Mapper.mapValues(from: source, to: model, using: Self.mapping)
        #expect(model.email == "x@example.com")
    }

    @Test func cyclicDictionaryWhereAStringIsExpectedIsOneBriefTypeError() {
        let author = NSMutableDictionary()
        author["email"] = Self.cycle()
        let errors = mappingErrors { try Mapper.mapValues(from: Self.source(author: author), to: Author(), using: Self.mapping) }
        let error = expectSingleError(errors, at: "author.email", rule: "type")
        #expect(error?.value == "{…} (1 key)")
        // The cycle as the nested container itself: read by key, never walked.
        let errorsAtLevel = mappingErrors {
            try Mapper.mapValues(
                from: Self.source(author: Self.cycle()), to: Author(),
                using: ["author": ["self": ["self": ["email": .property(\.email).isRequired()]]]])
        }
        expectSingleError(errorsAtLevel, at: "author.self.self.email", rule: "isRequired")
    }

    @Test func wholeDictionaryConversionsSeeNestedContainersUnbridged() {
        let weights = NSMutableDictionary()
        weights["a"] = 1.5
        weights["deep"] = Self.chain(10_000)
        weights["loop"] = Self.cycle()
        let model = Author()
        let errors = mappingErrors {
            try Mapper.mapValues(from: Self.source(author: weights), to: model, using: ["author": .property(\.weights)])
        }
        #expect(Set(errors.map(\.path)) == ["author.deep", "author.loop"])
        #expect(errors.allSatisfy { $0.rule == "type" && $0.value == "{…} (1 key)" })
        #expect(model.weights == ["preset": 1])
    }

    @Test func anyPropertyTakesTheDeepDictionaryAsItIs() throws {
        let deep = Self.chain(10_000)
        let model = Author()
        try Mapper.mapValues(from: Self.source(author: deep), to: model, using: ["author": .property(\.payload)])
        let stored = model.payload as? NSMutableDictionary
        let isTheSameObject = stored === deep
        #expect(isTheSameObject)
    }

    /// Scalars still come through `object(forKey:)`, exactly as before.
    @Test func scalarsAreReadAsFoundationGivesThem() throws {
        let source = NSMutableDictionary()
        source["s"] = "text"
        source["n"] = 5
        source["b"] = true
        source["null"] = NSNull()
        source["array"] = NSArray(array: ["a", "b"])
        #expect(try #require(source.unbridgedValue(forKey: "s")) as? String == "text")
        #expect(SourceValue.number(try #require(source.unbridgedValue(forKey: "n"))) == .int(5))
        #expect(SourceValue.bool(try #require(source.unbridgedValue(forKey: "b"))) == true)
        #expect(SourceValue.isNull(try #require(source.unbridgedValue(forKey: "null"))))
        #expect(source.unbridgedValue(forKey: "missing") == nil)
        #expect(SourceValue.kind(of: try #require(source.unbridgedValue(forKey: "array"))) == .array)
        var seen: [String] = []
        source.forEachStringKey { key, _ in seen.append(key) }
        #expect(seen.sorted() == ["array", "b", "n", "null", "s"])
    }

    /// The invariant the unbridged read rests on: `allKeys` and `allValues` pair up, key for value.
    @Test func allKeysAndAllValuesPairUp() {
        let dictionary = NSMutableDictionary()
        for index in 0..<1_000 { dictionary["key\(index)"] = NSNumber(value: index) }
        dictionary.removeObject(forKey: "key500")
        let keys = dictionary.allKeys
        let values = dictionary.allValues
        #expect(keys.count == values.count)
        var mismatches = 0
        for (key, value) in zip(keys, values) {
            let fetched = dictionary.object(forKey: key) as? NSNumber
            if fetched !== (value as? NSNumber) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}

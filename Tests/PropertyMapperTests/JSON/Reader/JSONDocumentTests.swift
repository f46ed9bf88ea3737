import FeedModel
import Foundation
import Testing

@testable import PropertyMapper

@Suite struct JSONDocumentTests {
    @Test func handsOutEachElementInOrder() throws {
        var seen: [EngineView] = []
        var afterTheLast: Any?
        let rest = try JSONDocument.withElements(of: Data(#" [1, "a", {"b": [true]}, null] "#.utf8), .whole) {
            elements throws(JSONSyntaxError) in
            while let element = try elements.next() { seen.append(EngineView(element)) }
            afterTheLast = try elements.next()
        }
        #expect(rest == nil)
        #expect(afterTheLast == nil)
        #expect(seen.map(\.description) == ["1", "\"a\"", "{\"b\":[true]}", "null"])
    }

    @Test func handsOutNothingForAnEmptyArray() throws {
        var calls = 0
        let rest = try JSONDocument.withElements(of: Data(" [ ] ".utf8), .whole) { elements throws(JSONSyntaxError) in
            while try elements.next() != nil { calls += 1 }
        }
        #expect(rest == nil)
        #expect(calls == 0)
    }

    @Test(arguments: [#"{"a": 1}"#, "1", "\"x\"", "null"])
    func returnsADocumentThatIsNotAnArrayWhole(json: String) throws {
        var calls = 0
        let rest = try JSONDocument.withElements(of: Data(json.utf8), .whole) { (_: inout JSONElements) throws(JSONSyntaxError) in
            calls += 1
        }
        #expect(calls == 0)
        #expect(rest.map(EngineView.init) == EngineView(try Fixtures.parse(json)))
    }

    /// The whole document is checked: a defect after some elements still fails the document.
    @Test func checksTheRestOfTheDocumentAfterTheElements() {
        var calls = 0
        #expect(throws: JSONSyntaxError.self) {
            _ = try JSONDocument.withElements(of: Data("[1, 2] 3".utf8), .whole) { elements throws(JSONSyntaxError) in
                while try elements.next() != nil { calls += 1 }
            }
        }
        #expect(calls == 2)
    }

    /// Elements the body leaves unread are read and checked all the same.
    @Test(arguments: [("[1, 2, 3]", true), ("[1, 2, ] ", false), ("[1, 2] 3", false), ("[1, {\"a\": }]", false)])
    func checksWhatTheBodyLeavesUnread(json: String, valid: Bool) throws {
        var first: EngineView?
        let read = { () throws(JSONSyntaxError) -> Any? in
            try JSONDocument.withElements(of: Data(json.utf8), .whole) { elements throws(JSONSyntaxError) in
                first = try elements.next().map(EngineView.init)
            }
        }
        if valid {
            #expect(try read() == nil)
        } else {
            #expect(throws: JSONSyntaxError.self) { try read() }
        }
        #expect(first?.description == "1")
    }

    @Test(arguments: ["", " ", "\u{FEFF}", "\n\t"])
    func rejectsAnEmptyDocument(json: String) {
        let error = readerError(Array(json.utf8))
        guard case .unexpectedEnd = error?.problem else {
            Issue.record("expected an unexpected end, got \(String(describing: error))")
            return
        }
        #expect(error?.offset == json.utf8.count)
        let mapped = mappingErrors { try Mapper.mapValues(fromJSON: json, to: Video(), using: Video.mapping) }
        expectSingleError(mapped, at: "", rule: "json")
        let batch = mappingErrors { _ = try Mapper.mapArray(fromJSON: Data(json.utf8), using: Video.mapping) { Video() } }
        expectSingleError(batch, at: "", rule: "json")
    }

    @Test func readsOnlyWhatTheMappingNames() throws {
        let json = #"{"id": 1, "author": {"id": 2, "bio": "long"}, "geo": [1.5, 2.5, 3.5], "extra": {"x": [1]}}"#
        let value = try JSONDocument.read(Data(json.utf8), .level(JSONLevel(Video.mapping.plan.root)))
        #expect(EngineView(value).description == #"{"author":{"id":2},"geo":[1.5,2.5],"id":1}"#)
    }

    /// An object read for a level holds its keys' values by position; the last duplicate wins.
    @Test func readsAnObjectByTheKeysOfItsLevel() throws {
        let json = #"{"id": 1, "name": "a", "id": 3, "extra": true}"#
        let value = try JSONDocument.read(Data(json.utf8), .level(Video.mapping.jsonLevel))
        let object = try #require(value as? JSONObject)
        #expect(object.level === Video.mapping.jsonLevel)
        #expect(object.count == 2)
        #expect(object.value(forKey: "id").map { EngineView($0).description } == "3")
        #expect(object.value(forKey: "extra") == nil)
        #expect(SourceValue.render(value) == "{…} (3 keys)")  // every key the document wrote, a duplicate once
        let idEntry = try #require(Video.mapping.plan.root.entries.firstIndex { $0.key == "id" })
        let idItem = try #require(lentItem(of: object, entry: idEntry))
        #expect(EngineView(idItem.value).description == "3")
    }

    /// The walk lends the engine each value of an object the reader read, and puts it back: the
    /// object holds the same values after any number of walks.
    @Test func aWalkLeavesTheObjectItReadAsItWas() throws {
        let value = try JSONDocument.read(Data(Video.sampleJSON.utf8), .level(Video.mapping.jsonLevel))
        let object = try #require(value as? JSONObject)
        let before = EngineView(object)
        #expect(before.description.contains(#""name":"Xray Romeo""#))
        var mapped: [VideoRecord] = []
        for _ in 0..<3 {
            let video = Video()
            try Mapper.mapValues(from: object, to: video, using: Video.mapping)
            mapped.append(VideoRecord(video))
            #expect(EngineView(object) == before)
        }
        #expect(mapped[0].title == "Xray Romeo")
        #expect(mapped[0].authorEmail == "user1680@example.com")
        #expect(mapped[1] == mapped[0] && mapped[2] == mapped[0])
    }

    /// The reader hands the engine each value with its reading made: the same reading
    /// `SourceItem(_:)` makes of the value, for every kind of JSON value.
    @Test func readsEachValueAsTheEngineWould() throws {
        struct Sample {
            var text = "", integer = "", negative = "", fraction = "", large = "", wide = "", exponent = "",
                yes = "", no = "", nothing = "", list = "", nested = ""
            var names: [String] = [], mixed: [String] = []
        }
        let mapping: Mapping<Sample> = [
            "text": .property(\.text), "integer": .property(\.integer), "negative": .property(\.negative),
            "fraction": .property(\.fraction), "large": .property(\.large), "wide": .property(\.wide),
            "exponent": .property(\.exponent), "yes": .property(\.yes), "no": .property(\.no),
            "nothing": .property(\.nothing), "list": .property(\.list), "nested": ["inner": .property(\.nested)],
            "names": .property(\.names), "mixed": .property(\.mixed),
        ]
        let json = """
            {"text": "a\\u00e9", "integer": 42, "negative": -7, "fraction": 0.25, "large": 18446744073709551615,
             "wide": 123456789012345678901234, "exponent": 1.5e300, "yes": true, "no": false, "nothing": null,
             "list": [1, "b"], "nested": {"inner": 1}, "names": ["a", "b\\u00e9"], "mixed": ["a", 1]}
            """
        let object = try #require(try JSONDocument.read(Data(json.utf8), .level(mapping.jsonLevel)) as? JSONObject)
        let entries = mapping.plan.root.entries
        #expect(entries.count == 14)
        for index in entries.indices {
            let item = try #require(lentItem(of: object, entry: index), "\(entries[index].key)")
            let expected = SourceItem(item.value)
            #expect(Reading(item) == Reading(expected), "\(entries[index].key)")
            #expect(EngineView(item.value) == EngineView(expected.value), "\(entries[index].key)")
        }
        let kinds = entries.indices.map { lentItem(of: object, entry: $0).map { Reading($0) } }
        #expect(
            kinds.compactMap { $0 }.map(\.kind) == [
                "string", "number", "number", "number", "number", "number", "number", "bool", "bool", "null", "array", "object",
                "other", "array",
            ])
        // A `[String]` property gets an array of strings as a `[String]`, any other array as it is.
        #expect(object.value(forKey: "names") as? [String] == ["a", "bé"])
        #expect(object.value(forKey: "mixed").map { type(of: $0) == [Any].self } == true)
    }
}

/// What a `SourceItem`'s reading says, comparable.
private struct Reading: Equatable {
    let kind: String
    let payload: String

    init(_ item: SourceItem) {
        switch item.scalar {
        case .null: (kind, payload) = ("null", "")
        case let .string(text): (kind, payload) = ("string", text)
        case let .bool(flag): (kind, payload) = ("bool", "\(flag)")
        case let .number(number): (kind, payload) = ("number", "\(number)")
        case let .dictionary(dictionary): (kind, payload) = ("dictionary", "\(dictionary.count)")
        case let .array(array): (kind, payload) = ("array", "\(array.count)")
        case let .object(object): (kind, payload) = ("object", "\(ObjectIdentifier(object))")
        case .other: (kind, payload) = ("other", "")
        }
    }
}

/// A copy of the item `object` holds for plan entry `entry`, or nil.
private func lentItem(of object: JSONObject, entry: Int) -> SourceItem? {
    var item: SourceItem?
    _ = object.withItem(forEntry: entry) { item = copy $0 }
    return item
}

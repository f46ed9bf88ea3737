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
        #expect(SourceValue.render(value) == "{…} (2 keys)")
        let idEntry = try #require(Video.mapping.plan.root.entries.firstIndex { $0.key == "id" })
        let idItem = try #require(object.item(forEntry: idEntry))
        #expect(EngineView(idItem.value).description == "3")
    }
}

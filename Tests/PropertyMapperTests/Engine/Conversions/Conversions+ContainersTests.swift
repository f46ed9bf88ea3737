import Foundation
import PropertyMapper
import Testing

/// Arrays, optionals and string-keyed dictionaries, element by element (`Conversions+Containers.swift`).
@Suite struct ContainerConversionTests {
    @Test func arraysMapElementByElement() throws {
        #expect(try mapJSON(#"["a", "b"]"#, initial: [String]()).value == ["a", "b"])
        #expect(try mapJSON("[]", initial: ["preset"]).value == [])
        #expect(try mapJSON("[1, 2.0, 1e2]", initial: [Int]()).value == [1, 2, 100])
        #expect(mapLiteral(NSArray(array: [1, 2, 3]), initial: [Int]()).value == [1, 2, 3])
        #expect(mapLiteral([UInt8(1), UInt8(2)], initial: [Int]()).value == [1, 2])
    }

    @Test func everyBadElementIsReportedWithItsIndex() throws {
        for record in [
            try Fixtures.parse(#"{"tags": ["a", "b", "c", 4, "e", true, null]}"#),
            ["tags": ["a", "b", "c", 4, "e", true, NSNull()] as [Any]] as [String: Any],
        ] {
            let result = mapSlot(record, initial: ["preset"], key: "tags")
            #expect(result.errors.map(\.path) == ["tags[3]", "tags[5]", "tags[6]"])
            #expect(result.errors.map(\.rule) == ["type", "type", "type"])
            #expect(result.errors.map(\.value) == ["4", "true", "null"])
            #expect(result.errors.allSatisfy { $0.property == "value" })
            #expect(result.value == ["preset"])
        }
    }

    @Test func integerArrayElementsAreCheckedStrictly() throws {
        let result = try mapJSON(#"[1, 2.5, "3", 4, true, 300]"#, initial: [UInt8]())
        #expect(result.errors.map(\.path) == ["v[1]", "v[2]", "v[4]", "v[5]"])
        #expect(result.errors.allSatisfy { $0.rule == "type" })
        #expect(result.value == [])
    }

    @Test func optionalElementsTakeNull() throws {
        #expect(try mapJSON(#"["a", null, "b"]"#, initial: [String?]()).value == ["a", nil, "b"])
        #expect(mapLiteral(["a", NSNull(), "b"] as [Any], initial: [String?]()).value == ["a", nil, "b"])
        #expect(mapLiteral([Optional("a"), nil] as [String?], initial: [String?]()).value == ["a", nil])
        expectTypeError(try mapJSON(#"["a", null, "b"]"#, initial: ["preset"]), initial: ["preset"], at: "v[1]")
        expectTypeError(try mapJSON(#"["a", 1]"#, initial: [String?]()), initial: [], at: "v[1]")
    }

    @Test func nestedArraysReportNestedPaths() throws {
        let record = try Fixtures.parse(#"{"m": [[1, 2], ["x", 3, 4.5]]}"#)
        let result = mapSlot(record, initial: [[Int]](), key: "m")
        #expect(result.errors.map(\.path) == ["m[1][0]", "m[1][2]"])
        #expect(result.errors.map(\.rule) == ["type", "type"])
        #expect(result.value == [])
        #expect(mapSlot(try Fixtures.parse(#"{"m": [[1, 2], [], [3]]}"#), initial: [[Int]](), key: "m").value == [[1, 2], [], [3]])
        expectTypeError(mapSlot(try Fixtures.parse(#"{"m": [1]}"#), initial: [[Int]](), key: "m"), initial: [], at: "m[0]")
    }

    @Test func stringKeyedDictionariesReportTheKey() throws {
        #expect(try mapJSON(#"{"a": 1, "b": 2}"#, initial: [String: Int]()).value == ["a": 1, "b": 2])
        let record = try Fixtures.parse(#"{"counts": {"a": 1, "c": true, "b": "x", "x.y": 2.5}}"#)
        let result = mapSlot(record, initial: ["preset": 0], key: "counts")
        #expect(result.errors.map(\.path) == ["counts.b", "counts.c", #"counts["x.y"]"#])
        #expect(result.errors.allSatisfy { $0.rule == "type" })
        #expect(result.value == ["preset": 0])
    }

    @Test func dictionaryOfArraysReportsKeyThenIndex() throws {
        let result = try mapJSON(#"{"a": [1, "two"], "b": [3]}"#, initial: [String: [Int]]())
        #expect(result.errors.map(\.path) == ["v.a[1]"])
        let nsSource = NSMutableDictionary()
        nsSource["a"] = NSArray(array: [1, 2])
        #expect(mapLiteral(nsSource, initial: [String: [Int]]()).value == ["a": [1, 2]])
    }

    @Test func containersOfTheWrongShapeAreOneTypeError() throws {
        expectTypeError(try mapJSON(#""a,b""#, initial: ["preset"]), initial: ["preset"])
        expectTypeError(try mapJSON(#"{"0": "a"}"#, initial: ["preset"]), initial: ["preset"])
        expectTypeError(try mapJSON(#"["a"]"#, initial: ["k": 1]), initial: ["k": 1])
        expectTypeError(try mapJSON("3", initial: ["k": 1]), initial: ["k": 1])
    }

    /// A `[String: Value]` has no place for a key that is not a string: the dictionary is one `type` error at the
    /// property, never read with that entry dropped.
    @Test func aKeyThatIsNotAStringIsOneTypeErrorNotALostEntry() throws {
        struct Holder {
            var counts: [String: Int] = ["preset": 0]
        }
        let mapping: Mapping<Holder> = ["counts": .property(\.counts)]
        let foundation = NSMutableDictionary()
        foundation[NSNumber(value: 1)] = 10
        foundation["ok"] = 20
        let swift: [AnyHashable: Any] = [AnyHashable(1): 10, AnyHashable("ok"): 20]
        for source in [foundation as Any, swift] {
            var holder = Holder()
            let error = try #require(throws: MappingError.self) {
                try Mapper.mapValues(from: ["counts": source], to: &holder, using: mapping)
            }
            #expect(error.errors.map { "\($0.path) \($0.rule)" } == ["counts type"])
            #expect(holder.counts == ["preset": 0])
        }
        var holder = Holder()
        try Mapper.mapValues(from: ["counts": [AnyHashable("ok"): 20] as [AnyHashable: Any]], to: &holder, using: mapping)
        #expect(holder.counts == ["ok": 20])
    }
}

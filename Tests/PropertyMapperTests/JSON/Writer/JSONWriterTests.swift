import Foundation
import Testing

@testable import PropertyMapper

/// The JSON writer's suites, gathered so that `swift test --filter Serialization` runs them all.
@Suite enum SerializationTests {}

extension SerializationTests {
    /// Whole trees: key order, pretty printing, sorting, and the path of a value the writer refuses.
    @Suite struct JSONWriterTests {
        static let sample: JSONValue = .object([
            ("name", .string("Cats")),
            ("views", .int(1200)),
            ("Tags", .array([.string("a"), .bool(true), .null])),
            ("geo", .object([("lon", .double(2.35)), ("lat", .double(48.85))])),
            ("empty", .array([])),
            ("é", .object([])),
            ("big", .uint(.max)),
        ])

        static func text(_ value: JSONValue, _ options: SerializationOptions = []) throws -> String {
            String(decoding: try JSONWriter.bytes(for: value, options: options), as: UTF8.self)
        }

        @Test func writesCompactInGivenOrder() throws {
            #expect(
                try Self.text(Self.sample) == #"{"name":"Cats","views":1200,"Tags":["a",true,null],"geo":{"lon":2.35,"lat":48.85},"#
                    + #""empty":[],"é":{},"big":18446744073709551615}"#)
        }

        @Test func writesPretty() throws {
            #expect(
                try Self.text(Self.sample, .prettyPrinted) == """
                    {
                      "name": "Cats",
                      "views": 1200,
                      "Tags": [
                        "a",
                        true,
                        null
                      ],
                      "geo": {
                        "lon": 2.35,
                        "lat": 48.85
                      },
                      "empty": [],
                      "é": {},
                      "big": 18446744073709551615
                    }
                    """)
        }

        @Test func writesPrettyAndSorted() throws {
            #expect(
                try Self.text(Self.sample, [.prettyPrinted, .sortedKeys]) == """
                    {
                      "Tags": [
                        "a",
                        true,
                        null
                      ],
                      "big": 18446744073709551615,
                      "empty": [],
                      "geo": {
                        "lat": 48.85,
                        "lon": 2.35
                      },
                      "name": "Cats",
                      "views": 1200,
                      "é": {}
                    }
                    """)
        }

        @Test func sortsKeysByUTF8Bytes() throws {
            let keys = ["b", "a", "B", "é", "e\u{301}", "", "ab", "a\u{0}", "😀", "\u{FFFF}", "aa"]
            let value = JSONValue.object(keys.map { ($0, .null) })
            let written = try Self.text(value, .sortedKeys)
            let expected = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            #expect(
                written == "{"
                    + expected.map { JSONOutput.Key($0).quoted }.map { String(decoding: $0, as: UTF8.self) + ":null" }
                    .joined(separator: ",") + "}")
            #expect(expected.prefix(4) == ["", "B", "a", "a\u{0}"])
        }

        @Test func keepsTheOrderOfEqualKeysWhenSorting() throws {
            let value = JSONValue.object([("b", .int(1)), ("a", .int(2)), ("b", .int(3)), ("a", .int(4))])
            #expect(try Self.text(value, .sortedKeys) == #"{"a":2,"a":4,"b":1,"b":3}"#)
        }

        @Test func ignoresWritingNulls() throws {
            #expect(try Self.text(.object([("a", .null)]), .writingNulls) == #"{"a":null}"#)
        }

        @Test func writesScalarsAtTheTop() throws {
            #expect(try Self.text(.double(-0.0)) == "-0.0")
            #expect(try Self.text(.string("x")) == #""x""#)
            #expect(try Self.text(.int(.min)) == "-9223372036854775808")
            #expect(try JSONWriter.data(for: .null) == Data("null".utf8))
        }

        @Test(arguments: [
            (JSONValue.double(.nan), NonFiniteNumber.nan, ""),
            (.object([("scores", .array([.double(1), .double(2), .double(.infinity)]))]), .infinity, "scores[2]"),
            (.array([.object([("a b", .object([("c", .double(-.infinity))]))])]), .negativeInfinity, #"[0]["a b"].c"#),
            (.object([("price", .decimal(.nan))]), .nan, "price"),
        ])
        func refusesNonFiniteNumbersAtTheirPath(value: JSONValue, problem: NonFiniteNumber, path: String) {
            #expect(throws: JSONWriteError(problem: .nonFinite(problem), path: path)) { try JSONWriter.bytes(for: value) }
            #expect(throws: JSONWriteError(problem: .nonFinite(problem), path: path)) {
                try JSONWriter.bytes(for: value, options: [.prettyPrinted, .sortedKeys])
            }
        }

        @Test func refusesContainersDeeperThanTheReaderReads() throws {
            func nested(_ depth: Int) -> JSONValue {
                (0..<depth).reduce(JSONValue.int(1)) { inner, _ in .array([inner]) }
            }
            let deepest = try JSONWriter.bytes(for: nested(JSONWriter.maximumDepth))
            #expect(deepest.count == 2 * JSONWriter.maximumDepth + 1)
            #expect(try JSONDocument.parse(Data(deepest)) is [Any])
            let error = #expect(throws: JSONWriteError.self) { try JSONWriter.bytes(for: nested(JSONWriter.maximumDepth + 1)) }
            #expect(error?.problem == .tooDeep)
            #expect(error?.path == String(repeating: "[0]", count: JSONWriter.maximumDepth))
        }

        @Test func writesFoundationValues() throws {
            let data = try JSONWriter.data(forFoundation: ["b": 1, "a": [true, NSNull()]], options: [.prettyPrinted, .sortedKeys])
            #expect(
                String(decoding: data, as: UTF8.self) == """
                    {
                      "a": [
                        true,
                        null
                      ],
                      "b": 1
                    }
                    """)
        }
    }
}

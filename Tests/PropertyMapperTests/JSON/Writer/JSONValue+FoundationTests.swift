import Foundation
import Testing

@testable import PropertyMapper

extension SerializationTests {
    /// Foundation values into JSON trees: each kind told apart as the engine tells it, and the path of
    /// any value that is not JSON.
    @Suite struct JSONValueFoundationTests {
        struct Custom {
            var name = "x"
        }

        @Test func convertsScalarsByTheirExactType() throws {
            #expect(try JSONValue(converting: "a") == .string("a"))
            #expect(try JSONValue(converting: NSString(string: "b")) == .string("b"))
            #expect(try JSONValue(converting: true) == .bool(true))
            #expect(try JSONValue(converting: NSNumber(value: false)) == .bool(false))
            #expect(try JSONValue(converting: NSNumber(value: 1)) == .int(1))
            #expect(try JSONValue(converting: NSNumber(value: UInt64.max)) == .uint(.max))
            #expect(try JSONValue(converting: NSNumber(value: 0.5)) == .double(0.5))
            #expect(try JSONValue(converting: NSNull()) == .null)
            #expect(try JSONValue(converting: 7) == .int(7))
            #expect(try JSONValue(converting: Int8(-8)) == .int(-8))
            #expect(try JSONValue(converting: Int64.min) == .int(.min))
            #expect(try JSONValue(converting: UInt.max) == .uint(UInt64(UInt.max)))
            #expect(try JSONValue(converting: UInt64(5)) == .int(5))
            #expect(try JSONValue(converting: UInt64.max) == .uint(.max))
            #expect(try JSONValue(converting: -0.0) == .double(-0.0))
            // A `Float` as the number it stands for, its shortest digits, not its widened binary value.
            #expect(try JSONValue(converting: Float(0.1)) == .double(0.1))
            let decimal = try #require(Decimal(string: "12345678901234567890.123"))
            #expect(try JSONValue(converting: decimal) == .decimal(decimal))
            #expect(try JSONValue(converting: NSDecimalNumber(decimal: decimal)) == .decimal(decimal))
        }

        @Test func unwrapsOptionals() throws {
            let some: Int?? = 3
            let none: String? = nil
            #expect(try JSONValue(converting: some as Any) == .int(3))
            #expect(try JSONValue(converting: none as Any) == .null)
            #expect(try JSONValue(converting: ["a": none as Any]) == .object([("a", .null)]))
        }

        @Test func convertsContainers() throws {
            #expect(try JSONValue(converting: [1, "a", [String: Any]()] as [Any]) == .array([.int(1), .string("a"), .object([])]))
            #expect(try JSONValue(converting: ["x", "y"]) == .array([.string("x"), .string("y")]))
            #expect(try JSONValue(converting: [1.5]) == .array([.double(1.5)]))
            #expect(try JSONValue(converting: ["k": 1] as [String: Int]) == .object([("k", .int(1))]))
            #expect(
                try JSONValue(converting: NSArray(array: [1, NSDictionary(dictionary: ["a": true])]))
                    == .array([.int(1), .object([("a", .bool(true))])]))
            let parsed = try JSONSerialization.jsonObject(with: Data(#"{"a":[true,1,1.5,null,"s"],"b":{}}"#.utf8))
            let value = try JSONValue(converting: parsed)
            guard case let .object(members) = value else { Issue.record("not an object: \(value)"); return }
            let byKey = Dictionary(members, uniquingKeysWith: { first, _ in first })
            #expect(byKey["a"] == .array([.bool(true), .int(1), .double(1.5), .null, .string("s")]))
            #expect(byKey["b"] == .object([]))
        }

        @Test func convertsWhatTheLibraryReaderBuilds() throws {
            let parsed = try JSONDocument.parse(Data(#"{"a":[true,18446744073709551615,-0.0],"b":{"c":"\u00e9"}}"#.utf8))
            let value = try JSONValue(converting: parsed)
            let text = String(decoding: try JSONWriter.bytes(for: value, options: .sortedKeys), as: UTF8.self)
            #expect(text == #"{"a":[true,18446744073709551615,-0.0],"b":{"c":"é"}}"#)
        }

        /// Values that are not JSON, the type they are refused for and its path.
        static func notJSON(_ number: Int) -> (value: Any, typeName: String, path: String) {
            switch number {
            case 0: (["published": Date(timeIntervalSince1970: 0)] as [String: Any], "Date", "published")
            case 1: (["a": ["b": [1, Custom()] as [Any]] as [String: Any]], "Custom", "a.b[1]")
            case 2: ([[1: "x"] as [Int: String]] as [Any], "Dictionary<Int, String>", "[0]")
            case 3: (["e.mail": URL(fileURLWithPath: "/x")], "URL", #"["e.mail"]"#)
            default: (Custom(), "Custom", "")
            }
        }

        @Test(arguments: 0..<5)
        func refusesValuesThatAreNotJSON(number: Int) {
            let (value, typeName, path) = Self.notJSON(number)
            #expect(throws: JSONWriteError(problem: .notJSONValue(typeName: typeName), path: path)) { try JSONValue(converting: value) }
            #expect(throws: JSONWriteError(problem: .notJSONValue(typeName: typeName), path: path)) {
                try JSONWriter.data(forFoundation: value)
            }
        }

        @Test func refusesADictionaryWithKeysThatAreNotStrings() throws {
            let mixed: [AnyHashable: Any] = [AnyHashable(1): "x", AnyHashable("a"): 1]
            #expect(throws: JSONWriteError(problem: .notJSONValue(typeName: "Dictionary<AnyHashable, Any>"), path: "m")) {
                try JSONValue(converting: ["m": mixed])
            }
            let strings: [AnyHashable: Any] = [AnyHashable("a"): 1]
            #expect(try JSONValue(converting: strings) == .object([("a", .int(1))]))
        }

        @Test func refusesNonFiniteNumbersAtTheirPath() {
            #expect(throws: JSONWriteError(problem: .nonFinite(.nan), path: "scores[1]")) {
                try JSONValue(converting: ["scores": [1.0, Double.nan]])
            }
            #expect(throws: JSONWriteError(problem: .nonFinite(.infinity), path: "x")) {
                try JSONValue(converting: ["x": Float.infinity])
            }
            #expect(throws: JSONWriteError(problem: .nonFinite(.negativeInfinity), path: "[0]")) {
                try JSONValue(converting: [NSNumber(value: -Double.infinity)])
            }
            #expect(throws: JSONWriteError(problem: .nonFinite(.nan), path: "d")) {
                try JSONValue(converting: ["d": Decimal.nan])
            }
        }

        @Test func refusesAContainerThatContainsItself() {
            // (An `NSDictionary` is read unbridged, as the engine reads it; on Linux an `NSArray` that holds
            // itself is bridged to `[Any]` by Foundation, recursively, before anything can read it.)
            let dictionary = NSMutableDictionary()
            dictionary.setObject(dictionary, forKey: "again" as NSString)
            let error = #expect(throws: JSONWriteError.self) { try JSONValue(converting: dictionary) }
            #expect(error?.problem == .tooDeep)
            #expect(error?.path == "again" + String(repeating: ".again", count: JSONWriter.maximumDepth - 1))
        }
    }
}

import Foundation
import PropertyMapper
import Testing

/// Which conversion a property's type gets: a scalar's own, an opened container, model or enum, or,
/// for any other type, a dynamic cast.
@Suite struct ConversionsTests {
    struct Place: Equatable {
        var name = ""
    }

    enum Level: Int {
        case low = 1
        case high = 2
    }

    @Test func anyOtherTypeIsReadByDynamicCast() {
        #expect(mapLiteral(Place(name: "x"), initial: Place()).value == Place(name: "x"))
        let result = mapLiteral("x", initial: Place())
        let error = expectSingleError(result.errors, at: "v", rule: "type")
        #expect(error?.message.contains("Place") == true)
    }

    @Test func containersNotBuiltInAreOpenedGenerically() throws {
        #expect(try mapJSON("[1, 2]", initial: [UInt8]()).value == [1, 2])
        expectTypeError(try mapJSON("[1, 300]", initial: [UInt8]()), initial: [], at: "v[1]")
        #expect(try mapJSON(#"{"a": [1], "b": []}"#, initial: [String: [Int16]]()).value == ["a": [1], "b": []])
        #expect(try mapJSON(#"[1, 2, 1]"#, initial: Set<Int>()).value == [1, 2])
        #expect(try mapJSON("null", initial: [Int8]?.some([1])).value == nil)
        #expect(try mapJSON("[[true], null]", initial: [[Bool]?]()).value == [[true], nil])
    }

    /// A Swift `Set` in a literal source is a collection of its elements, in no order: into a set (of the same or
    /// another element type) or an array; a set whose element does not convert names that element.
    @Test func aSetInALiteralSourceIsReadAsItsElements() throws {
        #expect(mapLiteral(Set<UInt16>([4, 5]), initial: Set<UInt16>()).value == [4, 5])
        #expect(mapLiteral(Set([4, 5]), initial: Set<Int8>()).value == [4, 5])
        #expect(mapLiteral(Set(["a"]), initial: [String]()).value == ["a"])
        #expect(mapLiteral(Set<Int>(), initial: [Int]?.none).value == [])
        let result = mapLiteral(Set([300]), initial: Set<Int8>())
        #expect(result.errors.map(\.path) == ["v[0]"])
        #expect(result.errors.first.map { "\($0)" }?.contains("got 300") == true)
        #expect(mapLiteral(Set([1]), initial: 0).errors.first?.message.contains("an array, expected Int") == true)
        // Held by an `Any`, it is written as an array, as `JSONEncoder` writes a set.
        let bag = ConversionTests.Bag(extra: ["s": Set([7])])
        let text = String(decoding: try Mapper.serializeJSON(bag, using: ConversionTests.Bag.mapping), as: UTF8.self)
        #expect(text.contains(#""s":[7]"#))
    }

    protocol Reading {}

    struct Sample: Reading, Mappable {
        var raw: Any?
        var count: NSNumber?
        var extras: [String: Any] = [:]
        static let mapping: Mapping<Sample> = ["raw": .property(\.raw), "count": .property(\.count), "extras": .property(\.extras)]
    }

    struct Station: Mappable {
        var reading: (any Reading)?
        static let mapping: Mapping<Station> = ["reading": .polymorphic(\.reading, on: "kind", ["sample": Sample.self])]
    }

    /// A polymorphic value is read with its numbers' exact digits (for a `Decimal` in the chosen model); one no
    /// `Decimal` holds (`1e300`, 40 digits) reaches an `Any`, `NSNumber` or `[String: Any]` property as the reader
    /// gives it elsewhere (a `Double`, an `NSDecimalNumber`), never as the library's own marker for it.
    @Test(arguments: ["1e300", "1e-200", "1234567890123456789012345678901234567890.5"])
    func aNumberNoDecimalHoldsReachesADynamicCastAsTheReaderGivesIt(number: String) throws {
        let plain = try Mapper.map(Sample.self, fromJSON: #"{"raw": \#(number), "count": \#(number), "extras": {"v": \#(number)}}"#)
        let station = try Mapper.map(
            Station.self,
            fromJSON: #"{"reading": {"kind": "sample", "raw": \#(number), "count": \#(number), "extras": {"v": \#(number)}}}"#)
        let sample = try #require(station.reading as? Sample)
        let expected = try #require(plain.raw)
        #expect(type(of: try #require(sample.raw)) == type(of: expected))
        #expect("\(try #require(sample.raw))" == "\(expected)")
        #expect(sample.count == plain.count)
        #expect(type(of: try #require(sample.extras["v"])) == type(of: expected))
    }

    /// The same, nested in an `Any` or `[String: Any]` property's dictionaries and arrays, at any depth.
    @Test(arguments: ["1e300", "1e-200", "1234567890123456789012345678901234567890.5"])
    func aNumberNoDecimalHoldsNestedInAnAnyIsAsTheReaderGivesIt(number: String) throws {
        let nested = #"{"v": \#(number), "w": [\#(number), {"x": [[\#(number)]]}], "s": "t"}"#
        let plain = try Mapper.map(Sample.self, fromJSON: #"{"raw": \#(nested), "extras": {"deep": \#(nested)}}"#)
        let station = try Mapper.map(
            Station.self, fromJSON: #"{"reading": {"kind": "sample", "raw": \#(nested), "extras": {"deep": \#(nested)}}}"#)
        let sample = try #require(station.reading as? Sample)
        #expect(leaves(of: sample.raw) == leaves(of: plain.raw))
        #expect(leaves(of: sample.extras) == leaves(of: plain.extras))
        #expect(leaves(of: sample.raw).count == 4)
        #expect(JSONSerialization.isValidJSONObject(try #require(sample.raw)))
    }

    /// At any depth the reader reads, on a small stack: the walk is not recursive.
    @Test func aNumberNoDecimalHoldsDeepInAnAnyIsAsTheReaderGivesIt() async {
        let depth = 500
        let raw = String(repeating: "[", count: depth) + "1e300" + String(repeating: "]", count: depth)
        let leaf = await onThread(stackSize: 512 * 1024) { () -> String in
            let json = #"{"reading": {"kind": "sample", "raw": \#(raw)}}"#
            guard var value = ((try? Mapper.map(Station.self, fromJSON: json))?.reading as? Sample)?.raw else { return "not mapped" }
            for level in 0..<depth {
                guard let inner = (value as? [Any])?.first else { return "no array at level \(level)" }
                value = inner
            }
            return "\(type(of: value)) \(value)"
        }
        #expect(leaf == "Double 1e+300")
    }

    /// Every value in `value`'s dictionaries (by key) and arrays, with its type.
    private func leaves(of value: Any?) -> [String] {
        switch value {
        case let object as [String: Any]: object.keys.sorted().flatMap { leaves(of: object[$0]) }
        case let array as [Any]: array.flatMap { leaves(of: $0) }
        case let leaf?: ["\(type(of: leaf)) \(leaf)"]
        case nil: ["nil"]
        }
    }

    @Test func enumsAndContainersOfThemAreOpened() throws {
        #expect(try mapJSON("[1, 2]", initial: [Level]()).value == [.low, .high])
        expectTypeError(try mapJSON("[1, 3]", initial: [Level]()), initial: [], at: "v[1]")
        #expect(try mapJSON("2", initial: Level?.none).value == .high)
    }
}

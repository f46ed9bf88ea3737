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

    @Test func enumsAndContainersOfThemAreOpened() throws {
        #expect(try mapJSON("[1, 2]", initial: [Level]()).value == [.low, .high])
        expectTypeError(try mapJSON("[1, 3]", initial: [Level]()), initial: [], at: "v[1]")
        #expect(try mapJSON("2", initial: Level?.none).value == .high)
    }
}

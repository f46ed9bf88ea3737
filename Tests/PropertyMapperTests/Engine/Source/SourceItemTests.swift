import Foundation
import Testing

@testable import PropertyMapper

/// One source value, read once into what the conversions switch over: its scalar, its kind as JSON
/// names it, and a keyed or indexed view of a container.
@Suite struct SourceItemTests {
    struct Place {}

    @Test func swiftAndFoundationScalarsReadAlike() {
        #expect(SourceItem("a").kind == .string)
        #expect(SourceItem(NSString(string: "a")).kind == .string)
        #expect(SourceItem(true).kind == .boolean)
        #expect(SourceItem(NSNumber(value: true)).kind == .boolean)
        #expect(SourceItem(1).kind == .number)
        #expect(SourceItem(NSNumber(value: 1)).kind == .number)
        #expect(SourceItem(Int8(-3)).kind == .number)
        #expect(SourceItem(Float(0.5)).kind == .number)
        #expect(SourceItem(NSNull()).isNull)
        #expect(!SourceItem(0).isNull)
    }

    @Test func aBooleanNSNumberIsNeverANumber() {
        let boolean = SourceItem(NSNumber(value: true))
        let integer = SourceItem(NSNumber(value: 1))
        #expect(boolean.kind == .boolean)
        #expect(
            {
                if case .bool(true) = boolean.scalar { true } else { false }
            }(), "NSNumber(true) must read as the Bool true")
        #expect(integer.kind == .number)
        #expect(
            {
                if case let .number(number) = integer.scalar, case .int(1) = number { true } else { false }
            }(), "NSNumber(1) must read as the integer 1")
    }

    @Test func optionalsAreUnwrappedAndNilIsNull() {
        let some: Int? = 3
        let none: String? = nil
        let nested: Int?? = .some(nil)
        #expect(SourceItem(some as Any).kind == .number)
        #expect(SourceItem(none as Any).isNull)
        #expect(SourceItem(nested as Any).isNull)
    }

    @Test func containersHaveTheirViews() {
        let dictionary = SourceItem(["a": 1] as [String: Any])
        #expect(dictionary.kind == .object)
        #expect(dictionary.keyed?.count == 1)
        #expect(dictionary.indexed == nil)
        let array = SourceItem([1, 2, 3] as [Any])
        #expect(array.kind == .array)
        #expect(array.indexed?.count == 3)
        #expect(array.keyed == nil)
        #expect(SourceItem(NSDictionary(dictionary: ["a": 1, "b": 2])).keyed?.count == 2)
        #expect(SourceItem(NSArray(array: [1])).indexed?.count == 1)
        #expect(SourceItem([1, 2] as [Int]).indexed?.count == 2)
        #expect(SourceItem("text").keyed == nil && SourceItem("text").indexed == nil)
    }

    @Test func anyOtherValueIsOtherByItsTypeName() {
        #expect(SourceItem(Place()).kind == .other(typeName: "Place"))
    }
}

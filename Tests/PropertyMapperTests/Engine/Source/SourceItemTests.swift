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
        guard case .bool(true) = SourceItem(NSNumber(value: true)).scalar else {
            Issue.record("NSNumber(true) reads as a Bool")
            return
        }
        guard case let .number(number) = SourceItem(NSNumber(value: 1)).scalar, case .int(1) = number else {
            Issue.record("NSNumber(1) reads as the integer 1")
            return
        }
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

import Testing

@testable import PropertyMapper

/// A field's `default:` and `fallback:` as the engine stages them.
@Suite struct SubstitutesTests {
    @Test func eachSubstituteIsMadeFromItsOwnValue() {
        let substitutes = Substitutes<[Int]>(default: [1], fallback: [2, 3])
        #expect(substitutes.defaultValue?() == [1])
        #expect(substitutes.fallback?() == [2, 3])
    }

    @Test func aMissingSubstituteMakesNothing() {
        let defaultOnly = Substitutes<Int>(default: 7, fallback: nil)
        #expect(defaultOnly.fallback == nil)
        #expect(Substitutes<Int>().defaultValue == nil)
    }

    /// A nil fallback for an optional property is no fallback, not a fallback of nil.
    @Test func aNilFallbackForAnOptionalPropertyIsNone() {
        let substitutes = Substitutes<Int?>(default: .some(nil), fallback: nil)
        #expect(substitutes.fallback == nil)
        #expect(substitutes.defaultValue?() == .some(nil))
    }
}

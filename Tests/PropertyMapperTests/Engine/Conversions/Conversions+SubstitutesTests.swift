import Testing

@testable import PropertyMapper

/// A field's `default:` and `fallback:` as the engine stages them.
@Suite struct SubstitutesTests {
    @Test func eachSubstituteIsMadeFromItsOwnValue() {
        let substitutes = Substitutes<[Int]>(default: [1], fallback: [2, 3])
        #expect(substitutes.maker(.defaultValue)?() == [1])
        #expect(substitutes.maker(.fallback)?() == [2, 3])
    }

    @Test func nullAndAMissingSubstituteMakeNothing() {
        let defaultOnly = Substitutes<Int>(default: 7, fallback: nil)
        #expect(defaultOnly.maker(.null) == nil)
        #expect(defaultOnly.maker(.fallback) == nil)
        #expect(Substitutes<Int>().maker(.defaultValue) == nil)
    }

    /// A nil fallback for an optional property is no fallback, not a fallback of nil.
    @Test func aNilFallbackForAnOptionalPropertyIsNone() {
        let substitutes = Substitutes<Int?>(default: .some(nil), fallback: nil)
        #expect(substitutes.fallback == nil)
        #expect(substitutes.maker(.defaultValue)?() == .some(nil))
    }
}

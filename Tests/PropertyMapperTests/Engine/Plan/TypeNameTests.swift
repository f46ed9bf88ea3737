import Foundation
import Testing

@testable import PropertyMapper

/// Type names as a user writes them in Swift, for the `expected` part of a `type` error.
@Suite struct TypeNameTests {
    struct Place {}

    @Test func containersAreSpelledAsInSwift() {
        #expect(TypeName.of(Int?.self) == "Int?")
        #expect(TypeName.of([String].self) == "[String]")
        #expect(TypeName.of([String: Double].self) == "[String: Double]")
    }

    @Test func containersNestAndOtherTypesKeepTheirOwnName() {
        #expect(TypeName.of([[Int]?].self) == "[[Int]?]")
        #expect(TypeName.of([String: [Int?]]?.self) == "[String: [Int?]]?")
        #expect(TypeName.of(Place.self) == "Place")
        #expect(TypeName.of(Set<Int>.self) == "Set<Int>")
    }
}

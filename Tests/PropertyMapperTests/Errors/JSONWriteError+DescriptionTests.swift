import Testing

@testable import PropertyMapper

/// A write error in words: where (the root named as such) and what JSON cannot hold.
@Suite struct JSONWriteErrorDescriptionTests {
    @Test func namesThePathOrTheRoot() {
        let nested = JSONWriteError(problem: .tooDeep, path: "a[1]")
        #expect(nested.description.hasPrefix("a[1]: "))
        let root = JSONWriteError(problem: .tooDeep, path: "")
        #expect(root.description.hasPrefix("(root): "))
        #expect(root.description.contains("\(JSONWriter.maximumDepth)"))
    }

    @Test func namesTheTypeAndSpellsNonFiniteNumbers() {
        #expect(JSONWriteError.Problem.notJSONValue(typeName: "Place").phrase.contains("Place"))
        #expect(NonFiniteNumber.nan.spelled == "nan")
        #expect(NonFiniteNumber.infinity.spelled == "inf")
        #expect(NonFiniteNumber.negativeInfinity.spelled == "-inf")
        #expect(JSONWriteError.Problem.nonFinite(.negativeInfinity).phrase.contains("(-inf)"))
    }
}

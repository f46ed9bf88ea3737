import Testing

@testable import PropertyMapper

extension SerializationTests {
    /// The words for a value the writer refuses.
    @Suite struct JSONWriteErrorTests {
        @Test func describesEachProblem() {
            #expect(
                JSONWriteError(problem: .notJSONValue(typeName: "Date"), path: "[2].published").description
                    == "[2].published: a value of type Date, which JSON cannot hold")
            #expect(
                JSONWriteError(problem: .nonFinite(.nan), path: "").description
                    == "(root): a non-finite number (nan), which JSON cannot hold")
            #expect(JSONWriteError.Problem.nonFinite(.negativeInfinity).phrase == "a non-finite number (-inf), which JSON cannot hold")
            #expect(
                JSONWriteError.Problem.tooDeep.phrase
                    == "containers nested deeper than 512 levels, or than the thread's stack allows (or a container that contains itself)")
        }

        @Test func isTheMessageOfASerializeError() {
            let error = ValidationError(
                path: "score", property: "score", rule: "serialize", value: "inf",
                failure: .notSerializable(.nonFinite(.infinity)))
            #expect(error.description == "score → score: a non-finite number (inf), which JSON cannot hold; got inf [serialize]")
        }
    }
}

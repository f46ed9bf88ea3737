import Foundation
import PropertyMapper
import Testing

@Suite struct MappingErrorTests {
    static let missing = ValidationError(
        path: "videoURL", property: "contentURL", rule: "isRequired", value: nil, message: "value is missing")
    static let tooLong = ValidationError(path: "name", property: "title", rule: "lengthRange", value: #""xx""#, message: "too long")

    @Test func publicInitStoresTheErrorsInOrder() {
        let error = MappingError(errors: [Self.missing, Self.tooLong])
        #expect(error.errors == [Self.missing, Self.tooLong])
        var copy = error
        copy.errors.removeFirst()
        #expect(copy.errors == [Self.tooLong])
        #expect(error.errors.count == 2)
    }

    @Test func equalityAndHashingFollowTheErrors() {
        let first = MappingError(errors: [Self.missing, Self.tooLong])
        let same = MappingError(errors: [Self.missing, Self.tooLong])
        let reordered = MappingError(errors: [Self.tooLong, Self.missing])
        #expect(first == same)
        #expect(first != reordered)
        #expect(first.hashValue == same.hashValue)
        #expect(Set([first, same, reordered]).count == 2)
    }

    @Test func descriptionHasAHeadingAndOneLinePerError() {
        let errors = [Self.missing, Self.tooLong, Self.missing]
        let lines = MappingError(errors: errors).description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("3 ") == true)
        #expect(Array(lines.dropFirst()) == errors.map { "- \($0.description)" })
    }

    @Test func descriptionOfOneErrorIsSingular() {
        let text = MappingError(errors: [Self.tooLong]).description
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("1 ") == true)
        #expect(lines.last == "- \(Self.tooLong.description)")
        #expect(String(describing: MappingError(errors: [Self.tooLong])) == text)
    }

    @Test func thrownErrorIsTypedAndListsEveryFailure() {
        struct Clip {
            var title = ""
            var count = 0
        }
        let mapping: Mapping<Clip> = ["title": .property(\.title).isRequired(), "count": .property(\.count).max(1)]
        var clip = Clip()
        do {
            try Mapper.mapValues(from: ["count": 2], to: &clip, using: mapping)
            Issue.record("expected a MappingError")
        } catch {
            // `throws(MappingError)`: no cast needed.
            let thrown: MappingError = error
            #expect(thrown.errors.map(\.rule) == ["isRequired", "max"])
            #expect(thrown.errors.map(\.path) == ["title", "count"])
        }
    }

    @Test func isAnErrorUsableAsAnyError() {
        let error: any Error = MappingError(errors: [Self.missing])
        #expect((error as? MappingError)?.errors == [Self.missing])
    }
}

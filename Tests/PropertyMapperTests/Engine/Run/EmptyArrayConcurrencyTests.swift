import Foundation
import PropertyMapper
import Testing

/// Many threads mapping empty arrays at once: the arrays they build must share nothing that is
/// written (run under the Thread Sanitizer by `Scripts/tsan.sh`).
@Suite struct EmptyArrayConcurrencyTests {
    struct Holder: Mappable, Equatable {
        var numbers: [Int] = [1]
        var doubles: [Double] = [1]
        var nested: [[Int]] = [[1]]
        static let mapping: Mapping<Holder> = [
            "numbers": .property(\.numbers), "doubles": .property(\.doubles), "nested": .property(\.nested),
        ]
    }

    @Test func emptyArraysFromManyThreads() {
        let wrong = ThreadFailures()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let source: [String: Any] = ["numbers": [Any](), "doubles": [Any](), "nested": [[Any]()]]
            for _ in 0..<2000 where (try? Mapper.map(Holder.self, from: source)) != Holder(numbers: [], doubles: [], nested: [[]]) {
                wrong.add("a wrong holder")
            }
        }
        #expect(wrong.all.isEmpty)
    }
}

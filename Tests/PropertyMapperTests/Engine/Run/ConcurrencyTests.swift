import FeedModel
import Foundation
import PropertyMapper
import Testing

/// What mapping one record gave: the whole mapped model, or the (path, rule) of each error.
enum ConcurrentOutcome: Equatable, Sendable {
    case mapped(VideoRecord)
    case failed([String])
}

@Suite struct ConcurrencyTests {
    static let recordCount = 3_000
    static let taskCount = 12

    /// Record `index`: every ninth is valid, the others carry one feed defect; each has its own id and name.
    static func record(_ index: Int) -> (record: [String: Any], expected: ConcurrentOutcome) {
        var overrides: [String: Any] = ["id": index + 1, "name": "Video \(index)"]
        let defects = Fixtures.feedDefects
        let kind = index % (defects.count + 1)
        guard kind < defects.count else {
            var expected = VideoRecord.mappedValidRecord
            expected.id = index + 1
            expected.title = "Video \(index)"
            return (.validRecord(overrides), .mapped(expected))
        }
        overrides.merge(defects[kind].overrides) { _, defect in defect }
        return (.validRecord(overrides), .failed(["\(defects[kind].path) \(defects[kind].rule)"]))
    }

    /// Maps record `index` through the shared static mappings: literal or parsed JSON, class or struct.
    static func map(_ index: Int) throws -> ConcurrentOutcome {
        let literal = record(index).record
        let source = index.isMultiple(of: 2) ? literal : try Fixtures.parsed(literal)
        do {
            if (index / 2).isMultiple(of: 2) {
                let video = Video()
                try Mapper.mapValues(from: source, to: video, using: Video.mapping)
                return .mapped(VideoRecord(video))
            } else {
                var value = VideoRecord()
                try Mapper.mapValues(from: source, to: &value, using: VideoRecord.mapping)
                return .mapped(value)
            }
        } catch {
            return .failed(error.errors.map { "\($0.path) \($0.rule)" })
        }
    }

    @Test func sharedMappingFromManyTasksAtOnce() async throws {
        let outcomes = try await withThrowingTaskGroup(of: [(Int, ConcurrentOutcome)].self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    try stride(from: task, to: Self.recordCount, by: Self.taskCount).map { index in (index, try Self.map(index)) }
                }
            }
            var all: [Int: ConcurrentOutcome] = [:]
            for try await results in group {
                for (index, outcome) in results { all[index] = outcome }
            }
            return all
        }
        #expect(outcomes.count == Self.recordCount)
        var mismatches: [Int] = []
        var valid = 0
        for index in 0..<Self.recordCount {
            let expected = Self.record(index).expected
            if outcomes[index] != expected { mismatches.append(index) }
            if case .mapped = expected { valid += 1 }
        }
        #expect(mismatches.isEmpty, "first mismatch: \(mismatches.first.map { "\($0): \(String(describing: outcomes[$0]))" } ?? "")")
        #expect(valid == 333, "every ninth record is valid")
    }

    @Test func validateFromManyTasksAtOnce() async {
        let counts = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var matches = 0
                    for index in stride(from: task, to: 900, by: 8) {
                        let (record, expected) = Self.record(index)
                        let errors = Mapper.validate(record, for: VideoRecord(), using: VideoRecord.mapping)
                        let expectedErrors: [String]
                        switch expected {
                        case .mapped: expectedErrors = []
                        case let .failed(list): expectedErrors = list
                        }
                        if errors.map({ "\($0.path) \($0.rule)" }) == expectedErrors { matches += 1 }
                    }
                    return matches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(counts == 900)
    }
}

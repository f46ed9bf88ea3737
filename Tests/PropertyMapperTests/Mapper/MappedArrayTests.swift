import Testing

@testable import PropertyMapper

/// The result of mapping an array record by record: the models that mapped, the failures by index,
/// and one list of warnings per record.
@Suite struct MappedArrayTests {
    static let failure = MappingError(errors: [
        ValidationError(path: "id", property: "id", rule: "type", value: "\"1\"", message: "m")
    ])
    static let warning = MappingWarning(path: "a", property: "a", kind: .coerced, value: nil, message: "m")

    @Test func modelsAndFailuresSplitTheResultsInOrder() {
        let batch = MappedArray<Int>(results: [.success(1), .failure(Self.failure), .success(3), .failure(Self.failure)])
        #expect(batch.models == [1, 3])
        #expect(batch.failures.map(\.index) == [1, 3])
        #expect(batch.failures.allSatisfy { $0.error == Self.failure })
        #expect(batch.warnings == [[], [], [], []])
    }

    @Test func anEmptyBatchHasNothing() {
        let batch = MappedArray<Int>(results: [])
        #expect(batch.models.isEmpty && batch.failures.isEmpty && batch.warnings.isEmpty)
    }

    @Test func batchRecordsKeepOneListOfWarningsPerRecord() {
        var records = BatchRecords()
        records.append([])
        records.append([Self.warning])
        records.append([])
        records.append([])
        records.append([Self.warning, Self.warning])
        records.append([])
        #expect(records.warnings.map(\.count) == [0, 1, 0, 0, 2, 0])
        #expect(BatchRecords().warnings.isEmpty)
    }
}

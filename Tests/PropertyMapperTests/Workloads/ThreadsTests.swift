import Foundation
import Testing
import ThreadsWorkload

/// The Swift threads generator against `make_threads.py` (Python 3.11.7): the SHA-256 digests and
/// figures below were taken by hand from the script's output on 2026-11-25,
///
///     python3 make_threads.py --records 2000 [--invalid-fraction 0.05 [--label]] --out FILE; sha256sum FILE
///
/// and the Swift output was compared with it byte for byte (`feed-benchmark --write-threads`).
/// The tests do not run Python: the script lives outside the package.
@Suite struct ThreadsTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        let arguments: String
        let records: Int
        let invalidFraction: Double
        let label: Bool
        let bytes: Int
        let sha256: String
        let expected: ThreadsOutcome

        var testDescription: String { arguments }
    }

    static let references = [
        Reference(
            arguments: "--records 2000", records: 2000, invalidFraction: 0, label: false, bytes: 4_194_075,
            sha256: "55f8f73566a5bee304784ce1a08fab8070fd8d618733f9b4780cf1ef7eefc9b2",
            expected: ThreadsOutcome(records: 2000, valid: 2000, invalid: 0, errors: 0, checksum: 2_016_467)),
        Reference(
            arguments: "--records 2000 --invalid-fraction 0.05", records: 2000, invalidFraction: 0.05, label: false,
            bytes: 4_171_550, sha256: "54ac0abfab6132e472f52f6416201e41724156c6948ed8bdecb825cf8e5cca4f",
            expected: ThreadsOutcome(records: 2000, valid: 1882, invalid: 118, errors: 118, checksum: 1_898_904)),
        Reference(
            arguments: "--records 2000 --invalid-fraction 0.05 --label", records: 2000, invalidFraction: 0.05, label: true,
            bytes: 4_178_720, sha256: "1069852f863ca919df06b478ed1ffb0959ef563f7a42f88bd5c76d7385274b87",
            expected: ThreadsOutcome(records: 2000, valid: 1882, invalid: 118, errors: 118, checksum: 1_898_904)),
        // Every record defective: each of the 14 defect kinds 128 to 182 times, at every depth, and
        // every branch that first adds a node to carry the defect (a comment, a label, an attachment).
        Reference(
            arguments: "--records 2000 --invalid-fraction 1 --label", records: 2000, invalidFraction: 1, label: true,
            bytes: 4_283_481, sha256: "4c4d45d281626ae2b3c4adb4918fc9af4c7e244dac8553de657f5a1307736b5d",
            expected: ThreadsOutcome(records: 2000, valid: 0, invalid: 2000, errors: 2000, checksum: 0)),
    ]

    @Test(arguments: references)
    func reproducesMakeThreads(reference: Reference) {
        let threads = Threads(records: reference.records, invalidFraction: reference.invalidFraction, label: reference.label)
        #expect(threads.expected == reference.expected)
        #expect(threads.json.count == reference.bytes)
        #expect(threads.sha256 == reference.sha256)
    }

    @Test func labelsExactlyTheDefectiveRecords() throws {
        let threads = Threads(records: 400, invalidFraction: 0.05, label: true)
        let records = try #require(try JSONSerialization.jsonObject(with: threads.json) as? [[String: Any]])
        let labelled = records.filter { $0["_defect"] != nil }
        #expect(records.count == 400)
        #expect(labelled.count == threads.expected.invalid)
        #expect(labelled.allSatisfy { ($0["_defect_path"] as? String)?.isEmpty == false })
        // The same arguments give the same bytes; the label only adds keys.
        #expect(Threads(records: 400, invalidFraction: 0.05, label: true).json == threads.json)
        #expect(Threads(records: 400, invalidFraction: 0.05).expected == threads.expected)
    }

    @Test func expectsAThrowFromAllOrNothingOnlyWithDefects() {
        let valid = ThreadsOutcome(records: 3, valid: 3, invalid: 0, errors: 0, checksum: 12)
        #expect(valid.allOrNothing == valid)
        let defective = ThreadsOutcome(records: 3, valid: 2, invalid: 1, errors: 1, checksum: 8)
        #expect(defective.allOrNothing == .thrown(records: 3, errors: 1))
    }
}

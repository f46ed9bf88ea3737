import Foundation
import PropertyMapper
import Testing

/// A shipment record with a custom boxing, custom validators and a call: the mapping is a
/// `static let`, built once and shared by every task.
struct Shipment: Equatable, Sendable {
    var id = 0
    var trackingURL: URL?
    var color: UInt32 = 0
    var status = ""
    var weight = 0.0
    var tags: [String] = []
    var code = 0
    var email = ""

    static let mapping: Mapping<Shipment> = [
        "id": .property(\.id).isRequired().min(1),
        "url": .box(.url, \.trackingURL).isRequired().validate("isSecure") { (text: String) in text.hasPrefix("https://") },
        "color": .box(.rgbColor, \.color).isLowercaseASCII(),
        "status": .call(Shipment.status(from:), \.status).oneOf(["new", "sent", "lost"]),
        "weight": .property(\.weight).range(0.0, 100.0),
        "tags": .property(\.tags).maxLength(3),
        "meta": ["code": .property(\.code).range(0...999), "email": .property(\.email).matchesRegEx(#"^[a-z0-9]+@example\.com$"#)],
    ]

    func status(from text: String) -> String? {
        ["new", "sent", "lost"].contains(text) ? text : nil
    }

    /// Record `index` as a source; every seventh record has one defect, at the path returned.
    static func record(_ index: Int) -> (source: [String: Any], defect: String?) {
        var source: [String: Any] = [
            "id": index + 1,
            "url": "https://track.example.com/\(index)",
            "color": hexColor(index),
            "status": ["new", "sent", "lost"][index % 3],
            "weight": Double(index % 1000) / 10,
            "tags": Array(["a", "b", "c"].prefix(index % 4)),
            "meta": ["code": index % 1000, "email": "user\(index)@example.com"],
        ]
        guard index % 7 == 0 else { return (source, nil) }
        switch index / 7 % 4 {
        case 0: source["url"] = "http://track.example.com/\(index)"; return (source, "url")
        case 1: source["color"] = "#ABCDEF"; return (source, "color")
        case 2: source["meta"] = ["code": 1000 + index, "email": "x@example.com"]; return (source, "meta.code")
        default: source["status"] = "unknown"; return (source, "status")
        }
    }

    static func hexColor(_ index: Int) -> String {
        let hex = String(index * 2_654_435_761 % 0x1000000, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// What record `index` must map to, written out without the mapper.
    static func expected(_ index: Int) -> Shipment {
        Shipment(
            id: index + 1, trackingURL: URL(string: "https://track.example.com/\(index)"),
            color: UInt32(index * 2_654_435_761 % 0x1000000), status: ["new", "sent", "lost"][index % 3],
            weight: Double(index % 1000) / 10, tags: Array(["a", "b", "c"].prefix(index % 4)),
            code: index % 1000, email: "user\(index)@example.com")
    }
}

/// Maps thousands of records from 8 tasks at once through one shared mapping. Run under the
/// Thread Sanitizer by `Scripts/tsan.sh`; in the normal suite it checks every result.
@Suite struct SharedMappingConcurrencyTests {
    static let tasks = 8
    static let recordsPerTask = 1000

    /// One task's work: every record mapped through `inout`, half of them from JSON bytes, plus a dry run.
    static func mapRecords(task: Int) -> [String] {
        var problems: [String] = []
        for index in (task * recordsPerTask)..<((task + 1) * recordsPerTask) {
            let (source, defect) = Shipment.record(index)
            var shipment = Shipment()
            do {
                if index % 2 == 0 {
                    try Mapper.mapValues(from: source, to: &shipment, using: Shipment.mapping)
                } else {
                    let json = try JSONSerialization.data(withJSONObject: source)
                    try Mapper.mapValues(fromJSON: json, to: &shipment, using: Shipment.mapping)
                }
                if let defect { problems.append("record \(index) mapped despite a defect at \(defect)") }
                if shipment != Shipment.expected(index) { problems.append("record \(index) mapped to \(shipment)") }
            } catch let error as MappingError {
                if error.errors.map(\.path) != [defect].compactMap({ $0 }) { problems.append("record \(index): \(error)") }
                if shipment != Shipment() { problems.append("record \(index) half-written") }
            } catch {
                problems.append("record \(index): \(error)")
            }
            let dryRun = Mapper.validate(source, for: Shipment(), using: Shipment.mapping)
            if dryRun.map(\.path) != [defect].compactMap({ $0 }) { problems.append("record \(index) dry run: \(dryRun)") }
        }
        return problems
    }

    @Test func eightTasksShareOneMapping() async {
        let problems = await withTaskGroup(of: [String].self) { group in
            for task in 0..<Self.tasks {
                group.addTask { Self.mapRecords(task: task) }
            }
            var all: [String] = []
            for await problems in group { all += problems }
            return all
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func batchesMapConcurrently() async throws {
        let records = (0..<2000).map { Shipment.record($0).source as Any }
        let json = try JSONSerialization.data(withJSONObject: records)
        let counts = await withTaskGroup(of: (valid: Int, failed: [Int]).self) { group in
            for _ in 0..<Self.tasks {
                group.addTask {
                    guard let batch = try? Mapper.mapArray(fromJSON: json, using: Shipment.mapping, create: Shipment.init) else {
                        return (0, [])
                    }
                    return (batch.models.count, batch.failures.map(\.index))
                }
            }
            var all: [(valid: Int, failed: [Int])] = []
            for await count in group { all.append(count) }
            return all
        }
        let defective = (0..<2000).filter { $0 % 7 == 0 }
        #expect(counts.count == Self.tasks)
        for count in counts {
            #expect(count.valid == 2000 - defective.count)
            #expect(count.failed == defective)
        }
    }
}

import Foundation
import Testing

/// The two forms a record arrives in: a Swift literal, and JSONSerialization output from bytes.
enum SourceForm: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case literal, parsed

    /// The record in this form.
    func callAsFunction(_ record: [String: Any]) throws -> [String: Any] {
        switch self {
        case .literal: record
        case .parsed: try Fixtures.parsed(record)
        }
    }

    /// A top-level array in this form.
    func array(_ array: [Any]) throws -> Any {
        switch self {
        case .literal: array
        case .parsed: try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: array))
        }
    }

    var testDescription: String { rawValue }
}

/// A thread-safe record of what boxings, calls and validators were invoked with, kept apart from
/// the model so that recording never mutates it.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String = "") {
        lock.withLock { entries.append(entry) }
    }

    var all: [String] { lock.withLock { entries } }
    var count: Int { lock.withLock { entries.count } }
}

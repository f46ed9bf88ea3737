/// What a run over the threads workload reports: records, valid, invalid, errors, and the checksum
/// Σ(id + number of comments, replies at every depth included + number of labels) over valid records.
///
/// Each defective record carries exactly one defect, which gives exactly one error, so for a
/// per-record run `errors == invalid`. An all-or-nothing run that throws on the whole array reports
/// `thrown(records:errors:)`: no valid record, no invalid one, and the errors the throw carried.
public struct ThreadsOutcome: Equatable, Sendable, CustomStringConvertible {
    public var records = 0
    public var valid = 0
    public var invalid = 0
    public var errors = 0
    public var checksum = 0

    public init() {}

    public init(records: Int, valid: Int, invalid: Int, errors: Int, checksum: Int) {
        self.records = records
        self.valid = valid
        self.invalid = invalid
        self.errors = errors
        self.checksum = checksum
    }

    /// The outcome of an all-or-nothing mapping of the whole array that threw `errors` errors.
    public static func thrown(records: Int, errors: Int) -> Self {
        Self(records: records, valid: 0, invalid: 0, errors: errors, checksum: 0)
    }

    /// What an all-or-nothing mapping of the whole array must report for a file with this outcome:
    /// the same outcome when every record is valid, else a throw carrying every error.
    public var allOrNothing: Self {
        invalid == 0 ? self : .thrown(records: records, errors: errors)
    }

    /// Counts one valid record: its id, its number of comments (replies at every depth included)
    /// and of labels.
    public mutating func add(validID id: Int, comments: Int, labels: Int) {
        records += 1
        valid += 1
        checksum += id + comments + labels
    }

    /// Counts one rejected record and its errors.
    public mutating func add(invalidWithErrors count: Int) {
        records += 1
        invalid += 1
        errors += count
    }

    public var description: String {
        "records \(records), valid \(valid), invalid \(invalid), errors \(errors), checksum \(checksum)"
    }
}

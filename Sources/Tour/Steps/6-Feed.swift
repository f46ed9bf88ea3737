import FeedModel
import Foundation
import PropertyMapper

// Step 6 of the tour; the playground page Feed holds the same code with its prose.

func sampleFeed(_ feedURL: URL) throws {
    step(6, "The sample feed")
    // tour:begin
    let feed = try Data(contentsOf: feedURL)
    let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }
    let failures = batch.failures
    // tour:end
    print("\(feedURL.lastPathComponent): \(batch.results.count) records")
    table([
        ["mapped", String(batch.models.count)],
        ["rejected", String(failures.count)],
    ])

    // Every error, grouped by its rule.
    let errors = failures.flatMap { $0.error.errors }
    var byRule: [String: [ValidationError]] = [:]
    for error in errors {
        byRule[error.rule, default: []].append(error)
    }
    let groups = byRule.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
    print("\(errors.count) errors by rule:")
    table(
        [["RULE", "ERRORS", "PATHS"]]
            + groups.map { rule, errors in
                [rule, String(errors.count), Set(errors.map(\.path)).sorted().joined(separator: ", ")]
            })

    // tour:begin
    // The first few rejected records, with the errors as the library prints them.
    print("the first 3 rejected records:")
    for failure in failures.prefix(3) {
        print("record \(failure.index): \(failure.error)")
    }
    // tour:end
}

import FeedModel
import Foundation
import PropertyMapper

// Step 7 of the tour; the playground page DryRun holds the same code with its prose.

func dryRun() throws {
    step(7, "Mapper.validate: a dry run")
    // tour:begin
    let model = Video()
    let valid = Video.sampleRecord()
    var invalid = Video.sampleRecord()
    invalid["rating"] = 9
    invalid["videoType"] = "hologram"

    let validProblems = Mapper.validate(valid, for: model, using: Video.mapping)
    let invalidProblems = Mapper.validate(invalid, for: model, using: Video.mapping)
    // tour:end
    table([
        ["valid record", "\(validProblems.count) errors"],
        ["record with 2 defects", "\(invalidProblems.count) errors"],
    ])
    errorTable(invalidProblems)

    // Nothing was written, not even from the valid record.
    print("model after both dry runs: id \(model.id), title \(show(model.title))")
}

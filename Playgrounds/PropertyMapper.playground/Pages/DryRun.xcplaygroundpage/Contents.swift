/*:
 # 7. A dry run

 `Mapper.validate(_:for:using:)` runs every check, calls included, and writes nothing. It returns
 the errors `mapValues` would throw, or an empty array when the record would map.
 */
import Foundation
import PropertyMapper

heading(7, "Mapper.validate: a dry run")
let model = Video()
let valid = Video.sampleRecord()
var invalid = Video.sampleRecord()
invalid["rating"] = 9
invalid["videoType"] = "hologram"

let validProblems = Mapper.validate(valid, for: model, using: Video.mapping)
let invalidProblems = Mapper.validate(invalid, for: model, using: Video.mapping)
table([
    ["valid record", "\(validProblems.count) errors"],
    ["record with 2 defects", "\(invalidProblems.count) errors"],
])
errorTable(invalidProblems)

//: Nothing was written, not even from the valid record.
print("model after both dry runs: id \(model.id), title \(show(model.title))")

//: [Previous](@previous) | [Next](@next)

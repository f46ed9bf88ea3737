/*:
 # 5. Validation

 Validators chain on a descriptor and read as requirements: `.property(\.title).isRequired().lengthRange(1, 80)`.
 The mapper checks every field before it writes any, collects every failure, and writes nothing
 unless all of them passed. Each failure carries the source `path`, the target `property`, the `rule`,
 the offending `value` (rendered briefly) and a `message`.

 `Video` and its mapping (the feed's rules) are in the playground's `Sources/Video.swift`.
 */
import Foundation
import PropertyMapper

heading(5, "Validation: every error, and nothing written")
let video = Video()
try Mapper.mapValues(fromJSON: Video.sampleJSON, to: video, using: Video.mapping)
print("a valid record mapped:")
table(video.summary)

//: Now a record with six defects, one per field.
var defective = Video.sampleRecord()
defective["id"] = "42"
defective["videoURL"] = nil
defective["name"] = String(repeating: "x", count: 200)
defective["rating"] = 9
defective["published_at"] = "yesterday"
defective["author"] = ["id": 1680, "email": "not-an-email", "display_name": "Romeo"]

let before = video.summary
do throws(MappingError) {
    try Mapper.mapValues(from: defective, to: video, using: Video.mapping)
    print("mapped, unexpectedly")
} catch {
    print("a record with six defects: \(error.errors.count) errors, in mapping order")
    errorTable(error.errors)
}

//: All or nothing: the model still holds the values of the valid record.
print("the model after the failed mapping:")
table(video.summary)
print(video.summary == before ? "unchanged: every property kept its old value" : "CHANGED")

//: [Previous](@previous) | [Next](@next)

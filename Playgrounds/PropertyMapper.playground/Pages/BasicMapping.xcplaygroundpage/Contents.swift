/*:
 # 1. Basic mapping

 A `Mapping` is a dictionary from source keys to property descriptors. `.property(\.title)` writes the
 value under `"name"` into `title`, after checking that it is a string: types are strict, so a number
 never becomes a `String` and a `Bool` never becomes a number.

 Classes are mapped in place; structs are mapped through `inout`. The same call takes a parsed
 dictionary (`from:`) or JSON text or bytes (`fromJSON:`).
 */
import Foundation
import PropertyMapper

final class Clip {
    var title = ""
    var duration = 0.0
    var isPremium = false
    var tags: [String] = []
    var subtitle: String? = "draft"

    static let mapping: Mapping<Clip> = [
        "name": .property(\.title),
        "duration": .property(\.duration),
        "is_premium": .property(\.isPremium),
        "tags": .property(\.tags),
        "subtitle": .property(\.subtitle),
    ]
}

struct ClipSummary {
    var title = ""
    var duration = 0.0

    static let mapping: Mapping<ClipSummary> = [
        "name": .property(\.title),
        "duration": .property(\.duration),
    ]
}

heading(1, "Basic mapping: one record into a class and into a struct")
let clipJSON = #"{"name": "Some Cool Video", "duration": 95.5, "is_premium": true, "tags": ["demo", "swift"], "subtitle": null}"#
print("source: \(clipJSON)")

//: A class is mapped in place. `null` writes `nil` into the optional `subtitle`, which was `"draft"`.
let clip = Clip()
try Mapper.mapValues(fromJSON: clipJSON, to: clip, using: Clip.mapping)
print("class Clip, mapped in place:")
table([
    ["title", show(clip.title)],
    ["duration", show(clip.duration)],
    ["isPremium", show(clip.isPremium)],
    ["tags", show(clip.tags)],
    ["subtitle", show(clip.subtitle)],
])
print("subtitle was \"draft\": a JSON null writes nil into an optional property")

//: A struct is mapped through `inout`. Keys the mapping does not name are ignored.
var summary = ClipSummary()
try Mapper.mapValues(fromJSON: clipJSON, to: &summary, using: ClipSummary.mapping)
print("struct ClipSummary, mapped through inout:")
table([
    ["title", show(summary.title)],
    ["duration", show(summary.duration)],
])

//: [Next](@next)

/*:
 # 9. Serializing

 The mapping that reads a model also writes it back. `Mapper.serializeJSON(_:using:)` turns a model's
 current values into JSON in the shape its mapping reads: the same keys, nested dictionaries
 (`author`, `stats`) and index arrays (`geo`), nested models through their own mapping, enums by
 their raw value, and boxings and calls through their reverse (`.url` writes the URL's
 `absoluteString`, `.date` ISO 8601 in UTC with milliseconds, and `Video.mapping`'s `videoType` call
 has `reverse: Video.name(of:)`). `Mapper.serialize(_:using:)` gives the same shape as `[String: Any]`.
 Validators do not run on the way back.

 The default output is compact, with keys in mapping order and nil left out; `.prettyPrinted`,
 `.sortedKeys` and `.writingNulls` change that. An array of models is one JSON array. A field with no
 way back (a call without `reverse:`, a boxing without a reverse) is a `serialize` error, reported
 before anything is written, unless the field is marked `.oneWay()`.

 The sample is the first record of the playground's resource `feed.json`.
 */
import Foundation
import PropertyMapper

let feedURL = Bundle.main.url(forResource: "feed", withExtension: "json")!

heading(9, "Serializing: the same mapping, backwards")
let feed = try Data(contentsOf: feedURL)
let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }

//: The feed's first record, mapped, then edited.
let video = batch.models[0]
video.title += " (remastered)"
video.type = .longVideo
video.rating = 5
video.tags.append("remastered")
print("record \(video.id) of \(feedURL.lastPathComponent), edited:")
table([
    ["title", show(video.title)],
    ["type", show(video.type)],
    ["rating", show(video.rating)],
    ["tags", show(video.tags)],
    ["subtitle", show(video.subtitle)],
])

//: Compact, keys in mapping order, the nil subtitle left out.
let compact = try Mapper.serializeJSON(video, using: Video.mapping)
print("Mapper.serializeJSON(video, using: Video.mapping), \(compact.count) bytes:")
print(String(decoding: compact, as: UTF8.self))

//: Pretty, keys sorted, nil written as null.
let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys, .writingNulls])
print("options: [.prettyPrinted, .sortedKeys, .writingNulls]:")
print(String(decoding: pretty, as: UTF8.self))

//: The round trip: the text maps back into the same values, which serialize into the same bytes.
let again = Video()
try Mapper.mapValues(fromJSON: compact, to: again, using: Video.mapping)
let written = try Mapper.serializeJSON(again, using: Video.mapping)
print("mapped back and serialized again: \(written == compact ? "the same" : "different") \(written.count) bytes")

//: The whole feed in one JSON array, mapped back record by record.
let all = try Mapper.serializeJSON(batch.models, using: Video.mapping)
let back = try Mapper.mapArray(fromJSON: all, using: Video.mapping) { Video() }
table([
    ["serialized", "\(batch.models.count) records, \(all.count) bytes"],
    ["mapped back", "\(back.models.count) records, \(back.failures.count) rejected"],
])

//: A call without `reverse:` has no way back: a `serialize` error, found before anything is written.
let noReverse: Mapping<Video> = [
    "id": .property(\.id),
    "videoType": .call(Video.videoType(from:), \.type),
]
do {
    _ = try Mapper.serializeJSON(video, using: noReverse)
} catch {
    print("without reverse: \(error.errors.count) error")
    errorTable(error.errors)
}

//: Marked `.oneWay()`, the field is still mapped from data, and never serialized.
let oneWay: Mapping<Video> = [
    "id": .property(\.id),
    "videoType": .call(Video.videoType(from:), \.type).oneWay(),
]
print("with .oneWay(): \(String(decoding: try Mapper.serializeJSON(video, using: oneWay), as: UTF8.self))")

//: [Previous](@previous) | [Next](@next)

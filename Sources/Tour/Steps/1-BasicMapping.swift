import Foundation
import PropertyMapper

// Step 1 of the tour; the playground page BasicMapping holds the same code with its prose.

// tour:begin
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
// tour:end

func basicMapping() throws {
    step(1, "Basic mapping: one record into a class and into a struct")
    let clipJSON = #"{"name": "Some Cool Video", "duration": 95.5, "is_premium": true, "tags": ["demo", "swift"], "subtitle": null}"#
    print("source: \(clipJSON)")

    // tour:begin
    // A class is mapped in place. `null` writes `nil` into the optional `subtitle`, which was `"draft"`.
    let clip = Clip()
    try Mapper.mapValues(fromJSON: clipJSON, to: clip, using: Clip.mapping)

    // A struct is mapped through `inout`. Keys the mapping does not name are ignored.
    var summary = ClipSummary()
    try Mapper.mapValues(fromJSON: clipJSON, to: &summary, using: ClipSummary.mapping)
    // tour:end

    print("class Clip, mapped in place:")
    table([
        ["title", show(clip.title)],
        ["duration", show(clip.duration)],
        ["isPremium", show(clip.isPremium)],
        ["tags", show(clip.tags)],
        ["subtitle", show(clip.subtitle)],
    ])
    print("subtitle was \"draft\": a JSON null writes nil into an optional property")
    print("struct ClipSummary, mapped through inout:")
    table([
        ["title", show(summary.title)],
        ["duration", show(summary.duration)],
    ])
}

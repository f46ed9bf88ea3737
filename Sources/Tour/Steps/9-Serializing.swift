import FeedModel
import Foundation
import PropertyMapper

// Step 9 of the tour; the playground page Serializing holds the same code with its prose.

func serializing(_ feedURL: URL) throws {
    step(9, "Serializing: the same mapping, backwards")
    // tour:begin
    let feed = try Data(contentsOf: feedURL)
    let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }

    // The feed's first record, mapped, then edited.
    let video = batch.models[0]
    video.title += " (remastered)"
    video.type = .longVideo
    video.rating = 5
    video.tags.append("remastered")
    // tour:end
    print("record \(video.id) of \(feedURL.lastPathComponent), edited:")
    table([
        ["title", show(video.title)],
        ["type", show(video.type)],
        ["rating", show(video.rating)],
        ["tags", show(video.tags)],
        ["subtitle", show(video.subtitle)],
    ])

    // tour:begin
    // Compact, keys in mapping order, the nil subtitle left out.
    let compact = try Mapper.serializeJSON(video, using: Video.mapping)
    // tour:end
    print("Mapper.serializeJSON(video, using: Video.mapping), \(compact.count) bytes:")
    print(String(decoding: compact, as: UTF8.self))

    // tour:begin
    // Pretty, keys sorted, nil written as null.
    let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys, .writingNulls])
    // tour:end
    print("options: [.prettyPrinted, .sortedKeys, .writingNulls]:")
    print(String(decoding: pretty, as: UTF8.self))

    // tour:begin
    // The round trip: the text maps back into the same values, which serialize into the same bytes.
    let again = Video()
    try Mapper.mapValues(fromJSON: compact, to: again, using: Video.mapping)
    let written = try Mapper.serializeJSON(again, using: Video.mapping)
    // tour:end
    print("mapped back and serialized again: \(written == compact ? "the same" : "different") \(written.count) bytes")

    // tour:begin
    // The whole feed in one JSON array, mapped back record by record.
    let all = try Mapper.serializeJSON(batch.models, using: Video.mapping)
    let back = try Mapper.mapArray(fromJSON: all, using: Video.mapping) { Video() }
    // tour:end
    table([
        ["serialized", "\(batch.models.count) records, \(all.count) bytes"],
        ["mapped back", "\(back.models.count) records, \(back.failures.count) rejected"],
    ])

    // tour:begin
    // A call without `reverse:` has no way back: a `serialize` error, found before anything is written.
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
    // tour:end

    // tour:begin
    // Marked `.oneWay()`, the field is still mapped from data, and never serialized.
    let oneWay: Mapping<Video> = [
        "id": .property(\.id),
        "videoType": .call(Video.videoType(from:), \.type).oneWay(),
    ]
    print("with .oneWay(): \(String(decoding: try Mapper.serializeJSON(video, using: oneWay), as: UTF8.self))")
    // tour:end
}

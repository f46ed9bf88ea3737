import FeedModel
import Foundation
import PropertyMapper

// Step 5 of the tour; the playground page Validation holds the same code with its prose.

// tour:begin
// The feed's model, Video (a final class), in Sources/FeedModel/Video.swift; steps 6, 7 and 9 use it too:
// tour:include Sources/FeedModel/Video.swift public static let emailPattern
// tour:end

func validation() throws {
    step(5, "Validation: every error, and nothing written")
    // tour:begin
    let video = Video()
    try Mapper.mapValues(fromJSON: Video.sampleJSON, to: video, using: Video.mapping)
    // tour:end
    print("a valid record mapped:")
    table(summary(of: video))
    let before = summary(of: video)

    // tour:begin
    // Now a record with six defects, one per field.
    var defective = Video.sampleRecord()
    defective["id"] = "42"
    defective["videoURL"] = nil
    defective["name"] = String(repeating: "x", count: 200)
    defective["rating"] = 9
    defective["published_at"] = "yesterday"
    defective["author"] = ["id": 1680, "email": "not-an-email", "display_name": "Romeo"]
    do throws(MappingError) {
        try Mapper.mapValues(from: defective, to: video, using: Video.mapping)
        print("mapped, unexpectedly")
    } catch {
        print("a record with six defects: \(error.errors.count) errors, in mapping order")
        errorTable(error.errors)
    }
    // tour:end

    // All or nothing: the model still holds the values of the valid record.
    print("the model after the failed mapping:")
    table(summary(of: video))
    print(summary(of: video) == before ? "unchanged: every property kept its old value" : "CHANGED")
}

/// A few properties of `video` with their current values, for printing.
private func summary(of video: Video) -> [[String]] {
    [
        ["id", show(video.id)],
        ["contentURL", show(video.contentURL)],
        ["title", show(video.title)],
        ["rating", show(video.rating)],
        ["authorEmail", show(video.authorEmail)],
        ["publishedAt", show(video.publishedAt)],
    ]
}

import FeedModel
import Foundation
import PropertyMapper

// Step 4 of the tour; the playground page CallsAndLists holds the same code with its prose.

// tour:begin
final class Feature {
    var type: VideoType = .live
    var contentURL: URL?
    var rawURL = ""

    static let mapping: Mapping<Feature> = [
        "videoType": .call(Feature.videoType(from:), \.type),
        "videoURL": .list(.box(.url, \.contentURL), .property(\.rawURL)),
    ]

    func videoType(from string: String) -> VideoType? {
        VideoType(rawValue: string)
    }
}
// tour:end

func callsAndLists() throws {
    step(4, "A call (enum from string) and a list (one key, several properties)")
    let featureJSON = #"{"videoType": "longVideo", "videoURL": "https://cdn.example.com/v/8.mp4"}"#
    print("source: \(featureJSON)")
    // tour:begin
    let feature = Feature()
    try Mapper.mapValues(fromJSON: featureJSON, to: feature, using: Feature.mapping)
    // tour:end
    table([
        ["videoType", "→", "type", show(feature.type)],
        ["videoURL", "→", "contentURL", show(feature.contentURL)],
        ["videoURL", "→", "rawURL", show(feature.rawURL)],
    ])

    let badFeatureJSON = #"{"videoType": "hologram"}"#
    print("source: \(badFeatureJSON)")
    // tour:begin
    // An unknown type makes the call return nil: a `call` error, and `type` keeps its value.
    do {
        try Mapper.mapValues(fromJSON: badFeatureJSON, to: feature, using: Feature.mapping)
    } catch {
        print(error)
    }
    // tour:end
    print("type is still \(show(feature.type))")
}

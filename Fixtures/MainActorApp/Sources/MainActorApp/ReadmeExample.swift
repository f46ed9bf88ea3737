import Foundation
import PropertyMapper

// `nonisolated`: a model is data; Xcode 26 app targets default to @MainActor.
nonisolated enum VideoType: String {
    case shortVideo, longVideo, live
}

nonisolated final class Video {
    var contentURL: URL?
    var title: String?
    var type: VideoType?
    var uniqueID: Int?
    var latitude = 0.0
    var longitude = 0.0

    static let mapping: Mapping<Video> = [
        "videoURL": .box(.url, \.contentURL).isRequired(),
        "name": .property(\.title).lengthRange(5, 12),
        "videoType": .property(\.type),  // an enum, by its raw value
        "sub_object": ["title": .property(\.uniqueID)],
        "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
    ]

    init(json: [String: Any]) throws {
        try Mapper.mapValues(from: json, to: self, using: Self.mapping)
    }
}

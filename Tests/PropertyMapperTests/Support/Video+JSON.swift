import FeedModel
import PropertyMapper

// The tests' one-line way to map a record into the shared feed model (Sources/FeedModel).

extension Video {
    convenience init(json: [String: Any]) throws {
        self.init()
        try Mapper.mapValues(from: json, to: self, using: Self.mapping)
    }
}

extension VideoRecord {
    init(json: [String: Any]) throws {
        self.init()
        try Mapper.mapValues(from: json, to: &self, using: Self.mapping)
    }
}

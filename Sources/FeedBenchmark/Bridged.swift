import FeedModel
import Foundation
import PropertyMapper

/// The feed through the Codable bridge: `JSONDecoder` decodes each record as a `VideoRecord` through its mapping
/// (`MappedDecodable`), every check included; a record that fails, fails alone, its errors counted.
enum Bridged {
    struct Element: Decodable {
        let result: Result<VideoRecord, MappingError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try VideoRecord(from: decoder))
            } catch let error as DecodingError {
                guard let mappingError = error.mappingError else { throw error }
                result = .failure(mappingError)
            }
        }
    }

    static func map(_ json: Data) -> MappedArray<VideoRecord> {
        let elements = try! JSONDecoder().decode([Element].self, from: json)
        return MappedArray(results: elements.map(\.result))
    }
}

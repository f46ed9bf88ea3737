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

/// What a reader of a decoder's values pays before it reads one, measured apart: each record's mapped objects (the
/// record, its author, its stats) walked key by key, nothing read, mapped or checked. A decoder offers two walks:
/// a keyed container, whose keys its key strategy converts, and a `[String: T]`, whose keys no strategy converts but
/// which gives a value's key only through its coding path. The bridge must keep keys as written, so it takes the second.
enum BridgeFloor {
    /// The keys each walk must find in every valid record: the record's 13, its author's 3 and its stats' 2.
    static let keysPerRecord = 13 + 3 + 2

    /// An object as a `[String: T]`, each value's key from its coding path, as the bridge learns it; `keys` counts the
    /// keys of the author or stats object it is, else 0.
    struct AsWritten: Decodable {
        let keys: Int

        init(from decoder: any Decoder) throws {
            let key = decoder.codingPath.last?.stringValue
            let isNested = key == "author" || key == "stats"
            keys = isNested ? try decoder.singleValueContainer().decode([String: AsWritten].self).count : 0
        }
    }

    struct RecordAsWritten: Decodable {
        let keys: Int

        init(from decoder: any Decoder) throws {
            let values = try decoder.singleValueContainer().decode([String: AsWritten].self)
            keys = values.count + values.values.reduce(0) { $0 + $1.keys }
        }
    }

    /// An object as a keyed container, its keys listed.
    struct RecordConverted: Decodable {
        let keys: Int

        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: AnyKey.self)
            let keys = object.allKeys
            var count = keys.count
            for key in keys where key.stringValue == "author" || key.stringValue == "stats" {
                count += try object.nestedContainer(keyedBy: AnyKey.self, forKey: key).allKeys.count
            }
            self.keys = count
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    /// Both walks and the `JSONDecoder` contender over `json` (`records` records), best of `repeats` rounds, in
    /// seconds; each walk checked to find every record's keys (`keysPerRecord`).
    static func measure(_ json: Data, records: Int, repeats: Int) -> (asWritten: Double, converted: Double, decoded: Double) {
        var best = (asWritten: Double.infinity, converted: Double.infinity, decoded: Double.infinity)
        for _ in 0..<repeats {
            let (asWrittenSeconds, asWritten) = timed { try! JSONDecoder().decode([RecordAsWritten].self, from: json) }
            let (convertedSeconds, converted) = timed { try! JSONDecoder().decode([RecordConverted].self, from: json) }
            let (decodedSeconds, _) = timed { Decoded.map(json) }
            for walk in [asWritten.map(\.keys), converted.map(\.keys)] where walk != Array(repeating: keysPerRecord, count: records) {
                fail("bridge floor: a walk did not find every record's \(keysPerRecord) keys")
            }
            best = (min(best.asWritten, asWrittenSeconds), min(best.converted, convertedSeconds), min(best.decoded, decodedSeconds))
        }
        return best
    }
}

import Foundation
import PropertyMapper

// Step 3 of the tour; the playground page Boxing holds the same code with its prose.

// tour:begin
extension Boxing where Value == Double {
    /// Boxes `"m:ss"` or `"h:mm:ss"` into seconds.
    static var clockDuration: Self {
        Boxing(named: "clockDuration") { (text: String) in
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
            return Double(parts.reduce(0) { $0 * 60 + $1! })
        }
    }
}

final class Upload {
    var contentURL: URL?
    var publishedAt: Date?
    var length = 0.0

    static let mapping: Mapping<Upload> = [
        "videoURL": .box(.url, \.contentURL),
        "published_at": .box(.date, \.publishedAt),
        "length": .box(.clockDuration, \.length),
    ]
}
// tour:end

func boxing() throws {
    step(3, "Boxing: URL, Date, and a custom clockDuration")
    let uploadJSON = #"{"videoURL": "https://cdn.example.com/v/7.mp4", "published_at": "2010-12-09T07:14:08.250Z", "length": "1:02:03"}"#
    print("source: \(uploadJSON)")
    // tour:begin
    let upload = Upload()
    try Mapper.mapValues(fromJSON: uploadJSON, to: upload, using: Upload.mapping)
    // tour:end
    table([
        ["contentURL", show(upload.contentURL)],
        ["publishedAt", show(upload.publishedAt)],
        ["length", show(upload.length)],
    ])

    let badUploadJSON = #"{"videoURL": "not a url", "published_at": "yesterday", "length": "ninety"}"#
    print("source: \(badUploadJSON)")
    // tour:begin
    // Every boxing that fails is reported, each with its own rule.
    do {
        try Mapper.mapValues(fromJSON: badUploadJSON, to: upload, using: Upload.mapping)
    } catch {
        print(error)
    }
    // tour:end
}

import Foundation
import ThreadsWorkload

/// The feed workload's valid records, generated as the benchmark generates them (`Feed` in
/// Sources/FeedBenchmark/Feed.swift, `make_feed.py --records N --seed 42`: the same draws, the same
/// bytes), for the tests, which cannot import the benchmark. Only the valid feed: every record's
/// defect draw is made and never taken.
///
/// `LosslessWorkloadTests` pins the bytes of 2,000 records to the SHA-256 of
/// `feed-benchmark --write-feed FILE --records 2000`.
struct FeedWorkload {
    let json: Data

    static let types = ["shortVideo", "longVideo", "live"]
    static let words =
        ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima "
        + "mike november oscar papa quebec romeo sierra tango uniform victor whiskey "
        + "xray yankee zulu").split(separator: " ").map(String.init)

    init(records: Int, seed: UInt32 = 42) {
        var rng = PythonRandom(seed: seed)
        var out = "["
        for index in 0..<records {
            let record = Record(&rng, index)
            _ = rng.random()  // the defect draw, against an invalid fraction of 0
            if index > 0 { out += "," }
            record.write(to: &out)
        }
        out += "]\n"
        json = Data(out.utf8)
    }

    /// `record(rng, i)` of make_feed.py, draw for draw.
    struct Record {
        var id: Int
        var url: String
        var title: String
        var typeName: String
        var date: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int?)
        var duration: Double
        var isPremium: Bool
        var rating: Int?
        var authorID: Int
        var authorEmail: String
        var authorName: String
        var tags: [String]
        var latitude: Double
        var longitude: Double
        var subtitle: String?
        var views: Int
        var likes: Int

        init(_ rng: inout PythonRandom, _ index: Int) {
            let withMilliseconds = rng.random() < 0.5
            date = (2000 + rng.int(10, 25), rng.int(1, 12), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59), rng.int(0, 59), nil)
            if withMilliseconds { date.millisecond = rng.int(0, 999) }
            authorID = rng.int(1, 10_000)
            id = index + 1
            url = "https://cdn.example.com/v/\(index + 1).mp4"
            let titleWords = Self.words(&rng, 1, 6).map(Self.capitalized).joined(separator: " ")
            title = titleWords.isEmpty ? "Untitled" : String(titleWords.prefix(80))
            typeName = rng.choice(FeedWorkload.types)
            duration = Self.rounded(rng.uniform(1, 7200), digits: 2)
            isPremium = rng.random() < 0.2
            rating = rng.choice([nil, 1, 2, 3, 4, 5])
            authorEmail = "user\(authorID)@example.com"
            authorName = Self.words(&rng, 1, 3).map(Self.capitalized).joined(separator: " ")
            tags = (0..<rng.int(0, 5)).map { _ in rng.choice(FeedWorkload.words) }
            latitude = Self.rounded(rng.uniform(-90, 90), digits: 5)
            longitude = Self.rounded(rng.uniform(-180, 180), digits: 5)
            subtitle = rng.random() < 0.7 ? nil : Self.words(&rng, 2, 8).joined(separator: " ")
            views = rng.int(0, 10_000_000)
            likes = rng.int(0, 100_000)
        }

        private static func words(_ rng: inout PythonRandom, _ low: Int, _ high: Int) -> [String] {
            (0..<rng.int(low, high)).map { _ in rng.choice(FeedWorkload.words) }
        }

        private static func capitalized(_ word: String) -> String {
            word.prefix(1).uppercased() + word.dropFirst()
        }

        /// Python's `round(x, digits)`: the correctly rounded decimal, read back as a double.
        private static func rounded(_ value: Double, digits: Int32) -> Double {
            var buffer = [CChar](repeating: 0, count: 64)
            _ = withVaList([digits, value]) { vsnprintf(&buffer, 64, "%.*f", $0) }
            return strtod(buffer, nil)
        }

        var publishedText: String {
            let (year, month, day, hour, minute, second, millisecond) = date
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            var text = "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
            if let millisecond { text += "." + (millisecond < 10 ? "00" : millisecond < 100 ? "0" : "") + "\(millisecond)" }
            return text + "Z"
        }

        /// The feed's text: ASCII only, nothing to escape.
        func write(to out: inout String) {
            out += #"{"id":\#(id),"videoURL":"\#(url)","name":"\#(title)","videoType":"\#(typeName)","#
            out += #""published_at":"\#(publishedText)","duration":\#(duration),"is_premium":\#(isPremium),"#
            out += #""rating":\#(rating.map { "\($0)" } ?? "null"),"#
            out += #""author":{"id":\#(authorID),"email":"\#(authorEmail)","display_name":"\#(authorName)"},"#
            out += #""tags":[\#(tags.map { "\"\($0)\"" }.joined(separator: ","))],"geo":[\#(latitude),\#(longitude)],"#
            out += #""subtitle":\#(subtitle.map { "\"\($0)\"" } ?? "null"),"stats":{"views":\#(views),"likes":\#(likes)}}"#
        }
    }
}

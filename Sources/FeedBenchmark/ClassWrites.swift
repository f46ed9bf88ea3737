import FeedModel
import Foundation

/// What a class model pays that a struct does not, measured apart: giving each valid record's 17
/// values to a new `Video`, through the key paths `Video.mapping` targets (the way the engine
/// writes every class property) and written out as plain assignments.
///
/// The engine writes a class model only through key paths, so a class mapping costs about its
/// struct twin plus these writes: the benchmark prints how fast the struct twin would have to be for
/// each class line to hold.
enum ClassWrites {
    /// Assigns one property of a `Video` from a record, through a key path held as a value (as a
    /// plan holds it), so the compiler cannot turn it into a direct access.
    struct Write {
        let assign: (Video, VideoRecord) -> Void

        @inline(never)
        init<Value>(_ target: ReferenceWritableKeyPath<Video, Value>, _ value: @escaping (VideoRecord) -> Value) {
            assign = { video, record in video[keyPath: target] = value(record) }
        }
    }

    /// The 17 properties `Video.mapping` writes.
    static func throughKeyPaths() -> [Write] {
        [
            Write(\.id) { $0.id }, Write(\.contentURL) { $0.contentURL }, Write(\.title) { $0.title }, Write(\.type) { $0.type },
            Write(\.publishedAt) { $0.publishedAt }, Write(\.duration) { $0.duration }, Write(\.isPremium) { $0.isPremium },
            Write(\.rating) { $0.rating }, Write(\.authorID) { $0.authorID }, Write(\.authorEmail) { $0.authorEmail },
            Write(\.authorName) { $0.authorName }, Write(\.tags) { $0.tags }, Write(\.latitude) { $0.latitude },
            Write(\.longitude) { $0.longitude }, Write(\.subtitle) { $0.subtitle }, Write(\.views) { $0.views },
            Write(\.likes) { $0.likes },
        ]
    }

    /// New videos from `records`, every property assigned through its key path.
    static func viaKeyPaths(_ records: [VideoRecord]) -> [Video] {
        let writes = throughKeyPaths()
        return records.map { record in
            let video = Video()
            for write in writes { write.assign(video, record) }
            return video
        }
    }

    /// The same videos, each property assigned as hand-written code would (`Video.init(_:)`).
    static func written(_ records: [VideoRecord]) -> [Video] {
        records.map(Video.init)
    }

    /// Both, best of `repeats`, in nanoseconds per record; each checked to give the records back.
    static func measure(_ records: [VideoRecord], repeats: Int) -> (keyPaths: Double, written: Double) {
        let expected = records.reduce(0) { $0 &+ $1.digest }
        var best = (keyPaths: Double.infinity, written: Double.infinity)
        for _ in 0..<repeats {
            let (keyPathSeconds, assigned) = timed { viaKeyPaths(records) }
            let (writtenSeconds, writtenOut) = timed { written(records) }
            for videos in [assigned, writtenOut] where videos.reduce(0, { $0 &+ $1.digest }) != expected {
                fail("class writes: the videos do not hold the records' values")
            }
            best = (min(best.keyPaths, keyPathSeconds), min(best.written, writtenSeconds))
        }
        let perRecord = 1e9 / Double(records.count)
        return (best.keyPaths * perRecord, best.written * perRecord)
    }
}

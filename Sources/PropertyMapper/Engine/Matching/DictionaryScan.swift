/// How a keyed level of few entries reads a small `[String: Any]`: whole, once, each key matched by the
/// level's `KeyMatcher` without hashing, instead of one look-up per entry. Its positions lie in the
/// level's region of the staging buffer, so nested levels read during the visit cost no stack.
struct KeyScan: Sendable {
    let entries: Int
    /// The largest dictionary read whole: a larger one holds mostly unread keys, and look-ups cost less.
    let limit: Int
    /// The level's region: two positions per entry (first key, first loose match), then a count for each.
    let positions: Int
    let counts: Int

    typealias Position = [String: Any].Index

    /// Reserves the level's region in `layout`; nil for a level with no entries or too many.
    init?(entries: Int, in layout: inout StagingLayout) {
        guard entries > 0, entries <= 32 else { return nil }
        self.entries = entries
        limit = entries + entries / 2 + 2
        positions = layout.reserve(
            ValueLayout(size: 2 * entries * MemoryLayout<Position>.stride, alignment: MemoryLayout<Position>.alignment))
        counts = layout.reserve(ValueLayout(size: 2 * entries, alignment: 1))
    }

    /// Notes each entry's first key and, under a looser matching, its loose matches; the caller takes
    /// every entry's reading once. Invariant: until the last `take`, position `i` is initialized exactly
    /// when count `i` is not 0; `take` moves it out, so the region ends uninitialized again.
    func read(_ dictionary: [String: Any], _ keys: KeyMatcher, into staging: StagingBuffer) -> Reading {
        assert(keys.alternatives.count == entries, "a scan read with another level's keys")
        let tracksLoose = keys.matching != .exact
        // The region is this level's alone, its counts set to 0.
        let reading = Reading(
            region: staging.keyScanRegion(positions: positions, counts: counts, slots: 2 * entries),
            entries: entries, tracksLoose: tracksLoose)
        var position = dictionary.startIndex
        while position != dictionary.endIndex {
            let key = dictionary.keys[position]
            if let found = keys.key(key) {
                // Keys are distinct: a first key is found once at most; an alternative is looked up by its entry.
                if found < entries { reading.region.note(position, at: found) }
            } else if tracksLoose, let entry = keys.looseEntry(of: key) {
                reading.region.note(position, at: entries + entry)
            }
            dictionary.formIndex(after: &position)
        }
        return reading
    }

    /// What `read` found, in the staging buffer.
    struct Reading {
        fileprivate let region: KeyScanRegion
        fileprivate let entries: Int
        fileprivate let tracksLoose: Bool

        /// Takes entry `index`'s reading out: its first key's position (nil when absent), its loose matches.
        func take(_ index: Int) -> (first: Position?, loose: LooseMatch) {
            let first = region.count(at: index) == 0 ? nil : region.take(at: index)
            let other = entries + index
            switch region.count(at: other) {
            case 0:
                return (first, tracksLoose ? .noMatch : .unknown)
            case 1:
                return (first, .one(region.take(at: other)))
            default:
                _ = region.take(at: other)
                return (first, .several)
            }
        }
    }
}

/// The source keys other than an entry's first key that match it loosely, in a dictionary read whole.
enum LooseMatch {
    /// Not known: the dictionary was read by look-ups, or the level matches keys exactly.
    case unknown
    case noMatch
    case one([String: Any].Index)
    case several
}

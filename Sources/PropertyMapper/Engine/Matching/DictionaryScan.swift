/// How a keyed level reads a `[String: Any]` no larger than itself: whole, once, matching each of
/// its keys to an entry by the level's `KeyMatcher` without hashing it, instead of one look-up (a
/// hash of the key) per entry.
///
/// A keyed level has one when it has few entries. Its positions lie in a region of the run's
/// staging buffer reserved for the level, so that reading a nested level or model while the
/// entries are visited costs no stack.
struct KeyScan: Sendable {
    private let entries: Int
    /// The largest dictionary read whole: a much larger one holds mostly keys the level does not
    /// read, and look-ups cost less.
    let limit: Int
    /// The level's region of the staging buffer: two positions per entry (its first key's, its
    /// first loose match's), then one count per entry of each.
    private let positions: Int
    private let counts: Int

    typealias Position = [String: Any].Index

    /// The scan of a keyed level of `entries` entries, with its region reserved in `layout`; nil
    /// for a level with none or too many.
    init?(entries: Int, in layout: inout StagingLayout) {
        guard entries > 0, entries <= 32 else { return nil }
        self.entries = entries
        limit = entries + entries / 2 + 2
        positions = layout.reserve(
            ValueLayout(size: 2 * entries * MemoryLayout<Position>.stride, alignment: MemoryLayout<Position>.alignment))
        counts = layout.reserve(ValueLayout(size: 2 * entries, alignment: 1))
    }

    /// The level's regions of the staging buffer: its positions, then its counts.
    var regions: [Range<Int>] {
        [positions..<(positions + 2 * entries * MemoryLayout<Position>.stride), counts..<(counts + 2 * entries)]
    }

    /// Reads `dictionary`'s keys into the level's region of the buffer: where each entry's first
    /// key is and, under a looser matching, where the keys that match an entry only loosely are.
    /// The caller then takes every entry's reading, once (`take`).
    ///
    /// Invariant: between `read` and the last `take`, position `i` of the region is initialized
    /// exactly when count `i` is not 0; `take` moves it out, so the region is uninitialized again.
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
                // A dictionary's keys are distinct, so an entry's first key is found once at most;
                // an alternative key is looked up by the entry that names it.
                if found < entries { reading.note(position, at: found) }
            } else if tracksLoose, let entry = keys.looseEntry(of: key) {
                reading.note(position, at: entries + entry)
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

        /// Records a key at `position` for `slot`: the first one seen is kept, and up to two counted.
        fileprivate func note(_ position: Position, at slot: Int) {
            region.note(position, at: slot)
        }

        /// Entry `index`'s reading, taken out: where its first key is (nil when absent), and the keys
        /// that match it loosely.
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

/// What a dictionary read whole tells of the source keys that match an entry under its level's
/// looser matching, other than its first key.
enum LooseMatch {
    /// Not known: the dictionary was read by look-ups, or the level matches keys exactly.
    case unknown
    case noMatch
    /// Exactly one, at this position.
    case one([String: Any].Index)
    /// Two or more.
    case several
}

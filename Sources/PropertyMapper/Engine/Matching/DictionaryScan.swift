/// How a keyed level reads a `[String: Any]` no larger than itself: whole, once, matching each of
/// its keys to an entry without hashing it, instead of one look-up (a hash of the key) per entry.
///
/// A level has one when every entry's first key is ASCII and there are few. Its positions lie in
/// a region of the run's staging buffer reserved for the level, so that reading a nested level or
/// model while the entries are visited costs no stack.
struct KeyScan: Sendable {
    /// Each entry's first key.
    private let names: [String]
    /// Each first key's UTF-8 length, shifted left by 8, or-ed with its first byte.
    private let probes: [Int]
    /// The largest dictionary read whole: a much larger one holds mostly keys the level does not
    /// read, and look-ups cost less.
    let limit: Int
    /// The level's region of the staging buffer: two positions per entry (its first key's, its
    /// first loose match's), then one count per entry of each.
    private let positions: Int
    private let counts: Int

    typealias Position = [String: Any].Index

    /// The scan of a level with `entries`, with its region reserved in `layout`; nil for a level
    /// whose first keys are not all ASCII (or that has none, or too many, or indices).
    init?(_ entries: [PlanNode], in layout: inout StagingLayout) {
        let names = entries.compactMap(\.key.name)
        guard !names.isEmpty, names.count == entries.count, names.count <= 32,
            names.allSatisfy(KeyMatching.isASCII)
        else { return nil }
        self.names = names
        probes = names.map(Self.probe)
        limit = names.count + names.count / 2 + 2
        positions = layout.reserve(
            ValueLayout(size: 2 * names.count * MemoryLayout<Position>.stride, alignment: MemoryLayout<Position>.alignment))
        counts = layout.reserve(ValueLayout(size: 2 * names.count, alignment: 1))
    }

    /// The level's regions of the staging buffer: its positions, then its counts.
    var regions: [Range<Int>] {
        [positions..<(positions + 2 * names.count * MemoryLayout<Position>.stride), counts..<(counts + 2 * names.count)]
    }

    private static func probe(_ key: String) -> Int {
        let utf8 = key.utf8
        return utf8.isEmpty ? 0 : utf8.count << 8 | Int(utf8[utf8.startIndex])
    }

    /// The entry whose first key equals `key` (as `==` has it), or nil.
    ///
    /// Exact as a look-up is: an ASCII string equals another string only if that string has the
    /// same bytes, or is not ASCII (a canonically equivalent spelling, such as U+212A KELVIN SIGN
    /// for "K"). A key that matches no candidate and is not ASCII is compared with every key.
    private func entry(matching key: String) -> Int? {
        let probe = Self.probe(key)
        for index in probes.indices where probes[index] == probe && names[index] == key { return index }
        return entryUnlessASCII(key)
    }

    /// The entry whose first key equals `key`, which matched no candidate: none when it is ASCII.
    @inline(never)
    private func entryUnlessASCII(_ key: String) -> Int? {
        if KeyMatching.isASCII(key) { return nil }
        return names.firstIndex(of: key)
    }

    /// Reads `dictionary`'s keys into the level's region of the buffer at `base`: where each
    /// entry's first key is and, under `loosely`'s looser matching, where the keys that match an
    /// entry only loosely are. The caller then takes every entry's reading, once (`take`).
    ///
    /// Invariant: between `read` and the last `take`, position `i` of the region is initialized
    /// exactly when count `i` is not 0; `take` moves it out, so the region is uninitialized again.
    func read(_ dictionary: [String: Any], loosely policy: LevelKeys?, into staging: StagingBuffer) -> Reading {
        let loose = policy.flatMap { $0.matching == .exact ? nil : $0 }
        // The region is this level's alone, its counts set to 0.
        let reading = Reading(
            region: staging.keyScanRegion(positions: positions, counts: counts, slots: 2 * names.count),
            entries: names.count, tracksLoose: loose != nil)
        var position = dictionary.startIndex
        while position != dictionary.endIndex {
            let key = dictionary.keys[position]
            if let entry = entry(matching: key) {
                // A dictionary's keys are distinct, so an entry's first key is found once at most.
                reading.note(position, at: entry)
            } else if let loose, let entry = loose.looseEntry(of: key) {
                reading.note(position, at: names.count + entry)
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

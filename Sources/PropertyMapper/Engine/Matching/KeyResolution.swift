/// What a keyed level finds for one entry under its key policies.
enum KeyLookup {
    /// Found at a key other than the entry's first (a later `.anyOf` key, a loose match), at whose path its errors and
    /// warnings are reported.
    case found(SourceItem, key: String)
    case absent
    /// No exact match, and several source keys (sorted) that match under the policy.
    case ambiguous([String])
}

/// A dictionary source read for a level under its key policies: each entry's value (its first key,
/// then `.anyOf`'s in order, then the one loose match) and the keys no entry reads. Source keys are
/// compared with an entry's only when none of its keys is present as written.
struct KeyedReading {
    private let source: KeyedSource
    private let keys: KeyMatcher
    /// How many source keys the entries looked up so far have read.
    private var matched = 0
    /// Entries found at a common spelling without a scan: other keys may match them too (`ambiguousEntries()`).
    private var spelled = KeySet()

    init(_ source: KeyedSource, _ keys: KeyMatcher) {
        self.source = source
        self.keys = keys
    }

    mutating func noteMatched() {
        matched += 1
    }

    @inline(__always)
    mutating func item(at name: String) -> SourceItem? {
        guard let item = source.item(forKey: name) else { return nil }
        matched += 1
        return item
    }

    /// An entry whose first key is absent: its next key present, else its one looser match.
    mutating func lookupBeyondFirstKey(_ entry: Int) -> KeyLookup {
        for position in keys.alternatives[entry] {
            let name = keys.names[position]
            if let item = item(at: name) { return .found(item, key: name) }
        }
        guard keys.matching != .exact else { return .absent }
        // Common spellings first (`start_date` for `startDate`): a look-up each, no scan.
        for spelling in keys.spellings[entry] {
            if let item = item(at: spelling) {
                spelled.insert(entry)
                return .found(item, key: spelling)
            }
        }
        var found: (key: String, value: Any)?
        var others: [String] = []
        source.forEachKey { key, value in
            guard keys.looseEntry(of: key) == entry else { return }
            if found == nil { found = (key, value()) } else { others.append(key) }
        }
        guard let found else { return .absent }
        matched += 1 + others.count
        return others.isEmpty ? .found(SourceItem(found.value), key: found.key) : .ambiguous(([found.key] + others).sorted())
    }

    /// Whether `entry` was found at a common spelling, which another source key may match too.
    func wasSpelled(_ entry: Int) -> Bool {
        spelled.contains(entry)
    }

    /// After every look-up: each entry found at a common spelling that another source key matches too,
    /// with all the keys matching it (sorted). None when every source key was read, the common case.
    func ambiguousEntries() -> [(entry: Int, keys: [String])] {
        guard !spelled.isEmpty, matched < source.count else { return [] }
        return keys.alternatives.indices.filter(spelled.contains).compactMap { entry in
            var candidates: [String] = []
            source.forEachKey { key, _ in if keys.looseEntry(of: key) == entry { candidates.append(key) } }
            return candidates.count > 1 ? (entry, candidates.sorted()) : nil
        }
    }

    /// After every look-up: the source keys no entry reads, unsorted (the walk sorts them), a key that is not a string
    /// among them; none under `.ignore`.
    var unknownKeys: [String] {
        guard keys.unknownKeys != .ignore, matched < source.count else { return [] }
        var unknown: [String] = []
        source.forEachKey { key, _ in
            if !keys.reads(key) { unknown.append(key) }
        }
        return unknown + source.otherKeys
    }
}

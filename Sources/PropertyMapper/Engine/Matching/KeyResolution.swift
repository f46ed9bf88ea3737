/// What a keyed level finds for one entry under its key policies.
enum KeyLookup {
    case found(SourceItem)
    /// Found at one of the entry's alternative keys (`.anyOf`) other than its first: the value and
    /// that key, at whose path its errors and warnings are reported.
    case alternative(SourceItem, key: String)
    case absent
    /// No exact match, and several source keys (sorted) that match under the policy.
    case ambiguous([String])
}

/// A dictionary source read for a level under its key policies: each entry's value (an exact key
/// first, `.anyOf`'s in order, then the one looser match), and the keys no entry reads. An entry
/// whose first key is present costs what it costs without a policy; the source's keys are
/// compared with an entry's only when none of its keys is present as written.
struct KeyedReading {
    private let source: KeyedSource
    private let keys: KeyMatcher
    /// How many source keys the entries looked up so far have read.
    private var matched = 0
    /// The entries found at a common spelling of one of their keys (`KeyMatching.spellings`)
    /// without a scan: another source key may match them too, which `ambiguousEntries()` finds.
    private var spelled = KeySet()

    init(_ source: KeyedSource, _ keys: KeyMatcher) {
        self.source = source
        self.keys = keys
    }

    /// Records that an entry's first key was read.
    mutating func noteMatched() {
        matched += 1
    }

    /// The value at `name` (an entry's key, one of its alternatives, or a spelling of it), or nil.
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
            if let item = item(at: name) { return .alternative(item, key: name) }
        }
        guard keys.matching != .exact else { return .absent }
        // Common spellings first (`start_date` for `startDate`): a look-up each, no scan.
        for spelling in keys.spellings[entry] {
            if let item = item(at: spelling) {
                spelled.insert(entry)
                return .found(item)
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
        return others.isEmpty ? .found(SourceItem(found.value)) : .ambiguous(([found.key] + others).sorted())
    }

    /// Once every entry was looked up: each entry found at a common spelling that another source
    /// key matches too, with every key that matches it (sorted). None when every source key was
    /// read, the common record.
    func ambiguousEntries() -> [(entry: Int, keys: [String])] {
        guard !spelled.isEmpty, matched < source.count else { return [] }
        return keys.alternatives.indices.filter(spelled.contains).compactMap { entry in
            var candidates: [String] = []
            source.forEachKey { key, _ in if keys.looseEntry(of: key) == entry { candidates.append(key) } }
            return candidates.count > 1 ? (entry, candidates.sorted()) : nil
        }
    }

    /// The source keys no entry reads, once every entry was looked up (the walk reports them
    /// sorted, as it does the JSON reader's). Under `.ignore`, none.
    var unknownKeys: [String] {
        guard keys.unknownKeys != .ignore, matched < source.count else { return [] }
        var unknown: [String] = []
        source.forEachKey { key, _ in
            if !keys.reads(key) { unknown.append(key) }
        }
        return unknown
    }
}

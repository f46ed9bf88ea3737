/// A keyed level's keys under its mapping's key policies, for a level that reads more than its
/// exact keys: alternative keys (`.anyOf`), looser matching, or unknown keys to report. A level
/// without any has none, and the walk reads it by exact look-ups alone.
final class LevelKeys: Sendable {
    let matching: KeyMatching
    let unknownKeys: UnknownKeyPolicy
    /// Each entry's keys, in order (one, or `.anyOf`'s).
    let entryNames: [[String]]
    /// Every key of every entry, to its entry.
    let exactEntries: [String: Int]
    /// Every key's normalized form (`KeyMatching.normalized`), to its entry; empty under `.exact`.
    let looseEntries: [String: Int]

    /// The policies of a level with these entries, or nil when it reads its exact keys only.
    init?(_ entries: [PlanNode], matching: KeyMatching, unknownKeys: UnknownKeyPolicy) {
        let hasAlternatives = entries.contains { if case .alternatives = $0.key { true } else { false } }
        guard matching != .exact || unknownKeys != .ignore || hasAlternatives else { return nil }
        self.matching = matching
        self.unknownKeys = unknownKeys
        entryNames = entries.map(\.key.names)
        var exact: [String: Int] = [:]
        var loose: [String: Int] = [:]
        // The first entry keeps a key named twice: that mapping is a definition error, never run.
        for (entry, names) in entryNames.enumerated() {
            for name in names {
                if exact[name] == nil { exact[name] = entry }
                if let normalized = matching.normalized(name), loose[normalized] == nil { loose[normalized] = entry }
            }
        }
        exactEntries = exact
        looseEntries = loose
    }
}

/// What a keyed level finds for one entry under its key policies.
enum KeyLookup {
    case found(SourceItem)
    case absent
    /// No exact match, and several source keys (sorted) that match under the policy.
    case ambiguous([String])
}

/// A dictionary source read for a level under its key policies: each entry's value (an exact key
/// first, `.anyOf`'s in order, then the one looser match), and the keys no entry reads.
struct KeyedReading {
    /// Each entry's exact match, by entry.
    private var exact: [SourceItem?]
    /// Each entry's looser matches, by entry, for the entries with no exact match.
    private var loose: [Int: [(key: String, value: Any)]] = [:]
    /// The keys no entry reads, sorted (a dictionary has no order).
    private(set) var unknown: [String] = []

    /// Reads `source` for `keys`; `exempt` is a key never unknown (a polymorphic tag).
    init(_ source: KeyedSource, _ keys: LevelKeys, exempt: String?) {
        var matched = 0
        exact = keys.entryNames.map { names in
            for name in names {
                if let item = source.item(forKey: name) {
                    matched += 1
                    return item
                }
            }
            return nil
        }
        // Only when something is left to find: the common record, every key exact, scans nothing.
        let seeksLoose = keys.matching != .exact && exact.contains { $0 == nil }
        let seeksUnknown = keys.unknownKeys != .ignore && matched < source.count
        guard seeksLoose || seeksUnknown else { return }
        source.forEach { key, value in
            if keys.exactEntries[key] != nil { return }
            if let normalized = keys.matching.normalized(key), let entry = keys.looseEntries[normalized] {
                if exact[entry] == nil { loose[entry, default: []].append((key, value)) }
                return
            }
            if key != exempt { unknown.append(key) }
        }
        unknown.sort()
    }

    func lookup(_ entry: Int) -> KeyLookup {
        if let item = exact[entry] { return .found(item) }
        guard let candidates = loose[entry] else { return .absent }
        if candidates.count == 1 { return .found(SourceItem(candidates[0].value)) }
        return .ambiguous(candidates.map(\.key).sorted())
    }
}

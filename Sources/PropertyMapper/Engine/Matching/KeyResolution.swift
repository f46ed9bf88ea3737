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
    /// Under a looser matching, every ASCII key of every entry (`.exact`: none), for matching
    /// source keys without normalizing them into new strings. By position, in the order of their
    /// first normalized byte: each one's entry and its normalized bytes (a range of
    /// `normalizedBytes`). Keys that are not ASCII are matched by `looseEntries`.
    let looseEntryOfForm: [Int]
    /// The positions of the forms by their first normalized byte (128: none, an empty form).
    private let formsByFirstByte: [Range<Int>]
    /// Under a looser matching, each entry's keys in common spellings other than their own
    /// (`KeyMatching.spellings`), tried by exact look-up before any scan.
    let spellings: [[String]]
    private let normalizedBytes: [UInt8]
    private let normalizedRanges: [Range<Int>]
    /// Some entry's key is not ASCII.
    let hasNonASCIIKey: Bool

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
        // The ASCII keys' normalized forms, grouped by first byte (128 for an empty form).
        let forms = entryNames.enumerated().flatMap { entry, names in
            names.filter { matching != .exact && KeyMatching.isASCII($0) }.map { name in
                (entry: entry, bytes: name.utf8.compactMap(matching.normalized(byte:)))
            }
        }.sorted { Int($0.bytes.first ?? 128) < Int($1.bytes.first ?? 128) }
        var firstBytes = Array(repeating: 0..<0, count: 129)
        var normalized: [UInt8] = []
        var normalizedRanges: [Range<Int>] = []
        for (position, form) in forms.enumerated() {
            let first = Int(form.bytes.first ?? 128)
            firstBytes[first] = (firstBytes[first].isEmpty ? position : firstBytes[first].lowerBound)..<(position + 1)
            normalizedRanges.append(normalized.count..<(normalized.count + form.bytes.count))
            normalized += form.bytes
        }
        formsByFirstByte = firstBytes
        spellings = entryNames.map { names in
            var seen = Set(names)
            return names.flatMap(matching.spellings).filter { seen.insert($0).inserted }
        }
        looseEntryOfForm = forms.map(\.entry)
        normalizedBytes = normalized
        self.normalizedRanges = normalizedRanges
        hasNonASCIIKey = !entryNames.joined().allSatisfy(KeyMatching.isASCII)
    }
}

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
    private let keys: LevelKeys
    /// How many source keys the entries looked up so far have read.
    private var matched = 0
    /// The entries found at a common spelling of one of their keys (`KeyMatching.spellings`)
    /// without a scan: another source key may match them too, which `ambiguousEntries()` finds.
    private var spelled = KeySet()

    init(_ source: KeyedSource, _ keys: LevelKeys) {
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
        if keys.entryNames[entry].count > 1 {
            for name in keys.entryNames[entry].dropFirst() {
                if let item = item(at: name) { return .alternative(item, key: name) }
            }
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
        return keys.entryNames.indices.filter(spelled.contains).compactMap { entry in
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
            if keys.exactEntries[key] == nil, keys.looseEntry(of: key) == nil { unknown.append(key) }
        }
        return unknown
    }
}

extension LevelKeys {
    /// The entry whose key `key` matches under the looser matching, or nil (always under `.exact`).
    func looseEntry(of key: String) -> Int? {
        guard matching != .exact else { return nil }
        return UTF8Bytes.of(key) { utf8 in
            if let form = looseForm(utf8) { return looseEntryOfForm[form] }
            guard hasNonASCIIKey || utf8.contains(where: { $0 >= 0x80 }) else { return nil }
            return matching.normalized(key).flatMap { looseEntries[$0] }  // by normalized text
        }
    }

    /// The position of the ASCII key that the bytes `utf8` match under the looser matching, or
    /// nil. Only the keys whose first normalized byte is the same are compared.
    func looseForm(_ utf8: UTF8Bytes) -> Int? {
        var first = 128
        for byte in utf8 {
            guard let normalized = matching.normalized(byte: byte) else { continue }
            guard normalized < 0x80 else { return nil }  // not ASCII: no ASCII key matches
            first = Int(normalized)
            break
        }
        return UTF8Bytes.of(normalizedBytes) { bytes in
            formsByFirstByte[first].first { matching.matches(utf8, bytes.rebased(normalizedRanges[$0])) }
        }
    }
}

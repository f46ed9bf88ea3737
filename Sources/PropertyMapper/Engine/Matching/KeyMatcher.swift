/// A plan level's keys, compiled once: the one place a source key is compared with a mapping's. For a
/// `String` or UTF-8 bytes (the JSON reader's) it finds the key equal to it, else the entry it matches
/// loosely, else none (unknown); ambiguity (`ambiguousKey`) is for the reader of a whole container.
/// Keys lie by position: each entry's first key (position `i` is entry `i`'s), then each `.anyOf` key
/// not named before, each as the document spells it (`KeyStyle`). An entry that maps an index has an empty key,
/// never read (such a level is not read by key).
final class KeyMatcher: Sendable {
    let matching: KeyMatching
    let unknownKeys: UnknownKeyPolicy
    /// The keys as the document spells them.
    let names: [String]
    /// For each entry, the positions of its keys after the first (`.anyOf`'s): empty for most.
    let alternatives: [[Int]]
    /// The level reads more than its first keys as written: alternatives, loose matches, unknown keys.
    let readsBeyondExactKeys: Bool
    /// Some key is not ASCII: other bytes may equal it as a string (canonical equivalence) or by Unicode case.
    let hasNonASCIIKey: Bool

    /// Each key's UTF-8 length shifted left by 8, or-ed with its first byte: compared before the key.
    private let probes: [Int]
    /// The keys' UTF-8 bytes, back to back, and each key's range of them.
    private let keyBytes: [UInt8]
    private let keyRanges: [Range<Int>]

    /// Every key's normalized form (`KeyMatching.normalized`), to its entry; empty under `.exact`.
    private let looseEntries: [String: Int]
    /// The entry of each ASCII key's normalized form, sorted by first byte (other keys: `looseEntries`).
    private let looseEntryOfForm: [Int]
    private let normalizedBytes: [UInt8]
    private let normalizedRanges: [Range<Int>]
    /// The positions of the forms by their first normalized byte (128: an empty form).
    private let formsByFirstByte: [Range<Int>]
    /// Each entry's keys in other common spellings (`KeyMatching.spellings`), looked up before a scan.
    let spellings: [[String]]

    /// For each entry: its first key that reads what an earlier key reads (the same key twice, two keys
    /// the style spells alike, or two with one normalized form under the looser matching), as a definition problem.
    let conflicts: [DefinitionProblem?]

    /// `writtenKeys`: each entry's keys as the mapping writes them, its first first; none for an entry that maps an index.
    init(
        _ writtenKeys: [[String]], style: KeyStyle = .asWritten, matching: KeyMatching, unknownKeys: UnknownKeyPolicy
    ) {
        let entryKeys = writtenKeys.map { $0.map(style.spelling(of:)) }
        self.matching = matching
        self.unknownKeys = unknownKeys
        var keys = entryKeys.map { $0.first ?? "" }
        alternatives = entryKeys.map { names in
            names.dropFirst().map { name in
                if let position = keys.firstIndex(of: name) { return position }  // a key mapped twice (a definition error)
                keys.append(name)
                return keys.count - 1
            }
        }
        names = keys
        readsBeyondExactKeys = matching != .exact || unknownKeys != .ignore || alternatives.contains { !$0.isEmpty }
        hasNonASCIIKey = !keys.allSatisfy(KeyMatching.isASCII)

        let utf8 = keys.map { Array($0.utf8) }
        probes = utf8.map { $0.isEmpty ? 0 : $0.count << 8 | Int($0[0]) }
        (keyBytes, keyRanges) = Self.packed(utf8)

        // A key reading what an earlier one reads is a definition error (never run); the first keeps it.
        var writtenAs: [String: String] = [:]  // each document key, to the key written for it first
        var loose: [String: (entry: Int, key: String)] = [:]
        conflicts = zip(writtenKeys, entryKeys).enumerated().map { entry, keys in
            var conflict: DefinitionProblem?
            for (written, name) in zip(keys.0, keys.1) {
                if let earlier = writtenAs[name] {
                    let problem = DefinitionProblem.duplicateKey(.key(written))
                    conflict = conflict ?? (earlier == written ? problem : .keysSpelledAlike(.key(earlier), .key(written), name))
                    continue
                }
                writtenAs[name] = written
                guard let normalized = matching.normalized(name) else { continue }
                if let earlier = loose[normalized] {
                    conflict = conflict ?? .keysMatchTheSame(.key(earlier.key), .key(name), matching)
                } else {
                    loose[normalized] = (entry, name)
                }
            }
            return conflict
        }
        looseEntries = loose.mapValues(\.entry)
        let forms = entryKeys.enumerated().flatMap { entry, names in
            names.filter { matching != .exact && KeyMatching.isASCII($0) }.map { name in
                (entry: entry, bytes: name.utf8.compactMap(matching.normalized(byte:)))
            }
        }.sorted { Int($0.bytes.first ?? 128) < Int($1.bytes.first ?? 128) }
        var firstBytes = Array(repeating: 0..<0, count: 129)
        for (position, form) in forms.enumerated() {
            let first = Int(form.bytes.first ?? 128)
            firstBytes[first] = (firstBytes[first].isEmpty ? position : firstBytes[first].lowerBound)..<(position + 1)
        }
        formsByFirstByte = firstBytes
        looseEntryOfForm = forms.map(\.entry)
        (normalizedBytes, normalizedRanges) = Self.packed(forms.map(\.bytes))
        spellings = entryKeys.map { names in
            var seen = Set(names)
            return names.flatMap(matching.spellings).filter { seen.insert($0).inserted }
        }
    }

    /// `parts` back to back, and each part's range of them.
    private static func packed(_ parts: [[UInt8]]) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for part in parts {
            ranges.append(bytes.count..<(bytes.count + part.count))
            bytes += part
        }
        return (bytes, ranges)
    }

    /// Entry `entry`'s mapping key `written` as the document spells it; an index as it is.
    func documentKey(of entry: Int, _ written: MappingKey) -> MappingKey {
        switch written {
        case .index, .alternatives([]): written
        case .key: .key(names[entry])
        case .alternatives: .alternatives([names[entry]] + alternatives[entry].map { names[$0] })
        }
    }

    /// The position of the key equal to `key` as `==` (and a dictionary's look-up) compares, or nil.
    @inline(__always)
    func key(_ key: String) -> Int? {
        let utf8 = key.utf8
        let probe = utf8.isEmpty ? 0 : utf8.count << 8 | Int(utf8[utf8.startIndex])
        for position in probes.indices where probes[position] == probe && names[position] == key { return position }
        return keyWithOtherBytes(key)
    }

    /// The key `key` equals as a string, not byte for byte: none unless a side is not ASCII (KELVIN SIGN, "K").
    @inline(never)
    private func keyWithOtherBytes(_ key: String) -> Int? {
        guard hasNonASCIIKey || !KeyMatching.isASCII(key) else { return nil }
        return names.firstIndex(of: key)
    }

    /// The key the ASCII `bytes` (no escapes) spell, or nil; tried from `hint`, as keys come in mapping order.
    @inline(__always)
    func key(ascii bytes: UTF8Bytes, hint: Int) -> Int? {
        let count = names.count
        if count == 0 { return nil }
        let found = UTF8Bytes.of(keyBytes) { keyBytes -> Int? in
            var position = hint < count ? hint : 0
            for _ in 0..<count {
                if bytes.elementsEqualByWords(keyBytes.rebased(keyRanges[position])) { return position }
                position += 1
                if position == count { position = 0 }
            }
            return nil
        }
        if let found { return found }
        return hasNonASCIIKey ? names.firstIndex(of: String(decoding: bytes, as: UTF8.self)) : nil
    }

    /// The entry `key`, equal to no key, matches loosely, or nil (always under `.exact`).
    func looseEntry(of key: String) -> Int? {
        guard matching != .exact else { return nil }
        return UTF8Bytes.of(key) { utf8 in
            if let form = looseForm(utf8) { return looseEntryOfForm[form] }
            guard hasNonASCIIKey || utf8.contains(where: { $0 >= 0x80 }) else { return nil }
            return matching.normalized(key).flatMap { looseEntries[$0] }
        }
    }

    /// The entry the ASCII `bytes` (a source key without escapes, equal to no key) match loosely, or nil.
    func looseEntry(ascii bytes: UTF8Bytes) -> Int? {
        guard matching != .exact else { return nil }
        if hasNonASCIIKey { return looseEntry(of: String(decoding: bytes, as: UTF8.self)) }
        return looseForm(bytes).map { looseEntryOfForm[$0] }
    }

    /// The ASCII key form `utf8` matches loosely, or nil; only forms with its first normalized byte are compared.
    private func looseForm(_ utf8: UTF8Bytes) -> Int? {
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

    /// Which of entry `entry`'s common spellings the ASCII `bytes` spell, if any.
    func spelling(_ bytes: UTF8Bytes, of entry: Int) -> Int? {
        spellings[entry].firstIndex { spelling in UTF8Bytes.of(spelling) { bytes.elementsEqualByWords($0) } }
    }

    func reads(_ key: String) -> Bool {
        self.key(key) != nil || looseEntry(of: key) != nil
    }

    /// Whether a container read by `other` (a JSON object the reader built) holds its values where this
    /// matcher looks: the same matcher, or one compiled alike (a computed `mapping` is new on every use).
    func readsLike(_ other: KeyMatcher) -> Bool {
        self === other || readsAlike(other)
    }

    @inline(never)
    private func readsAlike(_ other: KeyMatcher) -> Bool {
        matching == other.matching && unknownKeys == other.unknownKeys && names == other.names && alternatives == other.alternatives
    }
}

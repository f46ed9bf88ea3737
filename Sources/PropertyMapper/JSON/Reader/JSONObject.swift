/// A JSON object read for one mapping level: its keys' values by position, the rest checked and skipped. The
/// engine reads it by entry, without hashing; to other readers it is a string-keyed container of the keys present.
final class JSONObject {
    let level: JSONLevel
    /// Each key's value by position, written by the reader (the last duplicate wins); a placeholder where `present`
    /// says the key was absent.
    let items: OwnedValues<SourceItem>
    /// The keys whose values are in `items`, set by the reader once the object is read.
    var present = KeySet()
    /// Entries (by first key) matched loosely; each value is in `items`, unless `present` has the key (exact wins).
    var loosePresent = KeySet()
    /// The keys the document wrote that the level does not read exactly (skipped, or read loosely), each time written.
    var unreadKeyCount = 0
    /// Two bits for each of the first 32 entries: the common spelling (`KeyMatcher.spellings`) it was matched loosely
    /// at, plus one; 0 for another key (in `findings`). Most loose matches are one of the first three spellings.
    private var looseSpellings: UInt64 = 0
    /// Under a key policy: ambiguous entries and unknown keys; nil until the reader finds any.
    private var findings: KeyFindings?

    init(level: JSONLevel) {
        self.level = level
        items = OwnedValues(count: level.keys.names.count, initial: SourceItem((), .other))
    }

    deinit {
        items.free()
    }

    /// Lends `body` entry `entry`'s value and returns true; false, without calling `body`, when its key was
    /// absent (or it maps an index). Neither an optional (copied through generic enum witnesses) nor a copy
    /// (a retain) is made. Nothing else reads the slot meanwhile: the value cannot hold this object (a document
    /// is a tree), and a `JSONObject` is not `Sendable`, so no other thread holds it.
    @inline(__always)
    func withItem(forEntry entry: Int, _ body: (borrowing SourceItem) -> Void) -> Bool {
        // An entry's first key is at the entry's position (`KeyMatcher`).
        guard present.contains(entry) else { return false }
        items.withValue(at: entry, body)
        return true
    }

    /// Records that entry `entry` was matched loosely at `key`: as its number when it is a common spelling that fits
    /// (`spelling`), so no string is made.
    func noteLoose(of entry: Int, spelling: Int?, key: @autoclosure () -> String) {
        if let spelling, entry < 32, spelling < 3 {
            looseSpellings |= UInt64(spelling + 1) << UInt64(2 * entry)
        } else {
            madeFindings().looseKeys[entry] = key()
        }
    }

    func addAmbiguous(_ keys: [String], at index: Int) {
        madeFindings().ambiguous[index, default: []].append(contentsOf: keys)
    }

    func addUnknown(_ key: String) {
        madeFindings().unknown.append(key)
    }

    private func madeFindings() -> KeyFindings {
        if let findings { return findings }
        let made = KeyFindings()
        findings = made
        return made
    }

    /// The keys the reader found that the level does not name, in document order.
    var unknownKeys: [String] { findings?.unknown ?? [] }

    /// Entry `entry`'s value when its first key is absent: its next key present, else its one loose match.
    func lookupBeyondFirstKey(entry: Int) -> KeyLookup {
        for key in level.keys.alternatives[entry] where present.contains(key) {
            return .found(items[key], key: level.keys.names[key])
        }
        guard loosePresent.contains(entry) else { return .absent }
        if let candidates = findings?.ambiguous[entry] { return .ambiguous(Array(Set(candidates)).sorted()) }
        // The key it was matched loosely at (`noteLoose`): a common spelling by its number, else the one in `findings`.
        let spelling = entry < 32 ? Int(looseSpellings >> UInt64(2 * entry) & 3) : 0
        return .found(items[entry], key: spelling > 0 ? level.keys.spellings[entry][spelling - 1] : findings?.looseKeys[entry] ?? "")
    }
}

/// Ambiguous entries and unknown keys found under a key policy: rare, so made only when found.
final class KeyFindings {
    /// By entry: the distinct source keys that matched it loosely, when several did.
    var ambiguous: [Int: [String]] = [:]
    /// By entry: the key it was matched loosely at, when that is not one of its common spellings.
    var looseKeys: [Int: String] = [:]
    var unknown: [String] = []
}

/// A set of small integers (key positions), without allocating for the first 64.
struct KeySet {
    private var low: UInt64 = 0
    private var high: Set<Int> = []

    @inline(__always)
    func contains(_ key: Int) -> Bool {
        key < 64 ? low & (1 << UInt64(key)) != 0 : high.contains(key)
    }

    var isEmpty: Bool { low == 0 && high.isEmpty }

    @inline(__always)
    mutating func insert(_ key: Int) {
        if key < 64 { low |= 1 << UInt64(key) } else { high.insert(key) }
    }
}

extension JSONObject: StringKeyedContainer {
    var acceptsStringKeys: Bool { true }

    var count: Int { level.keys.names.indices.reduce(0) { present.contains($1) ? $0 + 1 : $0 } }

    /// Every key the document wrote in the object: those read exactly once each, the others each time written.
    var writtenKeyCount: Int { count + unreadKeyCount }

    func value(forKey key: String) -> Any? {
        guard let index = level.keys.key(key), present.contains(index) else { return nil }
        return items[index].value
    }

    func forEachStringKey(_ body: (String, Any) -> Void) {
        for index in level.keys.names.indices where present.contains(index) {
            body(level.keys.names[index], items[index].value)
        }
    }

    /// None: JSON keys are strings.
    func forEachOtherKey(_: (Any) -> Void) {}
}

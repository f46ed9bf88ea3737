/// A JSON object read for one level of a mapping: the values of the level's keys, by position,
/// with everything else checked and skipped. The engine reads it by entry, with no hashing; to any
/// other reader it is a string-keyed container holding the keys that were present.
final class JSONObject {
    /// The level it was read for, which names the keys.
    let level: JSONLevel
    /// The value of each of the level's keys, by position, as the reader read it for the engine;
    /// a placeholder where `present` says the key was absent.
    private let items: OwnedValues<SourceItem>
    private(set) var present = KeySet()
    /// Under a looser key matching: the keys (an entry's first) that a source key matched loosely;
    /// each one's value is in `items` unless the key is in `present` too (an exact match wins).
    private(set) var loosePresent = KeySet()
    /// Under a key policy: ambiguous entries and unknown keys; nil until the reader finds any.
    private var findings: KeyFindings?

    /// An object with every key absent, for the reader to fill with `store(_:at:)`.
    init(level: JSONLevel) {
        self.level = level
        items = OwnedValues(count: level.keys.names.count, initial: SourceItem((), .other))
    }

    deinit {
        items.free()
    }

    /// Sets the value of key `index` of `level.keys` (the last of duplicate keys wins); the reader
    /// then records the key in `present` with `finish(present:)`.
    func store(_ item: consuming SourceItem, at index: Int) {
        items[index] = item
    }

    /// Records which keys the reader stored, once it has read the whole object.
    func finish(present keys: KeySet) {
        present = keys
    }

    /// Lends `body` the value of the plan entry numbered `entry` of `level.plan`, read for the
    /// engine, and returns true; returns false, without calling `body`, when its key was absent (or
    /// it maps an index). The walk's way: no optional item is made (an optional of a type holding
    /// an `Any` is copied through the runtime's generic enum witnesses), and no copy either.
    ///
    /// The item is lent without a copy, which would retain its payload (and a destroy release it
    /// again). Nothing reads its place meanwhile: `body` is handed the one value, and the object is
    /// nowhere inside that value (a document is a tree); a `JSONObject` is not `Sendable`, so no
    /// other thread holds it.
    @inline(__always)
    func withItem(forEntry entry: Int, _ body: (borrowing SourceItem) -> Void) -> Bool {
        // An entry's first key is at the entry's position (`KeyMatcher`).
        guard present.contains(entry) else { return false }
        items.withValue(at: entry, body)
        return true
    }

    /// Records which keys the reader found by looser matching, once it has read the whole object.
    func finish(loose keys: KeySet) {
        loosePresent = keys
    }

    /// Records that several distinct source keys match key `index` (an entry's first) loosely.
    func addAmbiguous(_ keys: [String], at index: Int) {
        madeFindings().ambiguous[index, default: []].append(contentsOf: keys)
    }

    /// Records a key the level does not name.
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

    /// The value of entry `entry` of the level's plan under its key policy when its first key is not
    /// present (`withItem(forEntry:_:)` found nothing): its next key present, else its one looser match.
    func lookupBeyondFirstKey(entry: Int) -> KeyLookup {
        for key in level.keys.alternatives[entry] where present.contains(key) {
            return .alternative(items[key], key: level.keys.names[key])
        }
        let primary = entry
        guard loosePresent.contains(primary) else { return .absent }
        if let candidates = findings?.ambiguous[primary] { return .ambiguous(Array(Set(candidates)).sorted()) }
        return .found(items[primary])
    }
}

/// What the reader found in a `JSONObject` under a key policy that the walk reports: rare, so
/// kept apart and made only when found.
final class KeyFindings {
    /// By key position (an entry's first): the distinct source keys that matched it loosely, when
    /// more than one did.
    var ambiguous: [Int: [String]] = [:]
    /// Keys the level does not name, in document order.
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

    func value(forKey key: String) -> Any? {
        guard let index = level.keys.key(key), present.contains(index) else { return nil }
        return items[index].value
    }

    func forEachStringKey(_ body: (String, Any) -> Void) {
        for index in level.keys.names.indices where present.contains(index) {
            body(level.keys.names[index], items[index].value)
        }
    }
}

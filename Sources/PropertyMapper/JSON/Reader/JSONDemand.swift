/// What the mapping needs from one JSON value: all of it, or only some keys or indices of it.
///
/// Compiled from a mapping's plan. A field needs its whole value (a `[String]`, a `[String: Any]`
/// property), unless it maps models; a nested mapping needs only its own entries. Everything else
/// is skipped unbuilt.
enum JSONDemand: Sendable {
    case whole
    case level(JSONLevel)
    /// All of it, with every fractional or long number built from its exact digits (an
    /// `NSDecimalNumber`) when a `Decimal` holds them, its text kept when one does not
    /// (`InexactNumber`): for `.box(.decimal, …)` and `Decimal` properties (see `readExactValue`).
    case exactNumbers
    /// All of it, with an array of strings built as a `[String]` (for a `[String]` property); any
    /// other value as `.whole` builds it.
    case strings
    /// A nested model: its own mapping's level, looked up when a value is read for it (a
    /// recursive model's mapping must not be read while it is being built).
    case model(@Sendable () -> JSONLevel)
    /// An array whose elements are each read as the demand says (an array of models).
    indirect case elements(JSONDemand)
    /// A string-keyed object whose values are each read as the demand says (`[String: Model]`).
    indirect case values(JSONDemand)

    /// Every element of an array read as `element` says; the whole array when that is whole.
    static func elements(of element: JSONDemand) -> JSONDemand {
        if case .whole = element { .whole } else { .elements(element) }
    }

    /// Every value of an object read as `value` says; the whole object when that is whole.
    static func values(of value: JSONDemand) -> JSONDemand {
        if case .whole = value { .whole } else { .values(value) }
    }

    /// What `node` reads from its value.
    static func of(_ node: PlanNode) -> JSONDemand {
        switch node.body {
        case let .field(field):
            return field.field.traits.demand
        case .list:
            return .whole
        case let .nested(level):
            // Validators on a nested node see the container itself, so it is built whole.
            return node.validators.isEmpty ? .level(JSONLevel(level)) : .whole
        }
    }
}

/// The keys of one object the reader matched loosely, with the first source key (a token of the
/// input, valid while the object is read) that matched each: what tells a duplicate key from a
/// second candidate. Allocates only once a key matches loosely; `free()` releases it.
struct LooseMatches {
    private(set) var keys = KeySet()
    /// Room for every key, allocated at the first loose match; the token of each key in `keys`.
    private var tokens: OwnedValues<JSONReader.StringToken>?

    var isEmpty: Bool { tokens == nil }

    /// The token that first matched key `index` loosely, or nil.
    func first(_ index: Int) -> JSONReader.StringToken? {
        guard let tokens, keys.contains(index) else { return nil }
        return tokens[index]
    }

    /// Records that `token` matched key `index` of the `count` keys loosely.
    mutating func record(_ token: JSONReader.StringToken, at index: Int, count: Int) {
        let tokens = tokens ?? OwnedValues(count: count, initial: token)
        self.tokens = tokens
        tokens[index] = token
        keys.insert(index)
    }

    func free() {
        tokens?.free()
    }
}

/// What the reader reads for one nested mapping (or the root): which keys or indices, each as what
/// demand.
///
/// A container of the expected shape is built with only the mapped entries: an object as a
/// `JSONObject` holding the mapped keys' values by position (the positions of the level's
/// `KeyMatcher`), an array as an `[Any]` holding the mapped indices with a placeholder for each
/// element before them, cut after the last mapped index (so it is never longer than the array in
/// the document, whatever index the mapping names). A value of any other shape is built whole, so
/// its shape error renders it as the `[String: Any]` path does. Built once per mapping; immutable.
final class JSONLevel: Sendable {
    /// The plan level it reads for.
    let plan: PlanLevel
    /// Reads an object with only the mapped keys (the level maps keys and no index).
    let readsObject: Bool
    /// Reads an array with only the mapped indices (the level maps indices and no key).
    let readsArray: Bool
    /// For each of the level's keys, by position: what its value is read as.
    let keyDemands: [JSONDemand]
    /// The mapped indices in increasing order, each once, with its demand. Sparse: a mapping of
    /// `[Int.max: …]` costs one entry, not a table up to `Int.max`.
    let indexDemands: [(index: Int, demand: JSONDemand)]

    /// The level's keys (`plan.keys`), held here too: the reader matches every key by them.
    let keys: KeyMatcher

    init(_ level: PlanLevel) {
        plan = level
        keys = level.keys
        readsObject = if case .keyed = level.shape { true } else { false }
        readsArray = if case .indexed = level.shape { true } else { false }
        var keyDemands: [JSONDemand?] = Array(repeating: nil, count: level.keys.names.count)
        var indices: [Int: JSONDemand] = [:]
        for (position, entry) in level.entries.enumerated() {
            switch entry.key {
            case .key, .alternatives:
                guard readsObject else { continue }  // a mixed level: a definition error, never read
                // A key mapped twice gives its value to both (a definition error, but read safely).
                for key in [position] + level.keys.alternatives[position] {
                    keyDemands[key] = keyDemands[key] == nil ? JSONDemand.of(entry) : .whole
                }
            case let .index(index):
                guard index >= 0 else { continue }  // never present
                indices[index] = indices[index] == nil ? JSONDemand.of(entry) : .whole
            }
        }
        self.keyDemands = keyDemands.map { $0 ?? .whole }
        indexDemands = indices.sorted { $0.key < $1.key }.map { (index: $0.key, demand: $0.value) }
    }
}

extension JSONReader {
    /// Reads the value at `position` as `demand` asks; `depth` is the number of containers around it.
    mutating func read(_ demand: JSONDemand, depth: Int) throws(JSONSyntaxError) -> Any {
        switch demand {
        case .whole:
            return try readValue(depth: depth)
        case .exactNumbers:
            return try readExactValue(depth: depth)
        case .strings:
            if let strings = try readStrings(depth: depth) { return strings }
            return try readValue(depth: depth)
        case let .level(level):
            let byte = try peekToken(expected: .value)
            if byte == UInt8(ascii: "{"), level.readsObject { return try readObject(level, depth: depth) }
            if byte == UInt8(ascii: "["), level.readsArray { return try readArray(level, depth: depth) }
            return try readValue(depth: depth)
        case let .model(level):
            return try read(.level(level()), depth: depth)
        case let .elements(element):
            guard try peekToken(expected: .value) == UInt8(ascii: "[") else { return try readValue(depth: depth) }
            try open(depth: depth)
            var array: [Any] = []
            if closesAtOnce(UInt8(ascii: "]")) { return array }
            repeat {
                array.append(try read(element, depth: depth + 1))
            } while try readSeparator(closer: UInt8(ascii: "]"))
            return array
        case let .values(value):
            guard try peekToken(expected: .value) == UInt8(ascii: "{") else { return try readValue(depth: depth) }
            try open(depth: depth)
            var object: [String: Any] = [:]
            if closesAtOnce(UInt8(ascii: "}")) { return object }
            repeat {
                let key = try readKey()
                try readColon()
                object[key] = try read(value, depth: depth + 1)  // the last duplicate wins
            } while try readSeparator(closer: UInt8(ascii: "}"))
            return object
        }
    }

    /// The value at `position` as `demand` asks, read for the engine: what the reader built tells
    /// the value's kind, which `SourceItem(_:)` would find out again from its `Any`.
    mutating func readItem(_ demand: JSONDemand, depth: Int) throws(JSONSyntaxError) -> SourceItem {
        switch demand {
        case .whole, .level:
            let byte = try peekToken(expected: .value)
            if byte == UInt8(ascii: "{"), case let .level(level) = demand, level.readsObject {
                let object = try readObject(level, depth: depth)
                return SourceItem(object, .object(object))
            }
            if byte != UInt8(ascii: "{"), byte != UInt8(ascii: "[") { return try readScalarItem() }
        case let .model(level):
            return try readItem(.level(level()), depth: depth)
        case .strings:
            // What `SourceItem(_:)` makes of a `[String]`.
            if let strings = try readStrings(depth: depth) { return SourceItem(strings, .other) }
        case .exactNumbers, .elements, .values:
            break
        }
        return SourceItem(try read(demand, depth: depth))
    }

    /// An object with only the level's keys; the others are checked and skipped. The last duplicate wins.
    private mutating func readObject(_ level: JSONLevel, depth: Int) throws(JSONSyntaxError) -> JSONObject {
        try open(depth: depth)
        let object = JSONObject(level: level)
        let keys = level.keys
        var present = KeySet()
        // Under a looser key matching: the keys matched loosely, and the source key that first did.
        var loose = LooseMatches()
        defer { loose.free() }
        if !closesAtOnce(UInt8(ascii: "}")) {
            var hint = 0
            repeat {
                if try peekToken(expected: .keyQuote) != UInt8(ascii: "\"") { throw unexpected(expected: .keyQuote) }
                let key = try scanString()
                try readColon()
                let index = key.isPlainASCII ? keys.key(ascii: bytes(of: key), hint: hint) : keys.key(makeString(key))
                if let index {
                    object.store(try readItem(level.keyDemands[index], depth: depth + 1), at: index)
                    present.insert(index)
                    hint = index + 1
                } else if keys.readsBeyondExactKeys {
                    try readUnmatched(key, of: object, present: present, &loose, depth: depth)
                } else {
                    try skipValue(depth: depth + 1)
                }
            } while try readSeparator(closer: UInt8(ascii: "}"))
        }
        object.finish(present: present)
        if !loose.isEmpty { object.finish(loose: loose.keys) }
        return object
    }

    /// The value of a key no entry names exactly, under the level's policy: a looser match's value,
    /// kept unless an exact match comes (`present` holds the exact matches so far, and a later one
    /// overwrites it); a second, different source key matching the same entry makes it ambiguous; an
    /// unknown key is recorded, or skipped.
    @inline(__always)
    private mutating func readUnmatched(
        _ key: StringToken, of object: JSONObject, present: KeySet, _ loose: inout LooseMatches, depth: Int
    ) throws(JSONSyntaxError) {
        let level = object.level
        let keys = level.keys
        // An entry's first key is at the entry's position.
        if let primary = looseEntry(of: key, in: keys) {
            let value = try readItem(level.keyDemands[primary], depth: depth + 1)
            // The same key written another way (an escape, a canonically equivalent spelling) is a duplicate.
            if let first = loose.first(primary), !sameBytes(first, key), makeString(first) != makeString(key) {
                object.addAmbiguous([makeString(first), makeString(key)], at: primary)
            } else {
                loose.record(key, at: primary, count: keys.names.count)
                if !present.contains(primary) { object.store(value, at: primary) }
            }
            return
        }
        if keys.unknownKeys != .ignore { object.addUnknown(makeString(key)) }
        try skipValue(depth: depth + 1)
    }

    /// The entry that `key`, equal to none of `keys`, matches loosely, or nil.
    private mutating func looseEntry(of key: StringToken, in keys: KeyMatcher) -> Int? {
        guard keys.matching != .exact else { return nil }
        guard key.isPlainASCII else { return keys.looseEntry(of: makeString(key)) }
        return keys.looseEntry(ascii: bytes(of: key))
    }

    /// Whether two tokens of the input hold the same bytes.
    private func sameBytes(_ first: StringToken, _ second: StringToken) -> Bool {
        bytesEqual(second, bytes.rebased(first.start..<first.end))
    }

    /// An array with the level's indices; a placeholder stands for each skipped element before the last
    /// mapped one, and the array ends there (or where the document's array ends, if sooner).
    private mutating func readArray(_ level: JSONLevel, depth: Int) throws(JSONSyntaxError) -> [Any] {
        try open(depth: depth)
        var array: [Any] = []
        if closesAtOnce(UInt8(ascii: "]")) { return array }
        // The next mapped index to read: the elements come in order, and so do the mapped indices.
        var next = 0
        let mapped = level.indexDemands
        // The array ends at the last mapped index at the latest: room for it up front, when it is near.
        if let last = mapped.last?.index, last < 16 { array.reserveCapacity(last + 1) }
        repeat {
            if next < mapped.count {
                // array.count is the element's index, and it is at most mapped[next].index.
                if mapped[next].index == array.count {
                    array.append(try read(mapped[next].demand, depth: depth + 1))
                    next += 1
                } else {
                    try skipValue(depth: depth + 1)
                    array.append(SourceValue.null)
                }
            } else {
                try skipValue(depth: depth + 1)
            }
        } while try readSeparator(closer: UInt8(ascii: "]"))
        return array
    }
}

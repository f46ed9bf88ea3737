/// What the mapping needs from one JSON value, compiled from its plan: a field its whole value (unless it
/// maps models), a nested mapping only its own entries. Everything else is skipped unbuilt.
enum JSONDemand: Sendable {
    case whole
    case level(JSONLevel)
    /// All of it, every fractional or long number in it from its exact digits: for `Decimal` targets, a `.list` with one,
    /// and a `.polymorphic` value, whose model is known only once it is read.
    case exactNumbers
    /// All of it, an array of strings built as a `[String]`.
    case strings
    /// A nested model's level, looked up only when read: a recursive model's mapping is still being built.
    case model(@Sendable () -> JSONLevel)
    indirect case elements(JSONDemand)
    indirect case values(JSONDemand)

    static func elements(of element: JSONDemand) -> JSONDemand {
        if case .whole = element { .whole } else { .elements(element) }
    }

    static func values(of value: JSONDemand) -> JSONDemand {
        if case .whole = value { .whole } else { .values(value) }
    }

    static func of(_ node: PlanNode) -> JSONDemand {
        switch node.body {
        case let .field(field):
            return field.field.traits.demand
        case let .list(nodes):
            // Each descriptor reads the same value: from its exact digits when one of them needs them.
            return nodes.contains { if case .exactNumbers = of($0) { true } else { false } } ? .exactNumbers : .whole
        case let .nested(level):
            // Validators on a nested node see the container itself, so it is built whole.
            return node.validators.isEmpty ? .level(JSONLevel(level)) : .whole
        }
    }

    /// The kinds of value `node` converts from: what a reader that must guess a value's kind tries first.
    static func kinds(of node: PlanNode) -> ValueKinds {
        switch node.body {
        case let .field(field): field.field.traits.input.kinds
        case .list: .all
        case let .nested(level): if case .keyed = level.shape { .object } else { .array }
        }
    }
}

/// The keys of one object matched loosely, each with the first source key that did (a token, valid while the
/// object is read): what tells a duplicate key from a second candidate. Allocates at the first; `free()` releases.
struct LooseMatches {
    private(set) var keys = KeySet()
    private var tokens: OwnedValues<JSONReader.StringToken>?

    var isEmpty: Bool { tokens == nil }

    func first(_ index: Int) -> JSONReader.StringToken? {
        guard let tokens, keys.contains(index) else { return nil }
        return tokens[index]
    }

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

/// What the reader reads for one nested mapping (or the root), built once per mapping: an object as a `JSONObject`
/// of the mapped keys' values; an array as an `[Any]` of the mapped indices, placeholders before them, cut after the
/// last. A value of another shape is built whole, so its shape error renders as from `[String: Any]`.
final class JSONLevel: Sendable {
    /// Whether an object (the level maps keys only), or an array (indices only), is read with the mapped entries only.
    let readsObject: Bool
    let readsArray: Bool
    let keyDemands: [JSONDemand]
    /// The mapped indices in increasing order, with their demands and kinds; sparse, so `[Int.max: …]` costs one entry.
    let indexDemands: [(index: Int, demand: JSONDemand, kinds: ValueKinds)]
    /// The kinds each key's entry converts from (`JSONDemand.kinds(of:)`), as `indexDemands` has an index's: for a
    /// reader that must guess a value's kind (`DecodedValue`); `.all` for a key or an index mapped twice.
    let keyKinds: [ValueKinds]

    let keys: KeyMatcher

    init(_ level: PlanLevel) {
        keys = level.keys
        readsObject = if case .keyed = level.shape { true } else { false }
        readsArray = if case .indexed = level.shape { true } else { false }
        var keyReads: [(demand: JSONDemand, kinds: ValueKinds)?] = Array(repeating: nil, count: level.keys.names.count)
        var indices: [Int: (demand: JSONDemand, kinds: ValueKinds)] = [:]
        for (position, entry) in level.entries.enumerated() {
            let read = (demand: JSONDemand.of(entry), kinds: JSONDemand.kinds(of: entry))
            switch entry.key {
            case .key, .alternatives:
                guard readsObject else { continue }  // a mixed level: a definition error, never read
                // A key mapped twice gives its value to both (a definition error, but read safely).
                for key in [position] + level.keys.alternatives[position] {
                    keyReads[key] = keyReads[key] == nil ? read : (.whole, .all)
                }
            case let .index(index):
                guard index >= 0 else { continue }  // never present
                indices[index] = indices[index] == nil ? read : (.whole, .all)
            }
        }
        keyDemands = keyReads.map { $0?.demand ?? .whole }
        keyKinds = keyReads.map { $0?.kinds ?? .all }
        indexDemands = indices.sorted { $0.key < $1.key }.map { (index: $0.key, demand: $0.value.demand, kinds: $0.value.kinds) }
    }

    /// The demand and kinds for the source key `name` of an object: its entry's, matched as written or loosely;
    /// nil when no entry reads it. For sources read key by key (a decoder's); the reader matches bytes itself.
    func demand(forKey name: String) -> (demand: JSONDemand, kinds: ValueKinds)? {
        guard readsObject, let index = keys.key(name) ?? keys.looseEntry(of: name) else { return nil }
        return (keyDemands[index], keyKinds[index])
    }
}

extension JSONReader {
    /// Reads the value at `position` as `demand` asks; `depth` counts the containers around it.
    mutating func read(_ demand: JSONDemand, depth: Int) throws(JSONSyntaxError) -> Any {
        switch demand {
        case .whole:
            return try readValue(depth: depth)
        case .exactNumbers:
            return try readValue(depth: depth, exactNumbers: true)
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

    /// `read`'s value with its kind, known here without `SourceItem(_:)` finding it out again.
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
        var loose = LooseMatches()
        defer { loose.free() }
        var unread = 0
        if !closesAtOnce(UInt8(ascii: "}")) {
            var hint = 0
            repeat {
                let key = try scanKey()
                try readColon()
                let index = key.isPlainASCII ? keys.key(ascii: bytes(of: key), hint: hint) : keys.key(makeString(key))
                if let index {
                    object.items[index] = try readItem(level.keyDemands[index], depth: depth + 1)
                    present.insert(index)
                    hint = index + 1
                } else if keys.readsBeyondExactKeys {
                    unread += 1
                    try readUnmatched(key, of: object, present: present, &loose, depth: depth)
                } else {
                    unread += 1
                    try skipValue(depth: depth + 1)
                }
            } while try readSeparator(closer: UInt8(ascii: "}"))
        }
        object.present = present
        object.unreadKeyCount = unread
        if !loose.isEmpty {
            object.loosePresent = loose.keys
            // The key each loose match was read at, for its errors' paths: most are a common spelling (`start_date`),
            // kept as its number, so no string is made.
            for entry in keys.alternatives.indices {
                guard let token = loose.first(entry) else { continue }
                let spelling = token.isPlainASCII ? keys.spelling(bytes(of: token), of: entry) : nil
                object.noteLoose(of: entry, spelling: spelling, key: makeString(token))
            }
        }
        return object
    }

    /// A key no entry names exactly: a loose match's value is kept unless an exact match comes (`present`), a second,
    /// different source key for the entry makes it ambiguous, an unknown key is recorded or skipped.
    @inline(__always)
    private mutating func readUnmatched(
        _ key: StringToken, of object: JSONObject, present: KeySet, _ loose: inout LooseMatches, depth: Int
    ) throws(JSONSyntaxError) {
        let level = object.level
        let keys = level.keys
        // An entry's first key is at the entry's position.
        if keys.matching != .exact,
            let primary = key.isPlainASCII ? keys.looseEntry(ascii: bytes(of: key)) : keys.looseEntry(of: makeString(key))
        {
            let value = try readItem(level.keyDemands[primary], depth: depth + 1)
            // The same key written another way (an escape, a canonically equivalent spelling) is a duplicate.
            if let first = loose.first(primary), !bytes(of: first).elementsEqualByWords(bytes(of: key)),
                makeString(first) != makeString(key)
            {
                object.addAmbiguous([makeString(first), makeString(key)], at: primary)
            } else {
                loose.record(key, at: primary, count: keys.names.count)
                if !present.contains(primary) { object.items[primary] = value }
            }
            return
        }
        if keys.unknownKeys != .ignore { object.addUnknown(makeString(key)) }
        try skipValue(depth: depth + 1)
    }

    private mutating func readArray(_ level: JSONLevel, depth: Int) throws(JSONSyntaxError) -> [Any] {
        try open(depth: depth)
        var array: [Any] = []
        if closesAtOnce(UInt8(ascii: "]")) { return array }
        // The next mapped index: elements and mapped indices both come in order.
        var next = 0
        let mapped = level.indexDemands
        // The array ends at the last mapped index at the latest.
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

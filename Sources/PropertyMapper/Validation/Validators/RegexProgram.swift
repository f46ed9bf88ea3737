/// A compiled matcher for a safe subset of ICU regular expressions, answering the only question
/// `matchesRegEx` asks: does the string contain a match?
///
/// `NSRegularExpression.firstMatch(in:range:)` costs some 8,800 instructions for a 20-character email
/// (bridging to UTF-16, then ICU's backtracking engine). Whether a match exists depends neither on
/// greediness nor on captures, so this program simulates a Thompson automaton instead: one bit per
/// scalar-consuming state in a `UInt64`, advanced once per Unicode scalar over the string's UTF-8 in
/// place, with a small DFA for the ASCII in the middle of the string, where no anchor can hold.
/// Time is linear in the length of the string whatever the pattern: `(a+)+$` cannot backtrack for ever.
///
///     RegexProgram(pattern: #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#)?.containsMatch(in: "user1680@example.com")  // true
///
/// The subset, each part checked against ICU: literal scalars; `\t \n \r \f \a \e` and escaped ASCII
/// punctuation; `.`; `\d \w \s \D \W \S`; classes `[...]` of literals, ranges, those escapes, with
/// `^` negation; greedy and lazy `* + ? {n} {n,} {n,m}`; groups `(...)` and `(?:...)`; `|`; the anchors
/// `^ \A $ \Z \z` as ICU reads them without options. Anything else (backreferences, lookaround, `\b`,
/// inline flags, properties, POSIX names, nested classes and set operations, `\Q…\E`, numeric escapes,
/// possessive quantifiers, a lazy loop over a body that can match the empty string, where ICU misses
/// matches, more than 63 states) makes `init(pattern:)` return nil, and the caller keeps
/// NSRegularExpression. The caller also decides which patterns are valid: only compile a pattern
/// NSRegularExpression accepted, and only use the program for an expression without options.
///
/// One difference remains, by design: where ICU gives up (its backtracking stack overflows, as
/// `^(a|b)*c` does on a million characters, or exponential backtracking runs into its limits),
/// `firstMatch` reports no match; the program still answers what the pattern means.
struct RegexProgram: Sendable {
    /// Per ASCII scalar, the states that accept it.
    private let asciiStates: [UInt64]
    /// Per context, the states (and `acceptBit`) reachable from the start of the pattern.
    private let starts: [UInt64]
    /// Per state and context (`state << 3 | context`), the states reachable after that state consumed a scalar.
    private let follows: [UInt64]
    /// Per state, the scalars it consumes; consulted beyond ASCII only.
    private let sets: [ScalarSet]
    /// Whether a match can begin after the first scalar; if not, an empty state set ends the search.
    private let startsAfterFirstScalar: Bool

    /// A DFA for the middle of the input, where no anchor holds: ASCII scalars move it from one
    /// set of states to the next with one table load. Per DFA state (`state << 7 | scalar`), the next
    /// DFA state, or `accepted` or `rejected` once the answer is known. Empty when the sets reachable
    /// are too many (or a match is found at the start anyway); the bitsets then do all the work.
    private let transitions: [UInt8]
    /// Per DFA state, its set of states, for the bitsets to take over.
    private let dfaStates: [UInt64]

    /// Bit 63 stands for the accepting state, so a program holds at most 63 consuming states.
    private static let acceptBit: UInt64 = 1 << 63
    fileprivate static let maximumStates = 63
    /// Bounds the work of expanding counted repetitions such as `(?:^){1000}`, which add no state.
    fileprivate static let maximumInstructions = 2_048
    fileprivate static let maximumNesting = 32
    /// 64 DFA states take 8 KB of transitions.
    private static let maximumDFAStates = 64
    private static let accepted: UInt8 = 255
    private static let rejected: UInt8 = 254

    /// Compiles `pattern`, or returns nil when it uses anything beyond the subset.
    init?(pattern: String) {
        var parser = Parser(pattern)
        guard let tree = try? parser.parse() else { return nil }
        var compiler = Compiler()
        let accept = compiler.emitAccept()
        guard let entry = try? compiler.emit(tree, next: accept) else { return nil }
        let program = compiler.instructions

        var starts = [UInt64](repeating: 0, count: Context.count)
        var follows = [UInt64](repeating: 0, count: compiler.sets.count << 3)
        for context in 0..<Context.count {
            starts[context] = Self.closure(of: entry, in: program, context: context)
            for case let .consume(state, next) in program {
                follows[state << 3 | context] = Self.closure(of: next, in: program, context: context)
            }
        }
        var asciiStates = [UInt64](repeating: 0, count: 128)
        for scalar in 0..<UInt32(128) {
            for (state, set) in compiler.sets.enumerated() where set.contains(scalar) == true {
                asciiStates[Int(scalar)] |= 1 << UInt64(state)
            }
        }
        let startsAfterFirstScalar = Context.all.contains { !$0.isStart && starts[$0.index] != 0 }
        self.asciiStates = asciiStates
        self.starts = starts
        self.follows = follows
        self.sets = compiler.sets
        self.startsAfterFirstScalar = startsAfterFirstScalar

        // The DFA, built breadth first from the states at offset 0. Each step lands in the middle
        // context, where a new match may also begin.
        let first = starts[Context.first]
        var dfaStates = first & Self.acceptBit == 0 ? [first] : []
        var indices = [first: 0]
        var transitions: [UInt8] = []
        var built = 0
        build: while built < dfaStates.count {
            let current = dfaStates[built]
            built += 1
            for scalar in 0..<128 {
                let next = Self.step(current & asciiStates[scalar], starts: starts, follows: follows)
                if next & Self.acceptBit != 0 {
                    transitions.append(Self.accepted)
                } else if next == 0, !startsAfterFirstScalar {
                    transitions.append(Self.rejected)
                } else if let index = indices[next] {
                    transitions.append(UInt8(index))
                } else if dfaStates.count < Self.maximumDFAStates {
                    indices[next] = dfaStates.count
                    transitions.append(UInt8(dfaStates.count))
                    dfaStates.append(next)
                } else {
                    dfaStates = []
                    transitions = []
                    break build
                }
            }
        }
        self.transitions = transitions
        self.dfaStates = dfaStates
    }

    /// Whether the pattern got a DFA, for the tests to cover both ways.
    var hasDFA: Bool { !dfaStates.isEmpty }

    /// Whether `text` contains a match, exactly as `NSRegularExpression.firstMatch(in:range:) != nil` decides
    /// for the same pattern without options; nil when a `\d` or `\w` meets a scalar that is unassigned
    /// or assigned after Unicode 15.0, whose properties ICU and the standard library may not agree on.
    func containsMatch(in text: String) -> Bool? {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ containsMatch(utf8: $0) }) {
            return answer
        }
        var text = text
        return text.withUTF8 { containsMatch(utf8: $0) }
    }

    private func containsMatch(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let count = bytes.count
        let dollar = Self.finalLineTerminatorOffset(in: bytes)
        var offset = 0
        var current: UInt64 = 0

        // The DFA runs while the next position is in the middle: before a final line terminator.
        let middleEnd = dollar >= 0 ? dollar : count
        if middleEnd > 1, !dfaStates.isEmpty {
            switch runDFA(over: bytes, until: middleEnd) {
            case let .answer(answer):
                return answer
            case let .resume(at, states):
                offset = at
                current = states
            }
        }

        return asciiStates.withUnsafeBufferPointer { asciiStates in
            starts.withUnsafeBufferPointer { starts in
                follows.withUnsafeBufferPointer { follows in
                    var context = Context.at(offset, count: count, dollar: dollar)
                    while true {
                        current |= starts[context]
                        if current & Self.acceptBit != 0 { return true }
                        if offset == count { return false }

                        let lead = bytes[offset]
                        var consuming: UInt64
                        if lead < 0x80 {
                            consuming = current & asciiStates[Int(lead)]
                            offset += 1
                        } else {
                            let (scalar, length) = Self.decode(bytes, at: offset, lead: lead)
                            guard let accepting = states(of: current, accepting: scalar) else { return nil }
                            consuming = accepting
                            offset += length
                        }

                        context = Context.at(offset, count: count, dollar: dollar)
                        current = 0
                        while consuming != 0 {
                            current |= follows[consuming.trailingZeroBitCount << 3 | context]
                            consuming &= consuming &- 1
                        }
                        if current == 0, !startsAfterFirstScalar { return false }
                    }
                }
            }
        }
    }

    /// Where the DFA stopped: with the answer, or at an offset with the set of states there.
    private enum DFAStop {
        case answer(Bool?)
        case resume(at: Int, states: UInt64)
    }

    /// Runs the DFA from offset 0 while the next position is before `middleEnd`. A scalar beyond
    /// ASCII takes a step on the bitsets, then the DFA resumes from the set reached if it has it.
    @inline(__always)
    private func runDFA(over bytes: UnsafeBufferPointer<UInt8>, until middleEnd: Int) -> DFAStop {
        transitions.withUnsafeBufferPointer { transitions in
            var offset = 0
            var state = 0
            while offset + 1 < middleEnd {
                let lead = bytes[offset]
                if lead < 0x80 {
                    let next = transitions[state << 7 | Int(lead)]
                    offset += 1
                    if next >= Self.rejected { return .answer(next == Self.accepted) }
                    state = Int(next)
                    continue
                }
                let (scalar, length) = Self.decode(bytes, at: offset, lead: lead)
                guard offset + length < middleEnd else { break }
                guard let consuming = states(of: dfaStates[state], accepting: scalar) else { return .answer(nil) }
                let next = Self.step(consuming, starts: starts, follows: follows)
                offset += length
                if next & Self.acceptBit != 0 { return .answer(true) }
                if next == 0, !startsAfterFirstScalar { return .answer(false) }
                guard let index = dfaStates.firstIndex(of: next) else { return .resume(at: offset, states: next) }
                state = index
            }
            return .resume(at: offset, states: dfaStates[state])
        }
    }

    /// The states after `consuming` consumed a scalar, landing in the middle of the input, where
    /// a new match may also begin.
    @inline(__always)
    private static func step(_ consuming: UInt64, starts: [UInt64], follows: [UInt64]) -> UInt64 {
        var consuming = consuming
        var next = starts[Context.middle]
        while consuming != 0 {
            next |= follows[consuming.trailingZeroBitCount << 3 | Context.middle]
            consuming &= consuming &- 1
        }
        return next
    }

    /// The states among `current` that accept a scalar beyond ASCII; nil when one cannot decide.
    private func states(of current: UInt64, accepting scalar: UInt32) -> UInt64? {
        var candidates = current & ~Self.acceptBit
        var accepting: UInt64 = 0
        while candidates != 0 {
            let state = candidates.trailingZeroBitCount
            guard let contained = sets[state].contains(scalar) else { return nil }
            if contained { accepting |= 1 << UInt64(state) }
            candidates &= candidates &- 1
        }
        return accepting
    }

    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, lead: UInt8) -> (UInt32, Int) {
        // Swift strings hold valid UTF-8, so the continuation bytes are there.
        let lead = UInt32(lead)
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        }
        let high = (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
        return (high | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F), 4)
    }

    /// Where ICU's `$` matches besides the end: before a line terminator that ends the input
    /// (`\n`, `\r`, U+000B, U+000C, U+0085, U+2028, U+2029), or before a final `\r\n` but not inside it.
    /// -1 when the input does not end with one.
    @inline(__always)
    static func finalLineTerminatorOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard count > 0 else { return -1 }
        switch bytes[count - 1] {
        case 0x0A:
            return count >= 2 && bytes[count - 2] == 0x0D ? count - 2 : count - 1
        case 0x0B, 0x0C, 0x0D:
            return count - 1
        case 0x85:  // U+0085 is C2 85; another 85 is a continuation byte.
            return count >= 2 && bytes[count - 2] == 0xC2 ? count - 2 : -1
        case 0xA8, 0xA9:  // U+2028, U+2029 are E2 80 A8, E2 80 A9.
            return count >= 3 && bytes[count - 3] == 0xE2 && bytes[count - 2] == 0x80 ? count - 3 : -1
        default:
            return -1
        }
    }

    /// The epsilon closure of `instruction` where the anchors see `context`: the consuming states
    /// reached, and `acceptBit` when the end of the pattern is.
    private static func closure(of instruction: Int, in program: [Instruction], context: Int) -> UInt64 {
        var reached: UInt64 = 0
        var visited = [Bool](repeating: false, count: program.count)
        var pending = [instruction]
        while let index = pending.popLast() {
            guard !visited[index] else { continue }
            visited[index] = true
            switch program[index] {
            case let .consume(state, _):
                reached |= 1 << UInt64(state)
            case let .split(first, second):
                pending.append(second)
                pending.append(first)
            case let .assert(anchor, next):
                if Context.all[context].satisfies(anchor) { pending.append(next) }
            case .accept:
                reached |= acceptBit
            }
        }
        return reached
    }
}

// MARK: - Positions

/// What the anchors can see at a position: whether it is the start of the input, and whether it is
/// the end or just before a final line terminator. Six contexts, indexed `start + 2 * end`.
private struct Context {
    var isStart: Bool
    /// 0 elsewhere, 1 before a final line terminator (`$` and `\Z` hold), 2 at the end (`\z` too).
    var end: Int

    var index: Int { (isStart ? 1 : 0) + 2 * end }

    static let count = 6
    static let all = (0..<count).map { Context(isStart: $0 & 1 == 1, end: $0 >> 1) }
    /// Neither the start nor near the end: where the DFA works.
    static let middle = 0
    /// The start of an input that goes on.
    static let first = 1

    @inline(__always)
    static func at(_ offset: Int, count: Int, dollar: Int) -> Int {
        (offset == 0 ? 1 : 0) | (offset == count ? 4 : offset == dollar ? 2 : 0)
    }

    func satisfies(_ anchor: Anchor) -> Bool {
        switch anchor {
        case .start: isStart
        case .dollar: end >= 1
        case .end: end == 2
        }
    }
}

/// `^` and `\A` are `.start`; `$` and `\Z` are `.dollar` (ICU compiles both to the same test); `\z` is `.end`.
private enum Anchor {
    case start, dollar, end
}

// MARK: - Scalar sets

/// The scalars one state consumes: literal ranges plus ICU's class escapes, possibly negated.
private struct ScalarSet: Sendable {
    /// Literal members, as closed ranges of scalar values.
    var ranges: [ClosedRange<UInt32>] = []
    var escapes: Escapes = []
    var isNegated = false

    struct Escapes: OptionSet, Sendable {
        let rawValue: UInt8
        static let digit = Escapes(rawValue: 1 << 0)
        static let nonDigit = Escapes(rawValue: 1 << 1)
        static let word = Escapes(rawValue: 1 << 2)
        static let nonWord = Escapes(rawValue: 1 << 3)
        static let space = Escapes(rawValue: 1 << 4)
        static let nonSpace = Escapes(rawValue: 1 << 5)
        /// The escapes whose members change as Unicode assigns new scalars.
        static let versioned: Escapes = [.digit, .nonDigit, .word, .nonWord]
    }

    static func scalar(_ value: UInt32) -> Self {
        ScalarSet(ranges: [value...value])
    }

    static func escape(_ escape: Escapes) -> Self {
        ScalarSet(escapes: escape)
    }

    /// `.` without options: any scalar but ICU's line terminators, the same seven `$` looks for.
    static let dot = ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029], isNegated: true)

    /// Whether the set holds `value`; nil when that depends on `\d` or `\w` for a scalar the
    /// standard library does not date to Unicode 15.0 or earlier.
    func contains(_ value: UInt32) -> Bool? {
        var member = ranges.contains { $0.contains(value) }
        if !member, !escapes.isEmpty {
            if escapes.contains(.space) || escapes.contains(.nonSpace) {
                let space = Self.isWhiteSpace(value)
                member = escapes.contains(.space) && space || escapes.contains(.nonSpace) && !space
            }
            if !member, !escapes.isDisjoint(with: .versioned) {
                guard let scalar = Unicode.Scalar(value), Self.isDated(scalar) else { return nil }
                if escapes.contains(.digit) || escapes.contains(.nonDigit) {
                    let digit = scalar.properties.generalCategory == .decimalNumber
                    member = escapes.contains(.digit) && digit || escapes.contains(.nonDigit) && !digit
                }
                if !member, escapes.contains(.word) || escapes.contains(.nonWord) {
                    let word = Self.isWord(scalar)
                    member = escapes.contains(.word) && word || escapes.contains(.nonWord) && !word
                }
            }
        }
        return member != isNegated
    }

    /// ICU's `\s`: the White_Space property, stable since Unicode 6.3.
    static func isWhiteSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// ICU's `\w`: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200c\u200d]`.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
        }
    }

    /// Whether the scalar was assigned by Unicode 15.0, which both this standard library and the
    /// ICU behind NSRegularExpression know. For later scalars (the standard library may know Unicode 17
    /// while ICU knows 16) membership in `\d` and `\w` is left to ICU.
    static func isDated(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return age.major < 15 || age.major == 15 && age.minor == 0
    }
}

// MARK: - Parsing

private indirect enum Node {
    case empty
    case set(ScalarSet)
    case anchor(Anchor)
    case sequence([Node])
    case alternation([Node])
    /// `max` nil means unbounded. Laziness does not change whether a match exists, so it is dropped.
    case loop(Node, min: Int, max: Int?)

    /// Whether the node can match without consuming a scalar (anchors consume none).
    var canBeEmpty: Bool {
        switch self {
        case .empty, .anchor: true
        case .set: false
        case let .sequence(items): items.allSatisfy(\.canBeEmpty)
        case let .alternation(branches): branches.contains(where: \.canBeEmpty)
        case let .loop(body, min, _): min == 0 || body.canBeEmpty
        }
    }
}

/// Thrown for anything outside the subset; the caller falls back to NSRegularExpression.
private struct Unsupported: Error {}

/// A recursive-descent parser for the subset, reading ICU's syntax and refusing whatever it does not
/// read exactly as ICU does.
private struct Parser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse() throws(Unsupported) -> Node {
        let node = try alternation()
        guard position == scalars.count else { throw Unsupported() }  // a stray `)`
        return node
    }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func peek(_ ahead: Int) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private mutating func next() throws(Unsupported) -> Unicode.Scalar {
        guard let scalar = peek else { throw Unsupported() }
        position += 1
        return scalar
    }

    private mutating func alternation() throws(Unsupported) -> Node {
        var branches = [try sequence()]
        while peek == "|" {
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(Unsupported) -> Node {
        var items: [Node] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            let (atom, quantifiable) = try atom()
            if let (min, max, isLazy) = try quantifier() {
                // ICU accepts `^*` and `$*`; no need to copy that. A lazy loop whose body can match
                // the empty string misses matches in ICU: `(?:()+?a)?b` finds nothing in "b".
                guard quantifiable, !(isLazy && atom.canBeEmpty) else { throw Unsupported() }
                items.append(.loop(atom, min: min, max: max))
            } else {
                items.append(atom)
            }
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    /// One atom, and whether a quantifier may follow it.
    private mutating func atom() throws(Unsupported) -> (Node, Bool) {
        let scalar = try next()
        switch scalar {
        case "(":
            if peek == "?" {
                guard peek(1) == ":" else { throw Unsupported() }  // lookaround, flags, named groups, comments
                position += 2
            }
            depth += 1
            guard depth <= RegexProgram.maximumNesting else { throw Unsupported() }
            let inner = try alternation()
            guard try next() == ")" else { throw Unsupported() }
            depth -= 1
            return (inner, true)
        case "[":
            return (.set(try characterClass()), true)
        case ".":
            return (.set(.dot), true)
        case "^":
            return (.anchor(.start), false)
        case "$":
            return (.anchor(.dollar), false)
        case "\\":
            let escaped = try next()
            switch escaped {
            case "A": return (.anchor(.start), false)
            case "Z": return (.anchor(.dollar), false)
            case "z": return (.anchor(.end), false)
            default:
                if let escape = Self.classEscape(escaped) { return (.set(.escape(escape)), true) }
                return (.set(.scalar(try Self.literalEscape(escaped))), true)
            }
        case "*", "+", "?", "{", "}", "]", ")", "|", "\0":
            // A quantifier with nothing to repeat is an error; ICU reads a lone `]` as a literal
            // but rejects a lone `}`. Neither is worth the doubt.
            throw Unsupported()
        default:
            return (.set(.scalar(scalar.value)), true)
        }
    }

    /// `* + ? {n} {n,} {n,m}` and whether a lazy `?` follows; possessive and stacked quantifiers are refused.
    private mutating func quantifier() throws(Unsupported) -> (Int, Int?, Bool)? {
        let bounds: (Int, Int?)
        switch peek {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            position += 1
            let min = try number()
            var max: Int? = min
            if peek == "," {
                position += 1
                max = peek == "}" ? nil : try number()
            }
            guard peek == "}" else { throw Unsupported() }
            if let max, max < min { throw Unsupported() }
            bounds = (min, max)
        default:
            return nil
        }
        position += 1
        let isLazy = peek == "?"
        if isLazy { position += 1 }
        if let scalar = peek, "*+?{".unicodeScalars.contains(scalar) { throw Unsupported() }
        return (bounds.0, bounds.1, isLazy)
    }

    /// Decimal digits; any count beyond the state limit is refused here.
    private mutating func number() throws(Unsupported) -> Int {
        var value = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            position += 1
            guard value <= RegexProgram.maximumInstructions else { throw Unsupported() }
        }
        guard digits > 0 else { throw Unsupported() }
        return value
    }

    /// A class after its `[`: literals, ranges between literals, class escapes, an optional leading `^`.
    /// ICU's sets are richer (`[:alpha:]`, nesting, `&&` and `--`), so anything that could start one
    /// of those is refused, as are the placements of `-` that do not read as a plain range or literal.
    private mutating func characterClass() throws(Unsupported) -> ScalarSet {
        var set = ScalarSet()
        if peek == "^" {
            set.isNegated = true
            position += 1
        }
        // `[]…]` holds a `]`, and `[:alpha:]` is a POSIX class even at the top level.
        if peek == "]" || peek == ":" { throw Unsupported() }
        if peek == "-" {
            guard peek(1) != "-" else { throw Unsupported() }
            set.ranges.append(0x2D...0x2D)
            position += 1
        }
        while true {
            let scalar = try next()
            switch scalar {
            case "]":
                return set
            case "[", "\0":
                throw Unsupported()
            case "-":
                // Only a trailing `-` is literal here; elsewhere it would follow a range or an escape.
                guard peek == "]" else { throw Unsupported() }
                set.ranges.append(0x2D...0x2D)
            case "&" where peek == "&":
                throw Unsupported()
            case "\\":
                let escaped = try next()
                if let escape = Self.classEscape(escaped) {
                    guard peek != "-" || peek(1) == "]" else { throw Unsupported() }
                    set.escapes.insert(escape)
                } else {
                    set.ranges.append(try rangeOrLiteral(from: try Self.literalEscape(escaped)))
                }
            default:
                set.ranges.append(try rangeOrLiteral(from: scalar.value))
            }
        }
    }

    /// `lower` alone, or `lower-upper` when a `-` that does not end the class follows.
    private mutating func rangeOrLiteral(from lower: UInt32) throws(Unsupported) -> ClosedRange<UInt32> {
        guard peek == "-", let after = peek(1), after != "]" else { return lower...lower }
        position += 1
        let upper: UInt32
        switch try next() {
        case "\\":
            let escaped = try next()
            guard Self.classEscape(escaped) == nil else { throw Unsupported() }
            upper = try Self.literalEscape(escaped)
        case "[", "-", "&", "\0":
            throw Unsupported()
        case let scalar:
            upper = scalar.value
        }
        guard lower <= upper else { throw Unsupported() }
        // `[a-c-x]` is legal ICU, but what it means is not worth the doubt.
        if peek == "-", peek(1) != "]" { throw Unsupported() }
        return lower...upper
    }

    private static func classEscape(_ scalar: Unicode.Scalar) -> ScalarSet.Escapes? {
        switch scalar {
        case "d": .digit
        case "D": .nonDigit
        case "w": .word
        case "W": .nonWord
        case "s": .space
        case "S": .nonSpace
        default: nil
        }
    }

    /// The scalar a literal escape stands for: the named controls ICU knows, or ASCII punctuation and
    /// space, which ICU takes literally. Other letters and digits have meanings (or quirks) of their own.
    private static func literalEscape(_ scalar: Unicode.Scalar) throws(Unsupported) -> UInt32 {
        switch scalar {
        case "t": return 0x09
        case "n": return 0x0A
        case "f": return 0x0C
        case "r": return 0x0D
        case "a": return 0x07
        case "e": return 0x1B
        default:
            let value = scalar.value
            let isPunctuation = (0x20...0x7E).contains(value) && !(0x30...0x39).contains(value)
                && !(0x41...0x5A).contains(value) && !(0x61...0x7A).contains(value)
            guard isPunctuation else { throw Unsupported() }
            return value
        }
    }
}

// MARK: - Compiling

private enum Instruction {
    case consume(state: Int, next: Int)
    case split(Int, Int)
    case assert(Anchor, next: Int)
    case accept
}

/// Emits a Thompson automaton back to front: each node is compiled knowing where it continues,
/// and returns its entry. Counted repetitions are expanded into copies.
private struct Compiler {
    var instructions: [Instruction] = []
    /// Per consuming state, its scalar set.
    var sets: [ScalarSet] = []

    mutating func emitAccept() -> Int {
        instructions.append(.accept)
        return instructions.count - 1
    }

    private mutating func append(_ instruction: Instruction) throws(Unsupported) -> Int {
        guard instructions.count < RegexProgram.maximumInstructions else { throw Unsupported() }
        instructions.append(instruction)
        return instructions.count - 1
    }

    mutating func emit(_ node: Node, next: Int) throws(Unsupported) -> Int {
        switch node {
        case .empty:
            return next
        case let .set(set):
            guard sets.count < RegexProgram.maximumStates else { throw Unsupported() }
            sets.append(set)
            return try append(.consume(state: sets.count - 1, next: next))
        case let .anchor(anchor):
            return try append(.assert(anchor, next: next))
        case let .sequence(items):
            var entry = next
            for item in items.reversed() { entry = try emit(item, next: entry) }
            return entry
        case let .alternation(branches):
            var entry = try emit(branches[branches.count - 1], next: next)
            for branch in branches.dropLast().reversed() {
                entry = try append(.split(try emit(branch, next: next), entry))
            }
            return entry
        case let .loop(body, min, max):
            var entry = next
            var copies = min
            if let max {
                // x{0,2} is (?:x(?:x)?)?: each optional copy may skip to the continuation.
                for _ in 0..<(max - min) { entry = try append(.split(try emit(body, next: entry), next)) }
            } else {
                // x+ is one copy that may loop back; x* is x+ made optional; x{3,} is x x x+.
                let loop = try append(.split(next, next))  // patched below, once the body exists
                let repeated = try emit(body, next: loop)
                instructions[loop] = .split(repeated, next)
                entry = min == 0 ? loop : repeated
                copies = Swift.max(min - 1, 0)
            }
            for _ in 0..<copies { entry = try emit(body, next: entry) }
            return entry
        }
    }
}

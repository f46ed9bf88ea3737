/// A matcher for a safe subset of ICU regular expressions: does a string contain a match? Greediness and
/// captures do not matter for that, so it runs a Thompson automaton (a `UInt64` bit per consuming state, one
/// step per scalar, a DFA over the ASCII middle): linear time whatever the pattern; `(a+)+$` cannot backtrack.
/// `init(pattern:)` is nil beyond the subset (literals, classes, `\d \w \s`, quantifiers, groups, `|`, anchors;
/// each checked against ICU) or 63 states. Use it only for patterns NSRegularExpression accepted, without
/// options. Where ICU gives up (a backtracking stack overflow) and reports no match, the program still answers.
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

    /// A DFA over ASCII for the middle of the input, where no anchor holds: per DFA state (`state << 7 | scalar`),
    /// the next one, or `accepted`/`rejected`. Empty when too many sets are reachable (or a match is found at the start).
    private let transitions: [UInt8]
    /// Per DFA state, its set of states, for the bitsets to take over.
    let dfaStates: [UInt64]

    /// Bit 63 stands for the accepting state, so a program holds at most 63 consuming states.
    private static let acceptBit: UInt64 = 1 << 63
    static let maximumStates = 63
    /// Bounds the work of expanding counted repetitions such as `(?:^){1000}`, which add no state.
    static let maximumInstructions = 2_048
    static let maximumNesting = 32
    private static let maximumDFAStates = 64
    private static let accepted: UInt8 = 255
    private static let rejected: UInt8 = 254

    init?(pattern: String) {
        var parser = Parser(pattern)
        guard let tree = try? parser.parse() else { return nil }
        var compiler = Compiler()
        guard let entry = try? compiler.emit(tree, next: Compiler.accept) else { return nil }
        let program = compiler.instructions

        let starts = (0..<Context.count).map { Self.closure(of: entry, in: program, context: $0) }
        var follows = [UInt64](repeating: 0, count: compiler.sets.count << 3)
        for context in 0..<Context.count {
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
        self.asciiStates = asciiStates
        self.starts = starts
        self.follows = follows
        self.sets = compiler.sets
        self.startsAfterFirstScalar = Context.all.contains { !$0.isStart && starts[$0.index] != 0 }

        // The DFA, breadth first from offset 0; each step lands in the middle context, where a match may also begin.
        let first = starts[Context.first]
        var dfaStates = first & Self.acceptBit == 0 ? [first] : []
        var indices = [first: 0]
        var transitions: [UInt8] = []
        var built = 0
        build: while built < dfaStates.count {
            let current = dfaStates[built]
            built += 1
            for scalar in 0..<128 {
                let next = starts[Context.middle] | Self.follow(current & asciiStates[scalar], in: Context.middle, follows)
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

    /// Whether `text` contains a match, as `firstMatch(in:range:) != nil` decides without options; nil when `\d`
    /// or `\w` meets a scalar unassigned or newer than Unicode 15.0, where ICU and the standard library may disagree.
    func containsMatch(in text: String) -> Bool? {
        UTF8Bytes.of(text) { containsMatch(utf8: $0) }
    }

    private func containsMatch(utf8 bytes: UTF8Bytes) -> Bool? {
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

        var context = Context.at(offset, count: count, dollar: dollar)
        while true {
            current |= starts[context]
            if current & Self.acceptBit != 0 { return true }
            if offset == count { return false }

            let lead = bytes[offset]
            let consuming: UInt64
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
            current = Self.follow(consuming, in: context, follows)
            if current == 0, !startsAfterFirstScalar { return false }
        }
    }

    private enum DFAStop {
        case answer(Bool?)
        case resume(at: Int, states: UInt64)
    }

    /// Runs the DFA before `middleEnd`; a non-ASCII scalar steps on the bitsets, then the DFA resumes if it has the set.
    @inline(__always)
    private func runDFA(over bytes: UTF8Bytes, until middleEnd: Int) -> DFAStop {
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
            let next = starts[Context.middle] | Self.follow(consuming, in: Context.middle, follows)
            offset += length
            if next & Self.acceptBit != 0 { return .answer(true) }
            if next == 0, !startsAfterFirstScalar { return .answer(false) }
            guard let index = dfaStates.firstIndex(of: next) else { return .resume(at: offset, states: next) }
            state = index
        }
        return .resume(at: offset, states: dfaStates[state])
    }

    /// The states after `consuming` consumed a scalar, the anchors seeing `context`; in the middle, where a match may
    /// also begin, the caller adds the starts.
    @inline(__always)
    private static func follow(_ consuming: UInt64, in context: Int, _ follows: [UInt64]) -> UInt64 {
        var consuming = consuming
        var next: UInt64 = 0
        while consuming != 0 {
            next |= follows[consuming.trailingZeroBitCount << 3 | context]
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
    private static func decode(_ bytes: UTF8Bytes, at offset: Int, lead: UInt8) -> (UInt32, Int) {
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

    /// Where ICU's `$` also matches: before a final line terminator (not inside a final `\r\n`); -1 if none.
    @inline(__always)
    static func finalLineTerminatorOffset(in bytes: UTF8Bytes) -> Int {
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

    /// The epsilon closure of `instruction` with the anchors seeing `context`: consuming states, plus `acceptBit` at the end.
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
                pending += [second, first]  // `first` is popped first
            case let .assert(anchor, next):
                if Context.all[context].satisfies(anchor) { pending.append(next) }
            case .accept:
                reached |= acceptBit
            }
        }
        return reached
    }
}

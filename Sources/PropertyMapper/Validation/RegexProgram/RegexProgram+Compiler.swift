extension RegexProgram {
    enum Instruction {
        case consume(state: Int, next: Int)
        case split(Int, Int)
        case assert(Anchor, next: Int)
        case accept
    }

    /// Emits the automaton back to front, each node knowing its continuation; counted repetitions become copies.
    struct Compiler {
        /// The accepting instruction comes first, at `accept`.
        var instructions: [Instruction] = [.accept]
        static let accept = 0
        /// Per consuming state, its scalar set.
        var sets: [ScalarSet] = []

        private mutating func append(_ instruction: Instruction) throws(Unsupported) -> Int {
            guard instructions.count < RegexProgram.maximumInstructions else { throw Unsupported() }
            instructions.append(instruction)
            return instructions.count - 1
        }

        mutating func emit(_ node: Node, next: Int) throws(Unsupported) -> Int {
            switch node {
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
}

import Testing

@testable import PropertyMapper

/// Compiling a parse tree into a Thompson automaton: its sizes, its loops, and its limits.
@Suite struct RegexCompilerTests {
    typealias Node = RegexProgram.Node

    static var letter: Node { .set(.scalar(0x61)) }

    /// The compiler after emitting `node` before an accept, and the entry instruction.
    static func compiled(_ node: Node) throws -> (compiler: RegexProgram.Compiler, entry: Int) {
        var compiler = RegexProgram.Compiler()
        let entry = try compiler.emit(node, next: RegexProgram.Compiler.accept)
        return (compiler, entry)
    }

    @Test func anEmptyTreeEntersAtTheAccept() throws {
        let (compiler, entry) = try Self.compiled(.empty)
        #expect(entry == 0)
        #expect(compiler.instructions.count == 1)
    }

    @Test func eachSetIsOneConsumingState() throws {
        let (compiler, _) = try Self.compiled(.sequence([Self.letter, Self.letter, .anchor(.end)]))
        #expect(compiler.sets.count == 2)
        #expect(compiler.instructions.count == 4)  // accept, assert, consume, consume
    }

    @Test func boundedLoopsCopyTheirBody() throws {
        // x{2,4}: two required copies and two optional ones, each optional copy behind a split.
        let (compiler, _) = try Self.compiled(.loop(Self.letter, min: 2, max: 4))
        #expect(compiler.sets.count == 4)
        #expect(compiler.instructions.count == 1 + 4 + 2)
    }

    @Test func unboundedLoopsLoopBack() throws {
        // x{3,}: two plain copies, then one that may repeat.
        let (compiler, entry) = try Self.compiled(.loop(Self.letter, min: 3, max: nil))
        #expect(compiler.sets.count == 3)
        #expect(compiler.instructions.count == 1 + 3 + 1)
        guard case let .consume(_, next) = compiler.instructions[entry] else {
            Issue.record("x{3,} starts with a copy of x")
            return
        }
        #expect(next != entry)
        // x*: the entry is the split, so that zero copies reach the accept.
        let (star, starEntry) = try Self.compiled(.loop(Self.letter, min: 0, max: nil))
        guard case let .split(first, second) = star.instructions[starEntry] else {
            Issue.record("x* starts with a split")
            return
        }
        #expect([first, second].contains(0))
    }

    @Test func programsBeyondTheLimitsAreRefused() {
        #expect(throws: RegexProgram.Unsupported.self) {
            try Self.compiled(.loop(Self.letter, min: RegexProgram.maximumStates + 1, max: RegexProgram.maximumStates + 1))
        }
        #expect(throws: RegexProgram.Unsupported.self) {
            try Self.compiled(.loop(.anchor(.start), min: RegexProgram.maximumInstructions, max: RegexProgram.maximumInstructions))
        }
        #expect(throws: Never.self) {
            try Self.compiled(.loop(Self.letter, min: RegexProgram.maximumStates, max: RegexProgram.maximumStates))
        }
    }
}

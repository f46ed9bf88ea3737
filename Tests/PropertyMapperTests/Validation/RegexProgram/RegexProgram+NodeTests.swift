import Testing

@testable import PropertyMapper

/// `Node.canBeEmpty`: whether a parse tree can match the empty string (a lazy loop over one that can is refused).
@Suite struct RegexNodeTests {
    typealias Node = RegexProgram.Node

    static var letter: Node { .set(.scalar(0x61)) }

    @Test func leavesAndAnchors() {
        #expect(Node.empty.canBeEmpty)
        #expect(Node.anchor(.start).canBeEmpty)
        #expect(Node.anchor(.end).canBeEmpty)
        #expect(!Self.letter.canBeEmpty)
    }

    @Test func aSequenceNeedsEveryItemEmptyAndAnAlternationOneBranch() {
        #expect(!Node.sequence([.empty, Self.letter]).canBeEmpty)
        #expect(Node.sequence([.empty, .anchor(.dollar)]).canBeEmpty)
        #expect(Node.alternation([Self.letter, .empty]).canBeEmpty)
        #expect(!Node.alternation([Self.letter, Self.letter]).canBeEmpty)
    }

    @Test func aLoopCanBeEmptyWhenItMayRunZeroTimesOrItsBodyCan() {
        #expect(Node.loop(Self.letter, min: 0, max: nil).canBeEmpty)
        #expect(!Node.loop(Self.letter, min: 1, max: nil).canBeEmpty)
        #expect(Node.loop(.empty, min: 3, max: 3).canBeEmpty)
        #expect(regexTree("(?:a?)+?b") == nil)  // the parser asks it: a lazy loop over a body that can be empty
        #expect(regexTree("(?:a)+?b") != nil)
    }
}

import Testing

@testable import PropertyMapper

/// The six input positions as the anchors see them: at the start or not, and at the end, before a
/// final line terminator (where `$` and `\Z` match) or elsewhere.
@Suite struct RegexContextTests {
    typealias Context = RegexProgram.Context

    @Test func everyContextHasItsOwnIndex() {
        #expect(Context.all.map(\.index) == Array(0..<Context.count))
        #expect(Context.all[Context.first].isStart)
        #expect(!Context.all[Context.middle].isStart && Context.all[Context.middle].end == 0)
    }

    @Test func positionsMapToTheirContext() {
        // "ab\n": 3 bytes, the final line terminator at offset 2.
        #expect(Context.at(0, count: 3, dollar: 2) == 1)  // start
        #expect(Context.at(1, count: 3, dollar: 2) == 0)  // middle
        #expect(Context.at(2, count: 3, dollar: 2) == 2)  // before the final terminator
        #expect(Context.at(3, count: 3, dollar: 2) == 4)  // the end
        #expect(Context.at(0, count: 0, dollar: 0) == 5)  // the empty input: start and end at once
    }

    @Test func anchorsAreSatisfiedWhereTheyMatch() {
        let start = Context(isStart: true, end: 0)
        let beforeTerminator = Context(isStart: false, end: 1)
        let end = Context(isStart: false, end: 2)
        #expect(start.satisfies(.start) && !start.satisfies(.dollar) && !start.satisfies(.end))
        #expect(!beforeTerminator.satisfies(.start) && beforeTerminator.satisfies(.dollar) && !beforeTerminator.satisfies(.end))
        #expect(end.satisfies(.dollar) && end.satisfies(.end))
    }
}

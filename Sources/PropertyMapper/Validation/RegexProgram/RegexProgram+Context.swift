extension RegexProgram {
    /// What the anchors see at a position: the start, and the end or just before a final line terminator (`start + 2 * end`).
    struct Context {
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
    enum Anchor {
        case start, dollar, end
    }
}

extension RegexProgram {
    /// The parse tree of a pattern; the empty pattern is an empty sequence.
    indirect enum Node {
        case set(ScalarSet)
        case anchor(Anchor)
        case sequence([Node])
        case alternation([Node])
        /// `max` nil means unbounded. Laziness does not change whether a match exists, so it is dropped.
        case loop(Node, min: Int, max: Int?)

        /// Whether the node can match without consuming a scalar (anchors consume none).
        var canBeEmpty: Bool {
            switch self {
            case .anchor: true
            case .set: false
            case let .sequence(items): items.allSatisfy(\.canBeEmpty)
            case let .alternation(branches): branches.contains(where: \.canBeEmpty)
            case let .loop(body, min, _): min == 0 || body.canBeEmpty
            }
        }
    }
}

import Foundation

/// How deep a run is in a model graph, and whether the stack has room for one more model: a model `Engine.maximumDepth` models
/// deep, or one that would leave less than `StackFloor.reserve` of stack, is a `depth` error, not a stack overflow.
/// Graphs shallower than `firstMeasuredDepth` are never measured (a flat record costs nothing); the nesting entering it finds
/// the floor (`StackFloor`) and carries it inwards, each model comparing a stack address with it, so one model runs between checks.
struct Nesting {
    /// How many models enclose this one (0 for the model an entry point maps).
    let depth: Int
    /// From `firstMeasuredDepth` in, the lowest address a model may start at (0: unknown, never refused for its stack); before,
    /// an address in the outermost model's run, from which the floor is found where the thread's bounds are unknown.
    private let stackMark: UInt
    /// The key of the polymorphic tag that chose this model's type, and the one for the model one level in (`taggingInner(_:)`).
    /// Unretained, so a nesting is a plain value, free to copy. Invariant: a `TagKey` is kept by its polymorphic conversion,
    /// running further up the stack for as long as any nesting made by `taggingInner(_:)`, or from one, is used.
    private let exempt: Unmanaged<TagKey>?
    private let innerExempt: Unmanaged<TagKey>?
    /// False in a dry run, which only checks; true for a model whose value an enclosing one needs (`writingInner(_:)`).
    let writes: Bool
    private let innerWrites: Bool

    /// The key of the polymorphic tag that chose this model's type: never an unknown key here.
    var exemptKey: String? { exempt?.takeUnretainedValue().key }

    /// The depth from which models are measured: deeper than the graphs most data holds.
    private static let firstMeasuredDepth = 8

    /// The outermost model's, at the caller's stack position; a dry run (`writes` false) checks every model, writes none.
    static func outermost(writes: Bool = true) -> Nesting {
        Nesting(depth: 0, stackMark: StackFloor.address(), exempt: nil, innerExempt: nil, writes: writes, innerWrites: writes)
    }

    private init(
        depth: Int, stackMark: UInt, exempt: Unmanaged<TagKey>?, innerExempt: Unmanaged<TagKey>?, writes: Bool, innerWrites: Bool
    ) {
        self.depth = depth
        self.stackMark = stackMark
        self.exempt = exempt
        self.innerExempt = innerExempt
        self.writes = writes
        self.innerWrites = innerWrites
    }

    var inner: Nesting {
        let mark = depth + 1 == Self.firstMeasuredDepth ? StackFloor.find(entry: stackMark) : stackMark
        return Nesting(
            depth: depth + 1, stackMark: mark, exempt: innerExempt, innerExempt: nil, writes: innerWrites, innerWrites: innerWrites)
    }

    /// For a value whose model (one level in) the tag at `tag` chose; the caller keeps `tag` alive meanwhile (see `exempt`).
    func taggingInner(_ tag: TagKey) -> Nesting {
        Nesting(
            depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: .passUnretained(tag), writes: writes,
            innerWrites: innerWrites)
    }

    /// For a run that keeps its fields' values (`keeps`): nested models are then made whole, since a rule or an immutable
    /// model's `init` reads them; otherwise, in a dry run, they are only checked.
    func writingInner(_ keeps: Bool) -> Nesting {
        Nesting(
            depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: innerExempt, writes: writes,
            innerWrites: writes || keeps)
    }

    var refusal: Failure? {
        if depth >= Engine.maximumDepth { return .tooDeep(limit: Engine.maximumDepth) }
        guard depth >= Self.firstMeasuredDepth, StackFloor.address() < stackMark else { return nil }
        return .tooDeep(limit: depth)
    }
}

/// The key of a polymorphic tag, held by its conversion: what a `Nesting` refers to, unretained.
final class TagKey: Sendable {
    let key: String

    init(_ key: String) {
        self.key = key
    }
}

import Foundation

/// How deep a run is in a model graph, and whether the stack has room for one more model: a model
/// nested `Engine.maximumDepth` models deep (level 513, the outermost model being level 1), or one
/// that would leave less than `StackFloor.reserve` of the thread's stack, is refused with a `depth`
/// error instead of overflowing the stack.
///
/// A graph shallower than `firstMeasuredDepth` is never measured, so that mapping a flat record or
/// a shallow graph costs nothing. The nesting entering that depth finds the stack's floor (see
/// `StackFloor`) and carries it inwards; from there each model compares an address on the stack
/// with it, so that the stack used between two checks is one model's.
struct Nesting {
    /// How many models enclose this one (0 for the model an entry point maps).
    let depth: Int
    /// From `firstMeasuredDepth` in, the stack's floor: the lowest address a model may start at (0:
    /// not known, never refused for its stack). Below it, an address in the outermost model's run,
    /// what the floor is found from where the thread's bounds are not known.
    private let stackMark: UInt
    /// The key of the polymorphic tag that chose this model's type, and the key for the model about
    /// to be mapped one level further in (see `taggingInner(_:)`).
    ///
    /// Unretained, so that a nesting stays a plain value that costs nothing to copy. Invariant: a
    /// `TagKey` is kept by its polymorphic conversion, which is running further up the stack for
    /// as long as any nesting made by `taggingInner(_:)` or from it is used.
    private let exempt: Unmanaged<TagKey>?
    private let innerExempt: Unmanaged<TagKey>?
    /// Whether the model at this nesting is written: false in a dry run, which only checks it, and
    /// true for a model whose value an enclosing one needs (see `writingInner(_:)`).
    let writes: Bool
    /// Whether the models one level further in are written.
    private let innerWrites: Bool

    /// The key of the polymorphic tag that chose this model's type: never an unknown key here.
    var exemptKey: String? { exempt?.takeUnretainedValue().key }

    /// The depth from which models are measured: deeper than the graphs most data holds.
    private static let firstMeasuredDepth = 8

    /// The outermost model's nesting, entered at the caller's stack position; a dry run (`writes`
    /// false) checks every model of the graph and writes none.
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

    /// The nesting of a model inside this one.
    var inner: Nesting {
        let mark = depth + 1 == Self.firstMeasuredDepth ? StackFloor.find(entry: stackMark) : stackMark
        return Nesting(
            depth: depth + 1, stackMark: mark, exempt: innerExempt, innerExempt: nil, writes: innerWrites, innerWrites: innerWrites)
    }

    /// This nesting, for a value whose model (one level further in) the polymorphic tag at `tag`
    /// chose. The caller keeps `tag` alive while the nesting is used (see `exempt`).
    func taggingInner(_ tag: TagKey) -> Nesting {
        Nesting(
            depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: .passUnretained(tag), writes: writes,
            innerWrites: innerWrites)
    }

    /// This nesting, for a run that keeps the values of its fields (`keeps`): its nested models are
    /// then made whole, since a model rule or an immutable model's `init` reads them; otherwise, in
    /// a dry run, they are only checked.
    func writingInner(_ keeps: Bool) -> Nesting {
        Nesting(
            depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: innerExempt, writes: writes,
            innerWrites: writes || keeps)
    }

    /// Why a model cannot be mapped at this nesting, or nil.
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

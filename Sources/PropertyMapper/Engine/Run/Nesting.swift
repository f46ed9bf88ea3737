import Foundation

/// How deep a run is in a model graph, and whether the stack has room for one more model: a model `Engine.maximumDepth` models
/// deep, or one that would leave less than `StackFloor.reserve` of stack, is a `depth` error, not a stack overflow.
/// A flat record is never measured; the nesting of its first nested model finds the floor (`StackFloor`) and carries it
/// inwards, each nested model comparing a stack address with it, so one model runs between checks.
struct Nesting {
    /// How many models enclose this one (0 for the model an entry point maps).
    let depth: Int
    /// In a nested model, the lowest address it may start at (0: unknown, never refused for its stack); in the outermost, an
    /// address in its run, from which the floor is found where the thread's bounds are unknown.
    private let stackMark: UInt
    /// The key of the polymorphic tag that chose this model's type, and the one for the model one level in (`taggingInner(_:)`).
    /// Unretained, so a nesting is a plain value, free to copy. Invariant: a `TagKey` is kept by its polymorphic conversion,
    /// running further up the stack for as long as any nesting made by `taggingInner(_:)`, or from one, is used.
    private let exempt: Unmanaged<TagKey>?
    private let innerExempt: Unmanaged<TagKey>?
    /// The values an immutable model's make lends to the makes of the models nested in it, unretained like `exempt`.
    /// Invariant: that make, running further up the stack, keeps them for as long as any nesting made from it is used.
    private let lent: Unmanaged<StagedValues>?
    /// Which models write: this one and those in it (`all`); only those in it, whose values it keeps for a rule or an
    /// `init(_ values:)` to read whole (`inner`, in a dry run, `writingInner(_:)`); or none (a dry run, which only checks).
    /// One field rather than two flags: a nesting of six fields is copied and destroyed inline, one of seven is not.
    private let writing: Writing

    private enum Writing {
        case all, inner, none
    }

    /// False in a dry run, which only checks; true for a model whose value an enclosing one needs (`writingInner(_:)`).
    var writes: Bool { writing == .all }

    /// The key of the polymorphic tag that chose this model's type: never an unknown key here.
    var exemptKey: String? { exempt?.takeUnretainedValue().key }

    /// The values an enclosing immutable model's make lent (`lending(_:)`), for this model's make to open in its turn.
    var lentValues: StagedValues? { lent?.takeUnretainedValue() }

    /// The outermost model's, at the caller's stack position; a dry run (`writes` false) checks every model, writes none.
    static func outermost(writes: Bool = true) -> Nesting {
        Nesting(
            depth: 0, stackMark: StackFloor.address(), exempt: nil, innerExempt: nil, lent: nil, writing: writes ? .all : .none)
    }

    var inner: Nesting {
        let mark = depth == 0 ? StackFloor.find(entry: stackMark) : stackMark
        return Nesting(
            depth: depth + 1, stackMark: mark, exempt: innerExempt, innerExempt: nil, lent: lent,
            writing: writing == .none ? .none : .all)
    }

    /// For a value whose model (one level in) the tag at `tag` chose; the caller keeps `tag` alive meanwhile (see `exempt`).
    func taggingInner(_ tag: TagKey) -> Nesting {
        Nesting(
            depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: .passUnretained(tag), lent: lent, writing: writing)
    }

    /// For a run that keeps its fields' values (`keeps`): nested models are then made whole, since a rule or an immutable
    /// model's `init` reads them; otherwise, in a dry run, they are only checked.
    func writingInner(_ keeps: Bool) -> Nesting {
        Nesting(
            depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: innerExempt, lent: lent,
            writing: writes ? .all : keeps ? .inner : .none)
    }

    /// For the models nested in an immutable one, whose make lends them `values` and keeps them meanwhile (see `lent`).
    func lending(_ values: StagedValues) -> Nesting {
        Nesting(
            depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: innerExempt, lent: .passUnretained(values),
            writing: writing)
    }

    var refusal: Failure? {
        if depth >= Engine.maximumDepth { return .tooDeep(limit: Engine.maximumDepth) }
        guard depth > 0, StackFloor.address() < stackMark else { return nil }
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

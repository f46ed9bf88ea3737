import Foundation

/// How deep a run is in a model graph, and how much stack the graph has used: a nested model
/// deeper than `Engine.maximumDepth`, or one that would take more than half the thread's stack,
/// is refused with a `depth` error instead of overflowing the stack.
///
/// The stack is measured from the outermost model's run: the distance between an address on the
/// stack there and one here (stacks grow downwards on every platform Swift runs on). It is checked
/// every `checkInterval` models, so that mapping a flat record costs nothing.
struct Nesting {
    /// How many models enclose this one (0 for the model an entry point maps).
    let depth: Int
    /// An address in the outermost model's run.
    private let entry: UInt
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

    private static let checkInterval = 16

    /// The outermost model's nesting, entered at the caller's stack position; a dry run (`writes`
    /// false) checks every model of the graph and writes none.
    static func outermost(writes: Bool = true) -> Nesting {
        Nesting(depth: 0, entry: stackAddress(), exempt: nil, innerExempt: nil, writes: writes, innerWrites: writes)
    }

    private init(
        depth: Int, entry: UInt, exempt: Unmanaged<TagKey>?, innerExempt: Unmanaged<TagKey>?, writes: Bool, innerWrites: Bool
    ) {
        self.depth = depth
        self.entry = entry
        self.exempt = exempt
        self.innerExempt = innerExempt
        self.writes = writes
        self.innerWrites = innerWrites
    }

    /// The nesting of a model inside this one.
    var inner: Nesting {
        Nesting(depth: depth + 1, entry: entry, exempt: innerExempt, innerExempt: nil, writes: innerWrites, innerWrites: innerWrites)
    }

    /// This nesting, for a value whose model (one level further in) the polymorphic tag at `tag`
    /// chose. The caller keeps `tag` alive while the nesting is used (see `exempt`).
    func taggingInner(_ tag: TagKey) -> Nesting {
        Nesting(depth: depth, entry: entry, exempt: exempt, innerExempt: .passUnretained(tag), writes: writes, innerWrites: innerWrites)
    }

    /// This nesting, for a run that keeps the values of its fields (`keeps`): its nested models are
    /// then made whole, since a model rule or an immutable model's `init` reads them; otherwise, in
    /// a dry run, they are only checked.
    func writingInner(_ keeps: Bool) -> Nesting {
        Nesting(depth: depth, entry: entry, exempt: exempt, innerExempt: innerExempt, writes: writes, innerWrites: writes || keeps)
    }

    /// Why a model cannot be mapped at this nesting, or nil.
    var refusal: Failure? {
        if depth > Engine.maximumDepth { return .tooDeep(limit: Engine.maximumDepth) }
        guard depth > 0, depth.isMultiple(of: Self.checkInterval) else { return nil }
        let here = Self.stackAddress()
        let used = entry > here ? entry - here : 0
        let budget = UInt(Swift.max(0, Thread.current.stackSize)) / 2
        return budget > 0 && used > budget ? .tooDeep(limit: depth) : nil
    }

    /// An address on the current stack.
    @inline(never)
    private static func stackAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}

/// The key of a polymorphic tag, held by its conversion: what a `Nesting` refers to, unretained.
final class TagKey: Sendable {
    let key: String

    init(_ key: String) {
        self.key = key
    }
}

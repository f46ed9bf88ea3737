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
    /// The key of the polymorphic tag that chose this model's type: never an unknown key here.
    let exemptKey: String?
    /// The tag key for the model about to be mapped one level further in (see `taggingInner(_:)`).
    private let innerExemptKey: String?

    private static let checkInterval = 16

    /// The outermost model's nesting, entered at the caller's stack position.
    static func outermost() -> Nesting {
        Nesting(depth: 0, entry: stackAddress(), exemptKey: nil, innerExemptKey: nil)
    }

    private init(depth: Int, entry: UInt, exemptKey: String?, innerExemptKey: String?) {
        self.depth = depth
        self.entry = entry
        self.exemptKey = exemptKey
        self.innerExemptKey = innerExemptKey
    }

    /// The nesting of a model inside this one.
    var inner: Nesting {
        Nesting(depth: depth + 1, entry: entry, exemptKey: innerExemptKey, innerExemptKey: nil)
    }

    /// This nesting, for a value whose model (one level further in) a polymorphic tag at `key` chose.
    func taggingInner(_ key: String) -> Nesting {
        Nesting(depth: depth, entry: entry, exemptKey: exemptKey, innerExemptKey: key)
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

import Foundation

#if canImport(Darwin)
import Darwin
#endif

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

    /// The key of the polymorphic tag that chose this model's type: never an unknown key here.
    var exemptKey: String? { exempt?.takeUnretainedValue().key }

    /// The depth from which models are measured: deeper than the graphs most data holds.
    private static let firstMeasuredDepth = 8

    /// The outermost model's nesting, entered at the caller's stack position.
    static func outermost() -> Nesting {
        Nesting(depth: 0, stackMark: StackFloor.address(), exempt: nil, innerExempt: nil)
    }

    private init(depth: Int, stackMark: UInt, exempt: Unmanaged<TagKey>?, innerExempt: Unmanaged<TagKey>?) {
        self.depth = depth
        self.stackMark = stackMark
        self.exempt = exempt
        self.innerExempt = innerExempt
    }

    /// The nesting of a model inside this one.
    var inner: Nesting {
        let mark = depth + 1 == Self.firstMeasuredDepth ? StackFloor.find(entry: stackMark) : stackMark
        return Nesting(depth: depth + 1, stackMark: mark, exempt: innerExempt, innerExempt: nil)
    }

    /// This nesting, for a value whose model (one level further in) the polymorphic tag at `tag`
    /// chose. The caller keeps `tag` alive while the nesting is used (see `exempt`).
    func taggingInner(_ tag: TagKey) -> Nesting {
        Nesting(depth: depth, stackMark: stackMark, exempt: exempt, innerExempt: .passUnretained(tag))
    }

    /// Why a model cannot be mapped at this nesting, or nil.
    var refusal: Failure? {
        if depth >= Engine.maximumDepth { return .tooDeep(limit: Engine.maximumDepth) }
        guard depth >= Self.firstMeasuredDepth, StackFloor.address() < stackMark else { return nil }
        return .tooDeep(limit: depth)
    }
}

/// The lowest address at which a model may start being mapped on the current thread: its stack's
/// lowest address plus `reserve`, which holds what runs between two checks (one model, and the
/// innermost model's own fields) with room to spare. Stacks grow downwards on every platform Swift
/// runs on.
///
/// On Apple platforms the thread's bounds are known. Elsewhere (Swift does not import glibc's
/// `pthread_getattr_np`) the floor is measured from the outermost model's run: `Thread.current.stackSize`
/// less `reserve` below it (half of it on a stack of less than twice the reserve), the reserve then
/// also holding what the callers above that run use. `stackSize` is a Foundation thread's own size;
/// for the main thread and any other thread, the default size (on Linux, the stack limit), which
/// overstates the stack of a thread made smaller by other means.
enum StackFloor {
    /// The stack kept free below the floor.
    static let reserve: UInt = 256 * 1024

    /// The floor for the current thread, for a graph whose outermost model's run is at `entry`; 0
    /// when the stack's size is not known.
    static func find(entry: UInt) -> UInt {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        guard size > 0, top > size else { return 0 }
        return top - size + Swift.min(reserve, size / 2)
        #else
        let size = UInt(Swift.max(0, Thread.current.stackSize))
        let budget = size > 2 * reserve ? size - reserve : size / 2
        return entry > budget ? entry - budget : 0
        #endif
    }

    /// An address on the current stack.
    @inline(never)
    static func address() -> UInt {
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

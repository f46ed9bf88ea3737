import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// The lowest address at which a model may start being mapped, or the JSON reader may enter a
/// container, on the current thread: its stack's lowest address plus `reserve`, which holds what
/// runs between two checks (one model and the innermost model's own fields, or one container) with
/// room to spare. Stacks grow downwards on every platform Swift runs on.
///
/// On Apple platforms the thread's bounds are known. Elsewhere (Swift does not import glibc's
/// `pthread_getattr_np`) the floor is measured from the outermost model's run, or from where the
/// reading of a JSON document started: `Thread.current.stackSize` less `reserve` below it (half of it on a stack of less than twice the reserve), the reserve then
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

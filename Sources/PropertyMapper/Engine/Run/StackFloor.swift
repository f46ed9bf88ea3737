import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// The lowest address on this thread at which a model may start being mapped, or the JSON reader enter a container: the
/// stack's lowest address plus `reserve`, what runs between two checks (a model and its innermost fields, or a container)
/// with room to spare. Stacks grow downwards on every Swift platform. Apple platforms know the thread's bounds; elsewhere
/// (Swift does not import glibc's `pthread_getattr_np`) the floor is `Thread.current.stackSize` less `reserve` (half, under
/// twice the reserve) below the outermost model's run or the JSON read's start, the reserve also holding the callers above.
/// `stackSize` is a Foundation thread's own, else the default (on Linux, the stack limit): it overstates a smaller stack.
enum StackFloor {
    /// The stack kept free below the floor.
    static let reserve: UInt = 256 * 1024

    /// The floor for a graph whose outermost model's run is at `entry`; 0 when the stack's size is unknown.
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

import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The lowest address on this thread at which a model may start being mapped, or the JSON reader enter a container: the
/// stack's lowest address plus `reserve`, what runs between two checks (a model and its innermost fields, or a container)
/// with room to spare. Stacks grow downwards on every Swift platform. The thread's bounds come from pthreads: on Apple
/// platforms from `pthread_get_stackaddr_np`, elsewhere from the mapping `/proc/self/maps` lists around the entry (Swift's
/// Glibc module does not import `pthread_getattr_np`). Without it the floor is `Thread.current.stackSize` less `reserve` (half, under twice
/// the reserve) below `entry`, which overstates the room left when the caller has used much of the stack.
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
        if let floorKey, let known = pthread_getspecific(floorKey), UInt(bitPattern: known) < entry { return UInt(bitPattern: known) }
        // An entry off the thread's stack (AddressSanitizer keeps locals on a "fake stack" of its own) falls back to
        // measuring from the entry.
        if let (bottom, size) = threadStack(holding: entry), bottom < entry, entry - bottom <= size {
            let floor = bottom + Swift.min(reserve, size / 2)
            if let floorKey { pthread_setspecific(floorKey, UnsafeRawPointer(bitPattern: floor)) }
            return floor
        }
        let size = UInt(Swift.max(0, Thread.current.stackSize))
        let budget = size > 2 * reserve ? size - reserve : size / 2
        return entry > budget ? entry - budget : 0
        #endif
    }

    #if !canImport(Darwin)
    /// Each thread's floor, found once per thread: finding the stack reads `/proc/self/maps`.
    private static let floorKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// The stack holding `entry`, its lowest address and size: the mapping `/proc/self/maps` lists around it; for the main
    /// thread's (`[stack]`, which grows on demand) the stack limit below its top.
    private static func threadStack(holding entry: UInt) -> (bottom: UInt, size: UInt)? {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-") ?? []
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                start <= entry, entry < end
            else { continue }
            guard fields.last == "[stack]" else { return (start, end - start) }
            let limit = UInt(Swift.max(0, Thread.current.stackSize))
            return limit > 0 && limit < end ? (end - limit, limit) : nil
        }
        return nil
    }
    #endif

    /// An address on the current stack.
    @inline(never)
    static func address() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}

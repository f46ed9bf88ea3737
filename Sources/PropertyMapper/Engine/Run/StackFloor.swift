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
/// Glibc module does not import `pthread_getattr_np`). Without them the floor is measured from the entry (`measured(from:)`),
/// which overstates the room left when the caller has used much of the stack.
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
        let known = floorKey.flatMap { UInt(bitPattern: pthread_getspecific($0)) } ?? 0
        if known & 1 == 1 { return measured(from: entry, size: known & ~1) }
        if known != 0, known < entry { return known }
        // An entry off the thread's stack (AddressSanitizer keeps locals on a "fake stack" of its own) falls back to
        // measuring from the entry.
        if let (bottom, size) = threadStack(holding: entry), bottom < entry, entry - bottom <= size {
            let floor = bottom + Swift.min(reserve, size / 2)
            assert(floor & 1 == 0, "a floor lies on a page boundary or halfway through pages")
            if let floorKey { pthread_setspecific(floorKey, UnsafeRawPointer(bitPattern: floor)) }
            return floor
        }
        let size = UInt(Swift.max(0, Thread.current.stackSize))
        if let floorKey, known == 0 { pthread_setspecific(floorKey, UnsafeRawPointer(bitPattern: size | 1)) }
        return measured(from: entry, size: size)
        #endif
    }

    #if !canImport(Darwin)
    /// The floor for a stack of `size` bytes, `reserve` less (half of it, under twice the reserve) below `entry`; 0 for an
    /// unknown size.
    private static func measured(from entry: UInt, size: UInt) -> UInt {
        let budget = size > 2 * reserve ? size - reserve : size / 2
        return size > 0 && entry > budget ? entry - budget : 0
    }

    /// Each thread's floor, found once per thread (finding the stack reads `/proc/self/maps`); for a thread whose stack
    /// was not found, its size with the low bit set (a floor's is clear).
    private static let floorKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// The stack holding `entry`, its lowest address and size, from `/proc/self/maps`.
    static func threadStack(holding entry: UInt) -> (bottom: UInt, size: UInt)? {
        // Read to its end: `String(contentsOfFile:)` stops after the first read, a page of the file's lines.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? file.close() }
        guard let data = try? file.readToEnd() else { return nil }
        let maps = String(decoding: data, as: UTF8.self)
        return threadStack(holding: entry, maps: maps, mainThreadLimit: UInt(Swift.max(0, Thread.current.stackSize)))
    }

    /// The stack holding `entry` in the mappings `maps` lists: a secondary thread's stack is the mapping above its guard
    /// (an inaccessible mapping just below it); the main thread's (`[stack]`, which grows on demand) ends
    /// `mainThreadLimit` below its top. Any other mapping (AddressSanitizer's fake stack) holds no thread's stack: nil.
    static func threadStack(holding entry: UInt, maps: String, mainThreadLimit: UInt) -> (bottom: UInt, size: UInt)? {
        var below: (end: UInt, inaccessible: Bool) = (0, false)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-") ?? []
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16) else { continue }
            defer { below = (end, fields.count > 1 && fields[1].hasPrefix("---")) }
            guard start <= entry, entry < end else { continue }
            if fields.last == "[stack]" {
                return mainThreadLimit > 0 && mainThreadLimit < end ? (end - mainThreadLimit, mainThreadLimit) : nil
            }
            return below.end == start && below.inaccessible ? (start, end - start) : nil
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

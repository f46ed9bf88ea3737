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
/// platforms from `pthread_get_stackaddr_np`, elsewhere from `pthread_getattr_np`, which Swift's Glibc module does not
/// import, so it is looked up by name. Without it the floor is `Thread.current.stackSize` less `reserve` (half, under twice
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
        if let (bottom, size) = threadStack(), bottom < entry, entry - bottom <= size {
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
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    /// glibc's, musl's and Bionic's `pthread_getattr_np`, found once; nil where the C library has none.
    private static let getAttributes: GetAttributes? = dlsym(nil, "pthread_getattr_np").map {
        unsafeBitCast($0, to: GetAttributes.self)
    }

    /// Each thread's floor, found once per thread: `pthread_getattr_np` reads `/proc` for the main thread.
    private static let floorKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// This thread's stack, its lowest address and size, as the C library knows them (for the main thread, up to its limit).
    private static func threadStack() -> (bottom: UInt, size: UInt)? {
        guard let getAttributes else { return nil }
        // Initialized by `pthread_getattr_np`, as C's `pthread_attr_t attributes;` would be.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        guard getAttributes(pthread_self(), attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(attributes) }
        var bottom: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(attributes, &bottom, &size) == 0, let bottom, size > 0 else { return nil }
        return (UInt(bitPattern: bottom), UInt(size))
    }
    #endif

    /// An address on the current stack.
    @inline(never)
    static func address() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}

import Foundation

/// Values that many threads record at once, one per index, for `#expect`s after they all finished.
final class ThreadResults<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var values: [Int: Value] = [:]

    func record(_ index: Int, _ value: Value) {
        lock.withLock { values[index] = value }
    }

    /// Every value recorded, by index.
    var all: [Int: Value] { lock.withLock { values } }

    /// The values recorded, in index order.
    var inOrder: [Value] { lock.withLock { values.keys.sorted().compactMap { values[$0] } } }
}

/// Runs `body` on a new Foundation thread with `stackSize` bytes of stack, and returns its result.
func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = stackSize
        thread.start()
    }
}

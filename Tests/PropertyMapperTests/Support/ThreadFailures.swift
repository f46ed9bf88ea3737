import Foundation

/// What went wrong on any of many threads, for one `#expect` after they all finished.
final class ThreadFailures: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ what: String) {
        lock.withLock { list.append(what) }
    }

    var all: [String] { lock.withLock { list } }
}

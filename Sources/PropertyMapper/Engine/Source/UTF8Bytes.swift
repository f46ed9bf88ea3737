import Foundation

// Views of UTF-8 text bytes, read or written in place. Parsers of dates, decimals and keys use these,
// never pointers: every raw pointer to text bytes outside the JSON reader and writer is made here.

/// The UTF-8 bytes of a text, read in place for the length of one call and never kept.
/// Invariant: the bytes stay valid and unchanged while the view is used (`of` lends it to a closure
/// only). Indices run `0..<count`; reading outside them fails a precondition in debug builds.
struct UTF8Bytes: RandomAccessCollection {
    private let buffer: UnsafeBufferPointer<UInt8>

    @inline(__always)
    private init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Runs `body` over `text`'s bytes, in place when the string stores them contiguously.
    @inline(__always)
    static func of<R>(_ text: String, _ body: (UTF8Bytes) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UTF8Bytes($0)) }) { return result }
        var copy = text
        return copy.withUTF8 { body(UTF8Bytes($0)) }
    }

    @inline(__always)
    static func of<R>(_ data: Data, _ body: (UTF8Bytes) -> R) -> R {
        data.withUnsafeBytes { body(UTF8Bytes($0.assumingMemoryBound(to: UInt8.self))) }
    }

    @inline(__always)
    static func of<R>(_ literal: StaticString, _ body: (UTF8Bytes) -> R) -> R {
        literal.withUTF8Buffer { body(UTF8Bytes($0)) }
    }

    @inline(__always)
    static func of<R>(_ bytes: [UInt8], _ body: (UTF8Bytes) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(UTF8Bytes($0)) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }

    @inline(__always)
    subscript(position: Int) -> UInt8 {
        buffer[position]
    }

    /// The bytes in `range`, indexed from 0.
    @inline(__always)
    func rebased(_ range: Range<Int>) -> UTF8Bytes {
        UTF8Bytes(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The eight bytes at `position` as one little-endian word.
    @inline(__always)
    func word(at position: Int) -> UInt64 {
        assert(position >= 0 && position + 8 <= count, "a word past the end")
        return UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + position).loadUnaligned(as: UInt64.self))
    }

    @inline(__always)
    func elementsEqualByWords(_ other: UTF8Bytes) -> Bool {
        guard count == other.count else { return false }
        var index = 0
        while index + 8 <= count {
            if word(at: index) != other.word(at: index) { return false }
            index += 8
        }
        while index < count {
            if self[index] != other[index] { return false }
            index += 1
        }
        return true
    }

    /// Negative, zero or positive as these bytes sort before, with or after `other`'s.
    func compare(_ other: UTF8Bytes) -> Int {
        let common = Swift.min(count, other.count)
        // Both hold `common` bytes, so neither base address is nil when it is positive.
        if common > 0 {
            let order = memcmp(buffer.baseAddress!, other.buffer.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return count - other.count
    }

    @inline(__always)
    func append(to array: inout [UInt8]) {
        array.append(contentsOf: buffer)
    }

    /// The bytes as a string (bytes that are not UTF-8 are repaired, as `String(decoding:)` does).
    var string: String {
        String(unsafeUninitializedCapacity: buffer.count) { $0.initialize(fromContentsOf: buffer) }
    }
}

/// Uninitialized memory for the UTF-8 bytes of a text being written, for the length of one call.
/// The writer (`fill`) sets bytes `0..<n` and returns `n`, at most `count`.
struct UTF8Output {
    private let buffer: UnsafeMutableBufferPointer<UInt8>

    @inline(__always)
    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Runs `body` with `capacity` bytes of temporary memory, uninitialized.
    @inline(__always)
    static func withTemporary<R>(capacity: Int, _ body: (UTF8Output) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { body(UTF8Output($0)) }
    }

    @inline(__always)
    func rebased(_ range: Range<Int>) -> UTF8Output {
        UTF8Output(UnsafeMutableBufferPointer(rebasing: buffer[range]))
    }

    /// Appends the bytes in `range`, which must have been written, to `array`.
    @inline(__always)
    func append(_ range: Range<Int>, to array: inout [UInt8]) {
        array.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
    }

    var count: Int { buffer.count }

    @inline(__always)
    subscript(position: Int) -> UInt8 {
        get { buffer[position] }
        nonmutating set { buffer[position] = newValue }
    }

    /// A string of at most `capacity` bytes, which `fill` writes and counts.
    static func string(capacity: Int, _ fill: (UTF8Output) -> Int) -> String {
        String(unsafeUninitializedCapacity: capacity) { fill(UTF8Output($0)) }
    }
}

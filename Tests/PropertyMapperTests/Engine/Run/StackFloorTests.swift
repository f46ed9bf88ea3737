import Foundation
import Testing

@testable import PropertyMapper

/// The stack floor: on a thread with a small stack, a deep graph maps or is one depth error, never an overflow.
@Suite struct StackFloorTests {
    @Test func aSmallThreadStackIsADepthErrorNeverAnOverflow() async {
        // Apple platforms give secondary threads 512 KiB of stack: a deep graph there maps whole or
        // is refused with one depth error, in debug and release builds alike.
        let outcome: (shallow: Bool, deep: Bool) = await withCheckedContinuation { continuation in
            let thread = Thread {
                let shallow = (try? Mapper.map(ChainLink.self, from: ChainLink.chain(20)))?.length == 20
                let errors = Mapper.validate(ChainLink.chain(513), as: ChainLink.self)
                continuation.resume(returning: (shallow, errors.isEmpty || errors.map(\.rule) == ["depth"]))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(outcome.shallow)
        #expect(outcome.deep)
    }

    /// The floor is where the thread's stack ends, however much of it the caller used before the mapping started: from the
    /// first nested model on, every model is measured (the caller here leaves less room than a few models of a debug build take).
    @Test(arguments: ["dictionary", "json", "serialize"])
    func aCallerThatUsedMostOfTheStackStillGetsAnErrorNeverAnOverflow(entry: String) async {
        let levels = 100
        let outcome: [String] = await withCheckedContinuation { continuation in
            let thread = Thread {
                let chain = ChainLink.chain(levels)
                let json = (try? JSONSerialization.data(withJSONObject: chain)) ?? Data()
                let model = ChainLink()
                var link = model
                for value in 1..<levels {
                    link.next = ChainLink()
                    link.value = value
                    link = link.next ?? link
                }
                continuation.resume(
                    returning: usingStack(400 * 1024) {
                        do {
                            switch entry {
                            case "dictionary": return try Mapper.map(ChainLink.self, from: chain).length == levels ? [] : ["short"]
                            case "json": return try Mapper.map(ChainLink.self, fromJSON: json).length == levels ? [] : ["short"]
                            default: return try Mapper.serializeJSON(model).isEmpty ? ["empty"] : []
                            }
                        } catch let error as MappingError {
                            return error.errors.map(\.rule)
                        } catch {
                            return ["\(error)"]
                        }
                    })
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        // Mapped whole, or refused by the guard of what was run: never a crash.
        #expect(outcome.isEmpty || outcome == ["depth"] || outcome == ["json"] || outcome == ["serialize"])
    }

    /// A 64 KB thread (a quarter of the reserve): a chain of models maps or is one depth error.
    @Test func aSixtyFourKilobyteThreadGetsAnErrorNeverAnOverflow() async {
        let rules: [String] = await withCheckedContinuation { continuation in
            let thread = Thread {
                do throws(MappingError) {
                    _ = try Mapper.map(ChainLink.self, from: ChainLink.chain(40))
                    continuation.resume(returning: [])
                } catch {
                    continuation.resume(returning: error.errors.map(\.rule))
                }
            }
            thread.stackSize = 64 * 1024
            thread.start()
        }
        #expect(rules == ["depth"])
    }
}

/// Runs `body` with at least `bytes` of this thread's stack in use by the frames below it.
private func usingStack<R>(_ bytes: UInt, from start: UInt = stackAddress(), _ body: () -> R) -> R {
    if start - stackAddress() >= bytes { return body() }
    var pad: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4, 5, 6, 7, 8)
    return withUnsafeMutablePointer(to: &pad) { pointer in
        pointer.pointee.0 &+= 1
        return usingStack(bytes, from: start, body)
    }
}

@inline(never)
private func stackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

#if !canImport(Darwin)
/// Which mapping `/proc/self/maps` lists as a thread's stack (Linux and the other platforms without
/// `pthread_get_stackaddr_np`).
@Suite struct StackMappingTests {
    static let maps = """
        7f0000000000-7f0000001000 ---p 00000000 00:00 0
        7f0000001000-7f0000081000 rw-p 00000000 00:00 0
        7f0000100000-7f0000180000 rw-p 00000000 00:00 0
        7ffc00000000-7ffc00100000 rw-p 00000000 00:00 0                          [stack]
        """

    @Test func aThreadsStackIsTheMappingAboveItsGuard() {
        let bounds = StackFloor.threadStack(holding: 0x7f00_0004_0000, maps: Self.maps, mainThreadLimit: 0)
        #expect(bounds?.bottom == 0x7f00_0000_1000)
        #expect(bounds?.size == 0x80000)
    }

    /// AddressSanitizer keeps a function's locals on a "fake stack" it maps itself, with no guard below:
    /// an entry there is not on the thread's stack, so its bounds are unknown.
    @Test func aMappingWithNoGuardBelowIsNotAStack() {
        #expect(StackFloor.threadStack(holding: 0x7f00_0014_0000, maps: Self.maps, mainThreadLimit: 0) == nil)
    }

    /// The main thread's stack grows on demand: its bottom is its top less the stack limit.
    @Test func theMainThreadsStackEndsItsLimitBelowItsTop() {
        let top: UInt = 0x7ffc_0010_0000
        let limit: UInt = 0x80_0000
        let bounds = StackFloor.threadStack(holding: 0x7ffc_000f_0000, maps: Self.maps, mainThreadLimit: limit)
        #expect(bounds?.bottom == top - limit)
        #expect(bounds?.size == limit)
        #expect(StackFloor.threadStack(holding: 0x7ffc_000f_0000, maps: Self.maps, mainThreadLimit: 0) == nil)
    }

    /// The main thread's stack is listed last of all, past the first page of the file.
    @Test func theWholeFileIsRead() throws {
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let line = try #require(maps.split(separator: "\n").first { $0.hasSuffix("[stack]") })
        let range = line.prefix { $0 != " " }.split(separator: "-").compactMap { UInt($0, radix: 16) }
        try #require(range.count == 2)
        let bounds = StackFloor.threadStack(holding: range[1] - 16)
        #expect(bounds.map { $0.bottom + $0.size } == range[1])
    }

    @Test func anEntryInNoMappingHasNoStack() {
        #expect(StackFloor.threadStack(holding: 0x10, maps: Self.maps, mainThreadLimit: 0x80_0000) == nil)
    }
}
#endif

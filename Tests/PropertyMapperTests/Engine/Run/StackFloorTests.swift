import Foundation
import PropertyMapper
import Testing

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

    /// The floor is where the thread's stack ends, however much of it the caller used before the mapping started.
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
                    returning: usingStack(320 * 1024) {
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

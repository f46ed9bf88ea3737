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
}

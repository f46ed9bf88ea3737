/// Python's `random.Random(seed)` (MT19937 seeded by `init_by_array`), bit for bit, for the draws
/// `make_feed.py` and `make_threads.py` make: the Swift workloads are then the same files, byte for byte.
///
/// The Python methods the generators call, and their twins here: `random()` → `random()`,
/// `randint(a, b)` → `int(a, b)`, `randrange(n)` (and `_randbelow(n)`) → `below(n)`, `choice(seq)` →
/// `choice(_:)`, `uniform(a, b)` → `uniform(_:_:)`. As in Python 3.11, `choice` of a one-element
/// array still draws (one bit), and `randint(a, a)` too.
public struct PythonRandom: Sendable {
    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 624

    public init(seed: UInt32) {
        initialize(19_650_218)
        // init_by_array with the key [seed]
        var i = 1
        for _ in 0..<624 {
            let previous = state[i - 1] ^ (state[i - 1] >> 30)
            state[i] = (state[i] ^ (previous &* 1_664_525)) &+ seed  // + key index, always 0
            i += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
        }
        for _ in 0..<623 {
            let previous = state[i - 1] ^ (state[i - 1] >> 30)
            state[i] = (state[i] ^ (previous &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
        }
        state[0] = 0x8000_0000
    }

    private mutating func initialize(_ seed: UInt32) {
        state[0] = seed
        for i in 1..<624 {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        index = 624
    }

    private mutating func twist() {
        for i in 0..<624 {
            let y = (state[i] & 0x8000_0000) | (state[(i + 1) % 624] & 0x7FFF_FFFF)
            state[i] = state[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : 0x9908_B0DF)
        }
        index = 0
    }

    public mutating func nextWord() -> UInt32 {
        if index >= 624 { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// `random()`: a double in [0, 1) with 53 random bits.
    public mutating func random() -> Double {
        let a = Double(nextWord() >> 5)
        let b = Double(nextWord() >> 6)
        return (a * 67_108_864 + b) / 9_007_199_254_740_992
    }

    /// `randrange(n)`, that is `_randbelow(n)`, for 1 ≤ n < 2^32, by rejection on `getrandbits(n.bit_length())`.
    public mutating func below(_ n: Int) -> Int {
        let bits = Int.bitWidth - n.leadingZeroBitCount
        while true {
            let candidate = Int(nextWord() >> UInt32(32 - bits))
            if candidate < n { return candidate }
        }
    }

    /// `randint(low, high)`, both ends included.
    public mutating func int(_ low: Int, _ high: Int) -> Int {
        low + below(high - low + 1)
    }

    public mutating func choice<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * random()
    }
}

import Testing
import ThreadsWorkload

@Suite struct PythonRandomTests {
    /// `r = random.Random(42); r.random(), r.randint(1, 5000), r.randrange(7), r.choice("abc"),
    /// r.randint(30, 30), r.random()` in Python 3.11.7.
    @Test func drawsAsPythonDoes() {
        var rng = PythonRandom(seed: 42)
        #expect(rng.random() == 0.6394267984578837)
        #expect(rng.int(1, 5000) == 205)
        #expect(rng.below(7) == 5)
        #expect(rng.choice(["a", "b", "c"]) == "b")
        #expect(rng.int(30, 30) == 30)  // still draws, as Python does
        #expect(rng.random() == 0.22321073814882275)
    }
}

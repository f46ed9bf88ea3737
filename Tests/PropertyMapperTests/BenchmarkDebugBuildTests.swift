import Foundation
import Testing

#if DEBUG
/// `swift run feed-benchmark` without `-c release`: the benchmark the tests' debug build made says first that its
/// figures mean nothing, judges no target, and checks every section on a small sample in well under a minute.
@Suite struct BenchmarkDebugBuildTests {
    @Test func aDebugBuildSaysSoFirstAndRunsASmallSample() throws {
        let started = Date()
        let run = try Toolchain.run(try #require(Toolchain.feedBenchmark), [])
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.errorOutput)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.first == "feed-benchmark: a debug build: figures are not meaningful; run `swift run -c release feed-benchmark`")
        #expect(lines.filter { $0.hasSuffix("checks ok") }.count >= 20, "every section checks its results")
        #expect(run.output.contains("targets: not judged in a debug build"))
        // The bridge's floor: both walks found every record's keys (a walk that does not stops the run).
        #expect(run.output.contains("== the Codable bridge's floor"))
        #expect(lines.filter { $0.contains("× JSONDecoder+validation") }.count == 2)
        #expect(!run.output.contains("NOT MET") && !run.output.contains("  met"), "a debug build judges no target")
        #expect(seconds < 60, "took \(seconds) s")
    }
}
#endif

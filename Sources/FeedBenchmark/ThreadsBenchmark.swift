import Foundation
import ThreadsWorkload

/// The threads section of the benchmark: the nested-model workload, valid and 5 %-defective, every
/// contender checked against what the generator wrote, then timed (records per CPU-second, best of R),
/// then the same-run ratios against JSONDecoder + validation.
enum ThreadsBenchmark {
    /// One ratio the threads workload is held to: `contender` against `baseline`, records per
    /// CPU-second, same run; printed only when both contenders are in `ThreadsContender.all`.
    struct Target {
        let what: String
        let contender: String
        let baseline: String
        let minimum: Double
        /// An all-or-nothing contender has no timing on the defective file.
        let validOnly: Bool
        /// Who the ratio is of: PropertyMapper's `Mappable` models, or its `ImmutableMappable` ones.
        var of = "PropertyMapper"
    }

    static let targets = [
        Target(
            what: "JSONDecoder+validation (end to end), mapArray(fromJSON:as:) per record",
            contender: "threads-pm-records", baseline: "threads-jsondecoder", minimum: 2.0, validOnly: false),
        Target(
            what: "JSONDecoder+validation (end to end), map([Thread].self, fromJSON:)",
            contender: "threads-pm-array", baseline: "threads-jsondecoder", minimum: 2.0, validOnly: true),
        Target(
            what: "JSONDecoder+validation (end to end), mapArray(fromJSON:as:) per record",
            contender: "threads-pm-immutable-records", baseline: "threads-jsondecoder", minimum: 2.0, validOnly: false,
            of: "ImmutableMappable"),
        Target(
            what: "JSONDecoder+validation (end to end), map([Thread].self, fromJSON:)",
            contender: "threads-pm-immutable-array", baseline: "threads-jsondecoder", minimum: 2.0, validOnly: true,
            of: "ImmutableMappable"),
        Target(
            what: "Mappable structs, same mappings, mapArray(fromJSON:as:) per record",
            contender: "threads-pm-immutable-records", baseline: "threads-pm-records", minimum: 0.95, validOnly: false,
            of: "ImmutableMappable"),
        Target(
            what: "Mappable structs, same mappings, map([Thread].self, fromJSON:)",
            contender: "threads-pm-immutable-array", baseline: "threads-pm-array", minimum: 0.95, validOnly: true,
            of: "ImmutableMappable"),
    ]

    /// Makes the workload and checks it against the published figures when it is their size.
    static func make(records: Int, defective: Bool, label: Bool = false) -> Threads {
        let threads = Threads(records: records, invalidFraction: defective ? Threads.defectiveFraction : 0, label: label)
        if records == 20_000, !label, let known = Threads.published[defective] {
            guard threads.expected == known.outcome, threads.json.count == known.bytes, threads.sha256.hasPrefix(known.sha256Prefix) else {
                fail(
                    "the generated threads differ from make_threads.py's: \(threads.expected), \(threads.json.count) bytes, sha256 \(threads.sha256)"
                )
            }
        }
        return threads
    }

    static func run(records: Int, repeats: Int) {
        say("")
        say(
            "PropertyMapper threads benchmark: \(records) records, best of \(repeats) rounds (every contender once a round), records per CPU-second"
        )
        say("(the discussion-threads workload generated in Swift: the same bytes as make_threads.py --seed 42)")
        var best: [Bool: [String: Double]] = [:]  // defective → contender name → seconds
        for defective in [false, true] {
            let threads = make(records: records, defective: defective)
            let file = defective ? "5 %-defective threads" : "valid threads"
            say("")
            say("== \(file): \(threads.json.count / 1_000_000) MB, expected \(threads.expected)")
            crossCheck(threads, file)
            say("  \(Stage.endToEnd.rawValue)")
            // An all-or-nothing contender on the defective file throws: checked, not timed.
            let timed = ThreadsContender.all.filter { !(defective && $0.batching == .allOrNothing) }
            var measured: [String: Double] = [:]
            // Round by round, every contender once per round, as the feed is measured: a slow
            // stretch of the machine then falls on all of them alike.
            for _ in 0..<repeats {
                for contender in timed {
                    let (time, outcome) = contender.run(threads)
                    let expected = contender.batching == .allOrNothing ? threads.expected.allOrNothing : threads.expected
                    check(outcome, expected, "\(contender.name) on the \(file)")
                    measured[contender.name] = min(measured[contender.name, default: .infinity], time)
                }
            }
            for contender in ThreadsContender.all {
                if let seconds = measured[contender.name] {
                    say("    \(padded(contender.label, 66)) \(leftPadded(rate(threads.records, seconds), 6))/s  checks ok")
                } else {
                    let (_, outcome) = contender.run(threads)
                    check(outcome, threads.expected.allOrNothing, "\(contender.name) on the \(file)")
                    say("    \(padded(contender.label, 66)) throws \(outcome.errors) errors, checks ok (all or nothing: not timed)")
                }
            }
            best[defective] = measured
        }
        ratios(best, records: records)
    }

    /// Before any timing: the hand-written and the JSONDecoder contenders must build the very same
    /// models (every property of every valid record, dates and URLs included), not only the same counts.
    static func crossCheck(_ threads: Threads, _ file: String) {
        let decoded = ThreadsDecoded.map(threads.json)
        let handwritten = ThreadsHandwritten.map(threads.json)
        guard decoded.models == handwritten.models, decoded.failures == handwritten.failures else {
            fail("CHECK FAILED on the \(file): JSONDecoder + validation and hand-written build different models")
        }
    }

    /// The ratio lines, for the targets whose contenders both ran.
    static func ratios(_ best: [Bool: [String: Double]], records: Int) {
        let names = Set(ThreadsContender.all.map(\.name))
        let present = targets.filter { names.contains($0.contender) && names.contains($0.baseline) }
        guard !present.isEmpty else {
            say("")
            say("== threads ratios: none yet (the PropertyMapper contenders threads-pm-records and threads-pm-array are not in this build)")
            return
        }
        say("")
        say("== threads ratios: PropertyMapper / baseline, records per CPU-second in this run, \(records) records")
        if records != 20_000 { say("   (the targets hold for the 20000-record threads; this run is smaller)") }
        var met = 0
        var count = 0
        for (defective, file) in [(false, "valid threads"), (true, "5 %-defective threads")] {
            for target in present where !(defective && target.validOnly) {
                guard let baseline = best[defective]?[target.baseline], let contender = best[defective]?[target.contender] else { continue }
                let value = baseline / contender
                let isMet = value >= target.minimum
                count += 1
                if isMet { met += 1 }
                say(
                    "\(padded(target.of + " / " + target.what + ", " + file + ":", 103)) \(leftPadded(ratio(value, digits: 3), 6))  "
                        + "target ≥ \(ratio(target.minimum))  \(verdict(isMet))")
            }
        }
        say(isJudged ? "threads targets met: \(met) of \(count)" : "threads targets: not judged in a debug build")
    }
}

func check(_ outcome: ThreadsOutcome, _ expected: ThreadsOutcome, _ what: String) {
    guard outcome == expected else {
        fail("CHECK FAILED for \(what):\n  expected \(expected)\n  got      \(outcome)")
    }
}

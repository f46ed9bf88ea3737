import FeedModel
import Foundation
import PropertyMapper
import ThreadsWorkload

// swift run -c release feed-benchmark [--workload feed|threads] [--stage map|serialize] [--records N]
//     [--thread-records N] [--repeats R] [--scale-max N] [--no-memory]
// swift run -c release feed-benchmark --write-feed PATH [--records N] [--defective]
// swift run -c release feed-benchmark --write-threads PATH [--thread-records N] [--defective] [--label]
// swift run -c release feed-benchmark --workload threads --stage map --only NAME [--thread-records N] [--defective]
//
// Generates the video-feed workload and the threads workload in Swift (the same bytes as
// make_feed.py and make_threads.py with --seed 42), checks every contender's valid/invalid/error
// counts and checksums against what the generator knows it wrote, and prints records per CPU-second,
// best of R: the feed first, then the threads (both by default; --workload picks one).
// After each workload's mapping figures, its serialization: the valid file's models written back as
// one JSON array by each serializer, each output decoded back and checked, with ratios against
// JSONEncoder and peak memory (both stages by default; --stage picks one).
// Figures need a release build. A debug build says so first, then, for each size the command line
// does not give, runs a small sample that passes every section's checks (Options.takeDebugSample).

/// The two workloads; a run does both unless `--workload` picks one.
enum Workload: String, CaseIterable {
    case feed
    case threads
}

/// The two directions of the round trip: JSON to models (`map`, with validation) and models to JSON
/// (`serialize`); a run measures both unless `--stage` picks one.
enum Direction: String, CaseIterable {
    case map
    case serialize
}

struct Options {
    var records = 100_000
    /// Whether `--records` was given; a debug build's sample keeps it.
    var recordsGiven = false
    /// Whether every section keeps to the feed of `records` records: in a debug build, whose figures mean nothing.
    var smallFeedOnly = false
    var repeats = 3
    /// Whether `--repeats` was given; a debug build's sample keeps it.
    var repeatsGiven = false
    var scaleMax = 100_000
    var memory = true
    var only: String?
    var defective = false
    var writeFeed: String?
    var workloads = Set(Workload.allCases)
    var directions = Set(Direction.allCases)
    var threadRecords = 20_000
    /// Whether `--thread-records` was given; a debug build's sample keeps it.
    var threadRecordsGiven = false
    var writeThreads: String?
    var label = false

    static let usage =
        "usage: feed-benchmark [--workload feed|threads] [--stage map|serialize] [--records N] [--thread-records N] [--repeats R] "
        + "[--scale-max N (1000000 adds the 1M line)] [--no-memory]\n"
        + "       feed-benchmark --write-feed PATH [--records N] [--defective]\n"
        + "       feed-benchmark --write-threads PATH [--thread-records N] [--defective] [--label]\n"
        + "       feed-benchmark --workload threads --stage map --only NAME|none [--thread-records N] [--defective]"

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            func number() -> Int {
                guard let text = iterator.next(), let value = Int(text.replacingOccurrences(of: "_", with: "")), value > 0 else {
                    fail("\(argument) needs a positive number")
                }
                return value
            }
            switch argument {
            case "--records":
                records = number()
                recordsGiven = true
            case "--repeats":
                repeats = number()
                repeatsGiven = true
            case "--scale-max": scaleMax = number()
            case "--no-memory": memory = false
            case "--only": only = iterator.next()
            case "--defective": defective = true
            case "--write-feed": writeFeed = iterator.next()
            case "--workload":
                guard let name = iterator.next(), let workload = Workload(rawValue: name) else { fail("--workload needs feed or threads") }
                workloads = [workload]
            case "--stage":
                guard let name = iterator.next(), let direction = Direction(rawValue: name) else { fail("--stage needs map or serialize") }
                directions = [direction]
            case "--thread-records":
                threadRecords = number()
                threadRecordsGiven = true
            case "--write-threads": writeThreads = iterator.next()
            case "--label": label = true
            default:
                fail(Self.usage)
            }
        }
        #if DEBUG
        takeDebugSample()
        #endif
    }

    /// Whether this run measures (prints figures): not `--write-feed`, `--write-threads` or `--only`.
    var measures: Bool { writeFeed == nil && writeThreads == nil && only == nil }

    /// An unoptimized build's figures mean nothing, so a debug build checks the output on a small
    /// sample: every section keeps to the feed's size (the scaling line at that size only), and a run
    /// that measures takes, for each option not given, 1000 feed records, 200 thread records, one
    /// round and no memory children. Options given are kept; writes and `--only` runs keep the release
    /// defaults, so a debug build writes the same files.
    mutating func takeDebugSample() {
        smallFeedOnly = true
        guard measures else { return }
        if !recordsGiven { records = 1000 }
        if !threadRecordsGiven { threadRecords = 200 }
        if !repeatsGiven { repeats = 1 }
        memory = false
    }
}

/// Writes a line at once, also when stdout is a pipe.
func say(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("feed-benchmark: \(message)\n".utf8))
    exit(1)
}

func check(_ outcome: Outcome, _ expected: Outcome, _ what: String) {
    guard outcome == expected else {
        fail("CHECK FAILED for \(what):\n  expected \(expected)\n  got      \(outcome)")
    }
}

func rate(_ records: Int, _ seconds: Double) -> String {
    let perSecond = Double(records) / seconds
    return perSecond >= 10_000 ? "\(Int((perSecond / 1000).rounded()))k" : String(Int(perSecond.rounded()))
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func leftPadded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func ratio(_ value: Double, digits: Int = 2) -> String {
    String(format: "%.\(digits)f×", value)
}

let options = Options(CommandLine.arguments)

// MARK: Debug builds: figures need -c release

#if DEBUG
if options.only == nil {
    say("feed-benchmark: a debug build: figures are not meaningful; run `swift run -c release feed-benchmark`")
    if options.measures {
        let workloads = [
            options.workloads.contains(.feed) ? "\(options.records) feed records" : nil,
            options.workloads.contains(.threads) ? "\(options.threadRecords) thread records" : nil,
        ]
        say(
            "debug build: the output checked on \(workloads.compactMap { $0 }.joined(separator: " and ")), "
                + "\(options.repeats) round\(options.repeats == 1 ? "" : "s"), no memory children "
                + "(--records N, --thread-records N and --repeats R set them)")
    }
}
#endif

// Published with the feed workload for make_feed.py --records 100000 --seed 42.
let published: [Bool: (valid: Int, invalid: Int, checksum: Int)] = [
    false: (100_000, 0, 506_100_752_957),
    true: (94_958, 5042, 480_349_815_829),
]

func makeFeed(records: Int, defective: Bool) -> Feed {
    let feed = Feed(records: records, invalidFraction: defective ? 0.05 : 0)
    if records == 100_000, let known = published[defective] {
        let expected = feed.expected
        guard expected.valid == known.valid, expected.invalid == known.invalid, expected.checksum == known.checksum else {
            fail("the generated feed differs from make_feed.py's: \(expected)")
        }
    }
    return feed
}

// MARK: --write-feed FILE: the generated feed, to compare with make_feed.py's output

if let path = options.writeFeed {
    let feed = makeFeed(records: options.records, defective: options.defective)
    do { try feed.json.write(to: URL(fileURLWithPath: path)) } catch { fail("cannot write \(path): \(error)") }
    say("wrote \(path): \(feed.expected)")
    if options.writeThreads == nil { exit(0) }
}

// MARK: --write-threads FILE: the generated threads, to compare with make_threads.py's output

if let path = options.writeThreads {
    let threads = ThreadsBenchmark.make(records: options.threadRecords, defective: options.defective, label: options.label)
    do { try threads.json.write(to: URL(fileURLWithPath: path)) } catch { fail("cannot write \(path): \(error)") }
    say("wrote \(path): \(threads.json.count) bytes, sha256 \(threads.sha256), \(threads.expected)")
    exit(0)
}

// MARK: Child process: one serializer, once, for its peak memory

if let only = options.only, options.directions == [.serialize] {
    if options.workloads == [.threads] {
        SerializationBenchmark.child(only, ThreadsSerializers.all, ThreadsBenchmark.make(records: options.threadRecords, defective: false))
    } else {
        SerializationBenchmark.child(only, FeedSerializers.all, makeFeed(records: options.records, defective: false))
    }
    exit(0)
}

// MARK: One threads contender, once, checked (for an instruction count: --workload threads --stage map --only NAME)

if let only = options.only, options.workloads == [.threads], options.directions == [.map] {
    let threads = ThreadsBenchmark.make(records: options.threadRecords, defective: options.defective)
    if only != "none" {
        guard let contender = ThreadsContender.all.first(where: { $0.name == only }) else {
            fail("no threads contender \(only): \(ThreadsContender.all.map(\.name).joined(separator: ", "))")
        }
        let (_, outcome) = contender.run(threads)
        let allOrNothing = contender.batching == .allOrNothing && options.defective
        check(outcome, allOrNothing ? threads.expected.allOrNothing : threads.expected, contender.name)
        say("\(contender.name): checks ok")
    }
    exit(0)
}

// MARK: Child process: one contender, once, for its peak memory

if let only = options.only {
    let feed = makeFeed(records: options.records, defective: options.defective)
    let contender = Contender.all.first { $0.name == only }
    let parsed = contender?.stage == .mapValidate ? feed.parsed() : []
    let input = FeedInput(feed: feed, parsed: parsed)
    let resident = Memory.resident()
    let reset = Memory.resetPeak()
    if let contender {
        let (_, outcome) = contender.run(input)
        check(outcome, feed.expected, contender.name)
    }
    Memory.report(input: resident, reset: reset)
    exit(0)
}

// MARK: The feed workload: contenders, scaling, fields, memory, ratios

if options.workloads.contains(.feed), options.directions.contains(.map) {
    // MARK: The contenders on both feeds

    say(
        "PropertyMapper feed benchmark: \(options.records) records, best of \(options.repeats) rounds (every contender once a round), "
            + "records per CPU-second")
    say("(the video-feed workload generated in Swift: the same records as make_feed.py --seed 42)")

    struct Measured {
        var best: [String: Double] = [:]  // contender name → seconds
    }

    var results: [Bool: Measured] = [:]
    var validRecords: [VideoRecord] = []
    var validJSON = Data()
    for defective in [false, true] {
        let feed = makeFeed(records: options.records, defective: defective)
        let input = FeedInput(feed: feed, parsed: feed.parsed())
        say("")
        say("== \(defective ? "5 %-defective" : "valid") feed: \(feed.json.count / 1_000_000) MB, expected \(feed.expected)")
        var measured = Measured()
        // Round by round, every contender once per round: a slow stretch of the machine then
        // falls on all of them alike instead of on whichever ran during it.
        for _ in 0..<options.repeats {
            for contender in Contender.all {
                let (seconds, outcome) = contender.run(input)
                check(outcome, feed.expected, "\(contender.name) on the \(defective ? "defective" : "valid") feed")
                measured.best[contender.name, default: .infinity] = min(measured.best[contender.name, default: .infinity], seconds)
            }
        }
        var stage: Stage?
        for contender in Contender.all {
            if contender.stage != stage {
                stage = contender.stage
                say("  \(contender.stage.rawValue)")
            }
            let best = measured.best[contender.name, default: .infinity]
            say("    \(padded(contender.label, 66)) \(leftPadded(rate(feed.records, best), 6))/s  checks ok")
        }
        results[defective] = measured
        // For the class-writes figures, after the timings.
        if !defective {
            validRecords = try! Mapper.mapArray(from: input.parsed, using: VideoRecord.mapping) { VideoRecord() }.models
            validJSON = feed.json
        }
    }

    // MARK: Scaling with the number of records

    say("")
    say("== scaling: map+validate from [String: Any], valid feed (records/s should stay flat)")
    do {
        // A debug build scales over its small feed only.
        let base = makeFeed(records: options.smallFeedOnly ? options.records : max(options.records, 100_000), defective: false)
        let parsed = base.parsed()
        var sizes = [1000, 10_000, 100_000].filter { $0 <= options.scaleMax && (!options.smallFeedOnly || $0 <= options.records) }
        if options.scaleMax >= 1_000_000, !options.smallFeedOnly { sizes.append(1_000_000) }
        for size in sizes {
            // Above the feed's size, the parsed feed repeated (a parsed 1M-record feed would not fit in memory).
            let copies = (size + parsed.count - 1) / parsed.count
            let records = size <= parsed.count ? Array(parsed.prefix(size)) : Array(repeating: parsed, count: copies).flatMap { $0 }
            let expected: Outcome? =
                size <= parsed.count
                ? nil
                : {
                    var outcome = base.expected
                    outcome.checksum *= copies
                    return outcome
                }()
            // Each timing covers at least 100k records, so small sizes are not dominated by the clock.
            let rounds = options.smallFeedOnly ? 1 : max(1, 100_000 / size)
            var best = (pm: Double.infinity, hand: Double.infinity)
            for _ in 0..<(size >= 1_000_000 ? 1 : options.repeats) {
                let (pm, batch) = timed { (0..<rounds).map { _ in try! Mapper.mapArray(from: records, using: Video.mapping) { Video() } } }
                let (hand, handBatch) = timed { (0..<rounds).map { _ in Handwritten.map(records) } }
                guard batch.allSatisfy({ $0.failures.isEmpty && $0.results.count == size }),
                    handBatch.allSatisfy({ $0.failures.isEmpty && $0.models.count == size })
                else { fail("scaling run at \(size) records rejected a valid record") }
                if let expected {
                    let checksum = batch[0].models.reduce(0) { $0 + $1.id + $1.views }
                    if checksum != expected.checksum { fail("scaling checksum at \(size) records: \(checksum)") }
                }
                best = (min(best.pm, pm / Double(rounds)), min(best.hand, hand / Double(rounds)))
            }
            say(
                "    \(leftPadded(String(size), 9)) records   PropertyMapper class \(leftPadded(rate(size, best.pm), 6))/s   hand-written \(leftPadded(rate(size, best.hand), 6))/s   ratio \(ratio(best.hand / best.pm))"
            )
        }
        if options.smallFeedOnly {
            say("    (debug build: the small feed only)")
        } else if options.scaleMax < 1_000_000 {
            say("    (1M records: add --scale-max 1000000)")
        } else if parsed.count < 1_000_000 {
            say("    (1M records: the \(parsed.count) parsed records, each \(1_000_000 / parsed.count) times)")
        }
    }

    // MARK: Linearity in the number of mapped fields

    say("")
    do {
        let records = WideRecord.feed(records: options.smallFeedOnly ? min(options.records, 20_000) : 20_000)
        say("== fields: map+validate cost per record against mapped fields (flat integer/string records, \(records.count / 1000)k)")
        var points: [(fields: Int, nanoseconds: Double)] = []
        for fields in [1, 2, 4, 8, 16, 32] {
            let mapping = WideRecord.mapping(fields: fields)
            var best = Double.infinity
            for _ in 0..<options.repeats {
                let (seconds, batch) = timed { try! Mapper.mapArray(from: records, using: mapping) { WideRecord() } }
                guard batch.failures.isEmpty, batch.results.count == records.count else { fail("wide record rejected") }
                best = min(best, seconds)
            }
            let nanoseconds = best / Double(records.count) * 1e9
            points.append((fields, nanoseconds))
        }
        // Least-squares line through (fields, ns/record).
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + Double($1.fields) } / n
        let meanY = points.reduce(0) { $0 + $1.nanoseconds } / n
        let slope =
            points.reduce(0) { $0 + (Double($1.fields) - meanX) * ($1.nanoseconds - meanY) }
            / points.reduce(0) { $0 + (Double($1.fields) - meanX) * (Double($1.fields) - meanX) }
        let intercept = meanY - slope * meanX
        for point in points {
            let line = intercept + slope * Double(point.fields)
            say(
                "    \(leftPadded(String(point.fields), 2)) fields  \(leftPadded(String(Int(point.nanoseconds.rounded())), 6)) ns/record  "
                    + "\(leftPadded(String(Int((point.nanoseconds / Double(point.fields)).rounded())), 5)) ns/field   "
                    + "line \(leftPadded(String(Int(line.rounded())), 6)) ns (\(String(format: "%+.1f", (point.nanoseconds - line) / line * 100)) %)"
            )
        }
        say("    fit: \(Int(intercept.rounded())) ns per record + \(Int(slope.rounded())) ns per field")
    }

    // MARK: Peak memory, one child process per contender

    if options.memory {
        say("")
        say("== memory: peak resident size of one \(options.records)-record run (valid feed), child process per contender")
        let names = ["none"] + Contender.all.map(\.name)
        let measured = Memory.children(names.map { ($0, ["--only", $0, "--records", String(options.records)]) })
        let baseline = measured["none"]!
        say("    \(padded("feed generated, bytes only (no contender)", 66)) \(leftPadded(String(baseline.input / 1024), 5)) MB")
        for contender in Contender.all {
            let result = measured[contender.name]!
            let what = contender.stage == .mapValidate ? "parsed input" : "bytes"
            if result.reset {
                say(
                    "    \(padded(contender.label, 66)) \(leftPadded(String(result.peak / 1024), 5)) MB peak  (\(what) \(result.input / 1024) MB before, +\((result.peak - result.input) / 1024) MB mapping)"
                )
            } else {
                say("    \(padded(contender.label, 66)) \(leftPadded(String(result.peak / 1024), 5)) MB peak (whole process)")
            }
        }
    }

    // MARK: The ratios, last

    /// One ratio the benchmark is held to: `contender` against `baseline`, records per CPU-second, same run.
    struct Target {
        let what: String
        let contender: String
        let baseline: String
        let minimum: Double
        /// Who the ratio is of: PropertyMapper, or a variant of it measured against another.
        var of = "PropertyMapper"
        /// For a class line, the struct contender with the same checks (see "class writes").
        var structTwin: String?
    }

    let targets = [
        Target(
            what: "hand-written (map+validate), struct, mapValues per record", contender: "pm-struct-loop", baseline: "handwritten",
            minimum: 1.0),
        Target(what: "hand-written (map+validate), struct, mapArray(from:)", contender: "pm-struct", baseline: "handwritten", minimum: 1.0),
        Target(
            what: "hand-written (map+validate), class, mapValues per record", contender: "pm-class-loop", baseline: "handwritten",
            minimum: 0.75, structTwin: "pm-struct-loop"),
        Target(
            what: "hand-written (map+validate), class, mapArray(from:)", contender: "pm-class", baseline: "handwritten", minimum: 0.8,
            structTwin: "pm-struct"),
        Target(
            what: "JSONDecoder+validation (end to end), class, mapArray(fromJSON:)", contender: "pm-class-json", baseline: "jsondecoder",
            minimum: 2.0, structTwin: "pm-struct-json"),
        Target(
            what: "JSONDecoder+validation (end to end), struct, mapArray(fromJSON:)", contender: "pm-struct-json", baseline: "jsondecoder",
            minimum: 2.0),
        Target(
            what: "JSONDecoder+validation (end to end), struct, Codable bridge", contender: "pm-bridge",
            baseline: "jsondecoder", minimum: 0.5),
        Target(
            what: "exact keys (map+validate), struct, mapArray(from:)", contender: "pm-struct-keys", baseline: "pm-struct", minimum: 0.9,
            of: "camelCase keys"),
        Target(
            what: "exact keys (end to end), struct, mapArray(fromJSON:)", contender: "pm-struct-keys-json", baseline: "pm-struct-json",
            minimum: 0.9,
            of: "camelCase keys"),
    ]

    say("")
    say("== ratios: PropertyMapper / baseline, records per CPU-second in this run, \(options.records) records")
    if options.records != 100_000 { say("   (the targets hold for the 100000-record feed; this run is smaller)") }
    var met = 0
    for (defective, feed) in [(false, "valid feed"), (true, "5 %-defective feed")] {
        let best = results[defective]!.best
        for target in targets {
            let value = best[target.baseline]! / best[target.contender]!
            let isMet = value >= target.minimum
            if isMet { met += 1 }
            say(
                "\(padded(target.of + " / " + target.what + ", " + feed + ":", 103)) \(leftPadded(ratio(value, digits: 3), 6))  "
                    + "target ≥ \(ratio(target.minimum))  \(verdict(isMet))")
        }
    }
    say(isJudged ? "targets met: \(met) of \(targets.count * 2)" : "targets: not judged in a debug build")

    // MARK: What the class lines pay for, apart

    say("")
    say("== class writes: each valid record's 17 values given to a new Video, \(validRecords.count) records")
    let writes = ClassWrites.measure(validRecords, repeats: options.repeats)
    let valid = results[false]!.best
    let nanoseconds = { (name: String) in valid[name]! / Double(options.records) * 1e9 }
    func line(_ what: String, _ value: Double) {
        say("    \(padded(what, 86)) \(leftPadded(String(Int(value.rounded())), 5)) ns/record")
    }
    line("through the key paths Video.mapping targets, as the engine writes a class", writes.keyPaths)
    line("written out (video.id = record.id, …), as hand-written code would", writes.written)
    line(
        "PropertyMapper, class minus struct, mapValues per record (the same checks, this run)",
        nanoseconds("pm-class-loop") - nanoseconds("pm-struct-loop"))
    say("  a class mapping costs about its struct twin plus those key-path writes, so each class line needs the struct twin at most:")
    for target in targets {
        guard let twin = target.structTwin else { continue }
        let allowed = nanoseconds(target.baseline) / target.minimum - writes.keyPaths
        say(
            "    \(padded("class, " + target.what.components(separatedBy: ", class, ").last! + " ≥ " + ratio(target.minimum) + ":", 62))"
                + " struct at most \(leftPadded(String(Int(allowed.rounded())), 5)) ns/record"
                + " (\(Int((allowed / nanoseconds(target.baseline) * 100).rounded())) % of \(target.baseline)'s time); it takes \(Int(nanoseconds(twin).rounded()))"
        )
    }

    // MARK: What the Codable bridge pays before it reads a value

    say("")
    say("== the Codable bridge's floor: each valid record's objects (the record, its author, its stats) walked key by key,")
    say("   nothing read, mapped or checked; JSONDecoder+validation timed in the same rounds")
    let floor = BridgeFloor.measure(validJSON, records: options.records, repeats: options.repeats)
    for (what, seconds) in [
        ("keys as written: [String: T], each value's key from its coding path (the bridge's walk)", floor.asWritten),
        ("keys as a key strategy converts them: a keyed container's allKeys", floor.converted),
    ] {
        say(
            "    \(padded(what, 90)) \(leftPadded(rate(options.records, seconds), 6))/s  "
                + "\(ratio(floor.decoded / seconds, digits: 3)) JSONDecoder+validation")
    }
}

// MARK: The feed serialized, after its mapping figures

if options.workloads.contains(.feed), options.directions.contains(.serialize) {
    FeedSerializers.run(records: options.records, repeats: options.repeats, memory: options.memory)
}

// MARK: The threads workload, after the feed: mapping, then serialization

if options.workloads.contains(.threads) {
    if options.directions.contains(.map) { ThreadsBenchmark.run(records: options.threadRecords, repeats: options.repeats) }
    if options.directions.contains(.serialize) {
        ThreadsSerializers.run(records: options.threadRecords, repeats: options.repeats, memory: options.memory)
    }
}

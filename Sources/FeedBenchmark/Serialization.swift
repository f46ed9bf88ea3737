import Foundation

/// One way of writing a workload's models as one JSON array: `prepare` builds the contender's input
/// from the valid file (its models, not timed) and returns the timed work, which writes them all.
struct Serializer<Source>: Sendable {
    let name: String
    let label: String
    let prepare: @Sendable (Source) -> () -> Data
}

/// The serialization section of a workload, after its mapping figures: each serializer writes the
/// valid file's models (records per CPU-second, best of R); its first output is decoded back and
/// checked, then the same-run ratios against JSONEncoder, then each one's peak memory.
enum SerializationBenchmark {
    /// The contender every ratio is taken against.
    static let baseline = "jsonencoder"

    /// Times every serializer on `source`; `check` fails loudly unless the JSON it is given decodes
    /// back to the models. `memory` holds the size arguments of a child run (`--records N`), or is nil.
    static func run<Source>(
        _ workload: Workload, _ source: Source, models: Int, _ serializers: [Serializer<Source>], repeats: Int,
        memory: [String]?, check: (Data, String) -> Void
    ) {
        say("")
        say(
            "== serialization: the \(models) models of the valid \(workload.rawValue) written as one JSON array, best of \(repeats), "
                + "records per CPU-second (each output decoded back and checked)")
        var best: [String: Double] = [:]
        for serializer in serializers {
            let work = serializer.prepare(source)
            var seconds = Double.infinity
            for index in 0..<repeats {
                let (time, json) = timed(work)
                if index == 0 { check(json, "\(serializer.name) serializing the \(workload.rawValue)") }
                seconds = min(seconds, time)
            }
            best[serializer.name] = seconds
            say("    \(padded(serializer.label, 66)) \(leftPadded(rate(models, seconds), 6))/s  checks ok")
        }
        say("")
        say("== serialization ratios: contender / JSONEncoder, records per CPU-second in this run")
        for serializer in serializers {
            let seconds = best[serializer.name]!
            say(
                "serialize \(padded(workload.rawValue, 7)) \(padded(serializer.name, 17)) \(leftPadded(rate(models, seconds), 6)) rec/s  "
                    + "\(leftPadded(ratio(best[baseline]! / seconds), 6)) JSONEncoder")
        }
        if let memory { peaks(workload, serializers, childArguments: memory) }
    }

    /// One child process per serializer, which runs it once (`child(_:_:_:)`).
    private static func peaks<Source>(_ workload: Workload, _ serializers: [Serializer<Source>], childArguments: [String]) {
        say("")
        say("== serialization memory: peak resident size of one run (valid \(workload.rawValue)), child process per contender")
        let measured = Memory.children(
            serializers.map {
                ($0.name, ["--only", $0.name, "--stage", "serialize", "--workload", workload.rawValue] + childArguments)
            })
        for serializer in serializers {
            let result = measured[serializer.name]!
            if result.reset {
                say(
                    "    \(padded(serializer.label, 66)) \(leftPadded(String(result.peak / 1024), 5)) MB peak  "
                        + "(models \(result.input / 1024) MB before, +\((result.peak - result.input) / 1024) MB serializing)")
            } else {
                say("    \(padded(serializer.label, 66)) \(leftPadded(String(result.peak / 1024), 5)) MB peak (whole process)")
            }
        }
    }

    /// The child side of `peaks`: the serializer named `name` writes the models once, then its memory is reported.
    static func child<Source>(_ name: String, _ serializers: [Serializer<Source>], _ source: Source) {
        guard let serializer = serializers.first(where: { $0.name == name }) else { fail("no serializer named \(name)") }
        let work = serializer.prepare(source)
        let resident = Memory.resident()
        let reset = Memory.resetPeak()
        _ = work()
        Memory.report(input: resident, reset: reset)
    }
}

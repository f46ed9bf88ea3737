import Foundation

/// Resident-size readings from /proc/self (Linux), in kB.
enum Memory {
    /// VmRSS: resident now.
    static func resident() -> Int { status("VmRSS:") }

    /// VmHWM: the peak resident size since start, or since `resetPeak()`.
    static func peak() -> Int { status("VmHWM:") }

    /// Resets VmHWM to the current size (Linux ≥ 4.0); false where that is not allowed.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    private static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) })
        else { return 0 }
        return Int(line.dropFirst(field.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? 0
    }
}

extension Memory {
    /// What a child run reports, in kB: resident before the measured work (its input), the peak, and
    /// whether the peak was reset before the work (else it is the whole process's).
    struct Reading {
        let input: Int
        let peak: Int
        let reset: Bool
    }

    /// The last line of a child run, read back by `children(_:)`.
    static func report(input: Int, reset: Bool) {
        say("memory \(input) \(peak()) \(reset)")
    }

    /// Runs this executable once per entry, with the entry's arguments (each child runs one contender
    /// once and ends with `report`), two children at a time (one per core; each reads only its own peak).
    static func children(_ runs: [(name: String, arguments: [String])]) -> [String: Reading] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        func start(_ arguments: [String]) -> (Process, Pipe) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            do { try process.run() } catch { fail("cannot start \(executable.path): \(error)") }
            return (process, pipe)
        }
        func finish(_ name: String, _ process: Process, _ pipe: Pipe) -> Reading {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let fields = output.split(separator: "\n").last { $0.hasPrefix("memory ") }?.split(separator: " ") ?? []
            guard process.terminationStatus == 0, fields.count == 4, let input = Int(fields[1]), let peak = Int(fields[2]) else {
                fail("child run of \(name) failed (status \(process.terminationStatus))")
            }
            return Reading(input: input, peak: peak, reset: fields[3] == "true")
        }
        var measured: [String: Reading] = [:]
        for pair in stride(from: 0, to: runs.count, by: 2).map({ Array(runs[$0..<min($0 + 2, runs.count)]) }) {
            let running = pair.map { ($0.name, start($0.arguments)) }
            for (name, (process, pipe)) in running { measured[name] = finish(name, process, pipe) }
        }
        return measured
    }
}

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

import Foundation

/// The fenced code blocks of a Markdown file (README.md, the DocC articles), each with the marker
/// written on the line before its fence (`<!-- readme-check: output -->`), which the checks read.
struct MarkdownBlock {
    var language: String
    /// The file's line of the block's first line of code.
    var line: Int
    var code: String
    /// The marker's value (`output`, `manifest`), if the last line before the fence is one.
    var check: String?

    /// The blocks of `text`, whose markers are HTML comments starting `<!-- <markerName>:`.
    static func blocks(of text: String, markerName: String) -> [MarkdownBlock] {
        let prefix = "<!-- \(markerName):"
        var blocks: [MarkdownBlock] = []
        var current: MarkdownBlock?
        var previous = ""
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if var block = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.code += line + "\n"
                    current = block
                }
            } else if line.hasPrefix("```") {
                let marker =
                    previous.hasPrefix(prefix)
                    ? previous.dropFirst(prefix.count).dropLast(" -->".count).trimmingCharacters(in: .whitespaces) : nil
                current = MarkdownBlock(language: String(line.dropFirst(3)), line: index + 2, code: "", check: marker)
            }
            if !line.isEmpty { previous = line }
        }
        return blocks
    }

    /// The Swift blocks without a marker, as one program, each at its line of `file`.
    static func program(of blocks: [MarkdownBlock], file: String) -> String {
        blocks.filter { $0.language == "swift" && $0.check == nil }
            .map { "#sourceLocation(file: \"\(file)\", line: \($0.line))\n\($0.code)" }
            .joined(separator: "\n")
    }

    /// Type-checks a package manifest block against the toolchain's PackageDescription.
    static func checkManifest(_ block: MarkdownBlock, file: String) throws {
        guard let swiftc = Toolchain.swiftc?.resolvingSymlinksInPath() else {
            throw Toolchain.Failure(description: "swiftc not found on PATH; set SWIFTC")
        }
        let manifestAPI = swiftc.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/pm/ManifestAPI")
        try Toolchain.compile(
            main: block.code, reportedAs: file, line: block.line,
            extraFlags: ["-I", manifestAPI.path, "-package-description-version", "6.0.0"])
    }
}

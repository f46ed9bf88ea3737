import Foundation
import Testing

/// The code each step of the tour prints before its output is the marked code of the step's source
/// file, character for character: Sources/Tour/Code/StepCode.swift holds it as string literals, and
/// these tests regenerate that file from Sources/Tour/Steps and read it back from the tour's output.
@Suite struct TourCodeTests {
    @Test func stepCodeIsGeneratedFromTheStepsSources() throws {
        let expected = try TourCode.generatedFile(root: Toolchain.packageRoot)
        let url = Toolchain.packageRoot.appendingPathComponent(TourCode.generatedPath)
        let actual = try String(contentsOf: url, encoding: .utf8)
        let difference = try Self.difference(actual, expected)
        #expect(actual == expected, Comment(rawValue: difference))
    }

    /// Where the committed file first differs from the generated one, and how to update it (the generated file is
    /// written to a temporary folder); empty when they are equal.
    private static func difference(_ actual: String, _ expected: String) throws -> String {
        guard actual != expected else { return "" }
        let directory = try Toolchain.temporaryDirectory()
        let fresh = directory.appendingPathComponent("StepCode.swift")
        try expected.write(to: fresh, atomically: true, encoding: .utf8)
        let actualLines = actual.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        let line = zip(actualLines, expectedLines).prefix { $0 == $1 }.count
        let found = line < actualLines.count ? actualLines[line] : "(end of file)"
        let wanted = line < expectedLines.count ? expectedLines[line] : "(end of file)"
        return """
            \(TourCode.generatedPath) differs from the steps' marked code at line \(line + 1):
              found:    \(found)
              expected: \(wanted)
            The file generated from the steps is \(fresh.path); to update: cp \(fresh.path) \(TourCode.generatedPath)
            """
    }

    @Test(arguments: 1...10)
    func stepPrintsItsMarkedCodeBeforeItsOutput(step: Int) throws {
        let file = try #require(try TourCode.stepFiles(root: Toolchain.packageRoot).first { $0.step == step })
        let code = try TourCode.code(of: try String(contentsOf: file.url, encoding: .utf8), file: file.path, root: Toolchain.packageRoot)
        let lines = try TourTests.section(step)
        let output = try #require(lines.firstIndex(of: "Output:"), "step \(step) prints no Output: line")
        try #require(output >= 5)
        #expect(lines[1].allSatisfy { $0 == "-" }, "the heading's underline")
        #expect(lines[2] == "Code, from \(file.path):")
        #expect(lines[3] == "" && lines[output - 1] == "")
        let printed = lines[4..<(output - 1)]
        let expected = code.components(separatedBy: "\n").map { $0.isEmpty ? "" : "    \($0)" }
        #expect(Array(printed) == expected, "step \(step) prints code that is not the marked code of \(file.path)")
    }

    @Test func everyStepFileHasMarkedCode() throws {
        let files = try TourCode.stepFiles(root: Toolchain.packageRoot)
        #expect(files.map(\.step) == Array(1...10))
        for file in files {
            let code = try TourCode.code(
                of: try String(contentsOf: file.url, encoding: .utf8), file: file.path, root: Toolchain.packageRoot)
            #expect(code.contains("Mapper."), "\(file.path) marks no call of the Mapper")
        }
    }

    @Test func regionsAreDedentedAndJoinedByABlankLine() throws {
        let source = """
            import Foundation

            // tour:begin
            struct A {
                var x = 0

                static let mapping = 1
            }
            // tour:end

            func run() {
                print("not shown")
                // tour:begin
                let a = A()
                    .self
                // tour:end
            }
            """
        let code = try TourCode.code(of: source, file: "Steps/1-A.swift", root: Toolchain.packageRoot)
        #expect(code == "struct A {\n    var x = 0\n\n    static let mapping = 1\n}\n\nlet a = A()\n    .self")
    }

    @Test func anIncludeLineIsReplacedByTheDeclarationItNames() throws {
        let source = """
            func run() {
                // tour:begin
                // the model:
                // tour:include Sources/FeedModel/Video.swift public static let mapping
                // tour:end
            }
            """
        let code = try TourCode.code(of: source, file: "Steps/1-A.swift", root: Toolchain.packageRoot)
        let lines = code.components(separatedBy: "\n")
        #expect(lines.first == "// the model:")
        #expect(lines.dropFirst().first == "public static let mapping: Mapping<Video> = [")
        #expect(lines.last == "]")
        #expect(lines.contains("    \"videoURL\": .box(.url, \\.contentURL).isRequired(),"))
    }

    static let malformed: [(String, String)] = [
        ("// tour:begin\nlet a = 1\n", "tour:begin without tour:end"),
        ("let a = 1\n// tour:end\n", "tour:end without tour:begin"),
        ("// tour:begin\n// tour:begin\n// tour:end\n", "tour:begin inside a region"),
        ("// tour:begin\n// tour:end\n", "an empty region"),
        ("let a = 1\n", "no region"),
        ("    // tour:begin\nlet a = 1\n    // tour:end\n", "less indented than its tour:begin"),
        ("// tour:include Sources/FeedModel/Video.swift public static let mapping\n", "tour:include outside a region"),
        ("// tour:begin\n// tour:include Sources/FeedModel/Video.swift nothing like this\n// tour:end\n", "no line starts with"),
        ("// tour:begin\n// tour:include Sources/Tour/NoSuchFile.swift let a\n// tour:end\n", "cannot read"),
        ("// tour:begin\n// tour:bigin\n// tour:end\n", "unknown marker"),
    ]

    @Test(arguments: malformed)
    func malformedMarkersAreRejected(source: String, reason: String) throws {
        let error = #expect(throws: TourCode.Malformed.self) {
            try TourCode.code(of: source, file: "Steps/1-A.swift", root: Toolchain.packageRoot)
        }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }
}

/// The marked code of the tour's steps, and the Swift file that holds it for the tour to print.
///
/// A step file marks the code it shows with lines `// tour:begin` and `// tour:end` (several regions
/// allowed). Each region loses the indentation of its `// tour:begin` line, and the regions are joined
/// by a blank line. Inside a region, `// tour:include FILE START` stands for the lines of FILE (from the
/// package's root) from the one that starts with START to the first later `]` or `}` at its indentation.
enum TourCode {
    static let stepsPath = "Sources/Tour/Steps"
    static let generatedPath = "Sources/Tour/Code/StepCode.swift"

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    struct StepFile {
        let step: Int
        let path: String
        let url: URL
    }

    /// The files of Sources/Tour/Steps, by step number (the number before the `-` of the name).
    static func stepFiles(root: URL) throws -> [StepFile] {
        let folder = root.appendingPathComponent(stepsPath)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
            .map { name in
                guard let step = Int(name.prefix { $0 != "-" }) else {
                    throw Malformed(description: "\(stepsPath)/\(name): the name does not start with a step number")
                }
                return StepFile(step: step, path: "\(stepsPath)/\(name)", url: folder.appendingPathComponent(name))
            }
            .sorted { $0.step < $1.step }
    }

    /// The marked code of `source`, the text of the step file `file`.
    static func code(of source: String, file: String, root: URL) throws -> String {
        var regions: [[String]] = []
        var region: [String]?
        var indentation = ""
        for (index, line) in source.components(separatedBy: "\n").enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            let lead = String(line.prefix { $0 == " " })
            let place = "\(file):\(index + 1)"
            if text == "// tour:begin" {
                guard region == nil else { throw Malformed(description: "\(place): tour:begin inside a region") }
                region = []
                indentation = lead
            } else if text == "// tour:end" {
                guard let ended = region else { throw Malformed(description: "\(place): tour:end without tour:begin") }
                guard !ended.isEmpty else { throw Malformed(description: "\(place): an empty region") }
                regions.append(ended)
                region = nil
            } else if text.hasPrefix("// tour:include ") {
                guard region != nil else { throw Malformed(description: "\(place): tour:include outside a region") }
                guard lead.hasPrefix(indentation) else { throw Malformed(description: "\(place): less indented than its tour:begin") }
                let extra = String(lead.dropFirst(indentation.count))
                let included = try include(String(text.dropFirst("// tour:include ".count)), at: place, root: root)
                region? += included.map { $0.isEmpty ? "" : extra + $0 }
            } else if text.hasPrefix("// tour:") {
                throw Malformed(description: "\(place): unknown marker \(text)")
            } else if region != nil {
                guard text.isEmpty || line.hasPrefix(indentation) else {
                    throw Malformed(description: "\(place): less indented than its tour:begin")
                }
                region?.append(text.isEmpty ? "" : String(line.dropFirst(indentation.count)))
            }
        }
        guard region == nil else { throw Malformed(description: "\(file): tour:begin without tour:end") }
        guard !regions.isEmpty else { throw Malformed(description: "\(file): no region between tour:begin and tour:end") }
        return regions.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// The lines that `// tour:include FILE START` stands for, without their common indentation.
    private static func include(_ argument: String, at place: String, root: URL) throws -> [String] {
        let path = String(argument.prefix { $0 != " " })
        let start = argument.dropFirst(path.count).trimmingCharacters(in: .whitespaces)
        guard let source = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
            throw Malformed(description: "\(place): cannot read \(path)")
        }
        let lines = source.components(separatedBy: "\n")
        guard let first = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(start) }) else {
            throw Malformed(description: "\(place): no line starts with \(start) in \(path)")
        }
        let lead = String(lines[first].prefix { $0 == " " })
        guard
            let last = lines[(first + 1)...].firstIndex(where: {
                $0.hasPrefix(lead + "]") || $0.hasPrefix(lead + "}")
            })
        else {
            throw Malformed(description: "\(place): no ] or } closes \(start) in \(path)")
        }
        return lines[first...last].map { $0.hasPrefix(lead) ? String($0.dropFirst(lead.count)) : $0 }
    }

    /// The text of Sources/Tour/Code/StepCode.swift: each step's marked code as a raw string literal.
    static func generatedFile(root: URL) throws -> String {
        var text = """
            // The code each step of the tour prints before its output: the regions of its file in
            // Sources/Tour/Steps between `// tour:begin` and `// tour:end`. Generated from those files;
            // TourCodeTests fails when this file differs from them, and writes the file it expects.

            let stepCode: [StepCode] = [

            """
        for file in try stepFiles(root: root) {
            let code = try self.code(of: try String(contentsOf: file.url, encoding: .utf8), file: file.path, root: root)
            var hashes = "#"
            while code.contains("\"\"\"" + hashes) || code.contains("\\" + hashes) { hashes += "#" }
            let body = code.components(separatedBy: "\n").map { $0.isEmpty ? "" : "            \($0)" }
            text += """
                    StepCode(
                        step: \(file.step),
                        file: "\(file.path)",
                        text: \(hashes)\"\"\"
                \(body.joined(separator: "\n"))
                            \"\"\"\(hashes)
                    ),

                """
        }
        return text + "]\n"
    }
}

import FeedModel
import Foundation
import PropertyMapper
import Testing

/// README.md: every Swift block compiles (the installation block as a package manifest, all the
/// others together as one program that also runs), and the text it quotes is what the code prints.
@Suite struct ReadmeTests {
    static let readme = (try? String(contentsOf: Toolchain.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    static let blocks = MarkdownBlock.blocks(of: readme, markerName: "readme-check")

    @Test func everyBlockIsSwiftShellOrText() {
        #expect(Self.blocks.count > 10)
        #expect(Self.blocks.filter { !["swift", "sh", "text"].contains($0.language) }.map(\.line) == [])
        #expect(Self.blocks.compactMap(\.check).allSatisfy { $0 == "manifest" || $0 == "output" })
        #expect(Self.blocks.filter { $0.check == "output" }.allSatisfy { $0.language == "text" })
    }

    /// The Swift blocks but the manifest, as one program, each at its README line.
    static let program = MarkdownBlock.program(of: blocks, file: "README.md")

    @Test func swiftBlocksCompileAndRunAsOneProgram() throws {
        let program = Self.program
        let directory = try Toolchain.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = directory.appendingPathComponent("readme")
        try Toolchain.compile(main: program, reportedAs: "README.md", output: executable)
        let run = try Toolchain.run(executable, [])
        #expect(run.status == 0, "\(run.errorOutput)")
        // A text block marked `<!-- readme-check: output -->` is what the program prints.
        for block in Self.blocks where block.check == "output" {
            #expect(run.output.contains(block.code), "README.md line \(block.line) is not in the output:\n\(run.output)")
        }
    }

    /// A client still in the Swift 5 language mode (an Xcode playground, many app targets) compiles
    /// every example with no warning, the `Sendable` conversions of `.call` included.
    @Test func swiftBlocksCompileInSwift5ModeWithoutWarnings() {
        // A failure carries the compiler's output: every warning, as an error.
        #expect(throws: Never.self) { try Toolchain.compile(main: Self.program, reportedAs: "README.md", languageMode: 5) }
    }

    @Test func installationBlockIsAPackageManifest() throws {
        let manifests = Self.blocks.filter { $0.check == "manifest" }
        #expect(manifests.count == 1)
        let manifest = try #require(manifests.first)
        #expect(manifest.code.contains(#".product(name: "PropertyMapper", package: "PropertyMapper")"#))
        #expect(throws: Never.self) { try MarkdownBlock.checkManifest(manifest, file: "README.md") }
    }

    @Test func givesTheTwoCommands() throws {
        let section = try #require(Self.readme.components(separatedBy: "\n## ").first { $0.hasPrefix("Two commands") })
        let commands = Self.blocks.filter { $0.language == "sh" && section.contains($0.code) }
        #expect(commands.map(\.code) == ["swift run tour\nswift test -Xswiftc -warnings-as-errors\n"])
        let ci = try String(contentsOf: Toolchain.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\nswift test -Xswiftc -warnings-as-errors\n"))
    }

    @Test func printedErrorsAreWhatTheLibraryPrints() throws {
        let sample = try #require(Self.blocks.first { $0.language == "text" && $0.code.hasPrefix("6 errors:") })
        let record = [String: Any].validRecord([
            "id": "42",
            "videoURL": Fixtures.absent,
            "name": String(repeating: "x", count: 200),
            "rating": 9,
            "published_at": "yesterday",
            "author": ["id": 1680, "email": "not-an-email", "display_name": "Romeo"] as [String: Any],
        ])
        do {
            try Mapper.mapValues(from: try Fixtures.parsed(record), to: Video(), using: Video.mapping)
            Issue.record("the defective record mapped")
        } catch {
            #expect(String(describing: error) + "\n" == sample.code)
        }
    }

    @Test func leavesPlacesForTheBenchmarkAndTheLimits() {
        for text in [
            "\n## Benchmark\n", "swift run -c release feed-benchmark", "\n<!-- benchmark-table -->\n", "\n## Limits\n",
            "\n<!-- limits -->\n",
        ] {
            #expect(Self.readme.contains(text))
        }
    }
}

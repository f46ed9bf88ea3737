import FeedModel
import Foundation
import PropertyMapper
import Testing

/// README.md: every Swift block compiles (the installation block as a package manifest, all the
/// others together as one program that also runs), and the text it quotes is what the code prints.
/// It stays short, in STYLE.md's outline, and points to the documentation articles for the rest.
/// (MainActorAppTests builds its first example in a default-MainActor app target.)
@Suite struct ReadmeTests {
    static let readme = (try? String(contentsOf: Toolchain.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    static let blocks = MarkdownBlock.blocks(of: readme, markerName: "readme-check")

    @Test func everyBlockIsSwiftShellOrText() {
        #expect(Self.blocks.count >= 10)
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

    /// The first version CHANGELOG.md names (`## [Unreleased] — 2.0`, or `## [2.0.0] — …`; an
    /// `## [Unreleased]` without one lists changes not yet in a version), as a `from:` version: three components.
    static let changelogVersion: String? = {
        let changelog = try? String(contentsOf: Toolchain.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        guard
            let match = changelog?.components(separatedBy: "\n").lazy.filter({ $0.hasPrefix("## [") })
                .compactMap({ $0.firstMatch(of: /(\d+)\.(\d+)(?:\.(\d+))?/) }).first
        else { return nil }
        return "\(match.1).\(match.2).\(match.3 ?? "0")"
    }()

    /// The dependency line names the version CHANGELOG.md describes, in README.md and in the Getting
    /// Started article alike, and both say what `package:` is for a path dependency or a fork.
    @Test func installationNamesTheChangelogsVersionAndThePackageIdentity() throws {
        let version = try #require(Self.changelogVersion)
        let gettingStarted = try String(
            contentsOf: DocumentationCodeTests.catalog.appendingPathComponent("Articles/GettingStarted.md"), encoding: .utf8)
        for (file, text) in [("README.md", Self.readme), ("GettingStarted.md", gettingStarted)] {
            #expect(text.contains(#"/PropertyMapper.git", from: "\#(version)"),"#), "\(file) does not install \(version)")
            #expect(text.contains("last path\ncomponent of its URL or folder"), "\(file) does not explain the package identity")
            #expect(text.contains(#".product(name: "PropertyMapper", package: "property-mapper")"#), "\(file)")
        }
    }

    /// STYLE.md's README outline: at most about 400 lines, its sections in this order.
    @Test func followsTheOutlineAndStaysShort() {
        #expect(Self.readme.components(separatedBy: "\n").count <= 400)
        let headings = Self.readme.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }
        #expect(
            headings == [
                "## What it guarantees", "## Two commands", "## Installation", "## A walk through the features",
                "## A printed error list", "## Benchmark", "## Documentation", "## Requirements", "## Credits",
            ])
    }

    /// Every relative link of README.md names a file of the repository (the articles, CHANGELOG.md),
    /// and the walk links every article of the catalog.
    @Test func linksReachTheArticles() throws {
        let targets = Self.readme.matches(of: /\]\(([^)#:]+)\)/).map { String($0.1) }
        #expect(targets.count >= 12)
        for target in targets {
            #expect(
                FileManager.default.fileExists(atPath: Toolchain.packageRoot.appendingPathComponent(target).path),
                "README.md links \(target), which does not exist")
        }
        let articles = try FileManager.default.contentsOfDirectory(
            atPath: DocumentationCodeTests.catalog.appendingPathComponent("Articles").path)
        for article in articles where article.hasSuffix(".md") {
            #expect(targets.contains("Sources/PropertyMapper/PropertyMapper.docc/Articles/\(article)"), "README.md never links \(article)")
        }
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

    /// The benchmark is a summary that says to measure in release, and the full tables are in the
    /// Performance article; the limits are in the Limits article.
    @Test func benchmarkSummaryPointsToThePerformanceArticle() throws {
        let section = try #require(Self.readme.components(separatedBy: "\n## ").first { $0.hasPrefix("Benchmark\n") })
        #expect(section.components(separatedBy: "\n").count <= 25)
        for text in [
            "swift run -c release feed-benchmark", "Measure with `-c release`: debug builds are several times slower",
            "(Sources/PropertyMapper/PropertyMapper.docc/Articles/Performance.md)",
        ] {
            #expect(section.contains(text), "\(text)")
        }
        let performance = try String(
            contentsOf: DocumentationCodeTests.catalog.appendingPathComponent("Articles/Performance.md"), encoding: .utf8)
        #expect(performance.contains("| 100,000 records | valid feed | 5 % defective | peak memory |"))
        #expect(performance.contains("`-c release`"))
        let limits = try String(contentsOf: DocumentationCodeTests.catalog.appendingPathComponent("Articles/Limits.md"), encoding: .utf8)
        #expect(limits.contains("- **JSON depth.**"))
    }

    /// Where the documentation is and how to build it: the script, the site it writes, how to serve
    /// it, and the articles by name.
    @Test func saysWhereTheDocumentationIs() throws {
        let section = try #require(Self.readme.components(separatedBy: "\n## ").first { $0.hasPrefix("Documentation\n") })
        for text in [
            "Sources/PropertyMapper/PropertyMapper.docc", "Scripts/docs.sh", ".build-docs/PropertyMapper.doccarchive",
            "python3 -m http.server", "/documentation/propertymapper/",
        ] {
            #expect(section.contains(text), "\(text)")
        }
        let articles = try FileManager.default.contentsOfDirectory(
            atPath: DocumentationCodeTests.catalog.appendingPathComponent("Articles").path)
        for article in articles where article.hasSuffix(".md") {
            let text = try String(
                contentsOf: DocumentationCodeTests.catalog.appendingPathComponent("Articles/\(article)"), encoding: .utf8)
            let title = try #require(text.components(separatedBy: "\n").first?.dropFirst(2))
            #expect(
                section.replacingOccurrences(of: "\n", with: " ").contains(String(title)),
                "the Documentation section does not name \(title)")
        }
    }
}

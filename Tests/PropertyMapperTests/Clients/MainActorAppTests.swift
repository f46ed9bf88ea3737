import Foundation
import Testing

#if compiler(>=6.2)  // default isolation and the fixture's tools version arrived with Swift 6.2
/// Fixtures/MainActorApp: an app target as Xcode 26 makes it, every declaration on the main actor
/// unless it says otherwise. Its models map on the main actor (and off it), and each file of
/// `Failing/` fails to compile with the error its first line expects: main-actor state is never
/// reachable from another thread. The README's first example is in it, in the Swift 6 and Swift 5
/// language modes, exactly as README.md writes it.
@Suite struct MainActorAppTests {
    static let fixture = Toolchain.packageRoot.appendingPathComponent("Fixtures/MainActorApp")

    /// The flags of the fixture's manifest, for `swiftc`.
    static let isolationFlags = [
        "-default-isolation", "MainActor",
        "-enable-upcoming-feature", "InferIsolatedConformances",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
    ]

    static let models = fixture.appendingPathComponent("Sources/MainActorApp/Models.swift")

    /// The README's first example, in the app target (Swift 6 mode) and in a Swift 5 mode target.
    static let readmeExamples = [
        fixture.appendingPathComponent("Sources/MainActorApp/ReadmeExample.swift"),
        fixture.appendingPathComponent("Sources/ReadmeExampleSwift5/ReadmeExample.swift"),
    ]

    /// The first Swift block of README.md.
    static var readmeFirstExample: MarkdownBlock? {
        let readme = try? String(contentsOf: Toolchain.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return MarkdownBlock.blocks(of: readme ?? "", markerName: "readme-check").first { $0.language == "swift" }
    }

    static let failing: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: fixture.appendingPathComponent("Failing").path))?
        .filter { $0.hasSuffix(".swift") }.sorted() ?? []

    @Test func packageBuildsAndItsModelsMapOnTheMainActor() throws {
        let swift = try #require(Toolchain.swiftc).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift")
        let scratch = Toolchain.packageRoot.appendingPathComponent(".build-fixtures/MainActorApp")
        try Self.clearIfLibraryFilesChanged(scratch)
        let build = try Toolchain.run(
            swift, ["build", "--package-path", Self.fixture.path, "--scratch-path", scratch.path, "-Xswiftc", "-warnings-as-errors"])
        #expect(build.status == 0, "\(build.output)\(build.errorOutput)")
        let run = try Toolchain.run(scratch.appendingPathComponent("debug/MainActorApp"), [])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(
            run.output == """
                loaded: ["property-mapper"] 12
                refused: [0].name [isSlug], [0].owner.login [lengthRange], [0].owner.id [min], [0].visibility [type]
                kept: ["property-mapper"]
                owner: hubot 7
                background: bug
                readme: Cats on ice live

                """)
    }

    /// Clears the fixture's build when a file was added to or removed from the library since it was
    /// made: SwiftPM plans a path dependency's sources once, and keeps that plan while the manifests
    /// are unchanged (a removed file is then a missing input, an added one is not compiled).
    ///
    /// With `keepingDependencies`, only the plan goes (SwiftPM's build manifests, `debug.yaml` and
    /// `release.yaml`): the next build plans again and compiles what changed, and keeps the checkouts
    /// and builds of the fixture's other dependencies (Fixtures/VaporApp's take minutes to build).
    static func clearIfLibraryFilesChanged(_ scratch: URL, keepingDependencies: Bool = false) throws {
        let sources = Toolchain.packageRoot.appendingPathComponent("Sources/PropertyMapper")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.sorted() ?? []
        let list = files.joined(separator: "\n")
        let record = scratch.appendingPathComponent("library-files.txt")
        if (try? String(contentsOf: record, encoding: .utf8)) == list { return }
        if keepingDependencies {
            for manifest in ["debug.yaml", "release.yaml"] {
                try? FileManager.default.removeItem(at: scratch.appendingPathComponent(manifest))
            }
        } else {
            try? FileManager.default.removeItem(at: scratch)
        }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try list.write(to: record, atomically: true, encoding: .utf8)
    }

    /// The fixture's copies are README.md's first Swift block, character for character, so the
    /// build above is the README example's build: change one, and copy it to the others.
    @Test(arguments: readmeExamples)
    func readmeExampleIsTheFixturesCopy(file: URL) throws {
        let example = try #require(Self.readmeFirstExample)
        let copy = try String(contentsOf: file, encoding: .utf8)
        #expect(copy == example.code, "\(file.path) differs from README.md's first Swift block (line \(example.line))")
    }

    /// README.md's first Swift block, as README.md has it, compiles in a default-MainActor app target
    /// in both language modes, warnings as errors (the fixture's build checks its copies the same way).
    @Test(arguments: [6, 5])
    func readmeFirstExampleCompilesInAMainActorAppTarget(languageMode: Int) throws {
        let example = try #require(Self.readmeFirstExample)
        #expect(throws: Never.self) {
            try Toolchain.compile(
                main: example.code, reportedAs: "README.md", line: example.line, languageMode: languageMode,
                extraFlags: Self.isolationFlags)
        }
    }

    @Test func failingFilesAreThere() {
        #expect(Self.failing.count == 4)
    }

    @Test(arguments: failing)
    func offTheMainActorDoesNotCompile(file: String) throws {
        let url = Self.fixture.appendingPathComponent("Failing/\(file)")
        let source = try String(contentsOf: url, encoding: .utf8)
        let expected = try #require(source.split(separator: "\n").first?.split(separator: "// expect: ").last.map(String.init))
        let diagnostics = try Toolchain.diagnostics(
            compiling: source, reportedAs: "Failing/\(file)", others: [Self.models], extraFlags: Self.isolationFlags)
        #expect(diagnostics.contains(expected), "Failing/\(file) failed otherwise:\n\(diagnostics)")
        let errorsInModels = diagnostics.split(separator: "\n").filter { $0.contains("Models.swift:") && $0.contains("error:") }
        #expect(errorsInModels.isEmpty, "the fixture's models themselves do not compile:\n\(diagnostics)")
    }

    /// The same flags compile the fixture's own code: the failures above are the files' own.
    @Test func theAppCompilesWithTheSameFlags() throws {
        let main = try String(contentsOf: Self.fixture.appendingPathComponent("Sources/MainActorApp/main.swift"), encoding: .utf8)
        #expect(throws: Never.self) {
            try Toolchain.compile(
                main: main, reportedAs: "Sources/MainActorApp/main.swift", others: [Self.models, Self.readmeExamples[0]],
                extraFlags: Self.isolationFlags)
        }
    }
}
#endif

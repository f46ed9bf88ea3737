import Foundation
import Testing

#if compiler(>=6.2)  // Vapor 4.122.3's dependencies, as they resolve today, declare swift-tools-version 6.2
/// Fixtures/VaporApp: a Vapor server whose request and response bodies are mapped models, through the
/// Codable bridge. `POST /orders` decodes an `Order` as Vapor `Content`, every check of its mapping run,
/// and answers 201 with the order written back through the mapping, or 400 with every error (path, rule,
/// message). The fixture's own tests use VaporTesting in memory, and once real HTTP on 127.0.0.1; this
/// suite runs them, warnings as errors (SwiftPM applies that to the fixture and the library, never to
/// Vapor and its remote dependencies). The first build compiles Vapor and its dependencies, which takes
/// minutes; later builds compile only what changed.
@Suite struct VaporAppTests {
    static let fixture = Toolchain.packageRoot.appendingPathComponent("Fixtures/VaporApp")

    /// The names of the fixture's tests (`@Test func name(`), from its sources.
    static let fixtureTests: [String] = {
        let directory = fixture.appendingPathComponent("Tests/AppTests")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().flatMap { file -> [String] in
            let source = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
            return source.split(separator: "\n").compactMap { line -> String? in
                guard let start = line.range(of: "@Test func ")?.upperBound else { return nil }
                return line[start...].split(separator: "(").first.map(String.init)
            }
        }
    }()

    @Test func fixtureTestsPass() throws {
        let swift = try #require(Toolchain.swiftc).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift")
        let scratch = Toolchain.packageRoot.appendingPathComponent(".build-fixtures/VaporApp")
        try MainActorAppTests.clearIfLibraryFilesChanged(scratch, keepingDependencies: true)
        let run = try Toolchain.run(
            swift,
            ["test", "--package-path", Self.fixture.path, "--scratch-path", scratch.path, "-Xswiftc", "-warnings-as-errors"])
        let output = run.output + run.errorOutput
        #expect(run.status == 0, "\(output)")
        #expect(Self.fixtureTests.count >= 9)
        for test in Self.fixtureTests {
            #expect(output.contains("Test \(test)() passed"), "\(test) did not pass:\n\(output)")
        }
        let summary = output.split(separator: "\n").first { $0.contains("Test run with ") }
        #expect(summary?.contains("Test run with \(Self.fixtureTests.count) tests ") == true, "\(output)")
        #expect(summary?.contains(" passed after ") == true, "\(output)")
    }

    /// Vapor is the fixture's dependency, never the library's.
    @Test func theLibraryHasNoDependencies() throws {
        let manifest = try String(contentsOf: Toolchain.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".package("))
    }
}
#endif

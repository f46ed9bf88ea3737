import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every page of Playgrounds/PropertyMapper.playground compiles on its own against PropertyMapper,
/// runs, and prints exactly what the tour prints for the same step.
@Suite struct PlaygroundTests {
    static let playground = Toolchain.packageRoot.appendingPathComponent("Playgrounds/PropertyMapper.playground")

    /// The pages, in order: page N is step N of the tour.
    static let pages = [
        "BasicMapping", "NestedPaths", "Boxing", "CallsAndLists", "Validation", "Feed", "DryRun", "Models", "Serializing", "Policies",
    ]

    @Test func contentsListsEveryPageInOrder() throws {
        let contents = try PlaygroundContents(url: Self.playground.appendingPathComponent("contents.xcplayground"))
        #expect(contents.pages == Self.pages)
        #expect(contents.platform == "macos")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.playground.appendingPathComponent("Pages").path)
        #expect(folders.sorted() == Self.pages.map { "\($0).xcplaygroundpage" }.sorted())
    }

    @Test(arguments: zip(1...pages.count, pages))
    func pageRunsAndPrintsItsTourStep(step: Int, page: String) throws {
        let directory = try Toolchain.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pagePath = "Playgrounds/PropertyMapper.playground/Pages/\(page).xcplaygroundpage/Contents.swift"
        let source = try String(contentsOf: Toolchain.packageRoot.appendingPathComponent(pagePath), encoding: .utf8)
        let sharedSources = try Self.files(in: "Sources")
        let executable = directory.appendingPathComponent(page)
        try Toolchain.compile(main: source, reportedAs: pagePath, others: sharedSources, output: executable)
        // As in Xcode, the playground's resources sit beside the page's code (Bundle.main).
        for resource in try Self.files(in: "Resources") {
            try FileManager.default.copyItem(at: resource, to: directory.appendingPathComponent(resource.lastPathComponent))
        }

        let run = try Toolchain.run(executable, [], in: directory)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.hasPrefix("\n\(step). "), "the page starts with the heading of step \(step)")
        let tour = try #require(TourRun.sample, "the tour did not run")
        let tourPrintsTheSame = TourRun.withoutCode(tour.output).contains(run.output)
        #expect(tourPrintsTheSame, "page \(page) prints:\n\(run.output)\nwhich is not in the tour's output")
    }

    /// The playground's shared sources are copies of the package's: the tour's printing helpers and
    /// the feed model that the tour, the benchmark and the tests import (target FeedModel).
    @Test(arguments: [
        ("Printing.swift", "Sources/Tour/Shared/Printing.swift"),
        ("Video.swift", "Sources/FeedModel/Video.swift"),
    ])
    func sharedSourceIsThePackageSource(file: String, original: String) throws {
        let page = try Data(contentsOf: Self.playground.appendingPathComponent("Sources/\(file)"))
        let package = try Data(contentsOf: Toolchain.packageRoot.appendingPathComponent(original))
        #expect(page == package, "Playgrounds/…/Sources/\(file) and \(original) differ")
    }

    @Test func playgroundSharesOnlyThoseSources() throws {
        #expect(try Self.files(in: "Sources").map(\.lastPathComponent) == ["Printing.swift", "Video.swift"])
    }

    /// The playground's resources are the tour's: the video feed (pages 6 and 9) and the repositories (page 8).
    @Test func resourcesAreTheTourResources() throws {
        #expect(try Self.files(in: "Resources").map(\.lastPathComponent) == ["feed.json", "repos.json"])
        for file in ["feed.json", "repos.json"] {
            let page = try Data(contentsOf: Self.playground.appendingPathComponent("Resources/\(file)"))
            let tour = try Data(contentsOf: Toolchain.packageRoot.appendingPathComponent("Sources/Tour/Resources/\(file)"))
            #expect(page == tour, "Playgrounds/…/Resources/\(file) and Sources/Tour/Resources/\(file) differ")
        }
    }

    private static func files(in folder: String) throws -> [URL] {
        let directory = playground.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { directory.appendingPathComponent($0) }
    }
}

/// The page names and platform of a playground's contents.xcplayground.
private final class PlaygroundContents: NSObject, XMLParserDelegate {
    private(set) var pages: [String] = []
    private(set) var platform: String?

    init(url: URL) throws {
        super.init()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = self
        guard parser.parse() else {
            throw Toolchain.Failure(description: "contents.xcplayground is not valid XML: \(String(describing: parser.parserError))")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if elementName == "playground" { platform = attributes["target-platform"] }
        if elementName == "page", let name = attributes["name"] { pages.append(name) }
    }
}

/// The tour's output on its sample feed, run once and shared by the tests that compare with it.
enum TourRun {
    static let sample: Toolchain.Run? = Toolchain.tour.flatMap { try? Toolchain.run($0, []) }

    /// The tour's output without the code of its steps: each step's lines from `Code, from …:` to
    /// `Output:` removed, as a playground page shows its code in its source, not in what it prints.
    static func withoutCode(_ output: String) -> String {
        var lines: [String] = []
        var inCode = false
        for line in output.components(separatedBy: "\n") {
            if !inCode && line.hasPrefix("Code, from ") {
                inCode = true
            } else if inCode {
                inCode = line != "Output:"
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}

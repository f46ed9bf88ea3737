import Foundation
import Testing

/// The DocC catalog (Sources/PropertyMapper/PropertyMapper.docc): in each file, the Swift blocks
/// compile as one program that runs, the text it quotes after `<!-- docs-check: output -->` is what
/// the program prints, and a block marked `<!-- docs-check: manifest -->` is a package manifest.
/// DocC drops the markers, so readers never see them.
@Suite struct DocumentationCodeTests {
    static let catalog = Toolchain.packageRoot.appendingPathComponent("Sources/PropertyMapper/PropertyMapper.docc")

    /// The catalog's files that hold Swift code or markers, by their path in the catalog.
    static let files: [String] = {
        let enumerator = FileManager.default.enumerator(atPath: catalog.path)
        let paths = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return paths.filter { path in
            blocks(of: path).contains { $0.language == "swift" || $0.check != nil }
        }
    }()

    static func blocks(of path: String) -> [MarkdownBlock] {
        let text = (try? String(contentsOf: catalog.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return MarkdownBlock.blocks(of: text, markerName: "docs-check")
    }

    @Test func theArticlesShowCode() {
        #expect(Self.files.count >= 9, "\(Self.files)")
    }

    /// The landing page's example is read on the rendered page, which cuts lines wider than 80
    /// columns at the right edge.
    @Test func landingPageCodeFitsIn80Columns() {
        let code = Self.blocks(of: "PropertyMapper.md").filter { $0.language == "swift" }
        #expect(!code.isEmpty)
        for block in code {
            for (offset, line) in block.code.components(separatedBy: "\n").enumerated() {
                #expect(line.count <= 80, "PropertyMapper.md line \(block.line + offset) has \(line.count) columns")
            }
        }
    }

    @Test(arguments: files)
    func codeCompilesRunsAndPrintsWhatTheFileQuotes(path: String) throws {
        let blocks = Self.blocks(of: path)
        let file = "PropertyMapper.docc/\(path)"
        #expect(blocks.compactMap(\.check).allSatisfy { $0 == "manifest" || $0 == "output" })
        for manifest in blocks where manifest.check == "manifest" {
            #expect(throws: Never.self) { try MarkdownBlock.checkManifest(manifest, file: file) }
        }
        let outputs = blocks.filter { $0.check == "output" }
        guard blocks.contains(where: { $0.language == "swift" && $0.check == nil }) else {
            #expect(outputs.isEmpty, "\(file) quotes output but has no Swift code to print it")
            return
        }
        let directory = try Toolchain.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = directory.appendingPathComponent("program")
        try Toolchain.compile(main: MarkdownBlock.program(of: blocks, file: file), reportedAs: file, output: executable)
        let run = try Toolchain.run(executable, [], in: directory)
        #expect(run.status == 0, "\(run.errorOutput)")
        for block in outputs {
            #expect(run.output.contains(block.code), "\(file) line \(block.line) is not in the output:\n\(run.output)")
        }
    }
}

import Foundation
import Testing

/// Compiles and runs code outside the test bundle (playground pages, README code, the tour binary)
/// with the Swift compiler that built the package, against the PropertyMapper module SwiftPM built.
enum Toolchain {
    /// The output of a finished process.
    struct Run: Sendable {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The package's root directory (this file is Tests/PropertyMapperTests/Support/Toolchain.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The build products directory holding the test bundle, the PropertyMapper module and the tour.
    static let productsDirectory: URL? = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: moduleSearchPath(in: directory).path) { return directory }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug").resolvingSymlinksInPath()
        return FileManager.default.fileExists(atPath: moduleSearchPath(in: fallback).path) ? fallback : nil
    }()

    /// `swiftc` from `SWIFTC`, or else from `PATH` (the toolchain running `swift test`).
    static let swiftc: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"] { return URL(fileURLWithPath: explicit) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// The built `tour` executable.
    static var tour: URL? {
        productsDirectory.map { $0.appendingPathComponent("tour") }
    }

    /// The built `feed-benchmark` executable.
    static var feedBenchmark: URL? {
        productsDirectory.map { $0.appendingPathComponent("feed-benchmark") }
    }

    /// Where SwiftPM puts `PropertyMapper.swiftmodule` (`Modules/` since Swift 6; the products directory before).
    private static func moduleSearchPath(in directory: URL) -> URL {
        let modules = directory.appendingPathComponent("Modules")
        let file = modules.appendingPathComponent("PropertyMapper.swiftmodule")
        if FileManager.default.fileExists(atPath: file.path) { return file }
        return directory.appendingPathComponent("PropertyMapper.swiftmodule")
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("PropertyMapperTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs `executable` to completion; standard output and error go through files, so neither can fill up.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Run {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let errorOutput = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? scratch
        process.standardOutput = output
        process.standardError = errorOutput
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errorOutput.close()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errorOutput: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Compiles a program against PropertyMapper: `main` is its top-level code, reported in
    /// diagnostics as `mainPath` from line `line`; `others` are further files of the same module.
    ///
    /// With `output`, links the library's object files into an executable; without, only type-checks.
    /// Warnings are errors, in the Swift `languageMode` given (6, or 5 as many app targets still are).
    static func compile(
        main: String, reportedAs mainPath: String, line: Int = 1, languageMode: Int = 6,
        others: [URL] = [], extraFlags: [String] = [], output: URL? = nil
    ) throws {
        guard let swiftc else { throw Failure(description: "swiftc not found on PATH; set SWIFTC") }
        guard let products = productsDirectory else {
            throw Failure(description: "PropertyMapper.swiftmodule not found next to the test bundle")
        }
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // With several files, swiftc takes top-level code only from the one named main.swift.
        let mainFile = scratch.appendingPathComponent("main.swift")
        try Data("#sourceLocation(file: \"\(mainPath)\", line: \(line))\n\(main)".utf8).write(to: mainFile)
        var arguments = [mainFile.path] + others.map(\.path)
        arguments += ["-swift-version", String(languageMode), "-warnings-as-errors", "-module-name", "Checked"]
        arguments += ["-I", moduleSearchPath(in: products).deletingLastPathComponent().path]
        arguments += ["-module-cache-path", products.appendingPathComponent("ModuleCache").path]
        arguments += extraFlags
        if let output {
            let objectDirectory = products.appendingPathComponent("PropertyMapper.build")
            // The objects of the library's current sources (SwiftPM lists them in `sources`), so an
            // object left behind by a source file since removed is never linked.
            let sources = (try? String(contentsOf: objectDirectory.appendingPathComponent("sources"), encoding: .utf8))?
                .split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent + ".o" }
            let objects = try (sources ?? FileManager.default.contentsOfDirectory(atPath: objectDirectory.path))
                .filter { $0.hasSuffix(".o") }
                .sorted()
                .map { objectDirectory.appendingPathComponent($0).path }
            arguments += objects + ["-o", output.path]
        } else {
            arguments += ["-typecheck"]
        }
        let run = try run(swiftc, arguments, in: scratch)
        guard run.status == 0 else {
            throw Failure(description: "swiftc failed (\(run.status)):\n\(run.errorOutput)\(run.output)")
        }
    }
}

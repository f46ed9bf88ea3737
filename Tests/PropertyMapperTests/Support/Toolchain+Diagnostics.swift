import Foundation

extension Toolchain {
    /// The compiler's diagnostics for a program that must not compile against PropertyMapper (see
    /// `compile(main:reportedAs:line:languageMode:others:extraFlags:output:)`); throws a `Failure`
    /// when it compiles.
    static func diagnostics(
        compiling main: String, reportedAs mainPath: String, line: Int = 1, others: [URL] = [], extraFlags: [String] = []
    ) throws -> String {
        do {
            try compile(main: main, reportedAs: mainPath, line: line, others: others, extraFlags: extraFlags)
        } catch {
            return String(describing: error)
        }
        throw Failure(description: "\(mainPath) compiled, but a compile error was expected")
    }
}

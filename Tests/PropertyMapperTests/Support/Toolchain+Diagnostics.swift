extension Toolchain {
    /// The compiler's diagnostics for a program that must not compile against PropertyMapper (see
    /// `compile(main:reportedAs:line:others:extraFlags:output:)`); throws a `Failure` when it compiles.
    static func diagnostics(compiling main: String, reportedAs mainPath: String, line: Int = 1) throws -> String {
        do {
            try compile(main: main, reportedAs: mainPath, line: line)
        } catch {
            return String(describing: error)
        }
        throw Failure(description: "\(mainPath) compiled, but a compile error was expected")
    }
}

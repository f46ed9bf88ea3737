// Each step shows the code it runs. A file of Sources/Tour/Steps marks that code with lines
// `// tour:begin` and `// tour:end`; StepCode.swift holds the marked code as text, generated from the
// step files by TourCodeTests, which fails when the two differ and writes the file it expects.

/// The code one step of the tour runs, as its source file spells it.
struct StepCode {
    /// The step's number, from its file's name: 3 for `3-Boxing.swift`.
    let step: Int
    /// The step's source file, from the package's root.
    let file: String
    /// The step's marked regions (see StepCode.swift), without their common indentation.
    let text: String
}

/// Starts step `number`: its heading, the code the step runs (from `stepCode`, indented by four
/// spaces, under the name of the file it comes from), then `Output:` above what the step prints.
func step(_ number: Int, _ title: String) {
    heading(number, title)
    guard let code = stepCode.first(where: { $0.step == number }) else { return }
    print("Code, from \(code.file):")
    print("")
    for line in code.text.split(separator: "\n", omittingEmptySubsequences: false) {
        print(line.isEmpty ? "" : "    \(line)")
    }
    print("")
    print("Output:")
}

import Foundation

extension PropertyDescriptor {
    /// Requires the string to contain a match:
    ///
    /// `.property(\.authorEmail).matchesRegEx(emailExpression)`. Anchor it (`^…$`) for a whole-string match, with
    /// `\A…\z` to also refuse a trailing `"\n"`. A mismatch fails with `author.email → authorEmail: no match,
    /// expected a match for /^[^@\s]+@…$/; got "not-an-email" [matchesRegEx]`. Absent or null passes; a non-string is
    /// an error. Common patterns without options run on the library's own linear-time matcher (NSRegularExpression's
    /// answers, also where ICU's backtracking gives up and reports no match); the rest on NSRegularExpression.
    public func matchesRegEx(_ expression: NSRegularExpression) -> Self {
        let regex = SharedRegularExpression(expression)
        return adding(
            Validator(rule: "matchesRegEx", judges: .string) { item in
                guard case let .string(text) = item.scalar else {
                    return .cannotJudge(found: item.kind, accepts: .string)
                }
                return regex.matches(text) ? nil : .noMatch(pattern: regex.expression.pattern)
            })
    }

    /// The same with a pattern, compiled once: `.matchesRegEx(#"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#)`. An
    /// invalid pattern never traps: it is a definition error (`Mapping.definitionErrors`).
    public func matchesRegEx(_ pattern: String) -> Self {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            return adding(Validator(rule: "matchesRegEx", judges: .string, problem: .invalidPattern(pattern: pattern)) { _ in nil })
        }
        return matchesRegEx(expression)
    }
}

/// `@unchecked Sendable`: `NSRegularExpression` is immutable and documented as safe to share across
/// threads. `RegexProgram` answers when it can (a pattern in its subset, no options); ICU decides the rest.
private struct SharedRegularExpression: @unchecked Sendable {
    let expression: NSRegularExpression
    let program: RegexProgram?

    init(_ expression: NSRegularExpression) {
        self.expression = expression
        program = expression.options.isEmpty ? RegexProgram(pattern: expression.pattern) : nil
    }

    func matches(_ text: String) -> Bool {
        if let program, let answer = program.containsMatch(in: text) { return answer }
        return expression.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}

import Foundation

extension PropertyDescriptor {
    /// Requires the string to contain a match of the expression; anchor it (`^…$`) for a whole-string match.
    ///
    ///     "email": .property(\.authorEmail).matchesRegEx(emailExpression)
    ///
    /// A mismatch fails with `author.email → authorEmail: no match, expected a match for /^[^@\s]+@…$/; got "not-an-email" [matchesRegEx]`.
    /// An absent or null value passes; a value that is not a string is an error. Note that `$` also
    /// matches before a final newline; anchor with `\A…\z` to rule out a trailing `"\n"`.
    ///
    /// Common patterns (literals, classes, `\d \w \s`, quantifiers, groups, alternation, anchors) run on
    /// a linear-time matcher of the library's own, with NSRegularExpression's answers, except that it
    /// still answers where ICU's backtracking gives up and reports no match. Other patterns, and
    /// expressions with options such as `.caseInsensitive`, run on NSRegularExpression.
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

    /// The same with a pattern, compiled once when the mapping is built:
    /// `.property(\.authorEmail).matchesRegEx(#"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#)`.
    ///
    /// An invalid pattern never traps: it is a definition error of the mapping (see `Mapping.definitionErrors`).
    public func matchesRegEx(_ pattern: String) -> Self {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            var validator = Validator(rule: "matchesRegEx", judges: .string) { _ in nil }
            validator.problem = .invalidPattern(pattern: pattern)
            return adding(validator)
        }
        return matchesRegEx(expression)
    }
}

/// `NSRegularExpression` is immutable and documented as safe to share across threads.
///
/// When the pattern falls within `RegexProgram`'s subset and the expression has no options, the
/// program answers instead, for a fraction of the cost; ICU decides whatever the program cannot.
private struct SharedRegularExpression: @unchecked Sendable {
    let expression: NSRegularExpression
    let program: RegexProgram?

    init(_ expression: NSRegularExpression) {
        self.expression = expression
        program = expression.options.isEmpty ? RegexProgram(pattern: expression.pattern) : nil
    }

    func matches(_ text: String) -> Bool {
        if let program, let answer = program.containsMatch(in: text) { return answer }
        let range = NSRange(location: 0, length: text.utf16.count)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}

import Testing

@testable import PropertyMapper

/// The parse tree of `pattern` in a compact notation (`a`, `[a-c]`, `\d`, `(…)` for a sequence,
/// `|` for alternation, `{min,max}` for a loop, `^ $ \z` for anchors), or nil when the parser refuses it.
func regexTree(_ pattern: String) -> String? {
    var parser = RegexProgram.Parser(pattern)
    guard let node = try? parser.parse() else { return nil }
    return regexTree(node)
}

extension RegexProgram.Node {
    /// What the parser makes of an empty pattern (or an empty branch).
    static var empty: Self { .sequence([]) }
}

func regexTree(_ node: RegexProgram.Node) -> String {
    switch node {
    case let .set(set):
        if set.escapes.isEmpty, !set.isNegated, set.ranges.count == 1, set.ranges[0].count == 1,
            let scalar = Unicode.Scalar(set.ranges[0].lowerBound)
        {
            return String(Character(scalar))
        }
        var parts = set.ranges.map { range in
            range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
        }
        let escapes: [(RegexProgram.ScalarSet.Escapes, String)] = [
            (.digit, "\\d"), (.nonDigit, "\\D"), (.word, "\\w"), (.nonWord, "\\W"), (.space, "\\s"), (.nonSpace, "\\S"),
        ]
        parts += escapes.filter { set.escapes.contains($0.0) }.map(\.1)
        return "[" + (set.isNegated ? "^" : "") + parts.joined(separator: " ") + "]"
    case let .anchor(anchor):
        switch anchor {
        case .start: return "^"
        case .dollar: return "$"
        case .end: return "\\z"
        }
    case let .sequence(items):
        return items.isEmpty ? "ε" : "(" + items.map(regexTree).joined() + ")"
    case let .alternation(branches):
        return "(" + branches.map(regexTree).joined(separator: "|") + ")"
    case let .loop(body, min, max):
        return regexTree(body) + "{\(min),\(max.map(String.init) ?? "")}"
    }
}

/// The recursive-descent parser of the subset: what it builds, and what it refuses (so that
/// `matchesRegEx` falls back to NSRegularExpression).
@Suite struct RegexParserTests {
    @Test func buildsSequencesAlternationsAndGroups() {
        #expect(regexTree("ab") == "(ab)")
        #expect(regexTree("a|bc|") == "(a|(bc)|ε)")
        #expect(regexTree("(?:ab)c") == "((ab)c)")
        #expect(regexTree("(a|b)") == "(a|b)")  // a capturing group reads as a plain one
        #expect(regexTree("") == "ε")
    }

    @Test func readsEveryQuantifierAsALoop() {
        #expect(regexTree("a*") == "a{0,}")
        #expect(regexTree("a+") == "a{1,}")
        #expect(regexTree("a?") == "a{0,1}")
        #expect(regexTree("a{3}") == "a{3,3}")
        #expect(regexTree("a{2,}") == "a{2,}")
        #expect(regexTree("a{2,5}") == "a{2,5}")
        #expect(regexTree("a+?") == "a{1,}")  // laziness cannot change whether a match exists
    }

    @Test func readsAnchorsAndEscapes() {
        #expect(regexTree(#"^a$"#) == "(^a$)")
        #expect(regexTree(#"\Aa\Z\z"#) == #"(^a$\z)"#)
        #expect(regexTree(#"\d\W"#) == #"([\d][\W])"#)
        #expect(regexTree(#"\t\.\-"#) == "(\t.-)")
        #expect(regexTree(".") == "[^10-13 133 8232-8233]")
    }

    @Test func readsCharacterClasses() {
        #expect(regexTree("[a-c]") == "[97-99]")
        #expect(regexTree("[^a]") == "[^97]")
        #expect(regexTree("[-a]") == "[45 97]")
        #expect(regexTree("[a-]") == "[97 45]")
        #expect(regexTree(#"[\d_]"#) == #"[95 \d]"#)
        #expect(regexTree(#"[\t-\r]"#) == "[9-13]")
    }

    @Test(arguments: [
        "a**", "a{3,2}", "a{", "a{,2}", "a{2", "a{99999}", "*a", "a|*", "}", "]", ")", "(a", "a)", "(?=a)", "(?i)a", "(?<n>a)",
        "[a", "[]a]", "[:alpha:]", "[a-c-x]", "[z-a]", "[a&&b]", "[a[b]]", "[--a]", #"[\d-a]"#, #"[a-\d]"#, #"\1"#, #"\b"#, #"\p{L}"#,
        #"\Q"#, "^*", "(?:)+?", "(?:a?)*?b",
    ])
    func refusesWhatItDoesNotReadExactlyAsICUDoes(pattern: String) {
        #expect(regexTree(pattern) == nil, "\(pattern)")
    }

    @Test func limitsNesting() {
        let depth = RegexProgram.maximumNesting
        #expect(regexTree(String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)) == "a")
        #expect(regexTree(String(repeating: "(", count: depth + 1) + "a" + String(repeating: ")", count: depth + 1)) == nil)
    }
}

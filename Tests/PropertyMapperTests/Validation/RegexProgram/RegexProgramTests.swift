import Foundation
import Testing

@testable import PropertyMapper

/// What `matchesRegEx` asked before the program existed, and still asks when it cannot answer.
private func icuFinds(_ pattern: String, in text: String) -> Bool {
    let expression = try! NSRegularExpression(pattern: pattern)
    return expression.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) != nil
}

/// Whether `.matchesRegEx(pattern)` lets `text` through.
private func matchesRegExPasses(_ pattern: String, on text: String) -> Bool {
    let mapping: Mapping<Nickname> = ["nickname": .property(\.nickname).matchesRegEx(pattern)]
    var model = Nickname()
    return (try? Mapper.mapValues(from: ["nickname": text], to: &model, using: mapping)) != nil
}

/// The line terminators ICU knows, for `.` and `$`.
private let lineTerminators = ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"]

/// Random patterns within the program's subset, each with at most 63 states, and strings to try them on.
private struct PatternGenerator {
    var random: SplitMix64
    /// The literal scalars of the current pattern, so that the strings can hit them.
    var literals: [String] = []

    /// Scalars written as themselves in a pattern.
    static let plainLiterals = ["a", "b", "c", "@", " ", "é", "e", "\u{301}", "😀", "٣", "_", "#", "~", "\u{85}", "\u{2028}", "&", "]", ":"]
    /// Escapes standing for one scalar, with that scalar.
    static let escapedLiterals: [(String, String)] = [
        (#"\."#, "."), (#"\-"#, "-"), (#"\\"#, "\\"), (#"\@"#, "@"), (#"\ "#, " "), (#"\$"#, "$"), (#"\^"#, "^"),
        (#"\("#, "("), (#"\*"#, "*"), (#"\]"#, "]"), (#"\["#, "["), (#"\{"#, "{"), (#"\t"#, "\t"), (#"\n"#, "\n"),
        (#"\r"#, "\r"), (#"\f"#, "\u{0C}"), (#"\e"#, "\u{1B}"), (#"\a"#, "\u{07}"),
    ]
    static let classEscapes = [#"\d"#, #"\w"#, #"\s"#, #"\D"#, #"\W"#, #"\S"#]
    static let anchors = ["^", "$", #"\A"#, #"\z"#, #"\Z"#]
    static let ranges: [(String, [String])] = [
        ("a-c", ["a", "b", "c"]), ("0-9", ["0", "5", "9"]), ("x-x", ["x"]), ("à-ÿ", ["à", "ÿ"]),
        ("😀-🙏", ["😀", "🙏"]), (#"\t-\r"#, ["\t", "\n", "\r"]), (#"!-\/"#, ["!", "/", "-"]), (#"\^-a"#, ["^", "`", "a"]),
    ]
    /// What strings are built from, besides the pattern's literals.
    static let alphabet =
        [
            "a", "b", "c", "x", "Z", "1", "9", "٣", "_", "@", ".", " ", "\t", "-", "é", "e", "\u{301}", "😀", "👍🏽", "\u{A0}", "\u{1B}",
            "#", "&", "^", "$", "\\", "]",
        ] + lineTerminators

    /// A piece of pattern, with the states it compiles to and whether it can match the empty string.
    struct Piece {
        var text: String
        var states: Int
        var canBeEmpty: Bool
    }

    mutating func pattern() -> String {
        while true {
            literals = []
            let piece = alternation(depth: 0)
            if piece.states <= 63 { return piece.text }
        }
    }

    mutating func text() -> String {
        let pool = Self.alphabet + literals + literals
        var text = ""
        for _ in 0..<Int.random(in: 0...9, using: &random) { text += random.pick(pool) }
        if random.chance(0.3) { text += random.pick(lineTerminators) }
        return text
    }

    private mutating func alternation(depth: Int) -> Piece {
        let count = random.chance(0.7) ? 1 : random.chance(0.7) ? 2 : 3
        let branches = (0..<count).map { _ in sequence(depth: depth) }
        return Piece(
            text: branches.map(\.text).joined(separator: "|"),
            states: branches.map(\.states).reduce(0, +),
            canBeEmpty: branches.contains(where: \.canBeEmpty)
        )
    }

    private mutating func sequence(depth: Int) -> Piece {
        let terms = (0..<Int.random(in: (depth == 0 ? 1 : 0)...4, using: &random)).map { _ in term(depth: depth) }
        return Piece(
            text: terms.map(\.text).joined(),
            states: terms.map(\.states).reduce(0, +),
            canBeEmpty: terms.allSatisfy(\.canBeEmpty)
        )
    }

    private mutating func term(depth: Int) -> Piece {
        let (atom, quantifiable) = atom(depth: depth)
        guard quantifiable, random.chance(0.4) else { return atom }
        let low = Int.random(in: 0...2, using: &random)
        let high = Int.random(in: low...3, using: &random)
        let (quantifier, min, copies) = random.pick([
            ("*", 0, 1), ("+", 1, 1), ("?", 0, 1), ("{\(low)}", low, low), ("{\(low),}", low, Swift.max(low, 1)),
            ("{\(low),\(high)}", low, high),
        ])
        // ICU misses matches with a lazy loop over a body that can be empty, so the program refuses those.
        let lazy = !atom.canBeEmpty && random.chance(0.3) ? "?" : ""
        return Piece(text: atom.text + quantifier + lazy, states: atom.states * copies, canBeEmpty: min == 0 || atom.canBeEmpty)
    }

    private mutating func atom(depth: Int) -> (Piece, quantifiable: Bool) {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<28:
            let literal = random.pick(Self.plainLiterals)
            literals.append(literal)
            // ICU reads a lone `]` as a literal, but the program refuses it.
            return (Piece(text: literal == "]" ? #"\]"# : literal, states: 1, canBeEmpty: false), true)
        case 28..<36:
            let (escape, literal) = random.pick(Self.escapedLiterals)
            literals.append(literal)
            return (Piece(text: escape, states: 1, canBeEmpty: false), true)
        case 36..<48:
            return (Piece(text: random.pick(Self.classEscapes), states: 1, canBeEmpty: false), true)
        case 48..<55:
            return (Piece(text: ".", states: 1, canBeEmpty: false), true)
        case 55..<72:
            return (Piece(text: characterClass(), states: 1, canBeEmpty: false), true)
        case 72..<88 where depth < 2:
            var group = alternation(depth: depth + 1)
            group.text = (random.chance(0.5) ? "(" : "(?:") + group.text + ")"
            return (group, true)
        case 88..<100:
            return (Piece(text: random.pick(Self.anchors), states: 0, canBeEmpty: true), false)
        default:
            return (Piece(text: "b", states: 1, canBeEmpty: false), true)
        }
    }

    private mutating func characterClass() -> String {
        var text = "["
        if random.chance(0.3) { text += "^" }
        if random.chance(0.1) { text += "-" }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                // A plain literal; `:` cannot open a class, `]` would close it, one `&` is literal.
                var literal = random.pick(Self.plainLiterals.filter { $0 != "]" && $0 != "&" })
                if literal == ":", text.hasSuffix("[") || text.hasSuffix("^") { literal = "@" }
                literals.append(literal)
                text += literal
            case 1:
                let (escape, literal) = random.pick(Self.escapedLiterals)
                literals.append(literal)
                text += escape
            case 2:
                let (range, members) = random.pick(Self.ranges)
                literals += members
                text += range
            default:
                text += random.pick(Self.classEscapes)
            }
        }
        if random.chance(0.1) { text += "-" }
        return text + "]"
    }
}

@Suite struct RegexProgramTests {
    static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

    // MARK: Differential

    @Test(arguments: 0..<4)
    func agreesWithNSRegularExpressionOnGeneratedPatterns(seed: UInt64) throws {
        var generator = PatternGenerator(random: SplitMix64(seed: 0x5EED_0000 + seed))
        var mismatches: [String] = []
        var cases = 0
        var withDFA = 0
        for _ in 0..<500 {
            let pattern = generator.pattern()
            let program = try #require(RegexProgram(pattern: pattern), "\(pattern.debugDescription) should compile")
            if program.hasDFA { withDFA += 1 }
            var texts = ["", "\n"]
            for _ in 0..<8 { texts.append(generator.text()) }
            for text in texts {
                cases += 1
                let expected = icuFinds(pattern, in: text)
                let answer = program.containsMatch(in: text)
                if answer != expected, mismatches.count < 20 {
                    mismatches.append(
                        "\(pattern.debugDescription) on \(text.debugDescription): \(String(describing: answer)), ICU \(expected)")
                }
            }
        }
        #expect(cases == 5_000)
        #expect((1..<500).contains(withDFA), "both ways are covered")
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    // MARK: Classes, scalar by scalar

    static let classPatterns = [
        #"\d"#, #"\w"#, #"\s"#, ".", #"\D"#, #"\W"#, #"\S"#, #"[\d]"#, #"[^\w]"#, #"[\s\d]"#, #"[^\s]"#, #"[^a-z\W]"#,
    ]

    /// Every BMP scalar but the surrogates, and every 61st scalar beyond.
    static let scalarSample: [Unicode.Scalar] =
        (0..<UInt32(0x10000)).compactMap(Unicode.Scalar.init)
        + stride(from: UInt32(0x10000), through: 0x10FFFF, by: 61).compactMap(Unicode.Scalar.init)

    @Test(arguments: classPatterns)
    func classAgreesWithNSRegularExpressionOnEveryBasicScalarAndAnAstralSample(pattern: String) throws {
        let program = try #require(RegexProgram(pattern: pattern))
        // One ICU search over all the scalars at once; each match is one scalar.
        var all = String.UnicodeScalarView()
        all.append(contentsOf: Self.scalarSample)
        let text = String(all)
        var utf16Offsets: [Int: Int] = [:]
        var offset = 0
        for (index, scalar) in Self.scalarSample.enumerated() {
            utf16Offsets[offset] = index
            offset += scalar.utf16.count
        }
        let expression = try NSRegularExpression(pattern: pattern)
        var icuMembers = Set<Int>()
        for match in expression.matches(in: text, range: NSRange(location: 0, length: offset)) {
            icuMembers.insert(try #require(utf16Offsets[match.range.location]))
        }
        #expect(icuMembers.count > 10)

        var mismatches: [String] = []
        var undecided: [Unicode.Scalar] = []
        for (index, scalar) in Self.scalarSample.enumerated() {
            guard let answer = program.containsMatch(in: String(scalar)) else {
                undecided.append(scalar)
                continue
            }
            if answer != icuMembers.contains(index), mismatches.count < 20 {
                mismatches.append(String(scalar.value, radix: 16))
            }
        }
        #expect(mismatches.isEmpty, "U+\(mismatches.joined(separator: ", U+"))")
        // Only `\d` and `\w` leave scalars to ICU: exactly those unassigned or assigned after Unicode 15.0.
        let isVersioned = pattern.contains { "dDwW".contains($0) }
        #expect(undecided.map(\.value) == (isVersioned ? Self.undatedScalars : []))
    }

    /// The sample's scalars that the standard library leaves unassigned or dates after Unicode 15.0.
    static let undatedScalars = scalarSample.filter { scalar in
        scalar.properties.age.map { $0.major > 15 || $0.major == 15 && $0.minor > 0 } ?? true
    }.map(\.value)

    @Test func sampleCoversTheBasicPlaneAndBeyond() {
        #expect(Self.scalarSample.count == 0x10000 - 0x800 + (0x10FFFF - 0x10000) / 61 + 1)
    }

    // MARK: Explicit cases

    @Test(arguments: [
        ("user1680@example.com", true), ("first.last@sub.example.org", true), ("üser@exämple.com", true),
        ("用户@例子.com", true), ("user@example.com\n", true), ("user@example.com\r\n", true), ("user@example.com\u{2028}", true),
        ("user@example.com\n\n", false), ("user@example.com\nx", false), ("not-an-email", false), ("", false), ("a@b.c", false),
        ("user @example.com", false), ("user@@example.com", false), ("user@example.COM", false), ("user@exa mple.com", false),
        ("user@example.c0m", false), ("\nuser@example.com", false), ("user@example.com ", false), ("user\u{A0}x@example.com", false),
    ])
    func emailPattern(text: String, expected: Bool) throws {
        let program = try #require(RegexProgram(pattern: Self.emailPattern))
        #expect(program.containsMatch(in: text) == expected)
        #expect(icuFinds(Self.emailPattern, in: text) == expected)
    }

    @Test(arguments: lineTerminators)
    func dollarMatchesBeforeOneFinalLineTerminator(terminator: String) throws {
        for (pattern, text) in [
            ("a$", "a" + terminator), ("a$", "a" + terminator + "x"), ("a$", "a" + terminator + terminator),
            (#"a\Z"#, "a" + terminator), (#"a\z"#, "a" + terminator), (#"a$\s"#, "a" + terminator), (#"a$\s+\z"#, "a" + terminator),
            ("^$", terminator), ("^$", terminator + terminator), (#"a\r$"#, "a" + terminator), (".$", terminator),
        ] {
            let program = try #require(RegexProgram(pattern: pattern))
            #expect(program.containsMatch(in: text) == icuFinds(pattern, in: text), "\(pattern) on \(text.debugDescription)")
        }
        #expect(RegexProgram(pattern: "a$")?.containsMatch(in: "a" + terminator) == true)
        #expect(RegexProgram(pattern: #"a\z"#)?.containsMatch(in: "a" + terminator) == false)
    }

    @Test func dollarDoesNotMatchInsideAFinalCarriageReturnLineFeed() throws {
        #expect(RegexProgram(pattern: #"a\r$"#)?.containsMatch(in: "a\r\n") == false)
        #expect(RegexProgram(pattern: #"a$\r\n"#)?.containsMatch(in: "a\r\n") == true)
        #expect(RegexProgram(pattern: #"a\r\Z"#)?.containsMatch(in: "a\r\n") == false)
        #expect(icuFinds(#"a\r$"#, in: "a\r\n") == false)
        // Other lone terminators end the input on their own, even after `\r`.
        #expect(RegexProgram(pattern: #"a\r$"#)?.containsMatch(in: "a\r\u{85}") == true)
        #expect(icuFinds(#"a\r$"#, in: "a\r\u{85}") == true)
    }

    @Test func endAnchorsDiffer() throws {
        let texts = ["abc", "abc\n", "abc\r\n", "abc\n\n", "abc\u{2029}", "abcd"]
        let expected: [String: [Bool]] = [
            "c$": [true, true, true, false, true, false],
            #"c\Z"#: [true, true, true, false, true, false],
            #"c\z"#: [true, false, false, false, false, false],
        ]
        for (pattern, answers) in expected {
            let program = try #require(RegexProgram(pattern: pattern))
            #expect(texts.map { program.containsMatch(in: $0) } == answers, "\(pattern)")
            #expect(texts.map { icuFinds(pattern, in: $0) } == answers, "\(pattern)")
        }
    }

    @Test func startAnchorsOnlyMatchAtTheStart() throws {
        for pattern in ["^b", #"\Ab"#] {
            let program = try #require(RegexProgram(pattern: pattern))
            #expect(program.containsMatch(in: "bc") == true)
            #expect(program.containsMatch(in: "ab") == false)
            #expect(program.containsMatch(in: "a\nb") == false)
        }
    }

    @Test func emptyPatternIsInvalidAndEmptyGroupsMatchEverywhere() throws {
        // NSRegularExpression refuses "", so matchesRegEx("") reports an invalid pattern and never asks the program.
        #expect(throws: (any Error).self) { try NSRegularExpression(pattern: "") }
        let mapping: Mapping<Nickname> = ["nickname": .property(\.nickname).matchesRegEx("")]
        var model = Nickname()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["nickname": "x"], to: &model, using: mapping) }
        #expect(error?.errors.map(\.rule) == ["mapping"])
        #expect(error?.errors.map(\.path) == ["nickname"])
        #expect(error?.errors == mapping.definitionErrors)
        for pattern in ["()", "(?:)|a", "a|"] {
            let program = try #require(RegexProgram(pattern: pattern))
            for text in ["", "b", "\n", "😀"] {
                #expect(program.containsMatch(in: text) == true)
                #expect(icuFinds(pattern, in: text))
            }
        }
    }

    @Test func matchesScalarsNotCharacters() throws {
        // ICU matches code points: a combining mark is a scalar of its own, and `+` repeats the last scalar.
        let cases: [(String, String, Bool)] = [
            ("^.$", "e\u{301}", false), ("^..$", "e\u{301}", true), ("^é$", "e\u{301}", false), ("^e\u{301}+$", "e\u{301}\u{301}", true),
            ("^.$", "😀", true), ("^[😀-🙏]{2}$", "😀🙏", true), ("^.$", "🇵🇱", false), ("^.$", "\r\n", false), ("^..$", "\r\n", false),
            (#"^\s\s$"#, "\r\n", true), ("^[e\u{301}]$", "\u{301}", true),
        ]
        for (pattern, text, expected) in cases {
            #expect(RegexProgram(pattern: pattern)?.containsMatch(in: text) == expected, "\(pattern) on \(text.debugDescription)")
            #expect(icuFinds(pattern, in: text) == expected, "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test func characterClassSyntax() throws {
        let cases: [(String, [String], [String])] = [
            ("^[a-]$", ["a", "-"], ["b"]), ("^[-a]$", ["a", "-"], ["b"]), ("^[^-a]$", ["b"], ["a", "-"]), ("^[a-c-]$", ["b", "-"], ["d"]),
            (#"^[\w-]$"#, ["a", "_", "-"], [" "]), ("^[a&]$", ["a", "&"], ["b"]), ("^[a^$.|?*+(){}]$", ["^", "$", "{", "|"], ["b"]),
            (#"^[\]\\\[]$"#, ["]", "\\", "["], ["a"]), (#"^[!-\/]$"#, ["!", "/", "."], ["0"]), ("^[ ]$", [" "], ["\t"]),
            (#"^[^\d\s]$"#, ["a", "-"], ["1", " "]), (#"^[\D\d]$"#, ["a", "1", "\n"], [""]), (#"^[^\D]$"#, ["1", "٣"], ["a"]),
        ]
        for (pattern, members, others) in cases {
            let program = try #require(RegexProgram(pattern: pattern), "\(pattern)")
            for text in members {
                #expect(program.containsMatch(in: text) == true, "\(pattern) on \(text.debugDescription)")
                #expect(icuFinds(pattern, in: text), "\(pattern) on \(text.debugDescription)")
            }
            for text in others {
                #expect(program.containsMatch(in: text) == false, "\(pattern) on \(text.debugDescription)")
                #expect(!icuFinds(pattern, in: text), "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    @Test func programWithoutDFAAgrees() throws {
        // The scalar 8 from the end is an `a`: the DFA would need 2^8 sets of states.
        let pattern = "(a|b)*a(a|b){7}$"
        let program = try #require(RegexProgram(pattern: pattern))
        #expect(!program.hasDFA)
        #expect(try #require(RegexProgram(pattern: Self.emailPattern)).hasDFA)
        var random = SplitMix64(seed: 7)
        var matches = 0
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in random.pick(["a", "b", "\n"]) }.joined()
            let expected = icuFinds(pattern, in: text)
            #expect(program.containsMatch(in: text) == expected, "\(text.debugDescription)")
            if expected { matches += 1 }
        }
        #expect((1..<300).contains(matches))
    }

    @Test func boundsOnStates() {
        #expect(RegexProgram(pattern: "a{63}") != nil)
        #expect(RegexProgram(pattern: "a{64}") == nil)
        #expect(RegexProgram(pattern: "(?:a{8}){8}") == nil)
        #expect(RegexProgram(pattern: "(?:^|$){1000}") == nil)
        #expect(RegexProgram(pattern: String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40)) == nil)
        #expect(
            RegexProgram(pattern: String(repeating: "(", count: 20) + "a" + String(repeating: ")", count: 20))?.containsMatch(in: "a")
                == true)
    }

    /// Valid ICU patterns outside the subset; each must be refused, and matchesRegEx must still answer as ICU does.
    static let fallbackCases: [(pattern: String, texts: [String])] = [
        (#"(a)\1"#, ["aa", "ab"]), ("(?=a)a", ["a", "b"]), ("a(?!b)", ["ab", "ac"]), ("(?<=a)b", ["ab", "b"]),
        ("(?i)abc", ["ABC", "abd"]), (#"\bword\b"#, ["a word", "swordfish"]), (#"\p{L}+"#, ["ä", "1"]), (#"\P{L}"#, ["a", "1"]),
        ("[[:alpha:]]", ["a", "1"]), ("[:alpha:]", ["a", ":"]), ("[^:alpha:]", ["b", "a"]), ("[a-z&&[^x]]", ["x", "y"]),
        ("[a--b]", ["a", "b"]),
        (#"\Qa.b\E"#, ["a.b", "axb"]), (#"\x41"#, ["A", "x"]), (#"\u0041"#, ["A", "u"]), (#"\N{LATIN SMALL LETTER A}"#, ["a", "N"]),
        ("a*+b", ["aab", "aa"]), ("a{1,100}", ["a", "b"]), ("^*a", ["a", "b"]), ("[]a]", ["]", "b"]), ("[a-c-x]", ["-", "d"]),
        (#"[\d-a]"#, ["-", "b"]), (#"\v"#, ["\n", "a"]), (#"\h"#, ["\t", "a"]), (#"\R"#, ["\r\n", "a"]), (#"\X"#, ["a", ""]),
        (#"\Ga"#, ["a", "ba"]), ("(?<n>a)", ["a", "b"]), ("(?#note)a", ["a", "b"]), ("a]", ["a]", "a"]), (#"\g"#, ["g", "h"]),
        (#"\0101"#, ["A", "0"]), ("(?:a|b)++c", ["abc", "ab"]), ("(?s).", ["\n", ""]), ("(?m)^b", ["a\nb", "ab"]),
    ]

    @Test(arguments: fallbackCases)
    func patternOutsideTheSubsetFallsBack(pattern: String, texts: [String]) throws {
        _ = try NSRegularExpression(pattern: pattern)
        #expect(RegexProgram(pattern: pattern) == nil)
        var answers: [Bool] = []
        for text in texts {
            let passed = matchesRegExPasses(pattern, on: text)
            #expect(passed == icuFinds(pattern, in: text), "\(pattern) on \(text.debugDescription)")
            answers.append(passed)
        }
        // Each case has a text that passes and one that fails, so the check can tell.
        #expect(Set(answers) == [true, false], "\(pattern)")
    }

    @Test func expressionWithOptionsFallsBack() throws {
        let expression = try NSRegularExpression(pattern: "^abc$", options: .caseInsensitive)
        let mapping: Mapping<Nickname> = ["nickname": .property(\.nickname).matchesRegEx(expression)]
        var model = Nickname()
        try Mapper.mapValues(from: ["nickname": "ABC"], to: &model, using: mapping)
        #expect(model.nickname == "ABC")
        #expect(RegexProgram(pattern: "^abc$")?.containsMatch(in: "ABC") == false)
    }

    @Test func scalarsNewerThanUnicode15AreLeftToICU() throws {
        // U+2EBF0 (a CJK ideograph of Unicode 15.1) and U+11DE0 (a digit of Unicode 17.0).
        let program = try #require(RegexProgram(pattern: #"^\w\d$"#))
        #expect(program.containsMatch(in: "\u{2EBF0}\u{11DE0}") == nil)
        #expect(program.containsMatch(in: "a1") == true)
        // Without \d or \w, they are plain scalars.
        #expect(RegexProgram(pattern: #"^.[^\s]$"#)?.containsMatch(in: "\u{2EBF0}\u{11DE0}") == true)

        for text in ["\u{2EBF0}", "\u{11DE0}", "x\u{2EBF0}"] {
            #expect(matchesRegExPasses(#"^\w+$"#, on: text) == icuFinds(#"^\w+$"#, in: text), "\(text.debugDescription)")
        }
    }

    @Test func lazyLoopOverABodyThatCanBeEmptyKeepsICUsAnswer() throws {
        // The optional group can always be skipped, so "b" has a match; ICU's lazy loop over `()`
        // misses it. The program refuses the pattern, so the validator keeps ICU's answer.
        let pattern = "(?:()+?a)?b"
        #expect(RegexProgram(pattern: pattern) == nil)
        #expect(RegexProgram(pattern: "(?:()+?)b") == nil)
        for text in ["b", "ab", "c"] {
            #expect(matchesRegExPasses(pattern, on: text) == icuFinds(pattern, in: text), "\(text.debugDescription)")
        }
        // Greedy, ICU agrees with the program.
        #expect(RegexProgram(pattern: "(?:()+a)?b")?.containsMatch(in: "b") == true)
        #expect(icuFinds("(?:()+a)?b", in: "b"))
    }

    // MARK: Pathological patterns

    @Test func nestedQuantifiersRunInLinearTime() throws {
        let manyAs = String(repeating: "a", count: 10_000)
        #expect(RegexProgram(pattern: "(a+)+$")?.containsMatch(in: manyAs + "b") == false)
        #expect(RegexProgram(pattern: "(a+)+$")?.containsMatch(in: manyAs) == true)
        #expect(RegexProgram(pattern: "^(a|aa)*c")?.containsMatch(in: manyAs) == false)
        #expect(RegexProgram(pattern: "(a*)*b")?.containsMatch(in: manyAs) == false)
        #expect(RegexProgram(pattern: "^(x+x+)+y$")?.containsMatch(in: String(repeating: "x", count: 10_000)) == false)
        #expect(RegexProgram(pattern: #"^(\w+\s?)*$"#)?.containsMatch(in: String(repeating: "word ", count: 2_000) + "!") == false)
    }

    @Test func longInputFindsTheMatchWhereICUsBacktrackingStackRunsOut() throws {
        // ICU pushes a backtracking frame per repetition of `(a|b)`; past its 8 MB stack it stops
        // with an error, which firstMatch reports as no match. The program's answer does not depend on length.
        let text = String(repeating: "a", count: 1_000_000) + "c"
        #expect(RegexProgram(pattern: "^(a|b)*c")?.containsMatch(in: text) == true)
    }
}

/// Keeps failure messages short: the tables are of no help there.
extension RegexProgram: CustomTestStringConvertible {
    public var testDescription: String { hasDFA ? "RegexProgram with DFA" : "RegexProgram" }

    /// Whether the pattern got a DFA, for the tests to cover both ways.
    var hasDFA: Bool { !dfaStates.isEmpty }
}

private struct Nickname {
    var nickname = ""
}

import Foundation
import PropertyMapper
import Testing

// Probes of `matchesRegEx` (pattern strings and NSRegularExpression values) and of the date boxings (ISO 8601, epochs,
// `.format` patterns, time zones, serializing back), through the public API only, differential against
// NSRegularExpression, ISO8601DateFormatter and DateFormatter where Foundation has the answer. They found two defects,
// fixed since: the last instants of 9999 were refused, and a date no text reads back as was written cut to milliseconds.

// MARK: - Support

/// A small deterministic generator (SplitMix64), so every run probes the same inputs.
private struct RDPRandom {
    private var source: SplitMix64
    init(seed: UInt64) { source = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { source.next() }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

private struct RDPText {
    var s: String? = "preset"
    var other = "keep"
}

private struct RDPAnyBox {
    var any: Any? = "preset"
    var count = 5
}

private func rdpICU(_ expression: NSRegularExpression, _ text: String) -> Bool {
    expression.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) != nil
}

// MARK: - Regex: differential

/// Random patterns over the whole ICU syntax the docs name (and some beyond it, which must fall back to ICU), and
/// random texts mixing long ASCII runs with scalars beyond ASCII and line terminators.
private struct RDPPatternGenerator {
    var random: RDPRandom
    var literals: [String] = []

    static let plain = [
        "a", "b", "c", "x", "1", "_", " ", "é", "e", "\u{301}", "😀", "👍🏽", "\u{85}", "#", "/", "\"", "'", "-", ",", "=", "ß", "İ", "K",
    ]
    static let escaped: [(String, String)] = [
        (#"\."#, "."), (#"\+"#, "+"), (#"\?"#, "?"), (#"\|"#, "|"), (#"\)"#, ")"), (#"\}"#, "}"), (#"\/"#, "/"), (#"\t"#, "\t"),
        (#"\n"#, "\n"), (#"\r"#, "\r"), (#"\$"#, "$"), (#"\^"#, "^"), (#"\\"#, "\\"), (#"\x{E9}"#, "é"), (#"\u00E9"#, "é"),
        (#"\x{1F600}"#, "😀"), (#"\N{LATIN SMALL LETTER A}"#, "a"),
    ]
    static let classEscapes = [#"\d"#, #"\w"#, #"\s"#, #"\D"#, #"\W"#, #"\S"#]
    static let zeroWidth = ["^", "$", #"\A"#, #"\z"#, #"\Z"#, #"\b"#, #"\B"#, "(?=a)", "(?!b)", "(?<=a)"]
    static let classItems = [
        "a", "b", "x-z", "0-9", "à-ÿ", "😀-🙏", "$", ".", "*", "+", "?", "(", ")", "{", "}", "|", "/", "#", " ", "\u{301}",
        #"\d"#, #"\w"#, #"\s"#, #"\D"#, #"\W"#, #"\S"#, #"\-"#, #"\]"#, #"\["#, #"\\"#, #"\t-\r"#, "^", "é", "ß",
    ]
    static let alphabet = [
        "a", "a", "a", "b", "b", "c", "x", "y", "z", "1", "9", "٣", "_", " ", "\t", "-", ".", "é", "e", "\u{301}", "😀", "👍🏽",
        "\u{A0}", "ß", "SS", "İ", "i", "K", "\u{212A}", "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "$", "^", "|", "/", "\0",
    ]

    mutating func pattern() -> String {
        literals = []
        return alternation(depth: 0)
    }

    mutating func text() -> String {
        let pool = Self.alphabet + literals + literals
        var text = ""
        let length = random.int(0...7)
        for _ in 0..<length {
            if random.chance(0.15) {
                // A long ASCII run, where the library's DFA works.
                text += String(repeating: random.pick(["a", "b", "ab", "x"]), count: random.int(2...4))
            } else {
                text += random.pick(pool)
            }
        }
        if random.chance(0.25) { text += random.pick(["\n", "\r\n", "\r", "\u{2029}", "\u{0B}", "\u{0C}"]) }
        return text
    }

    private mutating func alternation(depth: Int) -> String {
        let count = random.chance(0.65) ? 1 : random.int(2...3)
        return (0..<count).map { _ in sequence(depth: depth) }.joined(separator: "|")
    }

    private mutating func sequence(depth: Int) -> String {
        (0..<random.int((depth == 0 ? 1 : 0)...4)).map { _ in term(depth: depth) }.joined()
    }

    private mutating func term(depth: Int) -> String {
        let atom = atom(depth: depth)
        guard random.chance(0.4) else { return atom }
        let low = random.int(0...2)
        let high = random.int(low...4)
        // A group holding a loop is repeated boundedly only: ICU backtracks exponentially on `(.|.*?)+` (its documented limit).
        let nestsLoops = atom.hasPrefix("(") && atom.contains { "*+{".contains($0) }
        var quantifier =
            nestsLoops ? random.pick(["?", "{0,2}", "{1,2}"]) : random.pick(["*", "+", "?", "{\(low)}", "{\(low),}", "{\(low),\(high)}"])
        switch random.int(0...9) {
        case 0...2: quantifier += "?"  // lazy
        case 3: quantifier += "+"  // possessive
        default: break
        }
        return atom + quantifier
    }

    private mutating func atom(depth: Int) -> String {
        switch random.int(0...99) {
        case 0..<30:
            let literal = random.pick(Self.plain)
            literals.append(literal)
            return literal
        case 30..<38:
            let (escape, literal) = random.pick(Self.escaped)
            literals.append(literal)
            return escape
        case 38..<48:
            return random.pick(Self.classEscapes)
        case 48..<54:
            return "."
        case 54..<68:
            var text = random.chance(0.3) ? "[^" : "["
            for _ in 0..<random.int(1...3) {
                let item = random.pick(Self.classItems)
                if item.count == 1 { literals.append(item) }
                text += item
            }
            return text + "]"
        case 68..<86 where depth < 2:
            let open = random.pick(["(", "(?:", "(", "(?:", "(?i:", "(?<n\(depth)>"])
            return open + alternation(depth: depth + 1) + ")"
        case 86..<96:
            return random.pick(Self.zeroWidth)
        default:
            // Noise: a metacharacter on its own, which ICU may or may not accept.
            return random.pick(["{", "}", "]", ")", "(", "[", "*", "\\", "{1,", "[z-a]", "a{3,2}", "(?", "\\k<q>"])
        }
    }
}

@Suite struct RegexDateProbeRegexDifferential {
    /// `matchesRegEx` (a pattern string and the same NSRegularExpression) passes exactly where ICU finds a match; a
    /// pattern ICU refuses is one definition error, never a trap or an error blamed on the data.
    @Test(arguments: 0..<3)
    func generatedPatternsAgreeWithNSRegularExpression(seed: UInt64) throws {
        var generator = RDPPatternGenerator(random: RDPRandom(seed: 0xD1FF_0000 + seed))
        var mismatches: [String] = []
        var invalid = 0
        var passes = 0
        var fails = 0
        for _ in 0..<250 {
            let pattern = generator.pattern()
            let fromString: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx(pattern)]
            guard let expression = try? NSRegularExpression(pattern: pattern) else {
                invalid += 1
                let errors = fromString.definitionErrors
                if errors.map(\.rule) != ["mapping"] || errors.first?.path != "s" {
                    mismatches.append("invalid \(pattern.debugDescription): definitionErrors \(errors)")
                }
                continue
            }
            if !fromString.definitionErrors.isEmpty {
                mismatches.append("valid \(pattern.debugDescription) has definition errors \(fromString.definitionErrors)")
                continue
            }
            let fromExpression: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx(expression)]
            var texts = ["", "\n", "a", "aaab", "a\u{301}\n"]
            for _ in 0..<8 { texts.append(generator.text()) }
            for text in texts {
                let expected = rdpICU(expression, text)
                if expected { passes += 1 } else { fails += 1 }
                for (name, mapping) in [("string", fromString), ("expression", fromExpression)] {
                    let errors = Mapper.validate(["s": text], for: RDPText(), using: mapping)
                    let passed = errors.isEmpty
                    let wellFormed = passed || errors.map(\.rule) == ["matchesRegEx"]
                    if passed != expected || !wellFormed, mismatches.count < 25 {
                        mismatches.append(
                            "\(name) \(pattern.debugDescription) on \(text.debugDescription): library \(passed) \(errors), ICU \(expected)")
                    }
                }
            }
        }
        #expect(invalid > 5 && invalid < 200, "the generator makes both valid and invalid patterns (\(invalid) invalid)")
        #expect(passes > 100 && fails > 100)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// An NSRegularExpression with options runs as ICU does, whatever the pattern.
    @Test func expressionsWithOptionsAgreeWithNSRegularExpression() throws {
        var generator = RDPPatternGenerator(random: RDPRandom(seed: 0x0971_0005))
        let optionSets: [NSRegularExpression.Options] = [
            .caseInsensitive, .anchorsMatchLines, .dotMatchesLineSeparators, .useUnixLineSeparators, .ignoreMetacharacters,
            .allowCommentsAndWhitespace, [.caseInsensitive, .anchorsMatchLines], .useUnicodeWordBoundaries,
        ]
        var mismatches: [String] = []
        var checked = 0
        for round in 0..<240 {
            let pattern = generator.pattern()
            let options = optionSets[round % optionSets.count]
            guard let expression = try? NSRegularExpression(pattern: pattern, options: options) else { continue }
            let mapping: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx(expression)]
            #expect(mapping.definitionErrors.isEmpty)
            var texts = ["", "A", "a\nb"]
            for _ in 0..<6 { texts.append(generator.text()) }
            for text in texts {
                checked += 1
                let passed = Mapper.validate(["s": text], for: RDPText(), using: mapping).isEmpty
                if passed != rdpICU(expression, text), mismatches.count < 20 {
                    mismatches.append("\(pattern.debugDescription) \(options.rawValue) on \(text.debugDescription): \(passed)")
                }
            }
        }
        #expect(checked > 1_000)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// Case-insensitive matching beyond ASCII, as ICU folds: hand-picked pairs.
    @Test func caseInsensitiveExpressionsFoldAsICUDoes() throws {
        let cases: [(String, [String])] = [
            ("^é$", ["É", "é", "E\u{301}"]), ("^straße$", ["STRASSE", "STRAßE", "strasse"]), ("^k$", ["K", "\u{212A}", "k"]),
            ("^i$", ["I", "İ", "ı"]), ("^σ+$", ["Σσς", "ΣΣ"]), (#"^[a-z]+$"#, ["ABC", "\u{212A}", "ſ"]), (#"^\w$"#, ["Ǆ"]),
        ]
        for (pattern, texts) in cases {
            let expression = try NSRegularExpression(pattern: pattern, options: .caseInsensitive)
            let mapping: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx(expression)]
            for text in texts {
                let passed = Mapper.validate(["s": text], for: RDPText(), using: mapping).isEmpty
                #expect(passed == rdpICU(expression, text), "\(pattern) on \(text.debugDescription)")
            }
        }
        // The inline flag in a pattern string, too.
        let inline: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx("(?i)^abc$")]
        #expect(Mapper.validate(["s": "ABC"], for: RDPText(), using: inline).isEmpty)
        #expect(Mapper.validate(["s": "ABD"], for: RDPText(), using: inline).map(\.rule) == ["matchesRegEx"])
    }

    /// Every scalar of a few blocks, one by one, for the escapes and classes the library answers itself.
    @Test func classesAgreeScalarByScalarOnMixedBlocks() throws {
        let patterns = [#"^\w$"#, #"^\d$"#, #"^\s$"#, #"^.$"#, #"^[^\W\d]$"#, #"^[\s\S]$"#, #"^[à-ÿ\d]$"#, #"\b"#, #"^\W+$"#]
        var scalars: [Unicode.Scalar] = []
        for range in [
            0x00...0x2FF, 0x300...0x36F, 0x590...0x6FF, 0x1680...0x1680, 0x2000...0x206F, 0x3000...0x3040, 0xFE00...0xFE0F, 0xFF00...0xFF20,
            0x1F300...0x1F3FF, 0x1D7CE...0x1D7FF, 0xE0000...0xE007F,
        ] {
            for value in range { if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) } }
        }
        for pattern in patterns {
            let expression = try NSRegularExpression(pattern: pattern)
            let mapping: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx(pattern)]
            var mismatches: [String] = []
            for scalar in scalars {
                let text = String(scalar)
                let passed = Mapper.validate(["s": text], for: RDPText(), using: mapping).isEmpty
                if passed != rdpICU(expression, text), mismatches.count < 10 { mismatches.append(String(scalar.value, radix: 16)) }
            }
            #expect(mismatches.isEmpty, "\(pattern): U+\(mismatches.joined(separator: ", U+"))")
        }
    }
}

// MARK: - Regex: documented promises

@Suite struct RegexDateProbeRegexPromises {
    /// "An invalid pattern never traps: it is a definition error", thrown alone by every entry point, never blamed on the data.
    @Test(arguments: [
        "(unclosed", "[a", "a{2,1}", "*a", "\\", "(?<x", "[z-a]", #"\p{NotAProperty}"#, "(?", #"\k<missing>"#, "a{", "+", "(?<=a+)b",
        "[[:nope:]]", "a**", #"\N{NOT A NAME}"#, "(?x", ")",
    ])
    func invalidPatternIsADefinitionErrorEverywhere(pattern: String) throws {
        let icuRefuses = (try? NSRegularExpression(pattern: pattern)) == nil
        let mapping: Mapping<RDPText> = [
            "other": .property(\.other).isRequired(),
            "s": .property(\.s).matchesRegEx(pattern),
        ]
        if !icuRefuses {
            #expect(mapping.definitionErrors.isEmpty, "ICU accepts \(pattern.debugDescription)")
            return
        }
        let definition = mapping.definitionErrors
        #expect(definition.count == 1)
        #expect(definition.first?.rule == "mapping")
        #expect(definition.first?.path == "s")
        #expect(definition.first?.property == "s")
        #expect(definition.first?.message.contains(pattern) == true, "\(definition)")

        var model = RDPText()
        // The data is not judged (the missing `other` is not reported) and nothing is written.
        #expect(thrownMappingErrors { try Mapper.mapValues(from: ["s": "x"], to: &model, using: mapping) } == definition)
        #expect(thrownMappingErrors { try Mapper.mapValues(fromJSON: #"{"s": "x"}"#, to: &model, using: mapping) } == definition)
        #expect(thrownMappingErrors { try Mapper.mapValues(fromJSON: Data(#"{"s": 5}"#.utf8), to: &model, using: mapping) } == definition)
        #expect(Mapper.validate(["s": 1], for: model, using: mapping) == definition)
        #expect(Mapper.validate(nil, for: model, using: mapping) == definition)
        #expect(model.s == "preset" && model.other == "keep")
    }

    /// The rendered error names where and why, and the value; a failing regex leaves every property as it was.
    @Test func mismatchIsOneClearErrorAndWritesNothing() throws {
        let pattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#
        let mapping: Mapping<RDPText> = [
            "other": .property(\.other),
            "author": ["email": .property(\.s).matchesRegEx(pattern)],
        ]
        var model = RDPText()
        let errors = thrownMappingErrors {
            try Mapper.mapValues(from: ["other": "changed", "author": ["email": "not-an-email"]], to: &model, using: mapping)
        }
        #expect(errors?.count == 1)
        #expect(errors?.first?.path == "author.email")
        #expect(errors?.first?.property == "s")
        #expect(errors?.first?.rule == "matchesRegEx")
        #expect(errors?.first?.value == #""not-an-email""#)
        #expect(errors?.first?.message.contains(pattern) == true)
        #expect(model.other == "keep" && model.s == "preset")
        // Absent and null pass; null writes nil.
        try Mapper.mapValues(from: ["author": [:] as [String: Any]], to: &model, using: mapping)
        #expect(model.s == "preset")
        try Mapper.mapValues(from: ["author": ["email": NSNull()]], to: &model, using: mapping)
        #expect(model.s == nil)
    }

    /// "A non-string is an error": a number into a String property is one type error, with no regex error on top.
    @Test func nonStringIsOneTypeError() throws {
        let mapping: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx("^a")]
        for value in [5, true, 1.5, ["a"], ["k": "a"]] as [Any] {
            let errors = Mapper.validate(["s": value], for: RDPText(), using: mapping)
            #expect(errors.map(\.rule) == ["type"], "\(value)")
        }
    }

    /// On an `Any` property, a value it cannot judge fails with a clear matchesRegEx error (Semantics 3).
    @Test func anyPropertyHoldingANumberCannotBeJudged() throws {
        let mapping: Mapping<RDPAnyBox> = ["any": .property(\.any).matchesRegEx("^a"), "count": .property(\.count)]
        var model = RDPAnyBox()
        let errors = thrownMappingErrors { try Mapper.mapValues(from: ["any": 42, "count": 9], to: &model, using: mapping) }
        #expect(errors?.map(\.rule) == ["matchesRegEx"])
        #expect(errors?.first?.path == "any")
        #expect(model.count == 5)
        try Mapper.mapValues(from: ["any": "abc", "count": 9], to: &model, using: mapping)
        #expect(model.any as? String == "abc" && model.count == 9)
    }

    /// A validator that can never judge its field is a definition error: `matchesRegEx` on an `Int`, on an epoch-only date.
    @Test func regexOnAFieldThatNeverReceivesAStringIsADefinitionError() throws {
        let onInt: Mapping<RDPAnyBox> = ["count": .property(\.count).matchesRegEx("^1")]
        #expect(onInt.definitionErrors.map(\.rule) == ["mapping"])
        #expect(onInt.definitionErrors.first?.path == "count")
        let onEpoch: Mapping<RDPDateBag> = ["d": .box(.date(.secondsSince1970), \.when).matchesRegEx("^1")]
        #expect(onEpoch.definitionErrors.map(\.rule) == ["mapping"])
        // With a text format among the formats, a string can come: no definition error, and a number cannot be judged.
        let mixed: Mapping<RDPDateBag> = ["d": .box(.date(.iso8601, .secondsSince1970), \.when).matchesRegEx("Z$")]
        #expect(mixed.definitionErrors.isEmpty)
        #expect(Mapper.validate(["d": "2010-12-09T07:14:08Z"], for: RDPDateBag(), using: mixed).isEmpty)
        #expect(Mapper.validate(["d": "2010-12-09T07:14:08+00:00"], for: RDPDateBag(), using: mixed).map(\.rule) == ["matchesRegEx"])
        let onNumber = Mapper.validate(["d": 1_291_878_848], for: RDPDateBag(), using: mixed)
        #expect(onNumber.map(\.rule) == ["matchesRegEx"], "\(onNumber)")
    }

    /// Validators judge the source: a regex on a date or URL box sees the text; a failed boxing is one error.
    @Test func regexOnABoxJudgesTheSourceText() throws {
        let mapping: Mapping<RDPDateBag> = ["d": .box(.date, \.when).matchesRegEx(#"^\d{4}-"#)]
        var bag = RDPDateBag()
        try Mapper.mapValues(from: ["d": "2010-12-09T07:14:08Z"], to: &bag, using: mapping)
        #expect(bag.when == Date(timeIntervalSince1970: 1_291_878_848))
        #expect(Mapper.validate(["d": "10-12-09T07:14:08Z"], for: bag, using: mapping).map(\.rule) == ["matchesRegEx"])
        #expect(Mapper.validate(["d": "2010-13-09T07:14:08Z"], for: bag, using: mapping).map(\.rule) == ["box(Date)"])
    }

    /// JSON text, the same JSON parsed by JSONSerialization, and the Codable bridge give the same errors.
    @Test func inputPathsAgree() throws {
        let json = #"{"id": "A-1\n", "code": "ab\u00e9", "list": ["x", "1"]}"#
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let fromText = Mapper.validate(parsed, as: RDPRegexModel.self)
        var fromJSON: [ValidationError] = []
        do { _ = try Mapper.map(RDPRegexModel.self, fromJSON: json) } catch { fromJSON = error.errors }
        var fromCodable: [ValidationError] = []
        do {
            _ = try JSONDecoder().decode(RDPRegexModel.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            fromCodable = error.mappingError?.errors ?? []
        }
        #expect(fromText.map(\.path) == ["code"])
        #expect(fromJSON == fromText)
        #expect(fromCodable == fromText)
    }

    /// Limits: where ICU's backtracking gives up (`^(a|b)*c` on a long input), the library still finds the match.
    @Test func catastrophicPatternStillAnswers() throws {
        let mapping: Mapping<RDPText> = ["s": .property(\.s).matchesRegEx("^(a|b)*c")]
        let text = String(repeating: "ab", count: 300_000) + "c"
        #expect(Mapper.validate(["s": text], for: RDPText(), using: mapping).isEmpty)
        #expect(
            Mapper.validate(["s": String(repeating: "ab", count: 300_000)], for: RDPText(), using: mapping).map(\.rule) == ["matchesRegEx"])
    }

    /// One mapping shared by many threads gives every thread ICU's answers.
    @Test func sharedAcrossThreads() async throws {
        let mapping: Mapping<RDPText> = [
            "s": .property(\.s).matchesRegEx(#"^\w+(?:-\w+)*@\d{2,3}$"#).matchesRegEx(
                try NSRegularExpression(pattern: "^[A-Z]", options: .caseInsensitive))
        ]
        let texts = ["ab-cd@12", "ab-@12", "ab-ß@٣٣", "1a@123", "a@1234", "Zz@99"]
        let expected = texts.map { Mapper.validate(["s": $0], for: RDPText(), using: mapping).isEmpty }
        #expect(expected == [true, false, true, false, false, true])
        let all = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<50).flatMap { _ in texts.map { Mapper.validate(["s": $0], for: RDPText(), using: mapping).isEmpty } } }
            }
            var results: [[Bool]] = []
            for await result in group { results.append(result) }
            return results
        }
        for result in all { #expect(result == Array((0..<50).flatMap { _ in expected })) }
    }
}

private struct RDPRegexModel: Mappable, MappedDecodable {
    var id = ""
    var code = ""
    var list: [String] = []
    init() {}
    static let mapping: Mapping<RDPRegexModel> = [
        "id": .property(\.id).matchesRegEx(#"^A-\d$"#),
        "code": .property(\.code).matchesRegEx(#"^[a-z]+$"#),
        "list": .property(\.list),
    ]
}

private struct RDPDateBag {
    var when: Date? = Date(timeIntervalSince1970: 7)
    var other = "keep"
}

// MARK: - Dates: support

/// Maps `value` at `d` through `boxing`; the date written, or the errors.
private func rdpMapDate(_ boxing: Boxing<Date>, _ value: Any) -> (date: Date?, errors: [ValidationError]) {
    var bag = RDPDateBag()
    let mapping: Mapping<RDPDateBag> = ["d": .box(boxing, \.when), "other": .property(\.other)]
    do {
        try Mapper.mapValues(from: ["d": value, "other": "changed"], to: &bag, using: mapping)
        return (bag.when, [])
    } catch {
        #expect(bag.other == "keep" && bag.when == Date(timeIntervalSince1970: 7), "all or nothing")
        return (nil, error.errors)
    }
}

/// The same through JSON text.
private func rdpMapDateJSON(_ boxing: Boxing<Date>, _ json: String) -> (date: Date?, errors: [ValidationError]) {
    var bag = RDPDateBag()
    let mapping: Mapping<RDPDateBag> = ["d": .box(boxing, \.when)]
    do {
        try Mapper.mapValues(fromJSON: json, to: &bag, using: mapping)
        return (bag.when, [])
    } catch {
        return (nil, error.errors)
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date, counted another way than the library (leap years before the year).
private func rdpDays(_ year: Int, _ month: Int, _ day: Int) -> Int {
    func leapsBefore(_ y: Int) -> Int { (y + 3) / 4 - (y + 99) / 100 + (y + 399) / 400 }  // years 0..<y, y >= 0
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let cumulative = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
    let dayOfYear = cumulative[month - 1] + (isLeap && month > 2 ? 1 : 0) + day - 1
    return 365 * year + leapsBefore(year) + dayOfYear - 719_528
}

private func rdpDaysIn(_ year: Int, _ month: Int) -> Int {
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
}

private func rdp2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
private func rdp4(_ n: Int) -> String { String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }

/// The seconds a valid ISO 8601 text stands for, with a tolerance of a few ulps.
private func rdpClose(_ a: Date?, _ b: Double) -> Bool {
    guard let a else { return false }
    let t = a.timeIntervalSince1970
    // A Date counts from 2001: its own rounding is an ulp of that interval.
    return abs(t - b) <= max(1e-9, b.ulp * 4, t.ulp * 4, abs(b - 978_307_200).ulp * 4)
}

private func rdpUTCFormatter(_ pattern: String, _ zone: TimeZone = TimeZone(identifier: "UTC")!) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.gregorianStartDate = .distantPast
    formatter.timeZone = zone
    formatter.dateFormat = pattern
    formatter.isLenient = false
    return formatter
}

// MARK: - Dates: ISO 8601

@Suite struct RegexDateProbeISO8601 {
    /// Generated valid texts (years 0000...9999, fractions of 0 to 20 digits, Z or an offset) read as the date they name,
    /// or are refused when the offset carries them out of the years 0000...9999 in UTC (as documented).
    @Test func generatedValidTextsReadAsTheirDate() throws {
        var random = RDPRandom(seed: 0x1508_0001)
        var mismatches: [String] = []
        var outOfRange = 0
        for round in 0..<1_500 {
            let year = round % 10 == 0 ? random.pick([0, 1, 9, 99, 999, 1000, 9999, 1582, 1583, 1900, 2000]) : random.int(0...9999)
            let month = random.int(1...12)
            let day = random.int(1...rdpDaysIn(year, month))
            let hour = random.int(0...23)
            let minute = random.int(0...59)
            let second = random.int(0...59)
            var text = "\(rdp4(year))-\(rdp2(month))-\(rdp2(day))T\(rdp2(hour)):\(rdp2(minute)):\(rdp2(second))"
            var fraction = 0.0
            if random.chance(0.6) {
                let digits = (0..<random.int(1...20)).map { _ in String(random.int(0...9)) }.joined()
                text += "." + digits
                fraction = Double("0." + digits)!
            }
            var offset = 0
            if random.chance(0.5) {
                text += "Z"
            } else {
                let sign = random.chance(0.5) ? 1 : -1
                let oh = random.int(0...23)
                let om = random.int(0...59)
                offset = sign * (oh * 3600 + om * 60)
                text += (sign > 0 ? "+" : "-") + rdp2(oh) + ":" + rdp2(om)
            }
            let whole = rdpDays(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset
            let expected = Double(whole) + fraction
            let (date, errors) = rdpMapDate(.date, text)
            if expected < -62_167_219_200 || expected >= 253_402_300_800 {
                outOfRange += 1
                if date != nil || errors.map(\.rule) != ["box(Date)"] {
                    mismatches.append("\(text): \(String(describing: date)) \(errors)")
                }
            } else if !rdpClose(date, expected) {
                mismatches.append("\(text): \(String(describing: date?.timeIntervalSince1970)) \(errors), expected \(expected)")
            }
            if mismatches.count > 20 { break }
        }
        _ = outOfRange
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// Differential against ISO8601DateFormatter (years from 1600, where its calendar is Gregorian too).
    @Test func agreesWithISO8601DateFormatter() throws {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = RDPRandom(seed: 0x1508_0002)
        var mismatches: [String] = []
        for _ in 0..<600 {
            let year = random.int(1600...9998)
            let month = random.int(1...12)
            let day = random.int(1...rdpDaysIn(year, month))
            var text =
                "\(rdp4(year))-\(rdp2(month))-\(rdp2(day))T\(rdp2(random.int(0...23))):\(rdp2(random.int(0...59))):\(rdp2(random.int(0...59)))"
            let withFraction = random.chance(0.5)
            if withFraction { text += "." + (0..<3).map { _ in String(random.int(0...9)) }.joined() }
            text += random.pick(["Z", "+02:00", "-05:30", "+14:00", "-12:00", "+00:00", "-00:00"])
            let reference = (withFraction ? fractional : plain).date(from: text)
            let (date, _) = rdpMapDate(.date, text)
            guard let reference else { continue }
            if !rdpClose(date, reference.timeIntervalSince1970), mismatches.count < 20 {
                mismatches.append("\(text): \(String(describing: date?.timeIntervalSince1970)) vs \(reference.timeIntervalSince1970)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// Impossible dates, hour 24, minute 60, leap seconds, bad offsets, missing zones, whitespace: one `box(Date)` error
    /// naming the path and the value, never a date, whichever input path.
    @Test(arguments: [
        "2021-02-29T00:00:00Z", "2021-02-30T00:00:00Z", "2024-02-30T12:00:00Z", "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z",
        "2021-04-31T00:00:00Z", "2021-06-31T00:00:00Z", "2021-09-31T00:00:00Z", "2021-11-31T00:00:00Z", "2021-01-32T00:00:00Z",
        "2021-00-10T00:00:00Z", "2021-13-10T00:00:00Z", "2021-01-00T00:00:00Z", "2021-01-01T24:00:00Z", "2021-01-01T23:60:00Z",
        "2016-12-31T23:59:60Z", "2015-06-30T23:59:60Z", "2021-01-01T00:00:61Z", "2021-01-01T00:00:00+24:00",
        "2021-01-01T00:00:00+23:60", "2021-01-01T00:00:00+0200", "2021-01-01T00:00:00+02", "2021-01-01T00:00:00",
        "2021-01-01T00:00Z", "2021-01-01", "2021-01-01T00:00:00.Z", "2021-01-01T00:00:00,5Z", " 2021-01-01T00:00:00Z",
        "2021-01-01T00:00:00Z ", "2021-01-01T00:00:00Z\n", "\t2021-01-01T00:00:00Z", "2021-01-01T00:00:00ZZ", "20210101T000000Z",
        "+2021-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "-2021-01-01T00:00:00Z",
        "２０２１-01-01T00:00:00Z", "2021-01-01T00:00:00.١Z", "2021-01-01T00:00:00Z\u{0}", "2021-1-01T00:00:00Z",
        "0000-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00", "2021-01-01T00:00:00+02:00:00", "2021-01-01T00:00:00 +02:00",
        "", "Z", "T", "2021-01-01T00:00:00.+02:00",
    ])
    func invalidTextIsOneBoxError(text: String) throws {
        let (date, errors) = rdpMapDate(.date, text)
        #expect(date == nil)
        #expect(errors.map(\.rule) == ["box(Date)"])
        #expect(errors.first?.path == "d" && errors.first?.property == "when")
        #expect(errors.first?.value != nil)
        let data = try JSONSerialization.data(withJSONObject: ["d": text])
        let fromJSON = rdpMapDateJSON(.date, String(decoding: data, as: UTF8.self))
        #expect(fromJSON.errors == errors)
    }

    /// The edge years and offsets that stay within 0000...9999 read.
    @Test(arguments: [
        ("0000-01-01T00:00:00Z", -62_167_219_200.0), ("0000-02-29T00:00:00Z", -62_162_121_600.0),
        ("0000-01-01T00:30:00-01:00", -62_167_213_800.0),
        ("9999-12-31T23:59:59Z", 253_402_300_799.0), ("9999-12-31T23:59:59.5Z", 253_402_300_799.5),
        ("9999-12-31T22:30:00-01:00", 253_402_299_000.0),
        ("0999-12-31T23:59:59Z", -30_610_224_001.0), ("1969-12-31T23:59:59.5Z", -0.5), ("1970-01-01T00:00:00-00:00", 0.0),
        ("2000-02-29T12:00:00+14:00", 951_775_200.0), ("2010-12-09T07:14:08.123+02:00", 1_291_871_648.123),
        ("2010-12-09T07:14:08.999999999999999999999Z", 1_291_878_848.999_999_999_999),
        ("2010-12-09T07:14:08.000000000000000000001Z", 1_291_878_848.0),
    ])
    func edgeTextsRead(text: String, seconds: Double) throws {
        let (date, errors) = rdpMapDate(.date, text)
        #expect(errors.isEmpty, "\(errors)")
        #expect(rdpClose(date, seconds), "\(String(describing: date?.timeIntervalSince1970))")
    }

    /// A valid time in the last second of 9999 with a fraction of five nines or more is a date of 9999. It was refused as
    /// "not a valid Date": the fraction rounded, as a `Double`, up to 10000-01-01.
    @Test(arguments: ["9999-12-31T23:59:59.99999Z", "9999-12-31T23:59:59.999999999Z", "9999-12-31T22:59:59.99999-01:00"])
    func lastInstantsOfTheYear9999Read(text: String) throws {
        let (date, errors) = rdpMapDate(.date, text)
        #expect(errors.isEmpty, "\(text): \(errors)")
        #expect(date.map { (253_402_300_799..<253_402_300_800).contains($0.timeIntervalSince1970) } == true)
    }

    /// A number is a `type` error for `.date` (ISO 8601 only), through every path.
    @Test func numberIsATypeError() throws {
        for value in [1_291_878_848, 1.5, true] as [Any] {
            #expect(rdpMapDate(.date, value).errors.map(\.rule) == ["type"], "\(value)")
        }
        #expect(rdpMapDateJSON(.date, #"{"d": 1291878848}"#).errors.map(\.rule) == ["type"])
        #expect(rdpMapDateJSON(.date, #"{"d": null}"#).date == nil)
        #expect(rdpMapDateJSON(.date, #"{"d": null}"#).errors.isEmpty)
    }
}

// MARK: - Dates: epochs

@Suite struct RegexDateProbeEpochs {
    /// Seconds and milliseconds read JSON numbers (integers and fractions, negative, before 1970) as that instant.
    @Test func epochsReadTheirInstant() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("1291878848", 1_291_878_848), ("1291878848.5", 1_291_878_848.5), ("-1", -1), ("-62135596800", -62_135_596_800),
            ("1e3", 1000), ("253402300800", 253_402_300_800), ("-0", 0), ("1.25e-3", 0.00125),
        ]
        for (text, seconds) in cases {
            let json = #"{"d": \#(text)}"#
            let fromText = rdpMapDateJSON(.date(.secondsSince1970), json)
            #expect(rdpClose(fromText.date, seconds), "\(text): \(fromText)")
            let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            #expect(rdpMapDate(.date(.secondsSince1970), parsed["d"]!).date == fromText.date, "\(text)")
            let millis = rdpMapDateJSON(.date(.millisecondsSince1970), json)
            #expect(rdpClose(millis.date, seconds / 1000), "\(text) ms: \(millis)")
        }
    }

    /// A string is a type error for epoch-only formats; beyond 64 bits is an error, never rounded; null writes nil.
    @Test func epochRefusals() throws {
        let seconds = Boxing<Date>.date(.secondsSince1970)
        #expect(rdpMapDate(seconds, "1291878848").errors.map(\.rule) == ["type"])
        #expect(rdpMapDate(seconds, true).errors.map(\.rule) == ["type"])
        let wide = rdpMapDateJSON(seconds, #"{"d": 123456789012345678901234567890}"#)
        #expect(wide.date == nil && wide.errors.count == 1, "\(wide.errors)")
        let huge = rdpMapDateJSON(.date(.millisecondsSince1970), #"{"d": 1e308}"#)
        #expect(huge.errors.count <= 1)
        for value in [Double.nan, Double.infinity, -Double.infinity] {
            let result = rdpMapDate(seconds, value)
            #expect(result.date == nil && result.errors.count == 1, "\(value): \(result.errors)")
        }
        #expect(rdpMapDateJSON(seconds, #"{"d": null}"#).date == nil)
    }

    /// Formats are tried in order; the failure names every format tried.
    @Test func formatsTriedInOrderAndNamedOnFailure() throws {
        let boxing = Boxing<Date>.date(.iso8601, .format("yyyy-MM-dd"), .secondsSince1970, .millisecondsSince1970)
        #expect(rdpMapDate(boxing, "2010-12-09T07:14:08Z").date == Date(timeIntervalSince1970: 1_291_878_848))
        #expect(rdpMapDate(boxing, "2010-12-09").date == Date(timeIntervalSince1970: 1_291_852_800))
        #expect(rdpMapDate(boxing, 1_291_878_848).date == Date(timeIntervalSince1970: 1_291_878_848))
        let failure = rdpMapDate(boxing, "soon").errors
        #expect(failure.map(\.rule) == ["box(Date)"])
        let message = failure.first?.message ?? ""
        for name in [".iso8601", "yyyy-MM-dd", ".secondsSince1970", ".millisecondsSince1970"] {
            #expect(message.contains(name), "\(message)")
        }
        #expect(rdpMapDate(boxing, [1]).errors.map(\.rule) == ["type"])
    }
}

// MARK: - Dates: patterns and time zones

@Suite struct RegexDateProbePatterns {
    /// Fixed-width patterns: differential against a non-lenient POSIX DateFormatter (proleptic Gregorian, as configured by
    /// the docs) on generated texts of the pattern's exact width, valid and invalid fields alike (years 0001...9999).
    @Test(arguments: [
        "yyyy-MM-dd", "dd/MM/yyyy HH:mm:ss", "yyyyMMdd'T'HHmmss.SSS", "yyyy-MM-dd HH:mm:ss.SSSSSS", "MM-dd-yyyy'Z'", "HH:mm dd.MM.yyyy",
    ])
    func fixedWidthPatternsAgreeWithDateFormatter(pattern: String) throws {
        let formatter = rdpUTCFormatter(pattern)
        var random = RDPRandom(seed: 0xDA7E_0000 &+ UInt64(pattern.utf8.count))
        var mismatches: [String] = []
        var accepted = 0
        for _ in 0..<400 {
            let year = random.int(1...9999)
            let month = random.int(0...13)
            let day = random.int(0...32)
            let hour = random.int(0...24)
            let minute = random.int(0...60)
            let second = random.int(0...60)
            let valid = (1...12).contains(month) && day >= 1 && day <= rdpDaysIn(year, month) && hour < 24 && minute < 60 && second < 60
            let date = formatterDate(year, month, day, hour, minute, second, valid: valid)
            let text = formatter.string(from: date ?? Date(timeIntervalSince1970: 0))
            // Replace the fields in the written text by the generated (possibly impossible) ones.
            var parts: [String: String] = [
                "yyyy": rdp4(year), "MM": rdp2(month), "dd": rdp2(day), "HH": rdp2(hour), "mm": rdp2(minute), "ss": rdp2(second),
            ]
            var built = ""
            var index = pattern.startIndex
            var quoted = false
            while index < pattern.endIndex {
                let c = pattern[index]
                if c == "'" { quoted.toggle(); index = pattern.index(after: index); continue }
                if !quoted, let key = parts.keys.first(where: { pattern[index...].hasPrefix($0) }) {
                    built += parts[key]!
                    index = pattern.index(index, offsetBy: key.count)
                } else if !quoted, c == "S" {
                    let count = pattern[index...].prefix { $0 == "S" }.count
                    built += (0..<count).map { _ in String(random.int(0...9)) }.joined()
                    index = pattern.index(index, offsetBy: count)
                } else {
                    built.append(c)
                    index = pattern.index(after: index)
                }
            }
            parts = [:]
            _ = text
            let reference = formatter.date(from: built)
            let mapped = rdpMapDate(.date(.format(pattern)), built)
            if reference != nil { accepted += 1 }
            let agree: Bool
            if let reference, let got = mapped.date {
                agree = abs(reference.timeIntervalSince1970 - got.timeIntervalSince1970) < 1e-3
            } else {
                agree = reference == nil && mapped.date == nil
            }
            if !agree, mismatches.count < 15 {
                mismatches.append(
                    "\(built): DateFormatter \(String(describing: reference?.timeIntervalSince1970)), library \(String(describing: mapped.date?.timeIntervalSince1970)) \(mapped.errors)"
                )
            }
        }
        #expect(accepted > 20)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    private func formatterDate(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, valid: Bool) -> Date? {
        valid ? Date(timeIntervalSince1970: Double(rdpDays(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)) : nil
    }

    /// Patterns that need the formatter read as DateFormatter reads them, and refuse what it refuses.
    @Test(arguments: [
        (
            "EEE, dd MMM yyyy HH:mm:ss zzz",
            [
                "Thu, 09 Dec 2010 07:14:08 GMT", "Fri, 09 Dec 2010 07:14:08 GMT", "Thu, 31 Feb 2010 07:14:08 GMT",
                "thu, 09 dec 2010 07:14:08 gmt",
            ]
        ),
        ("MMM d, yyyy", ["Dec 9, 2010", "Feb 29, 2011", "Feb 29, 2012", "December 9, 2010", "Dec 09, 2010"]),
        (
            "yyyy-MM-dd'T'HH:mm:ssXXXXX",
            ["2010-12-09T07:14:08+02:00", "2010-12-09T07:14:08Z", "2010-12-09T07:14:08+0200", "2010-12-09T24:14:08Z"]
        ),
        ("h:mm a, d/M/yy", ["7:14 PM, 9/12/10", "13:14 PM, 9/12/10", "12:00 AM, 1/1/00"]),
        ("yyyy-DDD", ["2010-343", "2010-366", "2012-366"]),
    ])
    func formatterPatternsAgreeWithDateFormatter(pattern: String, texts: [String]) throws {
        let formatter = rdpUTCFormatter(pattern)
        for text in texts {
            let reference = formatter.date(from: text)
            let mapped = rdpMapDate(.date(.format(pattern)), text)
            #expect(mapped.date == reference, "\(pattern) on \(text)")
            if reference == nil { #expect(mapped.errors.map(\.rule) == ["box(Date)"]) }
        }
    }

    /// `.format(_:timeZone:)`: an hour the clock skips is refused, one it repeats is the later instant, as DateFormatter
    /// decides; zones with half-hour shifts, a skipped day, an offset in seconds, and fixed offsets.
    @Test(arguments: [
        ("America/New_York", "2021-03-14 02:30"), ("America/New_York", "2021-11-07 01:30"), ("America/New_York", "2021-11-07 00:59"),
        ("Europe/Paris", "2021-03-28 02:00"), ("Europe/Paris", "2021-10-31 02:30"), ("Europe/Paris", "2021-10-31 03:00"),
        ("Australia/Lord_Howe", "2021-04-04 01:45"), ("Australia/Lord_Howe", "2021-10-03 02:15"), ("Pacific/Apia", "2011-12-30 12:00"),
        ("Pacific/Apia", "2011-12-29 23:59"), ("Pacific/Apia", "2011-12-31 00:00"), ("Europe/Amsterdam", "1930-06-01 12:00"),
        ("Asia/Kolkata", "2021-06-01 12:00"), ("Pacific/Kiritimati", "1995-01-01 12:00"), ("America/Sao_Paulo", "2018-11-04 00:30"),
        ("Europe/Dublin", "2021-10-31 01:30"), ("Antarctica/Troll", "2021-03-28 01:30"),
    ])
    func timeZonesAgreeWithDateFormatter(zone: String, text: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let reference = rdpUTCFormatter("yyyy-MM-dd HH:mm", timeZone).date(from: text)
        let mapped = rdpMapDate(.date(.format("yyyy-MM-dd HH:mm", timeZone: timeZone)), text)
        #expect(mapped.date == reference, "\(zone) \(text): \(String(describing: mapped.date)) vs \(String(describing: reference))")
        // Written back in the same zone, the text reads back as the same instant.
        if let date = mapped.date {
            let mapping: Mapping<RDPDateBag> = ["d": .box(.date(.format("yyyy-MM-dd HH:mm", timeZone: timeZone)), \.when)]
            let written = try Mapper.serialize(RDPDateBag(when: date), using: mapping)["d"] as? String
            #expect(written == text || reference == nil, "\(zone): wrote \(String(describing: written))")
        }
    }

    /// Fixed offsets (whole hours, half hours, seconds): every generated instant writes and reads back as itself.
    @Test func fixedOffsetZonesRoundTrip() throws {
        var random = RDPRandom(seed: 0x0FF5_E700)
        for offset in [0, 3600, -3600, 50_400, -43_200, 19_800, 3661, -1] {
            let timeZone = try #require(TimeZone(secondsFromGMT: offset))
            let mapping: Mapping<RDPDateBag> = ["d": .box(.date(.format("yyyy-MM-dd'T'HH:mm:ss", timeZone: timeZone)), \.when)]
            let formatter = rdpUTCFormatter("yyyy-MM-dd'T'HH:mm:ss", timeZone)
            for _ in 0..<40 {
                let date = Date(timeIntervalSince1970: Double(random.int(-2_000_000_000...4_000_000_000)))
                let written = try Mapper.serialize(RDPDateBag(when: date), using: mapping)["d"] as? String
                // DateFormatter (ICU) keeps whole minutes of a custom offset; TimeZone reports its seconds.
                if offset % 60 == 0 { #expect(written == formatter.string(from: date), "\(offset)") }
                var back = RDPDateBag()
                try Mapper.mapValues(from: ["d": written as Any], to: &back, using: mapping)
                #expect(back.when == date)
            }
        }
    }

    /// Questionable zone: the year 0000 in a `yyyy` pattern (see report); here only that it never traps and paths agree.
    @Test func yearZeroInAPatternIsAnswered() throws {
        let a = rdpMapDate(.date(.format("yyyy-MM-dd")), "0000-06-15")
        let b = rdpMapDateJSON(.date(.format("yyyy-MM-dd")), #"{"d": "0000-06-15"}"#)
        #expect(a.date == b.date && a.errors == b.errors)
    }

    /// An unterminated quote, an empty pattern, letters that are no field: a definition error, or DateFormatter's answer; never a trap.
    @Test(arguments: ["'yyyy", "", "qqqq", "yyyy-MM-dd'", "yyyy''MM''dd", "ゆyyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSS"])
    func oddPatternsNeverTrap(pattern: String) throws {
        let mapping: Mapping<RDPDateBag> = ["d": .box(.date(.format(pattern)), \.when)]
        let errors = Mapper.validate(["d": "2010-12-09"], for: RDPDateBag(), using: mapping)
        #expect(errors.count <= 1)
        let formatter = rdpUTCFormatter(pattern)
        for text in ["2010-12-09", "2010'12'09", "ゆ2010-12-09", "2010-12-09T07:14:08.1234567890"] {
            if mapping.definitionErrors.isEmpty {
                #expect(rdpMapDate(.date(.format(pattern)), text).date == formatter.date(from: text), "\(pattern) on \(text)")
            }
        }
    }
}

// MARK: - Dates: serializing back

private struct RDPDateModel: Mappable, MappedCodable {
    var iso = Date(timeIntervalSince1970: 0)
    var seconds: Date?
    var millis: Date?
    var day = Date(timeIntervalSince1970: 0)
    var local: Date?
    var either: Date?
    init() {}
    static let mapping: Mapping<RDPDateModel> = [
        "iso": .box(.date, \.iso),
        "seconds": .box(.date(.secondsSince1970), \.seconds),
        "millis": .box(.date(.millisecondsSince1970), \.millis),
        "day": .box(.date(.format("yyyy-MM-dd")), \.day),
        "local": .box(.date(.format("dd.MM.yyyy HH:mm:ss.SSS", timeZone: TimeZone(identifier: "Europe/Paris")!)), \.local),
        "either": .box(.date(.iso8601, .secondsSince1970), \.either),
    ]
}

@Suite struct RegexDateProbeSerializing {
    /// Dates read from text write back in the documented form and read back as the same dates, through `serialize`,
    /// `serializeJSON` and the Codable bridge.
    @Test func readDatesRoundTrip() throws {
        var random = RDPRandom(seed: 0x5E41_A112)
        var mismatches: [String] = []
        for _ in 0..<300 {
            let year = random.int(0...9999)
            let month = random.int(1...12)
            let day = random.int(1...rdpDaysIn(year, month))
            let time = "\(rdp2(random.int(0...23))):\(rdp2(random.int(0...59))):\(rdp2(random.int(0...59)))"
            let digits = (0..<random.int(0...12)).map { _ in String(random.int(0...9)) }.joined()
            let iso = "\(rdp4(year))-\(rdp2(month))-\(rdp2(day))T\(time)\(digits.isEmpty ? "" : "." + digits)Z"
            let seconds = "\(random.int(-62_000_000_000...250_000_000_000)).\(digits.isEmpty ? "0" : digits)"
            let millis = "\(random.int(-62_000_000_000_000...250_000_000_000_000))\(digits.isEmpty ? "" : "." + digits.prefix(4))"
            let json =
                #"{"iso": "\#(iso)", "seconds": \#(seconds), "millis": \#(millis), "day": "\#(rdp4(year))-\#(rdp2(month))-\#(rdp2(day))", "either": \#(seconds)}"#
            let model: RDPDateModel
            do { model = try Mapper.map(RDPDateModel.self, fromJSON: json) } catch {
                mismatches.append("\(json): \(error)")
                continue
            }
            let object = try Mapper.serialize(model)
            let text = try #require(object["iso"] as? String)
            // Milliseconds at least, each written with 3, 6, 7 or 9 digits of the second, in UTC.
            let shape = try NSRegularExpression(pattern: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.(\d{3}|\d{6}|\d{7}|\d{9})Z$"#)
            if !rdpICU(shape, text) { mismatches.append("iso written as \(text)") }
            let again = try Mapper.map(RDPDateModel.self, from: object)
            let viaJSON = try Mapper.map(RDPDateModel.self, fromJSON: try Mapper.serializeJSON(model))
            let viaCodable = try JSONDecoder().decode(RDPDateModel.self, from: try JSONEncoder().encode(model))
            for (name, other) in [("serialize", again), ("serializeJSON", viaJSON), ("Codable", viaCodable)] {
                if other.iso != model.iso || other.seconds != model.seconds || other.millis != model.millis || other.day != model.day
                    || other.either != model.either, mismatches.count < 20
                {
                    mismatches.append("\(name) \(json) → \(object)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// The documented examples: `…08.1239Z` writes `…08.123900Z`; whole epochs write integers; a pattern writes the day only.
    @Test func documentedWrittenForms() throws {
        let model = try Mapper.map(
            RDPDateModel.self,
            fromJSON: #"""
                {"iso": "2010-12-09T07:14:08.1239Z", "seconds": 1291878848, "millis": 1291878848123, "day": "2010-12-09",
                 "local": "09.12.2010 08:14:08.123", "either": "2010-12-09T09:14:08+02:00"}
                """#)
        let object = try Mapper.serialize(model)
        #expect(object["iso"] as? String == "2010-12-09T07:14:08.123900Z")
        #expect(
            object["seconds"] as? Int64 == 1_291_878_848 || object["seconds"] as? Int == 1_291_878_848,
            "\(String(describing: object["seconds"]))")
        #expect(object["millis"] as? Int64 == 1_291_878_848_123 || object["millis"] as? Int == 1_291_878_848_123)
        #expect(object["day"] as? String == "2010-12-09")
        #expect(object["local"] as? String == "09.12.2010 08:14:08.123")
        #expect(object["either"] as? String == "2010-12-09T07:14:08.000Z")
        #expect(model.local == Date(timeIntervalSince1970: 1_291_878_848.123))
        let json = String(decoding: try Mapper.serializeJSON(model, options: [.sortedKeys]), as: UTF8.self)
        let integers = try NSRegularExpression(pattern: #""millis":1291878848123[,}].*"seconds":1291878848[,}]"#)
        #expect(rdpICU(integers, json), "\(json)")
    }

    /// Years below 1000 keep four digits; dates ISO 8601 cannot write are `serialize` errors at their path, or go to the
    /// next format that can write them.
    @Test func yearsAtTheEdges() throws {
        let mapping: Mapping<RDPDateBag> = ["d": .box(.date, \.when)]
        for (seconds, text) in [
            (-62_167_219_200.0, "0000-01-01T00:00:00.000Z"), (-30_610_224_001.0, "0999-12-31T23:59:59.000Z"),
            (253_402_300_799.0, "9999-12-31T23:59:59.000Z"), (-0.001, "1969-12-31T23:59:59.999Z"),
        ] {
            let object = try Mapper.serialize(RDPDateBag(when: Date(timeIntervalSince1970: seconds)), using: mapping)
            #expect(object["d"] as? String == text)
        }
        for seconds in [253_402_300_800.0, -62_167_219_201.0, 1e15, -1e15] {
            var errors: [ValidationError] = []
            do { _ = try Mapper.serialize(RDPDateBag(when: Date(timeIntervalSince1970: seconds)), using: mapping) } catch {
                errors = error.errors
            }
            #expect(errors.map(\.rule) == ["serialize"] || errors.map(\.rule) == ["box(Date)"], "\(seconds): \(errors)")
            #expect(errors.first?.path == "d")
            let either: Mapping<RDPDateBag> = ["d": .box(.date(.iso8601, .secondsSince1970), \.when)]
            let object = try Mapper.serialize(RDPDateBag(when: Date(timeIntervalSince1970: seconds)), using: either)
            #expect((object["d"] as? NSNumber)?.doubleValue == seconds, "\(String(describing: object["d"]))")
        }
    }

    /// The Codable bridge reads dates as `Mapper.map(_:fromJSON:)` does, errors included.
    @Test func codableAgreesWithFromJSON() throws {
        let inputs = [
            #"{"iso": "2010-12-09T07:14:08.5+01:00", "day": "2024-02-29", "local": "31.03.2024 02:30:00.000"}"#,
            #"{"iso": "2010-02-30T07:14:08Z", "day": "2023-02-29", "seconds": "12", "millis": true, "either": 1e400}"#,
            #"{"iso": "2010-12-09T07:14:08Z", "day": "2024-02-29", "either": 12.5, "millis": -0.5}"#,
        ]
        for json in inputs {
            var direct: Result<RDPDateModel, MappingError>
            do { direct = .success(try Mapper.map(RDPDateModel.self, fromJSON: json)) } catch { direct = .failure(error) }
            var codable: Result<RDPDateModel, MappingError>
            do {
                codable = .success(try JSONDecoder().decode(RDPDateModel.self, from: Data(json.utf8)))
            } catch let error as DecodingError {
                codable = .failure(error.mappingError ?? MappingError(errors: []))
            }
            switch (direct, codable) {
            case let (.success(a), .success(b)):
                let same = a.iso == b.iso && a.day == b.day && a.local == b.local
                #expect(same && a.either == b.either && a.millis == b.millis, "\(json)")
            case let (.failure(a), .failure(b)):
                // 1e400 is a `json` error for the library's reader; JSONDecoder refuses it itself.
                if !json.contains("1e400") { #expect(a.errors == b.errors, "\(json)") }
            default:
                Issue.record("\(json): \(direct) vs \(codable)")
            }
        }
    }

    /// All or nothing over many date fields: one bad date anywhere and no property changes.
    @Test func oneBadDateWritesNothing() throws {
        var model = RDPDateModel()
        model.seconds = Date(timeIntervalSince1970: 5)
        let errors = thrownMappingErrors {
            try Mapper.mapValues(
                fromJSON:
                    #"{"iso": "2010-12-09T07:14:08Z", "seconds": 1, "millis": 2, "day": "2010-12-09", "either": 3, "local": "31.03.2024 02:30:00.000"}"#,
                to: &model, using: RDPDateModel.mapping)
        }
        // 02:30 on 2024-03-31 does not exist in Paris.
        #expect(errors?.map(\.path) == ["local"])
        #expect(errors?.map(\.rule) == ["box(Date)"])
        #expect(model.iso == Date(timeIntervalSince1970: 0) && model.seconds == Date(timeIntervalSince1970: 5) && model.millis == nil)
    }
}

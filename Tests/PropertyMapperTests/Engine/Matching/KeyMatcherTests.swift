import Testing

@testable import PropertyMapper

/// The one key matcher: what it answers for a key as a `String` and as bytes must agree.
@Suite
struct KeyMatcherTests {
    /// Every answer of `keys` for `key`: exact by string, exact by bytes from every hint, loose by
    /// string and by bytes. The bytes answers are asked only of ASCII keys, as the reader does.
    private func answers(
        _ keys: KeyMatcher, _ key: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (
        exact: Int?, loose: Int?
    ) {
        let exact = keys.key(key)
        let loose = exact == nil ? keys.looseEntry(of: key) : nil
        if KeyMatching.isASCII(key) {
            UTF8Bytes.of(key) { bytes in
                for hint in 0...keys.names.count {
                    #expect(keys.key(ascii: bytes, hint: hint) == exact, "\(key) from \(hint)", sourceLocation: sourceLocation)
                }
                if exact == nil {
                    #expect(keys.looseEntry(ascii: bytes) == loose, "\(key) loosely", sourceLocation: sourceLocation)
                }
            }
        }
        return (exact, loose)
    }

    @Test func firstKeysLieAtTheirEntrysPositionAndAlternativesAfter() {
        let keys = KeyMatcher([["id"], ["name", "title", "id"], ["when"]], matching: .exact, unknownKeys: .ignore)
        #expect(keys.names == ["id", "name", "when", "title"])
        // "id" again is the first entry's position: a key mapped twice (a definition error) is read safely.
        #expect(keys.alternatives == [[], [3, 0], []])
        #expect(keys.readsBeyondExactKeys)
        #expect(!KeyMatcher([["id"], ["name"]], matching: .exact, unknownKeys: .ignore).readsBeyondExactKeys)
        #expect(KeyMatcher([["id"]], matching: .caseInsensitive, unknownKeys: .ignore).readsBeyondExactKeys)
        #expect(KeyMatcher([["id"]], matching: .exact, unknownKeys: .warn).readsBeyondExactKeys)
    }

    @Test func exactKeysByStringAndByBytesAgree() {
        let keys = KeyMatcher(
            [["id"], ["name", "title"], ["a_long_key_of_many_words"], [""], ["idx"]], matching: .exact, unknownKeys: .ignore)
        let expected: [String: Int?] = [
            "id": 0, "name": 1, "title": 5, "a_long_key_of_many_words": 2, "": 3, "idx": 4,
            "ID": nil, "i": nil, "names": nil, "a_long_key_of_many_wordz": nil, "nom": nil,
        ]
        for (key, position) in expected {
            let answer = answers(keys, key)
            #expect(answer.exact == position, "\(key)")
            #expect(answer.loose == nil, "\(key): .exact matches nothing loosely")
        }
        #expect(keys.reads("title"))
        #expect(!keys.reads("ID"))
    }

    @Test func keysAreEqualAsSwiftStringsAre() {
        // U+212A KELVIN SIGN is canonically equivalent to "K", on either side.
        let ascii = KeyMatcher([["Key"], ["count"]], matching: .exact, unknownKeys: .ignore)
        #expect(answers(ascii, "\u{212A}ey").exact == 0)
        let kelvin = KeyMatcher([["\u{212A}ey"], ["count"]], matching: .exact, unknownKeys: .ignore)
        #expect(kelvin.hasNonASCIIKey)
        #expect(answers(kelvin, "Key").exact == 0)
        // "é" as one scalar or as "e" and a combining accent.
        let accented = KeyMatcher([["café"]], matching: .exact, unknownKeys: .ignore)
        #expect(answers(accented, "cafe\u{301}").exact == 0)
        #expect(answers(accented, "cafe").exact == nil)
    }

    @Test func looseMatchesByStringAndByBytesAgree() {
        let caseless = KeyMatcher([["userName"], ["ÉTÉ"], ["id"]], matching: .caseInsensitive, unknownKeys: .ignore)
        #expect(answers(caseless, "USERNAME").loose == 0)
        #expect(answers(caseless, "été").loose == 1)
        #expect(answers(caseless, "user_name").loose == nil)
        #expect(answers(caseless, "Id").loose == 2)

        let separators = KeyMatcher(
            [["startDate"], ["end", "finish_date"], ["x"]], matching: .ignoringCaseAndSeparators, unknownKeys: .fail)
        for (key, entry) in [
            ("start_date", 0), ("Start-Date", 0), ("START DATE", 0), ("_start__date_", 0), ("FinishDate", 1), ("END", 1),
            ("X", 2), ("_x_", 2),
        ] {
            #expect(answers(separators, key).loose == entry, "\(key)")
        }
        for key in ["start", "startDates", "", "__", "y"] {
            #expect(answers(separators, key) == (nil, nil) as (Int?, Int?), "\(key)")
            #expect(!separators.reads(key), "\(key)")
        }
        // Unicode case folding as `lowercased()` has it: the Kelvin sign reads as "k".
        let kelvin = KeyMatcher([["\u{212A}ey"]], matching: .caseInsensitive, unknownKeys: .ignore)
        #expect(answers(kelvin, "KEY").loose == 0)
        #expect(answers(kelvin, "key").loose == 0)
    }

    @Test func aKeyThatReadsWhatAnEarlierOneReadsIsAConflictOfItsEntry() {
        let exact = KeyMatcher([["a", "b"], ["b"], ["c", "c"], ["Name"], ["name"]], matching: .exact, unknownKeys: .ignore)
        #expect(exact.conflicts == [nil, .duplicateKey("b"), .duplicateKey("c"), nil, nil])
        let caseless = KeyMatcher([["Name"], ["x", "name"], ["NAME"]], matching: .caseInsensitive, unknownKeys: .ignore)
        #expect(
            caseless.conflicts == [
                nil, .keysMatchTheSame("Name", "name", .caseInsensitive), .keysMatchTheSame("Name", "NAME", .caseInsensitive),
            ])
        // The first entry keeps the key: "name" reads entry 0.
        #expect(caseless.looseEntry(of: "nAmE") == 0)
        let separators = KeyMatcher([["start_date"], ["startDate"]], matching: .ignoringCaseAndSeparators, unknownKeys: .ignore)
        #expect(separators.conflicts == [nil, .keysMatchTheSame("start_date", "startDate", .ignoringCaseAndSeparators)])
        // Entries that map indices have no keys, and no conflict.
        #expect(KeyMatcher([[], [], ["a"]], matching: .exact, unknownKeys: .ignore).conflicts == [nil, nil, nil])
    }
}

import Testing

@testable import PropertyMapper

extension RegexProgram.ScalarSet {
    /// The set of one class escape, such as `\d`.
    static func escape(_ escape: Escapes) -> Self {
        Self(escapes: escape)
    }
}

/// The scalars one state accepts: ranges, class escapes and negation; nil for a scalar newer than the
/// Unicode version whose `\d` and `\w` ICU and Swift agree on.
@Suite struct RegexScalarSetTests {
    typealias ScalarSet = RegexProgram.ScalarSet

    @Test func rangesAndNegation() {
        let lower = ScalarSet(ranges: [0x61...0x7A])
        #expect(lower.contains(0x61) == true && lower.contains(0x7A) == true)
        #expect(lower.contains(0x41) == false)
        var negated = lower
        negated.isNegated = true
        #expect(negated.contains(0x61) == false && negated.contains(0x41) == true)
    }

    @Test func theDotAcceptsAllButLineTerminators() {
        for terminator: UInt32 in [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029] {
            #expect(ScalarSet.dot.contains(terminator) == false, "\(terminator)")
        }
        #expect(ScalarSet.dot.contains(0x09) == true)
        #expect(ScalarSet.dot.contains(0x1F600) == true)
    }

    @Test func classEscapes() {
        #expect(ScalarSet.escape(.digit).contains(0x37) == true)
        #expect(ScalarSet.escape(.digit).contains(0x0663) == true)  // ARABIC-INDIC DIGIT THREE
        #expect(ScalarSet.escape(.nonDigit).contains(0x37) == false)
        #expect(ScalarSet.escape(.word).contains(0x5F) == true)  // _
        #expect(ScalarSet.escape(.word).contains(0x0301) == true)  // a combining mark
        #expect(ScalarSet.escape(.word).contains(0x200D) == true)  // ZERO WIDTH JOINER
        #expect(ScalarSet.escape(.nonWord).contains(0x2D) == true)
        #expect(ScalarSet.escape(.space).contains(0x3000) == true)
        #expect(ScalarSet.escape(.space).contains(0x200B) == false)  // ZERO WIDTH SPACE is not white space
        #expect(ScalarSet.escape([.space, .digit]).contains(0x20) == true)
        #expect(ScalarSet.escape(.nonSpace).contains(0x20) == false)
    }

    @Test func escapesThatDependOnTheUnicodeVersionAreUndecidedForNewerScalars() {
        // U+1FAE8 (SHAKING FACE) is from Unicode 15.0, the newest version both agree on.
        #expect(ScalarSet.escape(.word).contains(0x1FAE8) == false)
        #expect(ScalarSet.escape(.word).contains(0x0378) == nil)  // unassigned: no age…
        #expect(ScalarSet.escape(.digit).contains(0x0378) == nil)
        #expect(ScalarSet.escape(.space).contains(0x0378) == false)  // …but white space is fixed
        #expect(ScalarSet(ranges: [0x0378...0x0378]).contains(0x0378) == true)  // a range needs no version
    }
}

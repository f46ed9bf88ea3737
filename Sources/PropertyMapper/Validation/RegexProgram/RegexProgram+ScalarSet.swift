extension RegexProgram {
    /// The scalars one state consumes: literal ranges plus ICU's class escapes, possibly negated.
    struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var escapes: Escapes = []
        var isNegated = false

        struct Escapes: OptionSet, Sendable {
            let rawValue: UInt8
            static let digit = Escapes(rawValue: 1 << 0)
            static let nonDigit = Escapes(rawValue: 1 << 1)
            static let word = Escapes(rawValue: 1 << 2)
            static let nonWord = Escapes(rawValue: 1 << 3)
            static let space = Escapes(rawValue: 1 << 4)
            static let nonSpace = Escapes(rawValue: 1 << 5)
            /// The escapes whose members change as Unicode assigns new scalars.
            static let versioned: Escapes = [.digit, .nonDigit, .word, .nonWord]
        }

        static func scalar(_ value: UInt32) -> Self {
            ScalarSet(ranges: [value...value])
        }

        /// `.` without options: any scalar but ICU's line terminators, the same seven `$` looks for.
        static let dot = ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029], isNegated: true)

        /// Whether the set holds `value`; nil when that depends on `\d` or `\w` for a scalar newer than Unicode 15.0.
        func contains(_ value: UInt32) -> Bool? {
            // Each escape pair holds a scalar by whether it has the property: `\s` if it does, `\S` if not.
            var member = ranges.contains { $0.contains(value) } || escapes.contains(Self.isWhiteSpace(value) ? .space : .nonSpace)
            if !member, !escapes.isDisjoint(with: .versioned) {
                guard let scalar = Unicode.Scalar(value), Self.isDated(scalar) else { return nil }
                member =
                    escapes.contains(scalar.properties.generalCategory == .decimalNumber ? .digit : .nonDigit)
                    || escapes.contains(Self.isWord(scalar) ? .word : .nonWord)
            }
            return member != isNegated
        }

        /// ICU's `\s`: the White_Space property, stable since Unicode 6.3.
        static func isWhiteSpace(_ value: UInt32) -> Bool {
            switch value {
            case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }

        /// ICU's `\w`: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200c\u200d]`.
        static func isWord(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
            default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
            }
        }

        /// Whether Unicode 15.0, known to both this standard library and NSRegularExpression's ICU, had assigned
        /// the scalar; for later ones `\d` and `\w` membership is left to ICU.
        static func isDated(_ scalar: Unicode.Scalar) -> Bool {
            guard let age = scalar.properties.age else { return false }
            return age.major < 15 || age.major == 15 && age.minor == 0
        }
    }
}

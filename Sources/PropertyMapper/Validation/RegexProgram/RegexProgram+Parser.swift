extension RegexProgram {
    /// Thrown for anything outside the subset; the caller falls back to NSRegularExpression.
    struct Unsupported: Error {}

    /// A recursive-descent parser that refuses whatever it does not read exactly as ICU does.
    struct Parser {
        private let scalars: [Unicode.Scalar]
        private var position = 0
        private var depth = 0

        init(_ pattern: String) {
            scalars = Array(pattern.unicodeScalars)
        }

        mutating func parse() throws(Unsupported) -> Node {
            let node = try alternation()
            guard position == scalars.count else { throw Unsupported() }  // a stray `)`
            return node
        }

        private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        private func peek(_ ahead: Int) -> Unicode.Scalar? {
            position + ahead < scalars.count ? scalars[position + ahead] : nil
        }

        private mutating func next() throws(Unsupported) -> Unicode.Scalar {
            guard let scalar = peek else { throw Unsupported() }
            position += 1
            return scalar
        }

        /// Skips `scalar` if it comes next.
        private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            position += 1
            return true
        }

        private mutating func alternation() throws(Unsupported) -> Node {
            var branches = [try sequence()]
            while consume("|") {
                branches.append(try sequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func sequence() throws(Unsupported) -> Node {
            var items: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                let (atom, quantifiable) = try atom()
                if let (min, max, isLazy) = try quantifier() {
                    // ICU accepts `^*` and `$*`; no need to copy that. A lazy loop whose body can match
                    // the empty string misses matches in ICU: `(?:()+?a)?b` finds nothing in "b".
                    guard quantifiable, !(isLazy && atom.canBeEmpty) else { throw Unsupported() }
                    items.append(.loop(atom, min: min, max: max))
                } else {
                    items.append(atom)
                }
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        /// One atom, and whether a quantifier may follow it.
        private mutating func atom() throws(Unsupported) -> (Node, Bool) {
            let scalar = try next()
            switch scalar {
            case "(":
                if consume("?") {
                    guard try next() == ":" else { throw Unsupported() }  // lookaround, flags, named groups, comments
                }
                depth += 1
                guard depth <= RegexProgram.maximumNesting else { throw Unsupported() }
                let inner = try alternation()
                guard try next() == ")" else { throw Unsupported() }
                depth -= 1
                return (inner, true)
            case "[":
                return (.set(try characterClass()), true)
            case ".":
                return (.set(.dot), true)
            case "^":
                return (.anchor(.start), false)
            case "$":
                return (.anchor(.dollar), false)
            case "\\":
                let escaped = try next()
                switch escaped {
                case "A": return (.anchor(.start), false)
                case "Z": return (.anchor(.dollar), false)
                case "z": return (.anchor(.end), false)
                default:
                    if let escape = Self.classEscape(escaped) { return (.set(ScalarSet(escapes: escape)), true) }
                    return (.set(.scalar(try Self.literalEscape(escaped))), true)
                }
            case "*", "+", "?", "{", "}", "]", ")", "|", "\0":
                // Nothing to repeat is an error; ICU reads a lone `]` as a literal but rejects `}`: not worth the doubt.
                throw Unsupported()
            default:
                return (.set(.scalar(scalar.value)), true)
            }
        }

        /// `* + ? {n} {n,} {n,m}` and whether a lazy `?` follows; possessive and stacked quantifiers are refused.
        private mutating func quantifier() throws(Unsupported) -> (Int, Int?, Bool)? {
            let bounds: (Int, Int?)
            switch peek {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                position += 1
                let min = try number()
                var max: Int? = min
                if consume(",") {
                    max = peek == "}" ? nil : try number()
                }
                guard peek == "}" else { throw Unsupported() }
                if let max, max < min { throw Unsupported() }
                bounds = (min, max)
            default:
                return nil
            }
            position += 1
            let isLazy = consume("?")
            if let scalar = peek, "*+?{".unicodeScalars.contains(scalar) { throw Unsupported() }
            return (bounds.0, bounds.1, isLazy)
        }

        private mutating func number() throws(Unsupported) -> Int {
            let start = position
            var value = 0
            while let scalar = peek, ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 48)
                position += 1
                guard value <= RegexProgram.maximumInstructions else { throw Unsupported() }
            }
            guard position > start else { throw Unsupported() }
            return value
        }

        /// A class after its `[`; whatever could start ICU's richer sets (`[:alpha:]`, nesting, `&&`, `--`) or an odd `-` is refused.
        private mutating func characterClass() throws(Unsupported) -> ScalarSet {
            var set = ScalarSet(isNegated: consume("^"))
            // `[]…]` holds a `]`, and `[:alpha:]` is a POSIX class even at the top level.
            if peek == "]" || peek == ":" { throw Unsupported() }
            if consume("-") {
                guard peek != "-" else { throw Unsupported() }
                set.ranges.append(0x2D...0x2D)
            }
            while true {
                let scalar = try next()
                switch scalar {
                case "]":
                    return set
                case "[", "\0":
                    throw Unsupported()
                case "-":
                    // Only a trailing `-` is literal here; elsewhere it would follow a range or an escape.
                    guard peek == "]" else { throw Unsupported() }
                    set.ranges.append(0x2D...0x2D)
                case "&" where peek == "&":
                    throw Unsupported()
                case "\\":
                    let escaped = try next()
                    if let escape = Self.classEscape(escaped) {
                        guard peek != "-" || peek(1) == "]" else { throw Unsupported() }
                        set.escapes.insert(escape)
                    } else {
                        set.ranges.append(try rangeOrLiteral(from: try Self.literalEscape(escaped)))
                    }
                default:
                    set.ranges.append(try rangeOrLiteral(from: scalar.value))
                }
            }
        }

        /// `lower` alone, or `lower-upper` when a `-` that does not end the class follows.
        private mutating func rangeOrLiteral(from lower: UInt32) throws(Unsupported) -> ClosedRange<UInt32> {
            guard peek == "-", let after = peek(1), after != "]" else { return lower...lower }
            position += 1
            let upper: UInt32
            switch try next() {
            case "\\":
                upper = try Self.literalEscape(try next())  // a class escape such as `\d` is a letter: refused
            case "[", "-", "&", "\0":
                throw Unsupported()
            case let scalar:
                upper = scalar.value
            }
            guard lower <= upper else { throw Unsupported() }
            // `[a-c-x]` is legal ICU, but what it means is not worth the doubt.
            if peek == "-", peek(1) != "]" { throw Unsupported() }
            return lower...upper
        }

        private static func classEscape(_ scalar: Unicode.Scalar) -> ScalarSet.Escapes? {
            switch scalar {
            case "d": .digit
            case "D": .nonDigit
            case "w": .word
            case "W": .nonWord
            case "s": .space
            case "S": .nonSpace
            default: nil
            }
        }

        /// A literal escape's scalar: ICU's named controls, or ASCII punctuation and space (letters and digits mean other things).
        private static func literalEscape(_ scalar: Unicode.Scalar) throws(Unsupported) -> UInt32 {
            switch scalar {
            case "t": return 0x09
            case "n": return 0x0A
            case "f": return 0x0C
            case "r": return 0x0D
            case "a": return 0x07
            case "e": return 0x1B
            default:
                let isLetterOrDigit = ("0"..."9").contains(scalar) || ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
                guard (0x20...0x7E).contains(scalar.value), !isLetterOrDigit else { throw Unsupported() }
                return scalar.value
            }
        }
    }
}

/// A `Numeric & Comparable` type that is neither an integer, a floating-point type nor `Decimal`:
/// the number validators accept it at compile time and report it as a definition error.
struct TallyMarks: Numeric, Comparable, Sendable {
    var count: Int

    init(_ count: Int) { self.count = count }
    init(integerLiteral value: Int) { count = value }
    init?<Source: BinaryInteger>(exactly source: Source) {
        guard let count = Int(exactly: source) else { return nil }
        self.count = count
    }

    var magnitude: TallyMarks { TallyMarks(count.magnitude > UInt(Int.max) ? Int.max : Int(count.magnitude)) }

    static func + (lhs: TallyMarks, rhs: TallyMarks) -> TallyMarks { TallyMarks(lhs.count + rhs.count) }
    static func - (lhs: TallyMarks, rhs: TallyMarks) -> TallyMarks { TallyMarks(lhs.count - rhs.count) }
    static func * (lhs: TallyMarks, rhs: TallyMarks) -> TallyMarks { TallyMarks(lhs.count * rhs.count) }
    static func *= (lhs: inout TallyMarks, rhs: TallyMarks) { lhs = lhs * rhs }
    static func < (lhs: TallyMarks, rhs: TallyMarks) -> Bool { lhs.count < rhs.count }
}

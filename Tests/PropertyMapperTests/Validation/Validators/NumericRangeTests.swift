import Foundation
import PropertyMapper
import Testing

@Suite struct NumericRangeTests {
    struct Reading: Equatable {
        var score: Double?
        var count: Int?
        var big: UInt64?
        var small: Int8?
    }

    struct Loose {
        var raw: Any?
    }

    static func map(
        _ source: [String: Any],
        _ mapping: Mapping<Reading>,
        from start: Reading = Reading(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (reading: Reading, errors: [ValidationError]) {
        var reading = start
        do throws(MappingError) {
            try Mapper.mapValues(from: source, to: &reading, using: mapping)
        } catch {
            #expect(reading == start, "nothing is written after a failure", sourceLocation: sourceLocation)
            return (reading, error.errors)
        }
        return (reading, [])
    }

    /// A source number, as an integer or a floating-point literal.
    enum Number: Sendable, CustomTestStringConvertible {
        case int(Int)
        case double(Double)

        var value: Any {
            switch self {
            case let .int(value): value
            case let .double(value): value
            }
        }

        var testDescription: String {
            switch self {
            case let .int(value): "\(value)"
            case let .double(value): "\(value)"
            }
        }
    }

    /// Every spelling of the number validators, with values on both sides of each bound.
    enum Bound: String, CaseIterable, Sendable {
        case minInt, minDouble, maxInt, maxDouble
        case rangeInt, rangeIntSwapped, rangeIntClosed
        case rangeDouble, rangeDoubleSwapped, rangeDoubleClosed

        func apply(_ descriptor: PropertyDescriptor<Reading>) -> PropertyDescriptor<Reading> {
            switch self {
            case .minInt: descriptor.min(2)
            case .minDouble: descriptor.min(2.5)
            case .maxInt: descriptor.max(2)
            case .maxDouble: descriptor.max(2.5)
            case .rangeInt: descriptor.range(1, 5)
            case .rangeIntSwapped: descriptor.range(5, 1)
            case .rangeIntClosed: descriptor.range(1...5)
            case .rangeDouble: descriptor.range(1.5, 4.5)
            case .rangeDoubleSwapped: descriptor.range(4.5, 1.5)
            case .rangeDoubleClosed: descriptor.range(1.5...4.5)
            }
        }

        var rule: String {
            switch self {
            case .minInt, .minDouble: "min"
            case .maxInt, .maxDouble: "max"
            default: "range"
            }
        }

        var accepted: [Number] {
            switch self {
            case .minInt: [.int(2), .int(3), .double(2.0), .double(2.7), .int(Int.max)]
            case .minDouble: [.double(2.5), .int(3), .double(1e300)]
            case .maxInt: [.int(2), .int(-7), .double(2.0), .double(1.9999), .int(Int.min)]
            case .maxDouble: [.double(2.5), .int(2), .double(-1e300)]
            case .rangeInt, .rangeIntSwapped, .rangeIntClosed: [.int(1), .int(5), .double(3.5), .double(1.0), .double(5.0)]
            case .rangeDouble, .rangeDoubleSwapped, .rangeDoubleClosed: [.double(1.5), .double(4.5), .int(2), .int(4)]
            }
        }

        var rejected: [Number] {
            switch self {
            case .minInt: [.int(1), .double(1.9999), .int(-3), .int(Int.min)]
            case .minDouble: [.int(2), .double(2.4999), .double(-2.5)]
            // 2.7 is not truncated to 2.
            case .maxInt: [.int(3), .double(2.7), .double(2.0000001), .int(Int.max)]
            case .maxDouble: [.int(3), .double(2.5000001)]
            case .rangeInt, .rangeIntSwapped, .rangeIntClosed: [.int(0), .int(6), .double(0.9), .double(5.5), .int(-1)]
            case .rangeDouble, .rangeDoubleSwapped, .rangeDoubleClosed: [.int(1), .int(5), .double(1.4999), .double(4.6)]
            }
        }
    }

    @Test(arguments: Bound.allCases, SourceForm.allCases)
    func acceptsNumbersWithinBounds(bound: Bound, form: SourceForm) throws {
        let mapping: Mapping<Reading> = ["score": bound.apply(.property(\.score))]
        for number in bound.accepted {
            let result = Self.map(try form(["score": number.value]), mapping)
            #expect(result.errors.isEmpty, "\(number.testDescription)")
            #expect(result.reading.score != nil, "\(number.testDescription)")
        }
    }

    @Test(arguments: Bound.allCases, SourceForm.allCases)
    func rejectsNumbersOutsideBounds(bound: Bound, form: SourceForm) throws {
        let mapping: Mapping<Reading> = ["score": bound.apply(.property(\.score))]
        for number in bound.rejected {
            let result = Self.map(try form(["score": number.value]), mapping)
            #expect(result.errors.map(\.rule) == [bound.rule], "\(number.testDescription)")
            #expect(result.errors.map(\.path) == ["score"])
            #expect(result.errors.map(\.property) == ["score"])
        }
    }

    @Test func reportsTheSourceValue() {
        let mapping: Mapping<Reading> = [
            "count": .property(\.count).range(1, 5),
            "score": .property(\.score).max(2),
        ]
        let errors = Self.map(["count": 9, "score": 2.7], mapping).errors
        #expect(errors.map(\.value) == ["9", "2.7"])
        #expect(errors.map(\.rule) == ["range", "max"])
    }

    @Test func passesOnAbsentAndNull() {
        let mapping: Mapping<Reading> = [
            "score": .property(\.score).min(1).max(2).range(1, 2),
            "count": .property(\.count).range(1.5...2.5),
        ]
        let start = Reading(score: 9, count: 9)
        let absent = Self.map([:], mapping, from: start)
        #expect(absent.errors.isEmpty)
        #expect(absent.reading == start)
        let null = Self.map(["score": NSNull(), "count": NSNull()], mapping, from: start)
        #expect(null.errors.isEmpty)
        #expect(null.reading == Reading())
    }

    // MARK: Exact comparison of large integers

    @Test(arguments: SourceForm.allCases)
    func int64MaxAgainstDoubleBounds(form: SourceForm) throws {
        // 2^63 as a Double is one more than Int64.max; a comparison through Double would call them equal.
        let twoToThe63 = 9_223_372_036_854_775_808.0
        let record = try form(["count": Int.max])
        #expect(Self.map(record, ["count": .property(\.count).max(twoToThe63)]).errors.isEmpty)
        #expect(Self.map(record, ["count": .property(\.count).min(twoToThe63)]).errors.map(\.rule) == ["min"])
        #expect(Self.map(record, ["count": .property(\.count).max(Int.max - 1)]).errors.map(\.rule) == ["max"])
        #expect(Self.map(record, ["count": .property(\.count).range(0, Int.max)]).errors.isEmpty)
        let lowest = try form(["count": Int.min])
        #expect(Self.map(lowest, ["count": .property(\.count).min(-twoToThe63).max(-twoToThe63)]).errors.isEmpty)
        let aboveLowest = try form(["count": Int.min + 1])
        #expect(Self.map(aboveLowest, ["count": .property(\.count).max(-twoToThe63)]).errors.map(\.rule) == ["max"])
    }

    @Test(arguments: SourceForm.allCases)
    func uint64MaxAgainstBounds(form: SourceForm) throws {
        // 2^64 as a Double is one more than UInt64.max.
        let twoToThe64 = 18_446_744_073_709_551_616.0
        let record = try form(["big": UInt64.max])
        #expect(Self.map(record, ["big": .property(\.big).max(twoToThe64)]).reading.big == UInt64.max)
        #expect(Self.map(record, ["big": .property(\.big).min(twoToThe64)]).errors.map(\.rule) == ["min"])
        #expect(Self.map(record, ["big": .property(\.big).max(UInt64.max - 1)]).errors.map(\.rule) == ["max"])
        #expect(Self.map(record, ["big": .property(\.big).min(UInt64.max)]).errors.isEmpty)
        #expect(Self.map(record, ["big": .property(\.big).max(Int64.max)]).errors.map(\.rule) == ["max"])
        #expect(Self.map(record, ["big": .property(\.big).range(UInt64(Int64.max), UInt64.max)]).errors.isEmpty)
    }

    @Test(arguments: SourceForm.allCases)
    func integersBeyondDoublePrecisionCompareExactly(form: SourceForm) throws {
        // 2^53 + 1 has no Double of its own: it rounds to 2^53.
        let record = try form(["count": 9_007_199_254_740_993])
        #expect(Self.map(record, ["count": .property(\.count).max(9_007_199_254_740_992.0)]).errors.map(\.rule) == ["max"])
        #expect(Self.map(record, ["count": .property(\.count).min(9_007_199_254_740_994.0)]).errors.map(\.rule) == ["min"])
        #expect(Self.map(record, ["count": .property(\.count).range(9_007_199_254_740_993, 9_007_199_254_740_993)]).errors.isEmpty)
    }

    @Test func integersWiderThan64BitsCompareExactly() throws {
        let huge = "100000000000000000000"
        let parsed = try #require(Fixtures.parse(#"{"raw": \#(huge)}"#) as? [String: Any])
        let literal: [String: Any] = ["raw": try #require(Decimal(string: huge))]
        for record in [parsed, literal] {
            let check = { (mapping: Mapping<Loose>) in Mapper.validate(record, for: Loose(), using: mapping) }
            #expect(check(["raw": .property(\.raw).min(0)]).isEmpty)
            #expect(check(["raw": .property(\.raw).max(1e21)]).isEmpty)
            #expect(check(["raw": .property(\.raw).max(UInt64.max)]).map(\.rule) == ["max"])
            #expect(check(["raw": .property(\.raw).min(1e21)]).map(\.rule) == ["min"])
            let errors = check(["raw": .property(\.raw).range(0, 10)])
            #expect(errors.map(\.rule) == ["range"])
            #expect(errors.map(\.value) == [huge])
        }
        let negative = try #require(Fixtures.parse(#"{"raw": -\#(huge)}"#) as? [String: Any])
        #expect(Mapper.validate(negative, for: Loose(), using: ["raw": .property(\.raw).min(Int64.min)]).map(\.rule) == ["min"])
        #expect(Mapper.validate(negative, for: Loose(), using: ["raw": .property(\.raw).max(-1e19)]).isEmpty)
    }

    @Test func integersWiderThan64BitsAgainstBoundsBeyondDecimalsRange() throws {
        // 1e300 is far beyond what Decimal holds (about 3.4e165); the comparison must still be exact.
        let record = try #require(Fixtures.parse(#"{"raw": 100000000000000000000, "negative": -100000000000000000000}"#) as? [String: Any])
        let rules = { (mapping: Mapping<Loose>) in Mapper.validate(record, for: Loose(), using: mapping).map(\.rule) }
        #expect(rules(["raw": .property(\.raw).max(1e300)]).isEmpty)
        #expect(rules(["raw": .property(\.raw).min(1e300)]) == ["min"])
        #expect(rules(["raw": .property(\.raw).range(-1e300, 1e300)]).isEmpty)
        #expect(rules(["negative": .property(\.raw).min(-1e300)]).isEmpty)
        #expect(rules(["negative": .property(\.raw).max(-1e300)]) == ["max"])
        #expect(rules(["negative": .property(\.raw).range(-1e300, 1e300)]).isEmpty)
    }

    // MARK: Bounds of every numeric type

    @Test(arguments: SourceForm.allCases)
    func boundsOfOtherNumericTypes(form: SourceForm) throws {
        // One generic overload per spelling takes every integer and floating-point type, and Decimal.
        let record = try form(["count": 7, "score": 2.5])
        let limit: Int8 = 7
        #expect(Self.map(record, ["count": .property(\.count).max(limit).min(UInt16(7))]).errors.isEmpty)
        #expect(Self.map(record, ["count": .property(\.count).max(Int32(6))]).errors.map(\.rule) == ["max"])
        #expect(Self.map(record, ["score": .property(\.score).range(Float(2.5), Float(3))]).errors.isEmpty)
        #expect(Self.map(record, ["score": .property(\.score).min(Float(2.75))]).errors.map(\.rule) == ["min"])
        let decimal = try #require(Decimal(string: "2.5"))
        #expect(Self.map(record, ["score": .property(\.score).min(decimal).max(decimal)]).errors.isEmpty)
        #expect(Self.map(record, ["count": .property(\.count).range(Decimal(8)...Decimal(9))]).errors.map(\.rule) == ["range"])
        #expect(Self.map(record, ["score": .property(\.score).max(try #require(Decimal(string: "2.49")))]).errors.map(\.rule) == ["max"])
    }

    @Test(arguments: SourceForm.allCases)
    func aFloatBoundIsTheNumberItStandsFor(form: SourceForm) throws {
        // `Float(4.7)` widens to 4.699999809…; the bound is 4.7, as a Float read from a source is.
        let limit: Float = 4.7
        let record = try form(["score": 4.7])
        #expect(Self.map(record, ["score": .property(\.score).max(limit)]).errors.isEmpty)
        #expect(Self.map(record, ["score": .property(\.score).range(Float(0.1), limit)]).errors.isEmpty)
        let over = Self.map(try form(["score": 4.71]), ["score": .property(\.score).max(limit)]).errors
        #expect(over.map(\.rule) == ["max"])
        #expect(over.first?.message == "out of bounds, expected at most 4.7")
        // A Float an NSDictionary holds, in an NSNumber, likewise.
        #expect(Self.map(["score": NSNumber(value: limit)], ["score": .property(\.score).max(4.7)]).errors.isEmpty)
    }

    @Test func decimalBoundsBeyond64BitsCompareExactly() throws {
        let huge = try #require(Decimal(string: "100000000000000000000"))
        let record = try #require(Fixtures.parse(#"{"raw": 100000000000000000001}"#) as? [String: Any])
        let check = { (mapping: Mapping<Loose>) in Mapper.validate(record, for: Loose(), using: mapping).map(\.rule) }
        #expect(check(["raw": .property(\.raw).min(huge)]).isEmpty)
        #expect(check(["raw": .property(\.raw).max(huge)]) == ["max"])
        #expect(check(["raw": .property(\.raw).range(huge, huge + 1)]).isEmpty)
    }

    /// A decimal with a fraction compares by its digits, against a `Decimal`, an integer or a `Double` (as written).
    @Test func decimalFractionsCompareByTheirDigits() throws {
        struct Priced {
            var price = Decimal(0)
            var total: Decimal?
        }
        let tenth = try #require(Decimal(string: "0.1"))
        let nearTenth = try #require(Decimal(string: "0.10000000000000001"))
        let check = { (source: [String: Any], mapping: Mapping<Priced>) in
            Mapper.validate(source, for: Priced(), using: mapping).map(\.rule)
        }
        #expect(check(["price": "0.10000000000000001"], ["price": .box(.decimal, \.price).max(tenth)]) == ["max"])
        #expect(check(["price": "0.1"], ["price": .box(.decimal, \.price).min(nearTenth)]) == ["min"])
        #expect(check(["price": "0.10000000000000001"], ["price": .box(.decimal, \.price).max(0.1)]) == ["max"])
        #expect(check(["price": "0.1"], ["price": .box(.decimal, \.price).range(0.1, 0.1).equalTo(0.1)]).isEmpty)
        #expect(check(["price": "3.0000000000000000001"], ["price": .box(.decimal, \.price).max(3)]) == ["max"])
        #expect(check(["price": "-0.5"], ["price": .box(.decimal, \.price).min(-1).max(0)]).isEmpty)
        let range: Mapping<Priced> = ["total": .property(\.total).range(Decimal(0), try #require(Decimal(string: "100000000000000000000")))]
        var priced = Priced()
        #expect(throws: MappingError.self) {
            try Mapper.mapValues(fromJSON: #"{"total": 100000000000000000000.5}"#, to: &priced, using: range)
        }
        #expect(priced.total == nil)
    }

    @Test func literalBoundsMixingIntegersAndFractions() {
        // `range(0, 99.5)` and `range(-90, 90.5)`: one bound type, the floating-point one.
        let mapping: Mapping<Reading> = [
            "score": .property(\.score).range(0, 99.5).range(-90, 90.5).min(0).max(100)
        ]
        #expect(Self.map(["score": 90.5], mapping).errors.isEmpty)
        #expect(Self.map(["score": 90.75], mapping).errors.map(\.rule) == ["range"])
        #expect(Self.map(["score": -0.5], mapping).errors.map(\.rule) == ["range", "min"])
    }

    @Test func aNumericTypeThatIsNotANumberItComparesIsADefinitionError() {
        let mapping: Mapping<Reading> = [
            "a": .property(\.count).min(TallyMarks(1)),
            "b": .property(\.count).range(TallyMarks(1), TallyMarks(5)),
            "c": .property(\.count).range(TallyMarks(1)...TallyMarks(5)),
        ]
        #expect(mapping.definitionErrors.map(\.rule) == ["mapping", "mapping", "mapping"])
        #expect(mapping.definitionErrors.map(\.path) == ["a", "b", "c"])
        #expect(mapping.definitionErrors.allSatisfy { $0.message.contains("TallyMarks") })
        // Thrown alone by every use, before the data is read.
        #expect(Self.map(["a": 3], mapping).errors.map(\.path) == ["a", "b", "c"])
    }

    // MARK: Values a number validator cannot judge

    @Test func nanFromALiteralFailsEveryNumberValidator() {
        let mapping: Mapping<Loose> = [
            "raw": .property(\.raw).min(0).max(0.5).range(-1e308, 1e308)
        ]
        let errors = Mapper.validate(["raw": Double.nan], for: Loose(), using: mapping)
        #expect(errors.map(\.rule) == ["min", "max", "range"])
        #expect(errors.map(\.path) == ["raw", "raw", "raw"])
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumberIntoADoubleIsOneTypeError(number: Double) {
        let mapping: Mapping<Reading> = ["score": .property(\.score).min(0).max(1)]
        let errors = Self.map(["score": number], mapping).errors
        #expect(errors.map(\.rule) == ["type"])
    }

    @Test(arguments: SourceForm.allCases)
    func stringsAndBooleansFailWithTheRuleName(form: SourceForm) throws {
        let mapping: Mapping<Loose> = [
            "raw": .property(\.raw).min(0),
            "other": .property(\.raw).max(10),
            "third": .property(\.raw).range(0...1),
        ]
        let record = try form(["raw": "5", "other": true, "third": false])
        let errors = Mapper.validate(record, for: Loose(), using: mapping)
        #expect(errors.map(\.rule) == ["min", "max", "range"])
        #expect(errors.map(\.path) == ["raw", "other", "third"])
        #expect(errors.map(\.value) == [#""5""#, "true", "false"])
    }

    @Test(arguments: SourceForm.allCases)
    func containersFailWithTheRuleName(form: SourceForm) throws {
        let mapping: Mapping<Loose> = ["raw": .property(\.raw).range(0, 9)]
        #expect(Mapper.validate(try form(["raw": [1]]), for: Loose(), using: mapping).map(\.rule) == ["range"])
        #expect(Mapper.validate(try form(["raw": ["a": 1]]), for: Loose(), using: mapping).map(\.rule) == ["range"])
    }

    @Test(arguments: SourceForm.allCases)
    func wrongPropertyTypeIsOneTypeErrorOnly(form: SourceForm) throws {
        let mapping: Mapping<Reading> = [
            "count": .property(\.count).min(1).max(5),
            "small": .property(\.small).range(0, 1000),
        ]
        let errors = Self.map(try form(["count": "4", "small": 300]), mapping).errors
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(errors.map(\.path) == ["count", "small"])
        let boolean = Self.map(try form(["count": true]), mapping).errors
        expectOnlyError(boolean, path: "count", property: "count", rule: "type", value: "true")
    }
}

import Foundation
import PropertyMapper
import Testing

/// Numbers too long for a `Double` to hold exactly that have a fraction are not integers.
@Suite struct WideFractionTests {
    struct Counter {
        var count: UInt64 = 0
        var signed: Int = 0
    }

    static let mapping: Mapping<Counter> = ["count": .property(\.count), "signed": .property(\.signed)]

    @Test(arguments: ["92233720368547758.8", "12345678901234567890.5", "-1234567890123456789.25"])
    func aLongNumberWithAFractionIsNotAnInteger(number: String) {
        var counter = Counter()
        let json = #"{"count": \#(number), "signed": \#(number)}"#
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(fromJSON: json, to: &counter, using: Self.mapping) }
        #expect(error?.errors.map(\.rule) == ["type", "type"])
        #expect(counter.count == 0 && counter.signed == 0)
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect(Mapper.validate(parsed, for: Counter(), using: Self.mapping).map(\.rule) == ["type", "type"])
    }
}

/// A fraction of more significant digits than a `Decimal` holds (38), and one whose digits a `Double` does not keep,
/// is judged by every digit wherever it stands: a field, an array's element, a dictionary's value, a feed's record.
@Suite struct LongFractionTests {
    struct Record: Mappable {
        var int = 0
        var small: Int8 = 0
        var unsigned: UInt64 = 0
        var ints: [Int] = []
        var byName: [String: Int] = [:]
        var score = 0.0
        var scores: [Double] = []
        var level = 0

        static let mapping: Mapping<Record> = [
            "int": .property(\.int), "small": .property(\.small), "unsigned": .property(\.unsigned), "ints": .property(\.ints),
            "byName": .property(\.byName), "score": .property(\.score).range(0, 5), "scores": .property(\.scores),
            "level": .property(\.level).min(0),
        ]
    }

    /// Forty zeros and a one after the point: 42 significant digits, which `Decimal(string:)` cuts to a whole number.
    static let tail = String(repeating: "0", count: 40) + "1"

    static let notWhole = [
        #"{"int": 2.\#(tail)}"#, #"{"int": -2.\#(tail)}"#, #"{"small": 127.\#(tail)}"#, #"{"int": 1.\#(tail)e2}"#,
        #"{"int": 0.\#(tail)}"#, #"{"unsigned": 18446744073709551615.\#(tail)}"#, #"{"ints": [1, 2.\#(tail)]}"#,
        #"{"byName": {"a": 2.\#(tail)}}"#,
        #"{"ints": [10000000000000001e-16]}"#, #"{"byName": {"a": 10000000000000001E-16}}"#,
        #"{"int": 0.\#(String(repeating: "0", count: 150))1}"#,
    ]

    @Test(arguments: notWhole)
    func aFractionIsNoIntegerWhateverItsDigits(json: String) throws {
        var record = Record()
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(fromJSON: json, to: &record, using: Record.mapping)
        }
        #expect(error?.errors.map(\.rule) == ["type"], "\(json)")
        #expect(error?.errors.first?.message.contains("fractional part") == true, "\(error?.errors.first?.message ?? "")")
        #expect(record.int == 0 && record.small == 0 && record.unsigned == 0 && record.ints.isEmpty && record.byName.isEmpty)
        let feed = try Mapper.mapArray(fromJSON: Data("[\(json), {}]".utf8), as: Record.self)
        #expect(feed.failures.map(\.index) == [0] && feed.models.count == 1, "\(json) in a feed")
    }

    /// The offending value is shown with every digit it was written with, not as the whole number it was cut to.
    @Test func theErrorShowsTheNumberAsWritten() throws {
        let error = #expect(throws: MappingError.self) { try Mapper.map(Record.self, fromJSON: #"{"int": 2.\#(Self.tail)}"#) }
        #expect(error?.errors.first?.value == "2.\(Self.tail)")
    }

    /// Validators compare such a number exactly: 5.000…01 is above 5, -0.000…01 below 0.
    @Test(arguments: [
        (#"{"score": 5.\#(tail)}"#, "range"), (#"{"score": -0.\#(tail)}"#, "range"), (#"{"level": -0.\#(tail)}"#, "type"),
        (#"{"score": 4.\#(String(repeating: "9", count: 41))}"#, nil),
    ])
    func validatorsCompareEveryDigit(json: String, rule: String?) {
        var errors: [ValidationError] = []
        do { _ = try Mapper.map(Record.self, fromJSON: json) } catch { errors = error.errors }
        #expect(errors.map(\.rule) == (rule.map { [$0] } ?? []), "\(json)")
    }

    /// A `Double` read from more digits than a `Decimal` holds is the correctly rounded one, as `Double(_:)` reads the
    /// text, in a field and in an array.
    @Test(arguments: [
        "1.00000000000000011102230246251565404236316680908203125000001",
        "9007199254740993.00000000000000000000000000000000000001",
        "0.1000000000000000055511151231257827021181583404541015625",
        "-1.00000000000000011102230246251565404236316680908203124999999",
        "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
    ])
    func aDoubleOfManyDigitsIsCorrectlyRounded(number: String) throws {
        let record = try Mapper.map(Record.self, fromJSON: #"{"scores": [\#(number)], "score": 0}"#)
        #expect(record.scores == [Double(number)!])
    }

    struct Loose: Mappable {
        var any: Any?
        var list: [Any] = []
        var table: [String: Any] = [:]

        static let mapping: Mapping<Loose> = ["any": .property(\.any), "list": .property(\.list), "table": .property(\.table)]
    }

    /// Where a field takes any value, it gets what `JSONSerialization` reads: that `Double`, that `NSDecimalNumber`.
    @Test(arguments: ["2.\(tail)", "10000000000000001e-16", "9007199254740993E0", "-1.\(tail)e5"])
    func anyValueIsWhatJSONSerializationReads(number: String) throws {
        let json = #"{"any": \#(number), "list": [\#(number)], "table": {"a": \#(number)}}"#
        let loose = try Mapper.map(Loose.self, fromJSON: json)
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let reference = try #require(parsed["any"] as? NSNumber)
        for value in [loose.any, loose.list.first, loose.table["a"]] {
            let number = try #require(value as? NSNumber, "\(String(describing: value))")
            #expect(type(of: number) == type(of: reference) && number == reference, "\(number) against \(reference)")
        }
    }

    /// A whole number of more digits than a `Double` keeps maps into an integer as written, in an array too.
    @Test func aWholeNumberIsTheNumberWrittenNotItsDouble() throws {
        struct Wide: Mappable {
            var value: Int64 = 0
            var values: [Int64] = []
            static let mapping: Mapping<Wide> = ["value": .property(\.value), "values": .property(\.values)]
        }
        let wide = try Mapper.map(Wide.self, fromJSON: #"{"value": 9007199254740993e0, "values": [9007199254740993E0]}"#)
        #expect(wide.value == 9_007_199_254_740_993 && wide.values == [9_007_199_254_740_993])
        // A Double property still reads the double they stand for.
        let record = try Mapper.map(Record.self, fromJSON: #"{"scores": [9007199254740993e0, 1.8446744073709552e+19]}"#)
        #expect(record.scores == [9_007_199_254_740_992, 1.8446744073709552e+19])
    }
}

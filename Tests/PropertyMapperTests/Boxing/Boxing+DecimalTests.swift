import Foundation
import Testing

@testable import PropertyMapper

private struct Invoice {
    var price = Decimal(-1)
    var total: Decimal? = Decimal(-1)
    var amounts: [Decimal] = []

    static let mapping: Mapping<Invoice> = [
        "price": .box(.decimal, \.price),
        "total": .box(.decimal, \.total),
        "amounts": .box(.decimal, \.amounts),
    ]
}

private func decimal(_ text: String) -> Decimal {
    Decimal(string: text)!
}

@Suite struct DecimalBoxingTests {
    // MARK: From JSON, exactly as written

    @Test(arguments: [
        "0.1", "12345678901234567890.123", "9007199254740.993", "-0.30000000000000004", "19.99", "1.5e-7", "2.5E3", "123456789.12345678",
    ])
    func readsJSONNumbersExactlyAsWritten(text: String) throws {
        var invoice = Invoice()
        try Mapper.mapValues(fromJSON: #"{"price": \#(text)}"#, to: &invoice, using: Invoice.mapping)
        #expect(invoice.price == decimal(text))
    }

    @Test func aNumberDoubleWouldRoundKeepsItsDigitsOnlyThroughTheExactDemand() throws {
        // 9007199254740.993 is 9007199254740.992 as a Double: only the exact reading tells them apart.
        var invoice = Invoice()
        try Mapper.mapValues(fromJSON: Data(#"{"price": 9007199254740.993}"#.utf8), to: &invoice, using: Invoice.mapping)
        #expect(invoice.price == decimal("9007199254740.993"))
        #expect(invoice.price != decimal("9007199254740.992"))
    }

    @Test func theFieldAsksTheReaderForExactNumbers() {
        let demands = Invoice.mapping.jsonLevel.keyDemands
        #expect(demands.count == 3)
        #expect(demands.allSatisfy { if case .exactNumbers = $0 { true } else { false } })
        let plain: Mapping<Invoice> = ["price": .property(\.price)]
        // A `Decimal` property asks for exact numbers too; any other property for its value whole.
        #expect(plain.jsonLevel.keyDemands.map { if case .exactNumbers = $0 { true } else { false } } == [true])
        struct Ratio { var ratio = 0.0 }
        let double: Mapping<Ratio> = ["ratio": .property(\.ratio)]
        #expect(double.jsonLevel.keyDemands.map { if case .whole = $0 { true } else { false } } == [true])
    }

    @Test func readsArraysOfJSONNumbersExactly() throws {
        var invoice = Invoice()
        try Mapper.mapValues(fromJSON: #"{"amounts": [0.1, 9007199254740.993, 7, "12.50"]}"#, to: &invoice, using: Invoice.mapping)
        #expect(invoice.amounts == [decimal("0.1"), decimal("9007199254740.993"), 7, decimal("12.5")])
    }

    /// A value read by a `.list`, or by the model a `.polymorphic` tag chooses, keeps its digits too: its conversion is known
    /// only once it is read, so every number in it is read exactly, and a `Double` beside it still gets its nearest value.
    @Test func readsExactlyInsideAListAndAPolymorphicModel() throws {
        struct Price: Mappable, Equatable {
            var amount = Decimal()
            var nearest = 0.0
            static let mapping: Mapping<Price> = ["amount": .list(.box(.decimal, \.amount), .property(\.nearest))]
        }
        struct Basket: Mappable {
            var listed = Decimal()
            var nearest = 0.0
            var prices: [Price] = []
            var chosen: [any Sendable] = []
            static let mapping: Mapping<Basket> = [
                "listed": .list(.box(.decimal, \.listed), .property(\.nearest)),
                "prices": .property(\.prices),
                "chosen": .polymorphic(\.chosen, on: "type", ["price": Price.self]),
            ]
        }
        let exact = decimal("9007199254740.993")
        let json =
            #"{"listed": 9007199254740.993, "prices": [{"amount": 9007199254740.993}], "#
            + #""chosen": [{"type": "price", "amount": 9007199254740.993}]}"#
        let basket = try Mapper.map(Basket.self, fromJSON: json)
        let price = Price(amount: exact, nearest: 9007199254740.993)
        #expect(basket.listed == exact && basket.nearest == 9007199254740.993)
        #expect(basket.prices == [price])
        #expect(basket.chosen.map { $0 as? Price } == [price])
        let again = try Mapper.map(Basket.self, fromJSON: try Mapper.serializeJSON(basket))
        #expect(again.listed == exact && again.prices == [price] && again.chosen.map { $0 as? Price } == [price])
    }

    @Test func readsIntegersOfEveryWidthExactly() throws {
        var invoice = Invoice()
        let json = #"{"price": 123456789012345678901234567890, "total": -9223372036854775808, "amounts": [18446744073709551615, 0, -0]}"#
        try Mapper.mapValues(fromJSON: json, to: &invoice, using: Invoice.mapping)
        #expect(invoice.price == decimal("123456789012345678901234567890"))
        #expect(invoice.total == decimal("-9223372036854775808"))
        #expect(invoice.amounts == [decimal("18446744073709551615"), 0, 0])
    }

    @Test func theSameDocumentMapsAlikeThroughEveryJSONEntryPoint() throws {
        let json = #"{"price": 0.1, "total": 12345678901234567890.123}"#
        var fromText = Invoice()
        try Mapper.mapValues(fromJSON: json, to: &fromText, using: Invoice.mapping)
        var fromData = Invoice()
        try Mapper.mapValues(fromJSON: Data(json.utf8), to: &fromData, using: Invoice.mapping)
        let batch = try Mapper.mapArray(fromJSON: Data("[\(json)]".utf8), using: Invoice.mapping) { Invoice() }
        let fromBatch = try #require(batch.models.first)
        for invoice in [fromText, fromData, fromBatch] {
            #expect(invoice.price == decimal("0.1"))
            #expect(invoice.total == decimal("12345678901234567890.123"))
        }
    }

    // MARK: From parsed values

    @Test func readsParsedValuesAsTheirParserMadeThem() throws {
        let parsed = try JSONSerialization.jsonObject(
            with: Data(#"{"price": 0.1, "total": 12345678901234567890.123, "amounts": [19.99, 3]}"#.utf8))
        var invoice = Invoice()
        try Mapper.mapValues(from: parsed, to: &invoice, using: Invoice.mapping)
        #expect(invoice.price == decimal("0.1"))  // a Double, by its shortest digits
        #expect(invoice.total == decimal("12345678901234567890.123"))  // an NSDecimalNumber, as it is
        #expect(invoice.amounts == [decimal("19.99"), 3])
    }

    @Test func readsSwiftLiterals() throws {
        var invoice = Invoice()
        let source: [String: Any] = [
            "price": decimal("12345678901234567890.123"), "total": NSDecimalNumber(string: "0.1"),
            "amounts": [0.1, 42, Int64.max, UInt64.max],
        ]
        try Mapper.mapValues(from: source, to: &invoice, using: Invoice.mapping)
        #expect(invoice.price == decimal("12345678901234567890.123"))
        #expect(invoice.total == decimal("0.1"))
        #expect(invoice.amounts == [decimal("0.1"), 42, decimal("9223372036854775807"), decimal("18446744073709551615")])
    }

    // MARK: Numeric strings

    @Test(arguments: [
        ("12.50", "12.5"), ("0.1", "0.1"), ("-3", "-3"), ("+4.5e2", "450"), ("007", "7"), ("1E-3", "0.001"),
        ("12345678901234567890.123", "12345678901234567890.123"), ("-0.0", "0"),
    ])
    func readsNumericStrings(text: String, expected: String) throws {
        var invoice = Invoice()
        try Mapper.mapValues(from: ["price": text], to: &invoice, using: Invoice.mapping)
        #expect(invoice.price == decimal(expected))
    }

    @Test(arguments: [
        "", "NaN", "nan", "Infinity", "-Infinity", "1e999999", "1e-999999", "12abc", " 12", "12 ", "0x10", "1.", ".5",
        "1e", "1e+", "--1", "+-1", "1,5", "١٢", "1_000", String(repeating: "9", count: 39), "1e99999999999999999999",
    ])
    func rejectsStringsThatAreNotExactDecimals(text: String) throws {
        var invoice = Invoice()
        let errors = mappingErrors { try Mapper.mapValues(from: ["price": text], to: &invoice, using: Invoice.mapping) }
        let error = expectSingleError(errors, at: "price", rule: "box(Decimal)")
        #expect(error?.property == "price")
        #expect(invoice.price == Decimal(-1))
    }

    @Test func rejectsJSONNumbersNoDecimalHolds() throws {
        // Within Double's range but beyond a Decimal's exponent: a box error, never a trap or a rounding.
        for number in ["1e200", "-1e-200", "1.5e300"] {
            var invoice = Invoice()
            let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"price": \#(number)}"#, to: &invoice, using: Invoice.mapping) }
            expectSingleError(errors, at: "price", rule: "box(Decimal)")
        }
        // Beyond Double's range: malformed JSON, as everywhere.
        var invoice = Invoice()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"price": 1e999999}"#, to: &invoice, using: Invoice.mapping) }
        expectSingleError(errors, at: "", rule: "json")
    }

    @Test func aJSONNumberWithMoreDigitsThanADecimalHoldsNeverTraps() {
        let digits = String(repeating: "7", count: 400)
        for number in [digits, "0.\(digits)", "\(digits).5", "-\(digits)e-300"] {
            var invoice = Invoice()
            let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"price": \#(number)}"#, to: &invoice, using: Invoice.mapping) }
            if let double = Double(number), double.isFinite {
                // A box error naming the limit, never a rounding, never a trap.
                #expect(errors.map(\.rule) == ["box(Decimal)"], "\(number.prefix(12))…")
                #expect(errors.first?.message.contains("significant digits") == true, "\(number.prefix(12))…")
            } else {
                // Beyond a Double, as JSONSerialization refuses it: one json error.
                #expect(errors.map(\.rule) == ["json"], "\(number.prefix(12))…")
            }
            #expect(invoice.price == Decimal(-1))
        }
    }

    @Test(arguments: SourceForm.allCases)
    func booleansAndContainersAreTypeErrors(source: SourceForm) throws {
        var invoice = Invoice()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["price": true, "total": ["a": 1]]), to: &invoice, using: Invoice.mapping)
        }
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(errors.map(\.path) == ["price", "total"])
    }

    @Test func nullFollowsTheTarget() throws {
        var invoice = Invoice()
        try Mapper.mapValues(fromJSON: #"{"total": null}"#, to: &invoice, using: Invoice.mapping)
        #expect(invoice.total == nil)
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"price": null}"#, to: &invoice, using: Invoice.mapping) }
        expectSingleError(errors, at: "price", rule: "type")
    }

    @Test func validatorsJudgeTheExactNumberAsANumber() throws {
        let mapping: Mapping<Invoice> = ["price": .box(.decimal, \.price).min(0).max(100)]
        var invoice = Invoice()
        try Mapper.mapValues(fromJSON: #"{"price": 99.95}"#, to: &invoice, using: mapping)
        #expect(invoice.price == decimal("99.95"))
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"price": 100.5}"#, to: &invoice, using: mapping) }
        expectSingleError(errors, at: "price", rule: "max")
    }

    @Test func theExactDemandOnlyConcernsItsOwnField() throws {
        struct Mixed {
            var price = Decimal()
            var ratio = 0.0
        }
        let mapping: Mapping<Mixed> = ["price": .box(.decimal, \.price), "ratio": .property(\.ratio)]
        var mixed = Mixed()
        try Mapper.mapValues(fromJSON: #"{"price": 0.1, "ratio": 0.1}"#, to: &mixed, using: mapping)
        #expect(mixed.ratio == 0.1)
        #expect(mixed.price == decimal("0.1"))
    }

    // MARK: Exact or an error

    /// 41 significant digits: a `Decimal` holds 38.
    private static let tooPrecise = "0.12345678901234567890123456789012345678901"

    @Test func aJSONNumberWithMoreDigitsThanADecimalHoldsIsABoxErrorNamingTheLimit() {
        var invoice = Invoice()
        let errors = mappingErrors {
            try Mapper.mapValues(fromJSON: #"{"price": \#(Self.tooPrecise)}"#, to: &invoice, using: Invoice.mapping)
        }
        let error = expectSingleError(errors, at: "price", rule: "box(Decimal)")
        #expect(error?.message.contains("41 significant digits") == true)
        #expect(error?.message.contains("38") == true)
        #expect(error?.value == Self.tooPrecise)
        #expect(invoice.price == Decimal(-1))
    }

    @Test func aNumericStringWithMoreDigitsThanADecimalHoldsIsABoxErrorNamingTheLimit() {
        var invoice = Invoice()
        for source: [String: Any] in [["price": Self.tooPrecise], ["amounts": ["1.5", Self.tooPrecise]]] {
            let errors = mappingErrors { try Mapper.mapValues(from: source, to: &invoice, using: Invoice.mapping) }
            #expect(errors.map(\.rule) == ["box(Decimal)"])
            #expect(errors.first?.message.contains("41 significant digits") == true)
        }
        let inArray = mappingErrors {
            try Mapper.mapValues(fromJSON: #"{"amounts": [1.5, \#(Self.tooPrecise)]}"#, to: &invoice, using: Invoice.mapping)
        }
        let error = expectSingleError(inArray, at: "amounts[1]", rule: "box(Decimal)")
        #expect(error?.message.contains("38") == true)
    }

    @Test func aDecimalPropertyReadsJSONExactlyOrFails() throws {
        struct Ledger {
            var amount = Decimal(-1)
            var amounts: [Decimal] = []
            var byName: [String: Decimal] = [:]
        }
        let mapping: Mapping<Ledger> = [
            "amount": .property(\.amount), "amounts": .property(\.amounts), "byName": .property(\.byName),
        ]
        var ledger = Ledger()
        // 9007199254740.993 is 9007199254740.992 as a Double.
        try Mapper.mapValues(
            fromJSON: #"{"amount": 9007199254740.993, "amounts": [0.1, 12.30], "byName": {"a": 1e-7}}"#, to: &ledger, using: mapping)
        #expect(ledger.amount == decimal("9007199254740.993"))
        #expect(ledger.amounts == [decimal("0.1"), decimal("12.3")])
        #expect(ledger.byName == ["a": decimal("1e-7")])
        for json in [
            #"{"amount": \#(Self.tooPrecise)}"#, #"{"amounts": [1, \#(Self.tooPrecise)]}"#, #"{"byName": {"a": \#(Self.tooPrecise)}}"#,
        ] {
            var untouched = Ledger()
            let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: &untouched, using: mapping) }
            #expect(errors.count == 1, "\(json)")
            #expect(errors.first?.message.contains("41 significant digits") == true, "\(json)")
            #expect(untouched.amount == Decimal(-1))
        }
    }

    @Test func lenientAndLossyPoliciesNeverRoundSilently() throws {
        struct Ledger {
            var amount = Decimal(-1)
            var amounts: [Decimal] = []
            var boxed = Decimal(-1)
        }
        let mapping: Mapping<Ledger> = [
            "amount": .property(\.amount).lenient(),
            "amounts": .property(\.amounts).droppingInvalidElements(),
            "boxed": .box(.decimal, \.boxed, fallback: 0),
        ]
        var ledger = Ledger()
        // Lenient: the string is read by the table, and refused with the limit named.
        let errors = mappingErrors { try Mapper.mapValues(from: ["amount": Self.tooPrecise], to: &ledger, using: mapping) }
        #expect(errors.count == 1 && errors.first?.message.contains("41 significant digits") == true)
        // Lossy and fallback: the value is dropped or replaced, with a warning, never written rounded.
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            fromJSON: #"{"amounts": [1.5, \#(Self.tooPrecise)], "boxed": \#(Self.tooPrecise)}"#, to: &ledger, using: mapping,
            warnings: &warnings)
        #expect(ledger.amounts == [decimal("1.5")])
        #expect(ledger.boxed == 0)
        #expect(warnings.map(\.kind) == [.elementDropped, .fallbackUsed])
        #expect(warnings.map(\.path) == ["amounts[1]", "boxed"])
    }

    @Test(arguments: [
        ("1." + String(repeating: "0", count: 60), "1"), ("12.30", "12.3"), ("0." + String(repeating: "0", count: 60) + "5", "5e-61"),
        ("1" + String(repeating: "0", count: 60), "1e60"), ("-12.5000", "-12.5"), ("1e-128", "1e-128"), ("1e127", "1e127"),
        (String(repeating: "9", count: 38), String(repeating: "9", count: 38)),
        ("0." + String(repeating: "7", count: 38), "0." + String(repeating: "7", count: 38)),
        ("1.00000000000000000000000000000000000001", "1.00000000000000000000000000000000000001"),
    ])
    func zerosAndExponentsThatStillFitKeepWorking(text: String, expected: String) throws {
        var fromJSON = Invoice()
        try Mapper.mapValues(fromJSON: #"{"price": \#(text)}"#, to: &fromJSON, using: Invoice.mapping)
        #expect(fromJSON.price == decimal(expected))
        var fromString = Invoice()
        try Mapper.mapValues(from: ["price": text], to: &fromString, using: Invoice.mapping)
        #expect(fromString.price == decimal(expected))
    }

    @Test func aParsedValueNoDecimalHoldsIsABoxErrorNamingTheRange() {
        // A Double beyond a Decimal's exponents: it has few digits, but a Decimal cannot hold it.
        var invoice = Invoice()
        let errors = mappingErrors { try Mapper.mapValues(from: ["price": 1e-300], to: &invoice, using: Invoice.mapping) }
        let error = expectSingleError(errors, at: "price", rule: "box(Decimal)")
        #expect(error?.message.contains("-128...127") == true)
    }

    // MARK: DecimalText

    @Test func decimalTextHoldsThirtyEightDigitsAndTheDecimalExponentRange() {
        #expect(DecimalText.decimal(from: String(repeating: "9", count: 38)) == decimal(String(repeating: "9", count: 38)))
        #expect(DecimalText.decimal(from: String(repeating: "9", count: 39)) == nil)
        // 39 digits up to the largest significand, 2^128 − 1, are held; one more is not.
        #expect(DecimalText.decimal(from: "340282366920938463463374607431768211455") == decimal("340282366920938463463374607431768211455"))
        #expect(DecimalText.reading(from: "340282366920938463463374607431768211456") == .notExact(significantDigits: 39))
        #expect(
            DecimalText.decimal(from: "1.00000000000000000000000000000000000001") == decimal("1.00000000000000000000000000000000000001"))
        // Trailing zeros are not significant: 1 followed by 40 zeros is 1 × 10^40.
        #expect(DecimalText.decimal(from: "1" + String(repeating: "0", count: 40)) == Decimal(sign: .plus, exponent: 40, significand: 1))
        #expect(
            DecimalText.decimal(from: "0." + String(repeating: "0", count: 50) + "1") == Decimal(sign: .plus, exponent: -51, significand: 1)
        )
        #expect(DecimalText.decimal(from: "1e127") == Decimal(sign: .plus, exponent: 127, significand: 1))
        #expect(DecimalText.decimal(from: "1e128")?.description == "1" + String(repeating: "0", count: 128))
        // 10^38 at the largest exponent: 39 digits.
        #expect(DecimalText.decimal(from: "1e165") == decimal("1" + String(repeating: "0", count: 38) + "e127"))
        #expect(DecimalText.decimal(from: "1e166") == nil)  // 10^39: beyond the largest significand
        #expect(DecimalText.decimal(from: "1e-128") == Decimal(sign: .plus, exponent: -128, significand: 1))
        #expect(DecimalText.decimal(from: "1e-129") == nil)
        #expect(DecimalText.decimal(from: "0e999999999") == 0)
    }
}

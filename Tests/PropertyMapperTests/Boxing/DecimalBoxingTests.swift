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
        // A property asks for its value whole.
        #expect(plain.jsonLevel.keyDemands.map { if case .whole = $0 { true } else { false } } == [true])
    }

    @Test func readsArraysOfJSONNumbersExactly() throws {
        var invoice = Invoice()
        try Mapper.mapValues(fromJSON: #"{"amounts": [0.1, 9007199254740.993, 7, "12.50"]}"#, to: &invoice, using: Invoice.mapping)
        #expect(invoice.amounts == [decimal("0.1"), decimal("9007199254740.993"), 7, decimal("12.5")])
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
            var errors: [ValidationError] = []
            do {
                try Mapper.mapValues(fromJSON: #"{"price": \#(number)}"#, to: &invoice, using: Invoice.mapping)
            } catch {
                errors = error.errors
            }
            if let double = Double(number), double.isFinite {
                // Read as JSONSerialization reads it: rounded to what a Decimal holds, never a trap.
                #expect(errors.isEmpty, "\(number.prefix(12))…")
                let mapped = NSDecimalNumber(decimal: invoice.price).doubleValue
                #expect(abs(mapped - double) <= abs(double) * 1e-15, "\(number.prefix(12))…")
            } else {
                // Beyond a Double, as JSONSerialization refuses it: one json error, nothing written.
                #expect(errors.map(\.rule) == ["json"], "\(number.prefix(12))…")
                #expect(invoice.price == Decimal(-1))
            }
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

    // MARK: DecimalText

    @Test func decimalTextHoldsThirtyEightDigitsAndTheDecimalExponentRange() {
        #expect(DecimalText.decimal(from: String(repeating: "9", count: 38)) == decimal(String(repeating: "9", count: 38)))
        #expect(DecimalText.decimal(from: String(repeating: "9", count: 39)) == nil)
        // Trailing zeros are not significant: 1 followed by 40 zeros is 1 × 10^40.
        #expect(DecimalText.decimal(from: "1" + String(repeating: "0", count: 40)) == Decimal(sign: .plus, exponent: 40, significand: 1))
        #expect(
            DecimalText.decimal(from: "0." + String(repeating: "0", count: 50) + "1") == Decimal(sign: .plus, exponent: -51, significand: 1)
        )
        #expect(DecimalText.decimal(from: "1e127") == Decimal(sign: .plus, exponent: 127, significand: 1))
        #expect(DecimalText.decimal(from: "1e128")?.description == "1" + String(repeating: "0", count: 128))
        #expect(DecimalText.decimal(from: "1e165") == nil)  // 39 digits at the largest exponent
        #expect(DecimalText.decimal(from: "1e-128") == Decimal(sign: .plus, exponent: -128, significand: 1))
        #expect(DecimalText.decimal(from: "1e-129") == nil)
        #expect(DecimalText.decimal(from: "0e999999999") == 0)
    }
}

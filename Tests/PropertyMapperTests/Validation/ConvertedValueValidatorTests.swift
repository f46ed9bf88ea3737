import Foundation
import PropertyMapper
import Testing

/// A price and a count, boxed: `.decimal` from a string or a number, a count from its text.
private struct LineItem: Mappable, Equatable {
    var unitPrice = Decimal(0)
    var count = 0
    var discount: Decimal?
    var site: URL?

    static let mapping: Mapping<LineItem> = [
        "unit_price": .box(.decimal, \.unitPrice).min(0),
        "count": .box(.countText, \.count).range(1, 10),
        "discount": .box(.decimal, \.discount).max(1),
        "site": .box(.url, \.site).lengthRange(1, 20),
    ]

    static func count(from text: String) -> Int? { Int(text) }
}

extension Boxing where Value == Int {
    /// A count written as text: `"3"`.
    fileprivate static var countText: Self { Boxing(named: "count") { (text: String) in Int(text) } }
}

private struct Order: Mappable {
    var guests = 0
    static let mapping: Mapping<Order> = ["guests": .call(Order.guests(from:), \.guests).max(8)]
    func guests(from text: String) -> Int? { Int(text) }
}

@Suite
struct ConvertedValueValidatorTests {
    private static func errors(_ source: [String: Any]) -> [ValidationError] {
        Mapper.validate(source, as: LineItem.self)
    }

    @Test func minJudgesTheDecimalABoxingMade() throws {
        let fromText = try Mapper.map(LineItem.self, from: ["unit_price": "0.10", "count": "2"])
        #expect(fromText.unitPrice == Decimal(string: "0.10"))
        let fromNumber = try Mapper.map(LineItem.self, fromJSON: #"{"unit_price": 0.10, "count": "2"}"#)
        #expect(fromNumber.unitPrice == Decimal(string: "0.10"))
        let negative = Self.errors(["unit_price": "-1", "count": "2"])
        #expect(negative.map(\.description) == [#"unit_price → unitPrice: out of bounds, expected at least 0; got "-1" [min]"#])
    }

    @Test func rangeJudgesTheIntegerACustomBoxingMade() {
        #expect(Self.errors(["unit_price": 1, "count": "4"]).isEmpty)
        let tooMany = Self.errors(["unit_price": 1, "count": "12"])
        #expect(tooMany.map(\.rule) == ["range"])
        #expect(tooMany.first?.value == #""12""#)
        #expect(LineItem.mapping.definitionErrors.isEmpty, "a number validator on a boxing that makes a number is sound")
    }

    @Test func aFailedConversionIsOneErrorWithNoValidatorErrorOnTop() {
        #expect(Self.errors(["unit_price": "abc", "count": "2"]).map(\.rule) == ["box(Decimal)"])
        #expect(Self.errors(["unit_price": 1, "count": "many"]).map(\.rule) == ["box(count)"])
        #expect(Self.errors(["unit_price": true, "count": "2"]).map(\.rule) == ["type"])
    }

    @Test func anOptionalConvertedValueIsJudgedWhenPresent() {
        #expect(Self.errors(["unit_price": 1, "count": "2", "discount": "0.5"]).isEmpty)
        #expect(Self.errors(["unit_price": 1, "count": "2", "discount": NSNull()]).isEmpty)
        #expect(Self.errors(["unit_price": 1, "count": "2", "discount": "1.5"]).map(\.rule) == ["max"])
    }

    @Test func aValidatorThatCannotJudgeTheConvertedTypeStillJudgesTheSource() {
        #expect(Self.errors(["unit_price": 1, "count": "2", "site": "https://a.example"]).isEmpty)
        let long = Self.errors(["unit_price": 1, "count": "2", "site": "https://a-very-long-host.example/path"])
        #expect(long.map(\.rule) == ["lengthRange"])
    }

    @Test func aCallsNumericResultIsJudged() {
        #expect(Mapper.validate(["guests": "8"], as: Order.self).isEmpty)
        #expect(Mapper.validate(["guests": "9"], as: Order.self).map(\.rule) == ["max"])
        #expect(Mapper.validate(["guests": "nine"], as: Order.self).map(\.rule) == ["call"])
    }

    @Test func aNaNBoundOnABoxingThatMakesANumberIsStillADefinitionError() {
        struct Priced {
            var price = Decimal(0)
        }
        let mapping: Mapping<Priced> = ["price": .box(.decimal, \.price).min(Double.nan)]
        #expect(mapping.definitionErrors.map(\.rule) == ["mapping"])
        #expect(mapping.definitionErrors.first?.message == "min has a bound that is not a number (NaN)")
    }

    @Test func numberValidatorsOnAPropertyAreUnchanged() {
        struct Plain {
            var count = 0
        }
        let mapping: Mapping<Plain> = ["count": .property(\.count).min(1)]
        var plain = Plain()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["count": "3"], to: &plain, using: mapping) }
        #expect(error?.errors.map(\.rule) == ["type"])
    }
}

/// An amount in cents: a `Numeric` type that is neither an integer, a floating-point type nor `Decimal`.
private struct Cents: Numeric, Comparable, Sendable {
    var value: Int
    init(_ value: Int) { self.value = value }
    init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        self.value = value
    }
    init(integerLiteral value: Int) { self.value = value }
    var magnitude: Cents { Cents(abs(value)) }
    static func + (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.value + rhs.value) }
    static func - (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.value - rhs.value) }
    static func * (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.value * rhs.value) }
    static func *= (lhs: inout Cents, rhs: Cents) { lhs = lhs * rhs }
    static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.value < rhs.value }
}

/// Calls that make numbers of types no parsed source holds.
private struct Measure: Mappable {
    var width: CGFloat = 0
    var price = Cents(0)

    static let mapping: Mapping<Measure> = [
        "width": .call(Measure.width(from:), \.width).min(0),
        "price": .call(Measure.price(from:), \.price).min(0),
    ]

    func width(from text: String) -> CGFloat? { Double(text).map { CGFloat($0) } }
    func price(from cents: Int) -> Cents? { Cents(cents) }
}

/// `Int128` is new in the Apple systems of 2024.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private struct Serial: Mappable {
    var serial: Int128 = 0
    static let mapping: Mapping<Serial> = ["serial": .call(Serial.serial(from:), \.serial).range(1, 99)]
    func serial(from text: String) -> Int128? { Int128(text) }
}

extension ConvertedValueValidatorTests {
    /// `CGFloat` and `Int128` are a floating-point and an integer type: the validator judges the number the call made.
    @Test func aNumberOfEveryIntegerAndFloatingPointTypeIsJudged() throws {
        #expect(Measure.mapping.definitionErrors.isEmpty)
        #expect(Mapper.validate(["width": "2.5"], as: Measure.self).isEmpty)
        #expect(try Mapper.map(Measure.self, from: ["width": "2.5"]).width == 2.5)
        let errors = Mapper.validate(["width": "-0.5"], as: Measure.self)
        #expect(errors.map(\.rule) == ["min"])
        #expect(errors.map(\.path) == ["width"])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test func anInt128IsJudged() throws {
        #expect(Mapper.validate(["serial": "7"], as: Serial.self).isEmpty)
        #expect(try Mapper.map(Serial.self, from: ["serial": "7"]).serial == 7)
        let errors = Mapper.validate(["serial": "100"], as: Serial.self)
        #expect(errors.map(\.rule) == ["range"])
        #expect(errors.map(\.path) == ["serial"])
    }

    /// A `Numeric` type of its own is not a number the validator can judge: it judges the source value, as before.
    @Test func aCallMakingAnotherNumericTypeLeavesTheValidatorOnTheSource() throws {
        #expect(try Mapper.map(Measure.self, from: ["price": 250]).price == Cents(250))
        let errors = Mapper.validate(["price": -1], as: Measure.self)
        #expect(errors.map(\.rule) == ["min"])
        #expect(errors.first?.value == "-1")
    }
}

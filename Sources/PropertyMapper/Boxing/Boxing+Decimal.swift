import Foundation

extension Boxing where Value == Decimal {
    /// Boxes a number, exactly as written, or a numeric string into a `Decimal`:
    /// `0.1`, `12345678901234567890.123`, `"12.50"`.
    ///
    ///     "price": .box(.decimal, \.price)
    ///
    /// From JSON (`fromJSON:`), the number's own digits are read, with no trip through `Double`:
    /// `0.1` and `12345678901234567890.123` come out as `Decimal(string:)` gives them. A parsed
    /// `[String: Any]` holds what its parser made: an `NSDecimalNumber` or a `Decimal` is taken as it is,
    /// an integer exactly, a `Double` by its shortest digits (JSONSerialization's `0.1` is `0.1`).
    /// A string must be a number in JSON's syntax (a leading `+` and leading zeros allowed): `"12.50"`, `"-1.5e3"`.
    /// A string that is not (`""`, `"NaN"`, `"12abc"`), or a number beyond what a `Decimal` holds
    /// exactly (38 significant digits, exponents -128...127: `"1e999999"`), fails with
    /// `price → price: not a valid Decimal; got "NaN" [box(Decimal)]`. A boolean is a `type` error.
    /// The reverse is the `Decimal` itself, written as a JSON number with every digit.
    public static var decimal: Self {
        Boxing(named: "Decimal", input: DecimalSource.conversion, exactNumbers: true, DecimalSource.decimal) { $0 }
    }
}

/// What `.decimal` takes: a number, or a string it reads.
enum DecimalSource {
    case number(SourceNumber, exact: Decimal?)
    case text(String)

    static let conversion = Conversion<DecimalSource>(typeName: "Decimal or String", kinds: [.number, .string]) { item, issues in
        switch item.scalar {
        case let .string(text):
            return .text(text)
        case let .number(number):
            // A `Decimal` or an `NSDecimalNumber` (the JSON reader's exact reading) is taken as it is.
            return .number(number, exact: SourceValue.exactDecimal(item.value))
        default:
            issues.addMismatch(item, expected: "Decimal or String")
            return nil
        }
    }

    @Sendable static func decimal(_ source: DecimalSource) -> Decimal? {
        switch source {
        case let .text(text):
            return DecimalText.decimal(from: text)
        case let .number(_, exact?):
            return exact.isFinite ? exact : nil
        case let .number(.int(integer), nil):
            return Decimal(integer)
        case let .number(.uint(integer), nil):
            return Decimal(integer)
        case let .number(.wide(digits), nil):
            return DecimalText.decimal(from: digits)
        case let .number(.double(double), nil), let .number(.fraction(double), nil):
            // The shortest digits that read back as this double: JSONSerialization's 19.99 stays 19.99.
            return double.isFinite ? DecimalText.decimal(from: "\(double)") : nil
        }
    }
}

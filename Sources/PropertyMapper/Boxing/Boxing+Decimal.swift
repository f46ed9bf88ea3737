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
    /// A string that is not (`""`, `"NaN"`, `"12abc"`) fails with
    /// `price → price: not a valid Decimal; got "NaN" [box(Decimal)]`. A number a `Decimal` cannot hold
    /// exactly, written as a number or a string, is never rounded: more significant digits than its
    /// significand holds (38, or 39 below 2^128) fail with
    /// `price → price: 41 significant digits, more than a Decimal holds exactly (38, or 39 below 2^128); got … [box(Decimal)]`,
    /// an exponent beyond -128...127 that the digits cannot absorb (`1e-130`, `"1e999999"`) with
    /// `out of the range a Decimal holds exactly (exponents -128...127)`.
    /// A boolean is a `type` error.
    /// The reverse is the `Decimal` itself, written as a JSON number with every digit.
    public static var decimal: Self {
        Boxing(named: "Decimal", input: DecimalSource.conversion, exactNumbers: true, DecimalSource.decimal) { $0 }
    }
}

/// What `.decimal` takes: a number, read, or a string it reads.
enum DecimalSource {
    case number(DecimalText.Reading)
    case text(String)

    private static let expected = TypeName.either("Decimal", "String")

    static let conversion = Conversion<DecimalSource>(typeName: expected, kinds: [.number, .string]) { item, issues in
        switch item.scalar {
        case let .string(text):
            return .text(text)
        case let .number(number):
            return .number(DecimalText.reading(of: number, value: item.value))
        default:
            issues.addMismatch(item, expected: expected)
            return nil
        }
    }

    /// The decimal; nil for what is not a finite number, and a throw naming the limits for a number
    /// no `Decimal` holds exactly.
    @Sendable static func decimal(_ source: DecimalSource) throws -> Decimal? {
        let reading =
            switch source {
            case let .number(reading): reading
            case let .text(text): DecimalText.reading(from: text)
            }
        switch reading {
        case let .decimal(value): return value
        case let .notExact(digits): throw NotExactDecimal(significantDigits: digits)
        case .notANumber, .nonFinite: return nil
        }
    }
}

/// A number `.decimal` would have to round: more significant digits than a `Decimal` holds, or an
/// exponent beyond its range.
struct NotExactDecimal: BoxingFailure {
    let significantDigits: Int
    var failure: Failure { .inexactDecimal(significantDigits: significantDigits, maximumDigits: DecimalText.maximumDigits) }
}

import Foundation

extension Boxing where Value == Decimal {
    /// Boxes a number, exactly as written, or a numeric string into a `Decimal`:
    ///
    /// `"price": .box(.decimal, \.price)`. JSON numbers are read from their digits, never through `Double` (a parsed
    /// `Double` by its shortest digits); a string must be in JSON's number syntax (a leading `+` and zeros allowed).
    /// `""`, `"NaN"` or `"12abc"` fail with `price → price: not a valid Decimal; got "NaN" [box(Decimal)]`. Nothing
    /// is rounded: too many digits fail with `41 significant digits, more than a Decimal holds exactly (38, or 39
    /// below 2^128)`, an exponent beyond -128...127 (`1e-130`) with `out of the range a Decimal holds exactly`. A
    /// boolean is a `type` error. The reverse writes every digit.
    public static var decimal: Self {
        Boxing(
            named: "Decimal", input: DecimalSource.conversion, exactNumbers: true, DecimalSource.decimal,
            writeBack: { Serializer.writeDynamic($0, &$1, &$2) })
    }
}

/// What `.decimal` reads: a number, exactly, or a numeric string.
enum DecimalSource {
    private static let expected = TypeName.either("Decimal", "String")

    static let conversion = Conversion<DecimalText.Reading>(typeName: expected, kinds: [.number, .string]) { item, issues in
        switch item.scalar {
        case let .string(text):
            return DecimalText.reading(from: text)
        case let .number(number):
            return DecimalText.reading(of: number, value: item.value)
        default:
            issues.addMismatch(item, expected: expected)
            return nil
        }
    }

    /// Nil for what is not a finite number; throws for a number no `Decimal` holds exactly.
    @Sendable static func decimal(_ reading: DecimalText.Reading) throws -> Decimal? {
        switch reading {
        case let .decimal(value): return value
        case let .notExact(digits):
            throw BoxingFailure(failure: .inexactDecimal(significantDigits: digits, maximumDigits: DecimalText.maximumDigits))
        case .notANumber: return nil
        }
    }
}

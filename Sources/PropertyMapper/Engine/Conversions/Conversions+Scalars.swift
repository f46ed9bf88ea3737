import Foundation

extension Conversions {
    static let string = Conversion<String>(
        typeName: "String", kinds: .string,
        convert: { item, issues in
            if case let .string(text) = item.scalar { return text }
            issues.addMismatch(item, expected: "String")
            return nil
        },
        write: { value, output, _ in
            output.string(value)
            return true
        })

    static let bool = Conversion<Bool>(
        typeName: "Bool", kinds: .boolean,
        convert: { item, issues in
            if case let .bool(flag) = item.scalar { return flag }
            issues.addMismatch(item, expected: "Bool")
            return nil
        },
        write: { value, output, _ in
            output.bool(value)
            return true
        }, coercion: .boolean)

    /// A string of one character (one grapheme: `"é"`, `"👍🏽"`).
    static let character = Conversion<Character>(
        typeName: "Character", kinds: .string,
        convert: { item, issues in
            // The first character and no other, without counting a long string's.
            if case let .string(text) = item.scalar, let character = text.first, text.dropFirst().isEmpty { return character }
            issues.addMismatch(item, expected: "Character")
            return nil
        },
        write: { value, output, _ in
            output.string(String(value))
            return true
        })

    /// One wider than 64 bits (`Int128`) reads a decoder's numbers as their exact digits (`.exactNumbers`): a `Double`
    /// cannot tell 2^65 + 1 from 2^65.
    static func integer<T: FixedWidthInteger & Sendable>(_: T.Type) -> Conversion<T> {
        let name = String(describing: T.self)
        let expected = "\(name) (\(T.min)...\(T.max))"
        return Conversion<T>(
            typeName: name, kinds: .number, demand: T.bitWidth > 64 ? .exactNumbers : .whole,
            convert: { item, issues in
                guard case let .number(number) = item.scalar else {
                    issues.addMismatch(item, expected: name)
                    return nil
                }
                switch number.integer(as: T.self) {
                case let .success(result): return result
                case let .failure(problem):
                    issues.add(problem.failure(expected: problem == .outOfRange ? expected : name), value: item.value)
                    return nil
                }
            },
            write: { value, output, _ in
                output.integer(value)
                return true
            }, coercion: .integer)
    }

    static let double = Conversion<Double>(
        typeName: "Double", kinds: .number,
        convert: { item, issues in readDouble(item, &issues) },
        write: { value, output, issues in Serializer.write(double: value, &output, &issues) }, coercion: .fraction)

    /// The value as a finite `Double`; its errors expect `typeName` (`Float` for a `Float`).
    private static func readDouble(_ item: SourceItem, _ issues: inout ConversionIssues, as typeName: String = "Double") -> Double? {
        guard case let .number(number) = item.scalar else {
            issues.addMismatch(item, expected: typeName)
            return nil
        }
        switch number.finiteDouble {
        case let .success(result): return result
        case let .failure(problem):
            issues.add(problem.failure(expected: typeName), value: item.value)
            return nil
        }
    }

    static let float = floatingPoint(Float.self, writing: \.standsFor)

    /// `Float`, `CGFloat`, `Float16` or another floating-point type: read as a `Double`, which it must hold finitely.
    static func floatingPoint<T: BinaryFloatingPoint & Sendable>(
        _: T.Type, writing double: @escaping @Sendable (T) -> Double = { Double($0) }
    ) -> Conversion<T> {
        let name = String(describing: T.self)
        return Conversion<T>(
            typeName: name, kinds: .number,
            convert: { item, issues in
                guard let result = readDouble(item, &issues, as: name) else { return nil }
                let narrowed = T(result)
                if narrowed.isFinite { return narrowed }
                issues.add(.outOfRange(expected: "\(name) (±\(T.greatestFiniteMagnitude))"), value: item.value)
                return nil
            },
            write: { value, output, issues in Serializer.write(double: double(value), &output, &issues) }, coercion: .fraction)
    }

    /// Read from JSON as its exact digits (`.exactNumbers`), as `.decimal` reads them.
    static let decimal = Conversion<Decimal>(
        typeName: "Decimal", kinds: .number, demand: .exactNumbers,
        convert: { item, issues in
            guard case let .number(number) = item.scalar else {
                issues.addMismatch(item, expected: "Decimal")
                return nil
            }
            switch DecimalText.reading(of: number, value: item.value) {
            case let .decimal(value):
                return value
            case let .notExact(digits):
                issues.add(.inexactDecimal(significantDigits: digits, maximumDigits: DecimalText.maximumDigits), value: item.value)
            case .notANumber:
                issues.add(.nonFinite(expected: "Decimal"), value: item.value)
            }
            return nil
        },
        write: { value, output, issues in Serializer.write(decimal: value, &output, &issues) }, coercion: .decimal)
}

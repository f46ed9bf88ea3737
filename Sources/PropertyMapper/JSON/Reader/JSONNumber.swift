import Foundation

/// Numbers become what JSONSerialization (swift-corelibs-foundation) gives, so both paths agree: an integer (no `.`,
/// `e`, `E`) of up to 19 characters with a sign or 20 without that fits is an `Int` (`Int64` where `Int` is too small)
/// or a `UInt64`; otherwise one of more than 17 characters before any lower-case `e`, exponent within -128...127, is
/// the `NSDecimalNumber` of `Decimal(string:)`; anything else is the correctly rounded `Double` (beyond it, an error).
/// Where that reading is not the number written, fields judge the digits: an `InexactNumber` holds both.
extension JSONReader {
    /// Where a number's text lies, checked against the RFC grammar.
    struct NumberToken {
        var start: Int
        var end: Int
        var isNegative = false
        var isInteger = true
        /// Characters before a lower-case `e` (or all of them), sign and point included: JSONSerialization's measure.
        var characterCount = 0
        /// The significant digits as an integer, when there are at most 19 of them.
        var mantissa: UInt64 = 0
        var mantissaDigits = 0
        var fractionDigits = 0
        var hasExponent = false
    }

    mutating func scanNumber() throws(JSONSyntaxError) -> NumberToken {
        let start = position
        var index = position
        var token = NumberToken(start: start, end: start)
        if bytes[index] == UInt8(ascii: "-") {
            token.isNegative = true
            index += 1
        }
        guard index < end else { throw JSONSyntaxError(problem: .unexpectedEnd(expected: .digit), offset: index) }
        let first = bytes[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                throw JSONSyntaxError(problem: .leadingZero, offset: index - 1)
            }
            token.mantissaDigits = 1
        } else if first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") {
            index = digits(from: index, into: &token, counting: false)
        } else {
            position = index
            throw unexpected(expected: .digit)
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            token.isInteger = false
            index += 1
            let digitsStart = index
            index = digits(from: index, into: &token, counting: true)
            if index == digitsStart {
                position = index
                throw unexpected(expected: .digitAfterPoint)
            }
        }
        token.characterCount = index - start
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            token.isInteger = false
            token.hasExponent = true
            if bytes[index] == UInt8(ascii: "E") { token.characterCount = -1 }  // counted at the end
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            if index == digitsStart {
                position = index
                throw unexpected(expected: .digitInExponent)
            }
        }
        if token.characterCount < 0 { token.characterCount = index - start }
        token.end = index
        position = index
        return token
    }

    @inline(__always)
    private func digits(from index: Int, into token: inout NumberToken, counting fraction: Bool) -> Int {
        var index = index
        while index < end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if token.mantissaDigits < 19 {
                token.mantissa = token.mantissa &* 10 &+ UInt64(digit)
            }
            token.mantissaDigits += 1
            if fraction { token.fractionDigits += 1 }
            index += 1
        }
        return index
    }

    /// The number at `position` with its kind: an `Int`, a `Double`, or (rarer, see the top) what Foundation builds.
    mutating func readNumberItem() throws(JSONSyntaxError) -> SourceItem {
        let token = try scanNumber()
        if token.isInteger {
            if token.mantissaDigits <= 18, let magnitude = Int64(exactly: token.mantissa) {
                // Leading zeros are not allowed, so mantissaDigits is the digit count: below 10^18, it fits.
                return Self.integerItem(token.isNegative ? -magnitude : magnitude)
            }
            if !token.isNegative, token.mantissaDigits <= 20, let value = UInt64(text(of: token)) {
                guard let signed = Int64(exactly: value) else { return SourceItem(value) }
                return Self.integerItem(signed)
            }
            return SourceItem(try foundationNumber(token))
        }
        guard token.characterCount <= 17 else { return try foundationItem(token) }
        let value: Double
        if !token.hasExponent, token.mantissaDigits <= 15, token.fractionDigits <= 22 {
            // Both operands are exact, so the one division rounds correctly (Clinger's fast path).
            let magnitude = Double(token.mantissa) / Self.powersOfTen[token.fractionDigits]
            value = token.isNegative ? -magnitude : magnitude
        } else {
            guard let parsed = Double(text(of: token)), parsed.isFinite else {
                throw JSONSyntaxError(problem: .numberOutOfRange(text(of: token)), offset: token.start)
            }
            value = parsed
            if value == 0, let tiny = fractionBelowEveryDouble(token, plain: value) { return tiny }
            // Beyond 15 digits, a whole `Double` an integer type takes may stand for another number (`1` for
            // `10000000000000001e-16`, `9007199254740992` for `9007199254740993e0`): fields judge the digits.
            if token.mantissaDigits > 15, value.rounded(.towardZero) == value, value.magnitude <= 0x1p64,
                case let .decimal(exact) = DecimalText.reading(from: bytes.rebased(token.start..<token.end), json: true),
                case let number = SourceNumber(decimal: exact), SourceNumber.compare(number, .double(value)) != .orderedSame
            {
                return inexactItem(token, number, plain: value)
            }
        }
        return SourceItem(value, .number(.double(value)))
    }

    /// A number of more than 17 characters with a point or an exponent: Foundation's reading, unless that is a `Decimal`
    /// that could not hold it (`2.000…0001`, 42 digits, read as 2): then the number written, every digit kept.
    private func foundationItem(_ token: NumberToken) throws(JSONSyntaxError) -> SourceItem {
        let plain = try foundationNumber(token)
        if (plain as? NSNumber)?.doubleValue == 0, let tiny = fractionBelowEveryDouble(token, plain: plain) { return tiny }
        // Only a number of more than 38 digits can be one, and only when read as a `Decimal`.
        guard token.mantissaDigits > DecimalText.maximumDigits, SourceValue.typeID(of: plain) == SourceValue.decimalNumberType,
            let exact = DecimalText.numberNoDecimalHolds(bytes.rebased(token.start..<token.end))
        else { return SourceItem(plain) }
        return inexactItem(token, exact, plain: plain)
    }

    /// A number whose plain reading (what a dynamic cast gets) is not `number`, the number written.
    private func inexactItem(_ token: NumberToken, _ number: SourceNumber, plain: Any) -> SourceItem {
        SourceItem(InexactNumber(text: text(of: token), nearest: number, plain: plain), .number(number))
    }

    /// A number that reads as zero but writes a digit other than 0 before any exponent (`1e-400`, below every `Double`):
    /// a fraction, never the integer 0, kept beside its text; an `Any` still gets the zero.
    private func fractionBelowEveryDouble(_ token: NumberToken, plain: Any) -> SourceItem? {
        var index = token.start
        while index < token.end, bytes[index] | 0x20 != UInt8(ascii: "e") {
            if bytes[index] >= UInt8(ascii: "1"), bytes[index] <= UInt8(ascii: "9") {
                return inexactItem(token, .preciseFraction(text(of: token)), plain: plain)
            }
            index += 1
        }
        return nil
    }

    @inline(__always)
    private static func integerItem(_ value: Int64) -> SourceItem {
        SourceItem(integer(value, as: Int.self), .number(.int(value)))
    }

    /// Checks the number at `position` and moves past it; only numbers that could be out of range are converted.
    mutating func skipNumber() throws(JSONSyntaxError) {
        let token = try scanNumber()
        if token.hasExponent || token.end - token.start > 17 {
            position = token.start
            _ = try readNumberItem()
        }
    }

    /// `value` as the platform's `Int` when it fits, else as the `Int64` it is: no trap where `Int` is 32 bits.
    @inline(__always)
    static func integer<Native: FixedWidthInteger & SignedInteger>(_ value: Int64, as _: Native.Type) -> Any {
        if let native = Native(exactly: value) { return native }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    private func text(of token: NumberToken) -> String {
        bytes.rebased(token.start..<token.end).string
    }

    /// `NSNumber.fromJSONNumber` of swift-corelibs-foundation, for the rare numbers it does not read as 64-bit integers or short doubles.
    private func foundationNumber(_ token: NumberToken) throws(JSONSyntaxError) -> Any {
        let text = text(of: token)
        // Read in 64 bits whatever the width of `Int`; an exponent too long even for that is out of range.
        var exponentFitsDecimal = true
        if let marker = text.firstIndex(of: "e") {
            exponentFitsDecimal = Int64(text[text.index(after: marker)...]).map { (-128...127).contains($0) } ?? false
        }
        if token.characterCount > 17, exponentFitsDecimal, let decimal = Decimal(string: text), decimal.isFinite {
            return NSDecimalNumber(decimal: decimal)
        }
        if let value = Double(text), value.isFinite { return value }
        throw JSONSyntaxError(problem: .numberOutOfRange(text), offset: token.start)
    }
}

// MARK: Exact numbers

extension JSONReader {
    /// The number at `position` for a `Decimal`: as `readNumberItem` gives it when that is exact (an integer, a `Double` with the
    /// same shortest digits: `19.99`, Foundation's decimal), else the `NSDecimalNumber` of its digits, never through
    /// `Double` (`9007199254740.993`); one a `Decimal` cannot hold is an `InexactNumber`, its text beside `readNumberItem`'s.
    mutating func readExactNumber() throws(JSONSyntaxError) -> Any {
        let token = try scanNumber()
        let reading =
            token.isInteger && token.mantissaDigits <= 18
            ? nil : DecimalText.reading(from: bytes.rebased(token.start..<token.end), json: true)
        position = token.start
        let number = try readNumberItem().value
        switch reading {
        case let .decimal(decimal):
            // A `Double` that stands for another number (`0.1000000000000000055511151231257827`, `10000000000000001e-16`),
            // read plainly or kept beside its text.
            let plain = InexactNumber.of(number)?.plain ?? number
            if SourceValue.typeID(of: plain) == SourceValue.doubleType, let double = plain as? Double,
                DecimalText.decimal(from: "\(double)") != decimal
            {
                return NSDecimalNumber(decimal: decimal)
            }
        case .notExact:
            if InexactNumber.of(number) != nil { return number }
            return InexactNumber(text: text(of: token), nearest: SourceValue.number(number) ?? .double(.nan), plain: number)
        case .notANumber, nil:
            break
        }
        return number
    }
}

import Foundation

/// Numbers, read into the value JSONSerialization (swift-corelibs-foundation) gives the engine, so both
/// paths map, validate and render every number alike:
/// - an integer (no `.`, `e` or `E`) of at most 19 characters with a sign or 20 without that fits:
///   `Int` when it fits `Int64` (`Int64` where `Int` is 32 bits and the value needs more), `UInt64`
///   above `Int64.max`;
/// - otherwise, with more than 17 characters before any lower-case `e` and an exponent within
///   -128...127: the `NSDecimalNumber` of `Decimal(string:)` (integers beyond 64 bits, long fractions);
/// - otherwise the correctly rounded `Double`; a `Double` overflow is an error.
extension JSONReader {
    /// Where a number's text lies, checked against the RFC grammar.
    struct NumberToken {
        var start: Int
        var end: Int
        var isNegative: Bool
        /// No fraction and no exponent.
        var isInteger: Bool
        /// Characters before a lower-case `e` (or all of them), sign and point included: JSONSerialization's measure.
        var characterCount: Int
        /// The significant digits as an integer, when there are at most 19 of them.
        var mantissa: UInt64
        var mantissaDigits: Int
        /// Digits after the point.
        var fractionDigits: Int
        var hasExponent: Bool
    }

    /// Checks the number at `position` and moves past it.
    mutating func scanNumber() throws(JSONSyntaxError) -> NumberToken {
        let start = position
        var index = position
        var token = NumberToken(
            start: start, end: start, isNegative: false, isInteger: true, characterCount: 0,
            mantissa: 0, mantissaDigits: 0, fractionDigits: 0, hasExponent: false)
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

    /// Reads digits from `index`, adding up to 19 of them to the mantissa.
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

    /// The number at `position`, as JSONSerialization gives it to the engine.
    mutating func readNumber() throws(JSONSyntaxError) -> Any {
        switch try readNumberReading() {
        case let .integer(value): Self.integer(value, as: Int.self)
        case let .double(value): value
        case let .other(value): value
        }
    }

    /// The number at `position` read for the engine: as `readNumber` gives it, with its reading.
    mutating func readNumberItem() throws(JSONSyntaxError) -> SourceItem {
        switch try readNumberReading() {
        case let .integer(value): SourceItem(Self.integer(value, as: Int.self), .number(.int(value)))
        case let .double(value): SourceItem(value, .number(.double(value)))
        case let .other(value): SourceItem(value)
        }
    }

    /// A number as read, before it is given out.
    private enum NumberReading {
        /// An integer that fits in 64 bits, given out as an `Int` where it fits one.
        case integer(Int64)
        case double(Double)
        /// A `UInt64` above `Int64.max`, or a rarer number built by Foundation.
        case other(Any)
    }

    private mutating func readNumberReading() throws(JSONSyntaxError) -> NumberReading {
        let token = try scanNumber()
        if token.isInteger {
            if token.mantissaDigits <= 18, let magnitude = Int64(exactly: token.mantissa) {
                // Leading zeros are not allowed, so mantissaDigits is the digit count: below 10^18, it fits.
                return .integer(token.isNegative ? -magnitude : magnitude)
            }
            if !token.isNegative, token.mantissaDigits <= 20, let value = UInt64(text(of: token)) {
                guard let signed = Int64(exactly: value) else { return .other(value) }
                return .integer(signed)
            }
            return .other(try foundationNumber(token))
        }
        if token.characterCount <= 17 {
            if !token.hasExponent, token.mantissaDigits <= 15, token.fractionDigits <= 22 {
                // Both operands are exact, so the one division rounds correctly (Clinger's fast path).
                let magnitude = Double(token.mantissa) / Self.powersOfTen[token.fractionDigits]
                return .double(token.isNegative ? -magnitude : magnitude)
            }
            guard let value = Double(text(of: token)), value.isFinite else {
                throw JSONSyntaxError(problem: .numberOutOfRange(text(of: token)), offset: token.start)
            }
            return .double(value)
        }
        return .other(try foundationNumber(token))
    }

    /// Checks the number at `position` and moves past it; only numbers that could be out of range are converted.
    mutating func skipNumber() throws(JSONSyntaxError) {
        let token = try scanNumber()
        if token.hasExponent || token.end - token.start > 17 {
            position = token.start
            _ = try readNumber()
        }
    }

    /// `value` as a `Native` (the platform's `Int`) when it fits, otherwise as the `Int64` it is, so a
    /// 64-bit JSON integer never traps where `Int` is 32 bits (the engine reads both).
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

// MARK: Exact numbers, for the fields that ask for them

extension JSONReader {
    /// The value at `position` as `.exactNumbers` asks: a number, or the numbers of an array of
    /// scalars, built from their exact digits; anything else as `readValue` builds it.
    mutating func readExactValue(depth: Int) throws(JSONSyntaxError) -> Any {
        let first = try peekToken(expected: .value)
        if Self.startsNumber(first) { return try readExactNumber() }
        // An array of scalars (`[12.50, "3.1"]`); one holding a container is read as usual.
        if first == UInt8(ascii: "["), let flat = try readFlatArray(depth: depth, exactNumbers: true) { return flat }
        return try readValue(depth: depth)
    }

    /// The number at `position`: an integer of up to 18 digits as `readNumber` gives it (it is exact);
    /// any other number that a `Decimal` holds exactly, as `readNumber` gives it when that is a
    /// `Double` whose shortest digits are the same number (`1e+30`, `19.99`: what JSONSerialization
    /// gives, read alike), otherwise as the `NSDecimalNumber` of its digits (`9007199254740.993`, which
    /// no `Double` holds, with no trip through `Double`); a number a `Decimal` cannot hold (more digits
    /// than its significand, an exponent out of its range) as an `InexactNumber`, its text kept beside
    /// what `readNumber` gives for it (which still refuses a number beyond a `Double`).
    mutating func readExactNumber() throws(JSONSyntaxError) -> Any {
        let start = position
        let token = try scanNumber()
        var significantDigits: Int?
        if !(token.isInteger && token.mantissaDigits <= 18) {
            switch DecimalText.reading(from: bytes.rebased(token.start..<token.end), json: true) {
            case let .decimal(decimal):
                position = start
                if let double = try readNumber() as? Double, DecimalText.decimal(from: "\(double)") == decimal { return double }
                return NSDecimalNumber(decimal: decimal)
            case let .notExact(digits): significantDigits = digits
            case .notANumber, .nonFinite: break
            }
        }
        position = start
        let number = try readNumber()
        guard let significantDigits else { return number }
        return InexactNumber(
            text: text(of: token), significantDigits: significantDigits, nearest: SourceValue.number(number) ?? .double(.nan))
    }
}

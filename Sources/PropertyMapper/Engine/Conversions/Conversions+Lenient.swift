import Foundation

/// The lenient reading of strings as numbers and booleans (`.lenient()`), one table for every field.
enum Coercion {
    /// What a string reads as: a value the strict conversion takes, or nil (the strict conversion then reports the string).
    enum Target: Sendable {
        case integer, fraction, decimal, boolean

        func read(_ text: String) -> Any? {
            switch self {
            case .integer:
                guard Coercion.isInteger(text) else { return nil }
                if let value = Int64(text) { return value }
                if let value = UInt64(text) { return value }
                // Beyond 64 bits: a range error, however many digits (a `Decimal` holds 38).
                if let value = DecimalText.decimal(from: text) { return NSDecimalNumber(decimal: value) }
                let magnitude = text.drop { $0 == "+" || $0 == "-" || $0 == "0" }
                let wide = SourceNumber.wide((text.first == "-" ? "-" : "") + magnitude)
                return InexactNumber(text: text, nearest: wide, plain: Double(text) ?? .nan)
            case .fraction:
                return Coercion.isNumberSyntax(text) ? Double(text) : nil
            case .decimal:
                switch DecimalText.reading(from: text) {
                case let .decimal(value): return value
                case .notExact:  // reported as such by the strict conversion
                    let nearest = Double(text) ?? .nan
                    return InexactNumber(text: text, nearest: .double(nearest), plain: nearest)
                case .notANumber: return nil
                }
            case .boolean:
                return text == "true" ? true : (text == "false" ? false : nil)
            }
        }
    }

    /// `item` read by the table when it is a string the table reads, with a `coerced` warning to `typeName`; else `item`.
    static func coerced(_ item: SourceItem, _ target: Target, to typeName: String, _ issues: inout ConversionIssues) -> SourceItem {
        guard case let .string(text) = item.scalar, let value = target.read(text) else { return item }
        issues.add(Notice.coerced(typeName: typeName), value: item.value)
        return SourceItem(value)
    }

    /// An optional sign, then decimal digits only.
    static func isInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// JSON's number syntax with an optional leading `+` and leading zeros.
    static func isNumberSyntax(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        guard digits() > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}

extension Conversions {
    /// `.lenient()` of any field's conversion: a scalar with a `coercion` (an integer-backed enum too, and `.date`'s epoch
    /// formats) reads a string by that entry first (a `coerced` warning); a container, every such scalar inside; nil when
    /// none does, which stays strict.
    static func lenient<Value>(_ strict: Conversion<Value>) -> Conversion<Value>? {
        if strict.appliedCoercion != nil { return strict }  // lenient already
        guard let target = strict.coercion else { return strict.forms?.lenient() }
        return Conversion(
            typeName: strict.typeName, kinds: strict.kinds.union(.string), demand: strict.demand,
            convert: { item, issues in strict.convert(Coercion.coerced(item, target, to: strict.typeName, &issues), &issues) },
            write: strict.write, appliedCoercion: target, coercion: target)
    }
}

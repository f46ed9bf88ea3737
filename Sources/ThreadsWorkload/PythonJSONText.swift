/// A byte buffer written as Python's `json.dump(value, separators=(",", ":"))` writes: no spaces,
/// and strings as `ensure_ascii` escapes them (`\"`, `\\`, `\n` and the other short escapes,
/// `\u00XX` for other control characters and DEL, `\uXXXX` in lower-case hex for every non-ASCII
/// scalar, a surrogate pair above U+FFFF).
struct PythonJSONText {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    /// Appends ASCII punctuation or keys as they are.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    mutating func null() { raw("null") }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: raw(#"\""#)
            case 0x5C: raw(#"\\"#)
            case 0x0A: raw(#"\n"#)
            case 0x0D: raw(#"\r"#)
            case 0x09: raw(#"\t"#)
            case 0x08: raw(#"\b"#)
            case 0x0C: raw(#"\f"#)
            case 0x20...0x7E: bytes.append(UInt8(scalar.value))
            case 0x10000...:
                let value = scalar.value - 0x10000
                escape(0xD800 + (value >> 10))
                escape(0xDC00 + (value & 0x3FF))
            default: escape(scalar.value)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ unit: UInt32) {
        let digits = Array("0123456789abcdef".utf8)
        raw(#"\u"#)
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(digits[Int((unit >> UInt32(shift)) & 0xF)])
        }
    }
}

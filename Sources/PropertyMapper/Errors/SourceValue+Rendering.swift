// The words for source values: each offending value in an error or a warning, rendered briefly.

import Foundation

extension SourceValue {
    /// The value rendered briefly as JSON: long strings are cut (keeping their length), containers are summarized.
    static func render(_ value: Any) -> String {
        let value = normalized(value)
        if isNull(value) { return "null" }
        if let text = string(value) { return render(string: text) }
        if let character = value as? Character { return render(string: String(character)) }  // a `Character`-backed enum's
        if let flag = bool(value) { return flag ? "true" : "false" }
        if let inexact = InexactNumber.of(value) { return truncated(inexact.text) }  // every digit it has
        if let number = number(value) { return number.rendered }
        if let array = indexed(value) {
            let count = array.count
            // A set's elements come in no fixed order: summarized, so that a message is the same on every run.
            if count <= 6, !(value is any UnorderedElements) {
                let items = (0..<count).map { array[$0] }
                if items.allSatisfy(isScalar) {
                    let inline = "[" + items.map { render($0) }.joined(separator: ", ") + "]"
                    if inline.count <= 48 { return inline }
                }
            }
            return arraySummary(count)
        }
        if let object = keyed(value) { return objectSummary(object.writtenKeyCount) }
        // An enum case as the raw value it is written as: `"unknown"`, not `unknown`.
        if let raw = value as? any RawRepresentable { return render(raw.rawValue) }
        // Values the boxings write as text, as that text: a date as ISO 8601 where it can be (`"2026-11-27T10:00:00Z"`),
        // else by its seconds (Foundation on Linux describes a date past year 9999 as `<description unavailable>`).
        if let date = value as? Date {
            return (try? DateFormat.iso8601.source(of: date) as? String).map { render(string: $0) }
                ?? "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
        }
        if let url = value as? URL { return render(string: url.absoluteString) }
        if let uuid = value as? UUID { return render(string: uuid.uuidString) }
        // A model as the container its mapping writes.
        if let model = type(of: value) as? any MappedModel.Type { return model.renderedShape }
        // Another value: its own description, or, where a type has none, a summary, never the whole value.
        let mirror = Mirror(reflecting: value)
        let count = mirror.children.count
        switch mirror.displayStyle {
        case .dictionary?: return objectSummary(count)
        case .collection?, .set?: return arraySummary(count)
        case .struct?, .class?:
            return value is any CustomStringConvertible ? truncated(String(describing: value)) : TypeName.of(type(of: value)) + "(…)"
        default: return truncated(String(describing: value))
        }
    }

    static func arraySummary(_ count: Int) -> String {
        "[…] (\(count) \(count == 1 ? "element" : "elements"))"
    }

    static func objectSummary(_ count: Int) -> String {
        "{…} (\(count) \(count == 1 ? "key" : "keys"))"
    }

    private static func isScalar(_ value: Any) -> Bool {
        let value = normalized(value)
        return isNull(value) || bool(value) != nil || number(value) != nil
            || string(value).map { $0.count <= 12 } == true
    }

    /// A value the mapping expects (a candidate, a key, a tag), cut only past 128 characters: long ones that share a
    /// beginning stay apart.
    static func renderExpected(_ value: Any) -> String {
        let value = normalized(value)
        if let text = string(value) { return render(string: text, limit: 128) }
        // A small object in full, as a small array is: `{"k": 1}` says what was expected where `{…} (1 key)` does not. Its
        // keys sorted, so that a message is the same on every run.
        if let object = keyed(value), object.count <= 6, object.otherKeys.isEmpty {
            var entries: [(key: String, value: Any)] = []
            object.forEach { entries.append(($0, $1)) }
            if entries.allSatisfy({ isScalar($0.value) }) {
                let fields = entries.sorted { $0.key < $1.key }.map { render(string: $0.key) + ": " + render($0.value) }
                let inline = "{" + fields.joined(separator: ", ") + "}"
                if inline.count <= 64 { return inline }
            }
        }
        return render(value)
    }

    static func render(string text: String, limit: Int = 32) -> String {
        let count = text.count
        // A character may hold any number of scalars (combining marks): the cut counts both.
        let scalars = text.unicodeScalars.count
        guard count > limit || scalars > 4 * limit else { return quoted(text) }
        let kept = String(text.prefix(limit - 9).unicodeScalars.prefix(3 * limit))
        return quoted(kept + "…") + (count > limit ? " (\(count) characters)" : " (\(scalars) Unicode scalars)")
    }

    private static func truncated(_ text: String) -> String {
        text.count > 48 ? String(text.prefix(47)) + "…" : text
    }

    /// Whether `quoted` writes `scalar` as `\u…`: control characters, line and paragraph separators, which break a printed
    /// line, and bidirectional overrides, which reorder one.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{2028}", "\u{2029}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}": true
        default: scalar.properties.generalCategory == .control
        }
    }

    static func quoted(_ text: String) -> String { "\"" + escaped(text, quoting: true) + "\"" }

    /// `text` on one line, in the order written: each scalar `isEscaped` names as its escape, and `"` and `\` too when
    /// `quoting`.
    static func escaped(_ text: String, quoting: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quoting: result += "\\\""
            case "\\" where quoting: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isEscaped(scalar):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension MappedModel {
    /// A model summarized as the container its mapping writes: an object of its keys, or an array of its indices.
    fileprivate static var renderedShape: String {
        let root = mapping.plan.root
        return root.shape == .indexed ? SourceValue.arraySummary(root.entries.count) : SourceValue.objectSummary(root.entries.count)
    }
}

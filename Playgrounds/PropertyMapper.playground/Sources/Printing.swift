import Foundation
import PropertyMapper

// Plain-text output for the tour and the playground pages: headings, aligned columns, values.
// The tour (Sources/Tour/Shared) and the playground (Playgrounds/PropertyMapper.playground/Sources)
// hold identical copies of this file; a test keeps them identical.

/// Prints a step's heading: `3. Boxing`, underlined.
public func heading(_ number: Int, _ title: String) {
    let text = "\(number). \(title)"
    print("")
    print(text)
    print(String(repeating: "-", count: text.count))
}

/// Prints rows as columns aligned on the widest cell, two spaces apart, indented by two spaces.
public func table(_ rows: [[String]]) {
    var widths: [Int] = []
    for row in rows {
        for (column, cell) in row.enumerated() {
            if column == widths.count { widths.append(0) }
            widths[column] = Swift.max(widths[column], cell.count)
        }
    }
    for row in rows {
        let cells = row.enumerated().map { column, cell in
            column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
        }
        print("  " + cells.joined(separator: "  "))
    }
}

/// Prints one row per failure: source path, target property, rule, offending value, message.
public func errorTable(_ errors: [ValidationError]) {
    let header = ["PATH", "PROPERTY", "RULE", "VALUE", "MESSAGE"]
    table([header] + errors.map { [$0.path, $0.property, $0.rule, $0.value ?? "(absent)", $0.message] })
}

/// A property value as the tour shows it: strings quoted, URLs and dates as text, nil as `nil`.
public func show(_ value: Any?) -> String {
    guard let value else { return "nil" }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { show($0.value) } ?? "nil"
    }
    switch value {
    case let text as String:
        return "\"\(text)\""
    case let url as URL:
        return url.absoluteString
    case let date as Date:
        return date.ISO8601Format()
    case let list as [Any]:
        return "[" + list.map { show($0) }.joined(separator: ", ") + "]"
    default:
        return String(describing: value)
    }
}

import Foundation
import Testing

@testable import PropertyMapper

extension JSONDocument {
    /// The whole document, every value built, as a dynamic cast gets it (a number read exactly as its plain value).
    static func parse(_ data: Data) throws(JSONSyntaxError) -> Any {
        InexactNumber.plain(in: try read(data, .whole))
    }
}

extension JSONWriter {
    static func data(for value: JSONValue, options: SerializationOptions = []) throws(JSONWriteError) -> Data {
        Data(try bytes(for: value, options: options))
    }

    static func bytes(for value: JSONValue, options: SerializationOptions = []) throws(JSONWriteError) -> [UInt8] {
        var output = JSONOutput(options: options)
        do {
            try output.append(value, sortingKeys: options.contains(.sortedKeys), floor: JSONWriter.stackFloor())
        } catch {
            throw error.error
        }
        return output.bytes
    }

    /// A Foundation value, as `JSONValue(converting:)` reads it, as JSON text.
    static func data(forFoundation value: Any, options: SerializationOptions = []) throws(JSONWriteError) -> Data {
        try data(for: JSONValue(converting: value), options: options)
    }
}

/// A parsed value as the engine sees it: kinds and exact numbers, whatever Swift or Foundation type holds them.
indirect enum EngineView: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(SourceNumber, negativeZero: Bool)
    case string(String)
    case array([EngineView])
    case object([String: EngineView])
    case other(String)

    init(_ value: Any) {
        let value = SourceValue.normalized(value)
        if SourceValue.isNull(value) {
            self = .null
        } else if let text = SourceValue.string(value) {
            self = .string(text)
        } else if let flag = SourceValue.bool(value) {
            self = .bool(flag)
        } else if let number = SourceValue.number(value) {
            var negativeZero = false
            if case let .double(double) = number { negativeZero = double == 0 && double.sign == .minus }
            self = .number(number, negativeZero: negativeZero)
        } else if let array = SourceValue.indexed(value) {
            self = .array((0..<array.count).map { EngineView(array[$0]) })
        } else if let object = SourceValue.keyed(value) {
            var dictionary: [String: EngineView] = [:]
            object.forEach { dictionary[$0] = EngineView($1) }
            self = .object(dictionary)
        } else {
            self = .other(String(describing: type(of: value)))
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case let .bool(flag): return "\(flag)"
        case let .number(number, negativeZero): return negativeZero ? "-0.0" : number.rendered
        case let .string(text): return SourceValue.quoted(text)
        case let .array(items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case let .object(members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\(SourceValue.quoted($0.key)):\($0.value)" }.joined(separator: ",") + "}"
        case let .other(name): return "<\(name)>"
        }
    }
}

/// What a reader made of a document: the value as the engine sees it, or a rejection.
enum ReadOutcome: Equatable, CustomStringConvertible {
    case value(EngineView)
    case rejected

    /// JSONSerialization's reading, as the `[String: Any]` path receives it.
    static func foundation(_ bytes: [UInt8]) -> ReadOutcome {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return .rejected }
        return .value(EngineView(value))
    }

    /// The library's own reader, every value built.
    static func reader(_ bytes: [UInt8]) -> ReadOutcome {
        guard let value = try? JSONDocument.parse(Data(bytes)) else { return .rejected }
        return .value(EngineView(value))
    }

    var description: String {
        switch self {
        case let .value(view): return view.description
        case .rejected: return "rejected"
        }
    }
}

/// The library reader's error for a document, if it rejects it.
func readerError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONDocument.parse(Data(bytes))
        return nil
    } catch {
        return error
    }
}

/// Random valid JSON text: every kind of value, escapes, non-ASCII text, numbers of every form and size.
struct DocumentGenerator {
    var random: SplitMix64

    mutating func document() -> String {
        value(depth: 0)
    }

    mutating func value(depth: Int) -> String {
        switch Int.random(in: 0..<(depth < 4 ? 10 : 7), using: &random) {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2, 3: return number()
        case 4, 5, 6: return string()
        case 7, 8:
            let count = Int.random(in: 0...4, using: &random)
            return "[" + (0..<count).map { _ in whitespace() + value(depth: depth + 1) + whitespace() }.joined(separator: ",") + "]"
        default:
            let count = Int.random(in: 0...4, using: &random)
            let keys = ["a", "b", "id", "name", "é", "e\\u0301", "\\u0061"]
            return "{"
                + (0..<count).map { _ in
                    let key = Bool.random(using: &random) ? keys.randomElement(using: &random)! : String(string().dropFirst().dropLast())
                    return whitespace() + "\"" + key + "\"" + whitespace() + ":" + value(depth: depth + 1)
                }.joined(separator: ",") + whitespace() + "}"
        }
    }

    mutating func whitespace() -> String {
        ["", "", "", " ", "\n", "\t", "\r\n "].randomElement(using: &random)!
    }

    mutating func digits(_ range: ClosedRange<Int>) -> String {
        let count = Int.random(in: range, using: &random)
        return String((0..<count).map { _ in Character(Unicode.Scalar(UInt8.random(in: 48...57, using: &random))) })
    }

    mutating func number() -> String {
        let sign = Bool.random(using: &random) ? "-" : ""
        let whole = Int.random(in: 0..<5, using: &random) == 0 ? "0" : String(Int.random(in: 1...9, using: &random)) + digits(0...25)
        let fraction = Bool.random(using: &random) ? "" : "." + digits(1...22)
        let exponent =
            Int.random(in: 0..<3, using: &random) == 0
            ? ["e", "E"].randomElement(using: &random)! + ["", "+", "-"].randomElement(using: &random)!
                + String(Int.random(in: 0...330, using: &random))
            : ""
        return sign + whole + fraction + exponent
    }

    mutating func string() -> String {
        let pieces = [
            "a", "Z", " ", "é", "中", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\t", "\\u0000",
            "\\u001f", "\\u00E9", "\\ud83d\\ude00", "\\uD834\\uDD1E", "\\uFFFF", "\u{7F}", "~",
        ]
        let count = Int.random(in: 0...12, using: &random)
        return "\"" + (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined() + "\""
    }
}

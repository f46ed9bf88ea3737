import Foundation

/// A model flattened to its fields, `(path, exact value)` in declaration order, nested models
/// included (`branch.twigs[1].leaf.value`), for the lossless tests: two models are equal when their
/// lists are, and a failure names the first path where they differ.
///
/// The values are exact where Swift's `==` is not: strings by their Unicode scalars (`"é"` and
/// `"e\u{301}"` differ), doubles and floats by their bits (`-0.0` and `0.0` differ), dates by the
/// bits of their interval. Sets and dictionaries are listed in a fixed order of their elements.
struct FieldList: Equatable, Hashable, CustomStringConvertible {
    struct Field: Equatable, Hashable {
        let path: String
        let value: Exact
    }

    private(set) var fields: [Field] = []
    /// Whether fields keep their paths: needed only to name a difference, so `==` goes without.
    let recordsPaths: Bool

    init(recordsPaths: Bool = true) {
        self.recordsPaths = recordsPaths
    }

    /// The fields of `model`, at the root (paths without a prefix).
    init(_ model: some FieldListed, recordsPaths: Bool = true) {
        self.recordsPaths = recordsPaths
        model.list(into: &self, at: "")
    }

    static func == (lhs: FieldList, rhs: FieldList) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.value == $1.value }
    }

    func hash(into hasher: inout Hasher) {
        for field in fields { hasher.combine(field.value) }
    }

    var description: String { fields.map { "\($0.path) = \($0.value)" }.joined(separator: "\n") }

    /// `"path: expected …, got …"` for the first field where `actual` differs from `self`; nil when
    /// they are equal.
    func firstDifference(from actual: FieldList) -> String? {
        for (index, expected) in fields.enumerated() {
            guard index < actual.fields.count else { return "\(expected.path): expected \(expected.value), got nothing (the model ends)" }
            let got = actual.fields[index]
            if got.path != expected.path { return "\(expected.path): expected \(expected.value), got the field \(got.path) = \(got.value)" }
            if got.value != expected.value { return "\(expected.path): expected \(expected.value), got \(got.value)" }
        }
        if actual.fields.count > fields.count {
            let extra = actual.fields[fields.count]
            return "\(extra.path): expected nothing (the model ends), got \(extra.value)"
        }
        return nil
    }

    // MARK: Paths

    static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }

    private func child(_ path: String, _ name: String) -> String {
        recordsPaths ? Self.join(path, name) : ""
    }

    // MARK: Adding fields

    mutating func add(_ path: String, _ value: Exact) {
        fields.append(Field(path: path, value: value))
    }

    mutating func add<Value: ExactText>(_ name: String, _ value: Value, at path: String) {
        add(child(path, name), value.exact)
    }

    mutating func add<Value: ExactText>(_ name: String, _ value: Value?, at path: String) {
        add(child(path, name), value?.exact ?? .absent)
    }

    mutating func add<Value: ExactText>(_ name: String, _ values: [Value]?, at path: String) {
        add(child(path, name), values.map { .list($0.map(\.exact)) } ?? .absent)
    }

    mutating func add<Value: ExactText>(_ name: String, _ values: [[Value]]?, at path: String) {
        add(child(path, name), values.map { .list($0.map { .list($0.map(\.exact)) }) } ?? .absent)
    }

    mutating func add<Value: ExactText>(_ name: String, _ values: [String: Value], at path: String) {
        let keys = values.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        add(child(path, name), .list(keys.map { .pair($0.exact, values[$0]!.exact) }))
    }

    mutating func add(_ name: String, _ values: Set<String>, at path: String) {
        add(child(path, name), .list(values.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(\.exact)))
    }

    // Nested models: their own fields, under the property's path.

    mutating func add<Model: FieldListed>(_ name: String, _ model: Model, at path: String) {
        model.list(into: &self, at: child(path, name))
    }

    mutating func add<Model: FieldListed>(_ name: String, _ model: Model?, at path: String) {
        if let model { model.list(into: &self, at: child(path, name)) } else { add(child(path, name), .absent) }
    }

    mutating func add<Model: FieldListed>(_ name: String, _ models: [Model], at path: String) {
        models.list(into: &self, at: child(path, name))
    }

    mutating func add<Model: FieldListed>(_ name: String, _ models: [String: Model], at path: String) {
        let path = child(path, name)
        let keys = models.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        add(child(path, "keys"), .list(keys.map(\.exact)))
        for key in keys { models[key]?.list(into: &self, at: recordsPaths ? "\(path)[\(key.exact)]" : "") }
    }

    /// A set of models, in the order of their fields' descriptions (sets here are small).
    mutating func add<Model: FieldListed & Hashable>(_ name: String, _ models: Set<Model>, at path: String) {
        let path = child(path, name)
        add(child(path, "count"), .integer(Int64(models.count)))
        let sorted = models.map { FieldList($0) }.sorted { $0.description < $1.description }
        for (index, list) in sorted.enumerated() {
            for field in list.fields {
                add(recordsPaths ? "\(path){\(index)}" + (field.path.isEmpty ? "" : "." + field.path) : "", field.value)
            }
        }
    }
}

/// A value as the lossless tests compare it: strings scalar for scalar, floating point bit for bit.
indirect enum Exact: Hashable, CustomStringConvertible {
    case absent
    case integer(Int64)
    case unsigned(UInt64)
    case bool(Bool)
    case uuid(UUID)
    /// Compared by value: `1.50` is `1.5`.
    case decimal(Decimal)
    /// A string, compared by its Unicode scalars.
    case string(String)
    case double(Double)
    case float(Float)
    case bytes(Data)
    case list([Exact])
    case pair(Exact, Exact)
    /// A value of a named kind (`Date`, `URL`, `Decimal`, an enum's raw value).
    case tagged(String, Exact)

    static func == (lhs: Exact, rhs: Exact) -> Bool {
        switch (lhs, rhs) {
        case (.absent, .absent): true
        case let (.integer(a), .integer(b)): a == b
        case let (.unsigned(a), .unsigned(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.uuid(a), .uuid(b)): a == b
        case let (.decimal(a), .decimal(b)): a == b
        case let (.string(a), .string(b)): a.utf8.elementsEqual(b.utf8)
        case let (.double(a), .double(b)): a.bitPattern == b.bitPattern
        case let (.float(a), .float(b)): a.bitPattern == b.bitPattern
        case let (.bytes(a), .bytes(b)): a == b
        case let (.list(a), .list(b)): a == b
        case let (.pair(a, x), .pair(b, y)): a == b && x == y
        case let (.tagged(a, x), .tagged(b, y)): a == b && x == y
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case let .string(text):
            for byte in text.utf8 { hasher.combine(byte) }
        case .absent: hasher.combine(0)
        case let .integer(value): hasher.combine(value)
        case let .unsigned(value): hasher.combine(value)
        case let .bool(value): hasher.combine(value)
        case let .uuid(value): hasher.combine(value)
        case let .decimal(value): hasher.combine(NSDecimalNumber(decimal: value).doubleValue)  // equal values, equal hashes
        case let .double(value): hasher.combine(value.bitPattern)
        case let .float(value): hasher.combine(value.bitPattern)
        case let .bytes(data): hasher.combine(data)
        case let .list(values): hasher.combine(values)
        case let .pair(key, value):
            hasher.combine(key)
            hasher.combine(value)
        case let .tagged(tag, value):
            hasher.combine(tag)
            hasher.combine(value)
        }
    }

    /// Strings quoted, printable ASCII as itself (`"` and `\` escaped), every other scalar as
    /// `\u{HEX}`; doubles and floats with their bits.
    var description: String {
        switch self {
        case .absent: return "nil"
        case let .integer(value): return String(value)
        case let .unsigned(value): return String(value)
        case let .bool(value): return String(value)
        case let .uuid(value): return "UUID(\(value.uuidString))"
        case let .decimal(value): return "Decimal(\(value))"
        case let .string(text):
            var quoted = "\""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: quoted += "\\\""
                case 0x5C: quoted += "\\\\"
                case 0x20...0x7E: quoted.unicodeScalars.append(scalar)
                default: quoted += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
            return quoted + "\""
        case let .double(value): return "\(value) (0x" + String(value.bitPattern, radix: 16, uppercase: true) + ")"
        case let .float(value): return "\(value)f (0x" + String(value.bitPattern, radix: 16, uppercase: true) + ")"
        case let .bytes(data): return "Data(" + data.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") + ")"
        case let .list(values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case let .pair(key, value): return "\(key): \(value)"
        case let .tagged(tag, value): return "\(tag)(\(value))"
        }
    }
}

/// A model the lossless tests compare field by field.
protocol FieldListed {
    /// Adds every field, in declaration order, each under `path`.
    func list(into fields: inout FieldList, at path: String)
}

extension FieldListed {
    /// The model's fields, at the root, with their paths.
    var fieldList: FieldList { FieldList(self) }

    /// Whether two models hold the same values (no paths are built).
    func isSame(as other: Self) -> Bool {
        FieldList(self, recordsPaths: false) == FieldList(other, recordsPaths: false)
    }

    /// `"path: expected …, got …"` for the first property where `actual` differs; nil when they are the same.
    func firstDifference(from actual: Self) -> String? {
        isSame(as: actual) ? nil : fieldList.firstDifference(from: actual.fieldList)
    }
}

extension Array: FieldListed where Element: FieldListed {
    func list(into fields: inout FieldList, at path: String) {
        fields.add(fields.recordsPaths ? FieldList.join(path, "count") : "", .integer(Int64(count)))
        for (index, element) in enumerated() { element.list(into: &fields, at: fields.recordsPaths ? "\(path)[\(index)]" : "") }
    }
}

/// A value the lossless tests compare exactly.
protocol ExactText {
    var exact: Exact { get }
}

extension String: ExactText { var exact: Exact { .string(self) } }
extension Int: ExactText { var exact: Exact { .integer(Int64(self)) } }
extension Int8: ExactText { var exact: Exact { .integer(Int64(self)) } }
extension Int64: ExactText { var exact: Exact { .integer(self) } }
extension UInt64: ExactText { var exact: Exact { .unsigned(self) } }
extension Bool: ExactText { var exact: Exact { .bool(self) } }
extension Double: ExactText { var exact: Exact { .double(self) } }
extension Float: ExactText { var exact: Exact { .float(self) } }
extension Data: ExactText { var exact: Exact { .bytes(self) } }
extension UUID: ExactText { var exact: Exact { .uuid(self) } }
extension Decimal: ExactText { var exact: Exact { .decimal(self) } }

extension Date: ExactText {
    var exact: Exact { .tagged("Date", .double(timeIntervalSinceReferenceDate)) }
}

extension URL: ExactText {
    var exact: Exact {
        .tagged("URL", baseURL.map { .pair(.string(relativeString), .string($0.absoluteString)) } ?? .string(relativeString))
    }
}

extension ExactText where Self: RawRepresentable, RawValue: ExactText {
    var exact: Exact { .tagged("raw", rawValue.exact) }
}

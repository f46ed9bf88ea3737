import Foundation
import PropertyMapper

/// A model whose properties log every write, so a check can tell exactly what a mapping wrote.
///
/// Shared by the property tests, the fuzz corpus replay and the fuzz target (`Fuzz/run.sh` compiles
/// this folder with the target), so it uses the public API only and imports no test framework.
/// Every property starts with a preset value that no valid source produces by accident.
final class RecordingModel {
    enum Kind: String, Sendable {
        case short, long, live, unknown
    }

    /// Property names in write order; `Mapper` must write only the properties its mapping names.
    private(set) var log: [String] = []

    var id = -7 { didSet { log.append("id") } }
    var title = "preset title" { didSet { log.append("title") } }
    var subtitle: String? = "preset subtitle" { didSet { log.append("subtitle") } }
    var rating: Int? = -1 { didSet { log.append("rating") } }
    var ratio = -1.5 { didSet { log.append("ratio") } }
    var score: Float = -2.5 { didSet { log.append("score") } }
    var small: Int8 = -8 { didSet { log.append("small") } }
    var count: UInt64 = 77 { didSet { log.append("count") } }
    var flag = true { didSet { log.append("flag") } }
    var maybeFlag: Bool? = false { didSet { log.append("maybeFlag") } }
    var tags = ["preset"] { didSet { log.append("tags") } }
    var numbers = [-1] { didSet { log.append("numbers") } }
    var weights: [String: Double] = ["preset": 1] { didSet { log.append("weights") } }
    var link = URL(string: "https://preset.example.com") { didSet { log.append("link") } }
    var linkText = "preset link" { didSet { log.append("linkText") } }
    var date = Date(timeIntervalSince1970: -1.25) { didSet { log.append("date") } }
    var color: UInt32 = 0xDEAD { didSet { log.append("color") } }
    var optionalColor: UInt32? = 0xBEEF { didSet { log.append("optionalColor") } }
    var kind = Kind.unknown { didSet { log.append("kind") } }
    var kindName: String? = "preset kind" { didSet { log.append("kindName") } }
    var code = -3 { didSet { log.append("code") } }
    var label: String? = "preset label" { didSet { log.append("label") } }
    var latitude = -999.5 { didSet { log.append("latitude") } }
    var longitude = -999.5 { didSet { log.append("longitude") } }
    var altitude: Double? = -1.5 { didSet { log.append("altitude") } }
    var email = "preset@example.com" { didSet { log.append("email") } }
    var authorName = "preset author" { didSet { log.append("authorName") } }
    var level = -1 { didSet { log.append("level") } }
    var decimal: Decimal = Decimal(string: "0.125")! { didSet { log.append("decimal") } }
    var payload: Any? = "preset payload" { didSet { log.append("payload") } }
    var emptyKey = "preset empty" { didSet { log.append("emptyKey") } }
    var dotted = -1 { didSet { log.append("dotted") } }
    var bracketed: String? = "preset bracketed" { didSet { log.append("bracketed") } }
    /// Never named by any mapping: it must never be written.
    var unmapped = "untouched" { didSet { log.append("unmapped") } }

    init() {}

    /// Every property rendered as text, to compare a model before and after a mapping.
    var snapshot: [String: String] {
        let values: [String: Any?] = [
            "id": id, "title": title, "subtitle": subtitle, "rating": rating, "ratio": ratio,
            "score": score, "small": small, "count": count, "flag": flag, "maybeFlag": maybeFlag,
            "tags": tags, "numbers": numbers, "weights": weights.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
            "link": link, "linkText": linkText, "date": date.timeIntervalSince1970, "color": color,
            "optionalColor": optionalColor, "kind": kind, "kindName": kindName, "code": code, "label": label,
            "latitude": latitude, "longitude": longitude, "altitude": altitude, "email": email,
            "authorName": authorName, "level": level, "decimal": decimal, "payload": Self.canonical(payload),
            "emptyKey": emptyKey, "dotted": dotted, "bracketed": bracketed, "unmapped": unmapped,
        ]
        return values.mapValues { String(describing: $0) }
    }

    /// A value as sorted-key JSON when JSON can hold it, so equal dictionaries render alike.
    private static func canonical(_ value: Any?) -> String {
        guard let value, JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
        else { return String(describing: value) }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Calls

    /// One-argument call into a non-optional property: nil for an unknown kind.
    func kind(from text: String) -> Kind? {
        Kind(rawValue: text).flatMap { $0 == .unknown ? nil : $0 }
    }

    /// One-argument call into an optional property: nil writes nil.
    func label(from text: String) -> String? {
        text == "none" ? nil : text.uppercased()
    }

    /// Two-argument call into a non-optional property; throws on 13, returns nil for 404.
    func code(from number: Int, property: String) throws -> Int? {
        if number == 13 { throw CallProblem(reason: "unlucky code \(number)") }
        let (doubled, overflow) = number.multipliedReportingOverflow(by: 2)
        if overflow { throw CallProblem(reason: "code \(number) too large") }
        return number == 404 ? nil : doubled
    }

    /// Two-argument call into an optional property.
    func kindName(from kind: String, property: String) -> String? {
        kind.isEmpty ? nil : "\(property):\(kind)"
    }
}

struct CallProblem: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

extension Boxing where Value == UInt32 {
    /// A custom boxing: `"#RRGGBB"` into a 24-bit colour.
    static var rgbColor: Self {
        Boxing(named: "rgbColor") { (text: String) throws -> UInt32? in
            guard text.hasPrefix("#") else { throw CallProblem(reason: "no leading #") }
            let digits = text.dropFirst()
            guard digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
            return UInt32(digits, radix: 16)
        }
    }
}

extension PropertyDescriptor {
    /// A custom validator written as an extension: the text is plain lowercase ASCII.
    func isLowercaseASCII() -> Self {
        validate("isLowercaseASCII") { (text: String) in
            text.unicodeScalars.allSatisfy { $0.isASCII && !("A"..."Z").contains($0) }
        }
    }
}

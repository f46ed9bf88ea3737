import Foundation
import PropertyMapper

/// A flat record of 32 fields, alternately an integer (`range`) and a string (`lengthRange`), for
/// measuring how the cost per record grows with the number of mapped fields.
struct WideRecord {
    var f0 = 0, f1 = "", f2 = 0, f3 = "", f4 = 0, f5 = "", f6 = 0, f7 = ""
    var f8 = 0, f9 = "", f10 = 0, f11 = "", f12 = 0, f13 = "", f14 = 0, f15 = ""
    var f16 = 0, f17 = "", f18 = 0, f19 = "", f20 = 0, f21 = "", f22 = 0, f23 = ""
    var f24 = 0, f25 = "", f26 = 0, f27 = "", f28 = 0, f29 = "", f30 = 0, f31 = ""

    /// Field i is mapped from key "f<i>".
    static let entries: [(MappingKey, PropertyDescriptor<WideRecord>)] = [
        ("f0", .property(\.f0).isRequired().range(0, 1_000_000)),
        ("f1", .property(\.f1).isRequired().lengthRange(1, 40)),
        ("f2", .property(\.f2).isRequired().range(0, 1_000_000)),
        ("f3", .property(\.f3).isRequired().lengthRange(1, 40)),
        ("f4", .property(\.f4).isRequired().range(0, 1_000_000)),
        ("f5", .property(\.f5).isRequired().lengthRange(1, 40)),
        ("f6", .property(\.f6).isRequired().range(0, 1_000_000)),
        ("f7", .property(\.f7).isRequired().lengthRange(1, 40)),
        ("f8", .property(\.f8).isRequired().range(0, 1_000_000)),
        ("f9", .property(\.f9).isRequired().lengthRange(1, 40)),
        ("f10", .property(\.f10).isRequired().range(0, 1_000_000)),
        ("f11", .property(\.f11).isRequired().lengthRange(1, 40)),
        ("f12", .property(\.f12).isRequired().range(0, 1_000_000)),
        ("f13", .property(\.f13).isRequired().lengthRange(1, 40)),
        ("f14", .property(\.f14).isRequired().range(0, 1_000_000)),
        ("f15", .property(\.f15).isRequired().lengthRange(1, 40)),
        ("f16", .property(\.f16).isRequired().range(0, 1_000_000)),
        ("f17", .property(\.f17).isRequired().lengthRange(1, 40)),
        ("f18", .property(\.f18).isRequired().range(0, 1_000_000)),
        ("f19", .property(\.f19).isRequired().lengthRange(1, 40)),
        ("f20", .property(\.f20).isRequired().range(0, 1_000_000)),
        ("f21", .property(\.f21).isRequired().lengthRange(1, 40)),
        ("f22", .property(\.f22).isRequired().range(0, 1_000_000)),
        ("f23", .property(\.f23).isRequired().lengthRange(1, 40)),
        ("f24", .property(\.f24).isRequired().range(0, 1_000_000)),
        ("f25", .property(\.f25).isRequired().lengthRange(1, 40)),
        ("f26", .property(\.f26).isRequired().range(0, 1_000_000)),
        ("f27", .property(\.f27).isRequired().lengthRange(1, 40)),
        ("f28", .property(\.f28).isRequired().range(0, 1_000_000)),
        ("f29", .property(\.f29).isRequired().lengthRange(1, 40)),
        ("f30", .property(\.f30).isRequired().range(0, 1_000_000)),
        ("f31", .property(\.f31).isRequired().lengthRange(1, 40)),
    ]

    /// A mapping of the first `count` fields.
    static func mapping(fields count: Int) -> Mapping<WideRecord> {
        Mapping(Array(entries.prefix(count)))
    }

    /// `count` records with every one of the 32 keys, as JSONSerialization parses them.
    static func feed(records count: Int) -> [Any] {
        var json = "["
        for index in 0..<count {
            if index > 0 { json += "," }
            let values = (0..<32).map { field in
                field % 2 == 0 ? "\"f\(field)\":\((index * 31 + field) % 1_000_000)" : "\"f\(field)\":\"value \(index % 977) of \(field)\""
            }
            json += "{" + values.joined(separator: ",") + "}"
        }
        json += "]"
        // swiftlint:disable:next force_cast
        return try! JSONSerialization.jsonObject(with: Data(json.utf8)) as! [Any]
    }
}

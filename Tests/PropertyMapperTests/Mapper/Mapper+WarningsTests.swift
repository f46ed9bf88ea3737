import Foundation
import PropertyMapper
import Testing

/// The entry points' forms with `warnings:`: each appends what it warned about, and only when it
/// succeeds; every form gives the same warnings for the same record.
@Suite struct MapperWarningsTests {
    final class Counter: Mappable {
        var count = 0
        var label = ""
        static let mapping = Mapping<Counter>(
            unknownKeys: .warn, ["count": .property(\.count, default: 1), "label": .property(\.label).lengthRange(1, 5)])
        init() {}
    }

    struct Tally {
        var count = 0
        var label = ""
        static let mapping = Mapping<Tally>(
            unknownKeys: .warn, ["count": .property(\.count, default: 1), "label": .property(\.label).lengthRange(1, 5)])
    }

    static let json = #"{"label": "ok", "extra": true}"#

    /// Every form's warnings for `json`, as "path kind".
    static func warnings(_ json: String) -> [[String]] {
        let source = try? Fixtures.parse(json)
        var all: [[MappingWarning]] = []
        func run(_ body: (inout [MappingWarning]) throws(MappingError) -> Void) {
            var warnings: [MappingWarning] = [MappingWarning(path: "kept", property: "", kind: .coerced, value: nil, message: "")]
            try? body(&warnings)
            all.append(warnings)
        }
        run { warnings throws(MappingError) in
            try Mapper.mapValues(from: source, to: Counter(), using: Counter.mapping, warnings: &warnings)
        }
        run { warnings throws(MappingError) in
            try Mapper.mapValues(fromJSON: json, to: Counter(), using: Counter.mapping, warnings: &warnings)
        }
        run { warnings throws(MappingError) in
            try Mapper.mapValues(fromJSON: Data(json.utf8), to: Counter(), using: Counter.mapping, warnings: &warnings)
        }
        run { warnings throws(MappingError) in
            var tally = Tally()
            try Mapper.mapValues(from: source, to: &tally, using: Tally.mapping, warnings: &warnings)
        }
        run { warnings throws(MappingError) in
            var tally = Tally()
            try Mapper.mapValues(fromJSON: json, to: &tally, using: Tally.mapping, warnings: &warnings)
        }
        run { warnings throws(MappingError) in _ = try Mapper.map(Counter.self, from: source, warnings: &warnings) }
        run { warnings throws(MappingError) in _ = try Mapper.map(Counter.self, fromJSON: json, warnings: &warnings) }
        run { warnings in _ = Mapper.validate(source, for: Tally(), using: Tally.mapping, warnings: &warnings) }
        run { warnings in _ = Mapper.validate(source, as: Counter.self, warnings: &warnings) }
        return all.map { list in list.map { "\($0.path) \($0.kind.rawValue)" } }
    }

    @Test func everyFormAppendsTheSameWarnings() {
        let all = Self.warnings(Self.json)
        #expect(all.count == 9)
        for warnings in all {
            #expect(warnings.sorted() == ["count defaultUsed", "extra unknownKey", "kept coerced"])
        }
    }

    @Test func aFailureAppendsNothing() {
        for warnings in Self.warnings(#"{"label": "far too long", "extra": true}"#) {
            #expect(warnings == ["kept coerced"])
        }
    }

    @Test func aDryRunWritesNothing() {
        let tally = Tally()
        var warnings: [MappingWarning] = []
        #expect(Mapper.validate(["label": "ok"], for: tally, using: Tally.mapping, warnings: &warnings).isEmpty)
        #expect(tally.count == 0 && tally.label.isEmpty)
        #expect(warnings.count == 1)
    }
}

import Foundation
import PropertyMapper
import Testing

/// Replays every input of `Fuzz/corpus` (seeds and kept fuzz findings) through the fuzz target's
/// invariants, and pins the outcome of the seeds that stand for one defect kind each.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    static func input(_ name: String) throws -> Data {
        try Data(contentsOf: corpus.appendingPathComponent(name))
    }

    @Test func corpusIsPresent() {
        #expect(Self.files.count >= 40)
    }

    @Test(arguments: files)
    func keepsInvariants(file: String) throws {
        let problems = MappingInvariants.check(RecordingModel.everyKind, json: try Self.input(file))
        #expect(problems.isEmpty, "\(file):\n\(problems.joined(separator: "\n"))")
    }

    @Test func everyKindMappingHasNoDefinitionErrors() {
        #expect(RecordingModel.everyKind.mapping.definitionErrors == [])
    }

    /// The same inputs into `PlainModel` (no observers; writes into a sub-object and a sub-struct),
    /// alone and in batches of copies, as the fuzz target does.
    @Test(arguments: files)
    func plainModelKeepsInvariants(file: String) throws {
        let problems = PlainModelInvariants.check(PlainModel.crossing, json: try Self.input(file))
        #expect(problems.isEmpty, "\(file):\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    /// The same inputs into a recursive model graph (see `GraphInvariants`), as the fuzz target does.
    @Test(arguments: files)
    func modelGraphKeepsInvariants(file: String) throws {
        let problems = GraphInvariants.check(json: try Self.input(file))
        #expect(problems.isEmpty, "\(file):\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    @Test func validSeedMapsEveryKind() throws {
        let model = RecordingModel()
        try Mapper.mapValues(fromJSON: Self.input("valid-every-kind.json"), to: model, using: RecordingModel.everyKind.mapping)
        #expect(model.id == 1)
        #expect(model.title == "lowercase title")  // "name", then "title": the later write wins
        #expect(model.count == 9_223_372_036_854_775_808)
        #expect(model.maybeFlag == nil)
        #expect(model.weights == ["a": 0.5, "b": 2])
        #expect(model.link == URL(string: "https://example.com/page"))  // "url", then the "link" list
        #expect(model.linkText == "https://example.com/page")
        #expect(model.date == Date(timeIntervalSince1970: 1_291_878_848.123))
        #expect(model.color == 0xA0B1C2)
        #expect(model.optionalColor == 0x00FF00)
        #expect(model.kind == .short)
        #expect(model.label == "HELLO")
        #expect(model.code == 42)
        #expect(model.kindName?.hasSuffix(":live") == true)  // the property name part: see ObservedPropertyNameTests
        #expect(model.level == 3)
        #expect(model.latitude == 26.9792)
        #expect(model.altitude == 120.5)
        #expect(model.decimal == Decimal(string: "12.5"))
        #expect(model.emptyKey == "empty key")
        #expect(model.dotted == 7)
        #expect(model.bracketed == "bracketed")
        #expect(model.unmapped == "untouched")
    }

    static let defects: [(file: String, paths: [String], rules: [String])] = [
        ("defect-missing-url.json", ["url"], ["isRequired"]),
        ("defect-name-200.json", ["name"], ["lengthRange"]),
        ("defect-bad-email.json", ["author.email"], ["matchesRegEx"]),
        ("defect-rating-9.json", ["rating"], ["range"]),
        ("defect-id-string.json", ["id"], ["type"]),
        ("defect-unknown-type.json", ["type"], ["oneOf"]),
        ("defect-date-yesterday.json", ["date"], ["box(Date)"]),
        ("defect-ratio-negative.json", ["ratio"], ["range"]),
        ("defect-color-no-hash.json", ["color", "color2"], ["box(rgbColor)", "isLowercaseASCII"]),
        ("defect-code-throws.json", ["code"], ["call"]),
        ("defect-code-nil.json", ["code"], ["call"]),
        // Once an invalid pattern; now "anything" does not match the `Any?` field's digits pattern.
        ("defect-invalid-pattern.json", ["bad"], ["matchesRegEx"]),
        ("defect-geo-long.json", ["geo"], ["maxLength"]),
        ("numbers-fraction.json", ["id", "nums[1]"], ["type", "type"]),
        ("numbers-beyond-double.json", [""], ["json"]),
        ("deep-nesting-600.json", [""], ["json"]),
        ("deep-nesting-10000.json", [""], ["json"]),
        ("utf8-invalid.json", [""], ["json"]),
        ("root-number.json", [""], ["type"]),
    ]

    @Test(arguments: defects.indices)
    func defectSeedGivesItsErrors(index: Int) throws {
        let defect = Self.defects[index]
        let errors = mappingErrors {
            try Mapper.mapValues(fromJSON: Self.input(defect.file), to: RecordingModel(), using: RecordingModel.everyKind.mapping)
        }
        #expect(errors.map(\.path) == defect.paths, "\(defect.file)")
        #expect(errors.map(\.rule) == defect.rules, "\(defect.file)")
    }
}

import Foundation
import PropertyMapper
import Testing

/// Keys that are empty or hold dots and brackets are taken literally, never as paths, and are
/// quoted in error paths.
@Suite struct OddKeyTests {
    static let mapping: Mapping<RecordingModel> = [
        "": .property(\.emptyKey),
        "a.b": .property(\.dotted),
        "x[0]": .property(\.bracketed),
        "author": ["e.mail": .property(\.email).isRequired(), "[1]": .property(\.authorName)],
    ]

    @Test func oddKeysMapLiterally() throws {
        let model = RecordingModel()
        let source: [String: Any] = [
            "": "empty", "a.b": 7, "a": ["b": 8], "x[0]": "bracket", "x": ["not me"],
            "author": ["e.mail": "e@example.com", "[1]": "Romeo", "e": ["mail": "no"]],
        ]
        try Mapper.mapValues(from: source, to: model, using: Self.mapping)
        #expect(model.emptyKey == "empty")
        #expect(model.dotted == 7)
        #expect(model.bracketed == "bracket")
        #expect(model.email == "e@example.com")
        #expect(model.authorName == "Romeo")
    }

    @Test func oddKeysAreQuotedInErrorPaths() {
        let errors = mappingErrors {
            try Mapper.mapValues(
                fromJSON: #"{"": 1, "a.b": "seven", "x[0]": 5, "author": {"[1]": 2}}"#, to: RecordingModel(), using: Self.mapping)
        }
        #expect(errors.map(\.path) == [#"[""]"#, #"["a.b"]"#, #"["x[0]"]"#, #"author["e.mail"]"#, #"author["[1]"]"#])
        #expect(errors.map(\.rule) == ["type", "type", "type", "isRequired", "type"])
    }

    @Test func dottedSourcePathsAreNotFollowed() {
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["a": ["b": 1], "author": ["e": ["mail": "x"]]], to: RecordingModel(), using: Self.mapping)
        }
        expectSingleError(errors, at: #"author["e.mail"]"#, rule: "isRequired")
    }
}

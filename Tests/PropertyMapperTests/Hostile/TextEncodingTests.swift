import Foundation
import PropertyMapper
import Testing

/// Bytes that are not clean UTF-8 JSON: invalid sequences and other encodings are one `json` error; a UTF-8
/// byte-order mark is accepted; duplicate keys keep the last value (JSONSerialization's choice).
@Suite struct TextEncodingTests {
    static let mapping: Mapping<RecordingModel> = [
        "id": .property(\.id),
        "name": .property(\.title),
    ]

    @Test(arguments: [
        Data(#"{"name": "bad "#.utf8) + Data([0xFF, 0xC3]) + Data(#""}"#.utf8),
        Data([0x7B, 0x22]) + Data([0xC0, 0x80]) + Data(#"": 1}"#.utf8),
        Data([0xFF, 0xFF, 0xFF]),
        Data(#"{"name": "\ud800"}"#.utf8),
        Data(),
    ])
    func invalidTextIsOneJSONError(json: Data) {
        let model = RecordingModel()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: model, using: Self.mapping) }
        expectSingleError(errors, at: "", rule: "json")
        #expect(model.log.isEmpty)
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let model = RecordingModel()
        try Mapper.mapValues(
            fromJSON: Data([0xEF, 0xBB, 0xBF]) + Data(#"{"id": 3, "name": "Marked"}"#.utf8), to: model, using: Self.mapping)
        #expect(model.id == 3)
        #expect(model.title == "Marked")
    }

    /// JSON text is UTF-8 (RFC 8259 §8.1): UTF-16, with or without its byte-order mark, is one `json` error.
    @Test func utf16IsOneJSONError() {
        let utf16 = RecordingModel()
        let json = Data([0xFF, 0xFE]) + #"{"name": "Sixteen"}"#.data(using: .utf16LittleEndian)!
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: utf16, using: Self.mapping) }
        expectSingleError(errors, at: "", rule: "json")
        #expect(utf16.log.isEmpty)
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        let model = RecordingModel()
        try Mapper.mapValues(fromJSON: #"{"name": "First", "id": 1, "name": "Second", "id": 2}"#, to: model, using: Self.mapping)
        #expect(model.title == "Second")
        #expect(model.id == 2)
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"id": 1, "id": "two"}"#, to: RecordingModel(), using: Self.mapping) }
        let error = expectSingleError(errors, at: "id", rule: "type")
        #expect(error?.value == "\"two\"")
    }

    @Test func oddUnicodeSurvivesIntact() throws {
        let text = "e\u{301}\u{200D}👩‍👩‍👧 \u{202E}RTL\u{202C} \u{0}nul \u{FEFF}"
        let json = try JSONSerialization.data(withJSONObject: ["name": text])
        let model = RecordingModel()
        try Mapper.mapValues(fromJSON: json, to: model, using: Self.mapping)
        #expect(model.title == text)
    }
}

import Foundation
import Testing

@testable import PropertyMapper

private struct Attachment {
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    var owner: UUID?
    var body = Data([9])
    var thumbnail: Data?

    static let mapping: Mapping<Attachment> = [
        "id": .box(.uuid, \.id),
        "owner": .box(.uuid, \.owner),
        "body": .box(.base64, \.body),
        "thumbnail": .box(.base64, \.thumbnail),
    ]
}

private let canonical = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

@Suite struct UUIDAndBase64BoxingTests {
    @Test(arguments: SourceForm.allCases)
    func uuidReadsEitherCase(source: SourceForm) throws {
        var attachment = Attachment()
        try Mapper.mapValues(from: source(["id": canonical, "owner": canonical.lowercased()]), to: &attachment, using: Attachment.mapping)
        #expect(attachment.id.uuidString == canonical)
        #expect(attachment.owner?.uuidString == canonical)
        #expect(Boxing<UUID>.uuid.name == "UUID")
        #expect(Boxing<UUID>.uuid.inputTypeName == "String")
    }

    @Test(arguments: [
        "", "E621", "E621E1F8C36C495A93FC0C247A3E6E5F", "\(canonical) ", "{\(canonical)}", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ])
    func uuidRejectsAnythingElse(text: String) throws {
        var attachment = Attachment()
        let errors = mappingErrors { try Mapper.mapValues(from: ["id": text], to: &attachment, using: Attachment.mapping) }
        let error = expectSingleError(errors, at: "id", rule: "box(UUID)")
        #expect(error?.property == "id")
    }

    @Test(arguments: SourceForm.allCases)
    func uuidTakesOnlyStrings(source: SourceForm) throws {
        var attachment = Attachment()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["id": 42, "owner": NSNull()]), to: &attachment, using: Attachment.mapping)
        }
        expectSingleError(errors, at: "id", rule: "type")
        try Mapper.mapValues(from: source(["owner": NSNull()]), to: &attachment, using: Attachment.mapping)
        #expect(attachment.owner == nil)
    }

    @Test(arguments: [("aGVsbG8=", "hello"), ("aGk=", "hi"), ("aGk/", "hi?"), ("", ""), ("AAEC/f7/", "\u{0}\u{1}\u{2}")])
    func base64ReadsStandardPaddedText(text: String, expected: String) throws {
        var attachment = Attachment()
        try Mapper.mapValues(fromJSON: #"{"body": "\#(text)"}"#, to: &attachment, using: Attachment.mapping)
        if text == "AAEC/f7/" {
            #expect(attachment.body == Data([0, 1, 2, 253, 254, 255]))
        } else {
            #expect(attachment.body == Data(expected.utf8))
        }
    }

    @Test(arguments: [
        "aGVsbG8", "aGk", "aGk==", "aG k=", "aGk=\n", "aGk_", "aGk-", "a===", "====", "aGl=", "aGVsbG8=aGk=", "*", "aGVsbG8==",
    ])
    func base64RejectsAnythingElse(text: String) throws {
        var attachment = Attachment()
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["body": text, "thumbnail": text], to: &attachment, using: Attachment.mapping)
        }
        #expect(errors.map(\.rule) == ["box(base64)", "box(base64)"])
        #expect(errors.map(\.path) == ["body", "thumbnail"])
        #expect(attachment.body == Data([9]))
    }

    @Test func base64TakesOnlyStrings() throws {
        var attachment = Attachment()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"body": [1, 2]}"#, to: &attachment, using: Attachment.mapping) }
        expectSingleError(errors, at: "body", rule: "type")
        #expect(Boxing<Data>.base64.name == "base64")
    }
}

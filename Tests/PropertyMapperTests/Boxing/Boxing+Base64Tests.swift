import Foundation
import PropertyMapper
import Testing

@Suite struct Base64BoxingTests {
    @Test(arguments: [("aGVsbG8=", "hello"), ("aGk=", "hi"), ("aGk/", "hi?"), ("", ""), ("AAEC/f7/", "\u{0}\u{1}\u{2}")])
    func base64ReadsStandardPaddedText(text: String, expected: String) throws {
        var attachment = BoxedAttachment()
        try Mapper.mapValues(fromJSON: #"{"body": "\#(text)"}"#, to: &attachment, using: BoxedAttachment.mapping)
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
        var attachment = BoxedAttachment()
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["body": text, "thumbnail": text], to: &attachment, using: BoxedAttachment.mapping)
        }
        #expect(errors.map(\.rule) == ["box(base64)", "box(base64)"])
        #expect(errors.map(\.path) == ["body", "thumbnail"])
        #expect(attachment.body == Data([9]))
    }

    @Test func base64TakesOnlyStrings() throws {
        var attachment = BoxedAttachment()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"body": [1, 2]}"#, to: &attachment, using: BoxedAttachment.mapping) }
        expectSingleError(errors, at: "body", rule: "type")
        #expect(Boxing<Data>.base64.name == "base64")
    }
}

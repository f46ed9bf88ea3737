import Foundation
import Testing

@testable import PropertyMapper

/// A record with a UUID and base64 data, optional and not; shared with Boxing+Base64Tests.swift.
struct BoxedAttachment {
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    var owner: UUID?
    var body = Data([9])
    var thumbnail: Data?

    static let mapping: Mapping<BoxedAttachment> = [
        "id": .box(.uuid, \.id),
        "owner": .box(.uuid, \.owner),
        "body": .box(.base64, \.body),
        "thumbnail": .box(.base64, \.thumbnail),
    ]
}

private let canonical = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

@Suite struct UUIDBoxingTests {
    @Test(arguments: SourceForm.allCases)
    func uuidReadsEitherCase(source: SourceForm) throws {
        var attachment = BoxedAttachment()
        try Mapper.mapValues(
            from: source(["id": canonical, "owner": canonical.lowercased()]), to: &attachment, using: BoxedAttachment.mapping)
        #expect(attachment.id.uuidString == canonical)
        #expect(attachment.owner?.uuidString == canonical)
        #expect(Boxing<UUID>.uuid.name == "UUID")
        #expect(Boxing<UUID>.uuid.inputTypeName == "String")
    }

    @Test(arguments: [
        "", "E621", "E621E1F8C36C495A93FC0C247A3E6E5F", "\(canonical) ", "{\(canonical)}", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ])
    func uuidRejectsAnythingElse(text: String) throws {
        var attachment = BoxedAttachment()
        let errors = mappingErrors { try Mapper.mapValues(from: ["id": text], to: &attachment, using: BoxedAttachment.mapping) }
        let error = expectSingleError(errors, at: "id", rule: "box(UUID)")
        #expect(error?.property == "id")
    }

    @Test(arguments: SourceForm.allCases)
    func uuidTakesOnlyStrings(source: SourceForm) throws {
        var attachment = BoxedAttachment()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["id": 42, "owner": NSNull()]), to: &attachment, using: BoxedAttachment.mapping)
        }
        expectSingleError(errors, at: "id", rule: "type")
        try Mapper.mapValues(from: source(["owner": NSNull()]), to: &attachment, using: BoxedAttachment.mapping)
        #expect(attachment.owner == nil)
    }
}

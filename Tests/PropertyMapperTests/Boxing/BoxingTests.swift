import Foundation
import PropertyMapper
import Testing

/// A custom boxing, declared exactly as a user of the library would (file-private: it stands in,
/// in this file only, for the library's own `.uuid`, which it shadows).
extension Boxing where Value == UUID {
    fileprivate static var uuid: Self { Boxing(named: "uuid") { (text: String) in UUID(uuidString: text) } }
}

private let canonical = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
private let presetID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))

private final class Item {
    var id = presetID
    var ownerID: UUID? = presetID
    var seen = Date(timeIntervalSince1970: 0)

    static let mapping: Mapping<Item> = [
        "id": .box(.uuid, \.id),
        "owner": .box(.uuid, \.ownerID),
    ]
}

@Suite private struct BoxingTests {
    @Test(arguments: SourceForm.allCases)
    func customBoxingMapsIntoOptionalAndNonOptionalProperties(source: SourceForm) throws {
        let item = Item()
        try Mapper.mapValues(from: source(["id": canonical, "owner": canonical.lowercased()]), to: item, using: Item.mapping)
        #expect(item.id.uuidString == canonical)
        #expect(item.ownerID?.uuidString == canonical)
    }

    @Test(arguments: SourceForm.allCases)
    func customBoxingFailureNamesTheBoxing(source: SourceForm) throws {
        let item = Item()
        let errors = mappingErrors { try Mapper.mapValues(from: source(["id": "not-a-uuid", "owner": ""]), to: item, using: Item.mapping) }
        #expect(errors.map(\.rule) == ["box(uuid)", "box(uuid)"])
        #expect(errors.map(\.path) == ["id", "owner"])
        #expect(errors.map(\.property) == ["id", "ownerID"])
        #expect(errors.map(\.value) == [#""not-a-uuid""#, #""""#])
        #expect(item.id == presetID && item.ownerID == presetID)
    }

    @Test(arguments: SourceForm.allCases)
    func customBoxingChecksItsInputTypeFirst(source: SourceForm) throws {
        let item = Item()
        let errors = mappingErrors { try Mapper.mapValues(from: source(["id": 42, "owner": ["a"]]), to: item, using: Item.mapping) }
        #expect(errors.map(\.rule) == ["type", "type"])
    }

    @Test(arguments: SourceForm.allCases)
    func customBoxingWithNullFollowsTheTarget(source: SourceForm) throws {
        let item = Item()
        try Mapper.mapValues(from: source(["owner": NSNull()]), to: item, using: Item.mapping)
        #expect(item.ownerID == nil)
        let errors = mappingErrors { try Mapper.mapValues(from: source(["id": NSNull()]), to: item, using: Item.mapping) }
        expectSingleError(errors, at: "id", rule: "type")
    }

    @Test func boxingsReportTheirNameAndInputType() {
        #expect(Boxing<UUID>.uuid.name == "uuid")
        #expect(Boxing<UUID>.uuid.inputTypeName == "String")
        #expect(Boxing<URL>.url.name == "URL")
        #expect(Boxing<URL>.url.inputTypeName == "String")
        #expect(Boxing<Date>.date.name == "Date")
        #expect(Boxing<Date>.date.inputTypeName == "String")
    }

    @Test func inputTypeNameIsWrittenAsInSwift() {
        #expect(Boxing<Date>(named: "epoch") { (seconds: Double) in Date(timeIntervalSince1970: seconds) }.inputTypeName == "Double")
        #expect(Boxing<Int>(named: "count") { (items: [String]) in items.count }.inputTypeName == "[String]")
        #expect(Boxing<Int>(named: "sum") { (totals: [String: Int]) in totals.values.reduce(0, +) }.inputTypeName == "[String: Int]")
        #expect(Boxing<Int>(named: "maybe") { (value: Int?) in value }.inputTypeName == "Int?")
    }

    @Test(arguments: SourceForm.allCases)
    func customBoxingTakesANonStringInput(source: SourceForm) throws {
        let epoch = Boxing<Date>(named: "epoch") { (seconds: Double) in Date(timeIntervalSince1970: seconds) }
        let mapping: Mapping<Item> = ["seen": .box(epoch, \.seen)]
        let item = Item()
        try Mapper.mapValues(from: source(["seen": 1_291_878_848]), to: item, using: mapping)
        #expect(item.seen == Date(timeIntervalSince1970: 1_291_878_848))

        let errors = mappingErrors { try Mapper.mapValues(from: source(["seen": "1291878848"]), to: item, using: mapping) }
        expectSingleError(errors, at: "seen", rule: "type")
    }
}

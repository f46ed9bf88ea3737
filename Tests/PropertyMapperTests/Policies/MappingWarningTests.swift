import Testing

@testable import PropertyMapper

/// A warning's fields: its reason stays data (a `Notice`) until `message` is read, and its kind is
/// the notice's.
@Suite struct MappingWarningTests {
    static let notices: [(Notice, MappingWarning.Kind)] = [
        (.defaultUsed(value: "0", forNull: false), .defaultUsed),
        (.fallbackUsed(value: "0", replacing: []), .fallbackUsed),
        (.elementDropped(errors: []), .elementDropped),
        (.coerced(typeName: "Int"), .coerced),
        (.unknownKey, .unknownKey),
    ]

    @Test func eachNoticeHasItsKind() {
        for (notice, kind) in Self.notices {
            #expect(notice.kind == kind)
            #expect(MappingWarning(path: "p", property: "q", value: nil, notice: notice).kind == kind)
        }
        #expect(Set(Self.notices.map { $0.1 }) == Set(MappingWarning.Kind.allCases))
    }

    @Test func aWarningFromANoticeEqualsOneFromItsText() {
        let notice = Notice.coerced(typeName: "Int")
        let fromData = MappingWarning(path: "p", property: "q", value: "\"1\"", notice: notice)
        let fromText = MappingWarning(path: "p", property: "q", kind: .coerced, value: "\"1\"", message: notice.message)
        #expect(fromData == fromText)
        #expect(fromData.hashValue == fromText.hashValue)
        #expect(fromData.message == notice.message)
    }

    @Test func settingTheMessageReplacesTheReason() {
        var warning = MappingWarning(path: "p", property: "q", value: nil, notice: .unknownKey)
        warning.message = "replaced"
        #expect(warning.message == "replaced")
        #expect(warning.kind == .unknownKey)
        #expect(warning != MappingWarning(path: "p", property: "q", value: nil, notice: .unknownKey))
    }
}

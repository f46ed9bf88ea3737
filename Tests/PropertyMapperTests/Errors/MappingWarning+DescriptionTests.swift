import Testing

@testable import PropertyMapper

/// Warnings in words: each notice's message carries its data (the default, the replaced failures,
/// the dropped element's errors); exact wording is pinned in ErrorMessageTests.
@Suite struct MappingWarningDescriptionTests {
    static let failed = ValidationError(path: "rating", property: "rating", rule: "range", value: "9", message: "REASON")

    @Test func theDescriptionNamesPathPropertyValueMessageAndKind() {
        let warning = MappingWarning(path: "rating", property: "score", kind: .fallbackUsed, value: "9", message: "MESSAGE")
        #expect(warning.description.hasPrefix("rating"))
        #expect(warning.description.contains("score"))
        #expect(warning.description.contains("9"))
        #expect(warning.description.contains("MESSAGE"))
        #expect(warning.description.hasSuffix("[fallbackUsed]"))
    }

    @Test func aDefaultSaysWhetherTheValueWasAbsentOrNull() {
        let null = Notice.defaultUsed(value: "42", forNull: true).message
        let absent = Notice.defaultUsed(value: "42", forNull: false).message
        #expect(null.contains("42") && null.hasPrefix("null"))
        #expect(absent.contains("42") && absent.hasPrefix("absent"))
    }

    @Test func aFallbackListsEveryFailureItReplaced() {
        let typeError = ValidationError(path: "", property: "", rule: "type", value: nil, message: "NOT A NUMBER")
        let message = Notice.fallbackUsed(value: "0", replacing: [Self.failed, typeError]).message
        #expect(message.contains("0"))
        #expect(message.contains("REASON [range]"))
        #expect(message.hasSuffix("; NOT A NUMBER"))  // a failure without a property is its message alone
    }

    @Test func aDroppedElementNamesItsErrorsWithTheirPaths() {
        let inner = ValidationError(path: "", property: "", rule: "type", value: nil, message: "ROOT")
        let message = Notice.elementDropped(errors: [Self.failed, inner]).message
        #expect(message.contains("rating: REASON [range]"))
        #expect(message.hasSuffix("; ROOT [type]"))
    }

    @Test func coercionsAndUnknownKeysSayWhatHappened() {
        #expect(Notice.coerced(typeName: "Int").message.contains("Int"))
        #expect(!Notice.unknownKey.message.isEmpty)
    }
}

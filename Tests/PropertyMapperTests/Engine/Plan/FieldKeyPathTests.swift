import Foundation
import PropertyMapper
import Testing

/// The key path a field holds: a writable one is written through (a computed property's setter
/// included); a read-only one (a `let`, a computed property without a setter) is a definition error
/// unless the model is an `ImmutableMappable`, whose mapping only reads.
@Suite struct FieldKeyPathTests {
    struct Label {
        let id: Int
        var text = ""
        var shout: String { text.uppercased() }
        var trimmed: String {
            get { text }
            set { text = newValue.trimmingCharacters(in: .whitespaces) }
        }

        static let readOnly: Mapping<Label> = ["id": .property(\.id), "shout": .property(\.shout), "text": .property(\.text)]
        static let computed: Mapping<Label> = ["text": .property(\.trimmed)]
    }

    struct FrozenLabel: ImmutableMappable {
        let id: Int
        let text: String
        var shout: String { text.uppercased() }

        static let mapping: Mapping<FrozenLabel> = ["id": .property(\.id), "text": .property(\.text), "shout": .property(\.shout)]

        init(_ values: MappedValues<FrozenLabel>) throws {
            id = try values[\.id]
            text = try values[\.text]
        }
    }

    @Test func aReadOnlyKeyPathIsADefinitionErrorOfAMutableModelsMapping() {
        #expect(Label.readOnly.definitionErrors.map(\.path) == ["id", "shout"])
        var label = Label(id: 1, text: "kept")
        let errors = mappingErrors { try Mapper.mapValues(from: ["text": "new"], to: &label, using: Label.readOnly) }
        #expect(errors.map(\.path) == ["id", "shout"])
        #expect(errors.allSatisfy { $0.rule == "mapping" })
        #expect(label.text == "kept")
        #expect(Mapper.validate(["text": "new"], for: label, using: Label.readOnly) == errors)
        #expect(throws: MappingError(errors: errors)) { try Mapper.serialize(label, using: Label.readOnly) }
    }

    @Test func anImmutableModelsMappingReadsLetsAndComputedProperties() throws {
        #expect(FrozenLabel.mapping.definitionErrors.isEmpty)
        let label = try Mapper.map(FrozenLabel.self, from: ["id": 7, "text": "hi", "shout": "ignored"])
        #expect(label.id == 7 && label.text == "hi")
        let written = try Mapper.serialize(label)
        #expect(written["id"] as? Int == 7)
        #expect(written["shout"] as? String == "HI")
    }

    @Test func aComputedPropertyWithASetterIsWrittenThroughIt() throws {
        var label = Label(id: 1)
        try Mapper.mapValues(from: ["text": "  padded  "], to: &label, using: Label.computed)
        #expect(label.text == "padded")
        #expect(try Mapper.serialize(label, using: Label.computed)["text"] as? String == "padded")
    }
}

import Foundation
import PropertyMapper
import Testing

/// Properties with observers (`didSet`), as in `RecordingModel`, are written through key paths
/// like any other; their names should still reach errors and two-argument calls.
@Suite struct ObservedPropertyNameTests {
    static let mapping: Mapping<RecordingModel> = [
        "code": .call(RecordingModel.code(from:property:), \.code),
        "kindName": .call(RecordingModel.kindName(from:property:), \.kindName),
        "id": .property(\.id).min(1),
    ]

    @Test func observedPropertiesAreWritten() throws {
        let model = RecordingModel()
        try Mapper.mapValues(from: ["code": 21, "kindName": "live", "id": 5], to: model, using: Self.mapping)
        #expect(model.code == 42)
        #expect(model.id == 5)
        #expect(model.log == ["code", "kindName", "id"])
    }

    /// A key path to a property with observers describes itself as `<computed 0x… (Int)>`, with no
    /// name; such a property is named after its mapping key, in errors and in two-argument calls.
    @Test func observedPropertyNamesReachErrorsAndCalls() throws {
        let model = RecordingModel()
        try Mapper.mapValues(from: ["kindName": "live"], to: model, using: Self.mapping)
        #expect(model.kindName == "kindName:live")
        let errors = mappingErrors { try Mapper.mapValues(from: ["id": 0], to: RecordingModel(), using: Self.mapping) }
        #expect(errors.map(\.property) == ["id"])
        let nested: Mapping<RecordingModel> = ["outer": ["score": .property(\.id).min(1)]]
        let nestedErrors = mappingErrors { try Mapper.mapValues(from: ["outer": ["score": 0]], to: RecordingModel(), using: nested) }
        #expect(nestedErrors.map(\.property) == ["score"])
    }
}

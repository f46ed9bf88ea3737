import PropertyMapper
import Testing

/// `ValidationError.description`: the fields in one line (the exact wording is pinned in ErrorMessageTests).
@Suite struct ValidationErrorDescriptionTests {
    @Test func descriptionNamesPathPropertyRuleAndValue() {
        let error = ValidationError(path: "geo[1]", property: "longitude", rule: "min", value: "-1", message: "MESSAGE")
        let text = error.description
        #expect(text.hasPrefix("geo[1]"))
        #expect(text.contains("longitude"))
        #expect(text.contains("MESSAGE"))
        #expect(text.contains("-1"))
        #expect(text.hasSuffix("[min]"))
        #expect(String(describing: error) == text)
        #expect("\(error)" == text)
    }

    @Test func descriptionOfAnAbsentValueOmitsIt() {
        let error = ValidationError(path: "id", property: "id", rule: "isRequired", value: nil, message: "MESSAGE")
        #expect(!error.description.contains("nil"))
        #expect(error.description.hasSuffix("MESSAGE [isRequired]"))
    }

    @Test func descriptionOfARootErrorNamesTheRoot() {
        let error = ValidationError(path: "", property: "", rule: "json", value: nil, message: "MESSAGE")
        #expect(!error.description.hasPrefix(":"))
        #expect(error.description.hasSuffix("MESSAGE [json]"))
    }
}

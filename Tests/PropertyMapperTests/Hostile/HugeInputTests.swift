import Foundation
import PropertyMapper
import Testing

/// Large values: a 50 MB string and a 1,000,000-element array map, or fail with a short error.
@Suite struct HugeInputTests {
    static let size = 50 * 1024 * 1024
    static let elements = 1_000_000

    static let mapping: Mapping<RecordingModel> = [
        "name": .property(\.title).lengthRange(1, 80),
        "sub": .property(\.subtitle),
        "geo": [0: .property(\.latitude), 999_999: .property(\.longitude), 1_000_000: .property(\.altitude)],
        "nums": .property(\.numbers),
    ]

    @Test func fiftyMegabyteStringFailsLengthWithAShortValue() {
        let huge = String(repeating: "x", count: Self.size)
        let model = RecordingModel()
        let errors = mappingErrors { try Mapper.mapValues(from: ["name": huge], to: model, using: Self.mapping) }
        let error = expectSingleError(errors, at: "name", rule: "lengthRange")
        #expect(error?.value == "\"xxxxxxxxxxxxxxxxxxxxxxx…\" (\(Self.size) characters)")
        #expect((error?.message.count ?? .max) < 200)
        #expect(model.log.isEmpty)
    }

    @Test func fiftyMegabyteStringMapsFromJSON() throws {
        var json = Data(#"{"sub": ""#.utf8)
        json.append(Data(repeating: UInt8(ascii: "y"), count: Self.size))
        json.append(Data(#""}"#.utf8))
        let model = RecordingModel()
        try Mapper.mapValues(fromJSON: json, to: model, using: Self.mapping)
        #expect(model.subtitle?.utf8.count == Self.size)
    }

    @Test func millionElementArrayUnderAnIndexMapping() throws {
        let geo = (0..<Self.elements).map { Double($0) }
        let model = RecordingModel()
        try Mapper.mapValues(from: ["geo": geo], to: model, using: Self.mapping)
        #expect(model.latitude == 0)
        #expect(model.longitude == 999_999)
        #expect(model.altitude == -1.5)  // index 1,000,000 is past the end: absent, unchanged
        #expect(model.log == ["latitude", "longitude"])
    }

    @Test func millionElementArrayWithOneBadElementIsOneError() throws {
        var numbers: [Any] = Array(0..<Self.elements)
        numbers[999_998] = "x"
        let model = RecordingModel()
        let errors = mappingErrors { try Mapper.mapValues(from: ["nums": numbers], to: model, using: Self.mapping) }
        let error = expectSingleError(errors, at: "nums[999998]", rule: "type")
        #expect(error?.value == "\"x\"")
        #expect(model.log.isEmpty)
    }

    /// The array is reported, summarized, without being converted or bridged.
    @Test func millionElementArrayWhereAStringIsExpectedIsOneTypeError() {
        let numbers: [Any] = Array(0..<Self.elements)
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["name": numbers, "sub": numbers], to: RecordingModel(), using: Self.mapping)
        }
        #expect(errors.map(\.path) == ["name", "sub"])
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(errors.map(\.value) == ["[…] (1000000 elements)", "[…] (1000000 elements)"])
    }

    @Test func millionElementArrayFromJSON() throws {
        let json = Data(("{\"nums\": [" + (0..<Self.elements).map(String.init).joined(separator: ",") + "]}").utf8)
        let model = RecordingModel()
        try Mapper.mapValues(fromJSON: json, to: model, using: Self.mapping)
        #expect(model.numbers.count == Self.elements)
        #expect(model.numbers.last == Self.elements - 1)
    }
}

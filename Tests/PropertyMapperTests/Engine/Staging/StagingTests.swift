import Foundation
import PropertyMapper
import Testing

/// Values wait in the staging buffer between the two phases, each in its own type: all of them are
/// written when nothing failed, and all of them are destroyed when anything did.
@Suite struct StagingTests {
    /// A value wider than any register, so that it is staged out of line.
    struct Wide: Equatable {
        var a = 0
        var b = 0
        var c = 0
        var d = 0
        var e = 0
        var f = 0
        var g = 0
        var h = 0
    }

    struct Everything {
        var flag = false
        var byte: UInt8 = 0
        var text = ""
        var decimal = Decimal(0)
        var numbers: [Int] = []
        var optional: Double? = nil
        var wide = Wide()
        var tracked = Tracked()
        var tracks: [String: Tracked] = [:]
        var count = 0

        static func wide(from values: [Int]) -> Wide? {
            guard values.count == 8 else { return nil }
            return Wide(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5], g: values[6], h: values[7])
        }

        /// The mapping, recording every `Tracked` it staged in `sightings`.
        static func mapping(_ sightings: Sightings) -> Mapping<Everything> {
            [
                "flag": .property(\.flag), "byte": .property(\.byte), "text": .property(\.text), "decimal": .property(\.decimal),
                "numbers": .property(\.numbers), "optional": .property(\.optional),
                "wide": .box(Boxing(named: "wide") { (values: [Int]) in wide(from: values) }, \.wide),
                "tracked": .property(\.tracked).ensure("seen") { (tracked: Tracked) in
                    sightings.record(tracked)
                    return true
                },
                "tracks": .property(\.tracks).ensure("seen") { (tracks: [String: Tracked]) in
                    tracks.values.forEach(sightings.record)
                    return true
                },
                "count": .property(\.count).max(9),
            ]
        }
    }

    static var record: [String: Any] {
        [
            "flag": true, "byte": 255, "text": String(repeating: "long text ", count: 10), "decimal": 1.25, "numbers": [1, 2, 3],
            "optional": 0.5, "wide": [1, 2, 3, 4, 5, 6, 7, 8], "tracked": ["id": 1], "tracks": ["k": ["id": 2], "l": ["id": 3]], "count": 9,
        ]
    }

    @Test func everyStagedValueIsWrittenInItsOwnType() throws {
        let sightings = Sightings()
        var model = Everything()
        try Mapper.mapValues(from: Self.record, to: &model, using: Everything.mapping(sightings))
        #expect(model.flag && model.byte == 255 && model.text.count == 100 && model.decimal == Decimal(string: "1.25"))
        #expect(model.numbers == [1, 2, 3] && model.optional == 0.5 && model.count == 9)
        #expect(model.wide == Wide(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8))
        #expect(model.tracked.id == 1 && model.tracks.mapValues(\.id) == ["k": 2, "l": 3])
        #expect(sightings.alive.count == 3 && sightings.alive.of == 3)
    }

    @Test func aFailureDestroysEveryStagedValueAndWritesNone() {
        let sightings = Sightings()
        var model = Everything()
        let preset = model.tracked
        var record = Self.record
        record["count"] = 10  // the last field fails, after every other was staged
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: &model, using: Everything.mapping(sightings)) }
        #expect(errors.map(\.path) == ["count"])
        #expect(model.tracked === preset && model.tracks.isEmpty && model.text.isEmpty && model.numbers.isEmpty)
        #expect(model.wide == Wide() && model.optional == nil && !model.flag)
        #expect(sightings.alive.count == 0 && sightings.alive.of == 3)
    }

    @Test func aDryRunKeepsNothingItStaged() {
        let sightings = Sightings()
        let model = Everything()
        #expect(Mapper.validate(Self.record, for: model, using: Everything.mapping(sightings)).isEmpty)
        #expect(sightings.alive.count == 0)
        #expect(model.tracks.isEmpty && model.tracked.id == 0)
    }
}

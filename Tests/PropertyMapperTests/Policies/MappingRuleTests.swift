import Foundation
import PropertyMapper
import Testing

private struct Stay: Mappable, Equatable {
    var start = 0
    var end = 0
    var nights = 0
    var note = "unmapped"

    static let mapping = Mapping<Stay>(
        rules: [
            MappingRule("endsAfterStart") { try $0[\.end] > $0[\.start] },
            MappingRule("nightsMatch") { try $0[\.nights] == $0[\.end] - $0[\.start] },
        ],
        ["start": .property(\.start), "end": .property(\.end).min(0), "nights": .property(\.nights)])
}

private struct Booking: ImmutableMappable, Equatable {
    let from: Int
    let to: Int?

    static let mapping = Mapping<Booking>(
        rules: [
            MappingRule("ordered") { values in
                guard let to = try values[\.to] else { return true }
                return try to >= values[\.from]
            }
        ],
        ["from": .property(\.from), "to": .property(\.to)])

    init(from: Int, to: Int?) {
        self.from = from
        self.to = to
    }

    init(_ values: MappedValues<Booking>) throws {
        from = try values[\.from]
        to = try values[\.to]
    }
}

/// A rule that reads a key path its immutable model's mapping lacks.
private struct Lacking: ImmutableMappable {
    let from: Int
    let to: Int?
    static let mapping = Mapping<Lacking>(rules: [MappingRule("x") { try $0[\.to] == nil }], ["from": .property(\.from)])

    init(_ values: MappedValues<Lacking>) throws {
        from = try values[\.from]
        to = nil
    }
}

private struct Reason: Error, CustomStringConvertible {
    var description: String { "the calendar is closed" }
}

@Suite
struct MappingRuleTests {
    @Test func rulesPassAndTheModelIsWritten() throws {
        var stay = Stay()
        try Mapper.mapValues(from: ["start": 1, "end": 4, "nights": 3], to: &stay, using: Stay.mapping)
        #expect(stay == Stay(start: 1, end: 4, nights: 3))
        #expect(try Mapper.map(Stay.self, fromJSON: #"{"start": 1, "end": 4, "nights": 3}"#).nights == 3)
    }

    @Test func aFailingRuleIsAnErrorAtTheRootAndNothingIsWritten() {
        var stay = Stay(start: 9)
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(fromJSON: #"{"start": 5, "end": 4, "nights": 0}"#, to: &stay, using: Stay.mapping)
        }
        #expect(
            error?.errors.map(\.description) == [
                "(root): does not pass endsAfterStart [endsAfterStart]", "(root): does not pass nightsMatch [nightsMatch]",
            ])
        #expect(error?.errors.allSatisfy { $0.path.isEmpty && $0.property.isEmpty } == true)
        #expect(stay == Stay(start: 9), "rules run before any write")
    }

    @Test func rulesSeeTheValueThePropertyWillHold() throws {
        // `end` absent: the rule reads the model's current value, as the property keeps it.
        var stay = Stay(start: 0, end: 10, nights: 0)
        try Mapper.mapValues(from: ["start": 2, "nights": 8], to: &stay, using: Stay.mapping)
        #expect(stay == Stay(start: 2, end: 10, nights: 8))
        var other = Stay(end: 1)
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["start": 2, "nights": 8], to: &other, using: Stay.mapping) }
        // A property the mapping does not name reads as it is.
        let unmapped = Mapping<Stay>(rules: [MappingRule("noted") { try $0[\.note] == "unmapped" }], ["start": .property(\.start)])
        var plain = Stay()
        try Mapper.mapValues(from: ["start": 1], to: &plain, using: unmapped)
        plain.note = "changed"
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["start": 1], to: &plain, using: unmapped) }
    }

    @Test func aRuleThatReadsAFailedFieldIsNotJudged() {
        var stay = Stay()
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["start": 5, "end": -4, "nights": 0], to: &stay, using: Stay.mapping)
        }
        // Both rules read `end`, which failed its `min`: its error alone.
        #expect(error?.errors.map(\.rule) == ["min"])
        let typeError = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["start": "x", "end": 4, "nights": 3], to: &stay, using: Stay.mapping)
        }
        #expect(typeError?.errors.map(\.rule) == ["type"])
    }

    @Test func aRuleThatThrowsFailsWithWhatItThrew() {
        let mapping = Mapping<Stay>(rules: [MappingRule("open") { _ in throw Reason() }], ["start": .property(\.start)])
        var stay = Stay()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["start": 1], to: &stay, using: mapping) }
        #expect(error?.errors.map(\.description) == ["(root): does not pass open: the calendar is closed [open]"])
    }

    @Test func rulesRunInADryRun() {
        let errors = Mapper.validate(["start": 5, "end": 4, "nights": 0], for: Stay(), using: Stay.mapping)
        #expect(errors.map(\.rule) == ["endsAfterStart", "nightsMatch"])
        #expect(Mapper.validate(["start": 1, "end": 4, "nights": 3], for: Stay(), using: Stay.mapping).isEmpty)
        #expect(Mapper.validate(["start": 5, "end": 4, "nights": 0], as: Stay.self).map(\.rule) == ["endsAfterStart", "nightsMatch"])
    }

    @Test func immutableModelsAreJudgedBeforeInit() throws {
        #expect(try Mapper.map(Booking.self, from: ["from": 1, "to": 2]) == Booking(from: 1, to: 2))
        #expect(try Mapper.map(Booking.self, from: ["from": 1]) == Booking(from: 1, to: nil))
        let error = #expect(throws: MappingError.self) { try Mapper.map(Booking.self, fromJSON: #"{"from": 3, "to": 2}"#) }
        #expect(error?.errors.map(\.rule) == ["ordered"])
        // An immutable model has no current value: a key path its mapping lacks is a definition error.
        let lacking = #expect(throws: MappingError.self) { try Mapper.map(Lacking.self, from: ["from": 1]) }
        #expect(lacking?.errors.map(\.rule) == ["mapping"])
    }

    @Test func aNestedModelsRulesReportAtItsPath() {
        struct Hotel: Mappable {
            var stay = Stay()
            var stays: [Stay] = []
            static let mapping: Mapping<Hotel> = ["stay": .property(\.stay), "stays": .property(\.stays)]
        }
        let error = #expect(throws: MappingError.self) {
            try Mapper.map(
                Hotel.self, fromJSON: #"{"stay": {"start": 1, "end": 4, "nights": 3}, "stays": [{"start": 2, "end": 1, "nights": 0}]}"#)
        }
        #expect(error?.errors.map(\.path) == ["stays[0]", "stays[0]"])
        #expect(error?.errors.map(\.rule) == ["endsAfterStart", "nightsMatch"])
    }

    @Test func aFieldThatFellBackIsJudgedWithItsFallback() throws {
        let mapping = Mapping<Stay>(
            rules: [MappingRule("positive") { try $0[\.start] > 0 }],
            ["start": .property(\.start, fallback: 1)])
        var stay = Stay()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(from: ["start": "bad"], to: &stay, using: mapping, warnings: &warnings)
        #expect(stay.start == 1 && warnings.map(\.kind) == [.fallbackUsed])
    }
}

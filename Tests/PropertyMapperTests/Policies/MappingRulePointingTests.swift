import Foundation
import PropertyMapper
import Testing

/// An order whose shipping day must follow its order day; the day lies in a nested level.
private struct Parcel: Mappable, Equatable {
    var orderedDay = 0
    var shippedDay: Int?
    var guests = 0

    static let mapping = Mapping<Parcel>(
        rules: [
            MappingRule("shippedAfterOrdered", at: \.shippedDay, message: "must be after the order date") {
                guard let shipped = try $0[\.shippedDay] else { return true }
                return shipped > (try $0[\.orderedDay])
            },
            MappingRule("smallParty", message: "at most 8 guests") { try $0[\.guests] <= 8 },
        ],
        [
            "ordered_day": .property(\.orderedDay),
            "shipping": ["day": .property(\.shippedDay)],
            "guests": .property(\.guests),
        ])
}

private struct Visit: ImmutableMappable, Equatable {
    let from: Int
    let to: Int

    static let mapping = Mapping<Visit>(
        rules: [MappingRule("ordered", at: \.to) { try $0[\.to] >= $0[\.from] }],
        ["from": .property(\.from), "until": .property(\.to)])

    init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    init(_ values: MappedValues<Visit>) throws {
        from = try values[\.from]
        to = try values[\.to]
    }
}

private struct Refused: Error, CustomStringConvertible {
    var description: String { "the depot is closed" }
}

@Suite
struct MappingRulePointingTests {
    @Test func aRuleAtAFieldReportsThatFieldsPathPropertyValueAndMessage() {
        var shipment = Parcel()
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(
                from: ["ordered_day": 5, "shipping": ["day": 3], "guests": 2], to: &shipment, using: Parcel.mapping)
        }
        let failure = error?.errors.first
        #expect(error?.errors.count == 1)
        #expect(failure?.path == "shipping.day")
        #expect(failure?.property == "shippedDay")
        #expect(failure?.rule == "shippedAfterOrdered")
        #expect(failure?.value == "3")
        #expect(failure?.message == "must be after the order date")
        #expect(failure?.description == "shipping.day → shippedDay: must be after the order date; got 3 [shippedAfterOrdered]")
        #expect(shipment == Parcel(), "nothing is written")
    }

    @Test func aRuleWithAMessageOnlyKeepsTheRootPath() {
        let error = #expect(throws: MappingError.self) {
            try Mapper.map(Parcel.self, fromJSON: #"{"ordered_day": 1, "guests": 12}"#)
        }
        #expect(error?.errors.map(\.description) == ["(root): at most 8 guests [smallParty]"])
    }

    @Test func aPassingRuleAtAFieldWritesEverything() throws {
        let shipment = try Mapper.map(Parcel.self, from: ["ordered_day": 1, "shipping": ["day": 4], "guests": 3])
        #expect(shipment == Parcel(orderedDay: 1, shippedDay: 4, guests: 3))
        #expect(Mapper.validate(["ordered_day": 1, "guests": 3], as: Parcel.self).isEmpty)
    }

    @Test func aDryRunReportsTheSameError() {
        let errors = Mapper.validate(["ordered_day": 5, "shipping": ["day": 3]], as: Parcel.self)
        #expect(errors.map(\.path) == ["shipping.day"])
        #expect(errors.map(\.message) == ["must be after the order date"])
    }

    @Test func anImmutableModelsRulePointsAtTheKeyItIsReadFrom() {
        let error = #expect(throws: MappingError.self) { try Mapper.map(Visit.self, from: ["from": 4, "until": 2]) }
        #expect(error?.errors.map(\.description) == ["until → to: does not pass ordered; got 2 [ordered]"])
        #expect((try? Mapper.map(Visit.self, from: ["from": 1, "until": 2])) == Visit(from: 1, to: 2) as Visit?)
    }

    @Test func aThrowingRuleKeepsItsMessageAndSaysWhatWasThrown() {
        let mapping = Mapping<Parcel>(
            rules: [MappingRule("depot", at: \.guests, message: "cannot be served") { _ in throw Refused() }],
            ["guests": .property(\.guests)])
        var shipment = Parcel()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["guests": 2], to: &shipment, using: mapping) }
        #expect(error?.errors.map(\.description) == ["guests → guests: cannot be served (the depot is closed); got 2 [depot]"])
    }

    @Test func aRuleAtAKeyPathTheMappingDoesNotWriteIsADefinitionError() {
        let mapping = Mapping<Parcel>(
            rules: [MappingRule("late", at: \.shippedDay) { _ in true }], ["guests": .property(\.guests)])
        #expect(mapping.definitionErrors.map(\.rule) == ["mapping"])
        #expect(mapping.definitionErrors.first?.message.contains("late") == true)
        #expect(mapping.definitionErrors.first?.message.contains("shippedDay") == true)
        var shipment = Parcel()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["guests": 2], to: &shipment, using: mapping) }
        #expect(error?.errors == mapping.definitionErrors)
    }

    @Test func aRuleAtAFieldThatFailedIsNotJudged() {
        let error = #expect(throws: MappingError.self) {
            try Mapper.map(Parcel.self, from: ["ordered_day": 5, "shipping": ["day": "3"]])
        }
        #expect(error?.errors.map(\.rule) == ["type"])
    }
    /// The value of a boxed date is shown as the ISO 8601 string JSON would hold, not as a `Date`'s description.
    @Test func aRuleAtADateShowsItInISO8601() {
        struct Shipment: Mappable {
            var orderedAt = Date(timeIntervalSince1970: 0)
            var shippedAt = Date(timeIntervalSince1970: 0)
            static let mapping = Mapping<Shipment>(
                rules: [
                    MappingRule("shippedAfterOrdered", at: \.shippedAt, message: "must be after the order date") {
                        try $0[\.shippedAt] > $0[\.orderedAt]
                    }
                ],
                ["ordered": .box(.date, \.orderedAt), "shipped": .box(.date, \.shippedAt)])
        }
        let errors = Mapper.validate(["ordered": "2026-11-28T10:00:00Z", "shipped": "2026-11-27T09:30:00.25Z"], as: Shipment.self)
        #expect(
            errors.map(\.description) == [
                #"shipped → shippedAt: must be after the order date; got "2026-11-27T09:30:00.250Z" [shippedAfterOrdered]"#
            ])
    }

    /// The path is the key the document used, as a field's own error has it: a later `.anyOf` key, a loose match, or a
    /// nested level read at either, from a dictionary and from JSON alike.
    @Test func thePathIsTheKeyTheDocumentUsed() throws {
        struct Trip: Mappable {
            var ordered = 0
            var shipped = 0
            var stop = 0
            static let mapping = Mapping<Trip>(
                keys: .caseInsensitive, keyStyle: .snakeCase,
                rules: [
                    MappingRule("after", at: \.shipped, message: "must be after") { try $0[\.shipped] > $0[\.ordered] },
                    MappingRule("stopAfter", at: \.stop, message: "must be after") { try $0[\.stop] > $0[\.ordered] },
                ],
                [
                    "orderedAt": .property(\.ordered), .anyOf("shippedAt", "sentAt"): .property(\.shipped),
                    .anyOf("route", "path"): ["lastStop": .property(\.stop)],
                ])
        }
        let cases: [(json: String, paths: [String])] = [
            (#"{"ordered_at": 5, "sent_at": 3, "path": {"LAST_STOP": 1}}"#, ["sent_at", "path.LAST_STOP"]),
            (#"{"ordered_at": 5, "SHIPPED_AT": 3, "Route": {"last_stop": 1}}"#, ["SHIPPED_AT", "Route.last_stop"]),
            (#"{"ordered_at": 5, "shipped_at": 3, "route": {"last_stop": 1}}"#, ["shipped_at", "route.last_stop"]),
        ]
        for (json, paths) in cases {
            let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
            #expect(Mapper.validate(parsed, as: Trip.self).map(\.path) == paths, "\(json)")
            let error = #expect(throws: MappingError.self) { try Mapper.map(Trip.self, fromJSON: json) }
            #expect(error?.errors.map(\.path) == paths, "\(json)")
        }
    }

    /// A property two entries write holds the later one's value when both are present: the error names that entry.
    @Test func aPropertyTwoEntriesWriteIsNamedAtTheEntryItsValueCameFrom() {
        struct Counter: Mappable {
            var x = 0
            static let mapping = Mapping<Counter>(
                rules: [MappingRule("positive", at: \.x, message: "must be positive") { try $0[\.x] > 0 }],
                ["a": .property(\.x), "b": .property(\.x)])
        }
        #expect(Mapper.validate(["b": -1], as: Counter.self).map(\.path) == ["b"])
        #expect(Mapper.validate(["a": -1], as: Counter.self).map(\.path) == ["a"])
        #expect(Mapper.validate(["a": 1, "b": -1], as: Counter.self).map(\.path) == ["b"])
        #expect(Mapper.validate(["a": -1, "b": 1], as: Counter.self).isEmpty)
    }
}

import Foundation
import Testing

@testable import PropertyMapper

// `.call` with `default:` and `fallback:`, as `.property` and `.box` take them (`DefaultAndFallback.swift`).

private enum Kind: String, CaseIterable, Sendable { case none, flight, train, unknown }

private struct NoSuchKind: Error, CustomStringConvertible {
    let text: String
    var description: String { "no kind '\(text)'" }
}

/// A trip whose fields are all made by calls on it; `calls` records each call the mapping made.
private struct Trip: Mappable {
    var kind: Kind = .flight
    var optionalKind: Kind? = .flight
    var label = "preset"
    var optionalLabel: String? = "preset"
    let calls = CallLog()

    static let mapping: Mapping<Trip> = [
        "kind": .call(Trip.kind(from:), \.kind, default: .none, fallback: .unknown, reverse: Trip.name(of:)),
        "optionalKind": .call(Trip.strictKind(from:), \.optionalKind, default: .train, fallback: .unknown, reverse: Trip.name(of:)),
        "label": .call(Trip.label(from:property:), \.label, default: "none", fallback: "invalid", reverse: Trip.text(of:)),
        "optionalLabel": .call(Trip.label(from:property:), \.optionalLabel, fallback: "invalid", reverse: Trip.text(of:)),
    ]

    /// Nil for a name that is not a kind.
    func kind(from text: String) -> Kind? {
        calls.record("kind(\(text))")
        return Kind(rawValue: text)
    }

    /// Throws for a name that is not a kind.
    func strictKind(from text: String) throws -> Kind {
        calls.record("strictKind(\(text))")
        guard let kind = Kind(rawValue: text) else { throw NoSuchKind(text: text) }
        return kind
    }

    func name(of kind: Kind) -> String { kind.rawValue }

    /// Nil for an empty text; otherwise the text after the property's name: `"label: x"`.
    func label(from text: String, property: String) -> String? {
        calls.record("label(\(text), \(property))")
        return text.isEmpty ? nil : "\(property): \(text)"
    }

    /// The text `label(from:property:)` was given.
    func text(of label: String) -> String {
        label.firstRange(of: ": ").map { String(label[$0.upperBound...]) } ?? label
    }
}

/// Maps `source` into a new trip through `mapping`, handing back the trip and its warnings.
private func mapped(_ source: [String: Any], using mapping: Mapping<Trip>) throws -> (trip: Trip, warnings: [MappingWarning]) {
    var trip = Trip()
    var warnings: [MappingWarning] = []
    try Mapper.mapValues(from: source, to: &trip, using: mapping, warnings: &warnings)
    return (trip, warnings)
}

@Suite
struct CallDefaultAndFallbackTests {
    // MARK: default:

    @Test(arguments: SourceForm.allCases)
    func aDefaultIsWrittenForAnAbsentKeyWithAWarning(source: SourceForm) throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, default: .unknown)]
        let (trip, warnings) = try mapped(source(["other": 1]), using: mapping)
        #expect(trip.kind == Kind.unknown)
        #expect(warnings.map(\.kind) == [.defaultUsed])
        #expect(warnings.map(\.path) == ["kind"])
        #expect(warnings.map(\.property) == ["kind"])
        #expect(warnings.first?.value == nil)
        #expect(warnings.first?.message.contains(#""unknown""#) == true)
        #expect(trip.calls.all.isEmpty)  // the default is written, not passed to the method
    }

    @Test func aPresentValueIsCalledAndWinsOverTheDefault() throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, default: .unknown)]
        let (trip, warnings) = try mapped(["kind": "train"], using: mapping)
        #expect(trip.kind == Kind.train)
        #expect(warnings.isEmpty)
        #expect(trip.calls.all == ["kind(train)"])
    }

    @Test func aDefaultAloneDoesNotReplaceAFailingValue() throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, default: .unknown)]
        var trip = Trip()
        trip.kind = .train
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["kind": "boat"], to: &trip, using: mapping) }
        #expect(error?.errors.map(\.rule) == ["call"])
        #expect(trip.kind == Kind.train)
    }

    @Test func aLaterIfAbsentOverridesTheDefault() throws {
        var trip = Trip()
        trip.kind = .train
        var warnings: [MappingWarning] = []
        let keeping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, default: .unknown).ifAbsent(.keep)]
        try Mapper.mapValues(from: [String: Any](), to: &trip, using: keeping, warnings: &warnings)
        #expect(trip.kind == Kind.train)
        #expect(warnings.isEmpty)

        let failing: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, default: .unknown, fallback: .unknown).ifAbsent(.fail)]
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: [String: Any](), to: &trip, using: failing) }
        #expect(error?.errors.map(\.rule) == ["isRequired"])
        #expect(trip.kind == Kind.train)
    }

    // MARK: fallback:

    @Test(arguments: SourceForm.allCases)
    func aFallbackReplacesACallReturningNil(source: SourceForm) throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, fallback: .unknown)]
        let (trip, warnings) = try mapped(source(["kind": "boat"]), using: mapping)
        #expect(trip.kind == Kind.unknown)
        #expect(trip.calls.all == ["kind(boat)"])
        #expect(warnings.map(\.kind) == [.fallbackUsed])
        #expect(warnings.map(\.path) == ["kind"])
        #expect(warnings.first?.value == #""boat""#)
        #expect(warnings.first?.message.hasSuffix("[call]") == true)
    }

    @Test func aFallbackReplacesACallThatThrows() throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.strictKind(from:), \.kind, fallback: .unknown)]
        let (trip, warnings) = try mapped(["kind": "boat"], using: mapping)
        #expect(trip.kind == Kind.unknown)
        #expect(warnings.map(\.kind) == [.fallbackUsed])
        #expect(warnings.first?.message.contains("no kind 'boat'") == true)
        #expect(warnings.first?.message.hasSuffix("[call]") == true)
    }

    @Test(arguments: [7, true, ["train"]] as [any Sendable])
    func aFallbackReplacesAValueOfTheWrongType(value: any Sendable) throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, fallback: .unknown)]
        let (trip, warnings) = try mapped(["kind": value], using: mapping)
        #expect(trip.kind == Kind.unknown)
        #expect(trip.calls.all.isEmpty)  // one root cause: the method never sees a value of another type
        #expect(warnings.map(\.kind) == [.fallbackUsed])
        #expect(warnings.first?.message.hasSuffix("[type]") == true)
    }

    @Test func aFallbackReplacesAValueThatFailsAValidator() throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.kind, fallback: .unknown).oneOf(["flight", "train"])]
        let (trip, warnings) = try mapped(["kind": "none"], using: mapping)
        #expect(trip.kind == Kind.unknown)
        #expect(trip.calls.all.isEmpty)  // validators judge the source value before the call
        #expect(warnings.map(\.kind) == [.fallbackUsed])
        #expect(warnings.first?.message.hasSuffix("[oneOf]") == true)
        #expect(try mapped(["kind": "train"], using: mapping).trip.kind == Kind.train)
    }

    @Test func nullFollowsIfNullNotTheFallback() throws {
        var trip = Trip()
        trip.label = "kept"
        // Not optional: null is a `type` error, with or without a fallback, and nothing is written.
        let error = #expect(throws: MappingError.self) {
            try Mapper.mapValues(from: ["kind": NSNull(), "label": ""], to: &trip, using: Trip.mapping)
        }
        #expect(error?.errors.map(\.rule) == ["type"])
        #expect(error?.errors.map(\.path) == ["kind"])
        #expect(trip.kind == Kind.flight && trip.label == "kept")

        // Optional: null writes nil, without a warning.
        let (optional, warnings) = try mapped(["optionalKind": NSNull(), "optionalLabel": NSNull()], using: Trip.mapping)
        #expect(optional.optionalKind == nil && optional.optionalLabel == nil)
        #expect(warnings.map(\.path) == ["kind", "label"])  // the absent ones' defaults only
        #expect(warnings.map(\.kind) == [.defaultUsed, .defaultUsed])

        // `.ifNull(.useDefault)` writes the default, `.ifNull(.keep)` keeps the value; neither is the fallback.
        let policies: Mapping<Trip> = [
            "kind": .call(Trip.kind(from:), \.kind, default: .train, fallback: .unknown).ifNull(.useDefault),
            "optionalKind": .call(Trip.kind(from:), \.optionalKind, fallback: .unknown).ifNull(.keep),
        ]
        let (nulls, nullWarnings) = try mapped(["kind": NSNull(), "optionalKind": NSNull()], using: policies)
        #expect(nulls.kind == Kind.train)
        #expect(nulls.optionalKind == Kind.flight)
        #expect(nulls.calls.all.isEmpty)
        #expect(nullWarnings.map(\.kind) == [.defaultUsed])
        #expect(nullWarnings.first?.value == "null")
    }

    // MARK: Both, optional properties, two-argument calls

    @Test func defaultAndFallbackCombine() throws {
        let (absent, absentWarnings) = try mapped([:], using: Trip.mapping)
        #expect(absent.kind == Kind.none && absent.optionalKind == Kind.train && absent.label == "none")
        #expect(absent.optionalLabel == "preset")  // a fallback alone keeps an absent key's value
        #expect(absentWarnings.map(\.kind) == [.defaultUsed, .defaultUsed, .defaultUsed])
        #expect(absentWarnings.map(\.path) == ["kind", "optionalKind", "label"])

        let (failing, failingWarnings) = try mapped(
            ["kind": "boat", "optionalKind": "ship", "label": "", "optionalLabel": 3], using: Trip.mapping)
        #expect(failing.kind == Kind.unknown && failing.optionalKind == Kind.unknown)
        #expect(failing.label == "invalid" && failing.optionalLabel == "invalid")
        #expect(failingWarnings.map(\.kind) == [.fallbackUsed, .fallbackUsed, .fallbackUsed, .fallbackUsed])
        #expect(failingWarnings.map(\.path) == ["kind", "optionalKind", "label", "optionalLabel"])
    }

    @Test func optionalPropertyForms() throws {
        let mapping: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.optionalKind, default: .train)]
        let (absent, absentWarnings) = try mapped([:], using: mapping)
        #expect(absent.optionalKind == Kind.train)
        #expect(absentWarnings.map(\.kind) == [.defaultUsed])

        // Into an optional property a method returning nil writes nil: that is not a failure.
        let kindOnly: Mapping<Trip> = ["kind": .call(Trip.kind(from:), \.optionalKind, default: .train, fallback: .unknown)]
        let (unknown, unknownWarnings) = try mapped(["kind": "boat"], using: kindOnly)
        #expect(unknown.optionalKind == nil)
        #expect(unknownWarnings.isEmpty)

        // A throw and a wrong type are failures.
        let strictOnly: Mapping<Trip> = ["strict": .call(Trip.strictKind(from:), \.optionalKind, fallback: .unknown)]
        for value in ["boat", 12] as [Any] {
            let (failed, warnings) = try mapped(["strict": value], using: strictOnly)
            #expect(failed.optionalKind == Kind.unknown)
            #expect(warnings.map(\.kind) == [.fallbackUsed])
        }
        #expect(try mapped(["strict": "train"], using: strictOnly).trip.optionalKind == Kind.train)
    }

    @Test func twoArgumentCallForms() throws {
        let mapping: Mapping<Trip> = [
            "label": .call(Trip.label(from:property:), \.label, fallback: "invalid"),
            "optionalLabel": .call(Trip.label(from:property:), \.optionalLabel, default: "none"),
        ]
        let (present, presentWarnings) = try mapped(["label": "x", "optionalLabel": "y"], using: mapping)
        #expect(present.label == "label: x" && present.optionalLabel == "optionalLabel: y")
        #expect(present.calls.all == ["label(x, label)", "label(y, optionalLabel)"])
        #expect(presentWarnings.isEmpty)

        let (substituted, warnings) = try mapped(["label": 5], using: mapping)
        #expect(substituted.label == "invalid" && substituted.optionalLabel == "none")
        #expect(warnings.map(\.kind) == [.fallbackUsed, .defaultUsed])
        #expect(warnings.map(\.property) == ["label", "optionalLabel"])

        let (emptied, emptiedWarnings) = try mapped(["label": "", "optionalLabel": ""], using: mapping)
        #expect(emptied.label == "invalid")  // nil into a value: the fallback
        #expect(emptied.optionalLabel == nil)  // nil into an optional: nil
        #expect(emptiedWarnings.map(\.path) == ["label"])

        let optionalFallback: Mapping<Trip> = [
            "optionalLabel": .call(Trip.label(from:property:), \.optionalLabel, default: "none", fallback: "invalid"),
            "label": .call(Trip.label(from:property:), \.label, default: "none"),
        ]
        let (both, bothWarnings) = try mapped(["optionalLabel": false], using: optionalFallback)
        #expect(both.optionalLabel == "invalid" && both.label == "none")
        #expect(bothWarnings.map(\.kind) == [.fallbackUsed, .defaultUsed])
    }

    // MARK: Entry points

    @Test func modelsAndJSONTakeTheSubstitutes() throws {
        var warnings: [MappingWarning] = []
        let trip = try Mapper.map(Trip.self, from: ["kind": "boat", "label": "x"], warnings: &warnings)
        #expect(trip.kind == Kind.unknown && trip.optionalKind == Kind.train && trip.label == "label: x")
        #expect(warnings.map(\.kind) == [.fallbackUsed, .defaultUsed])

        let json = #"{"kind": "ship", "optionalKind": 4, "label": "", "optionalLabel": "y"}"#
        var jsonWarnings: [MappingWarning] = []
        let fromText = try Mapper.map(Trip.self, fromJSON: json, warnings: &jsonWarnings)
        #expect(fromText.kind == Kind.unknown && fromText.optionalKind == Kind.unknown)
        #expect(fromText.label == "invalid" && fromText.optionalLabel == "optionalLabel: y")
        #expect(jsonWarnings.map(\.path) == ["kind", "optionalKind", "label"])
        #expect(jsonWarnings.map(\.kind) == [.fallbackUsed, .fallbackUsed, .fallbackUsed])

        var fromData = Trip()
        var dataWarnings: [MappingWarning] = []
        try Mapper.mapValues(fromJSON: Data(#"{"optionalKind": "ship"}"#.utf8), to: &fromData, using: Trip.mapping, warnings: &dataWarnings)
        #expect(fromData.kind == Kind.none && fromData.optionalKind == Kind.unknown && fromData.label == "none")
        #expect(dataWarnings.map(\.kind) == [.defaultUsed, .fallbackUsed, .defaultUsed])
        #expect(fromData.calls.all == ["strictKind(ship)"])
    }

    @Test func aDryRunReportsTheSameWarnings() throws {
        var warnings: [MappingWarning] = []
        #expect(Mapper.validate(["kind": "boat"], as: Trip.self, warnings: &warnings).isEmpty)
        var real: [MappingWarning] = []
        _ = try Mapper.map(Trip.self, from: ["kind": "boat"], warnings: &real)
        #expect(warnings == real)
        #expect(warnings.map(\.kind) == [.fallbackUsed, .defaultUsed, .defaultUsed])
    }

    // MARK: Serialize

    @Test func serializeUsesTheReverse() throws {
        var trip = Trip()
        trip.kind = .train
        trip.optionalKind = nil
        trip.label = "label: x"
        let object = try Mapper.serialize(trip, using: Trip.mapping)
        #expect(object["kind"] as? String == "train")
        // Nil with a `default:` is null: left out, it would read back as the default.
        #expect(object["optionalKind"] is NSNull)
        #expect(object["label"] as? String == "x")
        #expect(object["optionalLabel"] as? String == "preset")

        let again = try Mapper.map(Trip.self, fromJSON: Mapper.serializeJSON(trip))
        #expect(again.kind == trip.kind && again.label == trip.label && again.optionalLabel == "optionalLabel: preset")
    }

    @Test func withoutAReverseACallWithSubstitutesDoesNotSerialize() {
        let mapping: Mapping<Trip> = [
            "kind": .call(Trip.kind(from:), \.kind, default: .none, fallback: .unknown),
            "label": .call(Trip.label(from:property:), \.optionalLabel, fallback: "invalid"),
        ]
        let error = #expect(throws: MappingError.self) { try Mapper.serialize(Trip(), using: mapping) }
        #expect(error?.errors.map(\.rule) == ["serialize", "serialize"])
        #expect(error?.errors.map(\.path) == ["kind", "label"])
    }

    // MARK: Call sites

    @Test func plainCallsKeepTheirBehaviour() throws {
        let mapping: Mapping<Trip> = [
            "kind": .call(Trip.kind(from:), \.kind),
            "optionalKind": .call(Trip.kind(from:), \.optionalKind, reverse: Trip.name(of:)),
        ]
        let (absent, warnings) = try mapped([:], using: mapping)
        #expect(absent.kind == Kind.flight && absent.optionalKind == Kind.flight)
        #expect(warnings.isEmpty)
        var trip = Trip()
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["kind": "boat"], to: &trip, using: mapping) }
        #expect(error?.errors.map(\.rule) == ["call"])
    }

    /// The call sites of the brief, the README's Policies section and the doc comments, with `.call`.
    @Test func callSitesCompile() {
        let mapping: Mapping<Trip> = [
            "kind": .call(Trip.kind(from:), \.kind, default: .unknown),
            "a": .call(Trip.kind(from:), \.kind, fallback: .unknown),
            "b": .call(Trip.kind(from:), \.kind, default: .none, fallback: .unknown, reverse: Trip.name(of:)),
            "c": .call(Trip.kind(from:), \.kind, fallback: .unknown, reverse: Trip.name(of:)),
            "d": .call(Trip.kind(from:), \.optionalKind, default: .train, reverse: Trip.name(of:)),
            "e": .call(Trip.label(from:property:), \.label, default: "none", reverse: Trip.text(of:)),
            "f": .call(Trip.label(from:property:), \.optionalLabel, default: "none", fallback: "invalid", reverse: Trip.text(of:)),
            "g": .call(Trip.label(from:property:), \.label, default: "none", fallback: "invalid"),
        ]
        #expect(mapping.definitionErrors.isEmpty)
    }
}

import Foundation
import PropertyMapper
import Testing

private struct Trip: Mappable, Equatable {
    enum Kind: String, CaseIterable, Sendable { case flight, train, unknown }
    var views = -1
    var nickname: String? = "old"
    var kind: Kind = .flight
    var status = "draft"
    var site: URL?
    static let mapping: Mapping<Trip> = [
        "views": .property(\.views, default: 0),
        "nickname": .property(\.nickname).ifAbsent(.setNil).ifNull(.keep),
        "kind": .property(\.kind, fallback: .unknown),
        "status": .property(\.status, default: "new").ifNull(.useDefault),
        "site": .box(.url, \.site, fallback: URL(string: "https://example.com/")!),
    ]
}

@Suite
struct DefaultAndFallbackTests {
    @Test func aDefaultIsWrittenForAnAbsentKeyWithAWarning() throws {
        var warnings: [MappingWarning] = []
        let trip = try Mapper.map(Trip.self, from: ["kind": "train"], warnings: &warnings)
        #expect(trip.views == 0 && trip.status == "new")
        #expect(warnings.map(\.kind) == [.defaultUsed, .defaultUsed])
        #expect(warnings.map(\.path) == ["views", "status"])
        #expect(warnings.first?.description == "views → views: absent, the default 0 was written [defaultUsed]")
    }

    @Test func presentValuesWinOverDefaults() throws {
        var warnings: [MappingWarning] = []
        let trip = try Mapper.map(Trip.self, from: ["views": 12, "status": "done", "nickname": "n", "kind": "flight"], warnings: &warnings)
        #expect(trip.views == 12 && trip.status == "done" && trip.nickname == "n")
        #expect(warnings.isEmpty)
    }

    @Test func absentAndNullFollowTheirPolicies() throws {
        var trip = Trip()
        try Mapper.mapValues(from: ["nickname": NSNull(), "status": NSNull()], to: &trip, using: Trip.mapping)
        #expect(trip.nickname == "old")  // null: .keep
        #expect(trip.status == "new")  // null: .useDefault
        try Mapper.mapValues(from: [String: Any](), to: &trip, using: Trip.mapping)
        #expect(trip.nickname == nil)  // absent: .setNil
    }

    @Test func failIsAnIsRequiredError() {
        struct Named { var name = "" }
        let mapping: Mapping<Named> = ["name": .property(\.name).ifAbsent(.fail).ifNull(.fail)]
        var named = Named()
        let absent = #expect(throws: MappingError.self) { try Mapper.mapValues(from: [String: Any](), to: &named, using: mapping) }
        #expect(absent?.errors.map(\.rule) == ["isRequired"])
        let null = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["name": NSNull()], to: &named, using: mapping) }
        #expect(null?.errors.map(\.rule) == ["isRequired"])
        #expect(null?.errors.first?.value == "null")
    }

    /// A value a rule refused is not written: a fallback in its place hands back its own warning only, not the
    /// refused value's (a coercion, a dropped element), as after a failing validator.
    @Test func aFallbackAfterARefusedValueWarnsOnlyOfItself() throws {
        struct Counts: Mappable {
            var count = 0
            var tags: [String] = ["old"]
            var checked = 0
            static let mapping: Mapping<Counts> = [
                "count": .property(\.count, fallback: 0).lenient().ensure("big") { (c: Int) in c > 10 },
                "tags": .property(\.tags, fallback: ["none"]).droppingInvalidElements().ensure("nonEmpty") { (t: [String]) in !t.isEmpty },
                "checked": .property(\.checked, fallback: 0).lenient().min(10),
            ]
        }
        for source in [["count": "3"], ["tags": [7]], ["checked": "3"]] as [[String: Any]] {
            var warnings: [MappingWarning] = []
            let counts = try Mapper.map(Counts.self, from: source, warnings: &warnings)
            #expect(warnings.map(\.kind) == [.fallbackUsed], "\(source)")
            #expect(counts.count == 0 && counts.tags == (source["tags"] == nil ? ["old"] : ["none"]) && counts.checked == 0)
        }
        var kept: [MappingWarning] = []
        #expect(try Mapper.map(Counts.self, from: ["count": "12"], warnings: &kept).count == 12)
        #expect(kept.map(\.kind) == [.coerced])
    }

    @Test func aFallbackReplacesAFailingValueWithAWarning() throws {
        var warnings: [MappingWarning] = []
        let trip = try Mapper.map(Trip.self, from: ["kind": "boat", "site": "", "views": 1, "status": "x"], warnings: &warnings)
        #expect(trip.kind == .unknown)
        #expect(trip.site == URL(string: "https://example.com/"))
        #expect(warnings.map(\.kind) == [.fallbackUsed, .fallbackUsed])
        #expect(warnings.map(\.path) == ["kind", "site"])
        #expect(warnings.first?.value == #""boat""#)
        #expect(warnings.first?.message.contains("not a Kind") == true)
    }

    /// On an optional property `fallback: nil` is a fallback of nil, beside a default as alone.
    @Test func aNilFallbackOnAnOptionalIsAFallback() throws {
        struct Named { var name: String? = "old" }
        for mapping: Mapping<Named> in [
            ["name": .property(\.name, default: "none", fallback: nil)], ["name": .property(\.name, fallback: nil)],
        ] {
            var named = Named()
            var warnings: [MappingWarning] = []
            try Mapper.mapValues(from: ["name": 5], to: &named, using: mapping, warnings: &warnings)
            #expect(named.name == nil)
            #expect(warnings.map(\.kind) == [.fallbackUsed])
        }
        var named = Named()
        let strict: Mapping<Named> = ["name": .property(\.name, default: "none")]
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["name": 5], to: &named, using: strict) }
    }

    @Test func aFallbackDoesNotApplyToNull() {
        let error = #expect(throws: MappingError.self) { try Mapper.map(Trip.self, from: ["kind": NSNull()]) }
        #expect(error?.errors.map(\.rule) == ["type"])
    }

    @Test func warningsAreHandedBackOnlyOnSuccess() {
        var warnings: [MappingWarning] = []
        #expect(throws: MappingError.self) { try Mapper.map(Trip.self, from: ["views": "many"], warnings: &warnings) }
        #expect(warnings.isEmpty)
    }

    @Test func nestedAndBatchWarningsCarryTheirPaths() throws {
        struct Plan: Mappable {
            var trips: [Trip] = []
            static let mapping: Mapping<Plan> = ["trips": .property(\.trips)]
        }
        var warnings: [MappingWarning] = []
        _ = try Mapper.map(
            Plan.self, from: ["trips": [["views": 1, "status": "s", "kind": "train"], ["kind": "ship", "views": 2, "status": "s"]]],
            warnings: &warnings)
        #expect(warnings.map(\.path) == ["trips[1].kind"])
        #expect(warnings.map(\.property) == ["trips[1].kind"])
        var batchWarnings: [MappingWarning] = []
        _ = try Mapper.map(
            [Trip].self, from: [["kind": "train", "status": "s"], ["kind": "train", "views": 1, "status": "s"]], warnings: &batchWarnings)
        #expect(batchWarnings.map(\.path) == ["[0].views"])
        let batch = try Mapper.mapArray(
            from: [["kind": "x", "views": 1, "status": "s"], ["views": "bad"], ["kind": "train", "views": 1, "status": "s"]], as: Trip.self)
        #expect(batch.warnings.map { $0.map(\.path) } == [["kind"], [], []])
    }

    @Test func aDryRunReportsTheWarningsOfTheRealRun() {
        var warnings: [MappingWarning] = []
        #expect(Mapper.validate(["kind": "boat"], as: Trip.self, warnings: &warnings).isEmpty)
        #expect(warnings.map(\.kind) == [.defaultUsed, .fallbackUsed, .defaultUsed])
        var direct: [MappingWarning] = []
        #expect(Mapper.validate(["kind": "boat"], for: Trip(), using: Trip.mapping, warnings: &direct).isEmpty)
        #expect(direct == warnings)
    }

    @Test func policiesThatCannotWorkAreDefinitionErrors() {
        struct Model { var count = 0; var name: String? }
        let mapping: Mapping<Model> = [
            "count": .property(\.count).ifAbsent(.setNil),
            "name": .property(\.name).ifNull(.useDefault),
            "nested": ["x": .property(\.count)],
        ]
        #expect(mapping.definitionErrors.map(\.path) == ["count", "name"])
        #expect(
            mapping.definitionErrors.map(\.message) == [
                ".ifAbsent(.setNil) needs an Optional property", ".ifNull(.useDefault) needs a default: on the field",
            ])
        let onLevel: Mapping<Model> = ["nested": PropertyDescriptor<Model>(dictionaryLiteral: ("x", .property(\.count))).ifAbsent(.fail)]
        #expect(onLevel.definitionErrors.map(\.message) == [".ifAbsent and .ifNull apply to a field, not to a nested mapping or a list"])
    }

    /// `isRequired()` makes absent and null errors, so a policy or `default:` beside it could never apply; `.fail` agrees.
    @Test func aPolicyBesideIsRequiredIsADefinitionError() throws {
        struct Model { var count = 0; var name: String? }
        let mapping: Mapping<Model> = [
            "a": .property(\.count, default: 3).isRequired(),
            "b": .property(\.name).isRequired().ifAbsent(.keep),
            "c": .property(\.name).ifNull(.setNil).isRequired(),
            "d": .property(\.count, default: 1).ifNull(.useDefault).isRequired(),
            "e": .property(\.count).isRequired().ifAbsent(.fail).ifNull(.fail),
        ]
        #expect(mapping.definitionErrors.map(\.path) == ["a", "b", "c", "d", "d"])
        let absent = "isRequired() makes an absent value an error, so default: and .ifAbsent never apply"
        let null = "isRequired() makes null an error, so .ifNull never applies"
        #expect(mapping.definitionErrors.map(\.message) == [absent, absent, null, absent, null])
        var model = Model()
        let errors = mappingErrors { try Mapper.mapValues(from: [String: Any](), to: &model, using: mapping) }
        #expect(errors.map(\.rule) == Array(repeating: "mapping", count: 5))
    }

    @Test func keepIsADefinitionErrorInAnImmutableModel() {
        struct Frozen: ImmutableMappable {
            let name: String
            static let mapping: Mapping<Frozen> = ["name": .property(\.name).ifAbsent(.keep)]
            init(_ values: MappedValues<Frozen>) throws { name = try values[\.name] }
        }
        #expect(Frozen.mapping.definitionErrors.map(\.rule) == ["mapping"])
    }

    @Test func anImmutableModelTakesItsDefault() throws {
        struct Frozen: ImmutableMappable {
            let count: Int
            static let mapping: Mapping<Frozen> = ["count": .property(\.count, default: 5)]
            init(_ values: MappedValues<Frozen>) throws { count = try values[\.count] }
        }
        #expect(try Mapper.map(Frozen.self, from: [String: Any]()).count == 5)
    }
}

/// The `.box` forms of `default:` and `fallback:`, for a property and an optional one.
@Suite struct BoxDefaultAndFallbackTests {
    struct Page: Equatable {
        static let home = URL(string: "https://example.com/")!
        static let broken = URL(string: "https://example.com/broken")!

        var link = URL(string: "https://preset.example/")!
        var mirror: URL? = URL(string: "https://preset.example/")!
        var backup: URL? = URL(string: "https://preset.example/")!

        static let mapping: Mapping<Page> = [
            "link": .box(.url, \.link, default: home, fallback: broken),
            "mirror": .box(.url, \.mirror, default: home),
            "backup": .box(.url, \.backup, fallback: broken),
        ]
    }

    /// Maps `source` into a new page; the page and the warnings' kinds, or the errors' paths.
    static func map(_ source: [String: Any]) -> (page: Page?, warnings: [MappingWarning.Kind], errors: [String]) {
        var page = Page()
        var warnings: [MappingWarning] = []
        do {
            try Mapper.mapValues(from: source, to: &page, using: Page.mapping, warnings: &warnings)
            return (page, warnings.map(\.kind), [])
        } catch {
            return (nil, [], error.errors.map(\.path))
        }
    }

    @Test func anAbsentKeyTakesTheDefault() {
        let outcome = Self.map([:])
        #expect(outcome.page?.link == Page.home)
        #expect(outcome.page?.mirror == Page.home)
        #expect(outcome.page?.backup == Page().backup)  // no default: absent keeps the value
        #expect(outcome.warnings == [.defaultUsed, .defaultUsed])
    }

    @Test func aFailingValueTakesTheFallbackWhereThereIsOne() {
        let outcome = Self.map(["link": "not a url", "backup": 3])
        #expect(outcome.page?.link == Page.broken)
        #expect(outcome.page?.backup == Page.broken)
        #expect(outcome.warnings == [.fallbackUsed, .defaultUsed, .fallbackUsed])  // mirror: absent
        // A default alone replaces nothing that fails: no fallback of nil is made up for the optional.
        #expect(Self.map(["mirror": "not a url"]).errors == ["mirror"])
    }

    @Test func nullIsNilForAnOptionalAndAFailureOfNoOtherKind() {
        let outcome = Self.map(["mirror": NSNull(), "backup": NSNull()])
        #expect(outcome.page?.mirror == nil)
        #expect(outcome.page?.backup == nil)
        #expect(outcome.warnings == [.defaultUsed])  // link: absent
        #expect(Self.map(["link": NSNull()]).errors == ["link"])
    }
}

/// A property two keys write, the later with a `default:`: the default stands for an absent value, so it never replaces
/// what the other key held (as an absent key without one writes nothing).
@Suite struct DefaultOnASharedTargetTests {
    private struct Renamed: Mappable {
        var name = ""
        static let mapping: Mapping<Renamed> = [
            "name": .property(\.name), "full_name": .property(\.name, default: "anonymous").ifNull(.useDefault),
        ]
    }

    private struct FrozenRenamed: ImmutableMappable {
        let name: String
        static let mapping: Mapping<FrozenRenamed> = [
            "name": .property(\.name), "full_name": .property(\.name, default: "anonymous").ifNull(.useDefault),
        ]
        init(_ values: MappedValues<FrozenRenamed>) throws { name = try values[\.name] }
    }

    /// Each source, the name mapped and the warnings' kinds.
    static var cases: [([String: Any], String, [MappingWarning.Kind])] {
        [
            (["name": "Ada"], "Ada", []),
            (["name": "Ada", "full_name": NSNull()], "Ada", []),
            (["full_name": "Ada L"], "Ada L", []),
            (["name": "Ada", "full_name": "Ada L"], "Ada L", []),
            ([:], "anonymous", [.defaultUsed]),
        ]
    }

    @Test func theOtherKeysValueIsKept() throws {
        for (source, name, kinds) in Self.cases {
            var warnings: [MappingWarning] = []
            #expect(try Mapper.map(Renamed.self, from: source, warnings: &warnings).name == name)
            #expect(warnings.map(\.kind) == kinds)
            var frozenWarnings: [MappingWarning] = []
            #expect(try Mapper.map(FrozenRenamed.self, from: source, warnings: &frozenWarnings).name == name)
            #expect(frozenWarnings.map(\.kind) == kinds)
            var validateWarnings: [MappingWarning] = []
            #expect(Mapper.validate(source, as: Renamed.self, warnings: &validateWarnings).isEmpty)
            #expect(validateWarnings.map(\.kind) == kinds)
        }
    }

    @Test func twoDefaultsStillLeaveTheLater() throws {
        struct Both: Mappable {
            var count = 0
            static let mapping: Mapping<Both> = ["a": .property(\.count, default: 1), "b": .property(\.count, default: 2)]
        }
        #expect(try Mapper.map(Both.self, from: [String: Any]()).count == 2)
        #expect(try Mapper.map(Both.self, from: ["a": 5]).count == 5)
        #expect(try Mapper.map(Both.self, from: ["b": 7]).count == 7)
    }
}

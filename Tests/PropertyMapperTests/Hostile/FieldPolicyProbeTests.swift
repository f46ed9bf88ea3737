import Foundation
import PropertyMapper
import Testing

// Probes of the field policies and combinators (`.polymorphic`, `default:`/`fallback:`, `.lenient()`, missing-value
// policies, `.droppingInvalidElements()`, box/call/merge/list/one-way) through the public API only: each through JSON
// text and through the same JSON parsed by JSONSerialization, all or nothing on failure, and through serialize.

// MARK: - Harness

private struct FPRun<Model> {
    var model: Model
    var errors: [ValidationError]
    var warnings: [MappingWarning]
    var failed: Bool { !errors.isEmpty }
    var errorLines: [String] { errors.map(\.description) }
    var warningLines: [String] { warnings.map(\.description) }
}

private func fpParse(_ json: String) -> Any {
    (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])) ?? "<<unparsable>>"
}

private func fpText<Model: Mappable>(_: Model.Type, _ json: String, start: Model = Model()) -> FPRun<Model> {
    var model = start
    var warnings: [MappingWarning] = []
    do {
        try Mapper.mapValues(fromJSON: json, to: &model, using: Model.mapping, warnings: &warnings)
        return FPRun(model: model, errors: [], warnings: warnings)
    } catch {
        return FPRun(model: model, errors: error.errors, warnings: warnings)
    }
}

private func fpTree<Model: Mappable>(_: Model.Type, _ source: Any?, start: Model = Model()) -> FPRun<Model> {
    var model = start
    var warnings: [MappingWarning] = []
    do {
        try Mapper.mapValues(from: source, to: &model, using: Model.mapping, warnings: &warnings)
        return FPRun(model: model, errors: [], warnings: warnings)
    } catch {
        return FPRun(model: model, errors: error.errors, warnings: warnings)
    }
}

/// Maps `json` as text and as a parsed tree, expects both to agree (model, errors, warnings) and, on failure, the model
/// untouched and no warning handed back. Returns the text run.
@discardableResult
private func fpBoth<Model: Mappable & Equatable>(
    _ type: Model.Type, _ json: String, start: Model = Model(), sourceLocation: SourceLocation = #_sourceLocation
) -> FPRun<Model> {
    let text = fpText(type, json, start: start)
    let tree = fpTree(type, fpParse(json), start: start)
    #expect(text.errorLines == tree.errorLines, "text vs tree errors for \(json)", sourceLocation: sourceLocation)
    #expect(text.warningLines == tree.warningLines, "text vs tree warnings for \(json)", sourceLocation: sourceLocation)
    #expect(text.model == tree.model, "text vs tree model for \(json)", sourceLocation: sourceLocation)
    if text.failed {
        #expect(text.model == start, "partial write (text) for \(json)", sourceLocation: sourceLocation)
        #expect(text.warnings.isEmpty, "warnings on failure for \(json)", sourceLocation: sourceLocation)
    }
    if tree.failed {
        #expect(tree.model == start, "partial write (tree) for \(json)", sourceLocation: sourceLocation)
    }
    return text
}

/// A deterministic generator over the shared `SplitMix64`.
private struct FPRandom {
    private var source: SplitMix64
    init(state: UInt64) { source = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { source.next() }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func digits(_ count: Int, leadingNonZero: Bool) -> String {
        var text = ""
        for position in 0..<count {
            let digit = position == 0 && leadingNonZero ? 1 + below(9) : below(10)
            text += String(digit)
        }
        return text
    }
}

private func fpJSONString(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
    let array = String(decoding: data, as: UTF8.self)
    return String(array.dropFirst().dropLast())
}

private struct FPThrown: Error, CustomStringConvertible {
    var description: String { "the call threw on purpose" }
}

// MARK: - Polymorphism models

private protocol FPShape: Sendable {
    var label: String { get }
}

private struct FPCircle: Mappable, FPShape, Equatable {
    var label = ""
    var radius = 0.0
    static let mapping: Mapping<FPCircle> = ["label": .property(\.label), "radius": .property(\.radius).min(0)]
}

private struct FPSquare: Mappable, FPShape, Equatable {
    var label = ""
    var side = 0
    var kind = ""
    static let mapping: Mapping<FPSquare> = [
        "label": .property(\.label), "side": .property(\.side).min(1), "type": .property(\.kind),
    ]
}

private struct FPGroup: Mappable, FPShape {
    var label = ""
    var inner: any FPShape = FPCircle()
    var more: [any FPShape] = []
    static let mapping: Mapping<FPGroup> = [
        "label": .property(\.label),
        "inner": .polymorphic(\.inner, on: "type", ["circle": FPCircle.self, "square": FPSquare.self]),
        "more": .polymorphic(\.more, on: "type", ["circle": FPCircle.self, "square": FPSquare.self]),
    ]
}

private struct FPTriangle: Mappable, FPShape {
    var label = "tri"
    static let mapping: Mapping<FPTriangle> = ["label": .property(\.label)]
}

private struct FPNotAShape: Mappable {
    var label = ""
    static let mapping: Mapping<FPNotAShape> = ["label": .property(\.label)]
}

private func fpShapeKey(_ shape: (any FPShape)?) -> String {
    guard let shape else { return "nil" }
    if let group = shape as? FPGroup {
        return "group(\(group.label),\(fpShapeKey(group.inner)),[\(group.more.map { fpShapeKey($0) }.joined(separator: ","))])"
    }
    return "\(type(of: shape)):\(shape)"
}

private struct FPCanvas: Mappable, Equatable {
    var main: any FPShape = FPCircle(label: "preset", radius: 1)
    var maybe: (any FPShape)? = FPCircle(label: "preset", radius: 1)
    var list: [any FPShape] = [FPCircle(label: "preset", radius: 1)]
    var title = "preset"
    static let mapping: Mapping<FPCanvas> = [
        "main": .polymorphic(\.main, on: "type", ["circle": FPCircle.self, "square": FPSquare.self, "group": FPGroup.self]),
        "maybe": .polymorphic(\.maybe, on: "type", ["circle": FPCircle.self, "square": FPSquare.self]),
        "list": .polymorphic(\.list, on: "type", ["circle": FPCircle.self, "square": FPSquare.self, "group": FPGroup.self]),
        "title": .property(\.title),
    ]
    static func == (lhs: FPCanvas, rhs: FPCanvas) -> Bool {
        fpShapeKey(lhs.main) == fpShapeKey(rhs.main) && fpShapeKey(lhs.maybe) == fpShapeKey(rhs.maybe)
            && lhs.list.map { fpShapeKey($0) } == rhs.list.map { fpShapeKey($0) } && lhs.title == rhs.title
    }
}

@Suite struct FieldPolicyProbePolymorphic {
    /// (value of "main", expected rule of the one error or nil for success, its path)
    static let mainCases: [(String, String?, String)] = [
        (#"{"type": "circle", "label": "a", "radius": 1}"#, nil, ""),
        (#"{"label": "a"}"#, "discriminator", "main.type"),
        (#"{"type": null, "label": "a"}"#, "discriminator", "main.type"),
        (#"{"type": 1}"#, "discriminator", "main.type"),
        (#"{"type": true}"#, "discriminator", "main.type"),
        (#"{"type": ["circle"]}"#, "discriminator", "main.type"),
        (#"{"type": {"circle": 1}}"#, "discriminator", "main.type"),
        (#"{"type": "Circle"}"#, "discriminator", "main.type"),
        (#"{"type": " circle"}"#, "discriminator", "main.type"),
        (#"{"type": "circle "}"#, "discriminator", "main.type"),
        (#"{"type": ""}"#, "discriminator", "main.type"),
        (#"{"type": "hexagon"}"#, "discriminator", "main.type"),
        (#"{"Type": "circle"}"#, "discriminator", "main.type"),
        (#""circle""#, "type", "main"),
        (#"[{"type": "circle"}]"#, "type", "main"),
        ("7", "type", "main"),
        ("null", "type", "main"),
        (#"{"type": "circle", "radius": -1}"#, "min", "main.radius"),
        (#"{"type": "square", "side": 0}"#, "min", "main.side"),
        (#"{"type": "ci\u0072cle", "label": "escaped tag"}"#, nil, ""),
        (#"{"typ\u0065": "circle", "label": "escaped key"}"#, nil, ""),
        (#"{"type": "square", "type": "circle", "label": "dup", "radius": 2}"#, nil, ""),
        (#"{"type": "circle", "type": "hexagon"}"#, "discriminator", "main.type"),
        (
            #"{"type": "group", "label": "g", "inner": {"type": "square", "side": 2}, "more": [{"type": "circle"}, {"type": "blob"}]}"#,
            "discriminator", "main.more[1].type"
        ),
        (#"{"type": "group", "inner": {"side": 2}}"#, "discriminator", "main.inner.type"),
        (#"{"type": "group", "inner": {"type": "group"}}"#, "discriminator", "main.inner.type"),
        (#"{"type": "group", "inner": {"type": "square", "side": -3}}"#, "min", "main.inner.side"),
    ]

    @Test(arguments: mainCases.indices)
    func aTagChoosesOrFailsAtItsPathAllOrNothing(index: Int) {
        let (main, rule, path) = Self.mainCases[index]
        let json = #"{"title": "new", "main": \#(main)}"#
        let run = fpBoth(FPCanvas.self, json)
        if let rule {
            #expect(run.errors.map(\.rule) == [rule], "\(json): \(run.errorLines)")
            #expect(run.errors.map(\.path) == [path], "\(json): \(run.errorLines)")
            #expect(run.model.title == "preset")
            if rule == "discriminator" {
                let message = run.errors.first?.message ?? ""
                #expect(message.contains("\"circle\"") && message.contains("\"square\""), "\(message)")
            }
        } else {
            #expect(run.errors.isEmpty, "\(json): \(run.errorLines)")
            #expect(run.model.title == "new")
        }
    }

    @Test func duplicateTagsFollowTheLastKeyInBothPaths() {
        let run = fpBoth(FPCanvas.self, #"{"main": {"type": "square", "type": "circle", "label": "dup", "radius": 2}}"#)
        #expect(run.model.main is FPCircle, "\(fpShapeKey(run.model.main))")
    }

    @Test func theChosenModelReadsTheTagItself() {
        let run = fpBoth(FPCanvas.self, #"{"main": {"type": "square", "label": "s", "side": 3}}"#)
        #expect((run.model.main as? FPSquare)?.kind == "square", "\(fpShapeKey(run.model.main))")
    }

    @Test func optionalNullIsNilAbsentKeepsAndBadTagFails() {
        #expect(fpBoth(FPCanvas.self, #"{"maybe": null}"#).model.maybe == nil)
        let kept = fpBoth(FPCanvas.self, #"{"title": "x"}"#)
        #expect(kept.model.maybe?.label == "preset")
        let bad = fpBoth(FPCanvas.self, #"{"maybe": {"type": "group"}, "title": "x"}"#)
        #expect(bad.errors.map(\.path) == ["maybe.type"], "\(bad.errorLines)")
        #expect(bad.errors.first?.rule == "discriminator")
    }

    @Test func arrayElementsFailAtTheirIndexEveryOneReported() {
        let run = fpBoth(
            FPCanvas.self,
            #"{"list": [{"type": "circle"}, {"type": 3}, "x", {"type": "square", "side": 0}, null, {}], "title": "x"}"#)
        #expect(
            run.errors.map(\.path) == ["list[1].type", "list[2]", "list[3].side", "list[4]", "list[5].type"], "\(run.errorLines)")
        #expect(run.model.list.count == 1 && run.model.title == "preset")
    }

    @Test func aRoundTripKeepsTypesAndWritesTheTag() throws {
        let json = #"""
            {"title": "t", "main": {"type": "group", "label": "g", "inner": {"type": "square", "label": "s", "side": 2},
             "more": [{"type": "circle", "label": "c", "radius": 0.25}]},
             "maybe": {"type": "square", "label": "q", "side": 9}, "list": [{"type": "group", "label": "h",
             "inner": {"type": "circle", "label": "ci", "radius": 3}, "more": []}, {"type": "circle", "label": "k", "radius": 1e-3}]}
            """#
        let first = fpBoth(FPCanvas.self, json)
        #expect(first.errors.isEmpty, "\(first.errorLines)")
        let written = try Mapper.serializeJSON(first.model, using: FPCanvas.mapping, options: [.sortedKeys])
        let again = fpBoth(FPCanvas.self, String(decoding: written, as: UTF8.self))
        #expect(again.errors.isEmpty, "\(again.errorLines)")
        #expect(again.model == first.model, "\(String(decoding: written, as: UTF8.self))")
        let object = try Mapper.serialize(first.model, using: FPCanvas.mapping)
        let main = object["main"] as? [String: Any]
        #expect(main?["type"] as? String == "group")
        #expect(((main?["inner"] as? [String: Any])?["type"] as? String) == "square")
    }

    @Test func theTagWrittenIsTheTypesNotTheModelsOwnEntry() throws {
        var canvas = FPCanvas()
        canvas.main = FPSquare(label: "s", side: 2, kind: "something else")
        let written = try Mapper.serializeJSON(canvas, using: FPCanvas.mapping)
        let text = String(decoding: written, as: UTF8.self)
        let object = fpParse(text) as? [String: Any]
        #expect((object?["main"] as? [String: Any])?["type"] as? String == "square", "\(text)")
        #expect(!text.contains("something else"), "\(text)")
    }

    @Test func anUnlistedTypeIsASerializeErrorAtItsPath() {
        var canvas = FPCanvas()
        canvas.main = FPTriangle()
        canvas.list = [FPCircle(), FPTriangle()]
        do {
            _ = try Mapper.serializeJSON(canvas, using: FPCanvas.mapping)
            Issue.record("an unlisted type serialized")
        } catch {
            #expect(error.errors.map(\.path) == ["main", "list[1]"], "\(error)")
            #expect(error.errors.allSatisfy { $0.rule == "serialize" }, "\(error)")
        }
        do {
            _ = try Mapper.serialize(canvas, using: FPCanvas.mapping)
            Issue.record("an unlisted type serialized")
        } catch {
            #expect(error.errors.count == 2, "\(error)")
        }
    }

    private struct Holder: Mappable {
        var shape: any FPShape = FPCircle()
        var shapes: [any FPShape] = []
        static let mapping: Mapping<Holder> = ["shape": .property(\.label)]
        var label = ""
    }

    @Test func definitionMistakesAreDefinitionErrorsNeverTraps() {
        let twice: Mapping<Holder> = ["shape": .polymorphic(\.shape, on: "type", ["c": FPCircle.self, "c": FPSquare.self])]
        let notTheType: Mapping<Holder> = ["shape": .polymorphic(\.shape, on: "type", ["c": FPCircle.self, "n": FPNotAShape.self])]
        let notAModel: Mapping<Holder> = ["shape": .polymorphic(\.shape, on: "type", ["c": FPCircle.self, "s": String.self])]
        let empty: Mapping<Holder> = ["shape": .polymorphic(\.shape, on: "type", [:])]
        let lossy: Mapping<Holder> = ["shapes": .polymorphic(\.shapes, on: "type", ["c": FPCircle.self]).droppingInvalidElements()]
        for (name, mapping) in [("twice", twice), ("notTheType", notTheType), ("notAModel", notAModel), ("empty", empty)] {
            let errors = mapping.definitionErrors
            #expect(errors.count == 1 && errors.first?.rule == "mapping" && errors.first?.path == "shape", "\(name): \(errors)")
            var holder = Holder()
            do {
                try Mapper.mapValues(from: ["shape": ["type": "c"]], to: &holder, using: mapping)
                Issue.record("\(name) mapped")
            } catch {
                #expect(error.errors == errors, "\(name)")
            }
        }
        // Dropping on a polymorphic array: either it drops or the definition says it cannot; never a trap.
        var holder = Holder()
        var warnings: [MappingWarning] = []
        if lossy.definitionErrors.isEmpty {
            do {
                try Mapper.mapValues(
                    from: ["shapes": [["type": "c"], ["type": "x"]]], to: &holder, using: lossy, warnings: &warnings)
                #expect(holder.shapes.count == 1 && warnings.map(\.path) == ["shapes[1].type"] || warnings.map(\.path) == ["shapes[1]"])
            } catch {
                Issue.record("a lossy polymorphic array failed: \(error)")
            }
        } else {
            #expect(lossy.definitionErrors.allSatisfy { $0.rule == "mapping" && $0.path == "shapes" })
        }
    }

    @Test func aTagAndAValidatorOnTheValueOnlyOneRootCause() {
        struct Box: Mappable, Equatable {
            var shape: any FPShape = FPCircle()
            var count = 0
            static let mapping: Mapping<Box> = [
                "shape": .polymorphic(\.shape, on: "type", ["c": FPCircle.self]).isRequired(),
                "count": .property(\.count),
            ]
            static func == (lhs: Box, rhs: Box) -> Bool { fpShapeKey(lhs.shape) == fpShapeKey(rhs.shape) && lhs.count == rhs.count }
        }
        #expect(fpBoth(Box.self, #"{"count": 1}"#).errors.map(\.rule) == ["isRequired"])
        #expect(fpBoth(Box.self, #"{"shape": null, "count": 1}"#).errors.map(\.path) == ["shape"])
        #expect(fpBoth(Box.self, #"{"shape": {"type": "d"}, "count": 1}"#).errors.map(\.rule) == ["discriminator"])
    }
}

// MARK: - Defaults and fallbacks

private enum FPMood: String, CaseIterable, Sendable, Equatable {
    case calm, angry, unknown
}

private struct FPKid: Mappable, Equatable {
    var n = 0
    static let mapping: Mapping<FPKid> = ["n": .property(\.n).min(1)]
}

private let fpZeroUUID = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

private struct FPSubstitutes: Mappable, Equatable {
    var count = -1
    var ratio = -1.0
    var mood: FPMood = .angry
    var nick: String? = "preset"
    var kid = FPKid(n: 9)
    var id = UUID(uuidString: "11111111-1111-1111-1111-111111111111")!
    var label = "preset"
    var link: URL? = URL(string: "https://preset.example")
    var title = "preset"

    static let mapping: Mapping<FPSubstitutes> = [
        "count": .property(\.count, default: 0, fallback: 99).min(0),
        "ratio": .property(\.ratio, fallback: 0.5).range(0, 1),
        "mood": .property(\.mood, default: .calm, fallback: .unknown),
        "nick": .property(\.nick, default: "anon", fallback: "bad").lengthRange(1, 5),
        "kid": .property(\.kid, fallback: FPKid(n: 1)),
        "id": .box(.uuid, \.id, fallback: fpZeroUUID),
        "label": .call(FPSubstitutes.label(from:), \.label, fallback: "fallen", reverse: FPSubstitutes.text(of:)),
        "link": .box(.url, \.link, default: URL(string: "https://default.example")!, fallback: URL(string: "https://fallback.example")!),
        "title": .property(\.title),
    ]

    func label(from text: String) throws -> String? {
        if text == "throw" { throw FPThrown() }
        return text == "nil" ? nil : text.uppercased()
    }

    func text(of label: String) -> String { label.lowercased() }
}

@Suite struct FieldPolicyProbeSubstitutes {
    /// (document, expected kinds of warnings with their paths, expected error paths)
    static let cases: [(String, [String], [String])] = [
        ("{}", ["count:defaultUsed", "mood:defaultUsed", "nick:defaultUsed", "link:defaultUsed"], []),
        (#"{"count": null}"#, [], ["count"]),
        (#"{"count": "x"}"#, ["count:fallbackUsed", "mood:defaultUsed", "nick:defaultUsed", "link:defaultUsed"], []),
        (#"{"count": -5, "mood": "calm", "nick": "kim", "link": null}"#, ["count:fallbackUsed"], []),
        (#"{"count": 1.5, "mood": "calm", "nick": "kim", "link": null}"#, ["count:fallbackUsed"], []),
        (#"{"count": true, "mood": "calm", "nick": "kim", "link": null}"#, ["count:fallbackUsed"], []),
        (#"{"count": 3, "mood": "calm", "nick": "kim", "link": null}"#, [], []),
        (#"{"ratio": 2, "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["ratio:fallbackUsed"], []),
        (#"{"ratio": "0.3", "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["ratio:fallbackUsed"], []),
        (#"{"ratio": null, "count": 1, "mood": "calm", "nick": null, "link": null}"#, [], ["ratio"]),
        (#"{"mood": "sad", "count": 1, "nick": null, "link": null}"#, ["mood:fallbackUsed"], []),
        (#"{"mood": 1, "count": 1, "nick": null, "link": null}"#, ["mood:fallbackUsed"], []),
        (#"{"mood": null, "count": 1, "nick": null, "link": null}"#, [], ["mood"]),
        (#"{"nick": "toolongname", "count": 1, "mood": "calm", "link": null}"#, ["nick:fallbackUsed"], []),
        (#"{"nick": 5, "count": 1, "mood": "calm", "link": null}"#, ["nick:fallbackUsed"], []),
        (#"{"kid": {"n": 0}, "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["kid:fallbackUsed"], []),
        (#"{"kid": {"n": "x"}, "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["kid:fallbackUsed"], []),
        (#"{"kid": [], "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["kid:fallbackUsed"], []),
        (#"{"kid": null, "count": 1, "mood": "calm", "nick": null, "link": null}"#, [], ["kid"]),
        (#"{"kid": {"n": 4}, "count": 1, "mood": "calm", "nick": null, "link": null}"#, [], []),
        (#"{"id": "nope", "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["id:fallbackUsed"], []),
        (#"{"id": 5, "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["id:fallbackUsed"], []),
        (#"{"label": "nil", "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["label:fallbackUsed"], []),
        (#"{"label": "throw", "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["label:fallbackUsed"], []),
        (#"{"label": 5, "count": 1, "mood": "calm", "nick": null, "link": null}"#, ["label:fallbackUsed"], []),
        (#"{"label": null, "count": 1, "mood": "calm", "nick": null, "link": null}"#, [], ["label"]),
        (#"{"label": "ok", "count": 1, "mood": "calm", "nick": null, "link": null}"#, [], []),
        (#"{"link": 7, "count": 1, "mood": "calm", "nick": null}"#, ["link:fallbackUsed"], []),
        (#"{"count": "x", "title": 5}"#, [], ["title"]),
        (#"{"count": "x", "mood": "sad", "kid": {"n": 0}, "title": null}"#, [], ["title"]),
    ]

    @Test(arguments: cases.indices)
    func eachSubstituteAppliesWhereDocumented(index: Int) {
        let (json, warnings, errors) = Self.cases[index]
        let run = fpBoth(FPSubstitutes.self, json)
        #expect(run.errors.map(\.path) == errors, "\(json): \(run.errorLines)")
        #expect(run.warnings.map { "\($0.path):\($0.kind.rawValue)" } == warnings, "\(json): \(run.warningLines)")
    }

    @Test func theWrittenValuesAreTheSubstitutes() {
        let absent = fpBoth(FPSubstitutes.self, "{}").model
        #expect(absent.count == 0 && absent.mood == .calm && absent.nick == "anon" && absent.kid == FPKid(n: 9))
        #expect(absent.link == URL(string: "https://default.example"))
        let failing = fpBoth(
            FPSubstitutes.self,
            #"{"count": -5, "ratio": 7, "mood": "x", "nick": "", "kid": {"n": 0}, "id": "no", "label": "nil", "link": 1}"#
        ).model
        #expect(failing.count == 99 && failing.ratio == 0.5 && failing.mood == .unknown && failing.nick == "bad")
        #expect(failing.kid == FPKid(n: 1) && failing.id == fpZeroUUID && failing.label == "fallen")
        #expect(failing.link == URL(string: "https://fallback.example"))
        let nulls = fpBoth(FPSubstitutes.self, #"{"nick": null, "link": null, "count": 1, "mood": "calm"}"#).model
        #expect(nulls.nick == nil && nulls.link == nil)
    }

    @Test func aFallbackWarningCarriesTheErrorItReplacedAndTheValue() {
        let run = fpBoth(FPSubstitutes.self, #"{"count": -5, "mood": "calm", "nick": "kim", "link": null}"#)
        let warning = run.warnings.first
        #expect(warning?.kind == .fallbackUsed)
        #expect(warning?.value == "-5", "\(String(describing: warning))")
        #expect(warning?.message.contains("99") == true && warning?.message.contains("[min]") == true, "\(String(describing: warning))")
    }

    @Test func substitutesRoundTrip() throws {
        let run = fpBoth(FPSubstitutes.self, #"{"count": "x", "ratio": 0.25, "mood": "sad", "label": "abc", "link": null, "nick": null}"#)
        #expect(run.errors.isEmpty)
        let written = try Mapper.serializeJSON(run.model, using: FPSubstitutes.mapping)
        let text = String(decoding: written, as: UTF8.self)
        let again = fpBoth(FPSubstitutes.self, text)
        #expect(again.errors.isEmpty, "\(text): \(again.errorLines)")
        #expect(again.model == run.model, "\(text)")
        // nil with a default is written as null, and reads back as nil.
        #expect(text.contains(#""nick":null"#) && text.contains(#""link":null"#), "\(text)")
    }

    private struct Ordered: Mappable, Equatable {
        var even = 0
        var odd = 0
        static let mapping: Mapping<Ordered> = [
            "even": .property(\.even, fallback: 8).min(0).ensure("isEven") { (value: Int) in value % 2 == 0 },
            "odd": .property(\.odd, fallback: 2).ensure("isOdd") { (value: Int) in value % 2 == 1 },
        ]
    }

    // Ensure is not in the list of what a fallback replaces (type, validators, boxing, call, enum): either it is
    // replaced with a warning, or it stays an error at its path; never a partial write, and a written fallback that
    // fails the ensure is never written silently.
    @Test func ensureAndFallback() {
        let replaced = fpBoth(Ordered.self, #"{"even": 3}"#)
        if replaced.failed {
            #expect(replaced.errors.map(\.rule) == ["isEven"], "\(replaced.errorLines)")
        } else {
            #expect(replaced.model.even == 8 && replaced.warnings.map(\.kind) == [.fallbackUsed], "\(replaced.warningLines)")
        }
        let fallbackFails = fpBoth(Ordered.self, #"{"odd": "x"}"#)
        #expect(!(fallbackFails.errors.isEmpty && fallbackFails.model.odd == 2 && fallbackFails.warnings.isEmpty))
    }

    @Test func defaultAndFallbackOnAnImmutableModel() throws {
        struct Frozen: ImmutableMappable, Equatable {
            let a: Int
            let b: String?
            let c: FPMood
            static let mapping: Mapping<Frozen> = [
                "a": .property(\.a, default: 5), "b": .property(\.b), "c": .property(\.c, default: .calm, fallback: .unknown),
            ]
            init(_ values: MappedValues<Frozen>) throws {
                a = try values[\.a]
                b = try values[\.b]
                c = try values[\.c]
            }
        }
        var warnings: [MappingWarning] = []
        let made = try Mapper.map(Frozen.self, fromJSON: "{}", warnings: &warnings)
        #expect(made.a == 5 && made.b == nil && made.c == .calm)
        #expect(warnings.map(\.path) == ["a", "c"])
        var treeWarnings: [MappingWarning] = []
        let tree = try Mapper.map(Frozen.self, from: fpParse(#"{"c": "zzz"}"#), warnings: &treeWarnings)
        #expect(tree.c == .unknown && treeWarnings.map(\.kind) == [.defaultUsed, .fallbackUsed])
        #expect(throws: MappingError.self) { try Mapper.map(Frozen.self, fromJSON: #"{"a": null}"#) }
        #expect(Mapper.validate(fpParse(#"{"a": null}"#), as: Frozen.self).map(\.path) == ["a"])
    }

    private struct Misused {
        var n = 0
        var o: Int? = 0
    }

    @Test func substituteMisusesAreDefinitionErrors() {
        let cases: [(String, Mapping<Misused>)] = [
            ("required default", ["n": .property(\.n, default: 1).isRequired()]),
            ("setNil non-optional", ["n": .property(\.n).ifAbsent(.setNil)]),
            ("null setNil non-optional", ["n": .property(\.n).ifNull(.setNil)]),
            ("useDefault without default", ["n": .property(\.n).ifAbsent(.useDefault)]),
            ("null useDefault without default", ["o": .property(\.o).ifNull(.useDefault)]),
            ("merging with fallback", ["n": .property(\.n, fallback: 1).merging()]),
            ("lossy on a scalar", ["n": .property(\.n).droppingInvalidElements()]),
        ]
        for (name, mapping) in cases {
            let errors = mapping.definitionErrors
            #expect(!errors.isEmpty && errors.allSatisfy { $0.rule == "mapping" }, "\(name): \(errors)")
            #expect(Mapper.validate(["n": 1, "o": 1], for: Misused(), using: mapping) == errors, "\(name)")
        }
    }
}

// MARK: - Missing values

private struct FPMissing: Mappable, Equatable {
    var lat = -1.0
    var lon: Double? = 7
    var x = -1
    var y = -1
    var kid: FPKid? = FPKid(n: 3)
    var keptKid: FPKid? = FPKid(n: 4)
    var strict = -1
    var loose: Int? = -1
    var keepNull = -1
    var failNull: String? = "preset"

    static let mapping: Mapping<FPMissing> = [
        "geo": ["lat": .property(\.lat, default: 0), "lon": .property(\.lon).ifAbsent(.setNil)],
        "pt": [0: .property(\.x, default: 1), 1: .property(\.y).ifAbsent(.fail)],
        "kid": .property(\.kid).ifAbsent(.setNil),
        "keptKid": .property(\.keptKid).ifNull(.keep),
        "strict": .property(\.strict),
        "loose": .property(\.loose),
        "keepNull": .property(\.keepNull).ifNull(.keep),
        "failNull": .property(\.failNull).ifNull(.fail),
    ]
}

@Suite struct FieldPolicyProbeMissingValues {
    static let cases: [(String, [String], [String])] = [
        // (document, error "path:rule", warning "path:kind")
        (#"{"pt": [5, 6]}"#, [], ["geo.lat:defaultUsed"]),
        (#"{"geo": null, "pt": [5, 6]}"#, [], ["geo.lat:defaultUsed"]),
        (#"{"geo": {}, "pt": [5, 6]}"#, [], ["geo.lat:defaultUsed"]),
        (#"{"geo": 5, "pt": [5, 6]}"#, ["geo:type"], []),
        (#"{"geo": {"lat": null}, "pt": [5, 6]}"#, ["geo.lat:type"], []),
        (#"{"geo": {"lat": 2, "lon": null}, "pt": [5, 6]}"#, [], []),
        (#"{"pt": [5]}"#, ["pt[1]:isRequired"], []),
        (#"{"pt": []}"#, ["pt[1]:isRequired"], []),
        (#"{"pt": null}"#, ["pt[1]:isRequired"], []),
        (#"{"pt": [null, 6]}"#, ["pt[0]:type"], []),
        (#"{"pt": [5, null]}"#, ["pt[1]:type"], []),
        (#"{"pt": {"0": 5, "1": 6}}"#, ["pt:type"], []),
        (#"{"pt": [5, 6], "strict": null}"#, ["strict:type"], []),
        (#"{"pt": [5, 6], "loose": null, "keepNull": null, "keptKid": null}"#, [], ["geo.lat:defaultUsed"]),
        (#"{"pt": [5, 6], "failNull": null}"#, ["failNull:isRequired"], []),
        (#"{"pt": [5, 6], "kid": null}"#, [], ["geo.lat:defaultUsed"]),
        (#"{"pt": [5, 6], "kid": {"n": 0}}"#, ["kid.n:min"], []),
        (
            #"{"pt": [5, 6], "strict": null, "failNull": null, "kid": {"n": 0}, "geo": 1}"#,
            ["geo:type", "kid.n:min", "strict:type", "failNull:isRequired"], []
        ),
    ]

    @Test(arguments: cases.indices)
    func absentNullAndNSNullFollowTheirPolicies(index: Int) {
        let (json, errors, warnings) = Self.cases[index]
        let run = fpBoth(FPMissing.self, json)
        #expect(run.errors.map { "\($0.path):\($0.rule)" } == errors, "\(json): \(run.errorLines)")
        #expect(run.warnings.map { "\($0.path):\($0.kind.rawValue)" } == warnings, "\(json): \(run.warningLines)")
    }

    @Test func theValuesWritten() {
        let absent = fpBoth(FPMissing.self, #"{"pt": [5, 6]}"#).model
        #expect(absent.lat == 0 && absent.lon == nil && absent.x == 5 && absent.y == 6)
        #expect(absent.kid == nil && absent.keptKid == FPKid(n: 4) && absent.loose == -1 && absent.failNull == "preset")
        let nulls = fpBoth(FPMissing.self, #"{"pt": [5, 6], "loose": null, "keepNull": null, "keptKid": null, "kid": null}"#).model
        #expect(nulls.loose == nil && nulls.keepNull == -1 && nulls.keptKid == FPKid(n: 4) && nulls.kid == nil)
        let nullLevel = fpBoth(FPMissing.self, #"{"geo": null, "pt": [5, 6]}"#).model
        #expect(nullLevel.lat == 0 && nullLevel.lon == nil)
    }

    @Test func nsNullAndSwiftNilInsideAnAnyDictionary() {
        let viaNSNull = fpTree(FPMissing.self, ["pt": [5, 6], "loose": NSNull(), "kid": NSNull()] as [String: Any])
        #expect(viaNSNull.errors.isEmpty && viaNSNull.model.loose == nil && viaNSNull.model.kid == nil, "\(viaNSNull.errorLines)")
        let none: Int? = nil
        let viaNil = fpTree(FPMissing.self, ["pt": [5, 6], "loose": none as Any, "strict": none as Any] as [String: Any])
        // A Swift nil in an `Any` is either null or a clear error naming the field; never a crash or a silent write.
        if viaNil.failed {
            #expect(Set(viaNil.errors.map(\.path)).isSubset(of: ["loose", "strict"]), "\(viaNil.errorLines)")
            #expect(viaNil.model == FPMissing())
        } else {
            Issue.record("a Swift nil into a non-optional Int mapped: \(viaNil.model.strict)")
        }
    }

    @Test func nilWithIfAbsentFailIsWrittenAsNullAndReadsBack() throws {
        struct Model: Mappable, Equatable {
            var a: Int? = 3
            var b: Int? = 3
            var c: Int? = 3
            static let mapping: Mapping<Model> = [
                "a": .property(\.a).ifAbsent(.fail), "b": .property(\.b).ifAbsent(.setNil), "c": .property(\.c).ifNull(.keep),
            ]
        }
        var model = Model()
        model.a = nil
        model.b = nil
        model.c = 5
        let text = String(decoding: try Mapper.serializeJSON(model, using: Model.mapping), as: UTF8.self)
        #expect(text.contains(#""a":null"#), "\(text)")
        let back = fpBoth(Model.self, text)
        #expect(back.errors.isEmpty && back.model.a == nil && back.model.b == nil && back.model.c == 5, "\(text) \(back.errorLines)")
    }
}

// MARK: - Lenient coercion

private enum FPLevel: Int, CaseIterable, Sendable, Equatable {
    case low = 1
    case high = 2
}

private struct FPLoose: Mappable, Equatable {
    var i = -1
    var i8: Int8 = -1
    var u8: UInt8 = 1
    var u64: UInt64 = 1
    var d = -1.0
    var f: Float = -1
    var dec = Decimal(-1)
    var b = false
    var level: FPLevel = .low
    var s = "preset"
    var oi: Int? = -1
    var nums: [Int] = []
    var table: [String: Double] = [:]

    static let mapping: Mapping<FPLoose> = [
        "i": .property(\.i).lenient(),
        "i8": .property(\.i8).lenient(),
        "u8": .property(\.u8).lenient(),
        "u64": .property(\.u64).lenient(),
        "d": .property(\.d).lenient(),
        "f": .property(\.f).lenient(),
        "dec": .property(\.dec).lenient(),
        "b": .property(\.b).lenient(),
        "level": .property(\.level).lenient(),
        "s": .property(\.s).lenient(),
        "oi": .property(\.oi).lenient(),
        "nums": .property(\.nums).lenient(),
        "table": .property(\.table).lenient(),
    ]
}

/// The same fields, strict.
private struct FPStrict: Mappable, Equatable {
    var i = -1
    var i8: Int8 = -1
    var u8: UInt8 = 1
    var u64: UInt64 = 1
    var d = -1.0
    var f: Float = -1
    var dec = Decimal(-1)
    var b = false

    static let mapping: Mapping<FPStrict> = [
        "i": .property(\.i), "i8": .property(\.i8), "u8": .property(\.u8), "u64": .property(\.u64),
        "d": .property(\.d), "f": .property(\.f), "dec": .property(\.dec), "b": .property(\.b),
    ]
}

/// The same fields, lenient for the whole mapping.
private struct FPWholeLoose: Mappable, Equatable {
    var i = -1
    var i8: Int8 = -1
    var u8: UInt8 = 1
    var u64: UInt64 = 1
    var d = -1.0
    var f: Float = -1
    var dec = Decimal(-1)
    var b = false

    static let mapping = Mapping<FPWholeLoose>(
        coercion: .lenient,
        [
            "i": .property(\.i), "i8": .property(\.i8), "u8": .property(\.u8), "u64": .property(\.u64),
            "d": .property(\.d), "f": .property(\.f), "dec": .property(\.dec), "b": .property(\.b),
        ])
}

private func fpIsDigits(_ text: String) -> Bool {
    var rest = Substring(text)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    return !rest.isEmpty && rest.unicodeScalars.allSatisfy { $0.value >= 48 && $0.value <= 57 }
}

private func fpIsNumberSyntax(_ text: String) -> Bool {
    text.range(of: #"^[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
}

@Suite struct FieldPolicyProbeLenient {
    static let strings: [String] = [
        "12", " 12", "12 ", "\t12", "12\n", "1e3", "1E3", "1e+3", "1e-3", "0x1F", "0b1", "0o7", "+5", "-5", "+-5", "--5", "+",
        "-", "", "1_000", "1,000", "NaN", "nan", "inf", "-inf", "Infinity", "infinity", "true", "false", "TRUE", "True", "yes",
        "no", "1", "0", "-0", "+0", "007", "-007", "000", "1.", ".5", "1.5", "1.0", "-1.5e2", "1e", "1e+", "e3", "12.5.1",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "127", "128", "-128", "-129", "255", "256", "0255",
        "00000000000000000000000000000000000000001", "1e308", "1e309", "-1e309", "4.9e-324", "1e-400", "3.4028235e38",
        "3.5e38", "0.1", "0.30000000000000004", "12345678901234567890.123", "١٢", "１２", "12\u{0}", "null", "\u{2212}12",
    ]

    private static func expectedInteger<T: FixedWidthInteger>(_: T.Type, _ text: String) -> T? {
        fpIsDigits(text) ? T(text) : nil
    }

    @Test(arguments: strings)
    func theIntegerTableMatchesSwiftsParser(text: String) {
        for (key, expected) in [
            ("i", Self.expectedInteger(Int.self, text).map(String.init)),
            ("i8", Self.expectedInteger(Int8.self, text).map(String.init)),
            ("u8", Self.expectedInteger(UInt8.self, text).map(String.init)),
            ("u64", Self.expectedInteger(UInt64.self, text).map(String.init)),
        ] {
            let json = "{\"\(key)\": \(fpJSONString(text))}"
            let run = fpBoth(FPLoose.self, json)
            let got: String? =
                switch key {
                case "i": run.failed ? nil : String(run.model.i)
                case "i8": run.failed ? nil : String(run.model.i8)
                case "u8": run.failed ? nil : String(run.model.u8)
                default: run.failed ? nil : String(run.model.u64)
                }
            #expect(got == expected, "\(key) \(json): \(run.errorLines)")
            if let expected {
                #expect(run.warnings.map(\.kind) == [.coerced], "\(json): \(run.warningLines)")
                _ = expected
            } else {
                #expect(run.errors.count == 1 && run.errors.first?.path == key, "\(json): \(run.errorLines)")
                #expect(run.errors.first?.value != nil, "\(json): \(run.errorLines)")
            }
        }
    }

    @Test(arguments: strings)
    func theFractionAndBooleanTable(text: String) {
        let json = { (key: String) in "{\"\(key)\": \(fpJSONString(text))}" }
        let double = fpBoth(FPLoose.self, json("d"))
        let expectedDouble: Double? = fpIsNumberSyntax(text) ? Double(text).flatMap { $0.isFinite ? $0 : nil } : nil
        #expect((double.failed ? nil : double.model.d) == expectedDouble, "\(json("d")): \(double.errorLines)")
        let bool = fpBoth(FPLoose.self, json("b"))
        let expectedBool: Bool? = text == "true" ? true : (text == "false" ? false : nil)
        #expect((bool.failed ? nil : bool.model.b) == expectedBool, "\(json("b")): \(bool.errorLines)")
        let string = fpBoth(FPLoose.self, json("s"))
        #expect(string.model.s == text && string.warnings.isEmpty, "a string is never coerced")
        // Float and Decimal: refused exactly where the syntax is not a number; accepted values must be finite.
        let float = fpBoth(FPLoose.self, json("f"))
        if !fpIsNumberSyntax(text) { #expect(float.failed, "\(json("f"))") }
        if !float.failed { #expect(float.model.f.isFinite, "\(json("f")) gave \(float.model.f)") }
        let decimal = fpBoth(FPLoose.self, json("dec"))
        if !fpIsNumberSyntax(text) { #expect(decimal.failed, "\(json("dec"))") }
    }

    /// A lenient string and the same number written as a JSON number must give the same value or both fail.
    @Test func generatedNumbersReadAsStringsAgreeWithJSONNumbers() {
        var random = FPRandom(state: 0x5EED_F1E1_D001)
        var texts: [String] = []
        for _ in 0..<160 {
            let sign = random.below(3) == 0 ? "-" : ""
            let intDigits = 1 + random.below(16)
            var text = sign + (random.below(8) == 0 ? "0" : random.digits(intDigits, leadingNonZero: true))
            let shape = random.below(4)
            if shape == 1 || shape == 3 { text += "." + random.digits(1 + random.below(20), leadingNonZero: false) }
            if shape >= 2 { text += (random.below(2) == 0 ? "e" : "E") + ["", "+", "-"][random.below(3)] + String(random.below(40)) }
            texts.append(text)
        }
        texts += ["0", "-0", "1e2", "0.0", "-0.0", "9007199254740993", "1.7976931348623157e308", "2.2250738585072014e-308"]
        var mismatches: [String] = []
        for text in texts {
            for key in ["d", "f", "dec", "i", "i8", "u64"] {
                if ["i", "i8", "u64"].contains(key), !fpIsDigits(text) { continue }
                let strict = fpText(FPStrict.self, "{\"\(key)\": \(text)}")
                let loose = fpText(FPWholeLoose.self, "{\"\(key)\": \"\(text)\"}")
                let looseTree = fpTree(FPWholeLoose.self, ["\(key)": text])
                let strictValue = strict.failed ? "error" : "\(strict.model)"
                let looseValue =
                    loose.failed
                    ? "error"
                    : "\(FPStrict(i: loose.model.i, i8: loose.model.i8, u8: loose.model.u8, u64: loose.model.u64, d: loose.model.d, f: loose.model.f, dec: loose.model.dec, b: loose.model.b))"
                let treeValue =
                    looseTree.failed
                    ? "error"
                    : "\(FPStrict(i: looseTree.model.i, i8: looseTree.model.i8, u8: looseTree.model.u8, u64: looseTree.model.u64, d: looseTree.model.d, f: looseTree.model.f, dec: looseTree.model.dec, b: looseTree.model.b))"
                // Documented: a whole number beyond 64 bits with more than 17 significant digits is refused strictly
                // (Limits.md); JSON's integer -0 maps to 0. Both are listed as questions in the report.
                if strict.errorLines.contains(where: { $0.contains("wider than 64 bits") }) || text == "-0" { continue }
                if strictValue != looseValue || looseValue != treeValue {
                    mismatches.append(
                        "\(key)=\(text): strict \(strict.failed ? strict.errorLines.description : "ok") / lenient \(loose.failed ? loose.errorLines.description : "ok") / tree \(looseTree.failed ? "error" : "ok")"
                    )
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(12).joined(separator: "\n"))")
    }

    @Test func aPerFieldAndAWholeMappingLenientAgree() {
        for text in Self.strings {
            for key in ["i", "i8", "u8", "u64", "d", "f", "dec", "b"] {
                let json = "{\"\(key)\": \(fpJSONString(text))}"
                let field = fpText(FPLoose.self, json)
                let whole = fpText(FPWholeLoose.self, json)
                #expect(field.errorLines == whole.errorLines, "\(json)")
                #expect(field.warningLines == whole.warningLines, "\(json)")
            }
        }
    }

    @Test func numbersAndBooleansNeverCrossEvenWhenLenient() {
        let cases: [(String, Any)] = [
            ("b", NSNumber(value: 1)), ("b", NSNumber(value: 0)), ("b", 1), ("b", 1.0), ("b", "1"),
            ("i", NSNumber(value: true)), ("i", true), ("i", "true"), ("d", NSNumber(value: false)), ("d", false),
            ("dec", true), ("u8", NSNumber(value: true)), ("s", 12), ("s", true), ("s", NSNumber(value: 1.5)),
            ("level", true), ("level", "low"),
        ]
        for (key, value) in cases {
            let run = fpTree(FPLoose.self, [key: value])
            #expect(run.errors.map(\.path) == [key], "\(key) = \(value): \(run.errorLines)")
            #expect(run.model == FPLoose())
        }
        let parsed = fpTree(FPLoose.self, fpParse(#"{"b": 1}"#))
        #expect(parsed.failed)
        let parsedBool = fpTree(FPLoose.self, fpParse(#"{"i": true}"#))
        #expect(parsedBool.failed)
    }

    @Test func foundationNumbersInALiteralDictionary() {
        let accepted: [(String, Any, String)] = [
            ("i", NSNumber(value: 1.0), "1"), ("i", NSNumber(value: Int64.max), "\(Int64.max)"),
            ("u64", NSNumber(value: UInt64.max), "\(UInt64.max)"), ("i8", NSNumber(value: -128), "-128"),
            ("d", NSNumber(value: 0.1), "0.1"), ("b", NSNumber(value: true), "true"), ("i", Int8(5), "5"),
            ("d", Float(0.5), "0.5"), ("u8", UInt16(255), "255"), ("dec", Decimal(string: "0.1")!, "0.1"),
        ]
        for (key, value, expected) in accepted {
            let run = fpTree(FPLoose.self, [key: value])
            let got: String =
                switch key {
                case "i": "\(run.model.i)"
                case "u64": "\(run.model.u64)"
                case "i8": "\(run.model.i8)"
                case "u8": "\(run.model.u8)"
                case "d": "\(run.model.d)"
                case "dec": "\(run.model.dec)"
                default: "\(run.model.b)"
                }
            #expect(!run.failed && got == expected, "\(key) = \(value): \(run.errorLines) got \(got)")
        }
        let refused: [(String, Any)] = [
            ("i", NSNumber(value: 1.5)), ("i", NSNumber(value: UInt64.max)), ("i8", NSNumber(value: 128)),
            ("u8", NSNumber(value: -1)), ("u64", NSNumber(value: -1)), ("d", Double.nan), ("d", Double.infinity),
            ("f", Double.greatestFiniteMagnitude), ("f", Float.infinity), ("i", Double(Int64.max)), ("u8", 256),
            ("i", NSDecimalNumber(string: "123456789012345678901234567890")), ("d", NSNumber(value: Double.nan)),
        ]
        for (key, value) in refused {
            let run = fpTree(FPLoose.self, [key: value])
            #expect(run.errors.map(\.path) == [key], "\(key) = \(value): \(run.errorLines)")
        }
    }

    @Test func containersOptionalsAndEnumsCoerceEachScalar() {
        let run = fpBoth(FPLoose.self, #"{"nums": ["1", 2, "+3", "007"], "table": {"a": "1.5", "b": 2}, "oi": "5", "level": "2"}"#)
        #expect(run.errors.isEmpty, "\(run.errorLines)")
        #expect(run.model.nums == [1, 2, 3, 7] && run.model.table == ["a": 1.5, "b": 2] && run.model.oi == 5 && run.model.level == .high)
        #expect(
            run.warnings.map(\.path) == ["level", "oi", "nums[0]", "nums[2]", "nums[3]", "table.a"]
                || Set(run.warnings.map(\.path)) == ["level", "oi", "nums[0]", "nums[2]", "nums[3]", "table.a"],
            "\(run.warningLines)")
        #expect(run.warnings.allSatisfy { $0.kind == .coerced })
        let bad = fpBoth(FPLoose.self, #"{"nums": ["1", "x", 2.5], "oi": "null", "level": "3", "s": "ok"}"#)
        #expect(bad.errors.map(\.path) == ["level", "oi", "nums[1]", "nums[2]"], "\(bad.errorLines)")
        let nullOptional = fpBoth(FPLoose.self, #"{"oi": null}"#)
        #expect(nullOptional.model.oi == nil && nullOptional.warnings.isEmpty)
    }

    private struct Judged: Mappable, Equatable {
        var n = 0
        var when: Date?
        var doubled = 0
        static let mapping: Mapping<Judged> = [
            "n": .property(\.n).lenient().min(10),
            "when": .box(.date(.secondsSince1970), \.when).lenient(),
            "doubled": .call(Judged.double(from:), \.doubled).lenient(),
        ]
        func double(from value: Int) -> Int? { value * 2 }
    }

    @Test func validatorsJudgeTheCoercedValueAndBoxesAndCallsTakeIt() {
        let low = fpBoth(Judged.self, #"{"n": "5"}"#)
        #expect(low.errors.map(\.rule) == ["min"], "\(low.errorLines)")
        #expect(low.errors.first?.value == "\"5\"" || low.errors.first?.value == "5", "\(low.errorLines)")
        let ok = fpBoth(Judged.self, #"{"n": "+12", "when": "1291878848", "doubled": "21"}"#)
        #expect(ok.errors.isEmpty, "\(ok.errorLines)")
        #expect(ok.model.n == 12 && ok.model.when == Date(timeIntervalSince1970: 1_291_878_848) && ok.model.doubled == 42)
        #expect(ok.warnings.count == 3 && ok.warnings.allSatisfy { $0.kind == .coerced }, "\(ok.warningLines)")
        let padded = fpBoth(Judged.self, #"{"n": " 12"}"#)
        #expect(padded.errors.map(\.rule) == ["type"], "\(padded.errorLines)")
    }

    @Test func lenientAndDroppingCombineInEitherOrder() {
        struct Either: Mappable, Equatable {
            var a: [Int] = []
            var b: [Int] = []
            static let mapping: Mapping<Either> = [
                "a": .property(\.a).lenient().droppingInvalidElements(),
                "b": .property(\.b).droppingInvalidElements().lenient(),
            ]
        }
        let run = fpBoth(Either.self, #"{"a": ["1", "x", 2, "1.5"], "b": ["1", "x", 2, "1.5"]}"#)
        #expect(run.errors.isEmpty)
        #expect(run.model.a == [1, 2] && run.model.b == [1, 2])
        let a = run.warnings.filter { $0.path.hasPrefix("a") }.map { "\($0.path.dropFirst()):\($0.kind.rawValue)" }
        let b = run.warnings.filter { $0.path.hasPrefix("b") }.map { "\($0.path.dropFirst()):\($0.kind.rawValue)" }
        #expect(a == b && a == ["[0]:coerced", "[1]:elementDropped", "[3]:elementDropped"], "\(run.warningLines)")
    }

    @Test func lenientValuesSerializeAsNumbersAndRoundTrip() throws {
        let run = fpBoth(FPLoose.self, #"{"i": "42", "d": "1e3", "dec": "0.10", "b": "true", "nums": ["1"], "table": {"x": "2"}}"#)
        #expect(run.errors.isEmpty, "\(run.errorLines)")
        let text = String(decoding: try Mapper.serializeJSON(run.model, using: FPLoose.mapping), as: UTF8.self)
        #expect(text.contains(#""i":42"#) && text.contains(#""d":1000"#) && text.contains(#""b":true"#), "\(text)")
        let again = fpBoth(FPLoose.self, text)
        #expect(again.errors.isEmpty && again.model == run.model && again.warnings.isEmpty, "\(text) \(again.warningLines)")
    }
}

// MARK: - Dropping invalid elements

private struct FPTagged: Mappable, Equatable {
    var n = 0
    var tags: [String] = []
    var v = 0
    static let mapping: Mapping<FPTagged> = [
        "n": .property(\.n).min(1),
        "tags": .property(\.tags).droppingInvalidElements(),
        "v": .property(\.v, default: 5),
    ]
}

private struct FPLossy: Mappable, Equatable {
    var ints: [Int] = [-1]
    var maybeInts: [Int?]? = [-1]
    var bags: [FPTagged] = []
    var matrix: [[Int]] = []
    var small: [UInt8] = []
    var fallbackInts: [Int] = [-1]
    var meta: [Int] = []
    var title = "preset"

    static let mapping: Mapping<FPLossy> = [
        "ints": .property(\.ints).droppingInvalidElements(),
        "maybeInts": .property(\.maybeInts).droppingInvalidElements(),
        "bags": .property(\.bags).droppingInvalidElements(),
        "matrix": .property(\.matrix).droppingInvalidElements(),
        "small": .property(\.small).droppingInvalidElements(),
        "fallbackInts": .property(\.fallbackInts, fallback: [0]).droppingInvalidElements(),
        "level": ["meta": .property(\.meta).droppingInvalidElements()],
        "title": .property(\.title),
    ]
}

@Suite struct FieldPolicyProbeLossy {
    @Test func generatedMixedArraysDropExactlyTheInvalidElements() {
        var random = FPRandom(state: 42)
        let pool: [(String, Int?)] = [
            ("0", 0), ("7", 7), ("-3", -3), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
            ("9223372036854775808", nil), ("1180591620717411303424", nil), ("1.5", nil), ("2.0", 2), ("1e2", 100),
            ("-0", 0), ("\"3\"", nil), ("null", nil), ("true", nil), ("false", nil), ("[]", nil), ("{}", nil), ("[1]", nil),
            ("1e400", nil), ("0.5e1", 5), ("\"\"", nil),
        ]
        for round in 0..<40 {
            var texts: [String] = []
            var expected: [Int] = []
            var dropped: [String] = []
            for index in 0..<(random.below(30)) {
                var pick = pool[random.below(pool.count)]
                if pick.0 == "1e400" { pick = pool[0] }  // a JSON error, not an element's
                texts.append(pick.0)
                if let value = pick.1 { expected.append(value) } else { dropped.append("ints[\(index)]") }
            }
            let json = #"{"ints": [\#(texts.joined(separator: ", "))], "title": "r\#(round)"}"#
            let run = fpBoth(FPLossy.self, json)
            #expect(run.errors.isEmpty, "\(json): \(run.errorLines)")
            #expect(run.model.ints == expected, "\(json)")
            #expect(run.warnings.map(\.path) == dropped, "\(json): \(run.warningLines)")
            #expect(run.warnings.allSatisfy { $0.kind == .elementDropped && $0.property == "ints" })
        }
    }

    @Test func droppedWarningsCarryTheirErrorsAndValues() {
        let run = fpBoth(FPLossy.self, #"{"ints": [1, "two", 3.5], "small": [1, 256, -1, 255]}"#)
        #expect(run.model.ints == [1] && run.model.small == [1, 255])
        #expect(run.warnings.map(\.path) == ["ints[1]", "ints[2]", "small[1]", "small[2]"], "\(run.warningLines)")
        #expect(run.warnings.first?.value == "\"two\"", "\(run.warningLines)")
        #expect(run.warnings.first?.message.contains("[type]") == true, "\(run.warningLines)")
    }

    @Test func nullElementsDropFromNonOptionalAndStayInOptionalElements() {
        let run = fpBoth(FPLossy.self, #"{"ints": [null, 1], "maybeInts": [null, 1, "x"]}"#)
        #expect(run.model.ints == [1] && run.model.maybeInts == [nil, 1], "\(run.warningLines)")
        #expect(run.warnings.map(\.path) == ["ints[0]", "maybeInts[2]"], "\(run.warningLines)")
        #expect(fpBoth(FPLossy.self, #"{"maybeInts": null}"#).model.maybeInts == nil)
    }

    @Test func aValueThatIsNotAnArrayStillFailsOrFallsBack() {
        for json in [#"{"ints": 5}"#, #"{"ints": {"0": 1}}"#, #"{"ints": null}"#, #"{"ints": "1,2"}"#] {
            let run = fpBoth(FPLossy.self, json.replacingOccurrences(of: "}", with: #", "title": "x"}"#))
            #expect(run.errors.map(\.path) == ["ints"], "\(json): \(run.errorLines)")
        }
        let fallback = fpBoth(FPLossy.self, #"{"fallbackInts": 5}"#)
        #expect(fallback.model.fallbackInts == [0] && fallback.warnings.map(\.kind) == [.fallbackUsed], "\(fallback.errorLines)")
        let dropping = fpBoth(FPLossy.self, #"{"fallbackInts": [1, "x"]}"#)
        #expect(dropping.model.fallbackInts == [1] && dropping.warnings.map(\.kind) == [.elementDropped])
    }

    @Test func lossyModelsInsideLossyArraysReportFullPaths() {
        let json = #"""
            {"bags": [{"n": 1, "tags": ["a", 2, "b"]}, {"n": 0, "tags": []}, {"n": 2, "tags": [null], "v": 1}, "x", {"n": 3, "tags": 7}]}
            """#
        let run = fpBoth(FPLossy.self, json)
        #expect(run.errors.isEmpty, "\(run.errorLines)")
        #expect(run.model.bags == [FPTagged(n: 1, tags: ["a", "b"], v: 5), FPTagged(n: 2, tags: [], v: 1)])
        #expect(
            run.warnings.map { "\($0.path)|\($0.property)|\($0.kind.rawValue)" } == [
                "bags[0].tags[1]|bags[0].tags|elementDropped", "bags[0].v|bags[0].v|defaultUsed", "bags[1]|bags|elementDropped",
                "bags[2].tags[0]|bags[2].tags|elementDropped", "bags[3]|bags|elementDropped", "bags[4]|bags|elementDropped",
            ], "\(run.warningLines)")
        let dropped = run.warnings.first { $0.path == "bags[1]" }
        #expect(dropped?.message.contains("[min]") == true, "\(String(describing: dropped))")
    }

    @Test func anInnerArrayFailsWholeInsideALossyOuterArray() {
        let run = fpBoth(FPLossy.self, #"{"matrix": [[1, 2], [3, "x"], [], 4, [5]]}"#)
        #expect(run.model.matrix == [[1, 2], [], [5]], "\(run.warningLines)")
        #expect(run.warnings.map(\.path) == ["matrix[1]", "matrix[3]"], "\(run.warningLines)")
    }

    @Test func aNestedLevelsLossyArrayHasItsFullPath() {
        let run = fpBoth(FPLossy.self, #"{"level": {"meta": [1, "a"]}}"#)
        #expect(run.model.meta == [1] && run.warnings.map(\.path) == ["level.meta[1]"], "\(run.warningLines)")
        #expect(run.warnings.first?.property == "meta")
    }

    @Test func anotherFieldsErrorWritesNothingAndHandsBackNoWarnings() {
        let run = fpBoth(FPLossy.self, #"{"ints": [1, "x"], "bags": [{"n": 0}], "title": 5}"#)
        #expect(run.errors.map(\.path) == ["title"] && run.model == FPLossy() && run.warnings.isEmpty, "\(run.errorLines)")
    }

    @Test func lossyArraysRoundTrip() throws {
        let run = fpBoth(
            FPLossy.self, #"{"ints": [1, "x", 3], "bags": [{"n": 1, "tags": ["a", 1]}], "matrix": [[1], 2], "level": {"meta": [4, {}]}}"#)
        let text = String(decoding: try Mapper.serializeJSON(run.model, using: FPLossy.mapping), as: UTF8.self)
        let again = fpBoth(FPLossy.self, text)
        #expect(again.errors.isEmpty && again.warnings.isEmpty && again.model == run.model, "\(text) \(again.warningLines)")
    }

    private struct Others {
        var table: [String: Int] = [:]
        var unique: Set<Int> = []
        var links: [URL] = []
        var n = 0
        var doubled: [Int] = []
        func twice(from value: [Int]) -> [Int]? { value.map { $0 * 2 } }
    }

    @Test func droppingOnWhatIsNotAnArrayPropertyIsADefinitionError() {
        let nestedLevel: PropertyDescriptor<Others> = ["n": .property(\.n)]
        let cases: [(String, Mapping<Others>)] = [
            ("dictionary", ["table": .property(\.table).droppingInvalidElements()]),
            ("box", ["links": .box(.url, \.links).droppingInvalidElements()]),
            ("call", ["n": .call(Others.twice(from:), \.doubled).droppingInvalidElements()]),
            ("nested level", ["level": nestedLevel.droppingInvalidElements()]),
        ]
        for (name, mapping) in cases {
            let errors = mapping.definitionErrors
            #expect(!errors.isEmpty && errors.allSatisfy { $0.rule == "mapping" }, "\(name): \(errors)")
        }
        // A Set: dropping either works element by element or is a definition error; never a trap.
        let setMapping: Mapping<Others> = ["unique": .property(\.unique).droppingInvalidElements()]
        if setMapping.definitionErrors.isEmpty {
            var others = Others()
            var warnings: [MappingWarning] = []
            #expect(throws: Never.self) {
                try Mapper.mapValues(from: ["unique": [1, "x", 2, 1]], to: &others, using: setMapping, warnings: &warnings)
            }
            #expect(others.unique == [1, 2] && warnings.map(\.path) == ["unique[1]"], "\(warnings)")
        }
    }
}

// MARK: - Box, call, merge, list, one-way

private final class FPRecord: Mappable {
    var rawID = "preset"
    var id: UUID? = nil
    var n = -1
    var s = "preset"
    var a = "preset"
    var b = "preset"
    var upper = "preset"
    var kid = FPKid(n: 5)
    var maybeKid: FPKid? = nil
    var length = -1
    var title = "preset"
    required init() {}

    static let mapping: Mapping<FPRecord> = [
        "v": .list(.property(\.rawID), .box(.uuid, \.id)),
        "num": .list(.property(\.n), .property(\.s)).lenient(),
        "pair": .list(.property(\.a, default: "dflt"), .property(\.b)),
        "up": .call(FPRecord.upper(from:), \.upper, reverse: FPRecord.lower(of:)).lengthRange(1, 3),
        "kid": .property(\.kid).merging(),
        "len": .call(FPRecord.length(from:property:), \.length).oneWay(),
        "title": .property(\.title),
    ]

    func upper(from text: String) throws -> String? {
        if text == "err" { throw FPThrown() }
        return text.isEmpty ? nil : text.uppercased()
    }

    func lower(of text: String) -> String { text.lowercased() }
    func length(from text: String, property: String) -> Int? { property == "length" ? text.count : nil }

    var snapshot: String {
        "\(rawID)|\(String(describing: id))|\(n)|\(s)|\(a)|\(b)|\(upper)|\(kid)|\(String(describing: maybeKid))|\(length)|\(title)"
    }
}

@Suite struct FieldPolicyProbeDescriptors {
    private func both(_ json: String) -> (FPRecord, FPRecord, [ValidationError], [MappingWarning]) {
        let text = FPRecord()
        let tree = FPRecord()
        var textWarnings: [MappingWarning] = []
        var treeWarnings: [MappingWarning] = []
        var textErrors: [ValidationError] = []
        var treeErrors: [ValidationError] = []
        do { try Mapper.mapValues(fromJSON: json, to: text, using: FPRecord.mapping, warnings: &textWarnings) } catch {
            textErrors = error.errors
        }
        do { try Mapper.mapValues(from: fpParse(json), to: tree, using: FPRecord.mapping, warnings: &treeWarnings) } catch {
            treeErrors = error.errors
        }
        #expect(text.snapshot == tree.snapshot && textErrors == treeErrors && textWarnings == treeWarnings, "\(json)")
        if !textErrors.isEmpty { #expect(text.snapshot == FPRecord().snapshot, "partial write for \(json)") }
        return (text, tree, textErrors, textWarnings)
    }

    @Test func aListStagesAllOrNone() {
        let (record, _, errors, _) = both(#"{"v": "nope", "title": "x"}"#)
        #expect(errors.map { "\($0.path):\($0.rule)" } == ["v:box(UUID)"], "\(errors)")
        #expect(record.rawID == "preset")
        let (good, _, goodErrors, _) = both(#"{"v": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#)
        #expect(goodErrors.isEmpty && good.rawID == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F" && good.id != nil)
        let (_, _, typed, _) = both(#"{"v": 5}"#)
        #expect(typed.map(\.path).allSatisfy { $0 == "v" } && !typed.isEmpty)
    }

    @Test func aLenientListCoercesForTheNumberOnly() {
        let (record, _, errors, warnings) = both(#"{"num": "12"}"#)
        #expect(errors.isEmpty && record.n == 12 && record.s == "12", "\(errors)")
        #expect(warnings.filter { $0.path == "num" }.map(\.kind) == [.coerced], "\(warnings)")
        let (_, _, bad, _) = both(#"{"num": "x"}"#)
        #expect(bad.map(\.path) == ["num"], "\(bad)")
    }

    @Test func aDefaultInsideAListStandsForAnAbsentValue() {
        let (record, _, errors, warnings) = both(#"{"title": "t"}"#)
        #expect(errors.isEmpty && record.a == "dflt" && record.b == "preset", "\(errors)")
        #expect(warnings.map { "\($0.path):\($0.kind.rawValue)" } == ["pair:defaultUsed"], "\(warnings)")
    }

    @Test func callValidatorsJudgeTheSourceAndFailuresAreCallErrors() {
        let (record, _, errors, _) = both(#"{"up": "abc"}"#)
        #expect(errors.isEmpty && record.upper == "ABC")
        #expect(both(#"{"up": "abcd"}"#).2.map(\.rule) == ["lengthRange"])
        let thrown = both(#"{"up": "err"}"#).2
        #expect(thrown.map(\.rule) == ["call"] && thrown.first?.message.contains("the call threw on purpose") == true, "\(thrown)")
        #expect(both(#"{"up": ""}"#).2.map(\.rule) == ["lengthRange"] || both(#"{"up": ""}"#).2.map(\.rule) == ["call"])
        #expect(both(#"{"up": 5}"#).2.map(\.rule) == ["type"])
        #expect(both(#"{"up": null}"#).2.map(\.rule) == ["type"])
        let (named, _, namedErrors, _) = both(#"{"len": "hello"}"#)
        #expect(namedErrors.isEmpty && named.length == 5)
    }

    @Test func mergingKeepsAbsentKeysAndWritesNothingOnFailure() {
        let record = FPRecord()
        record.kid = FPKid(n: 5)
        do {
            try Mapper.mapValues(fromJSON: #"{"kid": {}}"#, to: record, using: FPRecord.mapping)
        } catch {
            Issue.record("\(error)")
        }
        #expect(record.kid == FPKid(n: 5))
        let (_, _, errors, _) = both(#"{"kid": {"n": 0}, "title": "x"}"#)
        #expect(errors.map(\.path) == ["kid.n"], "\(errors)")
        let (_, _, nullErrors, _) = both(#"{"kid": null}"#)
        #expect(nullErrors.map(\.path) == ["kid"], "\(nullErrors)")
        let (_, _, typeErrors, _) = both(#"{"kid": 3}"#)
        #expect(typeErrors.map(\.path) == ["kid"], "\(typeErrors)")
    }

    // Merging into an optional model is refused as a definition error with a clear message (a question, not a defect).
    @Test func mergingIntoAnOptionalModelIsADefinitionError() {
        let mapping: Mapping<FPRecord> = ["maybeKid": .property(\.maybeKid).merging()]
        #expect(mapping.definitionErrors.map { "\($0.path):\($0.rule)" } == ["maybeKid:mapping"], "\(mapping.definitionErrors)")
        #expect(mapping.definitionErrors.first?.message.contains("merging()") == true)
    }

    @Test func theRecordRoundTripsExceptItsOneWayField() throws {
        // Without "num": a lenient list of an Int and a String writes the Int, which the String cannot read back
        // (a question in the report, not a defect).
        let (record, _, errors, _) = both(
            #"{"v": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "pair": "p", "up": "ab", "kid": {"n": 3}, "len": "xyz", "title": "t"}"#)
        #expect(errors.isEmpty, "\(errors)")
        let text = String(decoding: try Mapper.serializeJSON(record, using: FPRecord.mapping), as: UTF8.self)
        #expect(!text.contains("len") && text.contains(#""v":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#), "\(text)")
        #expect(text.contains(#""up":"ab""#) && text.contains(#""num":-1"#), "\(text)")
        let (again, _, againErrors, _) = both(text.replacingOccurrences(of: #""num":-1,"#, with: ""))
        #expect(againErrors.isEmpty, "\(againErrors)")
        #expect(
            again.snapshot.replacingOccurrences(of: "|-1|t", with: "|3|t") == record.snapshot, "\(again.snapshot) vs \(record.snapshot)")
    }

    private struct Listed: Mappable, Equatable {
        var when: Date?
        var raw = ""
        var upper = ""
        static let mapping: Mapping<Listed> = [
            "x": .list(.call(Listed.up(from:), \.upper), .property(\.raw)),
            "y": .list(.property(\.raw).oneWay(), .call(Listed.up(from:), \.upper, reverse: Listed.down(of:))),
        ]
        func up(from text: String) -> String? { text.uppercased() }
        func down(of text: String) -> String { text.lowercased() }
    }

    @Test func aListSerializesThroughItsFirstDescriptorThatCanRunBackwards() throws {
        var model = Listed()
        model.raw = "raw"
        model.upper = "UP"
        let mapping: Mapping<Listed> = ["x": .list(.call(Listed.up(from:), \.upper), .property(\.raw))]
        #expect(mapping.definitionErrors.isEmpty)
        let text = String(decoding: try Mapper.serializeJSON(model, using: mapping), as: UTF8.self)
        #expect(text == #"{"x":"raw"}"#, "\(text)")
        let second: Mapping<Listed> = ["y": .list(.property(\.raw).oneWay(), .call(Listed.up(from:), \.upper, reverse: Listed.down(of:)))]
        let secondText = String(decoding: try Mapper.serializeJSON(model, using: second), as: UTF8.self)
        #expect(secondText == #"{"y":"up"}"#, "\(secondText)")
    }

    private struct Boxed: Mappable, Equatable {
        var links: [URL] = []
        var maybeLinks: [URL]? = []
        var id = fpZeroUUID
        var stamp = Date(timeIntervalSince1970: 0)
        static let mapping: Mapping<Boxed> = [
            "links": .box(.url, \.links),
            "maybeLinks": .box(.url, \.maybeLinks),
            "id": .box(.uuid, \.id, default: fpZeroUUID, fallback: fpZeroUUID).ifNull(.useDefault),
            "stamp": .box(.date(.iso8601, .secondsSince1970), \.stamp).lenient(),
        ]
    }

    @Test func boxesOverArraysSubstitutesAndLenientInput() {
        let run = fpBoth(Boxed.self, #"{"links": ["https://a.example", 7, "https://b.example", null], "maybeLinks": null}"#)
        #expect(run.errors.map(\.path) == ["links[1]", "links[3]"], "\(run.errorLines)")
        let nulls = fpBoth(Boxed.self, #"{"maybeLinks": null, "id": null}"#)
        #expect(nulls.errors.isEmpty && nulls.model.maybeLinks == nil, "\(nulls.errorLines)")
        #expect(nulls.warnings.map { "\($0.path):\($0.kind.rawValue)" } == ["id:defaultUsed"], "\(nulls.warningLines)")
        // A lenient `.date(.iso8601, .secondsSince1970)` does not read "86400" by its epoch format (a question in
        // the report); it is at least one clear box(Date) error naming the formats, at its path.
        let stamp = fpBoth(Boxed.self, #"{"stamp": "86400", "id": "x"}"#)
        #expect(stamp.errors.map { "\($0.path):\($0.rule)" } == ["stamp:box(Date)"], "\(stamp.errorLines)")
        let epoch = fpBoth(Boxed.self, #"{"stamp": 86400, "id": "x"}"#)
        #expect(
            epoch.model.stamp == Date(timeIntervalSince1970: 86400) && epoch.warnings.map(\.kind) == [.fallbackUsed],
            "\(epoch.warningLines)")
        let iso = fpBoth(Boxed.self, #"{"stamp": "1970-01-02T00:00:00Z", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#)
        #expect(iso.model.stamp == Date(timeIntervalSince1970: 86400) && iso.warnings.isEmpty, "\(iso.errorLines) \(iso.warningLines)")
    }
}

// MARK: - Cross-path numbers and nested strictness

@Suite struct FieldPolicyProbeCrossPath {
    /// Whole numbers beyond 64 bits written with a fraction and an exponent, and fewer than 38 significant digits:
    /// text and the JSONSerialization tree must agree (Limits.md allows a disagreement beyond 38 digits only).
    @Test(arguments: [
        "971.0367088551993534759e27", "-4360386504.9128006822e+24", "1.8446744073709552e+19", "1e23", "123456789012345678901.0",
    ])
    func wideWholeNumbersIntoADoubleAgreeAcrossPaths(number: String) {
        // `fpBoth` requires the text and the tree to agree and a failure to write nothing. Limits.md: a whole number beyond
        // 64 bits with more than 17 significant digits is refused as a `type` error; any other is the nearest `Double`.
        let run = fpBoth(FPStrict.self, #"{"d": \#(number), "f": \#(number)}"#)
        #expect(run.errors.allSatisfy { $0.rule == "type" && ["d", "f"].contains($0.path) }, "\(run.errorLines)")
        if !run.errors.map(\.path).contains("d") {
            #expect(run.errors.isEmpty || run.model == FPStrict(), "\(run.errorLines)")
            if run.errors.isEmpty { #expect(run.model.d == Double(number), "\(number) read as \(run.model.d)") }
        }
    }

    private struct Outer: Mappable, Equatable {
        var n = 0
        var kid = FPKid(n: 9)
        static let mapping = Mapping<Outer>(coercion: .lenient, ["n": .property(\.n), "kid": .property(\.kid)])
    }

    @Test func aLenientMappingLeavesANestedModelsOwnMappingStrict() {
        let run = fpBoth(Outer.self, #"{"n": "3", "kid": {"n": "5"}}"#)
        #expect(run.errors.map(\.path) == ["kid.n"], "\(run.errorLines)")
        let ok = fpBoth(Outer.self, #"{"n": "3", "kid": {"n": 5}}"#)
        #expect(ok.model == Outer(n: 3, kid: FPKid(n: 5)) && ok.warnings.map(\.path) == ["n"], "\(ok.warningLines)")
    }

    /// The same polymorphic canvas through `Mapper.validate` (the dry run) reports the errors `mapValues` reports.
    @Test func theDryRunReportsWhatTheRunReports() {
        for json in [
            #"{"main": {"type": "hexagon"}, "list": [{"type": "circle", "radius": -1}, 3]}"#,
            #"{"main": {"type": "group", "inner": {"type": null}}}"#,
        ] {
            let run = fpText(FPCanvas.self, json)
            let dry = Mapper.validate(fpParse(json), for: FPCanvas(), using: FPCanvas.mapping)
            #expect(dry == run.errors, "\(json)")
        }
        for json in [#"{"count": "x", "kid": {"n": 0}}"#, #"{"count": null}"#] {
            let run = fpText(FPSubstitutes.self, json)
            var warnings: [MappingWarning] = []
            let dry = Mapper.validate(fpParse(json), for: FPSubstitutes(), using: FPSubstitutes.mapping, warnings: &warnings)
            #expect(dry == run.errors && warnings == run.warnings, "\(json)")
        }
    }
}

// MARK: - Batches

@Suite struct FieldPolicyProbeBatches {
    static let feed = #"[{"n": 1, "tags": ["a", 1]}, {"n": 0, "tags": [2]}, {"n": 2}, 5]"#

    @Test func perRecordWarningsAndFailuresInMapArray() throws {
        let batch = try Mapper.mapArray(fromJSON: Data(Self.feed.utf8), as: FPTagged.self)
        let tree = try Mapper.mapArray(from: fpParse(Self.feed), as: FPTagged.self)
        #expect(batch.models == [FPTagged(n: 1, tags: ["a"], v: 5), FPTagged(n: 2, tags: [], v: 5)])
        #expect(batch.failures.map(\.index) == [1, 3])
        #expect(batch.warnings.count == 4)
        #expect(batch.warnings[1].isEmpty && batch.warnings[3].isEmpty, "a failed record's story is its errors")
        #expect(batch.warnings[0].map(\.kind) == [.elementDropped, .defaultUsed], "\(batch.warnings[0])")
        #expect(batch.warnings[2].map(\.kind) == [.defaultUsed], "\(batch.warnings[2])")
        #expect(batch.warnings == tree.warnings && batch.models == tree.models)
        #expect(batch.failures.map(\.error) == tree.failures.map(\.error))
    }

    @Test func allOrNothingArraysPrefixPathsWithTheIndex() throws {
        var warnings: [MappingWarning] = []
        let models = try Mapper.map([FPTagged].self, fromJSON: #"[{"n": 1, "tags": ["a", 1]}, {"n": 2, "v": 1}]"#, warnings: &warnings)
        #expect(models.count == 2)
        #expect(warnings.map(\.path) == ["[0].tags[1]", "[0].v"], "\(warnings)")
        var none: [MappingWarning] = []
        #expect(throws: MappingError.self) { try Mapper.map([FPTagged].self, fromJSON: Self.feed, warnings: &none) }
        #expect(none.isEmpty)
    }
}

// MARK: - Wide integers and tag positions

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private struct FPWide: Mappable, Equatable {
    var big: Int128 = -1
    var ubig: UInt128 = 1
    var looseBig: Int128 = -1
    var looseUBig: UInt128 = 1
    static let mapping: Mapping<FPWide> = [
        "big": .property(\.big), "ubig": .property(\.ubig),
        "looseBig": .property(\.looseBig).lenient(), "looseUBig": .property(\.looseUBig).lenient(),
    ]
}

@Suite struct FieldPolicyProbeWideAndTags {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: [
        "170141183460469231731687303715884105727", "-170141183460469231731687303715884105728",
        "12345678901234567890123456789012345678", "18446744073709551616", "-9223372036854775809",
        "99999999999999999999999999999999999999", "100000000000000000000000000000000000001",
    ])
    func aLenientWideIntegerReadsExactlyAsTheJSONNumberDoes(digits: String) {
        let strict = fpText(FPWide.self, #"{"big": \#(digits)}"#)
        let loose = fpBoth(FPWide.self, #"{"looseBig": "\#(digits)"}"#)
        #expect(strict.errors.isEmpty, "\(strict.errorLines)")
        #expect(loose.errors.isEmpty, "\(loose.errorLines)")
        #expect(loose.model.looseBig == Int128(digits), "\(digits) read as \(loose.model.looseBig)")
        #expect(strict.model.big == Int128(digits), "\(digits) read as \(strict.model.big)")
        if !digits.hasPrefix("-") {
            let unsigned = fpBoth(FPWide.self, #"{"looseUBig": "+\#(digits)"}"#)
            #expect(unsigned.model.looseUBig == UInt128(digits), "\(digits) read as \(unsigned.model.looseUBig) \(unsigned.errorLines)")
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aLenientWideIntegerBeyondItsRangeIsAnError() {
        let over = fpBoth(FPWide.self, #"{"looseBig": "170141183460469231731687303715884105728"}"#)
        #expect(over.errors.map(\.path) == ["looseBig"], "\(over.errorLines)")
        let negative = fpBoth(FPWide.self, #"{"looseUBig": "-1"}"#)
        #expect(negative.errors.map(\.path) == ["looseUBig"], "\(negative.errorLines)")
    }

    @Test(arguments: [
        #"{"label": "a", "radius": 1, "type": "circle"}"#,
        #"{"label": "a", "extra": {"type": "square", "deep": [{"type": "x"}]}, "radius": 1, "type": "circle"}"#,
        #"{"radius": 1, "type": "circle", "label": "a", "type": "circle"}"#,
    ])
    func theTagMayComeLastOrAfterNestedTags(main: String) {
        let run = fpBoth(FPCanvas.self, #"{"main": \#(main)}"#)
        #expect(run.errors.isEmpty, "\(run.errorLines)")
        #expect((run.model.main as? FPCircle) == FPCircle(label: "a", radius: 1), "\(fpShapeKey(run.model.main))")
    }

    private struct Accented: Mappable {
        var shape: any FPShape = FPCircle()
        static let mapping: Mapping<Accented> = [
            "shape": .polymorphic(\.shape, on: "type", ["caf\u{E9}": FPCircle.self, "sq": FPSquare.self])
        ]
    }

    @Test func aCanonicallyEquivalentTagIsReadAlikeOnBothPaths() {
        let json = #"{"shape": {"type": "cafe\u0301", "radius": 2}}"#
        var text = Accented()
        var tree = Accented()
        let textErrors = (try? Mapper.mapValues(fromJSON: json, to: &text, using: Accented.mapping)) == nil
        let treeErrors = (try? Mapper.mapValues(from: fpParse(json), to: &tree, using: Accented.mapping)) == nil
        #expect(textErrors == treeErrors, "text failed: \(textErrors), tree failed: \(treeErrors)")
        #expect(fpShapeKey(text.shape) == fpShapeKey(tree.shape))
    }
}

// MARK: - Policies on model fields

private struct FPModelFields: Mappable {
    var main: any FPShape = FPCircle()
    var maybe: (any FPShape)? = FPCircle(label: "preset", radius: 1)
    var kid = FPKid(n: 9)
    var kids: [FPKid] = []
    static let mapping: Mapping<FPModelFields> = [
        "main": .polymorphic(\.main, on: "type", ["circle": FPCircle.self]).lenient(),
        "maybe": .polymorphic(\.maybe, on: "type", ["circle": FPCircle.self]).ifNull(.keep).ifAbsent(.setNil),
        "kid": .property(\.kid).lenient(),
        "kids": .property(\.kids).lenient().droppingInvalidElements(),
    ]
}

@Suite struct FieldPolicyProbeModelFields {
    private func run(_ json: String) -> (FPModelFields, [ValidationError], [MappingWarning]) {
        var model = FPModelFields()
        var warnings: [MappingWarning] = []
        do {
            try Mapper.mapValues(fromJSON: json, to: &model, using: FPModelFields.mapping, warnings: &warnings)
            return (model, [], warnings)
        } catch {
            return (model, error.errors, warnings)
        }
    }

    /// `.lenient()` on a model field "changes nothing" (LenientCoercion.swift, Policies.md): the model's own mapping decides.
    @Test func lenientOnAModelFieldLeavesTheModelsMappingStrict() {
        #expect(FPModelFields.mapping.definitionErrors.isEmpty, "\(FPModelFields.mapping.definitionErrors)")
        #expect(run(#"{"main": {"type": "circle", "radius": "2"}}"#).1.map(\.path) == ["main.radius"])
        #expect(run(#"{"kid": {"n": "5"}}"#).1.map(\.path) == ["kid.n"])
        let (model, errors, warnings) = run(#"{"kids": [{"n": "5"}, {"n": 6}]}"#)
        #expect(errors.isEmpty && model.kids == [FPKid(n: 6)], "\(errors)")
        #expect(warnings.map(\.path) == ["kids[0]"], "\(warnings)")
    }

    @Test func missingValuePoliciesOnAPolymorphicOptional() {
        let (absent, absentErrors, _) = run("{}")
        #expect(absentErrors.isEmpty && absent.maybe == nil)
        let (null, nullErrors, _) = run(#"{"maybe": null}"#)
        #expect(nullErrors.isEmpty && null.maybe?.label == "preset")
    }

    private struct Plain {
        var main: any FPShape = FPCircle()
    }

    @Test func policiesAPolymorphicFieldCannotHonourAreDefinitionErrors() {
        let setNil: Mapping<Plain> = ["main": .polymorphic(\.main, on: "type", ["circle": FPCircle.self]).ifAbsent(.setNil)]
        let useDefault: Mapping<Plain> = ["main": .polymorphic(\.main, on: "type", ["circle": FPCircle.self]).ifNull(.useDefault)]
        let merging: Mapping<Plain> = ["main": .polymorphic(\.main, on: "type", ["circle": FPCircle.self]).merging()]
        for (name, mapping) in [("setNil", setNil), ("useDefault", useDefault), ("merging", merging)] {
            #expect(mapping.definitionErrors.map { "\($0.path):\($0.rule)" } == ["main:mapping"], "\(name): \(mapping.definitionErrors)")
        }
    }
}

// MARK: - Substitutes that have no JSON form

@Suite struct FieldPolicyProbeUnwritableSubstitutes {
    private struct Odd: Mappable {
        var ratio = 0.0
        var scale = 0.0
        var maybe: (any FPShape)? = nil
        static let mapping: Mapping<Odd> = [
            "ratio": .property(\.ratio, fallback: .nan),
            "scale": .property(\.scale, default: .infinity),
            "maybe": .polymorphic(\.maybe, on: "type", ["circle": FPCircle.self]),
        ]
    }

    @Test func aNonFiniteSubstituteIsWrittenButNeverSerialized() throws {
        var warnings: [MappingWarning] = []
        let odd = try Mapper.map(Odd.self, fromJSON: #"{"ratio": "x"}"#, warnings: &warnings)
        #expect(odd.ratio.isNaN && odd.scale == .infinity)
        #expect(warnings.map(\.kind) == [.fallbackUsed, .defaultUsed], "\(warnings)")
        do {
            _ = try Mapper.serializeJSON(odd)
            Issue.record("NaN serialized")
        } catch {
            #expect(error.errors.map { "\($0.path):\($0.rule)" } == ["ratio:serialize", "scale:serialize"], "\(error)")
        }
        #expect(throws: MappingError.self) { try Mapper.serialize(odd) }
        var finite = odd
        finite.ratio = 1
        finite.scale = 2
        let text = String(decoding: try Mapper.serializeJSON(finite, options: [.writingNulls]), as: UTF8.self)
        #expect(text == #"{"ratio":1.0,"scale":2.0,"maybe":null}"#, "\(text)")
    }
}

import Foundation
import PropertyMapper
import Testing

// Probes of the public entry points (map, mapArray, mapValues, validate, serialize, serializeJSON and their `warnings:`
// forms), top-level JSON shapes, SerializationOptions, concurrency, and stated results of documented examples.
// Public API only.

// MARK: - Models

private enum EPKind: String, CaseIterable, Sendable, Equatable {
    case alpha, beta
}

private struct EPItem: Mappable, Equatable, MappedCodable {
    var id = 0
    var name = ""
    var score: Double?
    var tags: [String] = []
    var flag = false
    var kind: EPKind = .alpha
    var views = -1

    static let mapping: Mapping<EPItem> = [
        "id": .property(\.id).isRequired().min(1),
        "name": .property(\.name).lengthRange(1, 20),
        "score": .property(\.score),
        "tags": .property(\.tags),
        "flag": .property(\.flag),
        "kind": .property(\.kind),
        "views": .property(\.views, default: 0),
    ]
}

private struct EPFrozen: ImmutableMappable, Equatable {
    let id: Int
    let name: String
    let note: String?

    static let mapping: Mapping<EPFrozen> = [
        "id": .property(\.id).min(1),
        "name": .property(\.name),
        "note": .property(\.note),
    ]

    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom was refused" }
    }

    init(_ values: MappedValues<EPFrozen>) throws {
        id = try values[\.id]
        name = try values[\.name]
        note = try values[\.note]
        if name == "boom" { throw Boom() }
    }

    init(id: Int, name: String, note: String?) {
        self.id = id
        self.name = name
        self.note = note
    }
}

private final class EPShared: Mappable {
    var id = -1
    var name = "preset"
    var geoX = -1.0
    var geoY = -1.0
    var inner = EPInner()

    init() {}

    static let mapping: Mapping<EPShared> = [
        "id": .property(\.id).min(0),
        "name": .property(\.name).minLength(1),
        "geo": [0: .property(\.geoX), 1: .property(\.geoY)],
        "inner": .property(\.inner),
    ]
}

private struct EPInner: Mappable, Equatable {
    var code = "none"
    static let mapping: Mapping<EPInner> = ["code": .property(\.code).matchesRegEx("^[A-Z]{3}$")]
}

/// A model whose mapping is an index mapping at its root: a record is a JSON array.
private struct EPPair: Mappable, Equatable {
    var a = 0
    var b = ""
    static let mapping: Mapping<EPPair> = [0: .property(\.a), 1: .property(\.b)]
}

/// Touched for the first time only by the concurrency probe, from many tasks at once.
private struct EPLazyInner: Mappable, Equatable {
    var v = 0
    static let mapping: Mapping<EPLazyInner> = ["v": .property(\.v).range(0, 1000)]
}

private struct EPLazyOuter: Mappable, Equatable {
    var name = ""
    var items: [EPLazyInner] = []
    var byKey: [String: EPLazyInner] = [:]
    static let mapping: Mapping<EPLazyOuter> = [
        "name": .property(\.name).isRequired(),
        "items": .property(\.items),
        "byKey": .property(\.byKey),
    ]
}

/// For the serialization options.
private struct EPSer: Mappable, Equatable {
    var zeta = 1
    var upper = "B-value"
    var lower: String? = "a-value"
    var accent = "é"
    var nothing: String?
    var empty: [Int] = []
    var emptyDict: [String: Int] = [:]
    var text = "quote\" back\\ nl\n tab\t ctl\u{1} slash/ bom\u{FEFF} emoji🎉"
    var x: Double? = 1.5
    var y: Double?
    var nestedNil: String?
    var ratio = 0.1
    var big: UInt64 = .max
    var small: Int64 = .min
    var flag = true

    static let mapping: Mapping<EPSer> = [
        "zeta": .property(\.zeta),
        "B": .property(\.upper),
        "a": .property(\.lower),
        "é": .property(\.accent),
        "nothing": .property(\.nothing),
        "empty": .property(\.empty),
        "emptyDict": .property(\.emptyDict),
        "text": .property(\.text),
        "geo": [0: .property(\.x), 1: .property(\.y)],
        "sub": ["inner": ["deep": .property(\.nestedNil)]],
        "ratio": .property(\.ratio),
        "big": .property(\.big),
        "small": .property(\.small),
        "flag": .property(\.flag),
    ]
}

// MARK: - Helpers

private func mappingError(_ body: () throws -> Void) -> MappingError? {
    do {
        try body()
        return nil
    } catch let error as MappingError {
        return error
    } catch {
        Issue.record("not a MappingError: \(type(of: error)) \(error)")
        return nil
    }
}

/// A deterministic generator over the shared `SplitMix64`.
private struct EPRandom {
    private var source: SplitMix64
    init(state: UInt64) { source = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { source.next() }
    mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
}

/// A record as JSON text and its expected validity: id and name are judged by an oracle.
private func generatedRecord(_ random: inout EPRandom) -> (text: String, idBad: Bool, nameBad: Bool) {
    // (json fragment or nil for absent, bad?)
    let ids: [(String?, Bool)] = [
        ("1", false), ("42", false), ("9223372036854775807", false), ("0", true), ("-5", true), ("\"7\"", true),
        ("2.5", true), ("true", true), ("null", true), (nil, true), ("1e2", false), ("18446744073709551616", true),
    ]
    let names: [(String?, Bool)] = [
        ("\"a\"", false), ("\"\"", true), ("\"" + String(repeating: "x", count: 21) + "\"", true),
        ("\"é🎉\"", false), ("5", true), ("null", true), (nil, false), ("\"\\u00e9t\\u00e9\"", false),
        ("\"" + String(repeating: "y", count: 20) + "\"", false),
    ]
    let extras = [
        "", "\"unknown\": {\"deep\": [1, 2, {\"x\": null}]}", "\"views\": 3", "\"tags\": [\"t\", \"u\"]",
        "\"score\": null", "\"score\": 1.25", "\"flag\": true", "\"kind\": \"beta\"",
    ]
    let id = random.pick(ids)
    let name = random.pick(names)
    var members: [String] = []
    if let text = id.0 { members.append("\"id\": \(text)") }
    if let text = name.0 { members.append("\"name\": \(text)") }
    let extra = random.pick(extras)
    if !extra.isEmpty { members.append(extra) }
    if random.next() % 2 == 0 { members.reverse() }
    return ("{" + members.joined(separator: ", ") + "}", id.1, name.1)
}

private func generatedFeed(seed: UInt64, count: Int) -> (text: String, bad: [Bool], paths: [Set<String>]) {
    var random = EPRandom(state: seed)
    var texts: [String] = []
    var bad: [Bool] = []
    var paths: [Set<String>] = []
    for _ in 0..<count {
        let record = generatedRecord(&random)
        texts.append(record.text)
        bad.append(record.idBad || record.nameBad)
        var set = Set<String>()
        if record.idBad { set.insert("id") }
        if record.nameBad { set.insert("name") }
        paths.append(set)
    }
    return ("[" + texts.joined(separator: ",\n") + "]", bad, paths)
}

private func parsed(_ text: String) -> Any {
    try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

private func sendable<T: Sendable>(_: T.Type) -> Bool { true }

/// What a model reads back as: a nil left out reads back as the new model's value (Serializing.md, "Lossless round
/// trips"), unless `.writingNulls`.
private func readBack(_ model: EPSer, _ options: SerializationOptions) -> EPSer {
    guard !options.contains(.writingNulls) else { return model }
    var back = model
    let fresh = EPSer()
    if back.lower == nil { back.lower = fresh.lower }
    if back.x == nil && back.y == nil { back.x = fresh.x }
    return back
}

// MARK: - Top-level JSON that is not an object

@Suite struct EntryPointProbeTopLevelScalars {
    /// Valid JSON documents that are not objects: every entry point refuses them with errors at path "" and agrees
    /// with the same value parsed by JSONSerialization.
    @Test(arguments: ["42", "-0", "1.5e3", "\"text\"", "true", "false", "[]", "[1]", "\"\""])
    func nonObjectDocumentIsOneErrorAtRoot(_ text: String) throws {
        let fromData = mappingError { _ = try Mapper.map(EPItem.self, fromJSON: Data(text.utf8)) }
        let fromString = mappingError { _ = try Mapper.map(EPItem.self, fromJSON: text) }
        let fromParsed = mappingError { _ = try Mapper.map(EPItem.self, from: parsed(text)) }
        let data = try #require(fromData)
        #expect(data.errors.count == 1)
        #expect(data.errors.first?.path == "")
        #expect(data.errors.first?.rule == "type")
        #expect(fromString == fromData)
        #expect(fromParsed == fromData)
        // The immutable model too.
        let frozen = try #require(mappingError { _ = try Mapper.map(EPFrozen.self, fromJSON: text) })
        #expect(frozen.errors.map(\.path) == [""])
        #expect(frozen.errors.map(\.rule) == ["type"])
        // validate(as:) returns what map throws.
        #expect(Mapper.validate(parsed(text), as: EPItem.self) == data.errors)
    }

    @Test func nullDocumentIsRefusedByMap() throws {
        let data = try #require(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: "null") })
        #expect(data.errors.map(\.path) == [""])
        #expect(data.errors.map(\.rule) == ["type"])
        #expect(mappingError { _ = try Mapper.map(EPItem.self, from: nil) } == data)
        #expect(mappingError { _ = try Mapper.map(EPItem.self, from: NSNull()) } == data)
        #expect(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: Data("null".utf8)) } == data)
        #expect(Mapper.validate(nil, as: EPItem.self) == data.errors)
    }

    /// Malformed documents: one `json` error at path "" for every form; the target is untouched.
    @Test(arguments: [
        "", " ", "\n\t \r", "{} x", "{}}", "{},", "[] []", "{\"id\": 1} null", "\u{FEFF}", "\u{FEFF}\u{FEFF}{}", "nul",
        "{\"id\": 1,}", "{'id': 1}", "\u{0}", "{\"id\": 01}", "{\"id\": 1e400}",
    ])
    func malformedDocumentIsOneJSONError(_ text: String) throws {
        let error = try #require(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: text) })
        #expect(error.errors.count == 1)
        #expect(error.errors.first?.path == "")
        #expect(error.errors.first?.rule == "json")
        #expect(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: Data(text.utf8)) } == error)
        #expect(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) }?.errors.map(\.rule) == ["json"])
        #expect(mappingError { _ = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self) }?.errors.map(\.rule) == ["json"])
        #expect(
            mappingError { _ = try Mapper.mapArray(fromJSON: Data(text.utf8), using: EPItem.mapping) { EPItem() } }?.errors.map(\.rule)
                == ["json"])
        var item = EPItem(id: 5, name: "keep")
        let before = item
        let mapError = mappingError { try Mapper.mapValues(fromJSON: text, to: &item, using: EPItem.mapping) }
        #expect(mapError?.errors.map(\.rule) == ["json"])
        #expect(item == before)
        let shared = EPShared()
        #expect(
            mappingError { try Mapper.mapValues(fromJSON: Data(text.utf8), to: shared, using: EPShared.mapping) }?.errors.map(\.rule) == [
                "json"
            ])
        #expect(shared.id == -1 && shared.name == "preset")
    }

    /// Whitespace around a valid document, and a UTF-8 byte-order mark, are accepted.
    @Test(arguments: [" {\"id\": 3} ", "\n{\"id\": 3}\n", "\u{FEFF}{\"id\": 3}", "\u{FEFF} \t{\"id\": 3}\r\n"])
    func surroundingWhitespaceAndBOMAreAccepted(_ text: String) throws {
        #expect(try Mapper.map(EPItem.self, fromJSON: text).id == 3)
        #expect(try Mapper.map(EPItem.self, fromJSON: Data(text.utf8)).id == 3)
        #expect(
            try Mapper.map([EPItem].self, fromJSON: text.replacingOccurrences(of: "{\"id\": 3}", with: "[{\"id\": 3}]")).map(\.id) == [3])
    }

    /// UTF-16 and UTF-32 documents (with and without BOMs) are one `json` error, never a crash.
    @Test func otherEncodingsAreJSONErrors() throws {
        let text = "{\"id\": 3}"
        var inputs: [Data] = []
        inputs.append(Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!)
        inputs.append(Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!)
        inputs.append(text.data(using: .utf16LittleEndian)!)
        inputs.append(text.data(using: .utf32LittleEndian)!)
        inputs.append(Data([0xEF, 0xBB]))  // a cut BOM
        inputs.append(Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]) + Data(text.utf8))
        for input in inputs {
            let error = mappingError { _ = try Mapper.map(EPItem.self, fromJSON: input) }
            #expect(error?.errors.map(\.rule) == ["json"], "\(Array(input.prefix(6)))")
            #expect(error?.errors.map(\.path) == [""])
        }
    }

    /// mapValues over a document that is a scalar: a `type` error at the root, nothing written, agreeing with the
    /// parsed value; null finds no value (as mapArray's docs say of a null record).
    @Test func mapValuesOverScalarsAndNull() throws {
        for text in ["42", "\"x\"", "true", "[1, 2]"] {
            var item = EPItem(id: 9, name: "keep")
            let fromText = mappingError { try Mapper.mapValues(fromJSON: text, to: &item, using: EPItem.mapping) }
            let fromParsed = mappingError { try Mapper.mapValues(from: parsed(text), to: &item, using: EPItem.mapping) }
            #expect(fromText != nil, "\(text)")
            #expect(fromText == fromParsed, "\(text)")
            #expect(fromText?.errors.allSatisfy { $0.path == "" && $0.rule == "type" } == true, "\(text)")
            #expect(item == EPItem(id: 9, name: "keep"))
        }
        // null: the same as nil and NSNull, whatever it is.
        var a = EPItem(id: 9, name: "keep")
        var b = a
        var c = a
        let viaText = mappingError { try Mapper.mapValues(fromJSON: "null", to: &a, using: EPItem.mapping) }
        let viaNSNull = mappingError { try Mapper.mapValues(from: NSNull(), to: &b, using: EPItem.mapping) }
        let viaNil = mappingError { try Mapper.mapValues(from: nil, to: &c, using: EPItem.mapping) }
        #expect(viaText == viaNSNull)
        #expect(viaText == viaNil)
        #expect(a == b && b == c)
    }
}

// MARK: - Top-level arrays

@Suite struct EntryPointProbeTopLevelArrays {
    @Test func emptyArrays() throws {
        #expect(try Mapper.map([EPItem].self, fromJSON: "[]").isEmpty)
        #expect(try Mapper.map([EPItem].self, fromJSON: Data(" [ ] ".utf8)).isEmpty)
        #expect(try Mapper.map([EPItem].self, from: [Any]()).isEmpty)
        #expect(try Mapper.map([EPItem].self, from: NSArray()).isEmpty)
        #expect(try Mapper.map([EPFrozen].self, fromJSON: "[]").isEmpty)
        let batch = try Mapper.mapArray(fromJSON: Data("[]".utf8), as: EPItem.self)
        #expect(batch.results.isEmpty && batch.warnings.isEmpty && batch.failures.isEmpty)
        let created = try Mapper.mapArray(fromJSON: Data("[]".utf8), using: EPItem.mapping) { EPItem() }
        #expect(created.results.isEmpty && created.warnings.isEmpty)
        var warnings: [MappingWarning] = []
        #expect(try Mapper.map([EPItem].self, fromJSON: "[]", warnings: &warnings).isEmpty)
        #expect(warnings.isEmpty)
    }

    /// A document that is not an array, for every array entry point: one `type` error at path "".
    @Test(arguments: ["{}", "{\"id\": 1}", "42", "\"[]\"", "true", "null"])
    func nonArrayDocument(_ text: String) throws {
        let all = try #require(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) })
        #expect(all.errors.map(\.path) == [""])
        #expect(all.errors.map(\.rule) == ["type"])
        #expect(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: Data(text.utf8)) } == all)
        #expect(mappingError { _ = try Mapper.map([EPItem].self, from: parsed(text)) } == all)
        let each = try #require(mappingError { _ = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self) })
        #expect(each.errors.map(\.path) == [""])
        #expect(each.errors.map(\.rule) == ["type"])
        #expect(mappingError { _ = try Mapper.mapArray(from: parsed(text), as: EPItem.self) } == each)
        let created = try #require(mappingError { _ = try Mapper.mapArray(fromJSON: Data(text.utf8), using: EPItem.mapping) { EPItem() } })
        #expect(created.errors.map(\.path) == [""])
        #expect(created.errors.map(\.rule) == ["type"])
        #expect(mappingError { _ = try Mapper.mapArray(from: parsed(text), using: EPItem.mapping) { EPItem() } } == created)
    }

    @Test func nilSourceForArrays() throws {
        #expect(mappingError { _ = try Mapper.map([EPItem].self, from: nil) }?.errors.map(\.rule) == ["type"])
        #expect(mappingError { _ = try Mapper.mapArray(from: nil, as: EPItem.self) }?.errors.map(\.rule) == ["type"])
        #expect(mappingError { _ = try Mapper.mapArray(from: nil, using: EPItem.mapping) { EPItem() } }?.errors.map(\.rule) == ["type"])
    }

    /// Nested arrays: each element that is an array is a `type` error at its index, all or nothing.
    @Test func nestedArrays() throws {
        let text = #"[{"id": 1}, [{"id": 2}], [], {"id": 3}]"#
        let all = try #require(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) })
        #expect(all.errors.map(\.path) == ["[1]", "[2]"])
        #expect(all.errors.map(\.rule) == ["type", "type"])
        #expect(mappingError { _ = try Mapper.map([EPItem].self, from: parsed(text)) } == all)
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self)
        #expect(batch.models.map(\.id) == [1, 3])
        #expect(batch.failures.map(\.index) == [1, 2])
        #expect(batch.failures.map { $0.error.errors.map(\.path) } == [[""], [""]])
    }

    /// A model whose mapping is an index mapping: a record is an array, so `[[…], […]]` is a list of records.
    @Test func indexRootModels() throws {
        #expect(try Mapper.map(EPPair.self, fromJSON: #"[7, "x"]"#) == EPPair(a: 7, b: "x"))
        #expect(
            try Mapper.map([EPPair].self, fromJSON: #"[[1, "a"], [2, "b"], []]"#) == [EPPair(a: 1, b: "a"), EPPair(a: 2, b: "b"), EPPair()])
        let bad = try #require(mappingError { _ = try Mapper.map([EPPair].self, fromJSON: #"[[1, "a"], [2, 3]]"#) })
        #expect(bad.errors.map(\.path) == ["[1][1]"])
        let object = try #require(mappingError { _ = try Mapper.map(EPPair.self, fromJSON: #"{"0": 1}"#) })
        #expect(object.errors.map(\.path) == [""])
        #expect(object.errors.map(\.rule) == ["type"])
        // Serializing: JSON text is an array; serialize cannot return a dictionary and says so.
        #expect(String(decoding: try Mapper.serializeJSON(EPPair(a: 1, b: "q")), as: UTF8.self) == #"[1,"q"]"#)
        #expect(String(decoding: try Mapper.serializeJSON([EPPair(a: 1, b: "q")]), as: UTF8.self) == #"[[1,"q"]]"#)
        let serializeError = try #require(mappingError { _ = try Mapper.serialize(EPPair(a: 1, b: "q")) })
        #expect(serializeError.errors.map(\.rule) == ["serialize"])
        // And round trips through the array forms.
        let pairs = [EPPair(a: 1, b: "a"), EPPair(a: -3, b: "")]
        #expect(try Mapper.map([EPPair].self, fromJSON: Mapper.serializeJSON(pairs)) == pairs)
    }

    /// One bad element in the middle of a large array: all or nothing lists only it; mapArray keeps the others.
    @Test func hugeArrayWithOneBadElement() throws {
        let count = 20_000
        let bad = 12_345
        var parts: [String] = []
        parts.reserveCapacity(count)
        for index in 0..<count {
            parts.append(index == bad ? #"{"id": 0, "name": ""}"# : #"{"id": \#(index + 1), "name": "n\#(index % 7)"}"#)
        }
        let text = "[" + parts.joined(separator: ",") + "]"
        let error = try #require(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) })
        #expect(error.errors.map(\.path) == ["[\(bad)].id", "[\(bad)].name"])
        #expect(error.errors.map(\.property) == ["[\(bad)].id", "[\(bad)].name"])
        #expect(error.errors.map(\.rule) == ["min", "lengthRange"])
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self)
        #expect(batch.results.count == count)
        #expect(batch.warnings.count == count)
        #expect(batch.models.count == count - 1)
        #expect(batch.failures.map(\.index) == [bad])
        #expect(batch.failures.first?.error.errors.map(\.path) == ["id", "name"])
        let created = try Mapper.mapArray(fromJSON: Data(text.utf8), using: EPItem.mapping) { EPItem() }
        #expect(created.models == batch.models)
        #expect(created.failures.map(\.index) == [bad])
        // Good array: every element, in order.
        parts[bad] = #"{"id": 1, "name": "fixed"}"#
        let good = try Mapper.map([EPItem].self, fromJSON: Data(("[" + parts.joined(separator: ",") + "]").utf8))
        #expect(good.count == count)
        #expect(good[bad].name == "fixed")
        #expect(good.last?.id == count)
    }

    /// Null elements: a model is never made from nothing (`map`, `mapArray(as:)`), while `mapArray(using:create:)`
    /// maps a null record as `mapValues` maps a null source.
    @Test func nullElements() throws {
        let text = #"[{"id": 1}, null, {"id": 2}]"#
        let all = try #require(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) })
        #expect(all.errors.map(\.path) == ["[1]"])
        #expect(all.errors.map(\.rule) == ["type"])
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self)
        #expect(batch.failures.map(\.index) == [1])
        let created = try Mapper.mapArray(fromJSON: Data(text.utf8), using: EPItem.mapping) { EPItem() }
        var item = EPItem()
        let direct = mappingError { try Mapper.mapValues(from: NSNull(), to: &item, using: EPItem.mapping) }
        if let direct {
            #expect(created.failures.first?.error == direct)
        } else {
            #expect(created.failures.isEmpty)
        }
        #expect(created.results.count == 3)
    }

    /// Generated feeds: every entry point agrees, with the oracle and with JSONDecoder through the Codable bridge.
    @Test(arguments: [1 as UInt64, 2, 3, 0xDEAD_BEEF])
    func generatedFeedsAgreeEverywhere(seed: UInt64) throws {
        let feed = generatedFeed(seed: seed, count: 150)
        let data = Data(feed.text.utf8)
        let tree = parsed(feed.text)
        let batchJSON = try Mapper.mapArray(fromJSON: data, as: EPItem.self)
        let batchTree = try Mapper.mapArray(from: tree, as: EPItem.self)
        let batchCreate = try Mapper.mapArray(fromJSON: data, using: EPItem.mapping) { EPItem() }
        let batchCreateTree = try Mapper.mapArray(from: tree, using: EPItem.mapping) { EPItem() }
        #expect(batchJSON.results.count == feed.bad.count)
        for index in feed.bad.indices {
            let json = batchJSON.results[index]
            #expect((try? json.get()) == nil ? true : !feed.bad[index], "record \(index) should fail")
            if case let .failure(error) = json {
                #expect(feed.bad[index], "record \(index) failed: \(error)")
                #expect(Set(error.errors.map(\.path)) == feed.paths[index], "record \(index): \(error)")
            }
            #expect((try? batchTree.results[index].get()) == (try? json.get()))
            #expect((try? batchCreate.results[index].get()) == (try? json.get()))
            #expect((try? batchCreateTree.results[index].get()) == (try? json.get()))
            if case let .failure(a) = json, case let .failure(b) = batchTree.results[index] { #expect(a == b) }
            if case let .failure(a) = json, case let .failure(b) = batchCreate.results[index] { #expect(a == b) }
        }
        #expect(batchJSON.warnings == batchTree.warnings)
        #expect(batchJSON.warnings == batchCreate.warnings)
        // all or nothing
        let allJSON = mappingError { _ = try Mapper.map([EPItem].self, fromJSON: data) }
        let allString = mappingError { _ = try Mapper.map([EPItem].self, fromJSON: feed.text) }
        let allTree = mappingError { _ = try Mapper.map([EPItem].self, from: tree) }
        #expect(allJSON == allString)
        #expect(allJSON == allTree)
        let expectedPaths = feed.paths.enumerated().flatMap { index, paths in paths.sorted().map { "[\(index)].\($0)" } }
        #expect(Set(allJSON?.errors.map(\.path) ?? []) == Set(expectedPaths))
        // The Codable bridge: the same failures, the same paths.
        do {
            _ = try JSONDecoder().decode([EPItem].self, from: data)
            #expect(allJSON == nil)
        } catch let error as DecodingError {
            let bridged = try #require(error.mappingError)
            let firstBad = try #require(feed.bad.firstIndex(of: true))
            // JSONDecoder stops at the first failing element; its paths are prefixed with the element's index.
            #expect(Set(bridged.errors.map(\.path)) == Set(feed.paths[firstBad].map { "[\(firstBad)].\($0)" }))
        }
        // Single records: each through map(from:) and map(fromJSON:) agrees with the batch.
        if let array = tree as? [Any] {
            for (index, element) in array.enumerated().prefix(40) {
                let single = Result { () throws(MappingError) -> EPItem in try Mapper.map(EPItem.self, from: element) }
                switch (single, batchJSON.results[index]) {
                case let (.success(a), .success(b)): #expect(a == b)
                case let (.failure(a), .failure(b)): #expect(a == b)
                default: Issue.record("record \(index) differs between map(from:) and mapArray")
                }
            }
        }
    }
}

// MARK: - Warnings forms

@Suite struct EntryPointProbeWarnings {
    /// Warnings are appended on success (earlier entries kept) and left alone on failure, for every form.
    @Test func appendedOnSuccessOnly() throws {
        let preset = MappingWarning(path: "p", property: "q", kind: .coerced, value: nil, message: "preset")
        let good = #"{"id": 1}"#
        let bad = #"{"id": 0}"#
        var warnings = [preset]
        _ = try Mapper.map(EPItem.self, fromJSON: good, warnings: &warnings)
        #expect(warnings.count == 2)
        #expect(warnings.first == preset)
        #expect(warnings.last?.path == "views")
        #expect(warnings.last?.kind == .defaultUsed)
        warnings = [preset]
        _ = try Mapper.map(EPItem.self, fromJSON: Data(good.utf8), warnings: &warnings)
        #expect(warnings.map(\.path) == ["p", "views"])
        warnings = [preset]
        _ = try Mapper.map(EPItem.self, from: parsed(good), warnings: &warnings)
        #expect(warnings.map(\.path) == ["p", "views"])
        var item = EPItem()
        warnings = [preset]
        try Mapper.mapValues(fromJSON: good, to: &item, using: EPItem.mapping, warnings: &warnings)
        #expect(warnings.map(\.path) == ["p", "views"])
        #expect(item.views == 0)
        warnings = [preset]
        try Mapper.mapValues(fromJSON: Data(good.utf8), to: &item, using: EPItem.mapping, warnings: &warnings)
        try Mapper.mapValues(from: parsed(good), to: &item, using: EPItem.mapping, warnings: &warnings)
        #expect(warnings.map(\.path) == ["p", "views", "views"])
        // Failures leave the array alone.
        warnings = [preset]
        #expect(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: bad, warnings: &warnings) } != nil)
        #expect(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: Data(bad.utf8), warnings: &warnings) } != nil)
        #expect(mappingError { _ = try Mapper.map(EPItem.self, from: parsed(bad), warnings: &warnings) } != nil)
        #expect(mappingError { try Mapper.mapValues(fromJSON: bad, to: &item, using: EPItem.mapping, warnings: &warnings) } != nil)
        #expect(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: "[\(good), \(bad)]", warnings: &warnings) } != nil)
        #expect(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: "{}", warnings: &warnings) } != nil)
        #expect(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: "{", warnings: &warnings) } != nil)
        #expect(warnings == [preset])
        // validate's warnings form: warnings only when there is no error.
        var dry: [MappingWarning] = []
        #expect(Mapper.validate(parsed(good), as: EPItem.self, warnings: &dry).isEmpty)
        #expect(dry.map(\.path) == ["views"])
        dry = []
        #expect(Mapper.validate(parsed(good), for: EPItem(), using: EPItem.mapping, warnings: &dry).isEmpty)
        #expect(dry.map(\.path) == ["views"])
    }

    /// A class target's warnings form writes into the instance given.
    @Test func classTargetWarningsForm() throws {
        let shared = EPShared()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(fromJSON: #"{"id": 4, "geo": [1.5]}"#, to: shared, using: EPShared.mapping, warnings: &warnings)
        #expect(shared.id == 4 && shared.geoX == 1.5 && shared.geoY == -1)
        try Mapper.mapValues(fromJSON: Data(#"{"name": "n"}"#.utf8), to: shared, using: EPShared.mapping, warnings: &warnings)
        try Mapper.mapValues(from: ["inner": ["code": "ABC"]], to: shared, using: EPShared.mapping, warnings: &warnings)
        #expect(shared.id == 4 && shared.name == "n" && shared.inner.code == "ABC")
        #expect(warnings.isEmpty)
    }

    /// Array warnings: under the element's index for `map([M])`, inside the record for `mapArray`.
    @Test func arrayWarningsPaths() throws {
        let text = #"[{"id": 1, "views": 2}, {"id": 2}, {"id": 3, "views": 5}, {"id": 4}]"#
        var warnings: [MappingWarning] = []
        let all = try Mapper.map([EPItem].self, fromJSON: text, warnings: &warnings)
        #expect(all.map(\.views) == [2, 0, 5, 0])
        #expect(warnings.map(\.path) == ["[1].views", "[3].views"])
        #expect(warnings.map(\.property) == ["[1].views", "[3].views"])
        var fromTree: [MappingWarning] = []
        _ = try Mapper.map([EPItem].self, from: parsed(text), warnings: &fromTree)
        #expect(fromTree == warnings)
        var fromData: [MappingWarning] = []
        _ = try Mapper.map([EPItem].self, fromJSON: Data(text.utf8), warnings: &fromData)
        #expect(fromData == warnings)
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self)
        #expect(batch.warnings.map { $0.map(\.path) } == [[], ["views"], [], ["views"]])
        let created = try Mapper.mapArray(from: parsed(text), using: EPItem.mapping) { EPItem() }
        #expect(created.warnings == batch.warnings)
        // A failed record has no warnings.
        let mixed = try Mapper.mapArray(fromJSON: Data(#"[{"id": 0}, {"id": 1}]"#.utf8), as: EPItem.self)
        #expect(mixed.warnings.map(\.count) == [0, 1])
    }

    /// The public MappedArray initializers keep one warnings array per result.
    @Test func mappedArrayInitializers() {
        let results: [Result<EPItem, MappingError>] = [
            .success(EPItem(id: 1)), .failure(MappingError(errors: [])), .success(EPItem(id: 2)),
        ]
        let plain = MappedArray(results: results)
        #expect(plain.warnings.count == 3)
        #expect(plain.models.map(\.id) == [1, 2])
        #expect(plain.failures.map(\.index) == [1])
    }
}

// MARK: - Class and immutable targets through every entry point

@Suite struct EntryPointProbeTargets {
    /// All or nothing on a class instance, through each overload, nested model included.
    @Test func classTargetAllOrNothing() throws {
        let badInputs = [
            #"{"id": 5, "name": "", "geo": [1, 2], "inner": {"code": "ABC"}}"#,
            #"{"id": 5, "name": "ok", "geo": [1, "x"], "inner": {"code": "ABC"}}"#,
            #"{"id": 5, "name": "ok", "geo": [1, 2], "inner": {"code": "abc"}}"#,
            #"{"id": -1, "name": "ok", "geo": [1, 2], "inner": {"code": "ABC"}}"#,
            #"{"id": 5, "name": "ok", "geo": {"0": 1}, "inner": {"code": "ABC"}}"#,
        ]
        for text in badInputs {
            let shared = EPShared()
            var reference = shared
            let errors = [
                mappingError { try Mapper.mapValues(fromJSON: text, to: shared, using: EPShared.mapping) },
                mappingError { try Mapper.mapValues(fromJSON: Data(text.utf8), to: shared, using: EPShared.mapping) },
                mappingError { try Mapper.mapValues(from: parsed(text), to: shared, using: EPShared.mapping) },
                mappingError { try Mapper.mapValues(fromJSON: text, to: &reference, using: EPShared.mapping) },
            ]
            #expect(errors.allSatisfy { $0 != nil && $0 == errors[0] }, "\(text)")
            #expect(Mapper.validate(parsed(text), for: shared, using: EPShared.mapping) == errors[0]?.errors)
            #expect(shared.id == -1 && shared.name == "preset" && shared.geoX == -1 && shared.geoY == -1 && shared.inner.code == "none")
            #expect(reference === shared)
        }
        let shared = EPShared()
        try Mapper.mapValues(
            fromJSON: #"{"id": 5, "name": "ok", "geo": [1, 2], "inner": {"code": "ABC"}}"#, to: shared, using: EPShared.mapping)
        #expect(shared.id == 5 && shared.name == "ok" && shared.geoX == 1 && shared.geoY == 2 && shared.inner.code == "ABC")
        let made = try Mapper.map(EPShared.self, fromJSON: #"{"id": 6}"#)
        #expect(made.id == 6 && made.name == "preset")
    }

    /// Immutable models through every map overload, init's throw as rule `init` at the model's path.
    @Test func immutableThroughEveryEntryPoint() throws {
        let good = #"{"id": 1, "name": "a", "note": null}"#
        let expected = EPFrozen(id: 1, name: "a", note: nil)
        #expect(try Mapper.map(EPFrozen.self, fromJSON: good) == expected)
        #expect(try Mapper.map(EPFrozen.self, fromJSON: Data(good.utf8)) == expected)
        #expect(try Mapper.map(EPFrozen.self, from: parsed(good)) == expected)
        var warnings: [MappingWarning] = []
        #expect(try Mapper.map(EPFrozen.self, fromJSON: good, warnings: &warnings) == expected)
        #expect(try Mapper.map([EPFrozen].self, fromJSON: "[\(good)]") == [expected])
        #expect(try Mapper.mapArray(fromJSON: Data("[\(good)]".utf8), as: EPFrozen.self).models == [expected])
        #expect(Mapper.validate(parsed(good), as: EPFrozen.self).isEmpty)
        // Absent required field and init's throw.
        let missing = try #require(mappingError { _ = try Mapper.map(EPFrozen.self, fromJSON: #"{"id": 1}"#) })
        #expect(missing.errors.map(\.path) == ["name"])
        #expect(missing.errors.map(\.rule) == ["isRequired"])
        let boom = try #require(mappingError { _ = try Mapper.map(EPFrozen.self, fromJSON: #"{"id": 1, "name": "boom"}"#) })
        #expect(boom.errors.map(\.path) == [""])
        #expect(boom.errors.map(\.rule) == ["init"])
        #expect(boom.errors.first?.message.contains("boom was refused") == true)
        let inArray = try #require(
            mappingError { _ = try Mapper.map([EPFrozen].self, fromJSON: #"[\#(good), {"id": 2, "name": "boom"}]"#) })
        #expect(inArray.errors.map(\.path) == ["[1]"])
        #expect(inArray.errors.map(\.rule) == ["init"])
        let batch = try Mapper.mapArray(fromJSON: Data(#"[\#(good), {"id": 2, "name": "boom"}]"#.utf8), as: EPFrozen.self)
        #expect(batch.failures.map { $0.error.errors.map(\.rule) } == [["init"]])
        #expect(Mapper.validate(parsed(#"{"id": 1, "name": "boom"}"#), as: EPFrozen.self).map(\.rule) == ["init"])
        // Serialize an immutable model and read it back.
        let model = EPFrozen(id: 3, name: "c", note: "n")
        #expect(try Mapper.map(EPFrozen.self, fromJSON: Mapper.serializeJSON(model)) == model)
        #expect(try Mapper.map([EPFrozen].self, fromJSON: Mapper.serializeJSON([model, expected])) == [model, expected])
        #expect(try Mapper.map(EPFrozen.self, from: Mapper.serialize(model)) == model)
    }

    /// An immutable model's mapping (let targets) used by mapValues / mapArray(using:create:): definition errors,
    /// never a trap, never blamed on the data.
    @Test func immutableMappingInMapValuesIsDefinitionError() throws {
        var frozen = EPFrozen(id: 1, name: "a", note: nil)
        let error = try #require(mappingError { try Mapper.mapValues(from: ["id": 2, "name": "b"], to: &frozen, using: EPFrozen.mapping) })
        #expect(!error.errors.isEmpty)
        #expect(error.errors.allSatisfy { $0.rule == "mapping" })
        #expect(frozen == EPFrozen(id: 1, name: "a", note: nil))
        let fromText = mappingError { try Mapper.mapValues(fromJSON: "not json", to: &frozen, using: EPFrozen.mapping) }
        #expect(fromText?.errors.allSatisfy { $0.rule == "mapping" } == true)
        let batch = mappingError {
            _ = try Mapper.mapArray(from: [["id": 2]], using: EPFrozen.mapping) { EPFrozen(id: 0, name: "", note: nil) }
        }
        #expect(batch?.errors.allSatisfy { $0.rule == "mapping" } == true)
        #expect(Mapper.validate(["id": 2], for: frozen, using: EPFrozen.mapping).allSatisfy { $0.rule == "mapping" })
        #expect(!Mapper.validate(["id": 2], for: frozen, using: EPFrozen.mapping).isEmpty)
    }
}

// MARK: - Serialization options

@Suite struct EntryPointProbeSerializationOptions {
    static let combos: [SerializationOptions] = (0..<8).map { SerializationOptions(rawValue: UInt8($0)) }

    /// Every combination: the text parses with JSONSerialization into what `serialize` returns with the same options,
    /// and maps back into the same model.
    @Test(arguments: EntryPointProbeSerializationOptions.combos)
    func everyCombinationAgreesWithSerialize(_ options: SerializationOptions) throws {
        let models = [
            EPSer(),
            EPSer(
                zeta: -2, upper: "", lower: nil, accent: "ü", nothing: "x", empty: [1, 2], emptyDict: ["k": 1], text: "", x: nil, y: 2.5,
                nestedNil: "d", ratio: -0.0, big: 0, small: 0, flag: false),
        ]
        for model in models {
            let data = try Mapper.serializeJSON(model, options: options)
            let object = try Mapper.serialize(model, options: options)
            let viaFoundation = try JSONSerialization.jsonObject(with: data) as! NSDictionary
            #expect(viaFoundation == (object as NSDictionary), "\(options.rawValue): \(String(decoding: data, as: UTF8.self))")
            let back = try Mapper.map(EPSer.self, fromJSON: data)
            #expect(back == readBack(model, options), "\(back) vs \(readBack(model, options))")
            #expect(try Mapper.map(EPSer.self, from: object) == readBack(model, options))
            let withUsing = try Mapper.serializeJSON(model, using: EPSer.mapping, options: options)
            #expect(withUsing == data)
            let text = String(decoding: data, as: UTF8.self)
            #expect(options.contains(.prettyPrinted) == text.contains("\n"))
            #expect(!text.hasSuffix("\n"))
            if model.nothing == nil { #expect(options.contains(.writingNulls) == text.contains(#""nothing""#)) }
        }
        // Arrays: the same agreement, in order.
        let data = try Mapper.serializeJSON(models, options: options)
        let objects = try Mapper.serialize(models, options: options)
        let parsedArray = try JSONSerialization.jsonObject(with: data) as! NSArray
        #expect(parsedArray == (objects as NSArray))
        #expect(try Mapper.map([EPSer].self, fromJSON: data) == models.map { readBack($0, options) })
        #expect(try Mapper.serializeJSON(models, using: EPSer.mapping, options: options) == data)
        // Empty array of models.
        #expect(String(decoding: try Mapper.serializeJSON([EPSer](), options: options), as: UTF8.self) == "[]")
        #expect(try Mapper.serialize([EPSer](), options: options).isEmpty)
    }

    @Test func compactDefaultIsMappingOrder() throws {
        let text = String(decoding: try Mapper.serializeJSON(EPSer()), as: UTF8.self)
        let expected =
            #"{"zeta":1,"B":"B-value","a":"a-value","é":"é","empty":[],"emptyDict":{},"text":"quote\" back\\ nl\n tab\t ctl\u0001 slash/ bom\ufeff emoji🎉","geo":[1.5],"ratio":0.1,"big":18446744073709551615,"small":-9223372036854775808,"flag":true}"#
        #expect(text == expected)
    }

    @Test func writingNullsCompact() throws {
        let text = String(decoding: try Mapper.serializeJSON(EPSer(), options: .writingNulls), as: UTF8.self)
        #expect(text.contains(#""nothing":null"#))
        #expect(text.contains(#""geo":[1.5,null]"#))
        #expect(text.contains(#""sub":{"inner":{"deep":null}}"#))
        let object = try Mapper.serialize(EPSer(), options: .writingNulls)
        #expect(object["nothing"] is NSNull)
        #expect(((object["sub"] as? [String: Any])?["inner"] as? [String: Any])?["deep"] is NSNull)
        // Without it, the nil-only nested level is left out whole.
        let plain = try Mapper.serialize(EPSer())
        #expect(plain["sub"] == nil)
        #expect(plain["nothing"] == nil)
    }

    @Test func sortedKeysAreUTF8Ordered() throws {
        for options: SerializationOptions in [.sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .writingNulls, .prettyPrinted]] {
            let text = String(decoding: try Mapper.serializeJSON(EPSer(), options: options), as: UTF8.self)
            let keys =
                ["B", "a", "big", "empty", "emptyDict", "flag", "geo", "ratio", "small", "text", "zeta", "é"]
                + (options.contains(.writingNulls) ? ["nothing", "sub"] : [])
            let ordered = keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let positions = ordered.map { key in text.range(of: "\"\(key)\":")?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil }, "\(text)")
            let found = positions.compactMap { $0 }
            #expect(found == found.sorted(), "\(options.rawValue): \(text)")
        }
    }

    @Test func prettyPrintedExactLayout() throws {
        let model = EPSer(
            zeta: 1, upper: "u", lower: nil, accent: "e", nothing: nil, empty: [], emptyDict: [:], text: "t", x: nil, y: 2, nestedNil: "d",
            ratio: 1, big: 2, small: -3, flag: false)
        let text = String(decoding: try Mapper.serializeJSON(model, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let expected = """
            {
              "B": "u",
              "big": 2,
              "empty": [],
              "emptyDict": {},
              "flag": false,
              "geo": [
                null,
                2.0
              ],
              "ratio": 1.0,
              "small": -3,
              "sub": {
                "inner": {
                  "deep": "d"
                }
              },
              "text": "t",
              "zeta": 1,
              "\u{E9}": "e"
            }
            """
        #expect(text == expected)
    }

    /// Prettily printed arrays of models, and the pretty empty array.
    @Test func prettyArrayOfModels() throws {
        let pairs = [EPPair(a: 1, b: "x")]
        let text = String(
            decoding: try Mapper.serializeJSON([EPFrozen(id: 1, name: "n", note: nil)], options: .prettyPrinted), as: UTF8.self)
        #expect(text == "[\n  {\n    \"id\": 1,\n    \"name\": \"n\"\n  }\n]")
        #expect(
            String(decoding: try Mapper.serializeJSON(pairs, options: .prettyPrinted), as: UTF8.self) == "[\n  [\n    1,\n    \"x\"\n  ]\n]"
        )
        #expect(String(decoding: try Mapper.serializeJSON([EPPair](), options: .prettyPrinted), as: UTF8.self) == "[]")
    }

    /// Serialize errors come under the model's index in arrays, for both forms; nothing is returned.
    @Test func serializeErrorsInArrays() throws {
        var items = [EPSer(), EPSer(), EPSer(), EPSer()]
        items[2].ratio = .nan
        items[3].x = .infinity
        let json = try #require(mappingError { _ = try Mapper.serializeJSON(items) })
        #expect(json.errors.map(\.path) == ["[2].ratio", "[3].geo[0]"])
        #expect(json.errors.allSatisfy { $0.rule == "serialize" })
        let foundation = try #require(mappingError { _ = try Mapper.serialize(items) })
        #expect(foundation == json)
        let one = try #require(mappingError { _ = try Mapper.serialize(items[2]) })
        #expect(one.errors.map(\.path) == ["ratio"])
        #expect(mappingError { _ = try Mapper.serializeJSON(items[2], options: [.prettyPrinted, .sortedKeys, .writingNulls]) } == one)
    }

    /// Random doubles, integers and strings read back exactly through every option set (differential against
    /// JSONSerialization where it is exact).
    @Test func generatedValuesRoundTrip() throws {
        var random = EPRandom(state: 77)
        for round in 0..<300 {
            var model = EPSer()
            model.ratio = Double(bitPattern: random.next())
            if !model.ratio.isFinite { model.ratio = Double(round) * 1e-7 }
            model.zeta = Int(bitPattern: UInt(random.next()))
            model.big = random.next()
            model.small = Int64(bitPattern: random.next())
            let scalars = (0..<Int(random.next() % 12)).map { _ in
                random.pick(["a", "\u{0}", "\u{1F}", "\"", "\\", "é", "🎉", "\u{FEFF}", "\u{2028}", "/", "\u{7F}", " "])
            }
            model.text = scalars.joined()
            model.lower = random.next() % 3 == 0 ? nil : String(model.text.reversed())
            let options = SerializationOptions(rawValue: UInt8(random.next() % 8))
            let data = try Mapper.serializeJSON(model, options: options)
            let back = try Mapper.map(EPSer.self, fromJSON: data)
            #expect(
                back.ratio.bitPattern == model.ratio.bitPattern
                    || (back.ratio == 0 && model.ratio == 0 && back.ratio.sign == model.ratio.sign))
            #expect(back == readBack(model, options), "round \(round)")
            let foundation = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            #expect(foundation["text"] as? String == model.text)
            #expect((foundation["small"] as? NSNumber)?.int64Value == model.small)
        }
    }
}

// MARK: - Concurrency

@Suite struct EntryPointProbeConcurrency {
    @Test func sendablePromises() {
        #expect(sendable(Mapping<EPItem>.self))
        #expect(sendable(PropertyDescriptor<EPItem>.self))
        #expect(sendable(MappingKey.self))
        #expect(sendable(Boxing<URL>.self))
        #expect(sendable(DateFormat.self))
        #expect(sendable(MappingRule<EPItem>.self))
        #expect(sendable(ValidationError.self))
        #expect(sendable(MappingError.self))
        #expect(sendable(MappingWarning.self))
        #expect(sendable(MappingWarning.Kind.self))
        #expect(sendable(SerializationOptions.self))
        #expect(sendable(MappedArray<EPItem>.self))
    }

    /// One mapping and one model type used by many tasks at once: each task's result equals the serial one.
    @Test func taskGroupMatchesSerial() async throws {
        let feed = generatedFeed(seed: 99, count: 120)
        let text = feed.text
        let serialBatch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self)
        let serialAll = mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) }
        let serialModels = serialBatch.models
        let serialSer = try Mapper.serializeJSON(serialModels)

        struct Outcome: Sendable {
            var models: [EPItem]
            var failures: [MappingError]
            var all: MappingError?
            var serialized: Data
            var validated: Int
        }
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for task in 0..<16 {
                group.addTask {
                    let data = Data(text.utf8)
                    let batch: MappedArray<EPItem>
                    if task % 2 == 0 {
                        batch = try Mapper.mapArray(fromJSON: data, as: EPItem.self)
                    } else {
                        batch = try Mapper.mapArray(fromJSON: data, using: EPItem.mapping) { EPItem() }
                    }
                    let all = mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) }
                    let serialized = try Mapper.serializeJSON(batch.models)
                    let tree = parsed(text) as! [Any]
                    let validated = tree.reduce(0) { $0 + Mapper.validate($1, as: EPItem.self).count }
                    return Outcome(
                        models: batch.models, failures: batch.failures.map(\.error), all: all, serialized: serialized, validated: validated)
                }
            }
            var outcomes: [Outcome] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let serialValidated = (parsed(text) as! [Any]).reduce(0) { $0 + Mapper.validate($1, as: EPItem.self).count }
        #expect(outcomes.count == 16)
        for outcome in outcomes {
            #expect(outcome.models == serialModels)
            #expect(outcome.failures == serialBatch.failures.map(\.error))
            #expect(outcome.all == serialAll)
            #expect(outcome.serialized == serialSer)
            #expect(outcome.validated == serialValidated)
        }
    }

    /// A nested model's mapping first read from many tasks at once.
    @Test func lazyNestedMappingFirstTouchedConcurrently() async throws {
        let text = #"{"name": "n", "items": [{"v": 1}, {"v": 2}], "byKey": {"k": {"v": 3}}}"#
        let badText = #"{"name": "n", "items": [{"v": 1}, {"v": 2000}], "byKey": {"k": {"v": "x"}}}"#
        let results = await withTaskGroup(of: (EPLazyOuter?, MappingError?).self) { group in
            for task in 0..<32 {
                group.addTask {
                    if task % 2 == 0 {
                        return (try? Mapper.map(EPLazyOuter.self, fromJSON: text), nil)
                    }
                    return (nil, mappingError { _ = try Mapper.map(EPLazyOuter.self, fromJSON: badText) })
                }
            }
            var all: [(EPLazyOuter?, MappingError?)] = []
            for await result in group { all.append(result) }
            return all
        }
        let expected = EPLazyOuter(name: "n", items: [EPLazyInner(v: 1), EPLazyInner(v: 2)], byKey: ["k": EPLazyInner(v: 3)])
        #expect(results.compactMap(\.0) == Array(repeating: expected, count: 16))
        let errors = results.compactMap(\.1)
        #expect(errors.count == 16)
        #expect(errors.allSatisfy { $0 == errors[0] })
        #expect(errors.first?.errors.map(\.path) == ["items[1].v", "byKey.k.v"])
    }

    /// Many tasks mapping into their own class instances at once, with the class overload; a thrown error crosses
    /// tasks whole.
    @Test func distinctClassInstancesConcurrently() async throws {
        let instances = (0..<24).map { _ in EPShared() }
        final class Box: @unchecked Sendable {
            let instances: [EPShared]
            init(_ instances: [EPShared]) { self.instances = instances }
        }
        let box = Box(instances)
        let errors = await withTaskGroup(of: (Int, MappingError?).self) { group in
            for index in 0..<24 {
                group.addTask {
                    let target = box.instances[index]
                    let text =
                        index % 3 == 0
                        ? #"{"id": \#(index), "name": "", "inner": {"code": "abc"}}"#
                        : #"{"id": \#(index), "name": "n\#(index)", "geo": [\#(index), 2], "inner": {"code": "ABC"}}"#
                    return (index, mappingError { try Mapper.mapValues(fromJSON: text, to: target, using: EPShared.mapping) })
                }
            }
            var all: [(Int, MappingError?)] = []
            for await result in group { all.append(result) }
            return all.sorted { $0.0 < $1.0 }
        }
        for (index, error) in errors {
            let instance = instances[index]
            if index % 3 == 0 {
                #expect(error?.errors.map(\.path) == ["name", "inner.code"])
                #expect(instance.id == -1 && instance.name == "preset" && instance.inner.code == "none")
            } else {
                #expect(error == nil)
                #expect(
                    instance.id == index && instance.name == "n\(index)" && instance.geoX == Double(index) && instance.inner.code == "ABC")
            }
        }
    }

    /// The Concurrency article's example, with its stated output.
    @Test func concurrencyArticleExample() async throws {
        let batches: [Data] = (1...8).map { probe in
            let records = (0..<100).map { index in #"{"sensor": "probe-\#(probe)", "celsius": \#(index % 40)}"# }
            return Data("[\(records.joined(separator: ","))]".utf8)
        }
        func importBatches(_ batches: [Data]) async throws -> [EPReading] {
            try await withThrowingTaskGroup(of: [EPReading].self) { group in
                for batch in batches {
                    group.addTask { try Mapper.map([EPReading].self, fromJSON: batch) }
                }
                var readings: [EPReading] = []
                for try await part in group { readings += part }
                return readings
            }
        }
        #expect(try await importBatches(batches).count == 800)
        do {
            _ = try await importBatches(batches + [Data(#"[{"sensor": "probe-9", "celsius": 75}]"#.utf8)])
            Issue.record("no error")
        } catch let error as MappingError {
            #expect("\(error)" == "1 error:\n- [0].celsius → [0].celsius: out of bounds, expected -90.0...60.0; got 75 [range]")
        }
    }
}

private struct EPReading: Mappable {
    var sensor = ""
    var celsius = 0.0
    static let mapping: Mapping<EPReading> = [
        "sensor": .property(\.sensor).isRequired().matchesRegEx("^probe-[0-9]+$"),
        "celsius": .property(\.celsius).range(-90.0, 60.0),
    ]
}

// MARK: - Documented examples and their stated results

enum EPVideoType: String {
    case shortVideo, longVideo, live
}

private final class EPVideo {
    var contentURL: URL?
    var title: String?
    var type: EPVideoType?
    var uniqueID: Int?
    var latitude = 0.0
    var longitude = 0.0

    static let mapping: Mapping<EPVideo> = [
        "videoURL": .box(.url, \.contentURL).isRequired(),
        "name": .property(\.title).lengthRange(5, 12),
        "videoType": .property(\.type),
        "sub_object": ["title": .property(\.uniqueID)],
        "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
    ]

    init(json: [String: Any]) throws {
        try Mapper.mapValues(from: json, to: self, using: Self.mapping)
    }
}

private struct EPHeader {
    var title = ""
    var uniqueID = 0
    static let mapping: Mapping<EPHeader> = [
        "name": .property(\.title).isRequired(),
        "sub_object": ["title": .property(\.uniqueID)],
    ]
}

private final class EPEpisode {
    var id = 0
    var title = ""
    var contentURL: URL?
    var publishedAt: Date?
    var kind: EPVideoType = .live
    var rating: Int?
    var authorEmail = ""
    var tags: [String] = []
    var latitude = 0.0
    var longitude = 0.0
    init() {}
    func videoType(from string: String) -> EPVideoType? { EPVideoType(rawValue: string) }
    func name(of kind: EPVideoType) -> String { kind.rawValue }

    static let roundTrip: Mapping<EPEpisode> = [
        "id": .property(\.id),
        "name": .property(\.title),
        "videoURL": .box(.url, \.contentURL),
        "videoType": .call(EPEpisode.videoType(from:), \.kind, reverse: EPEpisode.name(of:)),
        "published_at": .box(.date, \.publishedAt),
        "rating": .property(\.rating),
        "author": ["email": .property(\.authorEmail)],
        "tags": .property(\.tags),
        "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
    ]
}

private struct EPGeoOpt: Mappable {
    var lat: Double?
    var lon: Double?
    static let mapping: Mapping<EPGeoOpt> = ["geo": [0: .property(\.lat), 1: .property(\.lon)]]
}

@Suite struct EntryPointProbeDocumentedResults {
    @Test func readmeVideo() throws {
        let video = try EPVideo(json: [
            "videoURL": "https://cdn.example.com/v/1.mp4",
            "name": "Cats on ice",
            "videoType": "shortVideo",
            "sub_object": ["title": 42],
            "geo": [26.9792, 16.17893],
        ])
        #expect(
            "\(video.title ?? "no title") \(video.type ?? .live) \(video.uniqueID ?? 0) \(video.longitude)"
                == "Cats on ice shortVideo 42 16.17893")
        do {
            _ = try EPVideo(json: ["name": "Cats", "videoType": "hologram", "geo": [26.9792, "north"]])
            Issue.record("no error")
        } catch {
            #expect(
                "\(error)" == """
                    4 errors:
                    - videoURL → contentURL: value is missing [isRequired]
                    - name → title: 4 characters, expected 5...12; got "Cats" [lengthRange]
                    - videoType → type: not a EPVideoType; got "hologram" [type]
                    - geo[1] → longitude: a string, expected Double; got "north" [type]
                    """)
        }
    }

    @Test func readmeHeader() throws {
        var header = EPHeader()
        try Mapper.mapValues(fromJSON: #"{"name": "Cats", "sub_object": {"title": 7}}"#, to: &header, using: EPHeader.mapping)
        let feed = Data(#"[{"name": "Cats"}, {"sub_object": {"title": 7}}]"#.utf8)
        let batch = try Mapper.mapArray(fromJSON: feed, using: EPHeader.mapping) { EPHeader() }
        #expect(
            "\(header.title) \(header.uniqueID) \(batch.models.count) mapped, \(batch.failures.count) rejected"
                == "Cats 7 1 mapped, 1 rejected")
    }

    @Test func serializingArticle() throws {
        let edited = EPEpisode()
        try Mapper.mapValues(
            fromJSON: #"""
                {"id": 7, "name": "Cats", "videoURL": "https://cdn.example.com/v/7.mp4", "videoType": "shortVideo",
                 "published_at": "2010-12-09T07:14:08Z", "rating": null, "author": {"email": "kim@example.com"},
                 "tags": ["cats"], "geo": [26.9792, 16.17893], "views": 1200}
                """#, to: edited, using: EPEpisode.roundTrip)
        edited.title = "Cats, live"
        edited.kind = .live
        edited.tags.append("live")
        let compact = String(decoding: try Mapper.serializeJSON(edited, using: EPEpisode.roundTrip), as: UTF8.self)
        #expect(
            compact
                == #"{"id":7,"name":"Cats, live","videoURL":"https://cdn.example.com/v/7.mp4","videoType":"live","published_at":"2010-12-09T07:14:08.000Z","author":{"email":"kim@example.com"},"tags":["cats","live"],"geo":[26.9792,16.17893]}"#
        )
        let pretty = String(
            decoding: try Mapper.serializeJSON(edited, using: EPEpisode.roundTrip, options: [.prettyPrinted, .sortedKeys, .writingNulls]),
            as: UTF8.self)
        #expect(
            pretty.hasPrefix("{\n  \"author\": {\n    \"email\": \"kim@example.com\"\n  },\n  \"geo\": [\n    26.9792,\n    16.17893\n  ],")
        )
        #expect(pretty.contains("\n  \"rating\": null,\n"))
        #expect(pretty.hasSuffix("\n  \"videoURL\": \"https://cdn.example.com/v/7.mp4\"\n}"))
        // Index arrays with optionals, as the article states.
        func geo(_ lat: Double?, _ lon: Double?) throws -> String {
            String(decoding: try Mapper.serializeJSON(EPGeoOpt(lat: lat, lon: lon)), as: UTF8.self)
        }
        #expect(try geo(nil, 16.17893) == #"{"geo":[null,16.17893]}"#)
        #expect(try geo(26.9792, nil) == #"{"geo":[26.9792]}"#)
        #expect(try geo(nil, nil) == "{}")
        // Doubles in their shortest form, as listed.
        let doubles: [(Double, String)] = [
            (0.1, "0.1"), (100, "100.0"), (1e300, "1e+300"), (-0.0, "-0.0"), (Double.leastNonzeroMagnitude, "5e-324"),
        ]
        for (value, written) in doubles {
            #expect(try geo(value, nil) == #"{"geo":[\#(written)]}"#)
        }
    }

    @Test func modelsArticle() throws {
        let account = try Mapper.map(EPFrozen.self, from: ["id": 12, "name": "kim"])
        #expect(account.id == 12)
        // `record 2:` paths inside the record, and the all-or-nothing form's paths under the index.
        let text = #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 0, "name": 3}]"#
        let error = try #require(mappingError { _ = try Mapper.map([EPFrozen].self, fromJSON: text) })
        #expect(error.errors.map(\.path) == ["[2].id", "[2].name"])
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPFrozen.self)
        #expect(batch.failures.map { "record \($0.index): \($0.error.errors.map(\.path))" } == [#"record 2: ["id", "name"]"#])
    }
}

// MARK: - More top-level shapes and streaming arrays

@Suite struct EntryPointProbeStreaming {
    /// A malformed document after (or inside) a valid array: the whole call is one `json` error, never partial results.
    @Test(arguments: [
        #"[{"id": 1}, {"id": 2}] x"#, #"[{"id": 1}, {"id": 2},]"#, #"[{"id": 1}, {"id": 2}"#, #"[{"id": 1} {"id": 2}]"#,
        #"[{"id": 1}, {"id": 0}, {"id": 2,}]"#, #"[{"id": 0}, {"id": "\ud800"}]"#, "[{\"id\": 1}]\u{0}", #"[{"id": 1}, {"name": "ab"#,
        #"[{"id": 1}, {"id": 2}]]"#, #"[{"id": 1}, {"id": 2}] []"#, #"[{"id": 1}, nul]"#, #"[{"id": 1}, {"id": 1e400}]"#,
    ])
    func malformedArrayIsWhollyRefused(_ text: String) throws {
        let all = try #require(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) })
        #expect(all.errors.map(\.rule) == ["json"])
        #expect(all.errors.map(\.path) == [""])
        #expect(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: Data(text.utf8)) } == all)
        var warnings: [MappingWarning] = []
        #expect(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text, warnings: &warnings) } == all)
        let each = mappingError { _ = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self) }
        #expect(each == all)
        let created = mappingError { _ = try Mapper.mapArray(fromJSON: Data(text.utf8), using: EPItem.mapping) { EPItem() } }
        #expect(created == all)
        #expect(mappingError { _ = try Mapper.map([EPFrozen].self, fromJSON: text) }?.errors.map(\.rule) == ["json"])
    }

    /// Nesting: 100 levels of arrays is a `type` error at [0]; beyond 512 levels a `json` error.
    @Test func deeplyNestedTopLevelArrays() throws {
        let shallow = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let error = try #require(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: shallow) })
        #expect(error.errors.map(\.path) == ["[0]"])
        #expect(error.errors.map(\.rule) == ["type"])
        #expect(mappingError { _ = try Mapper.map([EPItem].self, from: parsed(shallow)) } == error)
        let batch = try Mapper.mapArray(fromJSON: Data(shallow.utf8), as: EPItem.self)
        #expect(batch.failures.map(\.index) == [0])
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        for run in [
            { _ = try Mapper.map([EPItem].self, fromJSON: deep) },
            { _ = try Mapper.mapArray(fromJSON: Data(deep.utf8), as: EPItem.self) },
            { _ = try Mapper.mapArray(fromJSON: Data(deep.utf8), using: EPItem.mapping) { EPItem() } },
            { _ = try Mapper.map(EPItem.self, fromJSON: deep) },
        ] as [() throws -> Void] {
            #expect(mappingError(run)?.errors.map(\.rule) == ["json"])
        }
    }

    /// An array of scalars where models are expected: one error per element, each at its index.
    @Test func arrayOfScalars() throws {
        let text = "[" + (0..<500).map { $0 % 2 == 0 ? "\($0)" : "\"s\($0)\"" }.joined(separator: ",") + ", null, true]"
        let error = try #require(mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) })
        #expect(error.errors.count == 502)
        #expect(error.errors.map(\.path) == (0..<502).map { "[\($0)]" })
        #expect(error.errors.allSatisfy { $0.rule == "type" })
        #expect(mappingError { _ = try Mapper.map([EPItem].self, from: parsed(text)) } == error)
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPItem.self)
        #expect(batch.failures.count == 502)
        let single = (parsed(text) as! [Any]).map { element in mappingError { _ = try Mapper.map(EPItem.self, from: element) } }
        #expect(batch.failures.map(\.error) == single.compactMap { $0 })
        #expect(error.errors.map(\.value) == single.map { $0?.errors.first?.value })
        #expect(error.errors.map(\.message) == single.map { $0?.errors.first?.message ?? "" })
    }

    /// Foundation containers and Swift literals as array sources agree.
    @Test func foundationAndLiteralArraySourcesAgree() throws {
        let literal: [Any] = [["id": 1, "name": "a"], ["id": 0], ["id": 2, "tags": ["x", 3]], NSNull()]
        let foundation = NSArray(array: [
            NSDictionary(dictionary: ["id": 1, "name": "a"]), NSDictionary(dictionary: ["id": 0]),
            NSDictionary(dictionary: ["id": 2, "tags": NSArray(array: ["x", 3])]), NSNull(),
        ])
        let text = #"[{"id": 1, "name": "a"}, {"id": 0}, {"id": 2, "tags": ["x", 3]}, null]"#
        let a = mappingError { _ = try Mapper.map([EPItem].self, from: literal) }
        let b = mappingError { _ = try Mapper.map([EPItem].self, from: foundation) }
        let c = mappingError { _ = try Mapper.map([EPItem].self, fromJSON: text) }
        #expect(a != nil)
        #expect(a == b)
        #expect(a == c)
        #expect(a?.errors.map(\.path) == ["[1].id", "[2].tags[1]", "[3]"])
        let optionals: [Any?] = [["id": 1], nil]
        let d = mappingError { _ = try Mapper.map([EPItem].self, from: optionals) }
        #expect(d?.errors.map(\.path) == ["[1]"])
    }

    /// SerializationOptions with bits the library does not define: no crash, the same as the known bits.
    @Test func unknownOptionBits() throws {
        let all: SerializationOptions = [.prettyPrinted, .sortedKeys, .writingNulls]
        let odd = SerializationOptions(rawValue: 0xFF)
        #expect(try Mapper.serializeJSON(EPSer(), options: odd) == Mapper.serializeJSON(EPSer(), options: all))
        let sparse = SerializationOptions(rawValue: 0xF8)
        #expect(try Mapper.serializeJSON(EPSer(), options: sparse) == Mapper.serializeJSON(EPSer()))
    }

    /// Large feeds serialize prettily and parse back with JSONSerialization.
    @Test func largeFeedSerializesAndParses() throws {
        let models = (0..<5_000).map {
            EPItem(
                id: $0 + 1, name: "n\($0)", score: $0 % 3 == 0 ? nil : Double($0) / 7, tags: ["t\($0 % 5)"], flag: $0 % 2 == 0,
                kind: $0 % 2 == 0 ? .alpha : .beta, views: $0)
        }
        for options: SerializationOptions in [[], [.prettyPrinted, .sortedKeys, .writingNulls]] {
            let data = try Mapper.serializeJSON(models, options: options)
            let foundation = try JSONSerialization.jsonObject(with: data) as! NSArray
            // JSONSerialization on Linux reads some doubles one ulp off (`13.428571428571429` as …27), so the scores
            // are compared within an ulp and the rest exactly.
            let objects = try Mapper.serialize(models, options: options)
            #expect(foundation.count == objects.count)
            for index in objects.indices {
                let parsedObject = foundation[index] as! [String: Any]
                var left = parsedObject
                var right = objects[index]
                let a = left.removeValue(forKey: "score") as? Double
                let b = right.removeValue(forKey: "score") as? Double
                #expect((left as NSDictionary) == (right as NSDictionary), "element \(index)")
                #expect((a == nil) == (b == nil))
                if let a, let b { #expect(abs(a - b) <= b.ulp * 2, "element \(index)") }
            }
            #expect(try Mapper.map([EPItem].self, fromJSON: data) == models)
            #expect(try Mapper.mapArray(fromJSON: data, as: EPItem.self).models == models)
            #expect(try JSONDecoder().decode([EPItem].self, from: data) == models)
        }
    }
}

// MARK: - The Codable bridge at the top level

@Suite struct EntryPointProbeCodableTopLevel {
    /// A top-level document that is not an object: the bridge refuses it as `map` does, as a DecodingError.
    @Test(arguments: ["42", "\"text\"", "true", "null", "[1]", "[]"])
    func nonObjectDocument(_ text: String) throws {
        let direct = try #require(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: text) })
        do {
            _ = try JSONDecoder().decode(EPItem.self, from: Data(text.utf8))
            Issue.record("decoded \(text)")
        } catch let error as DecodingError {
            #expect(error.mappingError?.errors.map(\.path) == direct.errors.map(\.path), "\(text): \(error)")
            #expect(error.mappingError?.errors.map(\.rule) == direct.errors.map(\.rule), "\(text): \(error)")
        }
    }

    /// Encoding through JSONEncoder writes what serializeJSON writes (compared as parsed objects), in arrays too.
    @Test func encoderAgreesWithSerialize() throws {
        let models = [EPItem(id: 1, name: "a", score: 0.1, tags: ["x"], flag: true, kind: .beta, views: 3), EPItem(id: 2, name: "b")]
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let viaEncoder = try JSONSerialization.jsonObject(with: encoder.encode(models)) as! NSArray
        let viaMapper = try JSONSerialization.jsonObject(with: Mapper.serializeJSON(models)) as! NSArray
        #expect(viaEncoder == viaMapper)
        #expect(try JSONDecoder().decode([EPItem].self, from: encoder.encode(models)) == models)
    }
}

// MARK: - Concurrent reads of one shared instance

@Suite struct EntryPointProbeSharedReads {
    /// validate and serialize only read their instance: many tasks at once on one shared instance agree with the
    /// serial answer, and the instance is unchanged.
    @Test func concurrentValidateAndSerializeOnOneInstance() async throws {
        let shared = EPShared()
        try Mapper.mapValues(
            fromJSON: #"{"id": 3, "name": "x", "geo": [1, 2], "inner": {"code": "ABC"}}"#, to: shared, using: EPShared.mapping)
        final class Holder: @unchecked Sendable {
            let value: EPShared
            init(_ value: EPShared) { self.value = value }
        }
        let holder = Holder(shared)
        let bad: [String: Any] = ["id": -1, "name": "", "geo": [1, "y"], "inner": ["code": "zz"]]
        let serialErrors = Mapper.validate(bad, for: shared, using: EPShared.mapping)
        let serialText = try Mapper.serializeJSON(shared, options: [.sortedKeys])
        let results = await withTaskGroup(of: ([ValidationError], Data?).self) { group in
            for _ in 0..<24 {
                group.addTask {
                    let source: [String: Any] = ["id": -1, "name": "", "geo": [1, "y"], "inner": ["code": "zz"]]
                    return (
                        Mapper.validate(source, for: holder.value, using: EPShared.mapping),
                        try? Mapper.serializeJSON(holder.value, options: [.sortedKeys])
                    )
                }
            }
            var all: [([ValidationError], Data?)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(serialErrors.map(\.path) == ["id", "name", "geo[1]", "inner.code"])
        for (errors, text) in results {
            #expect(errors == serialErrors)
            #expect(text == serialText)
        }
        #expect(shared.id == 3 && shared.name == "x" && shared.geoX == 1 && shared.geoY == 2 && shared.inner.code == "ABC")
        #expect(String(decoding: serialText, as: UTF8.self) == #"{"geo":[1.0,2.0],"id":3,"inner":{"code":"ABC"},"name":"x"}"#)
    }
}

// MARK: - Data slices and bridged inputs

@Suite struct EntryPointProbeDataSlices {
    /// A `Data` slice keeps its parent's indices: every Data entry point reads the slice, from its startIndex.
    @Test func slicesReadFromTheirStart() throws {
        let prefix = "[{\"id\": 999}] garbage "
        let object = Data((prefix + #"{"id": 3, "name": "abc"}"#).utf8)[prefix.utf8.count...]
        let array = Data((prefix + #"[{"id": 3}, {"id": 4}]"#).utf8)[prefix.utf8.count...]
        #expect(object.startIndex == prefix.utf8.count)
        #expect(try Mapper.map(EPItem.self, fromJSON: object).id == 3)
        var warnings: [MappingWarning] = []
        #expect(try Mapper.map(EPItem.self, fromJSON: object, warnings: &warnings).name == "abc")
        #expect(try Mapper.map([EPItem].self, fromJSON: array).map(\.id) == [3, 4])
        #expect(try Mapper.map([EPItem].self, fromJSON: array, warnings: &warnings).map(\.id) == [3, 4])
        #expect(try Mapper.mapArray(fromJSON: array, as: EPItem.self).models.map(\.id) == [3, 4])
        #expect(try Mapper.mapArray(fromJSON: array, using: EPItem.mapping) { EPItem() }.models.map(\.id) == [3, 4])
        var item = EPItem()
        try Mapper.mapValues(fromJSON: object, to: &item, using: EPItem.mapping)
        #expect(item.id == 3)
        let shared = EPShared()
        try Mapper.mapValues(fromJSON: object, to: shared, using: EPShared.mapping, warnings: &warnings)
        #expect(shared.id == 3)
        #expect(try JSONDecoder().decode(EPItem.self, from: object).id == 3)
        // A slice that cuts a document short is malformed, not read past its end.
        let cut = Data(#"{"id": 3}{"id": 4}"#.utf8)[0..<8]
        #expect(mappingError { _ = try Mapper.map(EPItem.self, fromJSON: cut) }?.errors.map(\.rule) == ["json"])
        let middle = Data(#"xx{"id": 5}yy"#.utf8)[2..<11]
        #expect(try Mapper.map(EPItem.self, fromJSON: middle).id == 5)
        // Substrings made into Strings, and NSString-bridged text.
        let text = "zzz" + #"{"id": 6}"#
        #expect(try Mapper.map(EPItem.self, fromJSON: String(text.dropFirst(3))).id == 6)
        #expect(try Mapper.map(EPItem.self, fromJSON: NSString(string: #"{"id": 7, "name": "é🎉"}"#) as String).name == "é🎉")
        #expect(try Mapper.map(EPItem.self, fromJSON: NSData(data: Data(#"{"id": 8}"#.utf8)) as Data).id == 8)
    }

    /// mapArray(using:create:) with a create that hands back one shared instance: each record is all or nothing on it.
    @Test func createReturningOneSharedInstance() throws {
        let shared = EPShared()
        let batch = try Mapper.mapArray(
            fromJSON: Data(#"[{"id": 1, "name": "a"}, {"id": -5, "name": "b"}, {"name": "c"}]"#.utf8), using: EPShared.mapping
        ) { shared }
        #expect(batch.failures.map(\.index) == [1])
        #expect(batch.models.count == 2)
        #expect(batch.models.allSatisfy { $0 === shared })
        #expect(shared.id == 1 && shared.name == "c")
    }
}

// MARK: - Unknown keys at the top level

private struct EPStrict: Mappable, Equatable {
    var id = 0
    var sub = 0
    static let mapping = Mapping<EPStrict>(
        unknownKeys: .warn,
        [
            "id": .property(\.id),
            "nested": ["sub": .property(\.sub)],
        ])
}

private struct EPStricter: Mappable, Equatable {
    var id = 0
    static let mapping = Mapping<EPStricter>(unknownKeys: .fail, ["id": .property(\.id)])
}

@Suite struct EntryPointProbeUnknownKeysEntryPoints {
    /// Unknown-key warnings agree between JSON text and the parsed tree (as sets: a dictionary has no order), under
    /// array indices for map([M]) and inside the record for mapArray.
    @Test func unknownKeyWarningsAgree() throws {
        let text = #"[{"id": 1, "x": 1, "nested": {"sub": 2, "y": [1]}}, {"id": 2}, {"z": null, "id": 3}]"#
        var fromText: [MappingWarning] = []
        var fromTree: [MappingWarning] = []
        let a = try Mapper.map([EPStrict].self, fromJSON: text, warnings: &fromText)
        let b = try Mapper.map([EPStrict].self, from: parsed(text), warnings: &fromTree)
        #expect(a == b)
        #expect(Set(fromText.map(\.path)) == ["[0].x", "[0].nested.y", "[2].z"])
        #expect(Set(fromText) == Set(fromTree))
        #expect(fromText.allSatisfy { $0.kind == .unknownKey })
        let batch = try Mapper.mapArray(fromJSON: Data(text.utf8), as: EPStrict.self)
        #expect(batch.warnings.map { Set($0.map(\.path)) } == [["x", "nested.y"], [], ["z"]])
        let failing = try #require(mappingError { _ = try Mapper.map([EPStricter].self, fromJSON: #"[{"id": 1}, {"id": 2, "q": 0}]"#) })
        #expect(failing.errors.map(\.path) == ["[1].q"])
        #expect(failing.errors.map(\.rule) == ["unknownKey"])
    }

    /// Duplicate unknown keys in JSON text: the parsed tree holds the key once; the text should warn about it once too.
    @Test func duplicateUnknownKeyWarnsOnce() throws {
        let text = #"{"id": 1, "x": 1, "x": 2}"#
        var fromText: [MappingWarning] = []
        var fromTree: [MappingWarning] = []
        _ = try Mapper.map(EPStrict.self, fromJSON: text, warnings: &fromText)
        _ = try Mapper.map(EPStrict.self, from: parsed(text), warnings: &fromTree)
        #expect(fromTree.map(\.path) == ["x"])
        #expect(fromText.map(\.path) == fromTree.map(\.path))
    }
}

// MARK: - Definition errors through every entry point

private struct EPBroken: Mappable, Equatable {
    var n = 0
    var m = 0.0
    static let mapping: Mapping<EPBroken> = [
        "n": .property(\.n).ifAbsent(.useDefault),  // `.useDefault` without `default:`
        "m": .property(\.m),
    ]
}

private struct EPFrozenBroken: ImmutableMappable, MappedDecodable {
    let id: Int
    static let mapping: Mapping<EPFrozenBroken> = ["id": .property(\.id).ifAbsent(.keep)]  // no current value to keep
    init(_ values: MappedValues<EPFrozenBroken>) throws { id = try values[\.id] }
}

extension EPBroken: MappedDecodable {}

private final class EPNoWayBack {
    var kind = "k"
    var ratio = Double.nan
    init() {}
    func parse(from text: String) -> String? { text }
    static let mapping: Mapping<EPNoWayBack> = [
        "kind": .call(EPNoWayBack.parse(from:), \.kind),
        "ratio": .property(\.ratio),
    ]
}

@Suite struct EntryPointProbeDefinitionErrors {
    /// A broken mapping is refused alone by every entry point, whatever the data (malformed, empty, not an array).
    @Test func everyEntryPointRefusesABrokenMapping() throws {
        #expect(!EPBroken.mapping.definitionErrors.isEmpty)
        let expected = EPBroken.mapping.definitionErrors
        var warnings: [MappingWarning] = []
        var model = EPBroken()
        let runs: [(String, () throws -> Void)] = [
            ("map {", { _ = try Mapper.map(EPBroken.self, fromJSON: "{") }),
            ("map 42", { _ = try Mapper.map(EPBroken.self, fromJSON: Data("42".utf8)) }),
            ("map good", { _ = try Mapper.map(EPBroken.self, from: ["n": 1, "m": 2.0], warnings: &warnings) }),
            ("map [] text", { _ = try Mapper.map([EPBroken].self, fromJSON: "[]") }),
            ("map [] data", { _ = try Mapper.map([EPBroken].self, fromJSON: Data("[".utf8)) }),
            ("map [] tree", { _ = try Mapper.map([EPBroken].self, from: [Any]()) }),
            ("mapArray as", { _ = try Mapper.mapArray(fromJSON: Data("[]".utf8), as: EPBroken.self) }),
            ("mapArray as tree", { _ = try Mapper.mapArray(from: 42, as: EPBroken.self) }),
            ("mapArray create", { _ = try Mapper.mapArray(fromJSON: Data("nope".utf8), using: EPBroken.mapping) { EPBroken() } }),
            ("mapArray create tree", { _ = try Mapper.mapArray(from: [Any](), using: EPBroken.mapping) { EPBroken() } }),
            ("mapValues", { try Mapper.mapValues(fromJSON: "", to: &model, using: EPBroken.mapping) }),
            ("mapValues warnings", { try Mapper.mapValues(from: ["m": "x"], to: &model, using: EPBroken.mapping, warnings: &warnings) }),
            ("serialize", { _ = try Mapper.serialize(EPBroken()) }),
            ("serializeJSON", { _ = try Mapper.serializeJSON(EPBroken(), options: .prettyPrinted) }),
            ("serialize []", { _ = try Mapper.serialize([EPBroken]()) }),
            ("serializeJSON []", { _ = try Mapper.serializeJSON([EPBroken]()) }),
            ("serializeJSON [m]", { _ = try Mapper.serializeJSON([EPBroken(), EPBroken()]) }),
        ]
        for (name, run) in runs {
            let error = mappingError(run)
            #expect(error?.errors == expected, "\(name): \(String(describing: error))")
        }
        #expect(Mapper.validate(["n": 1], as: EPBroken.self) == expected)
        #expect(Mapper.validate(nil, for: EPBroken(), using: EPBroken.mapping) == expected)
        #expect(warnings.isEmpty)
        #expect(model == EPBroken())
    }

    // A defect, fixed since: map(_:from:) (both kinds, with and without warnings:) and validate(_:as:) with a nil or null
    // source reported a data `type` error ("expected EPBroken, which is not optional; got null") instead of the mapping's
    // definition errors.
    @Test func brokenMappingWithNonDictionarySource() throws {
        let expected = EPBroken.mapping.definitionErrors
        for source in [nil, NSNull(), 42, "text", [1, 2]] as [Any?] {
            let label = String(describing: source)
            #expect(mappingError { _ = try Mapper.map(EPBroken.self, from: source) }?.errors == expected, "map from \(label)")
            var warnings: [MappingWarning] = []
            #expect(
                mappingError { _ = try Mapper.map(EPBroken.self, from: source, warnings: &warnings) }?.errors == expected,
                "map warnings from \(label)")
            #expect(Mapper.validate(source, as: EPBroken.self) == expected, "validate(as:) \(label)")
        }
        // The JSON text forms already refuse the mapping first.
        #expect(mappingError { _ = try Mapper.map(EPBroken.self, fromJSON: "null") }?.errors == expected)
        // The immutable kind, and the Codable bridge.
        let frozenExpected = EPFrozenBroken.mapping.definitionErrors
        #expect(!frozenExpected.isEmpty)
        #expect(mappingError { _ = try Mapper.map(EPFrozenBroken.self, from: ["id": 1]) }?.errors == frozenExpected)
        #expect(mappingError { _ = try Mapper.map(EPFrozenBroken.self, from: nil) }?.errors == frozenExpected, "immutable from nil")
        do {
            _ = try JSONDecoder().decode(EPBroken.self, from: Data("null".utf8))
            Issue.record("decoded null")
        } catch let error as MappingError {
            // Codable.md: a mapping with definition errors throws its MappingError itself, not a DecodingError.
            #expect(error.errors == expected)
        }
    }

    /// A call without a reverse is found in the mapping and reported once, for one model, an array, or none.
    @Test func noWayBackReportedOnce() throws {
        let one = try #require(mappingError { _ = try Mapper.serializeJSON(EPNoWayBack(), using: EPNoWayBack.mapping) })
        #expect(one.errors.map(\.path).contains("kind"))
        #expect(one.errors.allSatisfy { $0.rule == "serialize" })
        let many = try #require(mappingError { _ = try Mapper.serializeJSON([EPNoWayBack(), EPNoWayBack()], using: EPNoWayBack.mapping) })
        #expect(many.errors.filter { $0.path.hasSuffix("kind") }.map(\.path) == ["kind"])
        let none = try #require(mappingError { _ = try Mapper.serializeJSON([EPNoWayBack](), using: EPNoWayBack.mapping) })
        #expect(none.errors.map(\.path) == ["kind"])
        #expect(mappingError { _ = try Mapper.serialize([EPNoWayBack](), using: EPNoWayBack.mapping) } == none)
        #expect(mappingError { _ = try Mapper.serialize(EPNoWayBack(), using: EPNoWayBack.mapping) } == one)
    }
}

// MARK: - Concurrency through the locked DateFormatter path

private struct EPDay: Mappable, Equatable {
    var day: Date?
    var stamp: Date?
    static let mapping: Mapping<EPDay> = [
        "day": .box(.date(.format("EEEE, yyyy-MM-dd")), \.day),
        "stamp": .box(.date(.iso8601, .secondsSince1970), \.stamp),
    ]
}

@Suite struct EntryPointProbeConcurrentDates {
    /// `.format` patterns the fixed-width parser does not read use one DateFormatter behind a lock: many tasks at once
    /// get the serial answers, and serialize back the same text.
    @Test func lockedFormatterPatternsAgreeWithSerial() async throws {
        let days = [
            "Monday, 2024-01-01", "Tuesday, 2024-01-02", "Friday, 1999-12-31", "Sunday, 2000-02-27", "nonsense", "Monday, 2024-13-01",
        ]
        let texts = days.enumerated().map { index, day in #"{"day": "\#(day)", "stamp": \#(index * 86_400)}"# }
        let serial = texts.map { text in Result { () throws(MappingError) -> EPDay in try Mapper.map(EPDay.self, fromJSON: text) } }
        #expect(serial.filter { (try? $0.get()) != nil }.count == 4)
        let rounds = await withTaskGroup(of: [Result<EPDay, MappingError>].self) { group in
            for _ in 0..<12 {
                group.addTask {
                    var out: [Result<EPDay, MappingError>] = []
                    for _ in 0..<5 {
                        out = texts.map { text in Result { () throws(MappingError) -> EPDay in try Mapper.map(EPDay.self, fromJSON: text) }
                        }
                    }
                    return out
                }
            }
            var all: [[Result<EPDay, MappingError>]] = []
            for await round in group { all.append(round) }
            return all
        }
        for round in rounds {
            for (a, b) in zip(round, serial) {
                switch (a, b) {
                case let (.success(x), .success(y)): #expect(x == y)
                case let (.failure(x), .failure(y)): #expect(x == y)
                default: Issue.record("differs from serial")
                }
            }
        }
        let models = serial.compactMap { try? $0.get() }
        let text = String(decoding: try Mapper.serializeJSON(models), as: UTF8.self)
        #expect(text.contains(#""day":"Monday, 2024-01-01""#))
        #expect(try Mapper.map([EPDay].self, fromJSON: text) == models)
    }
}

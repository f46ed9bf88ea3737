import FeedModel
import Foundation
import PropertyMapper
import Testing

/// The behaviour suite's fixtures through the three ways in: a Swift literal, JSONSerialization's
/// output, and bytes through the library's reader. Models and error lists must be identical.
@Suite struct MapperJSONTests {
    /// Every fixture: the valid record, each feed defect, and records that probe types, shapes and nulls.
    static var fixtures: [(name: String, overrides: [String: Any])] {
        var fixtures: [(name: String, overrides: [String: Any])] = [("valid record", [:])]
        fixtures += Fixtures.feedDefects.map { ($0.name, $0.overrides) }
        fixtures += probes
        return fixtures
    }

    /// Records that probe types, shapes, nulls and text.
    static var probes: [(name: String, overrides: [String: Any])] {
        var probes: [(name: String, overrides: [String: Any])] = []
        probes.append(("null id", ["id": NSNull()]))
        probes.append(("id as a fraction", ["id": 1.5]))
        probes.append(("id as a whole double", ["id": 2.0]))
        probes.append(("id beyond Int64", ["id": UInt64.max]))
        probes.append(("id as a boolean", ["id": true]))
        probes.append(("id zero", ["id": 0]))
        probes.append(("rating null", ["rating": NSNull()]))
        probes.append(("rating absent", ["rating": Fixtures.absent]))
        probes.append(("is_premium as a number", ["is_premium": 1]))
        probes.append(("duration as a string", ["duration": "675"]))
        probes.append(("duration as an integer", ["duration": 675]))
        probes.append(("author absent", ["author": Fixtures.absent]))
        probes.append(("author null", ["author": NSNull()]))
        probes.append(("author as a string", ["author": "Romeo"]))
        probes.append(("author as an array", ["author": [1, 2, 3]]))
        probes.append(("author empty", ["author": [String: Any]()]))
        probes.append(
            ("author with extra keys", ["author": ["id": 7, "email": "a@b.cd", "display_name": "A", "x": [[1]]] as [String: Any]]))
        probes.append(("geo of one", ["geo": [1.5]]))
        probes.append(("geo of four", ["geo": [1.5, 2.5, 3.5, 4.5]]))
        probes.append(("geo as an object", ["geo": ["0": 1.0]]))
        probes.append(("geo with a string", ["geo": ["north", 2.0]]))
        probes.append(("geo with null", ["geo": [NSNull(), 2.0]]))
        probes.append(("geo empty", ["geo": [Any]()]))
        probes.append(("tags with a number", ["tags": ["a", 2, "c"]]))
        probes.append(("tags null", ["tags": NSNull()]))
        probes.append(("tags as a string", ["tags": "a"]))
        probes.append(("tags empty", ["tags": [String]()]))
        probes.append(("subtitle with escapes", ["subtitle": "line\none \"quoted\" \\ é 😀 \u{1}"]))
        probes.append(("name with a long text", ["name": String(repeating: "é", count: 81)]))
        probes.append(("stats as null", ["stats": NSNull()]))
        probes.append(
            (
                "stats with a big number",
                ["stats": ["views": Decimal(string: "123456789012345678901234567890")!, "likes": 1] as [String: Any]]
            ))
        probes.append(("unmapped deep subtree", ["extra": Self.nested(200)]))
        probes.append(("videoURL as a number", ["videoURL": 3]))
        probes.append(("published_at with fractional seconds", ["published_at": "2010-12-09T07:14:08.123Z"]))
        return probes
    }

    static func nested(_ depth: Int) -> Any {
        (0..<depth).reduce(["leaf": [1, "a", NSNull()]] as Any) { inner, _ in ["k": [inner, "x"], "a": [1, 2.5]] as [String: Any] }
    }

    @Test(arguments: fixtures.indices)
    func mapsEveryFixtureAlikeFromEverySource(index: Int) throws {
        let record = [String: Any].validRecord(Self.fixtures[index].overrides)
        let json = Data(try Fixtures.json(record).utf8)
        let parsed = try Fixtures.parsed(record)

        let fromLiteral = Self.outcome { try Mapper.mapValues(from: record, to: $0, using: Video.mapping) }
        let fromParsed = Self.outcome { try Mapper.mapValues(from: parsed, to: $0, using: Video.mapping) }
        let fromBytes = Self.outcome { try Mapper.mapValues(fromJSON: json, to: $0, using: Video.mapping) }
        #expect(fromBytes == fromParsed)
        // JSON text can change how a value renders (JSONSerialization writes -5.0 as -5), so against the
        // literal compare everything but the rendered value.
        #expect(fromBytes.ignoringValues == fromLiteral.ignoringValues)

        var parsedRecord = VideoRecord()
        var bytesRecord = VideoRecord()
        let parsedErrors = mappingErrorsOrNone { try Mapper.mapValues(from: parsed, to: &parsedRecord, using: VideoRecord.mapping) }
        let bytesErrors = mappingErrorsOrNone { try Mapper.mapValues(fromJSON: json, to: &bytesRecord, using: VideoRecord.mapping) }
        #expect(bytesErrors == parsedErrors)
        #expect(bytesRecord == parsedRecord)
    }

    @Test(arguments: Fixtures.feedDefects.indices)
    func eachFeedDefectGivesOneErrorFromBytes(index: Int) throws {
        let defect = Fixtures.feedDefects[index]
        let json = try Fixtures.json(.validRecord(defect.overrides))
        let video = Video()
        let before = video.snapshot
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: video, using: Video.mapping) }
        expectSingleError(errors, at: defect.path, rule: defect.rule)
        #expect(video.snapshot == before)
    }

    @Test func mapsABatchLikeTheParsedArray() throws {
        let records: [Any] = Self.fixtures.map { [String: Any].validRecord($0.overrides) }
        let json = Data(try Fixtures.jsonArray(records).utf8)
        let parsed = try Fixtures.parse(Fixtures.jsonArray(records))
        let fromBytes = try Mapper.mapArray(fromJSON: json, using: Video.mapping) { Video() }
        let fromParsed = try Mapper.mapArray(from: parsed, using: Video.mapping) { Video() }
        #expect(fromBytes.results.count == records.count)
        #expect(fromBytes.models.map(\.snapshot) == fromParsed.models.map(\.snapshot))
        #expect(fromBytes.failures.map(\.index) == fromParsed.failures.map(\.index))
        #expect(fromBytes.failures.map(\.error) == fromParsed.failures.map(\.error))
        #expect(fromBytes.failures.count == Self.fixtures.count - fromBytes.models.count)
    }

    @Test(arguments: ["[]", " [ ] ", "\u{FEFF}[]"])
    func mapsAnEmptyArray(json: String) throws {
        let batch = try Mapper.mapArray(fromJSON: Data(json.utf8), using: Video.mapping) { Video() }
        #expect(batch.results.isEmpty)
    }

    @Test(arguments: ["{\"id\": 1}", "3", "\"records\"", "null"])
    func rejectsADocumentThatIsNotAnArrayLikeTheParsedOne(json: String) throws {
        let fromBytes = mappingErrors { _ = try Mapper.mapArray(fromJSON: Data(json.utf8), using: Video.mapping) { Video() } }
        let fromParsed = mappingErrors { _ = try Mapper.mapArray(from: try Fixtures.parse(json), using: Video.mapping) { Video() } }
        expectSingleError(fromBytes, at: "", rule: "type")
        #expect(fromBytes == fromParsed)
    }

    @Test(arguments: ["[{}, 3, null, [1], \"x\"]"])
    func mapsElementsOfEveryKindLikeTheParsedArray(json: String) throws {
        let fromBytes = try Mapper.mapArray(fromJSON: Data(json.utf8), using: Video.mapping) { Video() }
        let fromParsed = try Mapper.mapArray(from: try Fixtures.parse(json), using: Video.mapping) { Video() }
        #expect(fromBytes.failures.map(\.error) == fromParsed.failures.map(\.error))
        #expect(fromBytes.failures.map(\.index) == [0, 1, 2, 3, 4])
    }

    /// Malformed JSON after valid records: one `json` error, no results.
    @Test(arguments: ["[RECORD, RECORD,]", "[RECORD, RECORD", "[RECORD] RECORD", "[RECORD, {\"id\": 01}]", "[RECORD, \"\\ud800\"]"])
    func rejectsAMalformedBatchAsAWhole(template: String) throws {
        let record = try Fixtures.json(.validRecord())
        let json = template.replacingOccurrences(of: "RECORD", with: record)
        let errors = mappingErrors { _ = try Mapper.mapArray(fromJSON: Data(json.utf8), using: Video.mapping) { Video() } }
        let error = expectSingleError(errors, at: "", rule: "json")
        #expect(error?.property == "")
        #expect(error?.value == nil)
    }

    /// Every proper prefix of a record: one `json` error, and the target untouched.
    @Test func rejectsATruncatedRecordAtEveryByteWithoutWriting() throws {
        let sample = Array(try JSONReaderTests.sampleDocument().utf8)
        let complete = Video()
        try Mapper.mapValues(fromJSON: Data(sample), to: complete, using: Video.mapping)
        #expect(complete.title == "Xray \"Romeo\" é😀 中")
        for length in 0..<sample.count {
            let video = Video()
            let before = video.snapshot
            let errors = mappingErrors { try Mapper.mapValues(fromJSON: Data(sample[..<length]), to: video, using: Video.mapping) }
            let error = expectSingleError(errors, at: "", rule: "json")
            #expect(error?.message.contains("at byte \(length)") == true, "prefix of \(length) bytes: \(String(describing: error))")
            #expect(video.snapshot == before)
        }
    }

    @Test func rejectsATruncatedBatchAtEveryByte() throws {
        let record = try Fixtures.json(.validRecord())
        let sample = Array("[\(record),\(record)]".utf8)
        #expect(try Mapper.mapArray(fromJSON: Data(sample), using: Video.mapping) { Video() }.models.count == 2)
        for length in 0..<sample.count {
            let errors = mappingErrors { _ = try Mapper.mapArray(fromJSON: Data(sample[..<length]), using: Video.mapping) { Video() } }
            expectSingleError(errors, at: "", rule: "json")
        }
    }

    @Test func rejectsDeepNestingWithoutOverflowingTheStack() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let record = try? Fixtures.json(.validRecord())
        for json in [
            "{\"extra\": \(deep), \"id\": 1}",  // unmapped: skipped
            "{\"tags\": \(deep)}",  // a field: built whole
            "{\"author\": \(deep)}",  // a nested mapping
            deep,
            "[\(record ?? ""), \(deep)]",
        ] {
            let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: Video(), using: Video.mapping) }
            let error = expectSingleError(errors, at: "", rule: "json")
            #expect(error?.message.contains("512") == true)
        }
    }

    @Test func takesTheLastOfDuplicateKeys() throws {
        let json = #"{"id": 5, "name": "first", "author": {"id": 1}, "id": 7, "author": {"id": 9, "email": "a@b.cd", "display_name": "B"}}"#
        let video = Video()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: json, to: video, using: Video.mapping) }
        let expected = Mapper.validate(try Fixtures.parse(json), for: Video(), using: Video.mapping)
        #expect(errors == expected)
        #expect(!errors.contains { $0.path.hasPrefix("author") })
        #expect(!errors.contains { $0.path == "id" })
    }

    // MARK: Helpers

    /// The snapshot of a freshly made model after mapping, or the errors.
    static func outcome(_ map: (Video) throws -> Void) -> MappingOutcome {
        let video = Video()
        do {
            try map(video)
            return .mapped(video.snapshot)
        } catch let error as MappingError {
            return .failed(error.errors, untouched: video.snapshot == Video().snapshot)
        } catch {
            return .failed([], untouched: false)
        }
    }

    enum MappingOutcome: Equatable {
        case mapped(VideoRecord)
        case failed([ValidationError], untouched: Bool)

        var ignoringValues: MappingOutcome {
            guard case let .failed(errors, untouched) = self else { return self }
            return .failed(
                errors.map { ValidationError(path: $0.path, property: $0.property, rule: $0.rule, value: nil, message: "") },
                untouched: untouched)
        }
    }
}

/// The errors `body` throws, or none.
func mappingErrorsOrNone(_ body: () throws -> Void) -> [ValidationError] {
    do {
        try body()
        return []
    } catch let error as MappingError {
        return error.errors
    } catch {
        return [ValidationError(path: "?", property: "?", rule: "unexpected", value: nil, message: "\(error)")]
    }
}

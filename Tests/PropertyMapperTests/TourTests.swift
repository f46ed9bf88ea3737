import Foundation
import Testing

/// The `tour` executable (`swift run tour`): its steps, its sample feed, and its handling of bad input.
@Suite struct TourTests {
    static let feedURL = Toolchain.packageRoot.appendingPathComponent("Sources/Tour/Resources/feed.json")

    @Test func runsFromAnyDirectoryAndExitsZero() throws {
        let run = try #require(TourRun.sample, "the tour did not run")
        #expect(run.status == 0)
        #expect(run.errorOutput.isEmpty)
        let headings = run.output.split(separator: "\n").filter { $0.first?.isNumber == true && $0.dropFirst().hasPrefix(". ") }
        #expect(headings.map { Int(String($0.prefix(1))) } == Array(1...9))
    }

    @Test func outputIsDeterministic() throws {
        let first = try #require(TourRun.sample)
        let second = try Toolchain.run(try #require(Toolchain.tour), [])
        #expect(second.output == first.output)
    }

    @Test func validationStepListsEveryDefectAndKeepsTheOldValues() throws {
        let lines = try Self.section(5)
        let header = try #require(lines.firstIndex { $0.hasPrefix("  PATH ") })
        let rows = lines[(header + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { $0[0] } == ["id", "videoURL", "name", "published_at", "rating", "author.email"])
        #expect(rows.map { $0[2] } == ["type", "isRequired", "lengthRange", "box(Date)", "range", "matchesRegEx"])
        let before = try #require(lines.firstIndex(of: "a valid record mapped:"))
        let after = try #require(lines.firstIndex(of: "the model after the failed mapping:"))
        #expect(lines[(before + 1)...(before + 6)].elementsEqual(lines[(after + 1)...(after + 6)]))
        #expect(lines[before + 3].contains("\"Xray Romeo\""))
    }

    @Test func feedStepCountsWhatAnIndependentCheckFinds() throws {
        let records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.feedURL)) as? [[String: Any]])
        let expected = records.compactMap(Self.defectRule)
        let lines = try Self.section(6)
        #expect(lines.contains("feed.json: \(records.count) records"))
        #expect(try Self.count(named: "mapped", in: lines) == records.count - expected.count)
        #expect(try Self.count(named: "rejected", in: lines) == expected.count)

        let header = try #require(lines.firstIndex { $0.hasPrefix("  RULE ") })
        let rows = lines[(header + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ").map(String.init) }
        let printed = Dictionary(uniqueKeysWithValues: rows.map { ($0[0], Int($0[1]) ?? -1) })
        #expect(printed == Dictionary(expected.map { ($0, 1) }, uniquingKeysWith: +))
        #expect(lines.filter { $0.hasPrefix("record ") }.count == 3)
    }

    @Test func modelsStepMapsEachRepositoryAndNamesNestedPaths() throws {
        let url = Toolchain.packageRoot.appendingPathComponent("Sources/Tour/Resources/repos.json")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        let lines = try Self.section(8)
        #expect(lines.contains("repos.json: \(records.count) repositories"))
        #expect(try Self.count(named: "mapped", in: lines) == records.count - 1)
        #expect(try Self.count(named: "rejected", in: lines) == 1)
        let names = records.compactMap { $0["name"] as? String }.filter { $0 != "octo-internal" }
        #expect(names.allSatisfy { name in lines.contains { $0.hasPrefix("  \(name) ") } })
        #expect(lines.contains { $0.hasPrefix("  Spoon-Knife ") && $0.contains(" nil ") }, "a null license is nil")

        let header = try #require(lines.firstIndex { $0.hasPrefix("  PATH ") })
        #expect(lines[header - 1] == "record 3: 6 errors")
        let rows = lines[(header + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { $0[0] } == ["owner.login", "owner.id", "license.name", "topics[1]", "visibility", "pushed_at"])
        #expect(rows.map { $0[1] } == ["owner.login", "owner.id", "license.name", "topics", "visibility", "pushedAt"])
        #expect(rows.map { $0[2] } == ["isRequired", "type", "type", "type", "type", "box(Date)"])
        #expect(lines.contains("Mapper.map([Repo].self, fromJSON:) throws 6 errors, the first at [3].owner.login"))
    }

    @Test func serializingStepWritesTheEditedRecordBackAndReportsACallWithoutReverse() throws {
        let records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.feedURL)) as? [[String: Any]])
        let valid = records.filter { Self.defectRule($0) == nil }
        var edited = try #require(valid.first)
        edited["name"] = "\(edited["name"] as? String ?? "") (remastered)"
        edited["videoType"] = "longVideo"
        edited["rating"] = 5
        edited["tags"] = (edited["tags"] as? [String] ?? []) + ["remastered"]
        let lines = try Self.section(9)

        // Compact: the edited record, keys in mapping order, the null subtitle left out.
        let compactHeader = try #require(lines.firstIndex { $0.hasPrefix("Mapper.serializeJSON(video, using: Video.mapping), ") })
        let compact = lines[compactHeader + 1]
        #expect(lines[compactHeader] == "Mapper.serializeJSON(video, using: Video.mapping), \(compact.utf8.count) bytes:")
        #expect(try Self.parsed(compact) == Self.parsed(edited.filter { !($0.value is NSNull) }))
        let keys = ["id", "videoURL", "name", "videoType", "published_at", "duration", "is_premium", "rating", "author", "tags", "geo", "stats"]
        let offsets = try keys.map { key in try #require(compact.range(of: "\"\(key)\":")?.lowerBound) }
        #expect(offsets == offsets.sorted(), "keys in mapping order")

        // Pretty, sorted, with nulls: the same record, the subtitle as null.
        let prettyHeader = try #require(lines.firstIndex(of: "options: [.prettyPrinted, .sortedKeys, .writingNulls]:"))
        let prettyEnd = try #require(lines[prettyHeader...].firstIndex(of: "}"))
        let pretty = lines[(prettyHeader + 1)...prettyEnd]
        #expect(try Self.parsed(pretty.joined(separator: "\n")) == Self.parsed(edited))
        let topKeys = pretty.filter { $0.hasPrefix("  \"") }.map { $0.dropFirst(3).prefix { $0 != "\"" } }
        #expect(topKeys.count == edited.count && topKeys == topKeys.sorted())

        // The round trip, for the record and for the whole feed.
        #expect(lines.contains("mapped back and serialized again: the same \(compact.utf8.count) bytes"))
        #expect(lines.contains { $0.hasPrefix("  serialized   \(valid.count) records, ") })
        #expect(lines.contains("  mapped back  \(valid.count) records, 0 rejected"))

        // The call without reverse: is one serialize error; marked .oneWay(), the field is left out.
        let header = try #require(lines.firstIndex { $0.hasPrefix("  PATH ") })
        #expect(lines[header - 1] == "without reverse: 1 error")
        let rows = lines[(header + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { Array($0.prefix(3)) } == [["videoType", "type", "serialize"]])
        #expect(lines.contains("with .oneWay(): {\"id\":\(edited["id"] as? Int ?? 0)}"))
    }

    @Test func mapsAFeedGivenOnTheCommandLine() throws {
        let directory = try Toolchain.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feed = directory.appendingPathComponent("small-feed.json")
        try Data(Fixtures.jsonArray([[String: Any].validRecord(), .validRecord(["rating": 9])]).utf8).write(to: feed)

        let run = try Toolchain.run(try #require(Toolchain.tour), [feed.path])
        #expect(run.status == 0, "\(run.errorOutput)")
        let lines = Self.section(6, of: run.output)
        #expect(lines.contains("small-feed.json: 2 records"))
        #expect(try Self.count(named: "mapped", in: lines) == 1)
        #expect(try Self.count(named: "rejected", in: lines) == 1)
    }

    enum BadInput: String, CaseIterable {
        case missingFile, directory, notJSON, notAnArray, twoFiles, unknownOption
    }

    @Test(arguments: BadInput.allCases)
    func rejectsBadInputWithAMessageAndNonZeroExit(input: BadInput) throws {
        let directory = try Toolchain.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("input.json")
        let arguments: [String]
        switch input {
        case .missingFile:
            arguments = [file.path]
        case .directory:
            arguments = [directory.path]
        case .notJSON:
            try Data("videoURL = not json".utf8).write(to: file)
            arguments = [file.path]
        case .notAnArray:
            try Data(Fixtures.json(.validRecord()).utf8).write(to: file)
            arguments = [file.path]
        case .twoFiles:
            try Data("[]".utf8).write(to: file)
            arguments = [file.path, file.path]
        case .unknownOption:
            arguments = ["--verbose"]
        }

        let run = try Toolchain.run(try #require(Toolchain.tour), arguments)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.hasPrefix("tour: "))
        if arguments.count == 1, arguments[0].hasPrefix("/") {
            #expect(run.errorOutput.contains(arguments[0]), "the message names the file")
        }
    }

    /// The rule of a feed record's one defect, judged from the raw JSON without the library; nil when valid.
    static func defectRule(_ record: [String: Any]) -> String? {
        let email = (record["author"] as? [String: Any])?["email"] as? String ?? ""
        if record["id"] is String { return "type" }
        if record["videoURL"] == nil { return "isRequired" }
        if let name = record["name"] as? String, name.count > 80 { return "lengthRange" }
        if let type = record["videoType"] as? String, !["shortVideo", "longVideo", "live"].contains(type) { return "call" }
        if record["published_at"] as? String == "yesterday" { return "box(Date)" }
        if let duration = record["duration"] as? Double, duration < 0 { return "range" }
        if let rating = record["rating"] as? Int, rating == 9 { return "range" }
        if !email.contains("@") { return "matchesRegEx" }
        return nil
    }

    /// JSON text as JSONSerialization reads it, for comparing JSON values of any source.
    static func parsed(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    /// A dictionary written by JSONSerialization and read back, so that it compares with `parsed(_:)` text.
    static func parsed(_ object: [String: Any]) throws -> NSDictionary {
        try parsed(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    /// The lines of step `step` in the tour's output on its sample feed.
    static func section(_ step: Int) throws -> [String] {
        section(step, of: try #require(TourRun.sample).output)
    }

    static func section(_ step: Int, of output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("\(step). ") }) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("\(step + 1). ") || $0.hasPrefix("End of the tour") }
        return Array(lines[start..<(end ?? lines.endIndex)])
    }

    /// The number in a `  mapped    176` line.
    static func count(named name: String, in lines: [String]) throws -> Int {
        let line = try #require(lines.first { $0.hasPrefix("  \(name) ") })
        return try #require(line.split(separator: " ").last.flatMap { Int($0) })
    }
}

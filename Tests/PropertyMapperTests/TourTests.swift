import Foundation
import Testing

/// The `tour` executable (`swift run tour`): its steps, its sample feed, and its handling of bad input.
@Suite struct TourTests {
    static let feedURL = Toolchain.packageRoot.appendingPathComponent("Sources/Tour/Resources/feed.json")

    @Test func runsFromAnyDirectoryAndExitsZero() throws {
        let run = try #require(TourRun.sample, "the tour did not run")
        #expect(run.status == 0)
        #expect(run.errorOutput.isEmpty)
        let headings = run.output.split(separator: "\n").compactMap { line -> Int? in
            let number = line.prefix { $0.isNumber }
            return line.dropFirst(number.count).hasPrefix(". ") ? Int(number) : nil
        }
        #expect(headings == Array(1...10))
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
        let keys = [
            "id", "videoURL", "name", "videoType", "published_at", "duration", "is_premium", "rating", "author", "tags", "geo", "stats",
        ]
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

    @Test func policiesStepMapsTheMessyPayloadWithItsWarningsAndWritesNothingOnFailure() throws {
        let lines = try Self.section(10)
        #expect(lines.contains("the trip as the app last saw it: gate \"B12\", terminal \"1\""))

        // The payload's quirks, each read by its policy.
        let mapped = try Self.rows(after: "the partner's payload, mapped onto the trip:", in: lines)
        #expect(mapped["id"] == "1042", "a string id, read leniently")
        #expect(mapped["confirmationCode"] == "\"K7XQ2M\"", "read from the alternative key pnr")
        #expect(mapped["flightNumber"] == "\"TP1350\"", "flight_number read by flightNumber")
        #expect(mapped["departsAt"] == "2026-05-14T06:25:00Z")
        #expect(mapped["arrivesAt"] == "2026-05-14T09:40:00Z")
        #expect(mapped["status"] == "unknown", "the fallback for a status the enum does not know")
        #expect(mapped["checkedBags"] == "0", "the default for an absent key")
        #expect(mapped["gate"] == "\"B12\"", "null keeps the gate")
        #expect(mapped["terminal"] == "nil", "absent sets the terminal to nil")
        #expect(mapped["passengers"] == "[\"Ana Lima\", \"Rui Lima\"]", "the passenger without a name dropped")
        #expect(mapped["documents"] == "[\"boarding pass of Ana Lima\", \"receipt for 412.8 EUR\"]", "each by its type")
        #expect(mapped["manageURL"] == "https://partner.example/trips/K7XQ2M")

        // One warning for each value the data did not give outright: its path first, its kind last.
        let warningsHeader = try #require(lines.firstIndex(of: "5 warnings:"))
        let warnings = lines[(warningsHeader + 1)...].prefix { $0.hasPrefix("  ") }
        #expect(
            warnings.map { $0.dropFirst(2).prefix { $0 != " " && $0 != ":" } } == [
                "id", "status", "checkedBags", "passengers[1]", "tracking_id",
            ])
        #expect(
            warnings.map { $0.split(separator: " ").last } == [
                "[coerced]", "[fallbackUsed]", "[defaultUsed]", "[elementDropped]", "[unknownKey]",
            ])

        // The broken payload: the ambiguous key and the rule across two fields, both reported.
        let header = try #require(lines.firstIndex { $0.hasPrefix("  PATH ") })
        #expect(lines[header - 1] == "a payload with two defects: 2 errors")
        let columns = try ["PATH", "PROPERTY", "RULE", "VALUE"].map { name in
            try #require(lines[header].range(of: name)).lowerBound.utf16Offset(in: lines[header])
        }
        let errors = lines[(header + 1)...].prefix { $0.hasPrefix("  ") }.map { row in
            zip(columns, columns.dropFirst()).map { start, end in
                String(row.dropFirst(start).prefix(end - start)).trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(
            errors == [
                ["flightNumber", "flightNumber", "ambiguousKey"],
                ["", "", "arrivesAfterDeparture"],
            ])

        // Nothing written, no warnings handed back: the trip reads as before, gate and status included.
        #expect(lines.contains("warnings handed back by the failed mapping: 0"))
        let after = try Self.rows(after: "the trip after the failed mapping:", in: lines)
        #expect(after == mapped)
        #expect(after.count == 12)
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

    /// The `  name  value` rows that follow the line `title`, as name → value.
    static func rows(after title: String, in lines: [String]) throws -> [String: String] {
        let start = try #require(lines.firstIndex(of: title), "no line \(title)")
        let rows = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { row in
            let text = row.dropFirst(2)
            let name = text.prefix { $0 != " " }
            return (String(name), String(text.dropFirst(name.count).drop { $0 == " " }))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// The number in a `  mapped    176` line.
    static func count(named name: String, in lines: [String]) throws -> Int {
        let line = try #require(lines.first { $0.hasPrefix("  \(name) ") })
        return try #require(line.split(separator: " ").last.flatMap { Int($0) })
    }
}

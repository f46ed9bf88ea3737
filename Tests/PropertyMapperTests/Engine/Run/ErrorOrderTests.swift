import FeedModel
import Foundation
import PropertyMapper
import Testing

extension Fixtures {
    /// The paths of the feed defects in `Video.mapping` declaration order.
    static let feedDefectPathsInMappingOrder = [
        "id", "videoURL", "name", "videoType", "published_at", "duration", "rating", "author.email",
    ]

    /// Every override of `feedDefects` at once.
    static var allFeedDefects: [String: Any] {
        feedDefects.reduce(into: [:]) { overrides, defect in overrides.merge(defect.overrides) { _, new in new } }
    }
}

/// A form whose keys are declared neither alphabetically nor in any source order.
struct Form: Equatable {
    var a = 0, b = 0, c = 0, d = 0, e = 0
    var small: UInt8 = 0
    var list: [Int] = []
    var counts: [String: Int] = [:]

    static let mapping: Mapping<Form> = [
        "zulu": .property(\.a).min(10),
        "group": [
            "x": .property(\.b).min(10),
            "inner": ["y": .property(\.c).min(10)],
            "w": .property(\.d).min(10),
        ],
        "list": .property(\.list),
        "alpha": .property(\.e).min(10).max(0).validate("isEven") { (number: Int) in number.isMultiple(of: 2) },
        "counts": .property(\.counts),
    ]
}

@Suite struct ErrorOrderTests {
    @Test func allEightFeedDefectsGiveEightErrorsInMappingOrder() throws {
        let overrides = Fixtures.allFeedDefects
        let expectedRules = Fixtures.feedDefectPathsInMappingOrder.map { path in
            Fixtures.feedDefects.first { $0.path == path }!.rule
        }
        for record in [[String: Any].validRecord(overrides), try Fixtures.parsed(.validRecord(overrides))] {
            let video = Video.preset
            let classErrors = mappingErrors { try Mapper.mapValues(from: record, to: video, using: Video.mapping) }
            #expect(classErrors.map(\.path) == Fixtures.feedDefectPathsInMappingOrder)
            #expect(classErrors.map(\.rule) == expectedRules)
            #expect(classErrors.first { $0.path == "videoType" }?.rule == "call")
            #expect(VideoRecord(video) == VideoRecord.preset)

            var target = VideoRecord.preset
            let structErrors = mappingErrors { try Mapper.mapValues(from: record, to: &target, using: VideoRecord.mapping) }
            #expect(structErrors == classErrors)
            #expect(target == VideoRecord.preset)
        }
    }

    @Test func oneBadFieldNeverHidesAnother() throws {
        let defects = Fixtures.feedDefects
        let rank = { (path: String) in Fixtures.feedDefectPathsInMappingOrder.firstIndex(of: path)! }
        for first in defects.indices {
            for second in defects.indices where second > first {
                let overrides = defects[first].overrides.merging(defects[second].overrides) { _, new in new }
                let expected = [defects[first].path, defects[second].path].sorted { rank($0) < rank($1) }
                for record in [[String: Any].validRecord(overrides), try Fixtures.parsed(.validRecord(overrides))] {
                    let errors = mappingErrors { _ = try Video(json: record) }
                    #expect(errors.map(\.path) == expected, "\(defects[first].name) + \(defects[second].name)")
                }
            }
        }
    }

    @Test func errorsComeDepthFirstInDeclarationOrder() throws {
        let json = #"""
            {"counts": {"b": "x", "a": 1.5}, "alpha": 3, "list": [1, "x", 2, "y"],
             "group": {"w": 1, "inner": {"y": 1}, "x": 1}, "zulu": 1}
            """#
        for source in [try Fixtures.parse(json), Self.literalRecord] {
            var form = Form()
            let errors = mappingErrors { try Mapper.mapValues(from: source, to: &form, using: Form.mapping) }
            #expect(
                errors.map(\.path) == [
                    "zulu", "group.x", "group.inner.y", "group.w", "list[1]", "list[3]", "alpha", "alpha", "alpha",
                    "counts.a", "counts.b",
                ])
            #expect(errors.map(\.rule) == ["min", "min", "min", "min", "type", "type", "min", "max", "isEven", "type", "type"])
            #expect(errors.map(\.property) == ["a", "b", "c", "d", "list", "list", "e", "e", "e", "counts", "counts"])
            #expect(form == Form())
        }
    }

    @Test func listErrorsComeInListOrderAfterTheListsOwnValidators() {
        let mapping: Mapping<Form> = [
            "n": .list(.property(\.a).min(10), .property(\.small), .property(\.b).max(-10)),
            "m": .list(.property(\.c), .property(\.d)).validate("isEven") { (number: Int) in number.isMultiple(of: 2) },
        ]
        #expect(mapping.definitionErrors.isEmpty)
        var form = Form()
        let errors = mappingErrors { try Mapper.mapValues(from: ["n": -3, "m": 5] as [String: Any], to: &form, using: mapping) }
        #expect(errors.map(\.path) == ["n", "n", "n", "m"])
        #expect(errors.map(\.rule) == ["min", "type", "max", "isEven"])  // -3 is out of UInt8's range
        #expect(errors.map(\.property) == ["a", "small", "b", "c, d"])
        #expect(form == Form())
    }

    @Test func pathsAreFullAndQuotedWhereNeeded() {
        let mapping: Mapping<Form> = [
            "author": ["e.mail": .property(\.a), "first name": .property(\.b), "": .property(\.c)],
            "a.b": [2: .property(\.d)],
        ]
        let record: [String: Any] = ["author": ["e.mail": "x", "first name": "y", "": "z"], "a.b": [0, 1, "two"]]
        var form = Form()
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: &form, using: mapping) }
        #expect(errors.map(\.path) == [#"author["e.mail"]"#, #"author["first name"]"#, #"author[""]"#, #"["a.b"][2]"#])
    }

    /// The same record as a Swift literal (not through JSONSerialization's own types).
    private static var literalRecord: [String: Any] {
        [
            "counts": ["b": "x", "a": 1.5] as [String: Any],
            "alpha": 3,
            "list": [1, "x", 2, "y"] as [Any],
            "group": ["w": 1, "inner": ["y": 1], "x": 1] as [String: Any],
            "zulu": 1,
        ]
    }
}

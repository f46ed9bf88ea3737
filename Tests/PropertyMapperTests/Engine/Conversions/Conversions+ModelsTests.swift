import Foundation
import Testing

@testable import PropertyMapper

/// The conversions of a model graph's types: a nested model (read from a dictionary or, when its
/// mapping reads indices, an array), its warnings, and sets.
@Suite struct ModelConversionTests {
    struct Point: Mappable, Equatable {
        var x = 0.0
        var y = 0.0
        static let mapping: Mapping<Point> = [0: .property(\.x), 1: .property(\.y).min(0)]
    }

    struct Place: Mappable {
        var point = Point()
        var points: [Point] = []
        var tags: Set<String> = []
        static let mapping: Mapping<Place> = ["point": .property(\.point), "points": .property(\.points), "tags": .property(\.tags)]
    }

    @Test func aSetFromAValueThatIsNotAnArrayNamesTheSet() throws {
        let errors = Mapper.validate(["tags": "a"], as: Place.self)
        #expect(errors.map(\.path) == ["tags"])
        guard case .failure(.typeMismatch(found: .string, expected: "Set<String>")) = errors.first?.reason else {
            Issue.record("expected a type mismatch naming Set<String>, got \(String(describing: errors.first?.reason))")
            return
        }
    }

    @Test func aModelWhoseMappingReadsIndicesIsReadFromAnArray() throws {
        let place = try Mapper.map(Place.self, fromJSON: #"{"point": [1.5, 2.5], "points": [[0, 0], [3, 4]]}"#)
        #expect(place.point == Point(x: 1.5, y: 2.5))
        #expect(place.points == [Point(x: 0, y: 0), Point(x: 3, y: 4)])
    }

    @Test func aNestedModelsErrorsKeepTheirIndexPaths() {
        let errors = Mapper.validate(["point": [1, -1], "points": [[0, 0], [1, "x"]]], as: Place.self)
        #expect(errors.map(\.path) == ["point[1]", "points[1][1]"])
        #expect(errors.map(\.rule) == ["min", "type"])
        #expect(errors.map(\.property) == ["point.y", "points[1].y"])
    }

    @Test func setsCollapseRepeatsAndReportEachBadElement() throws {
        #expect(try Mapper.map(Place.self, from: ["tags": ["a", "b", "a"]]).tags == ["a", "b"])
        let errors = Mapper.validate(["tags": ["a", 1, "b", true]], as: Place.self)
        #expect(errors.map(\.path) == ["tags[1]", "tags[3]"])
        let whole = Mapper.validate(["tags": "a"], as: Place.self)
        expectSingleError(whole, at: "tags", rule: "type")
    }

    @Test func setsAndIndexModelsWriteBack() throws {
        var place = Place()
        place.point = Point(x: 1, y: 2)
        place.tags = ["only"]
        let written = try Mapper.serialize(place)
        #expect(written["point"] as? [Double] == [1, 2])
        #expect(written["tags"] as? [String] == ["only"])
    }
}

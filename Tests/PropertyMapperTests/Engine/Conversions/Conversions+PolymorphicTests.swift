import Foundation
import PropertyMapper
import Testing

/// The polymorphic conversion's edges: what is not a dictionary, tags that only look right, and values
/// of a type none of the tags names.
@Suite struct PolymorphicConversionTests {
    protocol Shape: Sendable {}

    struct Circle: Mappable, Shape, Equatable {
        var radius = 0.0
        static let mapping: Mapping<Circle> = ["r": .property(\.radius)]
    }

    struct Square: Mappable, Shape, Equatable {
        var side = 0.0
        static let mapping: Mapping<Square> = ["side": .property(\.side)]
    }

    struct Triangle: Shape {}

    struct Drawing: Mappable {
        var main: any Shape = Circle()
        var others: [any Shape] = []
        static let mapping: Mapping<Drawing> = [
            "main": .polymorphic(\.main, on: "shape", ["circle": Circle.self, "square": Square.self]),
            "others": .polymorphic(\.others, on: "shape", ["circle": Circle.self, "square": Square.self]),
        ]
    }

    @Test func aValueThatIsNotADictionaryIsOneTypeError() {
        for value: Any in ["circle", 3, ["circle"], NSNull()] {
            let errors = Mapper.validate(["main": value], as: Drawing.self)
            expectSingleError(errors, at: "main", rule: "type")
        }
    }

    @Test func tagsCompareExactly() {
        for tag in ["Circle", "circle ", "CIRCLE", ""] {
            let errors = Mapper.validate(["main": ["shape": tag, "r": 1]], as: Drawing.self)
            expectSingleError(errors, at: "main.shape", rule: "discriminator")
        }
    }

    @Test func eachElementChoosesItsOwnType() throws {
        let json = #"{"main": {"shape": "square", "side": 2}, "others": [{"shape": "circle", "r": 1}, {"shape": "square", "side": 3}]}"#
        let drawing = try Mapper.map(Drawing.self, fromJSON: json)
        #expect(drawing.main as? Square == Square(side: 2))
        #expect(drawing.others.map { $0 is Circle } == [true, false])
        let errors = Mapper.validate(["others": [["shape": "circle", "r": 1], ["side": 3]]], as: Drawing.self)
        expectSingleError(errors, at: "others[1].shape", rule: "discriminator")
    }

    @Test func serializingAValueOfATypeNoTagNamesIsAnError() {
        var drawing = Drawing()
        drawing.others = [Circle(radius: 1), Triangle()]
        let error = #expect(throws: MappingError.self) { try Mapper.serialize(drawing) }
        #expect(error?.errors.map(\.path) == ["others[1]"])
        #expect(error?.errors.map(\.rule) == ["serialize"])
    }
}

import Foundation
import PropertyMapper
import Testing

private protocol Dependency: AnyObject {
    var flag: Bool { get }
}

private final class AnonymousDependency: Dependency {
    let flag: Bool
    init(flag: Bool) { self.flag = flag }
}

private final class ConcreteDependency: Dependency {
    let flag: Bool
    init(flag: Bool) { self.flag = flag }
}

private final class Sample {
    var text = "preset"
    var optionalText: String? = "preset"
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var optionalInt: Int? = 7
    var double = 0.0
    var float: Float = 0
    var flag = false
    var optionalFlag: Bool? = true
    var decimal: Decimal = 0
    var strings: [String] = []
    var optionalStrings: [String?] = []
    var ints: [Int] = []
    var grid: [[Int]] = []
    var counts: [String: Int] = [:]
    var describable: (any CustomStringConvertible)?
    var dependency: (any Dependency)?
    var concrete: ConcreteDependency?
    var anything: Any = "preset"
    var optionalAnything: Any? = "preset"
    var list: [Any] = []
    var object: [String: Any] = [:]
    var position = Position()
    var coords = [0.0, 0.0]
}

private struct Position {
    var x = 0.0
    var y = 0.0
}

/// One property of a generic type, for checking every integer type the same way.
private final class Holder<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

@Suite private struct PropertyTests {
    // MARK: Strings and numbers

    @Test(arguments: SourceForm.allCases)
    func mapsStringIntoString(source: SourceForm) throws {
        let sample = Sample()
        try Mapper.mapValues(from: source(["text": "Xray Romeo"]), to: sample, using: ["text": .property(\.text)])
        #expect(sample.text == "Xray Romeo")
    }

    @Test(arguments: SourceForm.allCases)
    func mapsIntegerIntoEveryIntegerType(source: SourceForm) throws {
        let mapping: Mapping<Sample> = [
            "int": .property(\.int), "int8": .property(\.int8), "int16": .property(\.int16),
            "int32": .property(\.int32), "int64": .property(\.int64), "uint": .property(\.uint),
            "uint8": .property(\.uint8), "uint16": .property(\.uint16), "uint32": .property(\.uint32),
            "uint64": .property(\.uint64),
        ]
        let keys = ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64"]
        let record = Dictionary(uniqueKeysWithValues: keys.map { ($0, 42 as Any) })
        let sample = Sample()
        try Mapper.mapValues(from: source(record), to: sample, using: mapping)
        #expect(sample.int == 42 && sample.int8 == 42 && sample.int16 == 42 && sample.int32 == 42 && sample.int64 == 42)
        #expect(sample.uint == 42 && sample.uint8 == 42 && sample.uint16 == 42 && sample.uint32 == 42 && sample.uint64 == 42)
    }

    @Test func acceptsEachIntegerTypesBounds() throws {
        try expectBoundsAccepted(Int.self)
        try expectBoundsAccepted(Int8.self)
        try expectBoundsAccepted(Int16.self)
        try expectBoundsAccepted(Int32.self)
        try expectBoundsAccepted(Int64.self)
        try expectBoundsAccepted(UInt.self)
        try expectBoundsAccepted(UInt8.self)
        try expectBoundsAccepted(UInt16.self)
        try expectBoundsAccepted(UInt32.self)
        try expectBoundsAccepted(UInt64.self)
    }

    @Test func rejectsIntegersJustOutsideEachTypesRange() throws {
        try expectOutsideBoundsRejected(Int.self)
        try expectOutsideBoundsRejected(Int8.self)
        try expectOutsideBoundsRejected(Int16.self)
        try expectOutsideBoundsRejected(Int32.self)
        try expectOutsideBoundsRejected(Int64.self)
        try expectOutsideBoundsRejected(UInt.self)
        try expectOutsideBoundsRejected(UInt8.self)
        try expectOutsideBoundsRejected(UInt16.self)
        try expectOutsideBoundsRejected(UInt32.self)
        try expectOutsideBoundsRejected(UInt64.self)
    }

    @Test(arguments: SourceForm.allCases)
    func mapsWholeNumberWrittenWithFractionIntoInteger(source: SourceForm) throws {
        let sample = Sample()
        try Mapper.mapValues(from: source(["int": 2.0]), to: sample, using: ["int": .property(\.int)])
        #expect(sample.int == 2)
    }

    @Test(arguments: SourceForm.allCases)
    func rejectsFractionIntoInteger(source: SourceForm) throws {
        let sample = Sample()
        let errors = try mappingErrors(source(["int": 2.5]), sample, ["int": .property(\.int)])
        let error = expectSingleError(errors, at: "int", rule: "type")
        #expect(error?.property == "int")
        #expect(error?.value == "2.5")
        #expect(sample.int == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func mapsNumbersIntoDoubleAndFloat(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["double": .property(\.double), "float": .property(\.float)]
        try Mapper.mapValues(from: source(["double": 675.51, "float": 1.5]), to: sample, using: mapping)
        #expect(sample.double == 675.51)
        #expect(sample.float == 1.5)

        try Mapper.mapValues(from: source(["double": 3, "float": 7]), to: sample, using: mapping)
        #expect(sample.double == 3.0)
        #expect(sample.float == 7.0)
    }

    @Test(arguments: SourceForm.allCases)
    func rejectsNumberBeyondFloatRange(source: SourceForm) throws {
        let sample = Sample()
        let errors = try mappingErrors(source(["float": 1e39]), sample, ["float": .property(\.float)])
        expectSingleError(errors, at: "float", rule: "type")
        #expect(sample.float == 0)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func rejectsNonFiniteNumbers(number: Double) throws {
        // JSON cannot carry these, so only a Swift literal can.
        let sample = Sample()
        let mapping: Mapping<Sample> = ["double": .property(\.double), "float": .property(\.float), "decimal": .property(\.decimal)]
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["double": number, "float": number, "decimal": number], to: sample, using: mapping)
        }
        #expect(errors.map(\.path) == ["double", "float", "decimal"])
        #expect(errors.map(\.rule) == ["type", "type", "type"])
        #expect(sample.double == 0 && sample.float == 0 && sample.decimal == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func mapsNumbersIntoDecimal(source: SourceForm) throws {
        let sample = Sample()
        try Mapper.mapValues(from: source(["decimal": 12.25]), to: sample, using: ["decimal": .property(\.decimal)])
        #expect(sample.decimal == Decimal(string: "12.25"))
        try Mapper.mapValues(from: source(["decimal": 1680]), to: sample, using: ["decimal": .property(\.decimal)])
        #expect(sample.decimal == 1680)
    }

    @Test func mapsDecimalLiteralIntoDecimalUnchanged() throws {
        let price = try #require(Decimal(string: "19.99"))
        let sample = Sample()
        try Mapper.mapValues(from: ["decimal": price], to: sample, using: ["decimal": .property(\.decimal)])
        #expect(sample.decimal == price)
        try Mapper.mapValues(from: ["decimal": NSDecimalNumber(decimal: price)], to: sample, using: ["decimal": .property(\.decimal)])
        #expect(sample.decimal == price)
    }

    /// DESIGN.md makes integers wider than 64 bits range errors so that they are never rounded; a
    /// `Decimal` holds 38 digits, so a 30-digit integer maps into it exactly (read as: nothing is rounded).
    @Test func mapsIntegerWiderThan64BitsIntoDecimalExactly() throws {
        let digits = "123456789012345678901234567890"
        let sample = Sample()
        try Mapper.mapValues(from: Fixtures.parse(#"{"decimal": \#(digits)}"#), to: sample, using: ["decimal": .property(\.decimal)])
        #expect(sample.decimal == Decimal(string: digits))
    }

    @Test func rejectsIntegerWiderThan64BitsIntoIntegerAndDouble() throws {
        let digits = "123456789012345678901234567890"
        let literal: [String: Any] = ["int": Decimal(string: digits) as Any, "double": Decimal(string: digits) as Any]
        let parsed = try Fixtures.parse(#"{"int": \#(digits), "double": \#(digits)}"#)
        let mapping: Mapping<Sample> = ["int": .property(\.int), "double": .property(\.double)]
        for record in [literal, parsed] {
            let sample = Sample()
            let errors = mappingErrors { try Mapper.mapValues(from: record, to: sample, using: mapping) }
            #expect(errors.map(\.path) == ["int", "double"])
            #expect(errors.map(\.rule) == ["type", "type"])
            #expect(sample.int == 0 && sample.double == 0)
        }
    }

    // MARK: Booleans never mix with numbers

    @Test(arguments: SourceForm.allCases)
    func mapsBooleansIntoBool(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["flag": .property(\.flag), "optionalFlag": .property(\.optionalFlag)]
        try Mapper.mapValues(from: source(["flag": true, "optionalFlag": false]), to: sample, using: mapping)
        #expect(sample.flag == true)
        #expect(sample.optionalFlag == false)
    }

    @Test(arguments: SourceForm.allCases)
    func rejectsNumberIntoBoolAndBooleanIntoNumbers(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = [
            "flag": .property(\.flag), "int": .property(\.int), "double": .property(\.double), "decimal": .property(\.decimal),
        ]
        let record = try source(["flag": 1, "int": true, "double": false, "decimal": true])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: sample, using: mapping) }
        #expect(errors.map(\.path) == ["flag", "int", "double", "decimal"])
        #expect(errors.map(\.rule) == ["type", "type", "type", "type"])
        #expect(sample.flag == false && sample.int == 0 && sample.double == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func rejectsWrongKindsIntoStringAndNumbers(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["text": .property(\.text), "int": .property(\.int), "flag": .property(\.flag)]
        let errors = try mappingErrors(source(["text": 42, "int": "42", "flag": "true"]), sample, mapping)
        #expect(errors.map(\.path) == ["text", "int", "flag"])
        #expect(errors.map(\.rule) == ["type", "type", "type"])
        #expect(errors.map(\.property) == ["text", "int", "flag"])
        #expect(errors.map(\.value) == ["42", "\"42\"", "\"true\""])
        #expect(sample.text == "preset")
    }

    // MARK: Absent and null

    @Test(arguments: SourceForm.allCases)
    func nullWritesNilIntoOptionals(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = [
            "optionalText": .property(\.optionalText), "optionalInt": .property(\.optionalInt),
            "optionalFlag": .property(\.optionalFlag), "optionalAnything": .property(\.optionalAnything),
        ]
        let record = try source(["optionalText": NSNull(), "optionalInt": NSNull(), "optionalFlag": NSNull(), "optionalAnything": NSNull()])
        try Mapper.mapValues(from: record, to: sample, using: mapping)
        #expect(sample.optionalText == nil)
        #expect(sample.optionalInt == nil)
        #expect(sample.optionalFlag == nil)
        #expect(sample.optionalAnything == nil)
    }

    @Test(arguments: SourceForm.allCases)
    func nullIntoNonOptionalIsTypeErrorAndWritesNothing(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["text": .property(\.text), "optionalText": .property(\.optionalText)]
        let errors = try mappingErrors(source(["text": NSNull(), "optionalText": "new"]), sample, mapping)
        let error = expectSingleError(errors, at: "text", rule: "type")
        #expect(error?.property == "text")
        #expect(error?.value == "null")
        #expect(sample.text == "preset")
        #expect(sample.optionalText == "preset")
    }

    @Test(arguments: SourceForm.allCases)
    func nullIntoNonOptionalAnyIsTypeError(source: SourceForm) throws {
        let sample = Sample()
        let errors = try mappingErrors(source(["anything": NSNull()]), sample, ["anything": .property(\.anything)])
        expectSingleError(errors, at: "anything", rule: "type")
        #expect(sample.anything as? String == "preset")
    }

    @Test(arguments: SourceForm.allCases)
    func absentKeepsPresetValues(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = [
            "text": .property(\.text), "optionalText": .property(\.optionalText),
            "optionalInt": .property(\.optionalInt), "int": .property(\.int),
        ]
        try Mapper.mapValues(from: source(["unrelated": 1]), to: sample, using: mapping)
        #expect(sample.text == "preset")
        #expect(sample.optionalText == "preset")
        #expect(sample.optionalInt == 7)
        #expect(sample.int == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func valueReplacesOptionalPreset(source: SourceForm) throws {
        let sample = Sample()
        try Mapper.mapValues(from: source(["optionalInt": 9]), to: sample, using: ["optionalInt": .property(\.optionalInt)])
        #expect(sample.optionalInt == 9)
    }

    // MARK: Arrays and dictionaries

    @Test(arguments: SourceForm.allCases)
    func mapsArraysElementByElement(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["strings": .property(\.strings), "ints": .property(\.ints), "grid": .property(\.grid)]
        let record = try source(["strings": ["a", "b"], "ints": [1, 2, 3], "grid": [[1, 2], [], [3]]])
        try Mapper.mapValues(from: record, to: sample, using: mapping)
        #expect(sample.strings == ["a", "b"])
        #expect(sample.ints == [1, 2, 3])
        #expect(sample.grid == [[1, 2], [], [3]])
    }

    @Test(arguments: SourceForm.allCases)
    func reportsEachBadElementAtItsIndex(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["strings": .property(\.strings), "ints": .property(\.ints), "grid": .property(\.grid)]
        let record = try source(["strings": ["a", 2, "c", true], "ints": [1, 2, 2.5], "grid": [[1], ["x", 2]]])
        let errors = mappingErrors { try Mapper.mapValues(from: record, to: sample, using: mapping) }
        #expect(errors.map(\.path) == ["strings[1]", "strings[3]", "ints[2]", "grid[1][0]"])
        #expect(errors.map(\.rule) == ["type", "type", "type", "type"])
        #expect(errors.map(\.property) == ["strings", "strings", "ints", "grid"])
        #expect(errors.map(\.value) == ["2", "true", "2.5", #""x""#])
        #expect(sample.strings.isEmpty && sample.ints.isEmpty && sample.grid.isEmpty)
    }

    @Test(arguments: SourceForm.allCases)
    func nullElementIsNilOnlyForOptionalElements(source: SourceForm) throws {
        let sample = Sample()
        try Mapper.mapValues(
            from: source(["strings": ["a", NSNull()]]), to: sample, using: ["strings": .property(\.optionalStrings)])
        #expect(sample.optionalStrings == ["a", nil])

        let errors = try mappingErrors(source(["strings": ["a", NSNull()]]), sample, ["strings": .property(\.strings)])
        expectSingleError(errors, at: "strings[1]", rule: "type")
        #expect(sample.strings.isEmpty)
    }

    @Test(arguments: SourceForm.allCases)
    func rejectsScalarWhereArrayExpectedAndArrayWhereScalarExpected(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["strings": .property(\.strings), "text": .property(\.text), "counts": .property(\.counts)]
        let errors = try mappingErrors(source(["strings": "a", "text": ["a"], "counts": [1]]), sample, mapping)
        #expect(errors.map(\.path) == ["strings", "text", "counts"])
        #expect(errors.map(\.rule) == ["type", "type", "type"])
    }

    @Test(arguments: SourceForm.allCases)
    func mapsStringKeyedDictionary(source: SourceForm) throws {
        let sample = Sample()
        try Mapper.mapValues(from: source(["counts": ["a": 1, "b": 2]]), to: sample, using: ["counts": .property(\.counts)])
        #expect(sample.counts == ["a": 1, "b": 2])
    }

    @Test(arguments: SourceForm.allCases)
    func reportsBadDictionaryValuesByKeyInKeyOrder(source: SourceForm) throws {
        let sample = Sample()
        let record = try source(["counts": ["z": "x", "a": 1, "b": true, "a.b": 2.5]])
        let errors = mappingErrors(record, sample, ["counts": .property(\.counts)])
        #expect(errors.map(\.path) == [#"counts["a.b"]"#, "counts.b", "counts.z"])
        #expect(errors.map(\.rule) == ["type", "type", "type"])
        #expect(sample.counts.isEmpty)
    }

    @Test(arguments: SourceForm.allCases)
    func mapsHeterogeneousArrayAndDictionaryIncludingNulls(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["list": .property(\.list), "object": .property(\.object)]
        try Mapper.mapValues(from: source(["list": ["a", 1, NSNull()], "object": ["k": "v", "n": NSNull()]]), to: sample, using: mapping)
        #expect(sample.list.count == 3)
        #expect(sample.list.first as? String == "a")
        #expect(sample.object.count == 2)
        #expect(sample.object["k"] as? String == "v")
    }

    @Test(arguments: SourceForm.allCases)
    func mapsIntoNestedValuePropertiesAndNamesThemByTheirPath(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["geo": [0: .property(\.position.x), 1: .property(\.position.y)]]
        try Mapper.mapValues(from: source(["geo": [26.9792, 16.17893]]), to: sample, using: mapping)
        #expect(sample.position.x == 26.9792 && sample.position.y == 16.17893)

        let errors = mappingErrors(try source(["geo": [1, "2"]]), sample, mapping)
        let error = expectSingleError(errors, at: "geo[1]", rule: "type")
        #expect(error?.property == "position.y")
    }

    /// A subscript key path writes the element; its property name must read as a name, not as the
    /// key path's internal description (which holds a memory address).
    @Test(arguments: SourceForm.allCases)
    func mapsIntoArrayElementsThroughSubscriptKeyPaths(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["geo": [0: .property(\.coords[0]), 1: .property(\.coords[1])]]
        try Mapper.mapValues(from: source(["geo": [26.9792, 16.17893]]), to: sample, using: mapping)
        #expect(sample.coords == [26.9792, 16.17893])

        let errors = mappingErrors(try source(["geo": [1, "2"]]), sample, mapping)
        let error = expectSingleError(errors, at: "geo[1]", rule: "type")
        let property = try #require(error?.property)
        #expect(property.hasPrefix("coords"))
        #expect(!property.contains("0x") && !property.contains("<"), "\(property)")
    }

    /// A dictionary subscript's description holds a generic type (`Optional<Int>`), whose `>` ends no name.
    @Test func aDictionarySubscriptIsNamedAsASubscript() throws {
        struct Tally { var counts: [String: Int] = [:] }
        var tally = Tally()
        let mapping: Mapping<Tally> = ["dx": .property(\.counts["x"])]
        try Mapper.mapValues(from: ["dx": 3], to: &tally, using: mapping)
        #expect(tally.counts == ["x": 3])
        let thrown = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["dx": "seven"], to: &tally, using: mapping) }
        #expect(thrown?.errors.map(\.property) == ["counts[…]"])
    }

    // MARK: Protocols and Any, by dynamic cast

    @Test func mapsObjectIntoProtocolTypedProperty() throws {
        // Objects cannot come from JSON: a Swift literal only.
        let dependency = AnonymousDependency(flag: true)
        let sample = Sample()
        try Mapper.mapValues(from: ["dependency": dependency], to: sample, using: ["dependency": .property(\.dependency)])
        #expect(sample.dependency === dependency)
        #expect(sample.dependency?.flag == true)
    }

    @Test func mapsObjectIntoConcreteClassProperty() throws {
        let dependency = ConcreteDependency(flag: true)
        let sample = Sample()
        try Mapper.mapValues(from: ["concrete": dependency], to: sample, using: ["concrete": .property(\.concrete)])
        #expect(sample.concrete === dependency)
    }

    @Test func rejectsValueThatFailsTheDynamicCast() throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["concrete": .property(\.concrete), "dependency": .property(\.dependency)]
        let errors = mappingErrors {
            try Mapper.mapValues(from: ["concrete": AnonymousDependency(flag: true), "dependency": "text"], to: sample, using: mapping)
        }
        #expect(errors.map(\.path) == ["concrete", "dependency"])
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(sample.concrete == nil && sample.dependency == nil)
    }

    @Test(arguments: SourceForm.allCases)
    func mapsJSONValuesIntoStandardProtocol(source: SourceForm) throws {
        let sample = Sample()
        try Mapper.mapValues(from: source(["describable": "text"]), to: sample, using: ["describable": .property(\.describable)])
        #expect(sample.describable?.description == "text")
    }

    @Test(arguments: SourceForm.allCases)
    func mapsAnythingIntoAny(source: SourceForm) throws {
        let sample = Sample()
        let mapping: Mapping<Sample> = ["anything": .property(\.anything), "optionalAnything": .property(\.optionalAnything)]
        try Mapper.mapValues(from: source(["anything": ["k": "v"], "optionalAnything": [1, 2]]), to: sample, using: mapping)
        #expect((sample.anything as? [String: Any])?["k"] as? String == "v")
        #expect((sample.optionalAnything as? [Any])?.count == 2)
    }
}

// MARK: Helpers

private func mappingErrors(
    _ record: [String: Any],
    _ sample: Sample,
    _ mapping: Mapping<Sample>,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [ValidationError] {
    mappingErrors(sourceLocation: sourceLocation) { try Mapper.mapValues(from: record, to: sample, using: mapping) }
}

/// The value as a Swift literal would hold it: `Int` when it fits, else `UInt64`, else `Decimal`.
private func literal(_ digits: String) -> Any {
    if let value = Int(digits) { return value }
    if let value = UInt64(digits) { return value }
    return Decimal(string: digits) as Any
}

private func sources(_ digits: String) throws -> [(name: String, record: Any)] {
    [("literal", ["value": literal(digits)] as [String: Any]), ("parsed", try Fixtures.parse(#"{"value": \#(digits)}"#))]
}

private func expectBoundsAccepted<T: FixedWidthInteger & Sendable>(
    _: T.Type,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let mapping: Mapping<Holder<T>> = ["value": .property(\.value)]
    for bound in [T.min, T.max] {
        for (name, record) in try sources(String(bound)) {
            let holder = Holder<T>(1)
            do {
                try Mapper.mapValues(from: record, to: holder, using: mapping)
            } catch {
                Issue.record("\(T.self) \(bound) (\(name)): \(error)", sourceLocation: sourceLocation)
            }
            #expect(holder.value == bound, "\(T.self) \(name)", sourceLocation: sourceLocation)
        }
    }
}

private func expectOutsideBoundsRejected<T: FixedWidthInteger & Sendable>(
    _: T.Type,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let mapping: Mapping<Holder<T>> = ["value": .property(\.value)]
    let below = try #require(Decimal(string: String(T.min))) - 1
    let above = try #require(Decimal(string: String(T.max))) + 1
    for digits in ["\(below)", "\(above)"] {
        for (name, record) in try sources(digits) {
            let holder = Holder<T>(1)
            let errors = mappingErrors(sourceLocation: sourceLocation) { try Mapper.mapValues(from: record, to: holder, using: mapping) }
            #expect(errors.map(\.rule) == ["type"], "\(T.self) \(digits) (\(name))", sourceLocation: sourceLocation)
            #expect(errors.map(\.property) == ["value"], "\(T.self) \(digits) (\(name))", sourceLocation: sourceLocation)
            #expect(holder.value == 1, sourceLocation: sourceLocation)
        }
    }
}

import Foundation
import PropertyMapper
import Testing

/// The two forms a record arrives in: a Swift literal, and JSONSerialization output.
private enum Source: String, CaseIterable, Sendable {
    case literal, parsed

    func record(_ record: [String: Any]) throws -> [String: Any] {
        switch self {
        case .literal: record
        case .parsed: try Fixtures.parsed(record)
        }
    }
}

/// Every call made on a model, in order; a separate object, so recording does not mutate the model.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(entry)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}

private enum Kind: String {
    case short, long
}

private struct UnknownKind: Error, CustomStringConvertible {
    let text: String
    var description: String { "unknown kind '\(text)'" }
}

private final class Counter {
    var number = 0
    var total: Int? = 0
    var kind: Kind = .long
    var optionalKind: Kind? = .long
    var summary: String? = "preset"
    let calls = Calls()

    func increased(_ value: Int) -> Int? {
        calls.record("increased(\(value))")
        return value + 1
    }

    func increased(_ value: Int, property: String) -> Int? {
        calls.record("increased(\(value), \(property))")
        return value + 1
    }

    func kind(from text: String) -> Kind? {
        calls.record("kind(\(text))")
        return Kind(rawValue: text)
    }

    func strictKind(from text: String) throws -> Kind {
        calls.record("strictKind(\(text))")
        guard let kind = Kind(rawValue: text) else { throw UnknownKind(text: text) }
        return kind
    }

    /// The original library's use: build a value from a sub-dictionary, told which property it is for.
    func summary(from dictionary: [String: Any], property: String) -> String? {
        guard let name = dictionary["name"] as? String else { return nil }
        return "\(property): \(name)"
    }

    func total(of values: [Int]) -> Int {
        values.reduce(0, +)
    }

    /// Reads `number` as it is on the instance while the call runs.
    func addingNumber(_ value: Int) -> Int? {
        value + number
    }
}

private struct Tally: Equatable {
    var base = 10
    var total = 0

    func adding(_ value: Int) -> Int? {
        value + base
    }

    func adding(_ value: Int, property: String) -> Int? {
        property == "total" ? value + base : nil
    }
}

@Suite private struct CallTests {
    @Test(arguments: Source.allCases)
    func oneArgumentCallConvertsTheValue(source: Source) throws {
        let counter = Counter()
        try Mapper.mapValues(from: source.record(["number": 3]), to: counter, using: ["number": .call(Counter.increased(_:), \.number)])
        #expect(counter.number == 4)
        #expect(counter.calls.all == ["increased(3)"])
    }

    @Test(arguments: Source.allCases)
    func twoArgumentCallAlsoReceivesThePropertyName(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = [
            "number": .call(Counter.increased(_:property:), \.number),
            "total": .call(Counter.increased(_:property:), \.total),
        ]
        try Mapper.mapValues(from: source.record(["number": 3, "total": 7]), to: counter, using: mapping)
        #expect(counter.number == 4)
        #expect(counter.total == 8)
        #expect(counter.calls.all == ["increased(3, number)", "increased(7, total)"])
    }

    @Test(arguments: Source.allCases)
    func nilIntoOptionalTargetWritesNil(source: Source) throws {
        let counter = Counter()
        try Mapper.mapValues(
            from: source.record(["kind": "medium"]), to: counter, using: ["kind": .call(Counter.kind(from:), \.optionalKind)])
        #expect(counter.optionalKind == nil)
    }

    @Test(arguments: Source.allCases)
    func nilIntoNonOptionalTargetIsACallError(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["kind": .call(Counter.kind(from:), \.kind), "number": .property(\.number)]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["kind": "medium", "number": 5]), to: counter, using: mapping) }
        let error = expectSingleError(errors, at: "kind", rule: "call")
        #expect(error?.property == "kind")
        #expect(error?.value == #""medium""#)
        #expect(counter.kind == .long)
        #expect(counter.number == 0)
    }

    @Test(arguments: Source.allCases)
    func callsConvertIntoOptionalAndNonOptionalTargets(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["kind": .call(Counter.kind(from:), \.kind), "optionalKind": .call(Counter.kind(from:), \.optionalKind)]
        try Mapper.mapValues(from: source.record(["kind": "short", "optionalKind": "short"]), to: counter, using: mapping)
        #expect(counter.kind == .short)
        #expect(counter.optionalKind == .short)
    }

    @Test(arguments: Source.allCases)
    func throwingMethodIsACallErrorCarryingTheThrownDescription(source: Source) throws {
        let mapping: Mapping<Counter> = [
            "kind": .call(Counter.strictKind(from:), \.kind),
            "optionalKind": .call(Counter.strictKind(from:), \.optionalKind),
        ]
        let counter = Counter()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source.record(["kind": "medium", "optionalKind": "tiny"]), to: counter, using: mapping)
        }
        #expect(errors.map(\.path) == ["kind", "optionalKind"])
        #expect(errors.map(\.rule) == ["call", "call"])
        #expect(errors.first?.message.contains("unknown kind 'medium'") == true)
        #expect(errors.last?.message.contains("unknown kind 'tiny'") == true)
        #expect(counter.kind == .long && counter.optionalKind == .long)

        try Mapper.mapValues(from: source.record(["kind": "short"]), to: counter, using: mapping)
        #expect(counter.kind == .short)
    }

    @Test(arguments: Source.allCases)
    func callReceivesADictionary(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["author": .call(Counter.summary(from:property:), \.summary)]
        try Mapper.mapValues(from: source.record(["author": ["name": "Romeo", "id": 1680] as [String: Any]]), to: counter, using: mapping)
        #expect(counter.summary == "summary: Romeo")

        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["author": "Romeo"]), to: counter, using: mapping) }
        expectSingleError(errors, at: "author", rule: "type")
    }

    @Test(arguments: Source.allCases)
    func callReceivesAnArrayCheckedElementByElement(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["values": .call(Counter.total(of:), \.total)]
        try Mapper.mapValues(from: source.record(["values": [1, 2, 3]]), to: counter, using: mapping)
        #expect(counter.total == 6)

        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["values": [1, "2", 3]]), to: counter, using: mapping) }
        expectSingleError(errors, at: "values[1]", rule: "type")
        #expect(counter.total == 6)
    }

    @Test(arguments: Source.allCases)
    func requiredCallOnNullIsOneIsRequiredError(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["kind": .call(Counter.kind(from:), \.kind).isRequired()]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["kind": NSNull()]), to: counter, using: mapping) }
        let error = expectSingleError(errors, at: "kind", rule: "isRequired")
        #expect(error?.value == "null")
        #expect(counter.calls.all.isEmpty)
    }

    @Test(arguments: Source.allCases)
    func callRunsOnTheNotYetUpdatedInstance(source: Source) throws {
        let counter = Counter()
        counter.number = 100
        // `number` is declared first: were it written before the call, the call would see 5.
        let mapping: Mapping<Counter> = ["number": .property(\.number), "offset": .call(Counter.addingNumber(_:), \.total)]
        try Mapper.mapValues(from: source.record(["number": 5, "offset": 1]), to: counter, using: mapping)
        #expect(counter.total == 101)
        #expect(counter.number == 5)
    }

    @Test(arguments: Source.allCases)
    func parameterTypeIsCheckedBeforeTheCall(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = [
            "number": .call(Counter.increased(_:), \.number).range(1, 2),
            "kind": .call(Counter.kind(from:), \.kind).minLength(9),
        ]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["number": "3", "kind": 1]), to: counter, using: mapping) }
        #expect(errors.map(\.path) == ["number", "kind"])
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(errors.map(\.value) == [#""3""#, "1"])
        #expect(counter.calls.all.isEmpty)
        #expect(counter.number == 0)
    }

    @Test(arguments: Source.allCases)
    func callIsNeverMadeWithNull(source: Source) throws {
        let counter = Counter()
        try Mapper.mapValues(from: source.record(["kind": NSNull()]), to: counter, using: ["kind": .call(Counter.kind(from:), \.optionalKind)])
        #expect(counter.optionalKind == nil)

        let errors = mappingErrors {
            try Mapper.mapValues(from: source.record(["kind": NSNull()]), to: counter, using: ["kind": .call(Counter.kind(from:), \.kind)])
        }
        let error = expectSingleError(errors, at: "kind", rule: "type")
        #expect(error?.value == "null")
        #expect(counter.calls.all.isEmpty)
        #expect(counter.kind == .long)
    }

    @Test(arguments: Source.allCases)
    func failingValidatorMeansNoCall(source: Source) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["number": .call(Counter.increased(_:), \.number).range(1, 10)]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["number": 11]), to: counter, using: mapping) }
        expectSingleError(errors, at: "number", rule: "range")
        #expect(counter.calls.all.isEmpty)
    }

    @Test(arguments: Source.allCases)
    func callsWorkForStructRootsThroughInout(source: Source) throws {
        var tally = Tally()
        tally.base = 100
        let mapping: Mapping<Tally> = ["base": .property(\.base), "add": .call(Tally.adding(_:), \.total)]
        try Mapper.mapValues(from: source.record(["base": 1, "add": 5]), to: &tally, using: mapping)
        #expect(tally.total == 105)
        #expect(tally.base == 1)
    }

    @Test(arguments: Source.allCases)
    func twoArgumentCallsWorkForStructRoots(source: Source) throws {
        var tally = Tally()
        try Mapper.mapValues(from: source.record(["add": 5]), to: &tally, using: ["add": .call(Tally.adding(_:property:), \.total)])
        #expect(tally.total == 15)
    }

    @Test(arguments: Source.allCases)
    func failedCallOnStructRootLeavesItUnchanged(source: Source) throws {
        var tally = Tally()
        let mapping: Mapping<Tally> = ["base": .property(\.base), "add": .call(Tally.adding(_:property:), \.base)]
        let errors = mappingErrors { try Mapper.mapValues(from: source.record(["base": 1, "add": 5]), to: &tally, using: mapping) }
        expectSingleError(errors, at: "add", rule: "call")
        #expect(tally == Tally())
    }
}

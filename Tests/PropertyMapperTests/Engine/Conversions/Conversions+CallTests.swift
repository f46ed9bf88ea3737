import Foundation
import PropertyMapper
import Testing

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
    let calls = CallLog()

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

/// A model a call takes as its input.
private struct Owner: Mappable {
    var login = ""
    static let mapping: Mapping<Owner> = ["login": .property(\.login).isRequired()]
}

private final class Repository {
    var ownerName = "preset"
    var ownerNames: [String] = []

    func name(from owner: Owner) -> String? { "@" + owner.login }
    func names(from owners: [Owner]) -> [String] { owners.map { "@" + $0.login } }
}

@Suite private struct CallTests {
    /// The input's own properties are not the property written: its errors name the property the call writes.
    @Test(arguments: SourceForm.allCases)
    func aModelInputsErrorsNameThePropertyTheCallWrites(source: SourceForm) throws {
        let repository = Repository()
        let mapping: Mapping<Repository> = [
            "owner": .call(Repository.name(from:), \.ownerName), "owners": .call(Repository.names(from:), \.ownerNames),
        ]
        try Mapper.mapValues(from: source(["owner": ["login": "ada"], "owners": [["login": "bo"]]]), to: repository, using: mapping)
        #expect(repository.ownerName == "@ada" && repository.ownerNames == ["@bo"])
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["owner": ["login": 5], "owners": [["login": "x"], [:]]]), to: repository, using: mapping)
        }
        #expect(errors.map(\.path) == ["owner.login", "owners[1].login"])
        #expect(errors.map(\.rule) == ["type", "isRequired"])
        #expect(errors.map(\.property) == ["ownerName", "ownerNames"])
        #expect(repository.ownerName == "@ada")
    }

    @Test(arguments: SourceForm.allCases)
    func oneArgumentCallConvertsTheValue(source: SourceForm) throws {
        let counter = Counter()
        try Mapper.mapValues(from: source(["number": 3]), to: counter, using: ["number": .call(Counter.increased(_:), \.number)])
        #expect(counter.number == 4)
        #expect(counter.calls.all == ["increased(3)"])
    }

    @Test(arguments: SourceForm.allCases)
    func twoArgumentCallAlsoReceivesThePropertyName(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = [
            "number": .call(Counter.increased(_:property:), \.number),
            "total": .call(Counter.increased(_:property:), \.total),
        ]
        try Mapper.mapValues(from: source(["number": 3, "total": 7]), to: counter, using: mapping)
        #expect(counter.number == 4)
        #expect(counter.total == 8)
        #expect(counter.calls.all == ["increased(3, number)", "increased(7, total)"])
    }

    @Test(arguments: SourceForm.allCases)
    func nilIntoOptionalTargetWritesNil(source: SourceForm) throws {
        let counter = Counter()
        try Mapper.mapValues(
            from: source(["kind": "medium"]), to: counter, using: ["kind": .call(Counter.kind(from:), \.optionalKind)])
        #expect(counter.optionalKind == nil)
    }

    @Test(arguments: SourceForm.allCases)
    func nilIntoNonOptionalTargetIsACallError(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["kind": .call(Counter.kind(from:), \.kind), "number": .property(\.number)]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["kind": "medium", "number": 5]), to: counter, using: mapping) }
        let error = expectSingleError(errors, at: "kind", rule: "call")
        #expect(error?.property == "kind")
        #expect(error?.value == #""medium""#)
        #expect(counter.kind == .long)
        #expect(counter.number == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func callsConvertIntoOptionalAndNonOptionalTargets(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = [
            "kind": .call(Counter.kind(from:), \.kind), "optionalKind": .call(Counter.kind(from:), \.optionalKind),
        ]
        try Mapper.mapValues(from: source(["kind": "short", "optionalKind": "short"]), to: counter, using: mapping)
        #expect(counter.kind == .short)
        #expect(counter.optionalKind == .short)
    }

    @Test(arguments: SourceForm.allCases)
    func throwingMethodIsACallErrorCarryingTheThrownDescription(source: SourceForm) throws {
        let mapping: Mapping<Counter> = [
            "kind": .call(Counter.strictKind(from:), \.kind),
            "optionalKind": .call(Counter.strictKind(from:), \.optionalKind),
        ]
        let counter = Counter()
        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["kind": "medium", "optionalKind": "tiny"]), to: counter, using: mapping)
        }
        #expect(errors.map(\.path) == ["kind", "optionalKind"])
        #expect(errors.map(\.rule) == ["call", "call"])
        #expect(errors.first?.message.contains("unknown kind 'medium'") == true)
        #expect(errors.last?.message.contains("unknown kind 'tiny'") == true)
        #expect(counter.kind == .long && counter.optionalKind == .long)

        try Mapper.mapValues(from: source(["kind": "short"]), to: counter, using: mapping)
        #expect(counter.kind == .short)
    }

    @Test(arguments: SourceForm.allCases)
    func callReceivesADictionary(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["author": .call(Counter.summary(from:property:), \.summary)]
        try Mapper.mapValues(from: source(["author": ["name": "Romeo", "id": 1680] as [String: Any]]), to: counter, using: mapping)
        #expect(counter.summary == "summary: Romeo")

        let errors = mappingErrors { try Mapper.mapValues(from: source(["author": "Romeo"]), to: counter, using: mapping) }
        expectSingleError(errors, at: "author", rule: "type")
    }

    @Test(arguments: SourceForm.allCases)
    func callReceivesAnArrayCheckedElementByElement(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["values": .call(Counter.total(of:), \.total)]
        try Mapper.mapValues(from: source(["values": [1, 2, 3]]), to: counter, using: mapping)
        #expect(counter.total == 6)

        let errors = mappingErrors { try Mapper.mapValues(from: source(["values": [1, "2", 3]]), to: counter, using: mapping) }
        expectSingleError(errors, at: "values[1]", rule: "type")
        #expect(counter.total == 6)
    }

    @Test(arguments: SourceForm.allCases)
    func requiredCallOnNullIsOneIsRequiredError(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["kind": .call(Counter.kind(from:), \.kind).isRequired()]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["kind": NSNull()]), to: counter, using: mapping) }
        let error = expectSingleError(errors, at: "kind", rule: "isRequired")
        #expect(error?.value == "null")
        #expect(counter.calls.all.isEmpty)
    }

    @Test(arguments: SourceForm.allCases)
    func callRunsOnTheNotYetUpdatedInstance(source: SourceForm) throws {
        let counter = Counter()
        counter.number = 100
        // `number` is declared first: were it written before the call, the call would see 5.
        let mapping: Mapping<Counter> = ["number": .property(\.number), "offset": .call(Counter.addingNumber(_:), \.total)]
        try Mapper.mapValues(from: source(["number": 5, "offset": 1]), to: counter, using: mapping)
        #expect(counter.total == 101)
        #expect(counter.number == 5)
    }

    @Test(arguments: SourceForm.allCases)
    func parameterTypeIsCheckedBeforeTheCall(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = [
            "number": .call(Counter.increased(_:), \.number).range(1, 2),
            "kind": .call(Counter.kind(from:), \.kind).minLength(9),
        ]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["number": "3", "kind": 1]), to: counter, using: mapping) }
        #expect(errors.map(\.path) == ["number", "kind"])
        #expect(errors.map(\.rule) == ["type", "type"])
        #expect(errors.map(\.value) == [#""3""#, "1"])
        #expect(counter.calls.all.isEmpty)
        #expect(counter.number == 0)
    }

    @Test(arguments: SourceForm.allCases)
    func callIsNeverMadeWithNull(source: SourceForm) throws {
        let counter = Counter()
        try Mapper.mapValues(from: source(["kind": NSNull()]), to: counter, using: ["kind": .call(Counter.kind(from:), \.optionalKind)])
        #expect(counter.optionalKind == nil)

        let errors = mappingErrors {
            try Mapper.mapValues(from: source(["kind": NSNull()]), to: counter, using: ["kind": .call(Counter.kind(from:), \.kind)])
        }
        let error = expectSingleError(errors, at: "kind", rule: "type")
        #expect(error?.value == "null")
        #expect(counter.calls.all.isEmpty)
        #expect(counter.kind == .long)
    }

    @Test(arguments: SourceForm.allCases)
    func failingValidatorMeansNoCall(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = [
            "number": .call(Counter.increased(_:), \.number).validate("odd") { (n: Int) in n % 2 == 1 }
        ]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["number": 4]), to: counter, using: mapping) }
        expectSingleError(errors, at: "number", rule: "odd")
        #expect(counter.calls.all.isEmpty)
    }

    /// A number validator on a call that makes a number judges that number: the call runs first.
    @Test(arguments: SourceForm.allCases)
    func aNumberValidatorJudgesTheCallsResult(source: SourceForm) throws {
        let counter = Counter()
        let mapping: Mapping<Counter> = ["number": .call(Counter.increased(_:), \.number).range(1, 10)]
        try Mapper.mapValues(from: source(["number": 9]), to: counter, using: mapping)
        #expect(counter.number == 10)
        let errors = mappingErrors { try Mapper.mapValues(from: source(["number": 10]), to: counter, using: mapping) }
        let error = expectSingleError(errors, at: "number", rule: "range")
        #expect(error?.value == "10", "the source value is reported")
        #expect(counter.calls.all == ["increased(9)", "increased(10)"])
        #expect(counter.number == 10, "nothing written")
    }

    @Test(arguments: SourceForm.allCases)
    func callsWorkForStructRootsThroughInout(source: SourceForm) throws {
        var tally = Tally()
        tally.base = 100
        let mapping: Mapping<Tally> = ["base": .property(\.base), "add": .call(Tally.adding(_:), \.total)]
        try Mapper.mapValues(from: source(["base": 1, "add": 5]), to: &tally, using: mapping)
        #expect(tally.total == 105)
        #expect(tally.base == 1)
    }

    @Test(arguments: SourceForm.allCases)
    func twoArgumentCallsWorkForStructRoots(source: SourceForm) throws {
        var tally = Tally()
        try Mapper.mapValues(from: source(["add": 5]), to: &tally, using: ["add": .call(Tally.adding(_:property:), \.total)])
        #expect(tally.total == 15)
    }

    @Test(arguments: SourceForm.allCases)
    func failedCallOnStructRootLeavesItUnchanged(source: SourceForm) throws {
        var tally = Tally()
        let mapping: Mapping<Tally> = ["base": .property(\.base), "add": .call(Tally.adding(_:property:), \.base)]
        let errors = mappingErrors { try Mapper.mapValues(from: source(["base": 1, "add": 5]), to: &tally, using: mapping) }
        expectSingleError(errors, at: "add", rule: "call")
        #expect(tally == Tally())
    }
}

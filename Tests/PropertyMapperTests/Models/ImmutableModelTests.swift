import Foundation
import PropertyMapper
import Testing

// ImmutableMappable: init(_ values:) throwing, reading MappedValues, absent and null fields.

private struct Unlucky: Error, CustomStringConvertible {
    var description: String { "thirteen" }
}

/// An immutable model whose `init(_:)` refuses 13.
private struct Picky: ImmutableMappable, Equatable {
    let number: Int
    static let mapping: Mapping<Picky> = ["number": .property(\.number)]
    init(_ values: MappedValues<Picky>) throws {
        number = try values[\.number]
        if number == 13 { throw Unlucky() }
    }
}

/// An immutable model whose `init(_:)` throws an empty `MappingError` for 0.
private struct Silent: ImmutableMappable {
    let number: Int
    static let mapping: Mapping<Silent> = ["number": .property(\.number)]
    init(_ values: MappedValues<Silent>) throws {
        number = try values[\.number]
        if number == 0 { throw MappingError(errors: []) }
    }
}

private struct SilentHolder: Mappable {
    var inner: Silent?
    var total = 0
    static let mapping: Mapping<SilentHolder> = ["inner": .property(\.inner), "total": .property(\.total)]
}

/// Holds `Picky` models alone, optional, in an array and in a dictionary.
private struct PickyHolder: Mappable {
    var owner: Picky?
    var items: [Picky] = []
    var byKey: [String: Picky] = [:]
    static let mapping: Mapping<PickyHolder> = [
        "owner": .property(\.owner),
        "items": .property(\.items),
        "byKey": .property(\.byKey),
    ]
}

/// Reads a key path its mapping does not name.
private struct Overreach: ImmutableMappable {
    let mapped: Int
    let unmapped: Int
    static let mapping: Mapping<Overreach> = ["mapped": .property(\.mapped)]
    init(_ values: MappedValues<Overreach>) throws {
        mapped = try values[\.mapped]
        unmapped = try values[\.unmapped]
    }
}

/// Keeps its `MappedValues` past `init(_:)`.
private struct Keeper: ImmutableMappable {
    let number: Int
    let kept: MappedValues<Keeper>
    static let mapping: Mapping<Keeper> = ["number": .property(\.number)]
    init(_ values: MappedValues<Keeper>) throws {
        number = try values[\.number]
        kept = values
    }
}

/// Every kind of field presence an immutable model meets.
private struct Person: ImmutableMappable, Equatable {
    let name: String
    let nickname: String?
    let age: Int
    let tags: [String]?
    let city: String
    static let mapping: Mapping<Person> = [
        "name": .property(\.name),
        "nickname": .property(\.nickname),
        "age": .property(\.age),
        "tags": .property(\.tags),
        "address": ["city": .property(\.city)],
    ]
    init(_ values: MappedValues<Person>) throws {
        name = try values[\.name]
        nickname = try values[\.nickname]
        age = try values[\.age]
        tags = try values[\.tags]
        city = try values[\.city]
    }
}

private var valid: [String: Any] {
    ["name": "Ann", "nickname": "A", "age": 30, "tags": ["x"], "address": ["city": "Oslo"]]
}

private func profile(_ overrides: [String: Any?]) -> [String: Any] {
    var source = valid
    for (key, value) in overrides { source[key] = value }
    return source
}

/// One property mapped from two keys, and from a list.
private struct Twice: ImmutableMappable {
    let number: Int
    let text: String
    static let mapping: Mapping<Twice> = [
        "first": .property(\.number),
        "second": .property(\.number),
        "text": .list(.property(\.text), .box(Boxing(named: "upper") { (text: String) in text.uppercased() }, \.text)),
    ]
    init(_ values: MappedValues<Twice>) throws {
        number = try values[\.number]
        text = try values[\.text]
    }
}

@Suite
struct ImmutableModelTests {
    // MARK: init(_:) throwing

    @Test func aThrowingInitIsOneInitErrorAtTheTopLevel() throws {
        #expect(try Mapper.map(Picky.self, from: ["number": 12]).number == 12)
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map(Picky.self, from: ["number": 13]) }
        #expect(error?.errors.count == 1)
        #expect(error?.errors.first?.rule == "init")
        #expect(error?.errors.first?.path == "")
        #expect(error?.errors.first?.property == "")
        #expect(error?.errors.first?.message.contains("thirteen") == true)
        let fromJSON = #expect(throws: MappingError.self) { _ = try Mapper.map(Picky.self, fromJSON: #"{"number": 13}"#) }
        #expect(fromJSON?.errors == error?.errors)
        #expect(Mapper.validate(["number": 13], as: Picky.self) == error?.errors)
    }

    @Test func aThrowingInitInsideAModelIsAtTheNestedPath() {
        let owner = Mapper.validate(["owner": ["number": 13]], as: PickyHolder.self)
        #expect(owner.map(\.rule) == ["init"])
        #expect(owner.map(\.path) == ["owner"])
        #expect(owner.map(\.property) == ["owner"])
        let items = Mapper.validate(["items": [["number": 1], ["number": 2], ["number": 13]]], as: PickyHolder.self)
        #expect(items.map(\.rule) == ["init"])
        #expect(items.map(\.path) == ["items[2]"])
        #expect(items.map(\.property) == ["items[2]"])
        let byKey = Mapper.validate(["byKey": ["k": ["number": 13]]], as: PickyHolder.self)
        #expect(byKey.map(\.path) == ["byKey.k"])
        #expect(byKey.map(\.rule) == ["init"])
    }

    @Test func aThrowingInitInATopLevelArrayIsAtItsIndex() throws {
        let source: [Any] = [["number": 1], ["number": 2], ["number": 13], ["number": 13]]
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map([Picky].self, from: source) }
        #expect(error?.errors.map(\.rule) == ["init", "init"])
        #expect(error?.errors.map(\.path) == ["[2]", "[3]"])
        #expect(error?.errors.map(\.property) == ["[2]", "[3]"])
        let data = try JSONSerialization.data(withJSONObject: source)
        let fromJSON = #expect(throws: MappingError.self) { _ = try Mapper.map([Picky].self, fromJSON: data) }
        #expect(fromJSON?.errors == error?.errors)
        let batch = try Mapper.mapArray(fromJSON: data, as: Picky.self)
        #expect(batch.models.map(\.number) == [1, 2])
        #expect(batch.failures.map(\.index) == [2, 3])
        #expect(batch.failures.first?.error.errors.map(\.path) == [""])
        #expect(batch.failures.first?.error.errors.map(\.rule) == ["init"])
    }

    @Test func anInitThrowingAnEmptyMappingErrorIsStillOneInitError() throws {
        // A MappingError with no errors is not a failure the caller can see: the engine must
        // report the throw as the `init` error, never as a failure without errors or a success.
        let top = #expect(throws: MappingError.self) { _ = try Mapper.map(Silent.self, from: ["number": 0]) }
        let nested = Mapper.validate(["inner": ["number": 0], "total": 5], as: SilentHolder.self)
        var holder = SilentHolder()
        let mapped = Self.errors { () throws(MappingError) in
            try Mapper.mapValues(from: ["inner": ["number": 0], "total": 5], to: &holder, using: SilentHolder.mapping)
        }
        #expect(top?.errors.map(\.rule) == ["init"])
        #expect(nested.map(\.rule) == ["init"])
        #expect(nested.map(\.path) == ["inner"])
        #expect(mapped.map(\.rule) == ["init"])
        #expect(holder.total == 0)
        #expect(!mapped.isEmpty)
        // An all-or-nothing array: the elements after the silent failure come back alone.
        let all = Result { () throws(MappingError) in try Mapper.map([Silent].self, from: [["number": 1], ["number": 0], ["number": 2]]) }
        #expect(throws: MappingError.self) { _ = try all.get() }
        #expect((try? all.get())?.map(\.number) != [1, 2])  // never the whole array as if nothing failed
    }

    private static func errors(_ body: () throws(MappingError) -> Void) -> [ValidationError] {
        do {
            try body()
            return []
        } catch {
            return error.errors
        }
    }

    @Test func initRunsOnlyWhenEveryFieldPassed() {
        // A type error in the field: the init is not run, so there is one `type` error and no `init`.
        let errors = Mapper.validate(["number": "13"], as: Picky.self)
        #expect(errors.map(\.rule) == ["type"])
    }

    // MARK: Reading MappedValues

    @Test func readingAKeyPathNotInTheMappingIsAMappingError() {
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map(Overreach.self, from: ["mapped": 1, "unmapped": 2]) }
        #expect(error?.errors.map(\.rule) == ["mapping"])
        #expect(error?.errors.count == 1)
        let array = #expect(throws: MappingError.self) { _ = try Mapper.map([Overreach].self, from: [["mapped": 1]]) }
        #expect(array?.errors.map(\.rule) == ["mapping"])
        #expect(array?.errors.map(\.path) == ["[0]"])
    }

    @Test func aMappedValuesCopyReadAfterInitThrowsNeverCrashes() throws {
        let keeper = try Mapper.map(Keeper.self, from: ["number": 5])
        #expect(keeper.number == 5)
        let error = #expect(throws: MappingError.self) { _ = try keeper.kept[\.number] }
        #expect(error?.errors.map(\.rule) == ["mapping"])
        // Still safe after many other runs have reused the stack where the values were staged.
        let others = try Mapper.map([Keeper].self, from: (0..<50).map { ["number": $0] })
        #expect(others.map(\.number) == Array(0..<50))
        for other in others {
            #expect(throws: MappingError.self) { _ = try other.kept[\.number] }
        }
        #expect(throws: MappingError.self) { _ = try keeper.kept[\.kept] }
    }

    // MARK: Absent and null

    @Test func absentOptionalIsNil() throws {
        let mapped = try Mapper.map(Person.self, from: profile(["nickname": nil, "tags": nil]))
        #expect(mapped.nickname == nil)
        #expect(mapped.tags == nil)
        #expect(mapped.name == "Ann" && mapped.city == "Oslo")
    }

    @Test func nullOptionalIsNil() throws {
        let mapped = try Mapper.map(Person.self, from: profile(["nickname": NSNull(), "tags": NSNull()]))
        #expect(mapped.nickname == nil)
        #expect(mapped.tags == nil)
    }

    @Test(arguments: ["name", "age"])
    func absentNonOptionalIsRequired(key: String) {
        let errors = Mapper.validate(profile([key: nil]), as: Person.self)
        #expect(errors.map(\.rule) == ["isRequired"])
        #expect(errors.map(\.path) == [key])
        #expect(errors.map(\.property) == [key])
    }

    @Test func absentNonOptionalUnderANestedMappingIsRequired() {
        let absent = Mapper.validate(profile(["address": [String: Any]()]), as: Person.self)
        #expect(absent.map(\.rule) == ["isRequired"])
        #expect(absent.map(\.path) == ["address.city"])
        let nullContainer = Mapper.validate(profile(["address": NSNull()]), as: Person.self)
        #expect(nullContainer.map(\.rule) == ["isRequired"])
        #expect(nullContainer.map(\.path) == ["address.city"])
        let noContainer = Mapper.validate(profile(["address": nil]), as: Person.self)
        #expect(noContainer.map(\.path) == ["address.city"])
    }

    @Test(arguments: ["name", "age"])
    func nullIntoANonOptionalIsATypeError(key: String) {
        let errors = Mapper.validate(profile([key: NSNull()]), as: Person.self)
        #expect(errors.count == 1)
        #expect(errors.map(\.path) == [key])
        // DESIGN: null "is a type error for a non-Optional" property; only an absent one is `isRequired`.
        #expect(errors.map(\.rule) == ["type"])
    }

    @Test func nullIntoANonOptionalIsATypeErrorInAMappableModel() {
        // The same field in a Mappable model: the v1 rule.
        struct Mutable: Mappable {
            var age = 0
            static let mapping: Mapping<Mutable> = ["age": .property(\.age)]
        }
        #expect(Mapper.validate(["age": NSNull()], as: Mutable.self).map(\.rule) == ["type"])
    }

    @Test func everyMissingFieldIsReportedAtOnce() {
        let errors = Mapper.validate([String: Any](), as: Person.self)
        #expect(errors.map(\.rule) == ["isRequired", "isRequired", "isRequired"])
        #expect(errors.map(\.path) == ["name", "age", "address.city"])
        let fromJSON = #expect(throws: MappingError.self) { _ = try Mapper.map(Person.self, fromJSON: "{}") }
        #expect(fromJSON?.errors == errors)
    }

    // MARK: A property mapped twice

    @Test func aPropertyMappedTwiceGetsTheLaterStagedValue() throws {
        let both = try Mapper.map(Twice.self, from: ["first": 1, "second": 2, "text": "abc"])
        #expect(both.number == 2)
        #expect(both.text == "ABC")
    }

    @Test func aPropertyMappedFromTwoKeysTakesWhicheverIsPresent() throws {
        // A non-optional property that two keys map is absent only when both are.
        let onlyFirst = try Mapper.map(Twice.self, from: ["first": 1, "text": "abc"])
        #expect(onlyFirst.number == 1)
        let onlySecond = try Mapper.map(Twice.self, from: ["second": 2, "text": "abc"])
        #expect(onlySecond.number == 2)
    }

    @Test func anOptionalPropertyMappedFromTwoKeysTakesTheLaterPresentOne() throws {
        struct Either: ImmutableMappable {
            let value: Int?
            static let mapping: Mapping<Either> = ["old": .property(\.value), "new": .property(\.value)]
            init(_ values: MappedValues<Either>) throws { value = try values[\.value] }
        }
        #expect(try Mapper.map(Either.self, from: ["old": 1, "new": 2]).value == 2)
        #expect(try Mapper.map(Either.self, from: ["old": 1]).value == 1)
        #expect(try Mapper.map(Either.self, from: ["new": 2]).value == 2)
        #expect(try Mapper.map(Either.self, from: ["old": 1, "new": NSNull()]).value == nil)
        #expect(try Mapper.map(Either.self, from: [String: Any]()).value == nil)
    }

    @Test func aPropertyMappedTwiceAndAbsentTwiceIsRequiredOnce() {
        // One property, one root cause: reported at the first key that maps it.
        let errors = Mapper.validate(["text": "abc"], as: Twice.self)
        #expect(errors.map(\.rule) == ["isRequired"])
        #expect(errors.map(\.path) == ["first"])
    }
}

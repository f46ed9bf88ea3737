import Dispatch
import Foundation
import PropertyMapper
import Testing

// MappedValues reads in init(_ values:) by order and by key path object: the next key path in the
// mapping's order (moved as its own type), reads out of order then in order, reads twice, key paths
// equal to the mapping's but not the same object, properties mapped twice, absent optionals, rules,
// values kept past init, inits that throw, class models, existentials, nested immutable models,
// per-record arrays and many threads at once. `Tracked` and `Sightings` come from MappedValuesTests.

// MARK: Fixtures

/// Longer than a small string, so its storage is on the heap: a double destroy or a leak shows.
private let longText = "a string long enough to live on the heap, not inline"

private var trio: [String: Any] { ["a": longText, "b": ["id": 5], "c": ["x", longText]] }

/// Reads `a`, `a` again, then `b` and `c` in order.
private struct TwiceThenInOrder: ImmutableMappable {
    let a: String
    let again: String
    let b: Tracked
    let c: [String]
    static let mapping: Mapping<TwiceThenInOrder> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c)]
    init(_ values: MappedValues<TwiceThenInOrder>) throws {
        a = try values[\.a]
        again = try values[\.a]
        b = try values[\.b]
        c = try values[\.c]
    }
}

/// Reads `c` first, then `a` and `b` in order (moved, so `b` is its only reference), optionally `c` again.
private struct LastFirst: ImmutableMappable {
    let a: String
    let b: Tracked
    let c: [String]
    let bWasUnique: Bool
    let cAgain: [String]?
    static let mapping: Mapping<LastFirst> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c)]
    nonisolated(unsafe) static var readCAgain = false
    init(_ values: MappedValues<LastFirst>) throws {
        c = try values[\.c]
        a = try values[\.a]
        var b = try values[\.b]
        bWasUnique = isKnownUniquelyReferenced(&b)
        self.b = b
        cAgain = try Self.readCAgain ? values[\.c] : nil
    }
}

/// Reads `b` (out of order), then `c` (then the next in order), then `a`, then `b` again.
private struct MiddleFirst: ImmutableMappable {
    let a: String
    let b: Tracked
    let c: [String]
    let bAgain: Tracked
    static let mapping: Mapping<MiddleFirst> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c)]
    init(_ values: MappedValues<MiddleFirst>) throws {
        b = try values[\.b]
        c = try values[\.c]
        a = try values[\.a]
        bAgain = try values[\.b]
    }
}

/// Reads in order, each value moved: every object is its only reference.
private struct InOrderUnique: ImmutableMappable {
    let a: String
    let b: Tracked
    let c: [String]
    let unique: Bool
    static let mapping: Mapping<InOrderUnique> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c)]
    init(_ values: MappedValues<InOrderUnique>) throws {
        a = try values[\.a]
        var b = try values[\.b]
        unique = isKnownUniquelyReferenced(&b)
        self.b = b
        c = try values[\.c]
    }
}

/// What `EqualReader` holds: its mapping targets these through `\.inner.name` and `\.inner.tracked`.
private struct Inner {
    let name: String
    let tracked: Tracked
}

/// `\EqualReader.inner.name` written in another function: the compiler shares one pattern for equal literals in a
/// module, so this is the mapping's object (the common read).
private func nameFromElsewhere() -> KeyPath<EqualReader, String> { \EqualReader.inner.name }
/// Appended key paths: equal to the mapping's, new objects on each call (never the common read).
private func appendedName() -> KeyPath<EqualReader, String> { (\EqualReader.inner).appending(path: \Inner.name) }
private func appendedTracked() -> KeyPath<EqualReader, Tracked> { (\EqualReader.inner).appending(path: \Inner.tracked) }

/// Which key paths `EqualReader.init` reads, in its order.
private enum EqualReads: Sendable {
    /// Each through an appended key path, in order.
    case appendedInOrder
    /// The literal written in another function, then an appended one, in order.
    case elsewhereThenAppended
    /// Each through an appended key path, then `name` again through the literal.
    case appendedThenLiteral
    /// The literal first, then the same property through an appended key path.
    case literalThenAppended
    /// `tracked` through an appended key path first (out of order), then both through the literals.
    case appendedOutOfOrderThenLiterals
}

private struct EqualReader: ImmutableMappable {
    let inner: Inner
    let extra: String
    let trackedWasUnique: Bool
    static let mapping: Mapping<EqualReader> = ["name": .property(\.inner.name), "tracked": .property(\.inner.tracked)]
    nonisolated(unsafe) static var reads = EqualReads.appendedInOrder
    init(_ values: MappedValues<EqualReader>) throws {
        let name: String
        var tracked: Tracked
        switch Self.reads {
        case .appendedInOrder:
            name = try values[appendedName()]
            tracked = try values[appendedTracked()]
            extra = ""
        case .elsewhereThenAppended:
            name = try values[nameFromElsewhere()]
            tracked = try values[appendedTracked()]
            extra = ""
        case .appendedThenLiteral:
            name = try values[appendedName()]
            tracked = try values[appendedTracked()]
            extra = try values[\.inner.name]
        case .literalThenAppended:
            name = try values[\.inner.name]
            extra = try values[appendedName()]
            tracked = try values[\.inner.tracked]
        case .appendedOutOfOrderThenLiterals:
            tracked = try values[appendedTracked()]
            name = try values[\.inner.name]
            extra = ""
            _ = try values[\.inner.tracked]  // read twice: made again on copies
        }
        trackedWasUnique = isKnownUniquelyReferenced(&tracked)
        inner = Inner(name: name, tracked: tracked)
    }
}

/// `number` mapped from two keys around the others: never staged by one field, always read through `value(for:)`.
private struct MappedTwiceAmongOthers: ImmutableMappable {
    let number: Int
    let name: String
    let tracked: Tracked
    let numberAgain: Int
    let trackedWasUnique: Bool
    static let mapping: Mapping<MappedTwiceAmongOthers> = [
        "old": .property(\.number), "name": .property(\.name), "new": .property(\.number), "tracked": .property(\.tracked),
    ]
    nonisolated(unsafe) static var readNumberTwice = false
    init(_ values: MappedValues<MappedTwiceAmongOthers>) throws {
        number = try values[\.number]
        name = try values[\.name]
        var tracked = try values[\.tracked]
        trackedWasUnique = isKnownUniquelyReferenced(&tracked)
        self.tracked = tracked
        // Read twice only when asked: a second read makes the model again on copies.
        numberAgain = try Self.readNumberTwice ? values[\.number] : number
    }
}

/// An optional first, absent or present, then a value staged after it; `readOptionalTwice` reads the optional again.
private struct OptionalFirst: ImmutableMappable {
    let maybe: Tracked?
    let note: String?
    let tracked: Tracked
    let trackedWasUnique: Bool
    let maybeAgain: Tracked?
    static let mapping: Mapping<OptionalFirst> = [
        "maybe": .property(\.maybe), "note": .property(\.note), "tracked": .property(\.tracked),
    ]
    nonisolated(unsafe) static var readOptionalTwice = false
    init(_ values: MappedValues<OptionalFirst>) throws {
        maybe = try values[\.maybe]
        note = try values[\.note]
        var tracked = try values[\.tracked]
        trackedWasUnique = isKnownUniquelyReferenced(&tracked)
        self.tracked = tracked
        maybeAgain = try Self.readOptionalTwice ? values[\.maybe] : nil
    }
}

/// Keeps its values past init, having read only some of them (or none): a late read of the key path that would
/// be next in the mapping's order must throw.
private struct EarlyKeeper: ImmutableMappable {
    let first: String
    let kept: MappedValues<EarlyKeeper>
    static let mapping: Mapping<EarlyKeeper> = ["first": .property(\.first), "second": .property(\.second)]
    nonisolated(unsafe) static var readsFirst = true
    let second: Tracked?
    init(_ values: MappedValues<EarlyKeeper>) throws {
        second = nil
        first = try Self.readsFirst ? values[\.first] : "unread"
        kept = values
    }
}

/// As `EarlyKeeper`, a final class.
private final class EarlyKeeperClass: ImmutableMappable {
    let first: String
    let second: Tracked?
    let kept: MappedValues<EarlyKeeperClass>
    static let mapping: Mapping<EarlyKeeperClass> = ["first": .property(\.first), "second": .property(\.second)]
    init(_ values: MappedValues<EarlyKeeperClass>) throws {
        first = try values[\.first]
        second = nil
        kept = values
    }
}

private struct Unlucky: Error {}

/// Reads in order, records the object it read, then throws.
private struct ThrowsAfterInOrderReads: ImmutableMappable {
    let a: String
    let b: Tracked
    let c: [String]
    static let sightings = Sightings()
    static let mapping: Mapping<ThrowsAfterInOrderReads> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c)]
    init(_ values: MappedValues<ThrowsAfterInOrderReads>) throws {
        a = try values[\.a]
        b = try values[\.b]
        Self.sightings.record(b)
        if a == "throw early" { throw Unlucky() }
        c = try values[\.c]
        throw Unlucky()
    }
}

/// As `ThrowsAfterInOrderReads`, a final class: throws with some properties set, or all.
private final class ClassThrowsAfterReads: ImmutableMappable {
    let a: String
    let b: Tracked
    let c: [String]
    static let sightings = Sightings()
    static let mapping: Mapping<ClassThrowsAfterReads> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c)]
    init(_ values: MappedValues<ClassThrowsAfterReads>) throws {
        a = try values[\.a]
        b = try values[\.b]
        Self.sightings.record(b)
        if a == "throw early" { throw Unlucky() }
        c = try values[\.c]
        throw Unlucky()
    }
}

private protocol Attachment: Sendable {
    var name: String { get }
}

private final class Picture: Mappable, Attachment, @unchecked Sendable {
    var name = ""
    var width = 0
    static let mapping: Mapping<Picture> = ["name": .property(\.name), "width": .property(\.width)]
    init() {}
}

private struct Document: ImmutableMappable, Attachment {
    let name: String
    let pages: [String]
    static let mapping: Mapping<Document> = ["name": .property(\.name), "pages": .property(\.pages)]
    init(_ values: MappedValues<Document>) throws {
        name = try values[\.name]
        pages = try values[\.pages]
    }
}

/// An immutable leaf inside immutable models; reads `label` twice when `twice` is true (made again, copying).
private struct Leaf: ImmutableMappable, Equatable {
    let label: String
    let tags: [String]
    let twice: Bool
    static let mapping: Mapping<Leaf> = ["label": .property(\.label), "tags": .property(\.tags), "twice": .property(\.twice)]
    init(_ values: MappedValues<Leaf>) throws {
        label = try values[\.label]
        tags = try values[\.tags]
        twice = try values[\.twice]
        if twice { _ = try values[\.label] }
    }
}

/// Every kind of value, in a final class: read in order, out of order and twice, by `order`.
private final class Everything: ImmutableMappable {
    enum Order: Sendable { case inOrder, reversed, twice }

    let text: String
    let list: [String]
    let object: Tracked
    let cover: any Attachment
    let extra: (any Attachment)?
    let leaf: Leaf
    let leaves: [Leaf]
    let maybeLeaf: Leaf?
    let flag: Bool
    let small: UInt8
    let objectWasUnique: Bool
    nonisolated(unsafe) static var order = Order.inOrder
    static let kinds: KeyValuePairs<String, Any.Type> = ["picture": Picture.self, "document": Document.self]
    static let mapping: Mapping<Everything> = [
        "text": .property(\.text),
        "flag": .property(\.flag),
        "list": .property(\.list),
        "small": .property(\.small),
        "object": .property(\.object),
        "cover": .polymorphic(\.cover, on: "kind", kinds),
        "extra": .polymorphic(\.extra, on: "kind", kinds),
        "leaf": .property(\.leaf),
        "leaves": .property(\.leaves),
        "maybeLeaf": .property(\.maybeLeaf),
    ]

    init(_ values: MappedValues<Everything>) throws {
        var object: Tracked
        switch Self.order {
        case .inOrder:
            text = try values[\.text]
            flag = try values[\.flag]
            list = try values[\.list]
            small = try values[\.small]
            object = try values[\.object]
            cover = try values[\.cover]
            extra = try values[\.extra]
            leaf = try values[\.leaf]
            leaves = try values[\.leaves]
            maybeLeaf = try values[\.maybeLeaf]
        case .reversed:
            maybeLeaf = try values[\.maybeLeaf]
            leaves = try values[\.leaves]
            leaf = try values[\.leaf]
            extra = try values[\.extra]
            cover = try values[\.cover]
            object = try values[\.object]
            small = try values[\.small]
            list = try values[\.list]
            flag = try values[\.flag]
            text = try values[\.text]
        case .twice:
            text = try values[\.text] + values[\.text]
            flag = try values[\.flag]
            list = try values[\.list]
            small = try values[\.small]
            object = try values[\.object]
            cover = try values[\.cover]
            _ = try values[\.cover]
            extra = try values[\.extra]
            leaf = try values[\.leaf]
            leaves = try values[\.leaves]
            maybeLeaf = try values[\.maybeLeaf]
        }
        objectWasUnique = isKnownUniquelyReferenced(&object)
        self.object = object
    }
}

private var everything: [String: Any] {
    [
        "text": longText, "flag": true, "list": [longText, "b"], "small": 7, "object": ["id": 11],
        "cover": ["kind": "document", "name": longText, "pages": ["p1", longText]],
        "extra": ["kind": "picture", "name": "pic", "width": 3],
        "leaf": ["label": longText, "tags": ["t"], "twice": false],
        "leaves": [["label": "l1", "tags": [], "twice": true], ["label": "l2", "tags": ["u", longText], "twice": false]],
    ]
}

/// A struct of two leaves and an object: the leaves read as the `order` of the run says.
private struct Outer: ImmutableMappable {
    let first: Leaf
    let object: Tracked
    let rest: [Leaf]
    static let sightings = Sightings()
    static let mapping: Mapping<Outer> = ["first": .property(\.first), "object": .property(\.object), "rest": .property(\.rest)]
    init(_ values: MappedValues<Outer>) throws {
        first = try values[\.first]
        object = try values[\.object]
        Self.sightings.record(object)
        rest = try values[\.rest]
        if first.label == "13" { throw Unlucky() }
    }
}

/// Rules read every value (one pointing at a field) before init moves them in order.
private struct Ruled: ImmutableMappable {
    let name: String
    let tracked: Tracked
    let count: Int
    let trackedWasUnique: Bool
    static let sightings = Sightings()
    static let mapping = Mapping<Ruled>(
        rules: [
            MappingRule("sees") { values in
                Ruled.sightings.record(try values[\.tracked])
                return try values[\.name] == longText
            },
            MappingRule("positive", at: \.count) { values in
                // Out of order, then in order, then twice: a rule's reads copy.
                let count = try values[\.count]
                let name = try values[\.name]
                let tracked = try values[\.tracked]
                let nameAgain = try values[\.name]
                let trackedAgain = try values[\.tracked]
                return count > 0 && name == nameAgain && tracked === trackedAgain
            },
        ],
        ["name": .property(\.name), "tracked": .property(\.tracked), "count": .property(\.count)])
    init(_ values: MappedValues<Ruled>) throws {
        name = try values[\.name]
        var tracked = try values[\.tracked]
        trackedWasUnique = isKnownUniquelyReferenced(&tracked)
        self.tracked = tracked
        count = try values[\.count]
    }
}

/// A `Mappable` model whose rule reads a merged property, a plain one and an unmapped one.
private struct Merger: Mappable {
    var settings = Settings()
    var name = ""
    var unmapped = "current"
    static let mapping = Mapping<Merger>(
        rules: [MappingRule("readsMerged") { values in try values[\.settings].level >= 0 }],
        ["settings": .property(\.settings).merging(), "name": .property(\.name)])

    struct Settings: Mappable {
        var level = 0
        static let mapping: Mapping<Settings> = ["level": .property(\.level)]
    }
}

private struct PlainRule: Mappable {
    var name = ""
    var unmapped = "current"
    static let mapping = Mapping<PlainRule>(
        rules: [MappingRule("readsUnmapped") { values in try values[\.unmapped] == "current" && values[\.name] == "n" }],
        ["name": .property(\.name)])
}

/// Reads through a generic function: `Value` is not known where the subscript is inlined.
private func read<Root, Value>(_ values: MappedValues<Root>, _ keyPath: KeyPath<Root, Value>) throws -> Value {
    try values[keyPath]
}

private struct GenericReads: ImmutableMappable {
    let a: String
    let b: Tracked
    let c: [String]
    let bWasUnique: Bool
    static let mapping: Mapping<GenericReads> = ["a": .property(\.a), "b": .property(\.b), "c": .property(\.c)]
    init(_ values: MappedValues<GenericReads>) throws {
        a = try read(values, \.a)
        var b = try read(values, \.b)
        bWasUnique = isKnownUniquelyReferenced(&b)
        self.b = b
        c = try read(values, \.c)
    }
}

/// A generic model: its key path literals depend on `T`, and its mapping is made on each access.
private struct Wrapper<T: Sendable>: ImmutableMappable {
    let name: String
    let tracked: Tracked
    static var mapping: Mapping<Wrapper<T>> { ["name": .property(\.name), "tracked": .property(\.tracked)] }
    init(_ values: MappedValues<Wrapper<T>>) throws {
        name = try values[\.name]
        tracked = try values[\.tracked]
    }
}

/// No properties: a staged value of size zero.
private struct Nothing: ImmutableMappable {
    static let mapping: Mapping<Nothing> = [:]
    init(_ values: MappedValues<Nothing>) throws {}
}

private struct WithNothing: ImmutableMappable {
    let before: Bool
    let nothing: Nothing
    let after: String
    static let mapping: Mapping<WithNothing> = [
        "before": .property(\.before), "nothing": .property(\.nothing), "after": .property(\.after),
    ]
    init(_ values: MappedValues<WithNothing>) throws {
        before = try values[\.before]
        nothing = try values[\.nothing]
        after = try values[\.after]
    }
}

/// A value made by a boxing (staged as the property's type, converted from another).
private struct Boxed: ImmutableMappable {
    let upper: String
    let tracked: Tracked
    static let mapping: Mapping<Boxed> = [
        "upper": .box(Boxing(named: "upper") { (text: String) in text.uppercased() }, \.upper),
        "tracked": .property(\.tracked),
    ]
    init(_ values: MappedValues<Boxed>) throws {
        upper = try values[\.upper]
        tracked = try values[\.tracked]
    }
}

/// Serializes the static switches some fixtures read (`readCAgain`, `reads`, `order`, ...).
private let switches = NSLock()

// MARK: Tests

@Suite(.serialized) struct MappedValuesReadOrderTests {
    @Test func aValueReadTwiceThenTheRestInOrder() throws {
        let model = try Mapper.map(TwiceThenInOrder.self, from: trio)
        #expect(model.a == longText)
        #expect(model.again == longText)
        #expect(model.b.id == 5)
        #expect(model.c == ["x", longText])
    }

    @Test func aReadOutOfOrderThenTheRestInOrderMovesEach() throws {
        try switches.withLock {
            LastFirst.readCAgain = false
            let model = try Mapper.map(LastFirst.self, from: trio)
            #expect(model.a == longText)
            #expect(model.b.id == 5)
            #expect(model.c == ["x", longText])
            #expect(model.bWasUnique)
            #expect(model.cAgain == nil)
            LastFirst.readCAgain = true
            defer { LastFirst.readCAgain = false }
            let again = try Mapper.map(LastFirst.self, from: trio)
            #expect(again.a == longText)
            #expect(again.b.id == 5)
            #expect(again.c == ["x", longText])
            #expect(again.cAgain == ["x", longText])
        }
    }

    @Test func aMiddleReadThenTheNextInOrderThenTheFirstThenTheMiddleAgain() throws {
        let model = try Mapper.map(MiddleFirst.self, from: trio)
        #expect(model.a == longText)
        #expect(model.b.id == 5)
        #expect(model.c == ["x", longText])
        #expect(model.bAgain === model.b)
    }

    @Test func readsInOrderMoveEveryValue() throws {
        let model = try Mapper.map(InOrderUnique.self, from: trio)
        #expect(model.a == longText)
        #expect(model.b.id == 5)
        #expect(model.c == ["x", longText])
        #expect(model.unique)
        let fromJSON = try Mapper.map(InOrderUnique.self, fromJSON: #"{"a": "j", "b": {"id": 6}, "c": []}"#)
        #expect(fromJSON.a == "j" && fromJSON.b.id == 6 && fromJSON.c.isEmpty && fromJSON.unique)
    }

    @Test func readsThroughAGenericFunctionMoveToo() throws {
        let model = try Mapper.map(GenericReads.self, from: trio)
        #expect(model.a == longText)
        #expect(model.b.id == 5)
        #expect(model.c == ["x", longText])
        #expect(model.bWasUnique)
    }

    @Test func keyPathsEqualToTheMappingsButOtherObjectsReadTheSameValues() throws {
        #expect(nameFromElsewhere() == \EqualReader.inner.name)
        #expect(appendedName() == \EqualReader.inner.name)
        #expect(appendedTracked() == \EqualReader.inner.tracked)
        // Appended: not the mapping's object. Written elsewhere: the same object.
        #expect(ObjectIdentifier(appendedName()) != ObjectIdentifier(\EqualReader.inner.name as AnyKeyPath))
        #expect(ObjectIdentifier(appendedTracked()) != ObjectIdentifier(\EqualReader.inner.tracked as AnyKeyPath))
        #expect(ObjectIdentifier(nameFromElsewhere()) == ObjectIdentifier(\EqualReader.inner.name as AnyKeyPath))
        let source: [String: Any] = ["name": longText, "tracked": ["id": 3]]
        try switches.withLock {
            defer { EqualReader.reads = .appendedInOrder }
            EqualReader.reads = .appendedInOrder
            let inOrder = try Mapper.map(EqualReader.self, from: source)
            #expect(inOrder.inner.name == longText && inOrder.inner.tracked.id == 3 && inOrder.extra.isEmpty)
            #expect(inOrder.trackedWasUnique)

            EqualReader.reads = .elsewhereThenAppended
            let elsewhere = try Mapper.map(EqualReader.self, from: source)
            #expect(elsewhere.inner.name == longText && elsewhere.inner.tracked.id == 3 && elsewhere.trackedWasUnique)

            EqualReader.reads = .appendedThenLiteral
            let thenLiteral = try Mapper.map(EqualReader.self, from: source)
            #expect(thenLiteral.inner.name == longText && thenLiteral.extra == longText && thenLiteral.inner.tracked.id == 3)

            EqualReader.reads = .literalThenAppended
            let literalFirst = try Mapper.map(EqualReader.self, from: source)
            #expect(literalFirst.inner.name == longText && literalFirst.extra == longText && literalFirst.inner.tracked.id == 3)

            EqualReader.reads = .appendedOutOfOrderThenLiterals
            let outOfOrder = try Mapper.map(EqualReader.self, from: source)
            #expect(outOfOrder.inner.name == longText && outOfOrder.inner.tracked.id == 3)
        }
    }

    @Test func aPropertyMappedTwiceAmongOthersReadsTheLaterValueAndTheOthersMove() throws {
        let both = try Mapper.map(
            MappedTwiceAmongOthers.self, from: ["old": 1, "name": longText, "new": 2, "tracked": ["id": 4]])
        #expect(both.number == 2 && both.numberAgain == 2)
        #expect(both.name == longText)
        #expect(both.tracked.id == 4)
        #expect(both.trackedWasUnique)
        let old = try Mapper.map(MappedTwiceAmongOthers.self, from: ["old": 1, "name": "n", "tracked": ["id": 4]])
        #expect(old.number == 1 && old.numberAgain == 1)
        #expect(old.trackedWasUnique)
        try switches.withLock {
            MappedTwiceAmongOthers.readNumberTwice = true
            defer { MappedTwiceAmongOthers.readNumberTwice = false }
            let twice = try Mapper.map(
                MappedTwiceAmongOthers.self, from: ["old": 1, "name": longText, "new": 2, "tracked": ["id": 4]])
            #expect(twice.number == 2 && twice.numberAgain == 2 && twice.name == longText && twice.tracked.id == 4)
            let newOnly = try Mapper.map(MappedTwiceAmongOthers.self, from: ["name": "n", "new": 3, "tracked": ["id": 4]])
            #expect(newOnly.number == 3 && newOnly.numberAgain == 3)
        }
    }

    @Test func anAbsentOptionalReadInOrderIsNilAndTheNextValueIsStillMoved() throws {
        try switches.withLock {
            OptionalFirst.readOptionalTwice = false
            let absent = try Mapper.map(OptionalFirst.self, from: ["tracked": ["id": 2]])
            #expect(absent.maybe == nil && absent.note == nil)
            #expect(absent.tracked.id == 2)
            #expect(absent.trackedWasUnique)
            let null = try Mapper.map(OptionalFirst.self, from: ["maybe": NSNull(), "note": NSNull(), "tracked": ["id": 2]])
            #expect(null.maybe == nil && null.note == nil && null.trackedWasUnique)
            let present = try Mapper.map(
                OptionalFirst.self, from: ["maybe": ["id": 1], "note": longText, "tracked": ["id": 2]])
            #expect(present.maybe?.id == 1 && present.note == longText && present.tracked.id == 2)
            #expect(present.trackedWasUnique)

            OptionalFirst.readOptionalTwice = true
            defer { OptionalFirst.readOptionalTwice = false }
            let absentTwice = try Mapper.map(OptionalFirst.self, from: ["tracked": ["id": 2]])
            #expect(absentTwice.maybe == nil && absentTwice.maybeAgain == nil && absentTwice.tracked.id == 2)
            let presentTwice = try Mapper.map(OptionalFirst.self, from: ["maybe": ["id": 1], "tracked": ["id": 2]])
            #expect(presentTwice.maybe?.id == 1)
            #expect(presentTwice.maybeAgain === presentTwice.maybe)
        }
    }

    @Test func valuesKeptPastInitThrowAtTheKeyPathThatWouldBeNext() throws {
        try switches.withLock {
            defer { EarlyKeeper.readsFirst = true }
            for readsFirst in [true, false] {
                EarlyKeeper.readsFirst = readsFirst
                let keeper = try Mapper.map(EarlyKeeper.self, from: ["first": longText, "second": ["id": 1]])
                #expect(keeper.first == (readsFirst ? longText : "unread"))
                // Reuse the stack where the values were staged.
                let others = try Mapper.map([EarlyKeeper].self, from: (0..<30).map { ["first": "\($0)", "second": ["id": $0]] })
                #expect(others.count == 30)
                for kept in [keeper.kept] + others.map(\.kept) {
                    let first = #expect(throws: MappingError.self) { _ = try kept[\.first] }
                    #expect(first?.errors.map(\.rule) == ["mapping"])
                    let second = #expect(throws: MappingError.self) { _ = try kept[\.second] }
                    #expect(second?.errors.map(\.rule) == ["mapping"])
                }
            }
        }
        let object = try Mapper.map(EarlyKeeperClass.self, from: ["first": longText, "second": ["id": 1]])
        #expect(object.first == longText)
        #expect(throws: MappingError.self) { _ = try object.kept[\.second] }
        #expect(throws: MappingError.self) { _ = try object.kept[\.first] }
    }

    @Test func anInitThrowingAfterReadsInOrderDestroysEachValueOnce() {
        let before = (ThrowsAfterInOrderReads.sightings.alive.of, ClassThrowsAfterReads.sightings.alive.of)
        for _ in 0..<20 {
            for first in [longText, "throw early"] {
                let error = #expect(throws: MappingError.self) {
                    _ = try Mapper.map(ThrowsAfterInOrderReads.self, from: ["a": first, "b": ["id": 1], "c": [longText]])
                }
                #expect(error?.errors.map(\.rule) == ["init"])
                let classError = #expect(throws: MappingError.self) {
                    _ = try Mapper.map(ClassThrowsAfterReads.self, from: ["a": first, "b": ["id": 1], "c": [longText]])
                }
                #expect(classError?.errors.map(\.rule) == ["init"])
            }
        }
        #expect(ThrowsAfterInOrderReads.sightings.alive == (0, before.0 + 40))
        #expect(ClassThrowsAfterReads.sightings.alive == (0, before.1 + 40))
    }

    @Test(arguments: [Everything.Order.inOrder, .reversed, .twice])
    fileprivate func aClassModelOfEveryKindOfValue(order: Everything.Order) throws {
        try switches.withLock {
            Everything.order = order
            defer { Everything.order = .inOrder }
            for _ in 0..<10 {
                let model = try Mapper.map(Everything.self, from: everything)
                #expect(model.text == (order == .twice ? longText + longText : longText))
                #expect(model.flag)
                #expect(model.list == [longText, "b"])
                #expect(model.small == 7)
                #expect(model.object.id == 11)
                #expect((model.cover as? Document)?.pages == ["p1", longText])
                #expect(model.cover.name == longText)
                #expect((model.extra as? Picture)?.width == 3)
                #expect(model.leaf == Leaf(label: longText, tags: ["t"], twice: false))
                #expect(
                    model.leaves == [Leaf(label: "l1", tags: [], twice: true), Leaf(label: "l2", tags: ["u", longText], twice: false)])
                #expect(model.maybeLeaf == nil)
                // A value moved is its only reference; the run made again after a second read copies.
                if order != .twice { #expect(model.objectWasUnique) }
                let fromJSON = try Mapper.map(
                    Everything.self, fromJSON: try JSONSerialization.data(withJSONObject: everything))
                #expect(fromJSON.text == model.text && fromJSON.leaves == model.leaves && fromJSON.cover.name == longText)
            }
        }
    }

    @Test func nestedImmutableModelsThatReadTwiceInsideOnesThatReadInOrder() throws {
        let leaf: (String, Bool) -> [String: Any] = { ["label": $0, "tags": [$0, longText], "twice": $1] }
        let before = Outer.sightings.alive.of
        let model = try Mapper.map(
            Outer.self, from: ["first": leaf(longText, true), "object": ["id": 1], "rest": [leaf("r1", false), leaf("r2", true)]])
        #expect(model.first == Leaf(label: longText, tags: [longText, longText], twice: true))
        #expect(model.rest.map(\.label) == ["r1", "r2"])
        #expect(model.object.id == 1)
        // The outer init throws after taking everything: nothing leaks, nothing is destroyed twice.
        let error = #expect(throws: MappingError.self) {
            _ = try Mapper.map(Outer.self, from: ["first": leaf("13", true), "object": ["id": 2], "rest": [leaf("r", true)]])
        }
        #expect(error?.errors.map(\.rule) == ["init"])
        let seen = Array(Outer.sightings.objects.dropFirst(before))
        #expect(seen.count == 2)
        withExtendedLifetime(model) {
            #expect(seen.first.flatMap { $0 } === model.object)
            #expect(seen.last.flatMap { $0 } == nil)
        }
    }

    @Test func perRecordArraysWithFailedRecordsKeepTheirValuesApart() throws {
        let leaf: (String, Bool) -> [String: Any] = { ["label": $0, "tags": [longText], "twice": $1] }
        var records: [[String: Any]] = []
        for index in 0..<40 {
            switch index % 4 {
            case 0: records.append(["first": leaf("ok\(index)", index % 8 == 0), "object": ["id": index], "rest": []])
            case 1: records.append(["first": leaf("13", false), "object": ["id": index], "rest": [leaf("x", true)]])  // init throws
            case 2: records.append(["first": leaf("bad", false), "object": ["id": "not a number"], "rest": []])  // type error
            default: records.append(["first": ["label": "t", "tags": [], "twice": "no"], "object": ["id": index], "rest": []])
            }
        }
        let before = Outer.sightings.alive.of
        let batch = try Mapper.mapArray(from: records, as: Outer.self)
        #expect(batch.models.map(\.object.id) == stride(from: 0, to: 40, by: 4).map { $0 })
        #expect(batch.models.map(\.first.label) == stride(from: 0, to: 40, by: 4).map { "ok\($0)" })
        #expect(batch.failures.map(\.index) == (0..<40).filter { $0 % 4 != 0 })
        #expect(batch.failures.filter { $0.index % 4 == 1 }.allSatisfy { $0.error.errors.map(\.rule) == ["init"] })
        #expect(batch.failures.filter { $0.index % 4 == 2 }.allSatisfy { $0.error.errors.map(\.rule) == ["type"] })
        // Every object an init read is alive only in a model mapped (while the batch is: an optimized build may end its
        // lifetime at its last use).
        withExtendedLifetime(batch) {
            let seen = Outer.sightings.objects.dropFirst(before)
            #expect(seen.count == 20)
            #expect(seen.compactMap { $0 }.count == 10)
        }
        let array = #expect(throws: MappingError.self) { _ = try Mapper.map([Outer].self, from: records) }
        #expect(array?.errors.isEmpty == false)
    }

    @Test func rulesReadCopiesThenInitMovesInOrder() throws {
        let model = try Mapper.map(Ruled.self, from: ["name": longText, "tracked": ["id": 8], "count": 2])
        #expect(model.name == longText && model.tracked.id == 8 && model.count == 2)
        #expect(model.trackedWasUnique)
        #expect(Ruled.sightings.objects.contains { $0 === model.tracked })
        let failing = #expect(throws: MappingError.self) {
            _ = try Mapper.map(Ruled.self, from: ["name": longText, "tracked": ["id": 9], "count": 0])
        }
        #expect(failing?.errors.map(\.rule) == ["positive"])
        #expect(failing?.errors.map(\.path) == ["count"])
        #expect(failing?.errors.first?.value == "0")
        #expect(Mapper.validate(["name": "other", "tracked": ["id": 9], "count": 1], as: Ruled.self).map(\.rule) == ["sees"])
        withExtendedLifetime(model) { #expect(Ruled.sightings.alive.count == 1) }
    }

    @Test func aRuleReadingAMergedOrUnmappedPropertyIsAsBefore() throws {
        let merged = #expect(throws: MappingError.self) {
            _ = try Mapper.map(Merger.self, from: ["settings": ["level": 1], "name": "n"])
        }
        #expect(merged?.errors.map(\.rule) == ["mapping"])
        let plain = try Mapper.map(PlainRule.self, from: ["name": "n"])
        #expect(plain.name == "n")
    }

    @Test func validateRunsInitAndLeavesNothing() {
        let before = ThrowsAfterInOrderReads.sightings.alive.of
        #expect(Mapper.validate(trio, as: InOrderUnique.self).isEmpty)
        #expect(Mapper.validate(trio, as: TwiceThenInOrder.self).isEmpty)
        #expect(Mapper.validate(trio, as: ThrowsAfterInOrderReads.self).map(\.rule) == ["init"])
        #expect(ThrowsAfterInOrderReads.sightings.alive == (0, before + 1))
    }

    @Test func aGenericModelsKeyPathsAreFoundByEquality() throws {
        let model = try Mapper.map(Wrapper<Int>.self, from: ["name": longText, "tracked": ["id": 1]])
        #expect(model.name == longText && model.tracked.id == 1)
        let other = try Mapper.map(Wrapper<String>.self, from: ["name": "s", "tracked": ["id": 2]])
        #expect(other.name == "s" && other.tracked.id == 2)
    }

    @Test func aValueOfSizeZeroBetweenOthers() throws {
        let model = try Mapper.map(WithNothing.self, from: ["before": true, "nothing": [String: Any](), "after": longText])
        #expect(model.before && model.after == longText)
        _ = model.nothing
    }

    @Test func aBoxedValueIsReadAsThePropertysType() throws {
        let model = try Mapper.map(Boxed.self, from: ["upper": "abc", "tracked": ["id": 1]])
        #expect(model.upper == "ABC" && model.tracked.id == 1)
    }

    @Test func oneMappingFromManyThreadsAtOnce() throws {
        let results = ThreadResults<Bool>()
        let leaf: @Sendable (String, Bool) -> [String: Any] = { ["label": $0, "tags": [$0], "twice": $1] }
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let label = "\(longText) \(index)"
            do {
                let outer = try Mapper.map(
                    Outer.self, from: ["first": leaf(label, index % 2 == 0), "object": ["id": index], "rest": [leaf("r", index % 3 == 0)]])
                let middle = try Mapper.map(MiddleFirst.self, from: ["a": label, "b": ["id": index], "c": [label]])
                let twice = try Mapper.map(TwiceThenInOrder.self, from: ["a": label, "b": ["id": index], "c": [label]])
                let unique = try Mapper.map(InOrderUnique.self, from: ["a": label, "b": ["id": index], "c": [label]])
                let json = try Mapper.map(
                    InOrderUnique.self, fromJSON: #"{"a": "\#(label)", "b": {"id": \#(index)}, "c": ["\#(label)"]}"#)
                let good =
                    outer.first.label == label && outer.object.id == index && outer.rest.map(\.label) == ["r"]
                    && middle.a == label && middle.b.id == index && middle.c == [label] && middle.bAgain === middle.b
                    && twice.a == label && twice.again == label && twice.b.id == index && twice.c == [label]
                    && unique.a == label && unique.b.id == index && unique.c == [label] && unique.unique
                    && json.a == label && json.b.id == index && json.unique
                results.record(index, good)
            } catch {
                results.record(index, false)
            }
        }
        #expect(results.all.count == 400)
        #expect(results.all.filter { !$0.value }.isEmpty)
    }
}

extension Leaf {
    fileprivate init(label: String, tags: [String], twice: Bool) {
        self.label = label
        self.tags = tags
        self.twice = twice
    }
}

import Foundation
import Testing

@testable import PropertyMapper

/// An object whose release the tests watch: a value left in a slot or a buffer would keep it alive.
private final class Token: Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
}

private struct Holder: Mappable {
    var name = ""
    var token: Token?
    var count = 0

    static let mapping: Mapping<Holder> = [
        "name": .property(\.name),
        "count": .property(\.count),
    ]
}

private final class ClassHolder: Mappable {
    var name = ""
    var names: [String] = []
    init() {}

    static let mapping: Mapping<ClassHolder> = [
        "name": .property(\.name),
        "names": .property(\.names),
    ]
}

@Suite
struct HandlesTests {
    @Test
    func aTemporarySlotGivesTheValueMadeInItOrNil() {
        weak var released: Token?
        let made = ValueSlot<Token>.made { slot in
            let token = Token(7)
            released = token
            slot.initialize(to: token)
            return true
        }
        #expect(made?.id == 7)
        #expect(ValueSlot<Token>.made { _ in false } == nil)
        _ = made
        #expect(released != nil)
    }

    @Test
    func aValueMovedOutOfATemporarySlotIsReleasedWithItsLastReference() {
        weak var released: Token?
        do {
            let token = ValueSlot<Token>.made { slot in slot.store(Token(1)) }
            released = token
            #expect(released != nil)
        }
        #expect(released == nil)
    }

    @Test
    func anArrayFilledInPlaceKeepsOnlyTheKeptElementsInOrder() {
        let result = [Token].filling(capacity: 5) { slots in
            for id in 0..<5 where id % 2 == 0 {
                slots.next().initialize(to: Token(id))
                slots.keep()
            }
        }
        #expect(result.map(\.id) == [0, 2, 4])
        #expect([Int].filling(capacity: 3) { _ in }.isEmpty)
    }

    @Test
    func modelAccessReadsAndWritesThroughKeyPathsAndOffsets() throws {
        var holder = Holder(name: "a", token: nil, count: 3)
        let offset = try #require(MemoryLayout<Holder>.offset(of: \Holder.count))
        ModelAccess.with(&holder) { model in
            #expect(model.read(\Holder.name) == "a")
            #expect(model.load(at: offset, as: Int.self) == 3)
            model.write("b", to: \Holder.name)
            model.write(Token(9), to: \Holder.token)
        }
        #expect(holder.name == "b")
        #expect(holder.token?.id == 9)
        let count = ModelAccess.reading(holder) { $0.withModel(Holder.self) { $0.count } }
        #expect(count == 3)
        var seen: [Int] = []
        ModelAccess.readingEach([holder, Holder(count: 5)]) { index, model in seen.append(index * 10 + model.read(\Holder.count)) }
        #expect(seen == [3, 15])
    }

    @Test
    func aNilTestIsMadeForTheOptionalTypeItselfOnly() throws {
        let test = try #require(Optional<Int>.nilTest(for: Int?.self))
        #expect(test(nil) && !test(2))
        #expect(Optional<Int>.nilTest(for: String?.self) == nil)
    }

    @Test
    func aStagingBufferMovesItsStagedValuesIntoTheModelAndEmpties() {
        let plan = ClassHolder.mapping.plan
        let model = ClassHolder()
        let fields = plan.fields
        StagingBuffer.with(plan) { staging in
            #expect(!fields.indices.contains(where: staging.isStaged))
            staging.slot(fields[0], as: String.self).initialize(to: "x")
            staging.stage(fields[0])
            staging.slot(fields[1], as: [String].self).initialize(to: ["y", "z"])
            staging.stage(fields[1])
            #expect(staging.value(0, as: String.self) == "x")
            var target = model
            ModelAccess.with(&target) { staging.moveAll(into: $0) }
            #expect(!fields.indices.contains(where: staging.isStaged))
        }
        #expect(model.name == "x")
        #expect(model.names == ["y", "z"])
    }

    @Test
    func aStagingBufferDestroysWhatItDiscardsAndTakes() {
        let plan = ClassHolder.mapping.plan
        let fields = plan.fields
        StagingBuffer.with(plan) { staging in
            staging.slot(fields[0], as: String.self).initialize(to: String(repeating: "long ", count: 20))
            staging.stage(fields[0])
            staging.slot(fields[1], as: [String].self).initialize(to: ["y"])
            staging.stage(fields[1])
            #expect(staging.take(1, as: [String].self) == ["y"])
            #expect(staging.isTaken(1) && !staging.isStaged(1))
            staging.discardAll()
            #expect(!staging.isStaged(0))
        }
    }

    @Test
    func ownedValuesHoldEachPlaceUntilFreedAndLendWithoutLosingIt() {
        weak var first: Token?
        weak var replaced: Token?
        weak var last: Token?
        do {
            var made = 0
            let values = OwnedValues<Token>(
                count: 3,
                initial: {
                    made += 1
                    return Token(made)
                }())
            // One value made per place, not one copied.
            #expect(made == 3)
            #expect((0..<3).map { values[$0].id } == [1, 2, 3])
            first = values[0]
            replaced = values[1]
            values[1] = Token(20)
            #expect(replaced == nil, "the value it replaced is released")
            var lent = 0
            values.withValue(at: 2) { lent = $0.id }
            #expect(lent == 3)
            #expect(values[2].id == 3, "a lent value is back in its place")
            last = values[2]
            #expect(first != nil && last != nil)
            values.free()
        }
        #expect(first == nil && last == nil, "free releases every value")
    }

    @Test
    func stagingMemoryStartsWithEveryFlagFalseAndKeepsRegionsApart() {
        var layout = StagingLayout()
        let tokenOffset = layout.reserve(.of(Token.self))
        let numberOffset = layout.reserve(.of(Int.self))
        layout.finish(fieldCount: 2)
        weak var released: Token?
        StagingMemory.withTemporary(layout) { memory in
            #expect((0..<6).allSatisfy { !memory[flag: $0] })
            let token = Token(4)
            released = token
            memory.slot(at: tokenOffset, as: Token.self).initialize(to: token)
            memory.slot(at: numberOffset, as: Int.self).initialize(to: 42)
            memory[flag: 5] = true
            #expect(memory[flag: 5] && !memory[flag: 4])
            #expect(memory.slot(at: numberOffset, as: Int.self).move() == 42)
            #expect(memory.slot(at: tokenOffset, as: Token.self).move().id == 4)
        }
        #expect(released == nil, "a value moved out of its region is not kept")
    }
}

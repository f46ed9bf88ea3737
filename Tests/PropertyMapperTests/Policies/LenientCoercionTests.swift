import Foundation
import PropertyMapper
import Testing

private struct Reading {
    var count = 0
    var small: UInt8 = 0
    var ratio = 0.0
    var single: Float = 0
    var price: Decimal = 0
    var flag = false
    var name = ""
    var maybe: Int?
    var sizes: [Int] = []
    var scores: [String: Double] = [:]
    var when = Date(timeIntervalSince1970: 0)
}

private let lenient: Mapping<Reading> = [
    "count": .property(\.count).lenient().min(1),
    "small": .property(\.small).lenient(),
    "ratio": .property(\.ratio).lenient(),
    "single": .property(\.single).lenient(),
    "price": .property(\.price).lenient(),
    "flag": .property(\.flag).lenient(),
    "name": .property(\.name).lenient(),
    "maybe": .property(\.maybe).lenient(),
    "sizes": .property(\.sizes).lenient(),
    "scores": .property(\.scores).lenient(),
    "when": .box(epoch, \.when).lenient(),
]

/// A boxing whose input is an integer, which `.lenient()` reads from a string too.
private let epoch = Boxing<Date>(named: "epoch") { (seconds: Int) in Date(timeIntervalSince1970: Double(seconds)) }

/// Maps one key of `lenient`, returning the model, or the rules of its errors.
private func read(_ key: String, _ value: Any) -> Result<Reading, MappingError> {
    var reading = Reading()
    do {
        try Mapper.mapValues(from: [key: value], to: &reading, using: lenient)
        return .success(reading)
    } catch {
        return .failure(error)
    }
}

@Suite
struct LenientCoercionTests {
    @Test func theTableReadsStringsAsNumbersAndBooleans() throws {
        #expect(try read("count", "007").get().count == 7)
        #expect(try read("count", "+5").get().count == 5)
        #expect(try read("maybe", "-3").get().maybe == -3)
        #expect(try read("ratio", "12.5").get().ratio == 12.5)
        #expect(try read("ratio", "-1e3").get().ratio == -1000)
        #expect(try read("ratio", "+007.25").get().ratio == 7.25)
        #expect(try read("single", "0.1").get().single == 0.1)
        #expect(try read("price", "12345678901234567890.123").get().price == Decimal(string: "12345678901234567890.123"))
        #expect(try read("flag", "true").get().flag == true)
        #expect(try read("flag", "false").get().flag == false)
        #expect(try read("sizes", ["1", 2, "03"]).get().sizes == [1, 2, 3])
        #expect(try read("scores", ["a": "1.5", "b": 2]).get().scores == ["a": 1.5, "b": 2])
        #expect(try read("when", "1291878848").get().when == Date(timeIntervalSince1970: 1_291_878_848))
    }

    @Test func everythingElseIsRefused() {
        func rules(_ key: String, _ value: Any) -> [String] {
            if case let .failure(error) = read(key, value) { return error.errors.map(\.rule) }
            return []
        }
        #expect(rules("flag", "1") == ["type"])
        #expect(rules("flag", 1) == ["type"])
        #expect(rules("flag", "True") == ["type"])
        #expect(rules("count", true) == ["type"])
        #expect(rules("name", 12) == ["type"])
        #expect(rules("count", "12.5") == ["type"])
        #expect(rules("count", " 12") == ["type"])
        #expect(rules("count", "") == ["type"])
        #expect(rules("ratio", "NaN") == ["type"])
        #expect(rules("ratio", "0x10") == ["type"])
        #expect(rules("ratio", "1.") == ["type"])
        #expect(rules("small", "300") == ["type"])
        #expect(rules("count", "123456789012345678901234567890") == ["type"])
        #expect(rules("sizes", ["1", "x"]) == ["type"])
    }

    /// A string of digits beyond 64 bits is an integer too wide, however many digits it has; never "a string".
    @Test func anIntegerStringBeyond64BitsIsTooWideAtAnyLength() {
        let nines = String(repeating: "9", count: 45)
        for digits in ["123456789012345678901234567890", "+000" + nines, "-" + nines] {
            guard case let .failure(error) = read("count", digits) else { Issue.record("\(digits) fits no Int"); continue }
            #expect(error.errors.map(\.message) == ["an integer wider than 64 bits, expected Int"])
        }
    }

    @Test func rangesAreCheckedOnTheCoercedValue() throws {
        guard case let .failure(error) = read("small", "300") else { Issue.record("300 fits no UInt8"); return }
        #expect(error.errors.first?.message.contains("expected UInt8 (0...255)") == true)
    }

    @Test func validatorsJudgeTheCoercedValue() {
        guard case let .failure(error) = read("count", "0") else { Issue.record("0 passes min(1)"); return }
        #expect(error.errors.map(\.rule) == ["min"])
    }

    @Test func eachCoercionIsAWarning() throws {
        var reading = Reading()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            from: ["count": "2", "sizes": ["1", 2, "3"], "flag": true], to: &reading, using: lenient, warnings: &warnings)
        #expect(warnings.map(\.kind) == [.coerced, .coerced, .coerced])
        #expect(warnings.map(\.path) == ["count", "sizes[0]", "sizes[2]"])
        #expect(warnings.map(\.property) == ["count", "sizes", "sizes"])
        #expect(warnings.first?.description == #"count → count: a string, read as Int (lenient); got "2" [coerced]"#)
    }

    /// An enum backed by a number or a `Bool` reads its raw value by the table, alone or in any container; one backed by a
    /// `String` stays as it is, and nested arrays and sets are covered element by element.
    @Test func enumsAndNestedContainersReadTheirScalarsByTheTable() throws {
        enum Level: Int, CaseIterable {
            case low = 1
            case high = 2
        }
        enum Mood: String { case calm }
        struct Board {
            var level = Level.low
            var levels: [Level]? = nil
            var byName: [String: Level] = [:]
            var grid: [[Int]] = []
            var ids: Set<Int> = []
            var mood = Mood.calm
        }
        let mapping = Mapping<Board>(
            coercion: .lenient,
            [
                "level": .property(\.level), "levels": .property(\.levels), "byName": .property(\.byName),
                "grid": .property(\.grid), "ids": .property(\.ids), "mood": .property(\.mood),
            ])
        var board = Board()
        var warnings: [MappingWarning] = []
        try Mapper.mapValues(
            from: [
                "level": "2", "levels": ["1", 2], "byName": ["a": "02"], "grid": [["1", 2], ["3"]], "ids": [4, "5"], "mood": "calm",
            ],
            to: &board, using: mapping, warnings: &warnings)
        #expect(board.level == .high && board.levels == [.low, .high] && board.byName == ["a": .high])
        #expect(board.grid == [[1, 2], [3]] && board.ids == [4, 5])
        #expect(warnings.map(\.path) == ["level", "levels[0]", "byName.a", "grid[0][0]", "grid[1][0]", "ids[1]"])
        #expect(warnings.first?.message == "a string, read as Level (lenient)")
        let unknown = #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["level": "3"], to: &board, using: mapping) }
        #expect(unknown?.errors.map(\.rule) == ["type"])
        #expect(unknown?.errors.first?.message.contains("expected one of 1, 2") == true)
    }

    /// On a nested level or a list, `.lenient()` covers every field under it, as `coercion: .lenient` does a mapping's.
    @Test func onANestedLevelOrAListItCoversEveryFieldUnderIt() throws {
        struct Pair {
            var count = 0
            var ratio = 0.0
        }
        let nested: Mapping<Pair> = ["a": (["b": .property(\.count)] as PropertyDescriptor<Pair>).lenient()]
        let list: Mapping<Pair> = ["n": PropertyDescriptor<Pair>.list(.property(\.count), .property(\.ratio)).lenient()]
        var pair = Pair()
        try Mapper.mapValues(from: ["a": ["b": "5"]], to: &pair, using: nested)
        #expect(pair.count == 5)
        try Mapper.mapValues(from: ["n": "7"], to: &pair, using: list)
        #expect(pair.count == 7 && pair.ratio == 7)
    }

    @Test func withoutItTypesStayStrict() {
        let strict: Mapping<Reading> = ["count": .property(\.count)]
        var reading = Reading()
        #expect(throws: MappingError.self) { try Mapper.mapValues(from: ["count": "7"], to: &reading, using: strict) }
    }
}

// MARK: A boxing's and a call's input

private final class Schedule {
    var when = Date(timeIntervalSince1970: 0)
    var times: [Date] = []
    var epochs: [Date]? = nil
    var count = 0
    var price: Decimal = 0
    var stamp = Date(timeIntervalSince1970: 0)

    func doubled(_ value: Int) -> Int? { value * 2 }
}

/// The boxings and the call of `Schedule` under `coercion: .lenient`.
private let lenientSchedule = Mapping<Schedule>(
    coercion: .lenient,
    [
        "when": .box(.date(.secondsSince1970), \.when),
        "times": .box(.date(.millisecondsSince1970), \.times),
        "epochs": .box(epoch, \.epochs),
        "count": .call(Schedule.doubled, \.count),
        "price": .box(.decimal, \.price),
        "stamp": .box(.date(.iso8601, .secondsSince1970), \.stamp),
    ])

/// The same with `.lenient()` on each field.
private let lenientFields: Mapping<Schedule> = [
    "when": .box(.date(.secondsSince1970), \.when).lenient(),
    "times": .box(.date(.millisecondsSince1970), \.times).lenient(),
    "epochs": .box(epoch, \.epochs).lenient(),
    "count": .call(Schedule.doubled, \.count).lenient(),
    "price": .box(.decimal, \.price).lenient(),
    "stamp": .box(.date(.iso8601, .secondsSince1970), \.stamp).lenient(),
]

@Suite
struct LenientBoxingAndCallInputTests {
    /// Maps `source` (a dictionary, or JSON text) into a fresh schedule, with its warnings.
    private func map(_ source: Any, mappingWide: Bool) throws -> (Schedule, [MappingWarning]) {
        let schedule = Schedule()
        var warnings: [MappingWarning] = []
        let mapping = mappingWide ? lenientSchedule : lenientFields
        if let json = source as? String {
            try Mapper.mapValues(fromJSON: json, to: schedule, using: mapping, warnings: &warnings)
        } else {
            try Mapper.mapValues(from: source, to: schedule, using: mapping, warnings: &warnings)
        }
        return (schedule, warnings)
    }

    @Test(arguments: [true, false])
    func anEpochDatesNumericStringIsCoercedWithOneWarning(mappingWide: Bool) throws {
        for source: Any in [["when": "1291878848"], #"{"when": "1291878848"}"#] {
            let (schedule, warnings) = try map(source, mappingWide: mappingWide)
            #expect(schedule.when == Date(timeIntervalSince1970: 1_291_878_848))
            #expect(warnings.map(\.kind) == [.coerced])
            #expect(warnings.map(\.path) == ["when"])
        }
    }

    @Test(arguments: [true, false])
    func aCallsIntegerInputIsCoerced(mappingWide: Bool) throws {
        let (schedule, warnings) = try map(["count": "42"], mappingWide: mappingWide)
        #expect(schedule.count == 84)
        #expect(warnings.map(\.kind) == [.coerced] && warnings.first?.path == "count")
    }

    @Test(arguments: [true, false])
    func aBoxingOverAnArrayCoercesElementByElement(mappingWide: Bool) throws {
        let (schedule, warnings) = try map(
            #"{"times": ["1291878848123", 1291878848000], "epochs": [1, "2", "3"]}"#, mappingWide: mappingWide)
        #expect(schedule.times == [Date(timeIntervalSince1970: 1_291_878_848.123), Date(timeIntervalSince1970: 1_291_878_848)])
        #expect(schedule.epochs == [1, 2, 3].map { Date(timeIntervalSince1970: $0) })
        #expect(warnings.map(\.kind) == [.coerced, .coerced, .coerced])
        #expect(warnings.map(\.path) == ["times[0]", "epochs[1]", "epochs[2]"])
        #expect(warnings.map(\.property) == ["times", "epochs", "epochs"])
    }

    @Test(arguments: [true, false])
    func whatTheTableCannotReadStaysATypeError(mappingWide: Bool) {
        let error = #expect(throws: MappingError.self) {
            try map(["when": "soon", "times": ["1", "x"], "count": "4.5"], mappingWide: mappingWide)
        }
        #expect(error?.errors.map(\.path) == ["when", "times[1]", "count"])
        #expect(error?.errors.map(\.rule) == ["type", "type", "type"])
    }

    @Test(arguments: [true, false])
    func aBoxingThatReadsStringsItselfIsNotCoerced(mappingWide: Bool) throws {
        // `.decimal` reads numeric strings as its own contract; a format list that reads text takes a string as text.
        let (schedule, warnings) = try map(["price": "12.50"], mappingWide: mappingWide)
        #expect(schedule.price == Decimal(string: "12.50"))
        #expect(warnings.isEmpty)
        let error = #expect(throws: MappingError.self) { try map(["stamp": "1291878848"], mappingWide: mappingWide) }
        #expect(error?.errors.map(\.rule) == ["box(Date)"])
    }
}

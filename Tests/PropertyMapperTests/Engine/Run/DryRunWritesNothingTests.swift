import Foundation
import PropertyMapper
import Testing

/// The dry run writes no property of any instance: not the `for:` instance, not the fresh one
/// `validate(_:as:)` runs a model's calls on, not a nested model's.
@Suite(.serialized) struct DryRunWritesNothingTests {
    /// The property writes a test's models saw, through their observers.
    final class WriteLog: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []

        func append(_ entry: String) {
            lock.lock()
            entries.append(entry)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return entries
        }
    }

    static let log = WriteLog()

    struct Line: Mappable {
        var sku = "" { didSet { DryRunWritesNothingTests.log.append("sku") } }
        var quantity = 0 { didSet { DryRunWritesNothingTests.log.append("quantity") } }
        static let mapping: Mapping<Line> = ["sku": .property(\.sku), "quantity": .property(\.quantity).min(1)]
    }

    final class Order: Mappable {
        var id = 0 { didSet { DryRunWritesNothingTests.log.append("id") } }
        var note = "" { didSet { DryRunWritesNothingTests.log.append("note") } }
        var first: Line? { didSet { DryRunWritesNothingTests.log.append("first") } }
        var lines: [Line] = [] { didSet { DryRunWritesNothingTests.log.append("lines") } }
        static let mapping: Mapping<Order> = [
            "id": .property(\.id).min(1),
            "note": .call(Order.checkedNote(from:), \.note),
            "first": .property(\.first),
            "lines": .property(\.lines),
        ]

        init() {}

        func checkedNote(from text: String) -> String? { text.isEmpty ? nil : text }
    }

    /// The same order with a rule that reads a nested model's value.
    final class RuledOrder: Mappable {
        var id = 0 { didSet { DryRunWritesNothingTests.log.append("id") } }
        var lines: [Line] = [] { didSet { DryRunWritesNothingTests.log.append("lines") } }
        static let mapping = Mapping<RuledOrder>(
            rules: [MappingRule("hasLines") { try !$0[\.lines].isEmpty }],
            ["id": .property(\.id), "lines": .property(\.lines)])

        init() {}
    }

    static var valid: [String: Any] {
        ["id": 7, "note": "rush", "first": ["sku": "a", "quantity": 1], "lines": [["sku": "b", "quantity": 2]]]
    }
    static var invalid: [String: Any] {
        ["id": 0, "note": "", "first": ["sku": "a", "quantity": 0], "lines": [["sku": "b", "quantity": 2], ["quantity": 0]]]
    }

    func writes(_ body: () -> Void) -> [String] {
        // Each test's models log alone: the suite's tests run one at a time.
        let before = Self.log.all.count
        body()
        return Array(Self.log.all.dropFirst(before))
    }

    @Test func validateAsWritesNothing() {
        for source in [Self.valid, Self.invalid] {
            var reported: [ValidationError] = []
            #expect(writes { reported = Mapper.validate(source, as: Order.self) } == [])
            var thrown: [ValidationError] = []
            do { _ = try Mapper.map(Order.self, from: source) } catch { thrown = error.errors }
            #expect(reported == thrown)
        }
        #expect(Mapper.validate(Self.valid, as: Order.self).isEmpty)
        #expect(Mapper.validate(Self.invalid, as: Order.self).map(\.path) == ["id", "note", "first.quantity", "lines[1].quantity"])
    }

    @Test func validateForAnInstanceWritesNothing() {
        let order = Order()
        for source in [Self.valid, Self.invalid] {
            #expect(writes { _ = Mapper.validate(source, for: order, using: Order.mapping) } == [])
        }
        #expect(order.id == 0 && order.lines.isEmpty && order.first == nil)
    }

    @Test func validateFromJSONWritesNothing() throws {
        let json = try JSONSerialization.data(withJSONObject: Self.invalid)
        let parsed = try JSONSerialization.jsonObject(with: json)
        #expect(writes { _ = Mapper.validate(parsed, as: Order.self) } == [])
    }

    @Test func aRuleReadingANestedModelIsJudgedAsMapJudgesIt() {
        for source in [["id": 1, "lines": []], ["id": 1, "lines": [["sku": "b", "quantity": 2]]]] as [[String: Any]] {
            var thrown: [ValidationError] = []
            do { _ = try Mapper.map(RuledOrder.self, from: source) } catch { thrown = error.errors }
            var reported: [ValidationError] = []
            let logged = writes { reported = Mapper.validate(source, as: RuledOrder.self) }
            #expect(reported == thrown)
            #expect(!logged.contains("id") && !logged.contains("lines"))
        }
    }
}

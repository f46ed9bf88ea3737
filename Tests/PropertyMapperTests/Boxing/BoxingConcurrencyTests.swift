import Dispatch
import Foundation
import Testing

@testable import PropertyMapper

private struct Ledger: Equatable, Sendable {
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var amount = Decimal()
    var booked = Date(timeIntervalSince1970: 0)
    var due = Date(timeIntervalSince1970: 0)
    var stamped = Date(timeIntervalSince1970: 0)
    var spoken = Date(timeIntervalSince1970: 0)
    var history: [Date] = []

    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let mapping: Mapping<Ledger> = [
        "id": .box(.uuid, \.id),
        "amount": .box(.decimal, \.amount),
        "booked": .box(.date(.format("yyyy-MM-dd")), \.booked),
        "due": .box(.date(.format("yyyy-MM-dd HH:mm", timeZone: paris), .secondsSince1970), \.due),
        "stamped": .box(.date, \.stamped),
        // Not a fixed-width pattern: the locked formatter.
        "spoken": .box(.date(.format("d MMM yyyy")), \.spoken),
        "history": .box(.date(.iso8601, .millisecondsSince1970), \.history),
    ]
}

private let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

/// Records of every kind of date, decimal and UUID, some of them invalid.
private let records: [String] = (0..<400).map { index in
    let year = 1990 + index % 40
    let month = 1 + index % 12
    let day = 1 + index % 28
    let due =
        index % 3 == 0
        ? "\(1_500_000_000 + index * 3600)" : #""\#(year)-\#(twoDigits(month))-\#(twoDigits(day)) \#(twoDigits(index % 24)):30""#
    let booked = index % 50 == 7 ? "\(year)-02-30" : "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    return """
        {"id": "\(UUID().uuidString)", "amount": \(index).\(index % 100)1, "booked": "\(booked)", "due": \(due),
         "stamped": "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(index % 24)):14:08.\(index % 1000)Z",
         "spoken": "\(day) \(months[month - 1]) \(year)", "history": [\(index * 1000), "2010-12-09T07:14:08Z"]}
        """
}

private func mapAll() -> [String] {
    records.map { json in
        var ledger = Ledger()
        do {
            try Mapper.mapValues(fromJSON: json, to: &ledger, using: Ledger.mapping)
            let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8))
            var again = Ledger()
            try Mapper.mapValues(from: dictionary, to: &again, using: Ledger.mapping)
            // JSONSerialization reads amounts as Doubles (shortest digits); they still agree here.
            return again == ledger ? "\(ledger)" : "disagree: \(ledger) \(again)"
        } catch {
            return "\(error)"
        }
    }
}

@Suite struct BoxingConcurrencyTests {
    @Test func mappingFromManyThreadsAgreesWithOneThread() async throws {
        let expected = mapAll()
        // Eight February 30ths, and 2016-03-27 02:30 in Paris, in the hour its clocks skipped.
        #expect(expected.filter { $0.contains("box(Date)") }.count == 9)
        #expect(expected[26].contains("box(Date)") && expected[26].contains("due"))
        #expect(!expected.contains { $0.hasPrefix("disagree") })
        let threads = 8
        let results = ThreadResults<[String]>()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            results.record(thread, mapAll())
        }
        for thread in 0..<threads {
            #expect(results.all[thread] == expected, "thread \(thread)")
        }
        // And from a task group.
        let fromTasks = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<threads { group.addTask { mapAll() } }
            var all: [[String]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(fromTasks.allSatisfy { $0 == expected })
    }
}

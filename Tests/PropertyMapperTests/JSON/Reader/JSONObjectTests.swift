import Foundation
import Testing

@testable import PropertyMapper

/// The reader's object for one mapped level: the values it keeps by entry, the keys it saw (a set
/// without allocation for the first 64), and what it found beyond exact keys.
@Suite struct JSONObjectTests {
    /// A record of `count` integer properties, each mapped from the key `k<i>`.
    struct Wide {
        var values = [Int](repeating: -1, count: 70)

        static let mapping = Mapping<Wide>(
            (0..<70).map { index in (MappingKey.key("k\(index)"), PropertyDescriptor<Wide>.property(\Wide.values[index])) })
    }

    @Test func aKeySetHoldsSmallAndLargePositions() {
        var keys = KeySet()
        #expect(keys.isEmpty)
        for key in [0, 63, 64, 1000] { keys.insert(key) }
        #expect(!keys.isEmpty)
        #expect([0, 63, 64, 1000].allSatisfy(keys.contains))
        #expect(![1, 62, 65, 999].contains(where: keys.contains))
        var large = KeySet()
        large.insert(64)
        #expect(!large.isEmpty && !large.contains(0))
    }

    @Test func entriesBeyondTheSixtyFourthAreKeptToo() throws {
        let pairs = (0..<70).filter { $0.isMultiple(of: 3) || $0 >= 64 }.map { #""k\#($0)": \#($0)"# }
        var wide = Wide()
        try Mapper.mapValues(fromJSON: "{" + pairs.joined(separator: ", ") + "}", to: &wide, using: Wide.mapping)
        for index in 0..<70 {
            #expect(wide.values[index] == (index.isMultiple(of: 3) || index >= 64 ? index : -1), "k\(index)")
        }
    }

    /// An error shows a nested object by the keys the document wrote, those the level skips or reads loosely too, as the
    /// parsed dictionary does; a key the level reads, written twice, is one key.
    @Test(arguments: [
        (#"{"name": "a", "note": 1, "more": [2]}"#, "3 keys"), (#"{"name": "a", "name": "b"}"#, "1 key"),
        (#"{"NAME": "a", "city": "b"}"#, "2 keys"), (#"{}"#, "0 keys"),
    ])
    func anErrorCountsTheKeysTheDocumentWrote(text: String, shown: String) throws {
        struct Stop: Mappable {
            var name = ""
            var city = ""
            static let mapping = Mapping<Stop>(keys: .caseInsensitive, ["name": .property(\.name), "city": .property(\.city)])
        }
        struct Holder {
            var trip = Stop()
        }
        let mapping: Mapping<Holder> = ["trip": .property(\.trip).ensure("never") { (_: Stop) in false }]
        var holder = Holder()
        let errors = mappingErrors { try Mapper.mapValues(fromJSON: #"{"trip": \#(text)}"#, to: &holder, using: mapping) }
        #expect(expectSingleError(errors, at: "trip", rule: "never")?.value == "{…} (\(shown))")
    }

    @Test func looseCandidatesAreListedOnceEachWhateverTheirRepeats() {
        let mapping = Mapping<TripFixture>(keys: .caseInsensitive, ["name": .property(\.name)])
        var trip = TripFixture()
        let errors = mappingErrors {
            try Mapper.mapValues(fromJSON: #"{"NAME": "a", "Name": "b", "NAME": "c"}"#, to: &trip, using: mapping)
        }
        let error = expectSingleError(errors, at: "name", rule: "ambiguousKey")
        #expect(error?.message.contains(#""NAME", "Name""#) == true)
    }

    @Test func anAlternativeIsReadWhenTheFirstKeyIsAbsent() throws {
        let mapping = Mapping<TripFixture>([.anyOf("city", "town", "place"): .property(\.city)])
        var trip = TripFixture()
        try Mapper.mapValues(fromJSON: #"{"place": "a", "town": "b"}"#, to: &trip, using: mapping)
        #expect(trip.city == "b")
    }
}

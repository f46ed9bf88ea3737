import Foundation
import Testing

@testable import PropertyMapper

/// Reading Foundation containers without bridging them: a nested `NSDictionary` or `NSArray` comes back
/// as the same object (on Linux, `object(forKey:)` would convert it, every level below included).
@Suite struct FoundationContainersUnbridgedTests {
    @Test func aNestedDictionaryComesBackAsItself() {
        let inner = NSDictionary(dictionary: ["x": 1])
        let outer = NSDictionary(dictionary: ["inner": inner, "n": 2])
        #expect(outer.unbridgedValue(forKey: "inner") as? NSDictionary === inner)
        #expect((outer.unbridgedValue(forKey: "n") as? NSNumber)?.intValue == 2)
        #expect(outer.unbridgedValue(forKey: "missing") == nil)
    }

    /// A key found as Swift compares strings (`"cafe\u{301}"` for `"café"`) is read, whatever the dictionary's hashing
    /// (its size), in a subclass too; `mapValues` reads it as from a `[String: Any]`.
    @Test func aKeySpelledInAnotherNormalFormIsRead() throws {
        struct Menu { var dish: String?; var name: String? }
        let mapping: Mapping<Menu> = [.key("caf\u{E9}"): .property(\.dish).isRequired(), "name": .property(\.name)]
        for padding in 0..<40 {
            var source: [String: Any] = ["cafe\u{301}": "crème", "name": "n"]
            for index in 0..<padding { source["k\(index)"] = index }
            for dictionary in [NSDictionary(dictionary: source), Tagged(source)] {
                #expect(dictionary.unbridgedValue(forKey: "caf\u{E9}") as? String == "crème", "\(padding) keys more")
                #expect(dictionary.unbridgedValue(forKey: "cafe") == nil)
                var menu = Menu()
                try Mapper.mapValues(from: dictionary, to: &menu, using: mapping)
                #expect(menu.dish == "crème")
            }
        }
    }

    /// An `NSDictionary` subclass, whose storage is its own.
    final class Tagged: NSDictionary {
        private var storage: [String: Any] = [:]
        convenience init(_ storage: [String: Any]) {
            self.init()
            self.storage = storage
        }
        override var count: Int { storage.count }
        override func object(forKey key: Any) -> Any? { (key as? String).flatMap { storage[$0] } }
        override func keyEnumerator() -> NSEnumerator { NSArray(array: Array(storage.keys)).objectEnumerator() }
    }

    @Test func iteratingVisitsStringKeysOnlyAndKeepsNestedContainers() {
        let inner = NSMutableArray(array: [1, 2])
        let outer = NSMutableDictionary(dictionary: ["list": inner, "s": "t"])
        outer[NSNumber(value: 3)] = "not a string key"
        var seen: [String: Any] = [:]
        outer.forEachStringKey { seen[$0] = $1 }
        #expect(seen.keys.sorted() == ["list", "s"])
        #expect(seen["list"] as? NSMutableArray === inner)
    }

    @Test func aDictionaryThatHoldsItselfIsReadOneLevelAtATime() {
        let cyclic = NSMutableDictionary()
        cyclic["self"] = cyclic
        var visits = 0
        cyclic.forEachStringKey { _, value in
            visits += 1
            #expect(value as? NSMutableDictionary === cyclic)
        }
        #expect(visits == 1)
        #expect(cyclic.unbridgedValue(forKey: "self") as? NSMutableDictionary === cyclic)
        cyclic["self"] = nil
    }

    @Test func arrayElementsThatAreContainersComeBackAsThemselves() {
        let inner = NSDictionary(dictionary: ["a": 1])
        let array = UnbridgedArray(NSArray(array: [inner, "b", 3]))
        #expect(array.count == 3)
        #expect(array.element(at: 0) as? NSDictionary === inner)
        #expect(array.element(at: 1) as? String == "b")
        #expect((array.element(at: 2) as? NSNumber)?.intValue == 3)
    }
}

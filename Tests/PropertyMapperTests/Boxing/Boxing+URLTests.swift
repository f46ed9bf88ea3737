import Foundation
import PropertyMapper
import Testing

/// `.url`: a URL from a string, strictly (no percent-encoding added, no empty URL), written back as
/// its absolute string.
@Suite struct URLBoxingTests {
    struct Link: Equatable {
        var target = URL(string: "https://preset.example")!
        var mirror: URL?

        static let mapping: Mapping<Link> = ["target": .box(.url, \.target), "mirror": .box(.url, \.mirror)]
    }

    @Test(arguments: ["https://cdn.example.com/v/1.mp4?a=1#t", "mailto:user@example.com", "relative/path", "https://example.com/%20x"])
    func readsWhatURLReadsWithoutEncoding(text: String) throws {
        var link = Link()
        try Mapper.mapValues(from: ["target": text], to: &link, using: Link.mapping)
        #expect(link.target.absoluteString == text)
    }

    @Test(arguments: ["", "https://example.com/a b", "https://exa mple.com", "http://[::1"])
    func refusesTextURLWouldHaveToEncodeOrCannotRead(text: String) {
        var link = Link()
        let errors = mappingErrors { try Mapper.mapValues(from: ["target": text], to: &link, using: Link.mapping) }
        expectSingleError(errors, at: "target", rule: "box(URL)")
        #expect(link == Link())
    }

    @Test func takesOnlyStringsAndNullFollowsTheTarget() throws {
        var link = Link(mirror: URL(string: "https://m.example"))
        expectSingleError(
            mappingErrors { try Mapper.mapValues(from: ["target": 42], to: &link, using: Link.mapping) }, at: "target", rule: "type")
        try Mapper.mapValues(from: ["mirror": NSNull()], to: &link, using: Link.mapping)
        #expect(link.mirror == nil)
    }

    @Test func writesTheAbsoluteString() throws {
        let link = Link(target: URL(string: "https://example.com/a?b=c")!, mirror: nil)
        let written = try Mapper.serialize(link, using: Link.mapping)
        #expect(written["target"] as? String == "https://example.com/a?b=c")
        #expect(written["mirror"] == nil)
    }
}

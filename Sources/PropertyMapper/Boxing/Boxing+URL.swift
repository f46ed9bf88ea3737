import Foundation

extension Boxing where Value == URL {
    /// Boxes a URL string, relative references included:
    ///
    /// `"videoURL": .box(.url, \.contentURL)`. Invalid strings are rejected, never percent-encoded: `"not a url"`
    /// fails with `videoURL → contentURL: not a valid URL; got "not a url" [box(URL)]`. A number is a `type` error.
    /// The reverse is `absoluteString`.
    public static var url: Self {
        Boxing(named: "URL") { (text: String) in
            text.isEmpty ? nil : strictURL(text)
        } reverse: {
            $0.absoluteString
        }
    }

    private static func strictURL(_ text: String) -> URL? {
        #if canImport(Darwin)
        // Before these releases URL(string:) never encodes.
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return URL(string: text) }
        #endif
        return URL(string: text, encodingInvalidCharacters: false)
    }
}

import Foundation

extension Boxing where Value == URL {
    /// Boxes a URL string such as `"https://cdn.example.com/v/1.mp4"`.
    ///
    ///     "videoURL": .box(.url, \.contentURL)
    ///
    /// An empty string, or one `URL(string:)` rejects, fails with
    /// `videoURL → contentURL: cannot be boxed as URL; got "" [box(URL)]`. A number is a `type` error.
    public static var url: Self {
        Boxing(named: "URL") { (text: String) in
            text.isEmpty ? nil : URL(string: text)
        }
    }
}

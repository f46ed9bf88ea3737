import Foundation

extension Boxing where Value == Data {
    /// Boxes canonical base64 into `Data`.
    ///
    /// RFC 4648 §4: padded, unused bits zero, no line breaks or URL-safe alphabet. `"thumbnail": .box(.base64,
    /// \.thumbnail)`. Anything else fails with `thumbnail → thumbnail: not a valid base64; got "aGVsbG8"
    /// [box(base64)]`; a number is a `type` error. The reverse is `base64EncodedString()`.
    public static var base64: Self {
        Boxing(named: "base64") { (text: String) in
            // Decoding then encoding again refuses every non-canonical form Foundation would accept.
            guard text.utf8.count % 4 == 0, let data = Data(base64Encoded: text),
                data.base64EncodedString() == text
            else { return nil }
            return data
        } reverse: {
            $0.base64EncodedString()
        }
    }
}

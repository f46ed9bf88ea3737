import Foundation
import PropertyMapper

/// Reads an error path (`author.email`, `geo[1]`, `["a.b"]`, `tags[3]`) back into components and
/// looks it up in a source, without the library.
enum SourcePath {
    /// The components of `path`, or nil when it is not well formed. `""` is the root.
    static func components(_ path: String) -> [MappingKey]? {
        var result: [MappingKey] = []
        let scalars = Array(path.unicodeScalars)
        var index = 0
        var first = true
        while index < scalars.count {
            if scalars[index] == "[" {
                index += 1
                guard index < scalars.count else { return nil }
                if scalars[index] == "\"" {
                    // A quoted key: a JSON string literal, then `]`.
                    var end = index + 1
                    while end < scalars.count, scalars[end] != "\"" {
                        end += scalars[end] == "\\" ? 2 : 1
                    }
                    guard end + 1 < scalars.count, scalars[end + 1] == "]" else { return nil }
                    var literal = String.UnicodeScalarView()
                    literal.append(contentsOf: scalars[index...end])
                    guard
                        let key = try? JSONSerialization.jsonObject(with: Data(String(literal).utf8), options: [.fragmentsAllowed])
                            as? String
                    else { return nil }
                    result.append(.key(key))
                    index = end + 2
                } else {
                    var end = index
                    while end < scalars.count, scalars[end] != "]" { end += 1 }
                    guard end < scalars.count, let number = Int(String(String.UnicodeScalarView(scalars[index..<end]))) else { return nil }
                    result.append(.index(number))
                    index = end + 1
                }
            } else {
                if !first {
                    guard scalars[index] == "." else { return nil }
                    index += 1
                }
                var end = index
                while end < scalars.count, scalars[end] != ".", scalars[end] != "[" { end += 1 }
                guard end > index else { return nil }
                result.append(.key(String(String.UnicodeScalarView(scalars[index..<end]))))
                index = end
            }
            first = false
        }
        return result
    }

    /// Whether `path` names a value (null included) that exists in `source`.
    static func exists(_ path: String, in source: Any?) -> Bool {
        guard let components = components(path), var current = Oracle.unwrapped(source) else { return false }
        for key in components {
            guard let next = Oracle.child(of: current, at: key) else { return false }
            current = next
        }
        return true
    }
}

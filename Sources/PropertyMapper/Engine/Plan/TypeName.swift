/// Type names as a Swift user writes them: `String?`, `[Int]`, `[String: Double]`.
enum TypeName {
    static func of(_ type: Any.Type) -> String {
        if let optional = type as? any OptionalConvertible.Type { return of(optional.wrappedType) + "?" }
        if let array = type as? any ArrayConvertible.Type { return "[\(array.elementTypeName)]" }
        if let dictionary = type as? any StringDictionaryConvertible.Type { return "[String: \(dictionary.valueTypeName)]" }
        return String(describing: type)
    }
}

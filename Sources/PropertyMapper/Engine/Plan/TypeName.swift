/// Type names as a Swift user writes them: `String?`, `[Int]`, `[String: Double]`.
enum TypeName {
    static func of(_ type: Any.Type) -> String {
        (type as? any SugaredType.Type)?.sugaredName ?? String(describing: type)
    }
}

/// An optional, an array or a `[String: …]`: named as Swift's sugar writes it, around its parameters' names.
protocol SugaredType {
    static var sugaredName: String { get }
}

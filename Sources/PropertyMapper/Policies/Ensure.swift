/// A named rule on a field's converted value (after boxing, call, enum or nested model), checked
/// before anything is written.
struct Ensure: Sendable {
    let rule: String
    /// The type the closure takes, as a user writes it.
    let typeName: String
    /// Whether a field of the given type gives the closure its value (`T`, or `T?`: nil passes).
    let accepts: @Sendable (Any.Type) -> Bool
    /// Why the value fails, or nil; a nil optional passes.
    let judge: @Sendable (Any) -> Failure?
}

extension PropertyDescriptor {
    /// Adds a rule on the converted value, which validators (judging the source value) cannot see:
    ///
    ///     "site": .box(.url, \.site).ensure("isSecure") { (url: URL) in url.scheme == "https" },
    ///     "end": .box(.date, \.end).ensure("inThePast") { (date: Date) in date < .now },
    ///
    /// The closure takes the property's type (or, for an optional property, its wrapped type: nil
    /// passes). A `false` result, or a thrown error, is an error with the rule's name:
    /// `site → site: does not pass isSecure; got "http://…" [isSecure]`. It runs after the type check,
    /// the validators and the conversion, only on a value that got that far. A closure that takes
    /// another type than the property's is a definition error.
    public func ensure<Value>(_ name: String, _ predicate: @escaping @Sendable (Value) throws -> Bool) -> Self {
        adding(
            Ensure(
                rule: name, typeName: TypeName.of(Value.self),
                accepts: { $0 == Value.self || $0 == Value?.self },
                judge: { value in
                    guard let typed = value as? Value else { return nil }
                    do {
                        return try predicate(typed) ? nil : .failedCheck(name: name, thrown: nil)
                    } catch {
                        return .failedCheck(name: name, thrown: String(describing: error))
                    }
                }))
    }
}

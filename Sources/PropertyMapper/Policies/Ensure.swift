/// A named rule on a field's converted value, checked before anything is written.
struct Ensure: Sendable {
    let rule: String
    let typeName: String
    /// Whether a field of the given type gives the closure its value (`T` or a subtype, or an optional one: nil passes).
    let accepts: @Sendable (Any.Type) -> Bool
    /// Why the value fails, or nil; a nil optional passes.
    let judge: @Sendable (Any) -> Failure?
}

extension Ensure {
    /// A validator that judges numbers, on the number a `.box` or `.call` made (a nil optional passes), of any integer or
    /// floating-point type (`CGFloat`, `Int128`) or a `Decimal`.
    init(judgingResult validator: Validator) {
        self.init(rule: validator.rule, typeName: "", accepts: { _ in true }) { value in
            let item = SourceItem(value)
            return item.isNull ? nil : validator.check(item)
        }
    }
}

extension PropertyDescriptor {
    /// Adds a rule on the converted value, which validators (judging the source) cannot see:
    ///
    /// `.box(.url, \.site).ensure("isSecure") { (url: URL) in url.scheme == "https" }`. It takes the property's type
    /// (an optional's wrapped type; nil passes) and runs on a value that passed type check, validators and
    /// conversion. `false` or a throw fails with `site → site: does not pass isSecure; got "http://…" [isSecure]`;
    /// another type is a definition error.
    public func ensure<Value>(_ name: String, _ predicate: @escaping @Sendable (Value) throws -> Bool) -> Self {
        adding(
            Ensure(
                rule: name, typeName: TypeName.of(Value.self),
                // The property's type, its optional, or a subtype of `Value` (a `Dog` for a rule on any `Pet`), optional or not.
                accepts: { type in
                    type == Value.self || type == Value?.self
                        || ((type as? any OptionalConvertible.Type)?.wrappedType ?? type) is Value.Type
                },
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

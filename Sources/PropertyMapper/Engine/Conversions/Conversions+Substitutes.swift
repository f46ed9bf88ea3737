/// A field's `default:` (for an absent value, under `.useDefault`) and `fallback:` (for a present value that fails), each a
/// closure over a `Sendable` value so the field stays `Sendable`; `Field.stage(_:at:_:in:)` stages them.
struct Substitutes<Value>: Sendable {
    var defaultValue: (@Sendable () -> Value)?
    var fallback: (@Sendable () -> Value)?

    init() {}

    init(default defaultValue: Value?, fallback: Value?) where Value: Sendable {
        if let defaultValue { self.defaultValue = { defaultValue } }
        if let fallback { self.fallback = { fallback } }
    }
}

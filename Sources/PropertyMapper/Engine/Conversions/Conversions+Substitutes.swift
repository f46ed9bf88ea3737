/// A field's `default:` (written when the value is absent, under `.useDefault`) and `fallback:`
/// (written in place of a present value that fails). Each is made by a closure over a `Sendable`
/// value, so that the field stays `Sendable` whatever the property's type. The public forms are in
/// Policies/DefaultAndFallback.swift; `Field.stage(_:at:_:in:)` stages them.
struct Substitutes<Value>: Sendable {
    var defaultValue: (@Sendable () -> Value)?
    var fallback: (@Sendable () -> Value)?

    init() {}

    /// Substitutes of the given values (nil: none).
    init(default defaultValue: Value?, fallback: Value?) where Value: Sendable {
        if let defaultValue { self.defaultValue = { defaultValue } }
        if let fallback { self.fallback = { fallback } }
    }

    /// What makes the default or the fallback; nil when there is none, and for null. (A closure
    /// rather than the value: returning a `Value?` to generic code looks its metadata up on every call.)
    func maker(_ substitute: Substitute) -> (@Sendable () -> Value)? {
        switch substitute {
        case .null: nil
        case .defaultValue: defaultValue
        case .fallback: fallback
        }
    }
}

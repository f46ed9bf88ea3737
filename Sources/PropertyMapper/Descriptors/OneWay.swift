extension PropertyDescriptor {
    /// Maps the field from data but never serializes it (nor anything under it): `"raw": .property(\.raw).oneWay()`.
    /// A call without `reverse:` or a boxing without a reverse is then no error for serialize.
    public func oneWay() -> Self {
        changed { $0.isOneWay = true }
    }
}

extension PropertyDescriptor {
    /// Maps the field from data but never serializes it:
    ///
    ///     "raw": .property(\.raw).oneWay()
    ///
    /// Serialize skips the field (a nested mapping or a list marked so, everything under it), so a
    /// call without `reverse:` or a boxing without a reverse is no error there. Mapping is unchanged.
    public func oneWay() -> Self {
        skippingSerialization()
    }
}

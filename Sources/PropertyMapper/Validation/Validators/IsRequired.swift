extension PropertyDescriptor {
    /// Requires the value to be present and not null.
    ///
    ///     "videoURL": .box(.url, \.contentURL).isRequired()
    ///
    /// A missing key fails with `videoURL → contentURL: value is missing [isRequired]`; a null with
    /// `expected a value; got null`. It is the only validator that fails on absent or null values.
    /// On a nested mapping, an absent container is one `isRequired` error rather than one per entry.
    public func isRequired() -> Self {
        requiringValue()
    }
}

extension PropertyDescriptor {
    /// Requires the value to be present and not null:
    ///
    /// `.box(.url, \.contentURL).isRequired()`. A missing key fails with `videoURL → contentURL: value is missing
    /// [isRequired]`, a null with `expected a value; got null`. On a nested mapping, an absent container is one error
    /// rather than one per entry.
    public func isRequired() -> Self {
        changed { $0.isRequiredFlag = true }
    }
}

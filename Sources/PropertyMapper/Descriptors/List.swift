extension PropertyDescriptor {
    /// Gives one source value to several descriptors, each checking it: `.list(.box(.url, \.contentURL), .property(\.rawURL))`.
    /// Validators chained on the list run once, first; any failure means none of them is written. Descriptors failing on
    /// the value for one reason give one error naming each property (`link → raw, url: a number, expected String … [type]`).
    public static func list(_ descriptors: Self...) -> Self {
        list(descriptors)
    }

    /// A list built from an array of descriptors.
    public static func list(_ descriptors: [Self]) -> Self {
        Self(.list(descriptors))
    }
}

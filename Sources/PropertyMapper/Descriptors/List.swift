extension PropertyDescriptor {
    /// Gives one source value to several descriptors, each checking it: `.list(.box(.url, \.contentURL), .property(\.rawURL))`.
    /// Validators chained on the list run once, first; any failure means none of them is written.
    public static func list(_ descriptors: Self...) -> Self {
        list(descriptors)
    }

    /// A list built from an array of descriptors.
    public static func list(_ descriptors: [Self]) -> Self {
        Self(.list(descriptors))
    }
}

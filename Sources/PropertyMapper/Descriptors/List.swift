extension PropertyDescriptor {
    /// Gives one source value to several descriptors; each checks it on its own.
    ///
    ///     "videoURL": .list(.box(.url, \.contentURL), .property(\.rawURL))
    ///
    /// Validators chained on the list run once, before its descriptors. As with every mapping,
    /// a failure in any of them means none of them is written.
    public static func list(_ descriptors: Self...) -> Self {
        list(descriptors)
    }

    /// A list built from an array of descriptors.
    public static func list(_ descriptors: [Self]) -> Self {
        Self(.list(descriptors))
    }
}

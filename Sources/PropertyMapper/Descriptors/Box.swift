extension PropertyDescriptor {
    /// Converts the source value with a boxing, then writes it.
    ///
    ///     "videoURL": .box(.url, \.contentURL)
    ///
    /// The source value is first checked against the boxing's input type (a `type` error), then the
    /// node's validators run on it, then the boxing converts it; a boxing that returns nil or throws is a
    /// `box(Name)` error: `videoURL → contentURL: not a valid URL; got "" [box(URL)]`.
    /// The boxing never sees null: null writes nil into an optional property and is a `type` error otherwise.
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value> & Sendable) -> Self {
        Self(.field(boxing.implementation.field(rule: boxing.rule, keyPath: keyPath) { $0 }))
    }

    /// The same for an optional property: `.box(.url, \.contentURL)` where `contentURL` is a `URL?`.
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value?> & Sendable) -> Self {
        Self(.field(boxing.implementation.field(rule: boxing.rule, keyPath: keyPath) { Optional($0) }))
    }
}

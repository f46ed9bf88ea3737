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
        Self(.field(boxing.field(keyPath)))
    }

    /// The same for an optional property: `.box(.url, \.contentURL)` where `contentURL` is a `URL?`.
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value?> & Sendable) -> Self {
        Self(.field(boxing.field(keyPath)))
    }
}

// MARK: Boxings over arrays

extension PropertyDescriptor {
    /// Boxes an array source element by element into an array property.
    ///
    ///     "links": .box(.url, \.links)          // links: [URL]
    ///
    /// Every element must be the boxing's input: a number or a null among strings is a `type` error at
    /// its index (`links[2]`). The node's validators judge the source array, then each element is
    /// boxed; each element that fails is reported at its index with the boxing's rule:
    /// `links[2] → links: not a valid URL; got "" [box(URL)]`. A value that is not an array is a
    /// `type` error; null is a `type` error for `[V]` and writes nil into `[V]?`.
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, [Value]> & Sendable) -> Self {
        Self(.field(boxing.field(keyPath)))
    }

    /// The same for an optional array property: `.box(.url, \.links)` where `links` is a `[URL]?`.
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, [Value]?> & Sendable) -> Self {
        Self(.field(boxing.field(keyPath)))
    }
}

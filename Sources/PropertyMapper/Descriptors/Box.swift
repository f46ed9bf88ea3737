extension PropertyDescriptor {
    /// Converts the source value with a boxing, then writes it:
    ///
    /// `"videoURL": .box(.url, \.contentURL)`. The value is type-checked against the boxing's input, validated, then
    /// boxed; nil or a throw fails with `videoURL → contentURL: not a valid URL; got "" [box(URL)]`. Null never
    /// reaches the boxing: it writes nil into an optional property and is a `type` error otherwise.
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value> & Sendable) -> Self {
        Self(.field(boxing.field(keyPath)))
    }

    /// The same for an optional property (`URL?`).
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Value?> & Sendable) -> Self {
        Self(.field(boxing.field(keyPath)))
    }
}

extension PropertyDescriptor {
    /// Boxes an array element by element:
    ///
    /// `"links": .box(.url, \.links)` into `links: [URL]`. Validators judge the whole array; an element that is not
    /// the boxing's input is a `type` error at its index, and one that fails to box is reported there: `links[2] →
    /// links: not a valid URL; got "" [box(URL)]`. A non-array is a `type` error; null is one for `[V]` and writes
    /// nil into `[V]?`.
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, [Value]> & Sendable) -> Self {
        Self(.field(boxing.field(keyPath)))
    }

    /// The same for an optional array property (`[URL]?`).
    public static func box<Value>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, [Value]?> & Sendable) -> Self {
        Self(.field(boxing.field(keyPath)))
    }
}

// Unavailable overloads for common mistakes: never chosen for a call that compiles, they say what is wrong.

extension PropertyDescriptor {
    /// `.box(.url, \.name)` on a `String` property: the boxing's value type is not the property's.
    @available(
        *, unavailable,
        message:
            "the boxing produces another type than the property holds: a Boxing<T> fills a property of type T, T?, [T] or [T]? (.url fills URL, .date Date, .uuid UUID, .decimal Decimal, .base64 Data); use a boxing of the property's type, or .property(\\.x) when the source value already has it"
    )
    public static func box<Value, Property>(_ boxing: Boxing<Value>, _ keyPath: any KeyPath<Root, Property> & Sendable) -> Self {
        fatalError("unavailable")
    }
}

extension PropertyDescriptor {
    /// `.call(Kind.init(rawValue:), \.kind)` or a closure of the value: `call` takes a model method.
    @available(
        *, unavailable,
        message:
            "call takes a method of the model, written Model.method(from:), and runs it on the instance being mapped; an enum with a raw value needs no call: .property(\\.x) maps it by its raw value; for another conversion of the value alone, write a Boxing and use .box(_:_:)"
    )
    public static func call<Input, Value>(
        _ function: @escaping (Input) throws -> Value?, _ keyPath: any KeyPath<Root, Value> & Sendable,
        reverse: ((Value) throws -> Input)? = nil
    ) -> Self {
        fatalError("unavailable")
    }

    /// The same for an optional property.
    @available(
        *, unavailable,
        message:
            "call takes a method of the model, written Model.method(from:), and runs it on the instance being mapped; an enum with a raw value needs no call: .property(\\.x) maps it by its raw value; for another conversion of the value alone, write a Boxing and use .box(_:_:)"
    )
    public static func call<Input, Value>(
        _ function: @escaping (Input) throws -> Value?, _ keyPath: any KeyPath<Root, Value?> & Sendable,
        reverse: ((Value) throws -> Input)? = nil
    ) -> Self {
        fatalError("unavailable")
    }
}

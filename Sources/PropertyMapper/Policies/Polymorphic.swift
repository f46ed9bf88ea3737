extension PropertyDescriptor {
    /// Maps a dictionary into one of several model types, chosen by the string at `tagKey`:
    ///
    ///     "attachment": .polymorphic(\.attachment, on: "type", ["image": Image.self, "file": File.self]),
    ///
    /// The property's type is what the models have in common (a protocol, a base class). Each type
    /// listed is a `Mappable` or `ImmutableMappable` model, mapped by its own mapping from the whole
    /// dictionary, tag included. A missing tag, a tag that is not a string or one not listed is a
    /// `discriminator` error at the tag's path listing the allowed tags; a value that is not a
    /// dictionary is a `type` error. `serialize` writes the value's tag (before its fields, unless its
    /// mapping writes that key itself). A type that is not a model, or is not the property's type,
    /// is a definition error.
    public static func polymorphic<Value>(
        _ keyPath: any KeyPath<Root, Value> & Sendable, on tagKey: String, _ types: KeyValuePairs<String, Any.Type>
    ) -> Self {
        polymorphicField(keyPath, Polymorphism.conversion(Value.self, on: tagKey, types))
    }

    /// The same for an optional property: null is nil.
    public static func polymorphic<Value>(
        _ keyPath: any KeyPath<Root, Value?> & Sendable, on tagKey: String, _ types: KeyValuePairs<String, Any.Type>
    ) -> Self {
        polymorphicField(keyPath, Polymorphism.conversion(Value.self, on: tagKey, types).map { Conversions.optional($0) })
    }

    /// The same for an array property, element by element (errors at `attachments[2].type`).
    public static func polymorphic<Value>(
        _ keyPath: any KeyPath<Root, [Value]> & Sendable, on tagKey: String, _ types: KeyValuePairs<String, Any.Type>
    ) -> Self {
        polymorphicField(keyPath, Polymorphism.conversion(Value.self, on: tagKey, types).map { Conversions.array($0) })
    }

    private static func polymorphicField<Target>(
        _ keyPath: any KeyPath<Root, Target> & Sendable, _ built: Result<Conversion<Target>, PolymorphismProblem>
    ) -> Self {
        switch built {
        case let .success(conversion):
            return Self(.field(PropertyField(keyPath, conversion: conversion)))
        case let .failure(problem):
            return Self(.field(PropertyField(keyPath)))
                .adding(Validator(rule: "polymorphic", judges: .all, problem: .polymorphicType(problem)) { _ in nil })
        }
    }
}

extension PropertyDescriptor {
    /// Maps a dictionary into one of several models (sharing a protocol or base class), chosen by the string at
    /// `tagKey`:
    ///
    /// `.polymorphic(\.attachment, on: "type", ["image": Image.self, "file": File.self])`. Each is mapped from the
    /// whole dictionary, tag included. A missing, non-string or unlisted tag is a `discriminator` error at the tag's
    /// path listing the allowed tags; a non-dictionary is a `type` error. `serialize` writes the tag first, in place of
    /// the model's own entry for that key (the tag is what maps it back to its type). A type that is not a `Mappable`
    /// or `ImmutableMappable` model of the property's type, a tag listed twice and an empty list are definition errors.
    /// Whether an `ImmutableMappable` struct is of a protocol type shows only once one is made: the first value mapped
    /// under its tag reports that definition error, alone.
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
        case let .success(conversion): Self(.field(PropertyField(keyPath, conversion: conversion)))
        case let .failure(problem):
            Self(.field(PropertyField(keyPath))).adding(
                Validator(rule: "polymorphic", judges: .all, problem: .polymorphicType(problem)) { _ in nil })
        }
    }
}

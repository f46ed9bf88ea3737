/// Why the types listed for `.polymorphic` cannot be used, found when the descriptor is made.
enum PolymorphismProblem: Error, Sendable, Equatable {
    /// Not a `Mappable` or `ImmutableMappable` model.
    case notAModel(tag: String, typeName: String)
    /// A model that is not the property's type.
    case notThePropertysType(tag: String, typeName: String)
    /// One tag listed for two types: which a value of either is written with, the other would not map back.
    case tagTwice(tag: String, typeNames: [String])
    case noTypes
}

/// One listed type: its tag and how a dictionary maps into it, then into the property's type.
struct PolymorphicCase<Value>: Sendable {
    let tag: String
    let conversion: Conversion<Value>
    /// Whether a property value is of this case's model type.
    let holds: @Sendable (Value) -> Bool
}

enum Polymorphism {
    /// The conversion choosing among `types` by the tag at `tagKey`, or the first type that cannot be used.
    static func conversion<Value>(
        _: Value.Type, on tagKey: String, _ types: KeyValuePairs<String, Any.Type>
    ) -> Result<Conversion<Value>, PolymorphismProblem> {
        guard !types.isEmpty else { return .failure(.noTypes) }
        var cases: [PolymorphicCase<Value>] = []
        for (tag, type) in types {
            let made: PolymorphicCase<Value>?
            if let model = type as? any (Mappable & ThreadSafeMetatype).Type {
                made = mappableCase(model, tag: tag, as: Value.self)
            } else if let model = type as? any (ImmutableMappable & ThreadSafeMetatype).Type {
                made = immutableCase(model, tag: tag, as: Value.self)
            } else {
                return .failure(.notAModel(tag: tag, typeName: TypeName.of(type)))
            }
            guard let made else { return .failure(.notThePropertysType(tag: tag, typeName: TypeName.of(type))) }
            if cases.contains(where: { $0.tag == tag }) {
                return .failure(.tagTwice(tag: tag, typeNames: types.filter { $0.key == tag }.map { TypeName.of($0.value) }))
            }
            cases.append(made)
        }
        return .success(choosing(among: cases, on: tagKey))
    }

    /// A `Mappable` case; nil when its model is not a `Value` (checked on a new model: `init()`).
    private static func mappableCase<Model: Mappable & ThreadSafeMetatype, Value>(
        _: Model.Type, tag: String, as _: Value.Type
    ) -> PolymorphicCase<Value>? {
        guard Model() is Value else { return nil }
        return modelCase(Conversions.mappable(Model.self), tag: tag)
    }

    /// An `ImmutableMappable` case; nil when known not to be a `Value` (with no instance before mapping, a class must be a
    /// subclass; anything else is checked as each value maps).
    private static func immutableCase<Model: ImmutableMappable & ThreadSafeMetatype, Value>(
        _: Model.Type, tag: String, as _: Value.Type
    ) -> PolymorphicCase<Value>? {
        if Value.self is AnyObject.Type, !(Model.self is Value.Type) { return nil }
        return modelCase(Conversions.immutableMappable(Model.self), tag: tag)
    }

    private static func modelCase<Model, Value>(_ model: Conversion<Model>, tag: String) -> PolymorphicCase<Value> {
        let typeName = TypeName.of(Value.self)
        let conversion = Conversion<Value>(
            typeName: typeName, kinds: .object,
            convert: { item, issues in
                guard let converted = model.convert(item, &issues) else { return nil }
                guard let value = converted as? Value else {
                    issues.add(
                        .definition(.polymorphicType(.notThePropertysType(tag: tag, typeName: model.typeName))),
                        value: item.value, rule: "mapping")
                    return nil
                }
                return value
            },
            write: { value, output, issues in
                guard let converted = value as? Model else { return false }
                return model.write(converted, &output, &issues)
            })
        return PolymorphicCase(tag: tag, conversion: conversion, holds: { $0 is Model })
    }

    /// Reads the tag, then maps through the case it names; writes the tag of the value's case.
    private static func choosing<Value>(among cases: [PolymorphicCase<Value>], on tagKey: String) -> Conversion<Value> {
        let allowed = cases.map(\.tag)
        let key = JSONOutput.Key(tagKey)
        let exempt = TagKey(tagKey)  // kept by the closure below, which the nested run is inside of
        let subpath = MappingKey.key(tagKey).subpath
        let expected = TypeName.dictionary(withKey: tagKey)
        // A tag that chooses no case: a `discriminator` error at the tag's key.
        @Sendable func refuse(_ problem: DiscriminatorProblem, _ tag: SourceItem?, _ issues: inout ConversionIssues) -> Value? {
            issues.add(.discriminator(problem), value: tag?.value, rule: "discriminator", at: subpath)
            return nil
        }
        return Conversion<Value>(
            typeName: TypeName.of(Value.self), kinds: .object, demand: .exactNumbers,
            convert: { item, issues in
                guard let source = item.keyed else {
                    issues.addMismatch(item, expected: expected)
                    return nil
                }
                guard let tagItem = source.item(forKey: tagKey) else {
                    return refuse(.missing(key: tagKey, allowed: allowed), nil, &issues)
                }
                guard case let .string(tag) = tagItem.scalar else {
                    return refuse(.notAString(found: tagItem.kind, allowed: allowed), tagItem, &issues)
                }
                guard let chosen = cases.first(where: { $0.tag == tag }) else {
                    return refuse(.unknown(allowed: allowed), tagItem, &issues)
                }
                // The model's mapping never counts the tag as an unknown key.
                var chosenIssues = ConversionIssues(nesting: issues.nesting.taggingInner(exempt))
                defer { issues.add(chosenIssues, under: "") }
                return chosen.conversion.convert(item, &chosenIssues)
            },
            write: { value, output, issues in
                guard let chosen = cases.first(where: { $0.holds(value) }) else {
                    let typeName = TypeName.of(type(of: value as Any))
                    issues.add(.discriminator(.unlisted(typeName: typeName, allowed: allowed)), value: value, rule: "serialize")
                    return false
                }
                output.pendingTag = (key, chosen.tag)
                return chosen.conversion.write(value, &output, &issues)
            })
    }
}

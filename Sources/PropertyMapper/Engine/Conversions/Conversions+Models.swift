// Conversions for nested models, enums (by raw value) and sets, which `Conversions.make` finds by opening the type.

extension Conversions {
    /// A nested model, made anew one level further in by `make` (which initializes the slot, or returns the model's errors,
    /// reported at their paths inside the value); written back by its mapping's plan.
    static func model<Model: MappedModel>(
        _: Model.Type, make: @escaping @Sendable (SourceItem, Nesting, ValueSlot<Model>, inout [MappingWarning]) -> [ValidationError]
    ) -> Conversion<Model> {
        @Sendable func convertInto(_ item: SourceItem, _ slot: ValueSlot<Model>, _ issues: inout ConversionIssues) -> Bool {
            var warnings: [MappingWarning] = []
            let errors = make(item, issues.nesting.inner, slot, &warnings)
            if errors.isEmpty {
                if !warnings.isEmpty { issues.add(nestedWarnings: warnings) }
                return true
            }
            issues.add(nested: errors)
            return false
        }
        // Either container: the model's mapping, which says which, is not read while this one is built.
        return Conversion<Model>(
            typeName: TypeName.of(Model.self), kinds: [.object, .array], demand: .model({ Model.mapping.jsonLevel }),
            convertInto: convertInto,
            write: { model, output, issues in
                let errors = ModelAccess.reading(model) {
                    Serializer.write(Model.mapping.plan, model: $0, nesting: issues.nesting.inner, into: &output)
                }
                if errors.isEmpty { return true }
                issues.add(nested: errors)
                return false
            })
    }

    /// A `Mappable` model: `init()`, then its mapping.
    static func mappable<Model: Mappable & ThreadSafeMetatype>(_: Model.Type) -> Conversion<Model> {
        model(Model.self) { item, nesting, slot, warnings in
            Engine.make(Model.self, from: item, nesting: nesting, into: slot, warnings: &warnings)
        }
    }

    /// An `ImmutableMappable` model: its mapping, then `init(_ values:)`.
    static func immutableMappable<Model: ImmutableMappable & ThreadSafeMetatype>(_: Model.Type) -> Conversion<Model> {
        model(Model.self) { item, nesting, slot, warnings in
            Engine.make(Model.self, from: item, nesting: nesting, into: slot, warnings: &warnings)
        }
    }

    /// An enum (any `RawRepresentable`): its raw value, strictly, then `init(rawValue:)`; an unknown raw value is a `type`
    /// error listing the allowed ones when the type is `CaseIterable`.
    static func rawRepresentable<Enum: RawRepresentable & ThreadSafeMetatype>(_: Enum.Type) -> Conversion<Enum> {
        let raw = make(Enum.RawValue.self)
        let name = TypeName.of(Enum.self)
        let allowed = (Enum.self as? any CaseIterable.Type).map { renderedRawValues(of: $0, as: Enum.self) }
        // Its raw value's `coercion`: under `.lenient()`, an integer-backed enum reads "2" as its raw value 2.
        return Conversion<Enum>(
            typeName: name, kinds: raw.kinds,
            convert: { item, issues in
                var rawIssues = issues.forPart()
                guard let rawValue = raw.convert(item, &rawIssues) else {
                    // A value of another kind is not a VideoType (rather than not a String); a number the raw type cannot
                    // hold (2.5, 300 for `UInt8`) is no case of a `CaseIterable` one either.
                    if case .typeMismatch? = rawIssues.firstFailure {
                        issues.addMismatch(item, expected: name)
                    } else if allowed != nil {
                        issues.add(.notACase(typeName: name, allowed: allowed), value: item.value)
                    } else {
                        issues.add(rawIssues, under: "")
                    }
                    return nil
                }
                if let value = Enum(rawValue: rawValue) { return value }
                issues.add(.notACase(typeName: name, allowed: allowed), value: item.value)
                return nil
            },
            write: { value, output, issues in raw.write(value.rawValue, &output, &issues) }, coercion: raw.coercion)
    }

    /// Every case's raw value, rendered as in errors.
    private static func renderedRawValues<Cases: CaseIterable, Enum: RawRepresentable>(of _: Cases.Type, as _: Enum.Type) -> [String] {
        Cases.allCases.compactMap { ($0 as? Enum).map { SourceValue.render($0.rawValue) } }
    }
}

/// What a type must be to call its conformances (a model's mapping, an enum's `init(rawValue:)`) from whichever thread maps:
/// `SendableMetatype`, as a model must be (nothing before Swift 6.2).
typealias ThreadSafeMetatype = NonisolatedModel

extension Set: ContainerConvertible {
    static func containerConversion() -> Any? {
        let element: Any.Type = Element.self
        return (element as? any (Hashable & ThreadSafeMetatype).Type).map { Conversions.setConversion(of: $0) }
    }
}

extension Conversions {
    /// `Set<Element>` from an array, for an element type only known as `Hashable`: an element's errors name its index; a
    /// non-array is a `type` error naming the set.
    fileprivate static func setConversion<Element: Hashable & ThreadSafeMetatype>(of _: Element.Type) -> Any {
        set(from: array(make(Element.self)))
    }

    /// `Set<Element>`, read as `array` reads its elements.
    private static func set<Element: Hashable & ThreadSafeMetatype>(from array: Conversion<[Element]>) -> Conversion<Set<Element>> {
        let typeName = "Set<\(TypeName.of(Element.self))>"
        return Conversion<Set<Element>>(
            typeName: typeName, kinds: .array, demand: array.demand,
            convert: { item, issues in
                guard item.indexed != nil else {
                    issues.addMismatch(item, expected: typeName)
                    return nil
                }
                return array.convert(item, &issues).map { Set($0) }
            },
            write: { set, output, issues in array.write(Array(set), &output, &issues) },
            forms: ContainerForms(lenient: { Conversions.lenient(array).map { set(from: $0) } }))
    }
}

/// A strict check-and-convert from a source value (a `SourceItem`; null only inside containers) to `Value`, built once per
/// type. On failure it returns nil and records every problem, at a sub-path for elements and dictionary values.
struct Conversion<Value>: Sendable {
    let typeName: String
    /// The kinds of source value that can convert (null aside).
    let kinds: ValueKinds
    let convert: @Sendable (SourceItem, inout ConversionIssues) -> Value?
    /// `convert` into an uninitialized slot; false on failure, the slot left uninitialized. Made where `Value` is known, it
    /// spares the engine's generic code the `Optional<Value>` metadata look-up that `convert` costs there.
    let convertInto: @Sendable (SourceItem, ValueSlot<Value>, inout ConversionIssues) -> Bool
    /// What the JSON reader must build: all of the value, or only what a nested model's mapping names.
    let demand: JSONDemand
    /// The way back, for serialize.
    let write: SerialWrite<Value>
    /// Under `.lenient()`, the table's entry by which a string is read first, for the validators too; nil for a strict
    /// conversion.
    let appliedCoercion: Coercion.Target?
    /// The table's entry for the scalar read (integer, fraction, `Decimal`, `Bool`), by which `.lenient()` reads strings; nil
    /// for anything else, strings included (a boxing that reads strings itself, such as `.decimal`).
    let coercion: Coercion.Target?
    /// For a container (optional, array, set, `[String: …]`): what `.lenient()` and `.droppingInvalidElements()` make of it, from
    /// its element's conversion; nil for anything else (a scalar's lenient form comes from its `coercion`).
    let forms: ContainerForms<Value>?

    /// Written as `convertInto`, straight into the slot (an array fills its new storage element by element).
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convertInto: @escaping @Sendable (SourceItem, ValueSlot<Value>, inout ConversionIssues) -> Bool,
        write: SerialWrite<Value>? = nil, forms: ContainerForms<Value>? = nil
    ) {
        self.init(
            typeName: typeName, kinds: kinds, demand: demand,
            convert: { item, issues in ValueSlot.made { convertInto(item, $0, &issues) } },
            convertInto: convertInto, write: write, forms: forms)
    }

    /// Written as a reading that returns the value (`convertInto` stores it), as every scalar conversion is.
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convert: @escaping @Sendable (SourceItem, inout ConversionIssues) -> Value?,
        write: SerialWrite<Value>? = nil,
        appliedCoercion: Coercion.Target? = nil,
        coercion: Coercion.Target? = nil,
        forms: ContainerForms<Value>? = nil
    ) {
        // Not an optional `convertInto` defaulting to this: a closure held in an optional is called through a thunk.
        self.init(
            typeName: typeName, kinds: kinds, demand: demand, convert: convert,
            convertInto: { value, slot, issues in slot.store(convert(value, &issues)) }, write: write,
            appliedCoercion: appliedCoercion, coercion: coercion, forms: forms)
    }

    /// Both ways written, where deriving one would look up `Optional<Value>` per value; `write` defaults to `writeDynamic`.
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convert: @escaping @Sendable (SourceItem, inout ConversionIssues) -> Value?,
        convertInto: @escaping @Sendable (SourceItem, ValueSlot<Value>, inout ConversionIssues) -> Bool,
        write: SerialWrite<Value>? = nil,
        appliedCoercion: Coercion.Target? = nil,
        coercion: Coercion.Target? = nil,
        forms: ContainerForms<Value>? = nil
    ) {
        self.typeName = typeName
        self.kinds = kinds
        self.demand = demand
        self.convert = convert
        self.convertInto = convertInto
        self.write = write ?? { value, output, issues in Serializer.writeDynamic(value, &output, &issues) }
        self.appliedCoercion = appliedCoercion
        self.coercion = coercion
        self.forms = forms
    }
}

/// A container conversion's other forms, each made again from its element's conversion.
struct ContainerForms<Value>: Sendable {
    /// `.lenient()`: every scalar inside reading strings by the lenient table; nil when none does.
    let lenient: @Sendable () -> Conversion<Value>?
    /// `.droppingInvalidElements()`, for an array: each failing element dropped, the elements lenient or not; nil for
    /// another container.
    var lossy: (@Sendable (_ lenient: Bool) -> Conversion<Value>)? = nil
}

/// A strict check-and-convert from a source value to `Value`, built once per type.
///
/// The value given has been read by the engine (see `SourceItem`) and may be null inside arrays;
/// top-level nulls never reach a conversion. On failure it returns nil and records every problem,
/// with a sub-path for array elements and dictionary values.
struct Conversion<Value>: Sendable {
    let typeName: String
    /// The kinds of source value that can convert (null aside).
    let kinds: ValueKinds
    let convert: @Sendable (SourceItem, inout ConversionIssues) -> Value?
    /// The same, writing the result into an uninitialized slot; false on failure (then the slot is
    /// left uninitialized). Made where `Value` is known, it spares the engine's generic code the
    /// `Optional<Value>` metadata look-up that calling `convert` costs there.
    let convertInto: @Sendable (SourceItem, ValueSlot<Value>, inout ConversionIssues) -> Bool
    /// What the JSON reader must build of the value: all of it, or only what a nested model's
    /// mapping names.
    let demand: JSONDemand
    /// The way back, for serialize: writes a value in the form this conversion reads, or returns
    /// false and records why it has none (rule `serialize`).
    let write: SerialWrite<Value>
    /// Under `.lenient()`, a string the value reads as by the lenient table, for the validators to
    /// judge; nil for a strict conversion.
    let coerce: (@Sendable (SourceItem) -> SourceItem?)?
    /// The lenient table's entry for the scalar this conversion reads (an integer, a fraction, a
    /// `Decimal`, a `Bool`), which `.lenient()` reads strings by; nil for a conversion of anything
    /// else, strings included (a boxing that reads strings itself, such as `.decimal`).
    let coercion: Coercion.Target?

    /// A conversion written once, as a reading that returns the value: `convertInto` stores what
    /// `convert` returns. Every scalar conversion is made so.
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convert: @escaping @Sendable (SourceItem, inout ConversionIssues) -> Value?,
        write: SerialWrite<Value>? = nil,
        coerce: (@Sendable (SourceItem) -> SourceItem?)? = nil,
        coercion: Coercion.Target? = nil
    ) {
        self.init(
            typeName: typeName, kinds: kinds, demand: demand, convert: convert,
            convertInto: { value, slot, issues in slot.store(convert(value, &issues)) }, write: write, coerce: coerce, coercion: coercion)
    }

    /// A conversion written as `convertInto`, straight into the slot (an array fills the new
    /// array's storage element by element), with `convert` made from it.
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convertInto: @escaping @Sendable (SourceItem, ValueSlot<Value>, inout ConversionIssues) -> Bool,
        write: SerialWrite<Value>? = nil
    ) {
        self.init(
            typeName: typeName, kinds: kinds, demand: demand,
            convert: { item, issues in ValueSlot.made { convertInto(item, $0, &issues) } },
            convertInto: convertInto, write: write)
    }

    /// Both ways written, where deriving one would cost a generic type's metadata on every value
    /// (`Optional<Value>`, for an optional conversion's own `Optional`).
    /// Without `write`, a value is written back as `JSONValue(converting:)` reads it.
    init(
        typeName: String, kinds: ValueKinds, demand: JSONDemand = .whole,
        convert: @escaping @Sendable (SourceItem, inout ConversionIssues) -> Value?,
        convertInto: @escaping @Sendable (SourceItem, ValueSlot<Value>, inout ConversionIssues) -> Bool,
        write: SerialWrite<Value>? = nil,
        coerce: (@Sendable (SourceItem) -> SourceItem?)? = nil,
        coercion: Coercion.Target? = nil
    ) {
        self.typeName = typeName
        self.kinds = kinds
        self.demand = demand
        self.convert = convert
        self.convertInto = convertInto
        self.write = write ?? { value, output, issues in Serializer.writeDynamic(value, &output, &issues) }
        self.coerce = coerce
        self.coercion = coercion
    }

    /// Under `.lenient()`, the value the lenient table reads `item` as (with a `coerced` warning),
    /// which the field's validators then judge; nil when it reads it as it is.
    func coerced(_ item: SourceItem, _ issues: inout ConversionIssues) -> SourceItem? {
        guard let coerce, let coerced = coerce(item) else { return nil }
        issues.addCoerced(from: item, to: typeName)
        return coerced
    }

    /// Hands `body` the value a field stages under `.lenient()`: the coerced one, its warning already
    /// in the issues, or `item` itself.
    func withCoerced(_ item: SourceItem, nesting: Nesting, _ body: (SourceItem, inout ConversionIssues) -> Void) {
        var issues = ConversionIssues(nesting: nesting)
        if let coerced = coerced(item, &issues) { return body(coerced, &issues) }
        body(item, &issues)
    }
}

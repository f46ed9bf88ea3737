/// A mapping leaf: checks one present source value, stages the converted value, and later writes it.
///
/// Descriptors make fields; each knows the model's type (`Root`) and the property's, and the engine
/// drives them through this protocol, which knows neither. A field is immutable and shared by every
/// run. Its slot and scratch space are the ones `PlanField` gives it in the run's staging buffer.
protocol Field: AnyObject, Sendable {
    /// What the plan and its checks read of the field, worked out when it was made.
    var traits: FieldTraits { get }
    /// The key path the field writes, by which `MappedValues` finds its value.
    var keyPathID: AnyKeyPath { get }

    /// The same field under `modifier`, or nil when the modifier does not apply to it.
    func modified(_ modifier: FieldModifier) -> (any Field)?

    /// Type check, then the node's validators, then any finish; stages the value or records errors.
    func stage(_ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun)
    /// Stages what stands in for a value: nil for null (a `type` error unless the property is
    /// optional), or the field's `default:` or `fallback:`. Returns a default or fallback rendered,
    /// for its warning; nil when the field has none (nothing is staged) and for null.
    func stage(_ substitute: Substitute, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) -> String?
    /// The first of `ensures` that the value `field` staged fails, with why; nil when it passes all.
    func firstFailure(of ensures: [Ensure], staged field: PlanField, in staging: StagingBuffer) -> (rule: String, failure: Failure)?

    /// Moves the value `field` staged into `model`, a `Root`.
    func commit(_ field: PlanField, from staging: StagingBuffer, into model: ModelAccess)
    /// Destroys the value `field` staged.
    func discard(_ field: PlanField, from staging: StagingBuffer)

    /// Serialize: writes the property's value in `model`, a `Root`, the way back to its source
    /// form, after `key` when one is given. Nil is `.omitted` (nothing written) unless the output
    /// writes nulls; a value with no source form records why in `issues`.
    func serialize(
        from model: ModelAccess, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> SerialOutcome
}

/// What the plan and its definition checks read of a field: facts of its property and its
/// conversion, fixed when the field is made.
struct FieldTraits: Sendable {
    /// The property's type, which `.ensure` closures take.
    var valueType: any Any.Type
    /// The property's name from its key path, or nil when the key path does not tell it (a property
    /// with observers); the plan then names it after its mapping key.
    var propertyName: String?
    /// The staged value's type (the property's, or a merge's `PendingWrites`), which the staging
    /// buffer checks its reads and writes against, and its size.
    var stagedType: ObjectIdentifier
    var stagedLayout: ValueLayout
    /// The size of a value the field converts before finishing it; `.none` when it converts
    /// straight into its slot.
    var scratchLayout: ValueLayout = .none
    /// The source value's expected type (the property's, a boxing's input, a call's parameter), for
    /// the definition checks.
    var input: InputType
    /// What the JSON reader must build of the source value.
    var demand: JSONDemand
    /// Whether the value it stages is the property's (of `valueType`), which `MappedValues` reads;
    /// false for a merge, which stages the nested model's writes.
    var stagesPropertyValue = true
    /// False for a read-only key path (a `let`), which only an immutable model's mapping may target.
    var isWritable: Bool
    /// Whether the property is an `Optional`, which an immutable model may leave absent.
    var isOptional: Bool
    /// What the field needs the model instance for (a call, a merge), which an immutable model
    /// lacks; nil when it needs none.
    var instanceUse: InstanceUse?
    /// When the property is inline storage of a struct model: the staged value's type and the
    /// property's offset, so that phase two moves the value without calling the field.
    var inlineMove: InlineMove?
    /// Why the field can never be serialized (a call or a boxing without a reverse), or nil.
    var irreversibility: Failure?
    /// Whether the field has a `default:`, and a `fallback:`.
    var hasDefault = false
    var hasFallback = false
}

/// A descriptor modifier that makes a field of another kind from a field.
enum FieldModifier {
    /// `.merging()`: the model's mapping applies to the property's current value; only for a
    /// property that holds a `Mappable` model.
    case merging
    /// `.droppingInvalidElements()`: each array element that fails is dropped; only for an array.
    case droppingInvalidElements
    /// `.lenient()`: strings are read by the lenient table; only for a field that converts a
    /// scalar the table covers.
    case lenient
}

/// What a field stages when it has no value of its own to stage.
enum Substitute {
    /// Null: nil for an optional property.
    case null
    /// The field's `default:`, for an absent value (or null) under `.useDefault`.
    case defaultValue
    /// The field's `fallback:`, in place of a present value that failed.
    case fallback
}

/// What serializing one field did.
enum SerialOutcome {
    case written
    /// Nil, left out: nothing was written, not even the key.
    case omitted
    /// The value has no source form; the reasons are recorded.
    case failed
}

/// What a field needs the model instance for.
enum InstanceUse: Sendable, Equatable {
    /// `.call`: the method runs on the instance.
    case call
    /// `.merging()`: the mapping applies to the property's current value.
    case merging
}

/// The type a field receives from the source, as the definition checks see it.
struct InputType: Sendable {
    /// As a user writes it: `Int`, `[String]`.
    let name: String
    /// The kinds of source value that can convert to it.
    let kinds: ValueKinds
}

/// A property's name from its key path, worked out once: `\Video.title` → `title`,
/// `\Video.author.email` → `author.email`.
///
/// Nil when the description names no property: a property with observers prints only as
/// `<computed 0x… (Int)>`.
enum PropertyName {
    static func of<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> String? {
        var text = String(describing: keyPath)
        if text.hasPrefix("\\") { text.removeFirst() }
        let rootName = String(describing: Root.self)
        if text.hasPrefix(rootName + ".") {
            text.removeFirst(rootName.count + 1)
        } else if let range = text.firstRange(of: rootName + ".") {
            text = String(text[range.upperBound...])
        }
        let name = withoutComputedComponents(text)
        return name.isEmpty || name.hasPrefix("[") ? nil : name
    }

    /// A subscript prints as `.<computed 0x00007f… (Double)>`, an address that changes from run to
    /// run; name it `[…]` instead: `coords[…]`.
    private static func withoutComputedComponents(_ text: String) -> String {
        var result = text
        while let start = result.firstRange(of: "<computed "),
            let end = result[start.upperBound...].firstIndex(of: ">")
        {
            var lower = start.lowerBound
            if lower > result.startIndex, result[result.index(before: lower)] == "." {
                lower = result.index(before: lower)
            }
            result.replaceSubrange(lower...end, with: "[…]")
        }
        return result
    }
}

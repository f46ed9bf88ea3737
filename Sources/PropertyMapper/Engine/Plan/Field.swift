/// A mapping leaf: checks one source value, stages the converted value, later writes it.
///
/// A field knows the model's and the property's types; the engine, through this protocol, knows
/// neither. Fields are immutable and shared by every run; `PlanField` gives each its staging slot.
protocol Field: AnyObject, Sendable {
    var traits: FieldTraits { get }
    /// The key path the field writes, by which `MappedValues` finds its value.
    var keyPathID: AnyKeyPath { get }

    /// The same field under `modifier`, or nil when the modifier does not apply to it.
    func modified(_ modifier: FieldModifier) -> (any Field)?

    /// Type check, then the node's validators, then any finish; stages the value or records errors.
    func stage(_ item: SourceItem, at node: PlanNode, _ field: PlanField, in run: inout MappingRun)
    /// Stages nil for null (a `type` error unless optional), or the `default:` or `fallback:`;
    /// returns the substitute rendered for its warning, nil for null or when there is none.
    func stage(_ substitute: Substitute, at node: PlanNode, _ field: PlanField, in run: inout MappingRun) -> String?
    /// Each of `ensures` the staged value fails, in order, with why.
    func failures(of ensures: [Ensure], staged field: PlanField, in staging: StagingBuffer) -> [(rule: String, failure: Failure)]

    func commit(_ field: PlanField, from staging: StagingBuffer, into model: ModelAccess)
    func discard(_ field: PlanField, from staging: StagingBuffer)

    /// Writes the property's value back in its source form, after `key` when given. Nil is
    /// `.omitted` unless the output writes nulls; a value with no source form records why in `issues`.
    func serialize(
        from model: ModelAccess, key: JSONOutput.Key?, into output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> SerialOutcome
}

/// What the plan and its definition checks read of a field, fixed when the field is made.
struct FieldTraits: Sendable {
    /// The property's type, which `.ensure` closures take.
    var valueType: any Any.Type
    /// The property's name from its key path; nil for a property with observers (the plan names it
    /// after its mapping key).
    var propertyName: String?
    /// The staged value's type (the property's, or a merge's `PendingWrites`), which the staging
    /// buffer checks its accesses against, and its layout.
    var stagedType: ObjectIdentifier
    var stagedLayout: ValueLayout
    /// A value converted before its finish; `.none` when the field converts straight into its slot.
    var scratchLayout: ValueLayout = .none
    /// The source value's expected type (the property's, a boxing's input, a call's parameter).
    var input: InputType
    /// What the JSON reader must build of the source value.
    var demand: JSONDemand
    /// False for a merge, which stages the nested model's writes rather than the property's value.
    var stagesPropertyValue = true
    /// False for a `let`, which only an immutable model's mapping may target.
    var isWritable: Bool
    var isOptional: Bool
    /// What the field needs the model instance for, which an immutable model lacks.
    var instanceUse: InstanceUse?
    /// When the property is inline storage of a struct model: phase two moves the value itself.
    var inlineMove: InlineMove?
    /// Why the field can never be serialized (a call or a boxing without a reverse).
    var irreversibility: Failure?
    var hasDefault = false
    var hasFallback = false
    /// A `.box` or `.call` that makes a number (or an optional one) of an integer or floating-point type or `Decimal`:
    /// validators that judge numbers judge that number. Another `Numeric` type leaves them on the source value.
    var convertsToNumber = false
}

/// A descriptor modifier that remakes a field: `.merging()` (a `Mappable` property),
/// `.droppingInvalidElements()` (an array), `.lenient()` (a scalar the lenient table covers).
enum FieldModifier {
    case merging
    case droppingInvalidElements
    case lenient
}

/// What a field stages in place of a value: nil, its `default:` (under `.useDefault`), or its
/// `fallback:` (for a present value that failed).
enum Substitute {
    case null
    case defaultValue
    case fallback
}

/// What serializing one field did.
enum SerialOutcome {
    case written
    /// Nil, left out: not even the key was written.
    case omitted
    /// The value has no source form; the reasons are recorded.
    case failed
}

/// What a field needs the model instance for: a `.call`'s method, or `.merging()`'s current value.
enum InstanceUse: Sendable, Equatable {
    case call
    case merging
}

/// The type a field receives from the source, as the definition checks see it.
struct InputType: Sendable {
    /// As a user writes it: `Int`, `[String]`.
    let name: String
    /// The kinds of source value that can convert to it.
    let kinds: ValueKinds
}

/// A property's name from its key path: `\Video.author.email` → `author.email`. Nil when the
/// description names none (a property with observers prints as `<computed 0x… (Int)>`).
enum PropertyName {
    static func of<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> String? {
        // `debugDescription`, which `String(describing:)` would reach only after failed conformance look-ups.
        var text = keyPath.debugDescription
        if text.hasPrefix("\\") { text.removeFirst() }
        if let range = text.firstRange(of: String(describing: Root.self) + ".") { text = String(text[range.upperBound...]) }
        // A subscript prints as `.<computed 0x00007f… (Double)>`, an address; name it `coords[…]`.
        let name = replacingComputedComponents(in: text) { _ in "[…]" }.replacing(".[…]", with: "[…]")
        return name.isEmpty || name.hasPrefix("[") ? nil : name
    }

    /// A key path as messages name it, `\Stay.end`; a computed component prints with its getter's address, another on each
    /// run (`<computed 0x00007f… (Int)>`), named by its type instead: `<computed Int>`.
    static func text(of keyPath: AnyKeyPath) -> String {
        replacingComputedComponents(in: String(describing: keyPath)) { inside in
            let type = inside.firstRange(of: " (").map { inside[$0.upperBound...].dropLast() } ?? inside
            return "<computed \(type)>"
        }
    }

    /// `text` with each computed component, `<computed 0x00007f… (Optional<Int>)>`, replaced by `named` of what lies inside
    /// it. Its type may hold `<…>`: the component ends at the `>` that closes its own `<`.
    private static func replacingComputedComponents(in text: String, by named: (Substring) -> String) -> String {
        var text = text
        var searched = 0
        while let start = text.dropFirst(searched).firstRange(of: "<computed "), let end = closingBracket(in: text[start.upperBound...]) {
            let name = named(text[start.upperBound..<end])
            searched = text.distance(from: text.startIndex, to: start.lowerBound) + name.count
            text.replaceSubrange(start.lowerBound...end, with: name)
        }
        return text
    }

    /// The `>` that closes an already open `<`, past the ones nested in `text`.
    private static func closingBracket(in text: Substring) -> String.Index? {
        var open = 0
        for index in text.indices {
            switch text[index] {
            case "<": open += 1
            case ">" where open == 0: return index
            case ">": open -= 1
            default: break
            }
        }
        return nil
    }
}

/// A named conversion from a source value to `Value`, used by `.box(_:_:)`, and back.
///
///     extension Boxing where Value == Color {
///         static var hexColor: Self {
///             Boxing(named: "hexColor") { (text: String) in Color(hex: text) } reverse: { $0.hex }
///         }
///     }
///     "tint": .box(.hexColor, \.tint)
///
/// The closure states the source type it takes (`String` above): a source value of another type is a
/// `type` error before the closure runs, so boxings never cast. Returning nil or throwing is a
/// `box(name)` error. The name appears in that rule, so use the spelling users type. The reverse turns
/// a value back into its source form, for serialization. Built in: `.url`, `.date`, `.date(…)`,
/// `.uuid`, `.base64` and `.decimal`, each with its reverse.
public struct Boxing<Value>: Sendable {
    /// The name shown in errors, as in the rule `box(URL)`.
    public let name: String
    /// The source type the boxing takes, such as `String`.
    public var inputTypeName: String { implementation.inputTypeName }
    let implementation: any BoxingImplementation<Value>
    /// The value back in its source form (an `Input`, type-erased); nil when the boxing was made
    /// without a reverse.
    let reverse: (@Sendable (Value) throws -> Any)?
    /// Serialize's way back: the reverse, then the source form written; nil without a reverse.
    let writeBack: SerialWrite<Value>?

    /// A boxing that converts an `Input` (strictly checked, as for `.property`) into a `Value`.
    ///
    /// It has no reverse, so a mapping that serializes through it reports that field.
    public init<Input>(named name: String, _ transform: @escaping @Sendable (Input) throws -> Value?) {
        self.init(named: name, input: Conversions.make(Input.self), transform, reverse: nil, writeBack: nil)
    }

    /// A boxing that converts an `Input` into a `Value`, and a `Value` back into an `Input`.
    ///
    ///     Boxing(named: "UUID") { (text: String) in UUID(uuidString: text) } reverse: { $0.uuidString }
    ///
    /// The reverse gives the value's source form, written back by serialization; it throws when a value
    /// has none (serialization then reports the field).
    public init<Input>(
        named name: String,
        _ transform: @escaping @Sendable (Input) throws -> Value?,
        reverse: @escaping @Sendable (Value) throws -> Input
    ) {
        let input = Conversions.make(Input.self)
        let rule = "box(\(name))"
        self.init(named: name, input: input, transform, reverse: { try reverse($0) }) { value, output, issues in
            Serializer.write(value, reversedBy: reverse, rule: rule, as: input.write, &output, &issues)
        }
    }

    /// A boxing over any input conversion (such as the built-in boxings' inputs that take a string or
    /// a number), with a type-erased reverse, written back by `writeBack` (or, without one, as
    /// `JSONValue(converting:)` reads what the reverse gives). `exactNumbers`: read from JSON, its
    /// numbers keep the exact digits written (see `JSONDemand.exactNumbers`).
    init<Input>(
        named name: String,
        input: Conversion<Input>,
        exactNumbers: Bool = false,
        _ transform: @escaping @Sendable (Input) throws -> Value?,
        reverse: (@Sendable (Value) throws -> Any)?,
        writeBack: SerialWrite<Value>? = nil
    ) {
        self.name = name
        self.reverse = reverse
        let rule = "box(\(name))"
        if let writeBack {
            self.writeBack = writeBack
        } else if let reverse {
            self.writeBack = { value, output, issues in
                Serializer.write(value, reversedBy: reverse, rule: rule, as: { Serializer.writeDynamic($0, &$1, &$2) }, &output, &issues)
            }
        } else {
            self.writeBack = nil
        }
        // The boxed value is written to memory here, where `Value` is known: generic code handling
        // the `Value?` the transform returns would look up that type's metadata on every call.
        self.implementation = TypedBoxing(name: name, input: input, exactNumbers: exactNumbers) { input, result in
            try result.store(transform(input))
        }
    }

    var rule: String { "box(\(name))" }
}

/// An error a built-in boxing throws to report a typed failure (such as the date formats tried)
/// instead of the generic `boxFailed`.
protocol BoxingFailure: Error {
    var failure: Failure { get }
}

/// A named conversion from a source value to `Value`, used by `.box(_:_:)`, and back:
///
///     extension Boxing where Value == Color {
///         static var hexColor: Self { Boxing(named: "hexColor") { (text: String) in Color(hex: text) } reverse: { $0.hex } }
///     }
///     "tint": .box(.hexColor, \.tint)
///
/// The closure states its source type (`String`): another type is a `type` error before it runs, so boxings
/// never cast; nil or a throw is a `box(hexColor)` error. Built in: `.url`, `.date`, `.uuid`, `.base64`, `.decimal`.
public struct Boxing<Value>: Sendable {
    /// The name shown in errors, as in the rule `box(URL)`.
    public let name: String
    /// The source type the boxing takes, such as `String`.
    public var inputTypeName: String { implementation.inputTypeName }
    let implementation: any BoxingImplementation<Value>
    /// Serialize's way back: the reverse, then the source form written; nil without a reverse.
    let writeBack: SerialWrite<Value>?

    /// A boxing from an `Input` (checked as for `.property`) with no reverse: serializing through it reports the field.
    public init<Input>(named name: String, _ transform: @escaping @Sendable (Input) throws -> Value?) {
        self.init(named: name, input: Conversions.make(Input.self), transform, writeBack: nil)
    }

    /// A boxing with a reverse, which serialization writes back (a throw there reports the field):
    /// `Boxing(named: "UUID") { (text: String) in UUID(uuidString: text) } reverse: { $0.uuidString }`.
    public init<Input>(
        named name: String,
        _ transform: @escaping @Sendable (Input) throws -> Value?,
        reverse: @escaping @Sendable (Value) throws -> Input
    ) {
        let input = Conversions.make(Input.self)
        let rule = "box(\(name))"
        self.init(named: name, input: input, transform) { value, output, issues in
            Serializer.write(value, reversedBy: reverse, rule: rule, as: input.write, &output, &issues)
        }
    }

    /// Over any input conversion, with serialize's way back; `exactNumbers` keeps JSON numbers' exact digits.
    init<Input>(
        named name: String,
        input: Conversion<Input>,
        exactNumbers: Bool = false,
        _ transform: @escaping @Sendable (Input) throws -> Value?,
        writeBack: SerialWrite<Value>?
    ) {
        self.name = name
        self.writeBack = writeBack
        // Stored here, where `Value` is known: generic code handling the `Value?` would look up its metadata per call.
        self.implementation = TypedBoxing(name: name, input: input, exactNumbers: exactNumbers) { input, result in
            try result.store(transform(input))
        }
    }

    var rule: String { "box(\(name))" }
}

/// Thrown by a built-in boxing to report a typed failure instead of `boxFailed`.
struct BoxingFailure: Error {
    let failure: Failure
}

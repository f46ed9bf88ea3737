/// A named conversion from a source value to `Value`, used by `.box(_:_:)`.
///
///     extension Boxing where Value == UUID {
///         static var uuid: Self { Boxing(named: "uuid") { (text: String) in UUID(uuidString: text) } }
///     }
///     "id": .box(.uuid, \.id)
///
/// The closure states the source type it takes (`String` above): a source value of another type is a
/// `type` error before the closure runs, so boxings never cast. Returning nil or throwing is a
/// `box(name)` error. The name appears in that rule, so use the spelling users type.
public struct Boxing<Value>: Sendable {
    /// The name shown in errors, as in the rule `box(URL)`.
    public let name: String
    /// The source type the boxing takes, such as `String`.
    public var inputTypeName: String { implementation.inputTypeName }
    let implementation: any BoxingImplementation<Value>

    /// A boxing that converts an `Input` (strictly checked, as for `.property`) into a `Value`.
    public init<Input>(named name: String, _ transform: @escaping @Sendable (Input) throws -> Value?) {
        self.name = name
        self.implementation = TypedBoxing(name: name, input: Conversions.make(Input.self), transform: transform)
    }

    var rule: String { "box(\(name))" }
}

/// Opens the boxing's input type for the engine, which checks and validates the source value
/// before the transform runs.
protocol BoxingImplementation<Value>: Sendable {
    associatedtype Value
    var inputTypeName: String { get }
    func field<Root, Target>(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        wrap: @escaping @Sendable (Value) -> Target
    ) -> any Field<Root>
}

struct TypedBoxing<Input, Value>: BoxingImplementation {
    let name: String
    let input: Conversion<Input>
    let transform: @Sendable (Input) throws -> Value?

    var inputTypeName: String { input.typeName }

    func field<Root, Target>(
        rule: String,
        keyPath: any WritableKeyPath<Root, Target> & Sendable,
        wrap: @escaping @Sendable (Value) -> Target
    ) -> any Field<Root> {
        TransformField(rule: rule, keyPath: keyPath, input: input) { [name, transform] _, value, _, slot in
            do {
                guard let boxed = try transform(value) else { return .boxFailed(boxing: name, thrown: nil) }
                slot.initializeMemory(as: Target.self, repeating: wrap(boxed), count: 1)
                return nil
            } catch {
                return .boxFailed(boxing: name, thrown: String(describing: error))
            }
        }
    }
}

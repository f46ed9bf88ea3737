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
        // The boxed value is written to memory here, where `Value` is known: generic code handling
        // the `Value?` the transform returns would look up that type's metadata on every call.
        self.implementation = TypedBoxing(name: name, input: Conversions.make(Input.self)) { input, result in
            guard let value = try transform(input) else { return false }
            result.initializeMemory(as: Value.self, repeating: value, count: 1)
            return true
        }
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
        keyPath: any KeyPath<Root, Target> & Sendable,
        wrap: @escaping @Sendable (Value) -> Target
    ) -> any Field
}

struct TypedBoxing<Input, Value>: BoxingImplementation {
    let name: String
    let input: Conversion<Input>
    /// Boxes the input into `result`, uninitialized memory for a `Value`; false (and `result` left
    /// uninitialized) when the boxing returns nil.
    let box: @Sendable (_ input: Input, _ result: UnsafeMutableRawPointer) throws -> Bool

    var inputTypeName: String { input.typeName }

    func field<Root, Target>(
        rule: String,
        keyPath: any KeyPath<Root, Target> & Sendable,
        wrap: @escaping @Sendable (Value) -> Target
    ) -> any Field {
        TransformField(rule: rule, keyPath: keyPath, input: input, usesInstance: false) { [name, box] _, value, _, slot in
            withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { boxed in
                let result = UnsafeMutableRawPointer(boxed.baseAddress!)
                do {
                    guard try box(value, result) else { return .boxFailed(boxing: name, thrown: nil) }
                } catch {
                    return .boxFailed(boxing: name, thrown: String(describing: error))
                }
                slot.initializeMemory(as: Target.self, repeating: wrap(result.assumingMemoryBound(to: Value.self).move()), count: 1)
                return nil
            }
        }
    }
}

/// One node of a mapping: what to do with one source value, and the rules it must pass.
///
/// Made by `.property(\.x)`, `.box(.url, \.x)`,
/// `.call(Model.method(from:), \.x)`, `.list(…)`, or a nested literal (`"geo": [0: .property(\.latitude), 1:
/// .property(\.longitude)]`). Validators chain left to right and all must pass:
/// `.property(\.title).isRequired().lengthRange(1, 80)`.
public struct PropertyDescriptor<Root>: Sendable, ExpressibleByDictionaryLiteral {
    enum Node: Sendable {
        case field(any Field)
        case nested([(MappingKey, PropertyDescriptor<Root>)])
        case list([PropertyDescriptor<Root>])
    }

    private(set) var node: Node
    private(set) var isRequiredFlag = false
    private(set) var isOneWay = false
    /// Nil for the v1 behaviour.
    private(set) var absentPolicy: MissingValuePolicy?
    private(set) var nullPolicy: MissingValuePolicy?
    private(set) var validators: [Validator] = []
    private(set) var ensures: [Ensure] = []

    init(_ node: Node) {
        self.node = node
    }

    /// A nested mapping: the source value must be a dictionary (string keys) or an array (integer keys).
    public init(dictionaryLiteral elements: (MappingKey, PropertyDescriptor<Root>)...) {
        self.init(.nested(elements))
    }

    func adding(_ validator: Validator) -> Self {
        var copy = self
        copy.validators.append(validator)
        return copy
    }

    func adding(_ ensure: Ensure) -> Self {
        var copy = self
        copy.ensures.append(ensure)
        return copy
    }

    func replacingField(_ field: any Field) -> Self {
        replacingNode(.field(field))
    }

    func replacingNode(_ node: Node) -> Self {
        var copy = self
        copy.node = node
        return copy
    }

    func withPolicies(absent: MissingValuePolicy?, null: MissingValuePolicy?) -> Self {
        var copy = self
        copy.absentPolicy = absent
        copy.nullPolicy = null
        return copy
    }

    func skippingSerialization() -> Self {
        var copy = self
        copy.isOneWay = true
        return copy
    }

    func requiringValue() -> Self {
        var copy = self
        copy.isRequiredFlag = true
        return copy
    }
}

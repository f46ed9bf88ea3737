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
    var isRequiredFlag = false
    var isOneWay = false
    /// Nil for the v1 behaviour.
    var absentPolicy: MissingValuePolicy?
    var nullPolicy: MissingValuePolicy?
    private(set) var validators: [Validator] = []
    private(set) var ensures: [Ensure] = []

    init(_ node: Node) {
        self.node = node
    }

    /// A nested mapping: the source value must be a dictionary (string keys) or an array (integer keys).
    public init(dictionaryLiteral elements: (MappingKey, PropertyDescriptor<Root>)...) {
        self.init(.nested(elements))
    }

    func adding(_ validator: Validator) -> Self { changed { $0.validators.append(validator) } }
    func adding(_ ensure: Ensure) -> Self { changed { $0.ensures.append(ensure) } }
    func replacingNode(_ node: Node) -> Self { changed { $0.node = node } }

    /// This descriptor with its field under `modifier`; nil for a nested mapping or a list, or a field it does not apply to.
    func modifyingField(_ modifier: FieldModifier) -> Self? {
        guard case let .field(field) = node, let modified = field.modified(modifier) else { return nil }
        return replacingNode(.field(modified))
    }

    func changed(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

/// One failed check: where in the source, which property, which rule, the offending value, and why.
///
///     catch let error as MappingError {
///         for failure in error.errors where failure.rule == "isRequired" { print(failure.path) }
///     }
///
/// The fields are the API: match on `path`, `property` and `rule`. Only `message` and
/// `description` are prose, and their wording may change.
public struct ValidationError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The source location: `"name"`, `"author.email"`, `"geo[1]"`, `"tags[3]"`; `""` for the source itself.
    public var path: String
    /// The target property's name, such as `"title"`; a nested mapping names every property under it.
    public var property: String
    /// The rule that failed: `"isRequired"`, `"type"`, `"lengthRange"`, `"box(URL)"`, `"call"`, a custom validator's name…
    public var rule: String
    /// The offending value rendered compactly as JSON; `nil` when the value is absent.
    public var value: String?
    /// What was found and what was expected, in plain words.
    public var message: String {
        get { reason.message }
        set { reason = .text(newValue) }
    }
    /// Why, as data until `message` puts it into words.
    var reason: Reason

    public init(path: String, property: String, rule: String, value: String?, message: String) {
        self.init(path: path, property: property, rule: rule, value: value, reason: .text(message))
    }

    init(path: String, property: String, rule: String, value: String?, failure: Failure) {
        self.init(path: path, property: property, rule: rule, value: value, reason: .failure(failure))
    }

    init(path: String, property: String, rule: String, value: String?, reason: Reason) {
        self.path = path
        self.property = property
        self.rule = rule
        self.value = value
        self.reason = reason
    }
}

/// Why an error or a warning was recorded: data (a `Failure`, a `Notice`) that travels as it is
/// through nested models and batches, put into words only when its `message` is read
/// (`ValidationError+Description.swift`, `MappingWarning+Description.swift`); or the text a caller
/// gave to a public initializer. Two reasons are equal when they read the same, whether given as
/// text or rendered from data.
enum Reason: Sendable, Hashable {
    case text(String)
    indirect case failure(Failure)
    indirect case notice(Notice)

    static func == (lhs: Reason, rhs: Reason) -> Bool {
        lhs.message == rhs.message
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(message)
    }
}

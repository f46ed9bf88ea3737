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
    public var message: String

    public init(path: String, property: String, rule: String, value: String?, message: String) {
        self.path = path
        self.property = property
        self.rule = rule
        self.value = value
        self.message = message
    }
}

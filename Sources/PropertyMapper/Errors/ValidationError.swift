/// One failed check: where in the source, which property, which rule, the offending value, and why.
///
/// Match on the fields `path`, `property` and `rule`; only `message` and `description` are prose, whose wording may change.
///
///     catch let error as MappingError {
///         for failure in error.errors where failure.rule == "isRequired" { print(failure.path) }
///     }
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
    /// Why, as data until `message` puts it into words; the memberwise `init(path:property:rule:value:reason:)` takes it.
    var reason: Reason

    /// A mistake in a mapping, not in the data.
    var isDefinitionError: Bool { reason.isDefinition }
}

extension ValidationError {
    public init(path: String, property: String, rule: String, value: String?, message: String) {
        self.init(path: path, property: property, rule: rule, value: value, reason: .text(message))
    }

    init(path: String, property: String, rule: String, value: String?, failure: Failure) {
        self.init(path: path, property: property, rule: rule, value: value, reason: .failure(failure))
    }
}

extension [ValidationError] {
    /// The definition errors alone when there is one (the data is not judged against a broken mapping); else all of them.
    /// A mistake met at many elements or records (`items[0].count`, `items[1].count`) is one error, the first: paths are
    /// compared without indices (`items.count`), where in the mapping, not in the data.
    var definitionErrorsAlone: [ValidationError] {
        guard contains(where: \.isDefinitionError) else { return self }
        var seen = Set<[String]>()
        return filter { $0.isDefinitionError && seen.insert([$0.path.replacing(#/\[[0-9]+\]/#, with: ""), $0.message]).inserted }
    }
}

/// Why an error or a warning was recorded: data (a `Failure`, a `Notice`), worded only when `message` is read,
/// or a caller's text. Two reasons are equal when they read the same, however given.
enum Reason: Sendable, Hashable {
    case text(String)
    indirect case failure(Failure)
    indirect case notice(Notice)

    /// A mistake in a mapping, not in the data.
    var isDefinition: Bool {
        if case .failure(.definition) = self { true } else { false }
    }

    /// A nested model refused for its depth: a cycle, or a graph too deep for the limit or the stack.
    var isDepthRefusal: Bool {
        if case .failure(.tooDeep) = self { true } else { false }
    }

    /// A mistake in a mapping, or a refusal for depth: never one value's failure, so no fallback or dropped element stands
    /// in for it.
    var isBeyondTheValue: Bool { isDefinition || isDepthRefusal }

    static func == (lhs: Reason, rhs: Reason) -> Bool {
        lhs.message == rhs.message
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(message)
    }
}

/// An error or a warning, as a `.list`'s members report one.
protocol ListReport {
    var path: String { get }
    var property: String { get set }
    var value: String? { get }
    var reason: Reason { get }
    /// The rule of an error, the kind of a warning.
    var label: String { get }
}

extension ValidationError: ListReport {
    var label: String { rule }
}

extension MappingWarning: ListReport {
    var label: String { kind.rawValue }
}

extension Array where Element: ListReport {
    /// The reports from `start` on, those that differ only in their property made one naming each (`raw, url`): a
    /// `.list`'s members failing or warning on one value for one reason are one root cause, so one report.
    mutating func mergeSame(from start: Int) {
        var merged: [Element] = []
        for report in self[start...] {
            if let same = merged.firstIndex(where: {
                ($0.path, $0.label, $0.value, $0.reason) == (report.path, report.label, report.value, report.reason)
            }) {
                merged[same].property += ", " + report.property
            } else {
                merged.append(report)
            }
        }
        replaceSubrange(start..., with: merged)
    }
}

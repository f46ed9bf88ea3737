/// Problems found by a conversion, each at a sub-path of the value: a scalar's concern the property mapped; a nested model's
/// each name the nested property they concern.
struct ConversionIssues {
    struct Issue {
        /// Where in the value: `""`, `"[3]"`, `".author.login"`, appended to the field's path.
        var subpath: String
        /// The nested property concerned (`"[3].email"`); nil for the property mapped (an element of `[String]` is `tags`).
        var propertySubpath: String?
        var rule: String
        var reason: Reason
        /// From a nested model (that model's own error or warning) rather than this conversion.
        var isNested = false
        var value: String?
        /// Set for a warning rather than an error.
        var warning: MappingWarning.Kind? = nil
    }

    /// Where the value lies in a model graph; a nested model's conversion maps one level further in.
    let nesting: Nesting
    var list: [Issue] = []

    /// Empty issues for a part of the value (an element), at the same depth.
    func forPart() -> ConversionIssues {
        ConversionIssues(nesting: nesting)
    }

    mutating func add(_ failure: Failure, value: Any?, rule: String = "type", at subpath: String = "") {
        list.append(Issue(subpath: subpath, rule: rule, reason: .failure(failure), value: value.map(SourceValue.render)))
    }

    /// A warning about the value at `subpath`: a string read as a number or a boolean under `.lenient()` (`coerced`), an
    /// element `.droppingInvalidElements()` dropped (`elementDropped`, carrying its errors).
    mutating func add(_ notice: Notice, value: Any, at subpath: String = "") {
        list.append(
            Issue(
                subpath: subpath, rule: notice.kind.rawValue, reason: .notice(notice), value: SourceValue.render(value),
                warning: notice.kind))
    }

    mutating func addMismatch(_ item: SourceItem, expected: String) {
        add(.typeMismatch(found: item.kind, expected: expected), value: item.value)
    }

    /// A nested model's errors, each at its own path and property; one about its source as a whole (not a dictionary, too
    /// deep) names the property holding the model.
    mutating func add(nested errors: [ValidationError]) {
        for error in errors {
            list.append(
                Issue(
                    subpath: Paths.suffix(error.path),
                    propertySubpath: error.path.isEmpty ? "" : Paths.suffix(error.property), rule: error.rule,
                    reason: error.reason, isNested: true, value: error.value))
        }
    }

    mutating func add(nestedWarnings warnings: [MappingWarning]) {
        for warning in warnings {
            list.append(
                Issue(
                    subpath: Paths.suffix(warning.path),
                    propertySubpath: warning.path.isEmpty ? "" : Paths.suffix(warning.property), rule: warning.kind.rawValue,
                    reason: warning.reason, isNested: true, value: warning.value, warning: warning.kind))
        }
    }

    /// Whether a nested model was refused for its depth: the walk goes no further along this value, or a cycle reached
    /// along several paths would be walked to the depth limit once for each.
    var refusedForDepth: Bool { list.contains(where: \.reason.isDepthRefusal) }

    /// The first problem as one failure, naming its sub-path when it lies inside the value.
    var firstFailure: Failure? {
        guard let issue = list.first, !issue.isNested, case let .failure(failure) = issue.reason else { return nil }
        return issue.subpath.isEmpty ? failure : .inside(subpath: issue.subpath, failure)
    }

    /// A part's issues (an element, a dictionary value), its component joining the path and a nested error's property path.
    mutating func add(_ nested: ConversionIssues, under component: String) {
        for var issue in nested.list {
            issue.subpath = component + issue.subpath
            issue.propertySubpath = issue.propertySubpath.map { component + $0 }
            list.append(issue)
        }
    }

    /// Each issue names the property mapped, none a property inside the value: a `.box`'s or `.call`'s input (a model the
    /// call takes) is not the property written, so `login` inside it is no property of `ownerName`.
    mutating func nameOnlyTheProperty() {
        for index in list.indices { list[index].propertySubpath = nil }
    }

    /// These issues' errors, of a value at `path` written to `property`.
    func errors(path: String, property: String) -> [ValidationError] {
        list.compactMap { issue in
            guard issue.warning == nil else { return nil }
            return ValidationError(
                path: Paths.joined(path, issue.subpath),
                property: issue.propertySubpath.map { Paths.joined(property, $0) } ?? property,
                rule: issue.rule, value: issue.value, reason: issue.reason)
        }
    }

    func warnings(path: String, property: String) -> [MappingWarning] {
        list.compactMap { issue in
            guard let kind = issue.warning else { return nil }
            return MappingWarning(
                path: Paths.joined(path, issue.subpath),
                property: issue.propertySubpath.map { Paths.joined(property, $0) } ?? property,
                kind: kind, value: issue.value, reason: issue.reason)
        }
    }
}

/// Joins rendered paths (`comments[2]` and `.author.login`), of sources and of properties alike.
enum Paths {
    /// A path as it continues another: `""` stays empty, `[3]…` is kept, `email` becomes `.email`.
    static func suffix(_ path: String) -> String {
        path.isEmpty || path.hasPrefix("[") ? path : "." + path
    }

    /// `prefix` continued by `suffix` (made by `suffix(_:)`); a leading dot is dropped at the root.
    static func joined(_ prefix: String, _ suffix: String) -> String {
        if prefix.isEmpty, suffix.hasPrefix(".") { return String(suffix.dropFirst()) }
        return prefix + suffix
    }

    /// `path` with `parent` replaced by `newParent`, when it is `parent` or lies inside it (`parent.x`, `parent[2]`).
    static func rebased(_ path: String, from parent: String, to newParent: String) -> String {
        guard path.hasPrefix(parent) else { return path }
        let rest = path.dropFirst(parent.count)
        return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[") ? newParent + rest : path
    }
}

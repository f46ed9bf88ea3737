// The words for warnings. Wording may change; fields may not.

extension MappingWarning {
    /// `views → views: absent, the default 0 was written [defaultUsed]`
    public var description: String {
        ValidationError.describe(path: path, property: property, message: message, value: value, tag: kind.rawValue)
    }
}

extension Notice {
    var message: String {
        switch self {
        case let .defaultUsed(value, forNull):
            return "\(forNull ? "null" : "absent"), the default \(value) was written"
        case let .fallbackUsed(value, replacing):
            let reasons = replacing.map { $0.property.isEmpty ? $0.message : "\($0.message) [\($0.rule)]" }
            return "the fallback \(value) was written in place of a value that failed: " + reasons.joined(separator: "; ")
        case let .coerced(typeName):
            return "a string, read as \(typeName) (lenient)"
        case .unknownKey:
            return "a key the mapping does not name, skipped"
        case let .elementDropped(errors):
            let reasons = errors.map { ($0.path.isEmpty ? "" : "\($0.path): ") + "\($0.message) [\($0.rule)]" }
            return "element dropped: " + reasons.joined(separator: "; ")
        }
    }
}

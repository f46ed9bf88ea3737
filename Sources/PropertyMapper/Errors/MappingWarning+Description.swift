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
        case let .defaultUsed(value, forNull): "\(forNull ? "null" : "absent"), the default \(value) was written"
        case let .fallbackUsed(value, replacing):
            "the fallback \(value) was written in place of a value that failed: "
                + replacing.map { $0.property.isEmpty ? $0.message : "\($0.message) [\($0.rule)]" }.joined(separator: "; ")
        case let .coerced(typeName): "a string, read as \(typeName) (lenient)"
        case .unknownKey: "a key the mapping does not name, skipped"
        case let .elementDropped(errors):
            "element dropped: "
                + errors.map { ($0.path.isEmpty ? "" : "\($0.path): ") + "\($0.message) [\($0.rule)]" }.joined(separator: "; ")
        }
    }
}

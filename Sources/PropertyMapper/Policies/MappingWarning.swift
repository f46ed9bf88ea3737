/// Something a successful mapping did that the data did not say outright.
///
/// A default, a fallback, a dropped element, a coerced value, an unknown key. Pass `warnings: &warnings` to
/// `Mapper.mapValues`; they are appended only when the call succeeds, and one prints as `views → views: absent, the
/// default 0 was written [defaultUsed]`. The fields are the API; only `message` and `description` are prose.
public struct MappingWarning: Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
        /// The key was absent (or null, under `.ifNull(.useDefault)`) and the field's `default:` was written.
        case defaultUsed
        /// A present value failed and the field's `fallback:` was written instead.
        case fallbackUsed
        /// An element of an array failed and was dropped (`.droppingInvalidElements()`).
        case elementDropped
        /// A value of another type was converted under lenient coercion.
        case coerced
        /// The source holds a key the mapping does not name (`unknownKeys: .warn`).
        case unknownKey
    }

    /// The source location, as in `ValidationError`: `"views"`, `"tags[2]"`.
    public var path: String
    /// The target property's name.
    public var property: String
    public var kind: Kind
    /// The value concerned, rendered compactly as JSON; nil when absent.
    public var value: String?
    /// What happened, in plain words.
    public var message: String {
        get { reason.message }
        set { reason = .text(newValue) }
    }
    /// Why, as data until `message` puts it into words; the memberwise `init(path:property:kind:value:reason:)` takes it.
    var reason: Reason
}

extension MappingWarning {
    public init(path: String, property: String, kind: Kind, value: String?, message: String) {
        self.init(path: path, property: property, kind: kind, value: value, reason: .text(message))
    }

    init(path: String, property: String, value: String?, notice: Notice) {
        self.init(path: path, property: property, kind: notice.kind, value: value, reason: .notice(notice))
    }
}

/// Why a warning was recorded, as data; `MappingWarning+Description.swift` turns it into words.
enum Notice: Sendable, Equatable {
    /// The field's default (rendered) was written for an absent value, or a null one.
    case defaultUsed(value: String, forNull: Bool)
    case fallbackUsed(value: String, replacing: [ValidationError])
    case elementDropped(errors: [ValidationError])
    case coerced(typeName: String)
    case unknownKey

    var kind: MappingWarning.Kind {
        switch self {
        case .defaultUsed: .defaultUsed
        case .fallbackUsed: .fallbackUsed
        case .elementDropped: .elementDropped
        case .coerced: .coerced
        case .unknownKey: .unknownKey
        }
    }
}

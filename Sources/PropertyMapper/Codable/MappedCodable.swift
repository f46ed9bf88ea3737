import Foundation

/// A model that `Decodable` APIs make through its own mapping: `JSONDecoder`, `PropertyListDecoder`, a synthesized
/// `Codable` type holding it, a server framework's request body.
///
/// Conforming a `Mappable` or `ImmutableMappable` model (a struct or a final class) gives it `init(from:)`: the
/// decoder's value is read as the mapping's source, and every check runs, all or nothing, as `Mapper.map` runs them.
///
///     struct Order: Mappable, MappedCodable { … }
///     let order = try JSONDecoder().decode(Order.self, from: data)
///
/// A failure is one `DecodingError.dataCorrupted`: its context has the decoder's `codingPath`, and its
/// `underlyingError` is the `MappingError` with every failure, each path starting at the coding path
/// (`order.line_items[1].sku`); `DecodingError.mappingError` returns it. The decoder's key strategy does not
/// apply (the model's `keyStyle` does), and its types are the mapping's, strictly: a JSON `1` is never a `Bool`.
/// A mapping with definition errors throws its `MappingError` itself: a mistake in the model, not in the data.
public protocol MappedDecodable: MappedModel, Decodable {}

/// A model that `Encodable` APIs write through its own mapping's reverse: what `Mapper.serialize` writes, whatever
/// the encoder's key strategy. A mapping that cannot run backwards throws `EncodingError.invalidValue`, with the
/// `MappingError` as its underlying error.
///
///     let body = try JSONEncoder().encode(order)
public protocol MappedEncodable: MappedModel, Encodable {}

/// A model that is both `MappedDecodable` and `MappedEncodable`.
public typealias MappedCodable = MappedDecodable & MappedEncodable

extension MappedDecodable {
    public init(from decoder: any Decoder) throws {
        self = try CodableBridge.decode(Self.self, from: decoder)
    }
}

extension MappedEncodable {
    public func encode(to encoder: any Encoder) throws {
        try CodableBridge.encode(self, to: encoder)
    }
}

extension DecodingError {
    /// The mapping's errors when a mapped model failed to decode (`MappedDecodable`), every path starting at the
    /// decoder's coding path; nil for any other decoding error.
    ///
    ///     catch let error as DecodingError { error.mappingError?.errors }
    public var mappingError: MappingError? {
        context?.underlyingError as? MappingError
    }

    /// Where the decoder was: its context's coding path (empty for an error of an unknown kind).
    var codingPath: [any CodingKey] {
        context?.codingPath ?? []
    }

    private var context: Context? {
        switch self {
        case let .dataCorrupted(context), let .keyNotFound(_, context), let .typeMismatch(_, context),
            let .valueNotFound(_, context):
            return context
        @unknown default:
            return nil
        }
    }
}

extension EncodingError {
    /// The mapping's errors when a mapped model could not be written (`MappedEncodable`); nil for any other
    /// encoding error.
    public var mappingError: MappingError? {
        guard case let .invalidValue(_, context) = self else { return nil }
        return context.underlyingError as? MappingError
    }
}

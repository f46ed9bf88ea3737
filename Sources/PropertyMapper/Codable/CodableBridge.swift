import Foundation

/// The Codable bridge's two directions, each over the library's own entry points: a decoder's value read as a
/// source (`DecodedValue`) and made by `ModelEntry`, as `Mapper.map` makes it; a model serialized, as
/// `Mapper.serializeJSON` writes it, and handed to the encoder as a `JSONValue`.
enum CodableBridge {
    static func decode<Model: MappedModel>(_: Model.Type, from decoder: any Decoder) throws -> Model {
        let entry = ModelEntry(Model.self)
        // A mistake in the mapping is not the data's: thrown as it is, never as a `DecodingError`.
        try Engine.refuseFaulty(entry.mapping.plan, writing: entry.making.writes)
        var dropped: [MappingWarning] = []
        do {
            return try entry.one(from: DecodedValue.read(decoder, entry.mapping.jsonLevel), warnings: &dropped)
        } catch let error as NestedTooDeep {
            let depth = ValidationError(
                path: error.path ?? "", property: "", rule: "depth", value: nil,
                failure: .containersTooDeep(limit: JSONReader.maximumDepth))
            throw corrupted(MappingError(errors: [depth]), at: decoder.codingPath)
        } catch let error as UndecodableValue {
            throw error.error
        } catch let error as MappingError {
            throw corrupted(error, at: decoder.codingPath)
        }
    }

    static func encode<Model: MappedModel>(_ model: Model, to encoder: any Encoder) throws {
        // A mistake in the mapping is not the model's: thrown as it is, never as an `EncodingError`.
        try Engine.refuseFaulty(Model.mapping.plan)
        do {
            // An object, or an array for a mapping of indices, as `serializeJSON` writes it.
            var output = SerialOutput.foundation([])
            try Serializer.serialize(model, plan: Model.mapping.plan, into: &output)
            try JSONValue(converting: output.foundationValue ?? [String: Any]()).encode(to: encoder)
        } catch let error as MappingError {
            throw invalid(model, error, at: encoder.codingPath)
        } catch let error as JSONWriteError {
            // Containers nested deeper than JSON is read back: a `serialize` error, as `serializeJSON` reports it.
            let refusal = ValidationError(
                path: error.path, property: "", rule: "serialize", value: nil, failure: .notSerializable(error.problem))
            throw invalid(model, MappingError(errors: [refusal]), at: encoder.codingPath)
        }
    }

    private static func invalid(_ model: Any, _ error: MappingError, at codingPath: [any CodingKey]) -> EncodingError {
        let located = error.located(at: CodingPath.path(of: codingPath))
        return EncodingError.invalidValue(
            model, EncodingError.Context(codingPath: codingPath, debugDescription: located.summary, underlyingError: located))
    }

    /// The coding path is asked for only on a failure: a decoder builds it anew each time.
    private static func corrupted(_ error: MappingError, at codingPath: [any CodingKey]) -> DecodingError {
        let located = error.located(at: CodingPath.path(of: codingPath))
        return DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: located.summary, underlyingError: located))
    }
}

extension MappingError {
    /// The errors with every path continuing `prefix` (a coding path): `line_items[1].sku` at `order` is
    /// `order.line_items[1].sku`.
    func located(at prefix: String) -> MappingError {
        guard !prefix.isEmpty else { return self }
        var located = self
        for index in errors.indices { located.errors[index].path = Paths.joined(prefix, Paths.suffix(errors[index].path)) }
        return located
    }
}

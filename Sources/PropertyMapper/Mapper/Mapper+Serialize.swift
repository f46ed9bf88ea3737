import Foundation

// The round trip's entry points: a model back to the source shape its mapping reads. Each is one
// line over `Serializer` (Engine/Run/Serializer.swift).

extension Mapper {
    /// The model's values as a dictionary in the shape `mapping` reads: nested dictionaries and index
    /// arrays rebuilt, nested models, enums, boxings and calls turned back into source values.
    ///
    ///     let object: [String: Any] = try Mapper.serialize(video, using: Video.mapping)
    ///
    /// Nil is left out unless `options` holds `.writingNulls`. Validators do not run. Anything that
    /// cannot run backwards (a call without `reverse:`, a boxing without a reverse, a value that is
    /// not a JSON value, a non-finite number) is an error with the rule `serialize`; every one is
    /// listed in the `MappingError`. Fields marked `.oneWay()` are skipped.
    public static func serialize<Root>(
        _ model: Root, using mapping: Mapping<Root>, options: SerializationOptions = []
    ) throws(MappingError) -> [String: Any] {
        var output = SerialOutput.foundation(options)
        try Serializer.serialize(model, plan: mapping.plan, into: &output)
        return try Serializer.dictionary(output.foundationValue)
    }

    /// Every model as a dictionary, in order; every model's errors are listed under its index (`[3].id`).
    public static func serialize<Root>(
        _ models: [Root], using mapping: Mapping<Root>, options: SerializationOptions = []
    ) throws(MappingError) -> [[String: Any]] {
        var output = SerialOutput.foundation(options)
        try Serializer.serialize(models, plan: mapping.plan, into: &output)
        return try Serializer.dictionaries(output.foundationValue)
    }

    /// The model as JSON text in UTF-8, in the shape `mapping` reads, compact by default.
    ///
    ///     let data = try Mapper.serializeJSON(video, using: Video.mapping)
    ///     let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys, .writingNulls])
    ///
    /// Keys come in mapping order unless `.sortedKeys`. Doubles are written in the shortest form that
    /// reads back bit for bit, integers up to `UInt64.max` and `Decimal` with every digit, strings with
    /// minimal escaping. The errors are `serialize(_:using:options:)`'s.
    public static func serializeJSON<Root>(
        _ model: Root, using mapping: Mapping<Root>, options: SerializationOptions = []
    ) throws(MappingError) -> Data {
        var output = SerialOutput.json(options)
        try Serializer.serialize(model, plan: mapping.plan, into: &output)
        return output.text.data
    }

    /// Every model in one JSON array, in order; every model's errors are listed under its index.
    ///
    ///     let feed: Data = try Mapper.serializeJSON(videos, using: Video.mapping)
    public static func serializeJSON<Root>(
        _ models: [Root], using mapping: Mapping<Root>, options: SerializationOptions = []
    ) throws(MappingError) -> Data {
        var output = SerialOutput.json(options, capacity: 256 * models.count + 2)
        try Serializer.serialize(models, plan: mapping.plan, into: &output)
        return output.text.data
    }
}

// MARK: Models with their own mapping

extension Mapper {
    /// A model (`Mappable` or `ImmutableMappable`) as a dictionary, through its own mapping.
    public static func serialize<Model: MappedModel>(
        _ model: Model, options: SerializationOptions = []
    ) throws(MappingError) -> [String: Any] {
        try serialize(model, using: Model.mapping, options: options)
    }

    /// Models (`Mappable` or `ImmutableMappable`) as dictionaries, through their own mapping.
    public static func serialize<Model: MappedModel>(
        _ models: [Model], options: SerializationOptions = []
    ) throws(MappingError) -> [[String: Any]] {
        try serialize(models, using: Model.mapping, options: options)
    }

    /// A model (`Mappable` or `ImmutableMappable`) as JSON, through its own mapping.
    ///
    ///     let again = try Mapper.serializeJSON(author)
    public static func serializeJSON<Model: MappedModel>(_ model: Model, options: SerializationOptions = []) throws(MappingError) -> Data {
        try serializeJSON(model, using: Model.mapping, options: options)
    }

    /// Models (`Mappable` or `ImmutableMappable`) as one JSON array, through their own mapping.
    public static func serializeJSON<Model: MappedModel>(_ models: [Model], options: SerializationOptions = []) throws(MappingError) -> Data
    {
        try serializeJSON(models, using: Model.mapping, options: options)
    }
}

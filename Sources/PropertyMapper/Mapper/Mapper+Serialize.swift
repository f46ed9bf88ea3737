import Foundation

// The round trip's entry points, each one line over `Serializer`: a model back to the shape its mapping reads.

extension Mapper {
    /// The model's values as a dictionary in the shape `mapping` reads (no validators, no `.oneWay()` fields, nil only
    /// with `.writingNulls`, or where a key left out would read back as its `default:` or fail); a call or boxing without
    /// a reverse, or a non-JSON or non-finite value, is a `serialize` error.
    ///
    ///     let object: [String: Any] = try Mapper.serialize(video, using: Video.mapping)
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

    /// The model as compact UTF-8 JSON in the shape `mapping` reads, keys in mapping order unless `.sortedKeys`,
    /// numbers exactly (doubles in their shortest round-trip form). The errors are `serialize(_:using:options:)`'s.
    ///
    ///     let data = try Mapper.serializeJSON(video, using: Video.mapping)
    ///     let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys, .writingNulls])
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
        // A guess at the text's size, which a 32-bit `Int` must hold: never a trap on a large array.
        var output = SerialOutput.json(options, capacity: Swift.min(models.count, 1 << 20) * 256 + 2)
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

import Foundation

// The entry points' forms that append the mapping's warnings (`MappingWarning`) to `warnings`, on success only.

extension Mapper {
    /// Maps `source` into a class instance and appends the mapping's warnings to `warnings`.
    ///
    ///     var warnings: [MappingWarning] = []
    ///     try Mapper.mapValues(from: json, to: trip, using: Trip.mapping, warnings: &warnings)
    public static func mapValues<Root: AnyObject>(
        from source: Any?, to target: Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        var reference = target
        try mapValues(from: source, to: &reference, using: mapping, warnings: &warnings)
    }

    /// Maps `source` into a value through `inout` and appends the mapping's warnings to `warnings`.
    ///
    ///     try Mapper.mapValues(from: json, to: &trip, using: Trip.mapping, warnings: &warnings)
    public static func mapValues<Root>(
        from source: Any?, to target: inout Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        try Engine.refuseFaulty(mapping.plan, writing: true)
        let errors = Engine.map(source, into: &target, using: mapping.plan, warnings: &warnings)
        if !errors.isEmpty { throw MappingError(errors: errors) }
    }

    /// Maps JSON bytes into a class instance, with its warnings.
    public static func mapValues<Root: AnyObject>(
        fromJSON json: Data, to target: Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: target, using: mapping, warnings: &warnings)
    }

    /// Maps JSON bytes into a value through `inout`, with its warnings.
    public static func mapValues<Root>(
        fromJSON json: Data, to target: inout Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: &target, using: mapping, warnings: &warnings)
    }

    /// Maps JSON text into a class instance, with its warnings.
    public static func mapValues<Root: AnyObject>(
        fromJSON json: String, to target: Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: target, using: mapping, warnings: &warnings)
    }

    /// Maps JSON text into a value through `inout`, with its warnings.
    public static func mapValues<Root>(
        fromJSON json: String, to target: inout Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: &target, using: mapping, warnings: &warnings)
    }

    /// A dry run that also reports, when it finds no error, the warnings the real run would give.
    public static func validate<Root>(
        _ source: Any?, for target: Root, using mapping: Mapping<Root>, warnings: inout [MappingWarning]
    ) -> [ValidationError] {
        do {
            try Engine.refuseFaulty(mapping.plan, writing: true)
        } catch {
            return error.errors
        }
        var copy = target
        return Engine.map(source, into: &copy, using: mapping.plan, nesting: .outermost(writes: false), warnings: &warnings)
    }
}

// MARK: Models with their own mapping

extension Mapper {
    /// Makes a model from `source`, with its warnings (nested models' included, at their paths).
    ///
    ///     let trip = try Mapper.map(Trip.self, from: json, warnings: &warnings)
    public static func map<Model: MappedModel>(
        _ type: Model.Type, from source: Any?, warnings: inout [MappingWarning]
    ) throws(MappingError) -> Model {
        try ModelEntry(type).one(from: source, warnings: &warnings)
    }

    /// Makes a model from JSON bytes, with its warnings.
    public static func map<Model: MappedModel>(
        _ type: Model.Type, fromJSON json: Data, warnings: inout [MappingWarning]
    ) throws(MappingError) -> Model {
        try ModelEntry(type).one(fromJSON: json, warnings: &warnings)
    }

    /// Makes a model from JSON text, with its warnings.
    public static func map<Model: MappedModel>(
        _ type: Model.Type, fromJSON json: String, warnings: inout [MappingWarning]
    ) throws(MappingError) -> Model {
        try ModelEntry(type).one(fromJSON: json, warnings: &warnings)
    }

    /// Makes a model of every element of an array source, all or nothing, with their warnings under their indices.
    public static func map<Model: MappedModel>(
        _ type: [Model].Type, from source: Any?, warnings: inout [MappingWarning]
    ) throws(MappingError) -> [Model] {
        try ModelEntry(Model.self).all(from: source, warnings: &warnings)
    }

    /// Makes a model of every element of a top-level JSON array, with their warnings.
    public static func map<Model: MappedModel>(
        _ type: [Model].Type, fromJSON json: Data, warnings: inout [MappingWarning]
    ) throws(MappingError) -> [Model] {
        try ModelEntry(Model.self).all(fromJSON: json, warnings: &warnings)
    }

    /// Makes a model of every element of a JSON array given as text, with their warnings.
    public static func map<Model: MappedModel>(
        _ type: [Model].Type, fromJSON json: String, warnings: inout [MappingWarning]
    ) throws(MappingError) -> [Model] {
        try ModelEntry(Model.self).all(fromJSON: json, warnings: &warnings)
    }

    /// A dry run for a model type that also reports the warnings the real run would give.
    public static func validate<Model: MappedModel>(
        _ source: Any?, as type: Model.Type, warnings: inout [MappingWarning]
    ) -> [ValidationError] {
        ModelEntry(type).validate(source, warnings: &warnings)
    }
}

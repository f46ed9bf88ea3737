import Foundation

// The entry points for models with their own mapping: each is one line over `ModelEntry`.

extension Mapper {
    /// Makes a model from `source` (`[String: Any]`, `NSDictionary`, …); a `MappingError` lists every failure, nested ones at full paths.
    /// A nil or null source is one `type` error: a model is never made from nothing.
    ///
    ///     let author = try Mapper.map(Author.self, from: dictionary)
    public static func map<Model: MappedModel>(_ type: Model.Type, from source: Any?) throws(MappingError) -> Model {
        var dropped: [MappingWarning] = []
        return try map(type, from: source, warnings: &dropped)
    }

    /// Makes a model from JSON bytes; malformed JSON is one error with the rule `json`.
    ///
    ///     let repo = try Mapper.map(Repo.self, fromJSON: data)
    public static func map<Model: MappedModel>(_ type: Model.Type, fromJSON json: Data) throws(MappingError) -> Model {
        var dropped: [MappingWarning] = []
        return try map(type, fromJSON: json, warnings: &dropped)
    }

    /// Makes a model from JSON text.
    public static func map<Model: MappedModel>(_ type: Model.Type, fromJSON json: String) throws(MappingError) -> Model {
        var dropped: [MappingWarning] = []
        return try map(type, fromJSON: json, warnings: &dropped)
    }

    /// Makes a model of every element of an array source, all or nothing: every element's errors are listed (`[3].email`).
    ///
    ///     let authors = try Mapper.map([Author].self, from: array)
    public static func map<Model: MappedModel>(_ type: [Model].Type, from source: Any?) throws(MappingError) -> [Model] {
        var dropped: [MappingWarning] = []
        return try map(type, from: source, warnings: &dropped)
    }

    /// Makes a model of every element of a top-level JSON array, all or nothing.
    ///
    ///     let repos = try Mapper.map([Repo].self, fromJSON: data)
    public static func map<Model: MappedModel>(_ type: [Model].Type, fromJSON json: Data) throws(MappingError) -> [Model] {
        var dropped: [MappingWarning] = []
        return try map(type, fromJSON: json, warnings: &dropped)
    }

    /// Makes a model of every element of a JSON array given as text, all or nothing.
    public static func map<Model: MappedModel>(_ type: [Model].Type, fromJSON json: String) throws(MappingError) -> [Model] {
        var dropped: [MappingWarning] = []
        return try map(type, fromJSON: json, warnings: &dropped)
    }

    /// Makes a model of each element of an array source on its own; throws only a definition error, or for a non-array.
    ///
    ///     let batch = try Mapper.mapArray(from: records, as: Author.self)
    public static func mapArray<Model: MappedModel>(from source: Any?, as type: Model.Type) throws(MappingError) -> MappedArray<Model> {
        try ModelEntry(type).each(from: source)
    }

    /// Makes a model of each element of a top-level JSON array on its own; malformed JSON anywhere throws.
    ///
    ///     let batch = try Mapper.mapArray(fromJSON: data, as: Repo.self)
    public static func mapArray<Model: MappedModel>(fromJSON json: Data, as type: Model.Type) throws(MappingError) -> MappedArray<Model> {
        try ModelEntry(type).each(fromJSON: json)
    }

    /// A dry run for a model type: every check, nested models included; nothing is kept.
    ///
    ///     let problems = Mapper.validate(json, as: Repo.self)
    public static func validate<Model: MappedModel>(_ source: Any?, as type: Model.Type) -> [ValidationError] {
        var dropped: [MappingWarning] = []
        return validate(source, as: type, warnings: &dropped)
    }
}

/// One model type's way in: one body per entry point for a `Mappable` and an `ImmutableMappable` alike.
struct ModelEntry<Model> {
    let mapping: Mapping<Model>
    let making: ModelMaking<Model>

    func make(_ item: SourceItem?, _ warnings: inout [MappingWarning]) -> Result<Model, MappingError> {
        making.make(item, .outermost(), &warnings)
    }

    /// A nil source, nothing at all, is refused as null is (a model is never made from nothing).
    func one(from source: Any?, warnings: inout [MappingWarning]) throws(MappingError) -> Model {
        try make(SourceItem(source ?? SourceValue.null), &warnings).get()
    }

    func one(fromJSON json: some JSONInput, warnings: inout [MappingWarning]) throws(MappingError) -> Model {
        try one(from: Mapper.parseJSON(json, for: mapping, writing: making.writes), warnings: &warnings)
    }

    func all(from source: Any?, warnings: inout [MappingWarning]) throws(MappingError) -> [Model] {
        try Engine.refuseFaulty(mapping.plan, writing: making.writes)
        let elements = try Engine.elements(of: source)
        var batch = Batch()
        batch.models.reserveCapacity(elements.count)
        elements.forEachItem { _, item in batch.add(item, make) }
        return try batch.result(warnings: &warnings)
    }

    func all(fromJSON json: some JSONInput, warnings: inout [MappingWarning]) throws(MappingError) -> [Model] {
        try Engine.refuseFaulty(mapping.plan, writing: making.writes)
        var batch = Batch()
        let notAnArray = try Mapper.withJSONElements(of: json, mapping.jsonLevel) { elements throws(JSONSyntaxError) in
            while let element = try elements.next() { batch.add(SourceItem(element), make) }
        }
        if let notAnArray { return try all(from: notAnArray, warnings: &warnings) }
        return try batch.result(warnings: &warnings)
    }

    /// An all-or-nothing batch: its models, or every failed element's errors, under their indices (`[3].email`).
    private struct Batch {
        var models: [Model] = []
        var errors: [ValidationError] = []
        var warnings: [MappingWarning] = []
        var count = 0

        mutating func add(_ item: SourceItem?, _ make: (SourceItem?, inout [MappingWarning]) -> Result<Model, MappingError>) {
            defer { count += 1 }
            var elementWarnings: [MappingWarning] = []
            let element = MappingKey.index(count).subpath
            var issues = ConversionIssues(nesting: .outermost())
            switch make(item, &elementWarnings) {
            case let .success(model):
                if errors.isEmpty { models.append(model) }
                guard !elementWarnings.isEmpty else { return }
                issues.add(nestedWarnings: elementWarnings)
                warnings += issues.warnings(path: element, property: element)
            case let .failure(error):
                models = []
                issues.add(nested: error.errors)
                errors += issues.errors(path: element, property: element)
            }
        }

        func result(warnings: inout [MappingWarning]) throws(MappingError) -> [Model] {
            // A record's definition errors (a nested model's mapping) are thrown alone, as a run's are.
            if !errors.isEmpty { throw MappingError(errors: errors.definitionErrorsAlone) }
            warnings += self.warnings
            return models
        }
    }

    func each(from source: Any?) throws(MappingError) -> MappedArray<Model> {
        try Engine.refuseFaulty(mapping.plan, writing: making.writes)
        let elements = try Engine.elements(of: source)
        var results: [Result<Model, MappingError>] = []
        results.reserveCapacity(elements.count)
        var records = BatchRecords()
        elements.forEachItem { _, item in addRecord(item, to: &results, &records) }
        return try MappedArray.checked(results, records)
    }

    func each(fromJSON json: some JSONInput) throws(MappingError) -> MappedArray<Model> {
        try Engine.refuseFaulty(mapping.plan, writing: making.writes)
        var results: [Result<Model, MappingError>] = []
        var records = BatchRecords()
        let notAnArray = try Mapper.withJSONElements(of: json, mapping.jsonLevel) { elements throws(JSONSyntaxError) in
            // Asks for the array's type before the loop, so the loop's generic code looks it up once.
            results.reserveCapacity(1)
            while let element = try elements.next() { addRecord(SourceItem(element), to: &results, &records) }
        }
        if let notAnArray { return try each(from: notAnArray) }
        return try MappedArray.checked(results, records)
    }

    /// One record of a per-record batch: its result and warnings, its definition errors noted for the batch to throw.
    private func addRecord(_ item: SourceItem?, to results: inout [Result<Model, MappingError>], _ records: inout BatchRecords) {
        var recordWarnings: [MappingWarning] = []
        switch make(item, &recordWarnings) {
        case let .success(model):
            results.append(.success(model))
        case let .failure(error):
            records.noteFailure(error)
            results.append(.failure(error))
        }
        records.append(recordWarnings)
    }

    func validate(_ source: Any?, warnings: inout [MappingWarning]) -> [ValidationError] {
        let made = making.make(SourceItem(source ?? SourceValue.null), .outermost(writes: false), &warnings)
        return if case let .failure(error) = made { error.errors } else { [] }
    }
}

extension ModelEntry where Model: MappedModel {
    init(_: Model.Type) {
        self.init(mapping: Model.mapping, making: Model.making)
    }
}

import Foundation

/// Maps parsed data into model objects through a `Mapping`, all or nothing.
///
/// Phase one checks every value and runs every validator, boxing and call; phase two writes only if none failed.
/// A mapping with definition errors (`Mapping.definitionErrors`) is never run: entry points throw them, `validate` returns them.
///
///     init(json: [String: Any]) throws {
///         try Mapper.mapValues(from: json, to: self, using: Self.mapping)
///     }
public enum Mapper {
    /// Maps `source` (`[String: Any]`, `NSDictionary`, `[Any]`, `NSArray`) into a class instance; a `MappingError` lists every failure.
    public static func mapValues<Root: AnyObject>(from source: Any?, to target: Root, using mapping: Mapping<Root>) throws(MappingError) {
        var reference = target
        try mapValues(from: source, to: &reference, using: mapping)
    }

    /// Maps `source` into a value through `inout`, such as a struct: `try Mapper.mapValues(from: json, to: &self, using: Self.mapping)`.
    public static func mapValues<Root>(from source: Any?, to target: inout Root, using mapping: Mapping<Root>) throws(MappingError) {
        var warnings: [MappingWarning] = []
        try mapValues(from: source, to: &target, using: mapping, warnings: &warnings)
    }

    /// Maps JSON bytes into a class instance, as from `[String: Any]`; a strict RFC 8259 reader builds only what the
    /// mapping names (the last of duplicate keys wins). Malformed JSON is one error at path `""`, nothing written:
    /// `(root): malformed JSON: unexpected character '}' at byte 41, expected '"' to start a key [json]`.
    ///
    ///     try Mapper.mapValues(fromJSON: data, to: video, using: Video.mapping)
    public static func mapValues<Root: AnyObject>(fromJSON json: Data, to target: Root, using mapping: Mapping<Root>) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: target, using: mapping)
    }

    /// Maps JSON bytes into a value through `inout`.
    public static func mapValues<Root>(fromJSON json: Data, to target: inout Root, using mapping: Mapping<Root>) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: &target, using: mapping)
    }

    /// Maps JSON text into a class instance.
    public static func mapValues<Root: AnyObject>(
        fromJSON json: String, to target: Root, using mapping: Mapping<Root>
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: target, using: mapping)
    }

    /// Maps JSON text into a value through `inout`.
    public static func mapValues<Root>(fromJSON json: String, to target: inout Root, using mapping: Mapping<Root>) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: &target, using: mapping)
    }

    /// A dry run: every check, calls included (run on `target`), nothing written; the errors `mapValues` would throw.
    ///
    ///     let problems = Mapper.validate(json, for: video, using: Video.mapping)
    public static func validate<Root>(_ source: Any?, for target: Root, using mapping: Mapping<Root>) -> [ValidationError] {
        var warnings: [MappingWarning] = []
        return validate(source, for: target, using: mapping, warnings: &warnings)
    }

    /// Maps each element of an array source (`[Any]`, `NSArray`) on its own into a new model made by `create`; throws
    /// only a definition error, or one `type` error at path `""` when the source is not an array. Each record is mapped
    /// as `mapValues` maps it into the model `create` made: a null record finds no value, as a null source does there.
    ///
    ///     let batch = try Mapper.mapArray(from: records, using: Video.mapping) { Video() }
    public static func mapArray<Root>(
        from source: Any?, using mapping: Mapping<Root>, create: () -> Root
    ) throws(MappingError) -> MappedArray<Root> {
        try Engine.refuseFaulty(mapping.plan, writing: true)
        let elements = try Engine.elements(of: source)
        var results: [Result<Root, MappingError>] = []
        results.reserveCapacity(elements.count)
        var records = BatchRecords()
        let plan = mapping.plan
        for index in 0..<elements.count {
            mapRecord(elements[index], using: plan, create: create, into: &results, &records)
        }
        return try MappedArray.checked(results, records)
    }

    /// Maps one record of a batch; inlined, so the loop's generic code looks the result type up once.
    @inline(__always)
    private static func mapRecord<Root>(
        _ element: Any, using plan: Plan, create: () -> Root,
        into results: inout [Result<Root, MappingError>], _ records: inout BatchRecords
    ) {
        var model = create()
        var recordWarnings: [MappingWarning] = []
        let errors = Engine.map(element, into: &model, using: plan, warnings: &recordWarnings)
        if errors.isEmpty {
            results.append(.success(consume model))
        } else {
            let error = MappingError(errors: errors)
            records.noteFailure(error)
            results.append(.failure(error))
        }
        records.append(recordWarnings)
    }

    /// Maps each element of a top-level JSON array into a new model made by `create`, in one pass; malformed JSON
    /// anywhere, or a document that is not an array, throws, and a bad record fails only its own result.
    ///
    ///     let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }
    public static func mapArray<Root>(
        fromJSON json: Data, using mapping: Mapping<Root>, create: () -> Root
    ) throws(MappingError) -> MappedArray<Root> {
        try Engine.refuseFaulty(mapping.plan, writing: true)
        var results: [Result<Root, MappingError>] = []
        var records = BatchRecords()
        let plan = mapping.plan
        let notAnArray = try withJSONElements(of: json, mapping.jsonLevel) { elements throws(JSONSyntaxError) in
            // Asks for the array's type before the loop, so the loop's generic code looks it up once.
            results.reserveCapacity(1)
            while let element = try elements.next() {
                mapRecord(element, using: plan, create: create, into: &results, &records)
            }
        }
        if let notAnArray { return try mapArray(from: notAnArray, using: mapping, create: create) }
        return try MappedArray.checked(results, records)
    }

    /// The document with only what `mapping` names built, for a sound mapping; malformed JSON is one `json` error.
    static func parseJSON<Root>(_ json: some JSONInput, for mapping: Mapping<Root>, writing: Bool = true) throws(MappingError) -> Any {
        try Engine.refuseFaulty(mapping.plan, writing: writing)
        do {
            return try JSONDocument.read(json, .level(mapping.jsonLevel))
        } catch {
            throw error.mappingError
        }
    }

    /// `JSONDocument.withElements`, each element read for `level`; malformed JSON is one `json` error.
    static func withJSONElements(
        of json: some JSONInput, _ level: JSONLevel, _ body: (inout JSONElements) throws(JSONSyntaxError) -> Void
    ) throws(MappingError) -> Any? {
        do {
            return try JSONDocument.withElements(of: json, .level(level), body)
        } catch {
            throw error.mappingError
        }
    }
}

import Foundation

/// Maps parsed data into model objects through a `Mapping`, all or nothing.
///
///     init(json: [String: Any]) throws {
///         try Mapper.mapValues(from: json, to: self, using: Self.mapping)
///     }
///
/// Phase one walks the mapping and the source together: it type-checks every value, runs every
/// validator, boxes and calls, collects every error and stages every write. Phase two applies the
/// writes only when phase one found no error, so a failed call leaves the target exactly as it was.
///
/// A mapping with definition errors (see `Mapping.definitionErrors`) is never run: every entry point
/// throws them alone, before reading the source, and `validate` returns them.
public enum Mapper {
    /// Maps `source` (`[String: Any]`, `NSDictionary`, `[Any]`, `NSArray`) into a class instance.
    ///
    /// Throws a `MappingError` listing every failure, in mapping order; then nothing was written.
    public static func mapValues<Root: AnyObject>(
        from source: Any?,
        to target: Root,
        using mapping: Mapping<Root>
    ) throws(MappingError) {
        var reference = target
        try mapValues(from: source, to: &reference, using: mapping)
    }

    /// Maps `source` into a value through `inout`, such as a struct: `try Mapper.mapValues(from: json, to: &self, using: Self.mapping)`.
    public static func mapValues<Root>(
        from source: Any?,
        to target: inout Root,
        using mapping: Mapping<Root>
    ) throws(MappingError) {
        var warnings: [MappingWarning] = []
        try mapValues(from: source, to: &target, using: mapping, warnings: &warnings)
    }

    /// Maps JSON bytes into a class instance; malformed JSON is a `MappingError` with the rule `json`.
    ///
    ///     try Mapper.mapValues(fromJSON: data, to: video, using: Video.mapping)
    ///
    /// The bytes are read by the library's own strict RFC 8259 reader, which builds only the values
    /// the mapping names and checks the rest without building it; the mapping then runs exactly as
    /// from `[String: Any]`, with the same errors. Malformed JSON (a trailing comma, invalid UTF-8, a
    /// lone surrogate, a number beyond `Double`, nesting deeper than 512 levels, a truncated document)
    /// is one error at path `""` whose message gives the byte offset and what was expected there:
    /// `(root): malformed JSON: unexpected character '}' at byte 41, expected '"' to start a key [json]`.
    /// Nothing is written then. Duplicate keys: the last one wins.
    public static func mapValues<Root: AnyObject>(
        fromJSON json: Data,
        to target: Root,
        using mapping: Mapping<Root>
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: target, using: mapping)
    }

    /// Maps JSON bytes into a value through `inout`.
    public static func mapValues<Root>(
        fromJSON json: Data,
        to target: inout Root,
        using mapping: Mapping<Root>
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: &target, using: mapping)
    }

    /// Maps JSON text into a class instance.
    public static func mapValues<Root: AnyObject>(
        fromJSON json: String,
        to target: Root,
        using mapping: Mapping<Root>
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: target, using: mapping)
    }

    /// Maps JSON text into a value through `inout`.
    public static func mapValues<Root>(
        fromJSON json: String,
        to target: inout Root,
        using mapping: Mapping<Root>
    ) throws(MappingError) {
        try mapValues(from: parseJSON(json, for: mapping), to: &target, using: mapping)
    }

    /// A dry run: every check, calls included (run on `target`), and nothing written.
    ///
    ///     let problems = Mapper.validate(json, for: video, using: Video.mapping)
    ///
    /// Returns the errors `mapValues` would throw, in the same order; empty when it would succeed.
    public static func validate<Root>(
        _ source: Any?,
        for target: Root,
        using mapping: Mapping<Root>
    ) -> [ValidationError] {
        var warnings: [MappingWarning] = []
        return validate(source, for: target, using: mapping, warnings: &warnings)
    }

    /// Maps every element of an array source (`[Any]`, `NSArray`) into a new model made by `create`.
    ///
    ///     let batch = try Mapper.mapArray(from: records, using: Video.mapping) { Video() }
    ///
    /// Each element is mapped on its own, all or nothing, and its errors have paths relative to the
    /// element. Throws only when the source is not an array (one `type` error at path `""`).
    public static func mapArray<Root>(
        from source: Any?,
        using mapping: Mapping<Root>,
        create: () -> Root
    ) throws(MappingError) -> MappedArray<Root> {
        try Engine.refuseFaulty(mapping.plan, writing: true)
        let elements = try Engine.elements(of: source)
        var results: [Result<Root, MappingError>] = []
        results.reserveCapacity(elements.count)
        var warnings = BatchWarnings()
        let plan = mapping.plan
        for index in 0..<elements.count {
            mapRecord(elements[index], using: plan, create: create, into: &results, &warnings)
        }
        return MappedArray(results: results, warnings: warnings.perRecord)
    }

    /// One record of a batch: a new model from `create`, mapped from `element`, with its result and
    /// warnings appended. Inlined into each batch's loop, whose generic code then looks the result
    /// type up once for the whole loop; the mapped model is moved into its result.
    @inline(__always)
    private static func mapRecord<Root>(
        _ element: Any, using plan: Plan, create: () -> Root,
        into results: inout [Result<Root, MappingError>], _ warnings: inout BatchWarnings
    ) {
        var model = create()
        var recordWarnings: [MappingWarning] = []
        let errors = Engine.map(element, into: &model, using: plan, warnings: &recordWarnings)
        results.append(errors.isEmpty ? .success(consume model) : .failure(MappingError(errors: errors)))
        warnings.append(recordWarnings)
    }

    /// Maps every element of a top-level JSON array into a new model made by `create`.
    ///
    ///     let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }
    ///
    /// One pass over the bytes: each element is read (only what the mapping names is built), mapped
    /// and dropped before the next, so memory stays near the input plus the models. Malformed JSON
    /// anywhere, or a document that is not an array, throws; a bad record only fails its own result.
    public static func mapArray<Root>(
        fromJSON json: Data,
        using mapping: Mapping<Root>,
        create: () -> Root
    ) throws(MappingError) -> MappedArray<Root> {
        try Engine.refuseFaulty(mapping.plan, writing: true)
        var results: [Result<Root, MappingError>] = []
        var warnings = BatchWarnings()
        let plan = mapping.plan
        let notAnArray = try withJSONElements(of: json, mapping.jsonLevel) { elements throws(JSONSyntaxError) in
            // The array's type asked for before the loop (the first append needs the capacity
            // anyway): the loop's generic code then looks it up once, not for every element.
            results.reserveCapacity(1)
            while let element = try elements.next() {
                mapRecord(element, using: plan, create: create, into: &results, &warnings)
            }
        }
        if let notAnArray { return try mapArray(from: notAnArray, using: mapping, create: create) }
        return MappedArray(results: results, warnings: warnings.perRecord)
    }

    /// The JSON document with only what `level` names built, for a plan that is not faulty;
    /// malformed JSON is one `json` error.
    static func parseJSON(_ json: some JSONInput, for plan: Plan, _ level: JSONLevel, writing: Bool) throws(MappingError) -> Any {
        try Engine.refuseFaulty(plan, writing: writing)
        do {
            return try JSONDocument.read(json, .level(level))
        } catch {
            throw error.mappingError
        }
    }

    /// The same for `mapping`, which writes.
    static func parseJSON<Root>(_ json: some JSONInput, for mapping: Mapping<Root>) throws(MappingError) -> Any {
        try parseJSON(json, for: mapping.plan, mapping.jsonLevel, writing: true)
    }

    /// Hands `body` the elements of the document's top-level array, each read for `level` when
    /// `body` asks (`JSONDocument.withElements`); returns the document whole when it is not an
    /// array. Malformed JSON is one `json` error.
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

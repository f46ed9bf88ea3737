import Foundation
import PropertyMapper
import Testing

// Regression tests for writes whose key path leaves the root model: `\.author.name` where `author`
// is another object (a different one per model), or a struct stored inline, or three levels deep,
// computed, observed, `private(set)`, overridden, or shared by two models. Each model is mapped
// from 1, 2 and 200 records through every entry point, and every value of every record is checked,
// so a write that lands in the wrong object (or outside any) shows as a wrong value or, under
// AddressSanitizer (`Scripts/asan.sh`), as a report. Public API only: these outlive any engine.

// MARK: - Records

/// The records of a batch: record `index` carries its own title, author name, count and tags.
///
///     {"title": "title-17", "author": {"name": "name-17", "count": 17}, "tags": ["tag-17", "x"]}
///
/// A batch of 200 also holds two invalid records, each with one `type` error after valid fields
/// (so a partial write would show): 137 has a string count, 199 a number among its tags.
enum WriterRecords {
    static let counts = [1, 2, 200]

    /// The invalid records of a batch of `count`, with the (path, rule) of their one error.
    static func defect(at index: Int, of count: Int) -> String? {
        guard count == 200 else { return nil }
        switch index {
        case 137: return "author.count type"
        case 199: return "tags[1] type"
        default: return nil
        }
    }

    static func record(_ index: Int, of count: Int) -> [String: Any] {
        let defect = defect(at: index, of: count)
        let number: Any = defect == "author.count type" ? "count-\(index)" : index
        let tags: [Any] = defect == "tags[1] type" ? ["tag-\(index)", 3] : ["tag-\(index)", "x"]
        return [
            "title": "title-\(index)",
            "author": ["name": "name-\(index)", "count": number] as [String: Any],
            "tags": tags,
        ]
    }

    static func records(_ count: Int) -> [[String: Any]] {
        (0..<count).map { record($0, of: count) }
    }
}

/// What a model holds after a mapping, wherever each value is stored, and what its observers noted.
struct Written: Equatable, CustomStringConvertible {
    var title: String
    var name: String
    var count: Int
    var tags: [String]
    var notes: [String] = []

    /// Every model starts with these values; a failed record must leave them.
    static let preset = Written(title: "preset", name: "preset", count: -1, tags: ["preset"])

    /// Record `index` mapped.
    static func mapped(_ index: Int, notes: [String] = []) -> Written {
        Written(title: "title-\(index)", name: "name-\(index)", count: index, tags: ["tag-\(index)", "x"], notes: notes)
    }

    var description: String {
        "\(title) \(name) \(count) \(tags)" + (notes.isEmpty ? "" : " notes: \(notes)")
    }
}

/// What the observers of the `Observed…` models note when record `index` maps into a preset model.
func observerNotes(_ index: Int) -> [String] {
    [
        "title willSet preset -> title-\(index)",
        "title didSet preset -> title-\(index)",
        "name didSet preset -> name-\(index)",
        "count willSet -1 -> \(index)",
        #"tags didSet ["preset"] -> ["tag-\#(index)", "x"]"#,
    ]
}

// MARK: - Entry points

/// An entry point of `Mapper`, and the size of the batch it maps.
struct WriterRun: Sendable, CustomTestStringConvertible {
    enum Route: String, CaseIterable, Sendable {
        /// `mapValues(from:to:using:)` per record, from Swift literals.
        case mapValues
        /// `mapValues(from:to:using:)` per record, from JSONSerialization output.
        case mapValuesParsed
        /// `mapValues(fromJSON:to:using:)` per record: `Data` for even records, `String` for odd ones.
        case mapValuesJSON
        /// `mapArray(from:using:create:)`, from Swift literals.
        case mapArray
        /// `mapArray(from:using:create:)`, from JSONSerialization output.
        case mapArrayParsed
        /// `mapArray(fromJSON:using:create:)`.
        case mapArrayJSON
    }

    var route: Route
    var count: Int

    static let all = Route.allCases.flatMap { route in WriterRecords.counts.map { WriterRun(route: route, count: $0) } }

    var testDescription: String { "\(route.rawValue) × \(count)" }
}

/// One model type as the tests drive it: its mapping, the `Mapper` calls for its kind (class or
/// value), how to make a preset model for record `index`, and how to read back what was written.
struct Crossing<Model> {
    var mapping: Mapping<Model>
    var isObject: Bool
    var make: (Int) -> Model
    var written: (Model) -> Written
    /// What the observers of `model` must have noted after record `index` mapped into it.
    var notes: (Model, Int) -> [String]
    var mapValues: (Any?, inout Model) throws -> Void
    var mapData: (Data, inout Model) throws -> Void
    var mapText: (String, inout Model) throws -> Void
}

extension Crossing where Model: AnyObject {
    /// A class model, mapped through the class overloads (no `inout`).
    static func object(
        _ mapping: Mapping<Model>,
        make: @escaping (Int) -> Model,
        notes: @escaping (Model, Int) -> [String] = { _, _ in [] },
        written: @escaping (Model) -> Written
    ) -> Self {
        Crossing(
            mapping: mapping, isObject: true, make: make, written: written, notes: notes,
            mapValues: { source, model in try Mapper.mapValues(from: source, to: model, using: mapping) },
            mapData: { json, model in try Mapper.mapValues(fromJSON: json, to: model, using: mapping) },
            mapText: { json, model in try Mapper.mapValues(fromJSON: json, to: model, using: mapping) })
    }
}

extension Crossing {
    /// A struct model, mapped through the `inout` overloads.
    static func value(
        _ mapping: Mapping<Model>,
        make: @escaping (Int) -> Model,
        notes: @escaping (Model, Int) -> [String] = { _, _ in [] },
        written: @escaping (Model) -> Written
    ) -> Self {
        Crossing(
            mapping: mapping, isObject: false, make: make, written: written, notes: notes,
            mapValues: { source, model in try Mapper.mapValues(from: source, to: &model, using: mapping) },
            mapData: { json, model in try Mapper.mapValues(fromJSON: json, to: &model, using: mapping) },
            mapText: { json, model in try Mapper.mapValues(fromJSON: json, to: &model, using: mapping) })
    }
}

/// One record's result: the model after mapping (nil where the route drops it: a failed record of a
/// struct batch), and the (path, rule) of each error, or nil on success.
struct WriterOutcome<Model> {
    var model: Model?
    var errors: [String]?
}

/// Maps `records` into `models` (one premade model per record; a batch's `create` hands them out in
/// order) through `route`.
func performWrites<Model>(
    _ crossing: Crossing<Model>,
    _ route: WriterRun.Route,
    records: [[String: Any]],
    models: [Model],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [WriterOutcome<Model>] {
    let summary = { (error: MappingError) in error.errors.map { "\($0.path) \($0.rule)" } }
    switch route {
    case .mapValues, .mapValuesParsed, .mapValuesJSON:
        return try records.indices.map { index in
            var model = models[index]
            let json = route == .mapValuesJSON ? try Fixtures.json(records[index]) : ""
            let parsed = route == .mapValuesParsed ? try Fixtures.parsed(records[index]) : [:]
            do {
                switch route {
                case .mapValues: try crossing.mapValues(records[index], &model)
                case .mapValuesParsed: try crossing.mapValues(parsed, &model)
                default:
                    if index.isMultiple(of: 2) {
                        try crossing.mapData(Data(json.utf8), &model)
                    } else {
                        try crossing.mapText(json, &model)
                    }
                }
            } catch let error as MappingError {
                return WriterOutcome(model: model, errors: summary(error))
            }
            return WriterOutcome(model: model, errors: nil)
        }
    case .mapArray, .mapArrayParsed, .mapArrayJSON:
        var handedOut = 0
        func next() -> Model {
            defer { handedOut += 1 }
            return models[handedOut % models.count]
        }
        let batch =
            switch route {
            case .mapArray: try Mapper.mapArray(from: records, using: crossing.mapping) { next() }
            case .mapArrayParsed: try Mapper.mapArray(from: SourceForm.parsed.array(records), using: crossing.mapping) { next() }
            default: try Mapper.mapArray(fromJSON: Data(Fixtures.jsonArray(records).utf8), using: crossing.mapping) { next() }
            }
        #expect(handedOut == records.count, "create calls", sourceLocation: sourceLocation)
        #expect(batch.results.count == records.count, "results", sourceLocation: sourceLocation)
        return batch.results.enumerated().map { index, result in
            switch result {
            case let .success(model):
                if crossing.isObject, index < models.count {
                    let isCreated = (model as AnyObject) === (models[index] as AnyObject)
                    #expect(isCreated, "record \(index): not the model create made", sourceLocation: sourceLocation)
                }
                return WriterOutcome(model: model, errors: nil)
            case let .failure(error):
                // A failed class record's model is the one `create` made; a struct's copy is gone.
                let model = crossing.isObject && index < models.count ? models[index] : nil
                return WriterOutcome(model: model, errors: summary(error))
            }
        }
    }
}

/// Runs `crossing` through `run` and checks every value of every record: a valid record wrote exactly
/// its own values (and its observers saw them); an invalid one gave its one error and wrote nothing.
func checkWrites<Model>(_ crossing: Crossing<Model>, _ run: WriterRun, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let models = (0..<run.count).map(crossing.make)
    let outcomes = try performWrites(
        crossing, run.route, records: WriterRecords.records(run.count), models: models, sourceLocation: sourceLocation)
    var mismatches: [String] = []
    for (index, outcome) in outcomes.enumerated() {
        if let defect = WriterRecords.defect(at: index, of: run.count) {
            if outcome.errors != [defect] { mismatches.append("record \(index): errors \(outcome.errors ?? []), expected [\(defect)]") }
            if let model = outcome.model, crossing.written(model) != .preset {
                mismatches.append("record \(index) failed but wrote: \(crossing.written(model))")
            }
        } else if let errors = outcome.errors {
            mismatches.append("record \(index): unexpected errors \(errors)")
        } else if let model = outcome.model {
            let expected = Written.mapped(index, notes: crossing.notes(model, index))
            let actual = crossing.written(model)
            if actual != expected { mismatches.append("record \(index): \(actual), expected \(expected)") }
        }
    }
    #expect(
        mismatches.isEmpty,
        "\(mismatches.count) of \(run.count) records wrong; first: \(mismatches.prefix(4).joined(separator: "; "))",
        sourceLocation: sourceLocation)
}

// MARK: - Suite

@Suite struct PropertyFieldTests {
    /// Class models whose mapping writes through `\.author…`, `\.group.author…` and friends.
    enum ObjectModel: String, CaseIterable, Sendable {
        case authorObject, authorValue
        case objectObject, objectValue, valueObject, valueValue
        case computed, observed, privateSet
        case baseMapping, baseMappingSubclassFirst, subclassMapping
    }

    /// Struct models whose mapping writes through `\.author…`, `\.group.author…` and friends.
    enum ValueModel: String, CaseIterable, Sendable {
        case authorObject, authorValue
        case objectObject, objectValue, valueObject, valueValue
        case computed, observed, privateSet
    }

    @Test(arguments: ObjectModel.allCases, WriterRun.all)
    func classModel(_ model: ObjectModel, _ run: WriterRun) throws {
        switch model {
        case .authorObject: try checkWrites(PostWithObject.crossing, run)
        case .authorValue: try checkWrites(PostWithValue.crossing, run)
        case .objectObject: try checkWrites(PostThroughObjectObject.crossing, run)
        case .objectValue: try checkWrites(PostThroughObjectValue.crossing, run)
        case .valueObject: try checkWrites(PostThroughValueObject.crossing, run)
        case .valueValue: try checkWrites(PostThroughValueValue.crossing, run)
        case .computed: try checkWrites(ComputedPost.crossing, run)
        case .observed: try checkWrites(ObservedPost.crossing, run)
        case .privateSet: try checkWrites(SealedPost.crossing, run)
        case .baseMapping: try checkWrites(BasePost.crossing(subclassFirst: false), run)
        case .baseMappingSubclassFirst: try checkWrites(BasePost.crossing(subclassFirst: true), run)
        case .subclassMapping: try checkWrites(OverridingPost.subclassCrossing, run)
        }
    }

    @Test(arguments: ValueModel.allCases, WriterRun.all)
    func structModel(_ model: ValueModel, _ run: WriterRun) throws {
        switch model {
        case .authorObject: try checkWrites(RecordWithObject.crossing, run)
        case .authorValue: try checkWrites(RecordWithValue.crossing, run)
        case .objectObject: try checkWrites(RecordThroughObjectObject.crossing, run)
        case .objectValue: try checkWrites(RecordThroughObjectValue.crossing, run)
        case .valueObject: try checkWrites(RecordThroughValueObject.crossing, run)
        case .valueValue: try checkWrites(RecordThroughValueValue.crossing, run)
        case .computed: try checkWrites(ComputedRecord.crossing, run)
        case .observed: try checkWrites(ObservedRecord.crossing, run)
        case .privateSet: try checkWrites(SealedRecord.crossing, run)
        }
    }

    /// Models 2k and 2k+1 share one author: the even record writes its name and tags, the odd one
    /// its count, so the shared object must hold the writes made through both models, and no pair's
    /// author any other pair's values. The invalid record 137 writes nothing (not even its title).
    @Test(arguments: [true, false], WriterRun.all)
    func sharedAuthorReceivesWritesThroughBothModels(classModel: Bool, _ run: WriterRun) throws {
        let records = (0..<run.count).map { SharingPost.record($0, of: run.count) }
        let authors = (0..<(run.count + 1) / 2).map { _ in AuthorObject() }
        var mismatches: [String] = []
        /// Checks what record `index` left in its model, given the model's title and author.
        func check(_ index: Int, title: String, author: AuthorObject, errors: [String]?) {
            let invalid = SharingPost.isInvalid(index, of: run.count)
            if invalid, errors != ["author.count type"] { mismatches.append("record \(index): errors \(errors ?? [])") }
            if !invalid, errors != nil { mismatches.append("record \(index): unexpected errors \(errors ?? [])") }
            let expectedTitle = invalid ? "preset" : "title-\(index)"
            if title != expectedTitle { mismatches.append("record \(index): title \(title), expected \(expectedTitle)") }
            if author !== authors[index / 2] { mismatches.append("record \(index): author replaced") }
        }
        if classModel {
            let models = (0..<run.count).map { SharingPost(author: authors[$0 / 2]) }
            let outcomes = try performWrites(SharingPost.crossing, run.route, records: records, models: models)
            for (index, outcome) in outcomes.enumerated() {
                let model = outcome.model ?? models[index]
                check(index, title: model.title, author: model.author, errors: outcome.errors)
            }
        } else {
            let models = (0..<run.count).map { SharingRecord(author: authors[$0 / 2]) }
            let outcomes = try performWrites(SharingRecord.crossing, run.route, records: records, models: models)
            for (index, outcome) in outcomes.enumerated() {
                let model = outcome.model ?? models[index]
                check(index, title: outcome.model?.title ?? "preset", author: model.author, errors: outcome.errors)
            }
        }
        for (pair, author) in authors.enumerated() {
            let (even, odd) = (2 * pair, 2 * pair + 1)
            let count = odd < run.count && !SharingPost.isInvalid(odd, of: run.count) ? odd : -1
            let expected = Written(title: "-", name: "name-\(even)", count: count, tags: ["tag-\(even)", "x"])
            let actual = Written(title: "-", name: author.name, count: author.count, tags: author.tags)
            if actual != expected { mismatches.append("author of pair \(pair): \(actual), expected \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) wrong; first: \(mismatches.prefix(4).joined(separator: "; "))")
    }

    /// The brief's reproduction, spelled out: two posts, each with its own author.
    @Test func secondPostOfABatchGetsItsOwnAuthorName() throws {
        let records: [Any] = [
            ["title": "first", "author": ["name": "Ann"]],
            ["title": "second", "author": ["name": "Bob"]],
        ]
        let batch = try Mapper.mapArray(from: records, using: PostWithObject.mapping) { PostWithObject() }
        let posts = batch.models
        #expect(posts.map(\.title) == ["first", "second"])
        #expect(posts.map(\.author.name) == ["Ann", "Bob"])
        #expect(posts.count == 2 && posts[0].author !== posts[1].author)
    }
}

// MARK: - Sub-objects

/// A sub-object: each model makes its own unless the test shares one.
final class AuthorObject {
    var name = "preset"
    var count = -1
    var tags = ["preset"]
}

/// A sub-struct, stored inline in its parent.
struct AuthorValue {
    var name = "preset"
    var count = -1
    var tags = ["preset"]
}

/// Middle levels for `\.group.author.name`: class → class, class → struct, struct → class, struct → struct.
final class GroupOfObject { var author = AuthorObject() }
final class GroupOfValue { var author = AuthorValue() }
struct ValueGroupOfObject { var author = AuthorObject() }
struct ValueGroupOfValue { var author = AuthorValue() }

/// A sub-object whose properties are observed; the notes live in the object itself.
final class ObservedAuthor {
    private(set) var notes: [String] = []
    var name = "preset" { didSet { notes.append("name didSet \(oldValue) -> \(name)") } }
    var count = -1 { willSet { notes.append("count willSet \(count) -> \(newValue)") } }
    var tags = ["preset"] { didSet { notes.append("tags didSet \(oldValue) -> \(tags)") } }
}

/// A sub-struct whose properties are observed.
struct ObservedAuthorValue {
    private(set) var notes: [String] = []
    var name = "preset" { didSet { notes.append("name didSet \(oldValue) -> \(name)") } }
    var count = -1 { willSet { notes.append("count willSet \(count) -> \(newValue)") } }
    var tags = ["preset"] { didSet { notes.append("tags didSet \(oldValue) -> \(tags)") } }
}

// MARK: - Class models

/// The reported bug: a final class whose mapping writes into another object.
final class PostWithObject {
    var title = "preset"
    var author = AuthorObject()

    static let mapping: Mapping<PostWithObject> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<PostWithObject> {
        .object(mapping, make: { _ in PostWithObject() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

final class PostWithValue {
    var title = "preset"
    var author = AuthorValue()

    static let mapping: Mapping<PostWithValue> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<PostWithValue> {
        .object(mapping, make: { _ in PostWithValue() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

/// class → class → value.
final class PostThroughObjectObject {
    var title = "preset"
    var group = GroupOfObject()

    static let mapping: Mapping<PostThroughObjectObject> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<PostThroughObjectObject> {
        .object(mapping, make: { _ in PostThroughObjectObject() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// class → struct → value.
final class PostThroughObjectValue {
    var title = "preset"
    var group = GroupOfValue()

    static let mapping: Mapping<PostThroughObjectValue> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<PostThroughObjectValue> {
        .object(mapping, make: { _ in PostThroughObjectValue() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// struct → class → value.
final class PostThroughValueObject {
    var title = "preset"
    var group = ValueGroupOfObject()

    static let mapping: Mapping<PostThroughValueObject> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<PostThroughValueObject> {
        .object(mapping, make: { _ in PostThroughValueObject() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// struct → struct → value.
final class PostThroughValueValue {
    var title = "preset"
    var group = ValueGroupOfValue()

    static let mapping: Mapping<PostThroughValueValue> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<PostThroughValueValue> {
        .object(mapping, make: { _ in PostThroughValueValue() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// Computed properties: the title over private storage, and the author a struct made on every read
/// and taken apart into a private object on every write.
final class ComputedPost {
    private var storedTitle = "preset"
    private let box = AuthorObject()

    var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }

    var author: AuthorValue {
        get { AuthorValue(name: box.name, count: box.count, tags: box.tags) }
        set { (box.name, box.count, box.tags) = (newValue.name, newValue.count, newValue.tags) }
    }

    static let mapping: Mapping<ComputedPost> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<ComputedPost> {
        .object(mapping, make: { _ in ComputedPost() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

/// Observers on the model (`willSet` and `didSet`) and on its sub-object, held by a `let`.
final class ObservedPost {
    private(set) var notes: [String] = []
    var title = "preset" {
        willSet { notes.append("title willSet \(title) -> \(newValue)") }
        didSet { notes.append("title didSet \(oldValue) -> \(title)") }
    }
    let author = ObservedAuthor()

    static let mapping: Mapping<ObservedPost> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<ObservedPost> {
        .object(mapping, make: { _ in ObservedPost() }, notes: { _, index in observerNotes(index) }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags, notes: $0.notes + $0.author.notes)
        }
    }
}

/// `private(set)` properties, mapped by the type's own static mapping.
final class SealedPost {
    private(set) var title = "preset"
    private(set) var author = AuthorValue()

    static let mapping: Mapping<SealedPost> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<SealedPost> {
        .object(mapping, make: { _ in SealedPost() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

/// A non-final class whose subclass overrides the title with observers.
class BasePost {
    var title = "preset"
    var author = AuthorObject()

    /// Declared on the base class; a batch may hold instances of both classes.
    static let mapping: Mapping<BasePost> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    /// What the instance's observers noted; none for the base class.
    var notes: [String] { [] }

    /// A batch alternating base and subclass instances, starting with one or the other.
    static func crossing(subclassFirst: Bool) -> Crossing<BasePost> {
        .object(
            mapping,
            make: { index in index.isMultiple(of: 2) == subclassFirst ? OverridingPost() : BasePost() },
            notes: { model, index in model is OverridingPost ? OverridingPost.notes(index) : [] }
        ) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags, notes: $0.notes)
        }
    }
}

final class OverridingPost: BasePost {
    private var log: [String] = []

    override var title: String {
        willSet { log.append("title willSet \(title) -> \(newValue)") }
        didSet { log.append("title didSet \(oldValue) -> \(title)") }
    }

    override var notes: [String] { log }

    /// Declared on the subclass.
    static let subclassMapping: Mapping<OverridingPost> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static func notes(_ index: Int) -> [String] {
        ["title willSet preset -> title-\(index)", "title didSet preset -> title-\(index)"]
    }

    static var subclassCrossing: Crossing<OverridingPost> {
        .object(subclassMapping, make: { _ in OverridingPost() }, notes: { _, index in notes(index) }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags, notes: $0.notes)
        }
    }
}

/// A post whose author another post may share.
final class SharingPost {
    var title = "preset"
    let author: AuthorObject

    init(author: AuthorObject) {
        self.author = author
    }

    static let mapping: Mapping<SharingPost> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    /// Even records carry the author's name and tags, odd ones its count; 137 of 200 has a string count.
    static func record(_ index: Int, of count: Int) -> [String: Any] {
        if index.isMultiple(of: 2) {
            return ["title": "title-\(index)", "author": ["name": "name-\(index)"], "tags": ["tag-\(index)", "x"]]
        }
        let number: Any = isInvalid(index, of: count) ? "count-\(index)" : index
        return ["title": "title-\(index)", "author": ["count": number]]
    }

    static func isInvalid(_ index: Int, of count: Int) -> Bool {
        count == 200 && index == 137
    }

    static var crossing: Crossing<SharingPost> {
        .object(mapping, make: { _ in SharingPost(author: AuthorObject()) }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

// MARK: - Struct models

struct RecordWithObject {
    var title = "preset"
    var author = AuthorObject()

    static let mapping: Mapping<RecordWithObject> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<RecordWithObject> {
        .value(mapping, make: { _ in RecordWithObject() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

struct RecordWithValue {
    var title = "preset"
    var author = AuthorValue()

    static let mapping: Mapping<RecordWithValue> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<RecordWithValue> {
        .value(mapping, make: { _ in RecordWithValue() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

/// class → class → value.
struct RecordThroughObjectObject {
    var title = "preset"
    var group = GroupOfObject()

    static let mapping: Mapping<RecordThroughObjectObject> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<RecordThroughObjectObject> {
        .value(mapping, make: { _ in RecordThroughObjectObject() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// class → struct → value.
struct RecordThroughObjectValue {
    var title = "preset"
    var group = GroupOfValue()

    static let mapping: Mapping<RecordThroughObjectValue> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<RecordThroughObjectValue> {
        .value(mapping, make: { _ in RecordThroughObjectValue() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// struct → class → value.
struct RecordThroughValueObject {
    var title = "preset"
    var group = ValueGroupOfObject()

    static let mapping: Mapping<RecordThroughValueObject> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<RecordThroughValueObject> {
        .value(mapping, make: { _ in RecordThroughValueObject() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// struct → struct → value.
struct RecordThroughValueValue {
    var title = "preset"
    var group = ValueGroupOfValue()

    static let mapping: Mapping<RecordThroughValueValue> = [
        "title": .property(\.title),
        "author": ["name": .property(\.group.author.name), "count": .property(\.group.author.count)],
        "tags": .property(\.group.author.tags),
    ]

    static var crossing: Crossing<RecordThroughValueValue> {
        .value(mapping, make: { _ in RecordThroughValueValue() }) {
            Written(title: $0.title, name: $0.group.author.name, count: $0.group.author.count, tags: $0.group.author.tags)
        }
    }
}

/// Computed properties: the title over private storage, and the author a private object reached
/// through a computed property (so `\.author.name` reads the getter, then writes into the object).
struct ComputedRecord {
    private var storedTitle = "preset"
    private var box = AuthorObject()

    var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }

    var author: AuthorObject {
        get { box }
        set { box = newValue }
    }

    static let mapping: Mapping<ComputedRecord> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<ComputedRecord> {
        .value(mapping, make: { _ in ComputedRecord() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

/// Observers on the model and on its sub-struct.
struct ObservedRecord {
    private(set) var notes: [String] = []
    var title = "preset" {
        willSet { notes.append("title willSet \(title) -> \(newValue)") }
        didSet { notes.append("title didSet \(oldValue) -> \(title)") }
    }
    var author = ObservedAuthorValue()

    static let mapping: Mapping<ObservedRecord> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<ObservedRecord> {
        .value(mapping, make: { _ in ObservedRecord() }, notes: { _, index in observerNotes(index) }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags, notes: $0.notes + $0.author.notes)
        }
    }
}

/// `private(set)` properties, mapped by the type's own static mapping; the author is an object.
struct SealedRecord {
    private(set) var title = "preset"
    private(set) var author = AuthorObject()

    static let mapping: Mapping<SealedRecord> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<SealedRecord> {
        .value(mapping, make: { _ in SealedRecord() }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

/// A struct whose author another record may share.
struct SharingRecord {
    var title = "preset"
    var author: AuthorObject

    static let mapping: Mapping<SharingRecord> = [
        "title": .property(\.title),
        "author": ["name": .property(\.author.name), "count": .property(\.author.count)],
        "tags": .property(\.author.tags),
    ]

    static var crossing: Crossing<SharingRecord> {
        .value(mapping, make: { _ in SharingRecord(author: AuthorObject()) }) {
            Written(title: $0.title, name: $0.author.name, count: $0.author.count, tags: $0.author.tags)
        }
    }
}

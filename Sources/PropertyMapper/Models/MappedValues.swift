/// The values a mapping produced for an `ImmutableMappable` model, read by key path in its `init(_ values:)`.
///
/// Valid only during that call (read later, they throw). Each read moves its value into the model; reading one twice
/// works, but `init` then runs again on copies, so read each once. A `MappingRule` reads the same values.
///
///     init(_ values: MappedValues<Repo>) throws {
///         id = try values[\.id]
///         license = try values[\.license]
///     }
public struct MappedValues<Root> {
    @usableFromInline let source: StagedValues
    /// The opening of `source` these values were made for: read in a later one, they throw.
    @usableFromInline let opening: UInt64

    init(source: StagedValues) {
        assert(source.opening != 0, "values made while closed")
        self.source = source
        opening = source.opening
    }

    /// The value mapped for `keyPath` (nil for an absent optional field). Throws a `MappingError` (rule `mapping`),
    /// never traps, when `keyPath` is not a target of the mapping or is read after `init(_ values:)` returned.
    @inlinable
    public subscript<Value>(_ keyPath: KeyPath<Root, Value>) -> Value {
        get throws {
            // Inlined so that the common read (the next key path in the mapping's order, its value staged by one field)
            // moves the value as its own type in the model's `init`; every other read goes through `value(for:)`.
            if let staged = source.takeNext(keyPath, as: Value.self, in: opening) { return staged.move(as: Value.self) }
            return try source.value(for: keyPath, in: opening)
        }
    }
}

/// A run's staged values, read by key path while a model is made from them or a rule judges them. Invariant: `staging`
/// holds values only while the values are open, and every read checks that they are open in the opening its
/// `MappedValues` was made in (`opening`, 0 when closed) before it touches `staging` or `reads`: once closed, or
/// opened for another model, the buffer may be freed stack memory. A rule's read copies; `init(_ values:)`, the last reader,
/// moves values out (`takes`), the buffer destroying only the rest. Reading a moved value throws and sets `retakes`:
/// `Engine` makes the model again, with copying reads. Immutable models share one object per model graph: each make
/// opens it for its own model, and a `MappedValues` kept past its `init` finds a later opening and throws.
@usableFromInline
final class StagedValues {
    private var staging: StagingBuffer
    /// The plan's reads, through the buffer's plan: one reference to the model's plan, not two.
    private var reads: ValueReads { staging.plan.reads }
    /// The opening reads are answered in; 0 while closed.
    private(set) var opening: UInt64 = 0
    private var openings: UInt64 = 0
    /// For a read of a property nothing was staged for (its current value); nil for an immutable model.
    private let model: ModelAccess?
    /// The fields whose values failed, by index: a rule reading one is not judged.
    private let failedFields: Set<Int>
    private var takes = false
    /// Where the next key path in the mapping's order lies: reads in that order find each one there.
    private var next = 0
    /// The first definition error a read threw: what a throwing `init(_ values:)` is reported as.
    private(set) var problem: MappingError?
    /// A read of a field that failed (or whose value cannot be read before it is written) threw.
    private(set) var readFailedField = false
    private(set) var retakes = false
    /// The immutable models of this graph are numbered in the order their makes start (`startMake`), the last number
    /// given in `lastMake`; `readingTwice` holds those whose `init` read a value twice. A model made again makes the models
    /// nested in it again, in the same order: `makeAgain` gives them the same numbers, and one that read twice the first
    /// time is made copying at once.
    private var lastMake = 0
    private var readingTwice: Set<Int> = []

    /// Values for a rule to read, open until `close`.
    init(staging: StagingBuffer, model: ModelAccess?, failedFields: Set<Int>) {
        self.staging = staging
        self.model = model
        self.failedFields = failedFields
        open(staging, takes: false)
    }

    /// Values for immutable models' `init(_ values:)`, closed: each model's make opens them (`open`) and lends them to
    /// the makes of the models nested in it (`Nesting.lending`), so a model graph allocates one.
    init(lending staging: StagingBuffer) {
        self.staging = staging
        model = nil
        failedFields = []
    }

    /// Opens the values for the model staged in `staging`; a `MappedValues` made before now is closed for good.
    func open(_ staging: StagingBuffer, takes: Bool) {
        self.staging = staging
        self.takes = takes
        next = 0
        problem = nil
        readFailedField = false
        retakes = false
        openings += 1
        opening = openings
    }

    func close() {
        opening = 0
    }

    /// Numbers a make as it starts; whether the make of that number read twice before, so it copies.
    func startMake() -> (number: Int, readsTwice: Bool) {
        lastMake += 1
        return (lastMake, !readingTwice.isEmpty && readingTwice.contains(lastMake))
    }

    /// Notes that make `number` read a value twice, for its make again, whose nested makes take the same numbers again.
    func makeAgain(_ number: Int) {
        readingTwice.insert(number)
        lastMake = number
    }

    /// Whether `field` staged a value in this run.
    func isStaged(_ field: Int) -> Bool {
        staging.isStaged(field)
    }

    /// The common read of `init(_ values:)`, which moves values: the next key path in the mapping's order, of type `type`,
    /// staged by its one field. Its slot, no longer staged, for the caller to move the value out of at once; else nil.
    @usableFromInline
    func takeNext(_ keyPath: AnyKeyPath, as type: Any.Type, in opening: UInt64) -> TakenSlot? {
        guard opening == self.opening, takes, failedFields.isEmpty, next < reads.keyPaths.count else { return nil }
        let read = reads.keyPaths[next]
        guard read.identity == ObjectIdentifier(keyPath), read.valueType == type, read.onlyField >= 0,
            staging.isStaged(read.onlyField)
        else { return nil }
        next += 1
        return staging.take(read.onlyField, as: type)
    }

    /// Any read: one `takeNext` did not answer (a copying read, a key path out of order or not mapped, a failed field, a
    /// merge, a property mapped twice, a value taken or absent), or a rule's.
    @usableFromInline
    func value<Root, Value>(for keyPath: KeyPath<Root, Value>, in opening: UInt64) throws(MappingError) -> Value {
        // Not recorded as `problem`: the values may be open for another model now, whose `init` this read is not.
        guard opening == self.opening else { throw Self.error(DefinitionProblem.valuesReadLate, keyPath) }
        guard let position = position(of: keyPath) else {
            guard let model else { throw problem(DefinitionProblem.keyPathNotMapped, keyPath) }
            // An unmapped property holds its current value; one under or over a mapped property would show the old value.
            if let mapped = reads.mappedKeyPath(overlapping: keyPath) {
                let problem = {
                    DefinitionProblem.ruleReadsOverlappingMapped(
                        keyPath: $0, mapped: PropertyName.text(of: mapped.keyPath), readUnder: mapped.readUnder)
                }
                throw self.problem(problem, keyPath)
            }
            return model.read(keyPath)
        }
        // Equal key paths are of one type: this guards the slots' type, which the plan recorded.
        guard reads.keyPaths[position].valueType == Value.self else { throw problem(DefinitionProblem.keyPathNotMapped, keyPath) }
        // The last field that staged a value: a property mapped twice gets the later value, as written.
        var field = reads.lastFields[position]
        while field >= 0 {
            if failedFields.contains(field) {
                readFailedField = true
                throw MappingError(errors: [])
            }
            field = reads.earlierFields[field]
        }
        field = reads.lastFields[position]
        while field >= 0 {
            if staging.isTaken(field) {
                retakes = true
                throw MappingError(errors: [])
            }
            if staging.isStaged(field) {
                // A merged model's staged value is its writes, not the model: a rule cannot see it.
                guard reads.stagesValue[field] else { throw problem(DefinitionProblem.ruleReadsMergedModel, keyPath) }
                return takes ? staging.take(field, as: Value.self) : staging.value(field, as: Value.self)
            }
            field = reads.earlierFields[field]
        }
        // Nothing staged: the field was absent (an immutable model's non-optional one failed in phase one).
        if let model { return model.read(keyPath) }
        if let optional = Value.self as? any OptionalConvertible.Type, let none = optional.nilValue as? Value {
            return none
        }
        throw problem(DefinitionProblem.keyPathNotMapped, keyPath)
    }

    /// Where `keyPath` is in the plan's reads: the next in mapping order if it is that object, else by identity or equality.
    private func position(of keyPath: AnyKeyPath) -> Int? {
        let identity = ObjectIdentifier(keyPath)
        let isNext = next < reads.keyPaths.count && reads.keyPaths[next].identity == identity
        let found = isNext ? next : reads.keyPaths.firstIndex { $0.identity == identity } ?? reads.position(equalTo: keyPath)
        guard let position = found else { return nil }
        next = position + 1
        return position
    }

    private func problem(_ kind: (String) -> DefinitionProblem, _ keyPath: AnyKeyPath) -> MappingError {
        let error = Self.error(kind, keyPath)
        if problem == nil { problem = error }
        return error
    }

    private static func error(_ kind: (String) -> DefinitionProblem, _ keyPath: AnyKeyPath) -> MappingError {
        MappingError(errors: [PlanCheck.error(path: "", property: "", kind(PropertyName.text(of: keyPath)))])
    }
}

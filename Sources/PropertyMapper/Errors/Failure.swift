/// Why a check failed, as data. `ValidationError+Description.swift` turns it into words.
enum Failure: Sendable, Equatable {
    /// `isRequired` on an absent value.
    case missing
    /// None of an entry's keys (`.anyOf`) is present.
    case missingKeys(tried: [String])
    /// No exact match, and several source keys (sorted) match the entry's key under the key policy.
    case ambiguousKey(candidates: [String])
    /// The source holds a key the mapping does not name (`unknownKeys: .fail`).
    case unknownKey
    /// `isRequired` on a null value.
    case null
    /// The value's kind does not fit the type (named as a user writes it) its descriptor receives.
    case typeMismatch(found: ValueKind, expected: String)
    /// A nested mapping (or a batch) met a value that is not the container it reads.
    case shapeMismatch(found: ValueKind, expected: ValueKinds)
    /// A number with a fractional part where an integer type is expected.
    case notWhole(expected: String)
    /// An integer outside the target type's range.
    case outOfRange(expected: String)
    /// An integer wider than 64 bits.
    case beyond64Bits(expected: String)
    /// NaN or an infinity.
    case nonFinite(expected: String)
    /// A number a `Decimal` cannot hold exactly, with its count of significant digits: more than
    /// `maximumDigits` (or as many as 2^128 − 1 has, 39, and more than it), or an exponent beyond
    /// -128...127 that its digits cannot absorb.
    case inexactDecimal(significantDigits: Int, maximumDigits: Int)
    case length(count: Int, unit: LengthUnit, lower: Int?, upper: Int?)
    case noMatch(pattern: String)
    case notOneOf(candidates: [String])
    case notEqual(expected: String)
    case numberBound(lower: String?, upper: String?)
    /// A custom validator's predicate returned false (`thrown == nil`) or threw.
    case failedCheck(name: String, thrown: String?)
    /// A validator met a value it cannot judge, such as `lengthRange` on a number.
    case cannotJudge(found: ValueKind, accepts: ValueKinds)
    case boxFailed(boxing: String, thrown: String?)
    /// `.date(…)` read the value in none of its formats (all of them listed, in order).
    case noDateFormatMatched(tried: [DateFormat])
    /// A call returned nil for a non-optional property (`thrown == nil`), or threw.
    case callFailed(expected: String, thrown: String?)
    /// The document is not JSON (the JSON reader's error, with its byte offset).
    case malformedJSON(JSONSyntaxError)
    /// The mapping itself is wrong (rule `mapping`).
    case definition(DefinitionProblem)
    /// A raw value that names no case of the enum; `allowed` lists the cases' raw values, rendered,
    /// when the enum is `CaseIterable`.
    case notACase(typeName: String, allowed: [String]?)
    /// Models nested deeper than `limit` (rule `depth`).
    case tooDeep(limit: Int)
    /// An immutable model's `init(_ values:)` threw (rule `init`).
    case initFailed(model: String, thrown: String)
    /// A value serialize cannot write as JSON (rule `serialize`): not a JSON value, or not finite.
    case notSerializable(JSONWriteError.Problem)
    /// A field serialize cannot run backwards (rule `serialize`): its boxing or call (`rule`, such as
    /// `call` or `box(UUID)`) has no reverse.
    case noReverse(rule: String)
    /// `serialize` of a mapping of indices, which writes an array rather than a dictionary.
    case arrayRoot
    /// A reverse (of the boxing or call `rule`) threw.
    case reverseFailed(rule: String, thrown: String)
    /// `.polymorphic`'s tag is missing, not a string, or not one of `allowed` (rule `discriminator`).
    case discriminator(DiscriminatorProblem)
    /// A failure inside the value, at a sub-path such as `[1]` (for validators that see the whole value).
    indirect case inside(subpath: String, Failure)
}

/// What a source value is, in JSON's words.
enum ValueKind: Sendable, Equatable {
    case string, number, boolean, null, array, object
    case other(typeName: String)
}

/// Kinds of source value, as a set: what a validator can judge, what a type can be converted from.
struct ValueKinds: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let string = ValueKinds(rawValue: 1 << 0)
    static let number = ValueKinds(rawValue: 1 << 1)
    static let boolean = ValueKinds(rawValue: 1 << 2)
    static let array = ValueKinds(rawValue: 1 << 3)
    static let object = ValueKinds(rawValue: 1 << 4)
    /// Values of other types (a `Date`, a model object), which only a dynamic cast takes.
    static let other = ValueKinds(rawValue: 1 << 5)
    static let all: ValueKinds = [.string, .number, .boolean, .array, .object, .other]
}

/// What a mapping entry receives from the source: a type (a field's) or a kind of container (a nested mapping's).
enum FieldInput: Sendable, Equatable {
    case type(String)
    case kinds(ValueKinds)
}

/// What is wrong with a mapping, found when it is built.
enum DefinitionProblem: Sendable, Equatable {
    /// A validator that can judge none of the values its field receives (`lengthRange` on an `Int`).
    case validatorNeverApplies(validator: String, judges: ValueKinds, judgedType: String?, receives: FieldInput)
    /// The same key twice at one level.
    case duplicateKey(MappingKey)
    /// Two entries match the same source keys under the level's key matching.
    case keysMatchTheSame(MappingKey, MappingKey, KeyMatching)
    /// An index below zero, which no array has.
    case negativeIndex(Int)
    /// One level maps string keys and indices at once: no container has both.
    case mixedKeysAndIndices
    /// `matchesRegEx` with a pattern that does not compile.
    case invalidPattern(pattern: String)
    /// A bound that is not a number (NaN).
    case notANumberBound(validator: String)
    /// A bound of a `Numeric` type the number validators cannot compare (neither an integer, a
    /// floating-point type nor `Decimal`), named.
    case unsupportedNumberBound(validator: String, type: String)
    /// `.list()` with no descriptor.
    case emptyList
    /// `.alternatives([])`: an entry with no key.
    case noKey
    /// A `MappingRule` read a property mapped with `.merging()`, whose value exists only once written.
    case ruleReadsMergedModel(String)
    /// A list whose descriptors receive no value in common.
    case listWithoutCommonInput(inputs: [FieldInput])
    /// A read-only key path (a `let` property) in a mapping that writes into its model.
    case readOnlyTarget
    /// A call or a merge in an immutable model's mapping: there is no instance to use.
    case needsInstance(InstanceUse)
    /// `.merging()` on a descriptor that does not map a `Mappable` model into its property.
    case mergingWithoutModel
    /// `.droppingInvalidElements()` on a descriptor that does not map an array property.
    case droppingWithoutArray
    /// `MappedValues` asked for a key path its mapping does not target.
    case keyPathNotMapped(String)
    /// `MappedValues` read after the model's `init(_ values:)` returned.
    case valuesReadLate(String)
    /// `.setNil` (for an absent value, or a null one) on a property that is not Optional.
    case policyNeedsOptional(forNull: Bool)
    /// `.useDefault` on a field without `default:`.
    case policyNeedsDefault(forNull: Bool)
    /// `.keep` in an immutable model's mapping: there is no current value to keep.
    case policyNeedsInstance(forNull: Bool)
    /// `.ifAbsent(_:)` or `.ifNull(_:)` on a nested mapping or a list.
    case policyOnContainer
    /// A type listed for `.polymorphic` that is not a model, or not the property's type.
    case polymorphicType(PolymorphismProblem)
    /// An `.ensure` closure that takes another type than the field's converted value (`receives`;
    /// nil for a nested mapping or a list, which has none, or a merge).
    case ensureNeverApplies(rule: String, takes: String, receives: String?)
}

enum LengthUnit: Sendable, Equatable {
    case characters, elements
}

/// What is wrong with a `.polymorphic` tag.
enum DiscriminatorProblem: Sendable, Equatable {
    case missing(key: String, allowed: [String])
    case notAString(found: ValueKind, allowed: [String])
    case unknown(allowed: [String])
}

/// Why a check failed, as data (`ValidationError+Description.swift` words it).
enum Failure: Sendable, Equatable {
    /// `isRequired` on an absent value.
    case missing
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
    /// A dictionary with a key that is not a string, where a `[String: Value]` (named `expected`) is read (rule `type`).
    case keyNotAString(expected: String)
    case notWhole(expected: String)
    case outOfRange(expected: String)
    case beyond64Bits(expected: String)
    case nonFinite(expected: String)
    /// A number a `Decimal` cannot hold exactly: more than `maximumDigits` significant digits (or 39, more than
    /// 2^128 − 1), or an exponent beyond -128...127 that its digits cannot absorb (`significantDigits` 0).
    case inexactDecimal(significantDigits: Int, maximumDigits: Int)
    case length(count: Int, unit: LengthUnit, lower: Int?, upper: Int?)
    case noMatch(pattern: String)
    case notOneOf(candidates: [String])
    case notEqual(expected: String)
    case numberBound(lower: String?, upper: String?)
    /// A custom validator's predicate returned false (`thrown == nil`) or threw.
    case failedCheck(name: String, thrown: String?)
    /// A `MappingRule` with a `message:` failed (or threw this).
    case ruleFailed(message: String, thrown: String?)
    /// A validator met a value it cannot judge, such as `lengthRange` on a number.
    case cannotJudge(found: ValueKind, accepts: ValueKinds)
    case boxFailed(boxing: String, thrown: String?)
    case noDateFormatMatched(tried: [DateFormat])
    /// A call returned nil for a non-optional property (`thrown == nil`), or threw.
    case callFailed(expected: String, thrown: String?)
    case malformedJSON(JSONSyntaxError)
    case definition(DefinitionProblem)
    /// A raw value that names no case; `allowed` lists the cases' raw values when the enum is `CaseIterable`.
    case notACase(typeName: String, allowed: [String]?)
    case tooDeep(limit: Int)
    /// A decoder's containers nested deeper than `limit`, or too deep for the thread's stack (the Codable bridge).
    case containersTooDeep(limit: Int)
    case initFailed(model: String, thrown: String)
    case notSerializable(JSONWriteError.Problem)
    /// A field serialize cannot run backwards (rule `serialize`): its boxing or call `rule` has no reverse.
    case noReverse(rule: String)
    /// An index beyond `limit`, which serialize would write after that many nulls (rule `serialize`).
    case indexTooFarToWrite(index: Int, limit: Int)
    case arrayRoot
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
    case duplicateKey(MappingKey)
    case keysMatchTheSame(MappingKey, MappingKey, KeyMatching)
    /// Two mapping keys the mapping's `KeyStyle` spells as one document key.
    case keysSpelledAlike(MappingKey, MappingKey, String)
    case negativeIndex(Int)
    case mixedKeysAndIndices
    case invalidPattern(pattern: String)
    case notANumberBound(validator: String)
    /// A length validator whose upper bound is negative: no value meets it.
    case negativeLength(validator: String)
    /// A bound neither an integer, a floating-point number nor a `Decimal`, so the number validators cannot compare it.
    case unsupportedNumberBound(validator: String, type: String)
    case emptyList
    case noKey
    /// A `MappingRule` read a property mapped with `.merging()`, whose value exists only once written.
    case ruleReadsMergedModel(String)
    /// A rule read a key path through a property the mapping writes (`\.pair.low` through `\.pair`, `readUnder`), or over
    /// one (`\.pair` over `\.pair.low`): the instance holds the old value there, so the rule would judge that.
    case ruleReadsOverlappingMapped(keyPath: String, mapped: String, readUnder: Bool)
    case ruleTargetNotMapped(rule: String, keyPath: String)
    case listWithoutCommonInput(inputs: [FieldInput])
    case readOnlyTarget
    /// A call or a merge in an immutable model's mapping: there is no instance to use.
    case needsInstance(InstanceUse)
    case mergingWithoutModel
    case droppingWithoutArray
    case keyPathNotMapped(String)
    case valuesReadLate(String)
    /// `.setNil` on a property that is not Optional; `.useDefault` without `default:`; `.keep` without an instance.
    case policyNeedsOptional(forNull: Bool)
    case policyNeedsDefault(forNull: Bool)
    case policyNeedsInstance(forNull: Bool)
    case policyOnContainer
    /// An `.ifAbsent`/`.ifNull` policy other than `.fail` (or a `default:`) on a field that is `isRequired()`.
    case policyBesideRequired(forNull: Bool)
    /// A type listed for `.polymorphic` that is not a model, or not the property's type.
    case polymorphicType(PolymorphismProblem)
    /// An `.ensure` closure that takes another type than the field's converted value (`receives`: nil when none).
    case ensureNeverApplies(rule: String, takes: String, receives: String?)
    /// An `.ensure` on a merge, which makes no model to judge.
    case ensureOnMerge(rule: String)
}

enum LengthUnit: Sendable, Equatable {
    case characters, elements
}

/// What is wrong with a `.polymorphic` tag; or, serializing, a value of a type no tag names.
enum DiscriminatorProblem: Sendable, Equatable {
    case missing(key: String, allowed: [String])
    case notAString(found: ValueKind, allowed: [String])
    case unknown(allowed: [String])
    case unlisted(typeName: String, allowed: [String])
}

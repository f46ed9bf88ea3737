// The only file that writes prose about errors. Wording may change; fields may not.

import Foundation

extension ValidationError {
    /// `name → title: 200 characters, expected 1...80; got "xxxx…" (200 characters) [lengthRange]`
    public var description: String {
        Self.describe(path: path, property: property, message: message, value: value, tag: rule)
    }

    /// `path → property: message; got value [tag]`, the one line an error or a warning prints as, whatever a name or a
    /// thrown error's text in it holds.
    static func describe(path: String, property: String, message: String, value: String?, tag: String) -> String {
        let location = path.isEmpty ? "(root)" : path
        let target = property.isEmpty ? "" : " → \(property)"
        let got = value.map { "; got \($0)" } ?? ""
        return SourceValue.escaped("\(location)\(target): \(message)\(got) [\(tag)]", quoting: false)
    }
}

extension Reason {
    var message: String {
        switch self {
        case let .text(text): text
        case let .failure(failure): failure.message
        case let .notice(notice): notice.message
        }
    }
}

extension MappingError {
    public var description: String { summary(showing: errors.count) }

    /// The first few errors, for a `DecodingError`'s or `EncodingError`'s `debugDescription`: `description`, cut
    /// after three errors with a last line `- and 2 more`.
    var summary: String { summary(showing: 3) }

    private func summary(showing shown: Int) -> String {
        let heading = errors.count == 1 ? "1 error:" : "\(errors.count) errors:"
        let more = errors.count > shown ? ["- and \(errors.count - shown) more"] : []
        return ([heading] + errors.prefix(shown).map { "- \($0)" } + more).joined(separator: "\n")
    }
}

extension Failure {
    var message: String {
        switch self {
        case .missing: "value is missing"
        case let .missingKeys(tried): "value is missing; tried the keys \(quoted(tried))"
        case let .ambiguousKey(candidates): "no exact key, and several keys match: \(quoted(candidates))"
        case .unknownKey: "a key the mapping does not name"
        case .null: "expected a value"
        case let .typeMismatch(.null, expected): "expected \(expected), which is not optional"
        case let .typeMismatch(found, expected): "\(found.phrase), expected \(expected)"
        case let .keyNotAString(expected): "a dictionary with a key that is not a string, expected \(expected)"
        case let .shapeMismatch(found, expected), let .cannotJudge(found, expected): "\(found.phrase), expected \(expected.phrase)"
        case let .notWhole(expected): "a number with a fractional part, expected \(expected)"
        case let .outOfRange(expected): "a number out of range, expected \(expected)"
        case let .beyond64Bits(expected): "an integer wider than 64 bits, expected \(expected)"
        case let .nonFinite(expected): "a non-finite number, expected \(expected)"
        case let .inexactDecimal(digits, maximum) where digits > maximum:
            "\(digits) significant digits, more than a Decimal holds exactly (\(maximum), or \(maximum + 1) below 2^128)"
        case .inexactDecimal: "out of the range a Decimal holds exactly (exponents -128...127)"
        case let .length(count, unit, lower, upper):
            "\(count) \(unit == .characters ? "character" : "element")\(count == 1 ? "" : "s"), expected "
                + Self.bounds(lower.map(String.init), upper.map(String.init), exact: lower == upper)
        case let .noMatch(pattern): "no match, expected a match for /\(pattern)/"
        case let .notOneOf(candidates) where candidates.isEmpty: "no value is allowed (the list of candidates is empty)"
        case let .notOneOf(candidates): "not in the list, expected one of \(candidates.joined(separator: ", "))"
        case let .notEqual(expected): "a different value, expected \(expected)"
        case let .numberBound(lower, upper): "out of bounds, expected \(Self.bounds(lower, upper, exact: false))"
        case let .failedCheck(name, thrown): "does not pass \(name)" + (thrown.map { ": \($0)" } ?? "")
        case let .ruleFailed(message, thrown): message + (thrown.map { " (\($0))" } ?? "")
        case let .boxFailed(boxing, thrown): "not a valid \(boxing)" + (thrown.map { ": \($0)" } ?? "")
        case let .noDateFormatMatched(formats) where formats == [.iso8601]: "not a valid Date"
        case let .noDateFormatMatched(formats) where formats.count == 1: "not a valid Date in the format \(formats[0].spelled)"
        case let .noDateFormatMatched(formats):
            "not a valid Date in any of the formats \(formats.map(\.spelled).joined(separator: ", "))"
        case let .callFailed(expected, thrown): thrown.map { "the call threw: \($0)" } ?? "the call returned nil, expected \(expected)"
        case let .malformedJSON(error): "malformed JSON: \(error.reason)"
        case let .notACase(typeName, allowed):
            "not a \(typeName)" + (allowed.map { $0.isEmpty ? "" : ", expected one of " + $0.joined(separator: ", ") } ?? "")
        case let .tooDeep(limit): "models nested more than \(limit) deep (a cycle, or a graph too deep for the stack)"
        case let .containersTooDeep(limit): "containers nested more than \(limit) deep, or too deep for the thread's stack"
        case let .initFailed(model, thrown): "\(model).init(_ values:) threw: \(thrown)"
        case let .definition(problem): problem.message
        case let .notSerializable(problem): problem.phrase
        case let .indexTooFarToWrite(index, limit):
            "index \(index) cannot be serialized: an array is written with a null at each index before it, up to index \(limit) (mark the field .oneWay() to only read it)"
        case let .noReverse(rule):
            rule == "call"
                ? "a call without reverse: cannot be serialized (give .call a reverse:, or mark the field .oneWay())"
                : "\(rule) has no reverse, so it cannot be serialized (make the boxing with reverse:, or mark the field .oneWay())"
        case .arrayRoot: "the mapping maps indices, so it writes an array, not a dictionary (use serializeJSON)"
        case let .reverseFailed(rule, thrown): "the reverse of \(rule) threw: \(thrown)"
        case let .discriminator(.missing(key, allowed)):
            "no \(SourceValue.render(string: key)) to choose the type by, expected one of \(quoted(allowed))"
        case let .discriminator(.notAString(found, allowed)): "\(found.phrase), expected one of \(quoted(allowed))"
        case let .discriminator(.unknown(allowed)): "not a known type, expected one of \(quoted(allowed))"
        case let .discriminator(.unlisted(typeName, allowed)): "a \(typeName), which no tag names, expected one of \(quoted(allowed))"
        case let .inside(subpath, failure): "at \(subpath): \(failure.message)"
        }
    }

    private static func bounds(_ lower: String?, _ upper: String?, exact: Bool) -> String {
        switch (lower, upper) {
        case let (lower?, upper?): exact ? "exactly \(lower)" : "\(lower)...\(upper)"
        case let (lower?, nil): "at least \(lower)"
        case let (nil, upper?): "at most \(upper)"
        case (nil, nil): "any value"
        }
    }
}

extension DefinitionProblem {
    var message: String {
        switch self {
        case let .validatorNeverApplies(validator, judges, judgedType, receives):
            "\(validator) can never judge this field, which receives \(receives.phrase) "
                + "(\(validator) judges \(judgedType ?? judges.phrase))"
        case let .keysMatchTheSame(first, second, matching):
            "the keys \(first) and \(second) match the same source keys under .\(matching); map it once"
        case let .keysSpelledAlike(first, second, spelling):
            "the keys \(first) and \(second) are both spelled \(SourceValue.quoted(spelling)) under the mapping's key style; map it once"
        case let .duplicateKey(key):
            "the key \(key) is mapped twice at this level; map it once (use .list(…) to give one value to several properties)"
        case let .negativeIndex(index): "the index \(index) is below zero; indices count from 0"
        case .mixedKeysAndIndices:
            "this level maps string keys and indices at once; a source value is a dictionary or an array, never both"
        case let .invalidPattern(pattern): "the pattern /\(pattern)/ is not a valid regular expression"
        case let .notANumberBound(validator): "\(validator) has a bound that is not a number (NaN)"
        case let .negativeLength(validator): "\(validator) has a negative bound, which no length meets"
        case let .unsupportedNumberBound(validator, type):
            "\(validator) has a bound of type \(type), which it cannot compare; use an integer, a floating-point number or a Decimal"
        case .readOnlyTarget:
            "this key path is read-only: a mapping that writes into an instance cannot target it "
                + "(only an ImmutableMappable model's mapping may target a let)"
        case .needsInstance(.call):
            "a call needs an instance, and an ImmutableMappable model has none while it is mapped; use a Boxing"
        case .needsInstance(.merging): "merging() applies a mapping to the current value, and an ImmutableMappable model has none"
        case .droppingWithoutArray: ".droppingInvalidElements() applies to a .property whose type is an array or an optional array"
        case .mergingWithoutModel: "merging() needs a .property whose type is a Mappable model, with no default: or fallback:"
        case let .keyPathNotMapped(keyPath): "\(keyPath) is not a target of this mapping"
        case let .valuesReadLate(keyPath):
            "\(keyPath) was read after init(_ values:) returned; MappedValues are valid only during that call"
        case let .policyNeedsOptional(forNull): "\(forNull ? ".ifNull" : ".ifAbsent")(.setNil) needs an Optional property"
        case let .policyNeedsDefault(forNull): "\(forNull ? ".ifNull" : ".ifAbsent")(.useDefault) needs a default: on the field"
        case let .policyNeedsInstance(forNull):
            "\(forNull ? ".ifNull" : ".ifAbsent")(.keep) has no current value to keep in an ImmutableMappable model"
        case let .polymorphicType(.notThePropertysType(tag, typeName)):
            "\(typeName) (tag \(SourceValue.render(string: tag))) is not the property's type"
        case let .polymorphicType(.notAModel(tag, typeName)):
            "\(typeName) (tag \(SourceValue.render(string: tag))) is not a Mappable or ImmutableMappable model"
        case let .polymorphicType(.tagTwice(tag, typeNames)):
            "the tag \(SourceValue.render(string: tag)) names more than one type: \(typeNames.joined(separator: ", "))"
        case .polymorphicType(.noTypes): "lists no type to map into"
        case let .ensureOnMerge(rule): "ensure \(rule) cannot judge a merged model: .merging() writes into the current one"
        case let .ensureNeverApplies(rule, takes, receives):
            "ensure \(rule) takes \(takes), but "
                + (receives.map { "the field converts to \($0)" } ?? "a nested mapping or a list has no converted value")
        case .policyOnContainer: ".ifAbsent and .ifNull apply to a field, not to a nested mapping or a list"
        case let .policyBesideRequired(forNull):
            forNull
                ? "isRequired() makes null an error, so .ifNull never applies"
                : "isRequired() makes an absent value an error, so default: and .ifAbsent never apply"
        case .emptyList: "the list has no descriptor"
        case .noKey: "the entry has no key; .anyOf(…) takes at least one"
        case let .ruleReadsMergedModel(keyPath):
            "a rule reads \(keyPath), which is mapped with .merging(): its value exists only once it is written, so no rule can judge it"
        case let .ruleReadsOverlappingMapped(keyPath, mapped, readUnder: true):
            "a rule reads \(keyPath) through \(mapped), which this mapping writes: it would see the value before mapping; "
                + "read \(mapped) and go on from its value"
        case let .ruleReadsOverlappingMapped(keyPath, mapped, readUnder: false):
            "a rule reads \(keyPath), and this mapping writes \(mapped) inside it: it would see the value before mapping; "
                + "read \(mapped) itself"
        case let .ruleTargetNotMapped(rule, keyPath): "the rule \(rule) points at \(keyPath), which this mapping does not write"
        case let .listWithoutCommonInput(inputs):
            "the list's descriptors receive \(inputs.map(\.phrase).joined(separator: ", ")), which no value converts to at once"
        }
    }
}

extension DateFormat {
    /// As a user types it: `.iso8601`, `.format("yyyy-MM-dd")`, `.format("HH:mm", timeZone: "Europe/Paris")`.
    var spelled: String {
        switch kind {
        case .iso8601: return ".iso8601"
        case .secondsSince1970: return ".secondsSince1970"
        case .millisecondsSince1970: return ".millisecondsSince1970"
        case let .pattern(pattern):
            let zone = pattern.timeZone.map { #", timeZone: "\#($0.identifier)""# } ?? ""
            return #".format("\#(pattern.pattern)"\#(zone))"#
        }
    }
}

extension FieldInput {
    var phrase: String {
        switch self {
        case let .type(name): name
        case let .kinds(kinds): kinds.phrase
        }
    }
}

extension TypeName {
    /// What a value may be given as, when a conversion takes two types: `Decimal or String`.
    static func either(_ first: String, _ second: String) -> String {
        "\(first) or \(second)"
    }

    /// What `.polymorphic` reads: `a dictionary with "kind"`.
    static func dictionary(withKey key: String) -> String {
        "a dictionary with \(SourceValue.render(string: key))"
    }
}

extension ValueKinds {
    /// `a string or an array`
    var phrase: String {
        if self == .all { return "any value" }
        let words = [
            (ValueKinds.string, ValueKind.string.phrase), (.number, ValueKind.number.phrase), (.boolean, ValueKind.boolean.phrase),
            (.array, ValueKind.array.phrase), (.object, ValueKind.object.phrase), (.other, "a value of another type"),
        ].filter { contains($0.0) }.map(\.1)
        guard let last = words.last else { return "no value" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension ValueKind {
    var phrase: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .boolean: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "a dictionary"
        case let .other(typeName): return "a value of type \(typeName)"
        }
    }
}

/// The words for a date a format cannot write, as a `serialize` error quotes it.
extension DateFormatProblem: CustomStringConvertible {
    var description: String {
        switch self {
        case let .notRepresentable(date, format):
            "\(date.timeIntervalSince1970) seconds since 1970 cannot be written in the format \(format.spelled)"
        }
    }
}

/// Keys or tags as a list of JSON strings: `"image", "file"`.
private func quoted(_ values: [String]) -> String {
    values.map(SourceValue.renderExpected).joined(separator: ", ")
}

import Foundation

// The serialize path, from a call to JSON text:
//   Mapper.serialize / serializeJSON: the public entry points (Mapper+Serialize.swift)
//   Serializer.write(_:model:nesting:into:): one model; refuses a plan with definition or serialize errors, then rebuilds its
//     levels (dictionaries and index arrays) in mapping order, or sorted (`.sortedKeys`)
//   Field.serialize(from:key:into:_:): reads the property (Plan/PropertyField.swift) and writes it back through its
//     conversion's `write` (Conversions/: nested models by their plan, enums by raw value) or its boxing's or call's reverse
//   SerialOutput: JSON text (JSONOutput) or Foundation values
// A value with no JSON form is a `serialize` error at its path; every one is reported, and nothing is returned.

/// A conversion's way back: writes a value in the form the conversion reads, or returns false and records why it has none.
typealias SerialWrite<Value> = @Sendable (Value, inout SerialOutput, inout ConversionIssues) -> Bool

/// A box or call field's way back, given the model (a `Root`) and the property's value (never nil).
typealias SerialReverse<Root, Target> = @Sendable (_ model: ModelAccess, Target, inout SerialOutput, inout ConversionIssues) -> Bool

/// Runs plans backwards: a model's values to the source shape its mapping reads.
enum Serializer {
    /// The largest index a mapping of indices writes: an array is written with a `null` at each index before its last.
    static let largestIndex = (1 << 20) - 1

    /// Writes `model` as an object (an array for a mapping of indices), even when empty; returns every error, or none.
    static func write(_ plan: Plan, model: ModelAccess, nesting: Nesting, into output: inout SerialOutput) -> [ValidationError] {
        // A model refused for its depth fails the call, which then writes no other model: a cycle reached along several
        // paths would otherwise be walked to the depth limit once for each.
        if output.refusedDepth { return [] }
        if let refusal = nesting.refusal {
            output.refusedDepth = true
            return [ValidationError(path: "", property: "", rule: "depth", value: nil, failure: refusal)]
        }
        let definitionErrors = plan.definitionErrors  // computed: read once
        if !definitionErrors.isEmpty || !plan.serializeErrors.isEmpty {
            // Once per call, where first met; elsewhere the model is left unwritten (the call fails).
            guard output.refusedPlans.insert(ObjectIdentifier(plan)).inserted else { return [] }
            return definitionErrors.isEmpty ? plan.serializeErrors : definitionErrors
        }
        var errors: [ValidationError] = []
        // A `.polymorphic` value's tag goes among the keys (a model of indices has none).
        let tag = plan.root.shape == .indexed ? nil : output.pendingTag
        output.pendingTag = nil
        _ = write(plan.root, model: model, nesting: nesting, into: &output, errors: &errors, tag: tag)
        return errors
    }

    /// Writes a level's container and its entries (and `tag`, in key order, in place of the model's own entry for its key:
    /// the tag is what maps the document back to the value's type); false when nothing was written.
    private static func write(
        _ level: PlanLevel, model: ModelAccess, nesting: Nesting, into output: inout SerialOutput, errors: inout [ValidationError],
        tag: (key: JSONOutput.Key, value: String)? = nil
    ) -> Bool {
        let indexed = level.shape == .indexed
        if indexed { output.beginArray() } else { output.beginObject() }
        var wroteAny = false
        var tag = tag
        func writeTag(_ output: inout SerialOutput) {
            guard let pending = tag else { return }
            output.key(pending.key)
            output.string(pending.value)
            tag = nil
            wroteAny = true
        }
        let tagEntry = tag.flatMap { level.keyNames.firstIndex(of: $0.key.text) }
        if !output.sortingKeys { writeTag(&output) }
        // An index array is written up to its highest index written, the gaps as `null`.
        var nextIndex = 0
        for position in output.sortingKeys ? level.sortedSerialOrder : level.serialOrder {
            let node = level.entries[position]
            if let pending = tag, JSONWriter.compareUTF8(pending.key.text, level.keyNames[position]) <= 0 { writeTag(&output) }
            if position == tagEntry { continue }
            // One-way: nothing to write, not even an index array's gap before it.
            if !node.isSerialized { continue }
            let mark = output.mark
            let previousNextIndex = nextIndex
            var key: JSONOutput.Key?
            if indexed, case let .index(index) = node.key {
                for _ in nextIndex..<Swift.max(nextIndex, index) { output.null() }
                nextIndex = Swift.max(nextIndex, index + 1)
            } else {
                key = level.outputKeys[position]
            }
            var outcome = SerialOutcome.omitted
            if let field = node.serialField {
                var issues = ConversionIssues(nesting: nesting)
                outcome = field.serialize(from: model, key: key, into: &output, &issues)
                if outcome == .failed { errors += issues.errors(path: node.path, property: node.property) }
                if outcome == .omitted, node.writesNil {
                    // Left out, it would read back as its `default:` or fail: null reads back as nil.
                    if let key { output.key(key) }
                    output.null()
                    outcome = .written
                }
            } else if let inner = node.serialLevel {
                if let key { output.key(key) }
                outcome = write(inner, model: model, nesting: nesting, into: &output, errors: &errors) ? .written : .omitted
            }
            if outcome == .omitted {
                // Take back an element's gaps, or a nested level's key and container (an omitted field wrote nothing).
                if indexed || node.serialLevel != nil { output.rollBack(to: mark) }
                nextIndex = previousNextIndex
            } else {
                wroteAny = true
            }
        }
        writeTag(&output)
        if indexed { output.endArray() } else { output.endObject() }
        return wroteAny
    }
}

extension Serializer {
    /// A value of a type known only at run time, as `JSONValue(converting:)` reads it.
    static func writeDynamic<Value>(_ value: Value, _ output: inout SerialOutput, _ issues: inout ConversionIssues) -> Bool {
        do {
            try output.value(value)
            return true
        } catch {
            // The value, or a part of it at the error's path, that JSON cannot hold.
            var part = issues.forPart()
            part.add(.notSerializable(error.problem), value: value, rule: "serialize")
            issues.add(part, under: Paths.suffix(error.path))
            return false
        }
    }

    static func write(double value: Double, _ output: inout SerialOutput, _ issues: inout ConversionIssues) -> Bool {
        write(finite: value, &output, &issues) { (output: inout SerialOutput) throws(NonFiniteNumber) in try output.double(value) }
    }

    static func write(decimal value: Decimal, _ output: inout SerialOutput, _ issues: inout ConversionIssues) -> Bool {
        write(finite: value, &output, &issues) { (output: inout SerialOutput) throws(NonFiniteNumber) in try output.decimal(value) }
    }

    /// A number by `append`, which refuses NaN and the infinities: a `serialize` error then.
    private static func write<Number>(
        finite value: Number, _ output: inout SerialOutput, _ issues: inout ConversionIssues,
        _ append: (inout SerialOutput) throws(NonFiniteNumber) -> Void
    ) -> Bool {
        do {
            try append(&output)
            return true
        } catch {
            issues.add(.notSerializable(.nonFinite(error)), value: value, rule: "serialize")
            return false
        }
    }

    /// An array, each element written by `element`; every failing element is reported at its index.
    static func writeElements<Element>(
        _ elements: [Element], _ output: inout SerialOutput, _ issues: inout ConversionIssues,
        _ element: (Element, inout SerialOutput, inout ConversionIssues) -> Bool
    ) -> Bool {
        output.beginArray()
        var written = true
        // Not `indices`, whose generic `Range` would be looked up for each array.
        for index in 0..<elements.count {
            var elementIssues = issues.forPart()
            if !element(elements[index], &output, &elementIssues) {
                written = false
                issues.add(elementIssues, under: MappingKey.index(index).subpath)
            }
        }
        output.endArray()
        return written
    }

    /// `value` turned back into its source by a boxing's or call's reverse (`rule`), then written; a throw is a `serialize` error.
    static func write<Value, Source>(
        _ value: Value, reversedBy reverse: (Value) throws -> Source, rule: String, as write: SerialWrite<Source>,
        _ output: inout SerialOutput, _ issues: inout ConversionIssues
    ) -> Bool {
        do {
            return write(try reverse(value), &output, &issues)
        } catch {
            issues.add(.reverseFailed(rule: rule, thrown: String(describing: error)), value: value, rule: "serialize")
            return false
        }
    }
}

extension Serializer {
    /// Writes one model, the outermost; throws its errors.
    static func serialize<Root>(_ model: Root, plan: Plan, into output: inout SerialOutput) throws(MappingError) {
        var errors = ModelAccess.reading(model) { write(plan, model: $0, nesting: .outermost(), into: &output) }
        output.refuseDepth(after: &errors)
        if !errors.isEmpty { throw MappingError(errors: errors) }
    }

    /// The models as one array; throws every model's errors under its index (`[3].id`); a faulty plan is refused once.
    static func serialize<Root>(_ models: [Root], plan: Plan, into output: inout SerialOutput) throws(MappingError) {
        try Engine.refuseFaulty(plan)
        if !plan.serializeErrors.isEmpty { throw MappingError(errors: plan.serializeErrors) }
        var errors: [ValidationError] = []
        let nesting = Nesting.outermost()
        output.beginArray()
        ModelAccess.readingEach(models) { index, model in
            let modelErrors = write(plan, model: model, nesting: nesting, into: &output)
            guard !modelErrors.isEmpty else { return }
            let element = MappingKey.index(index).subpath
            var issues = ConversionIssues(nesting: nesting)
            issues.add(nested: modelErrors)
            errors += issues.errors(path: element, property: element)
        }
        output.endArray()
        output.refuseDepth(after: &errors)
        if !errors.isEmpty { throw MappingError(errors: errors) }
    }

    /// The dictionary a model was written as; a mapping of indices writes an array, which only `serializeJSON` can return.
    static func dictionary(_ value: Any?) throws(MappingError) -> [String: Any] {
        if let dictionary = value as? [String: Any] { return dictionary }
        throw MappingError(errors: [ValidationError(path: "", property: "", rule: "serialize", value: nil, failure: .arrayRoot)])
    }

    static func dictionaries(_ value: Any?) throws(MappingError) -> [[String: Any]] {
        guard let elements = value as? [Any] else { return [] }
        return try elements.map { element throws(MappingError) in try dictionary(element) }
    }
}

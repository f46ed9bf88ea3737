import Foundation
import PropertyMapper

/// The library's promise, checked on one source: bad data gets a clear error and nothing is lost
/// or half-written. Returns every violation found (empty when the promise held).
///
/// - `mapValues` throws exactly when `validate` returns errors, and with the same list;
/// - on a throw the target equals its snapshot from before the call, and nothing was written;
/// - on success exactly the mapped, present keys were written, in mapping order, with the values
///   the source holds, and no other property changed;
/// - every error path points at a location that exists in the source, or is a missing required key;
/// - malformed JSON is one `json` error at path `""`;
/// - a mapping with definition errors is refused by every entry point (`mapValues` from a source and
///   from JSON, `mapArray` from both, `validate`) with exactly those errors, whatever the data,
///   malformed JSON included; nothing is written and no model is created. A mapping without them
///   never reports the rule `mapping`.
enum MappingInvariants {
    static func check(_ spec: MappingSpecRoot<RecordingModel>, source: Any?) -> [String] {
        if !spec.mapping.definitionErrors.isEmpty { return refused(spec, source: source, json: nil) }
        let model = RecordingModel()
        let before = model.snapshot
        var thrown: [ValidationError]?
        do {
            try Mapper.mapValues(from: source, to: model, using: spec.mapping)
        } catch {
            thrown = error.errors
            _ = error.description
        }
        return verify(spec, source: source, thrown: thrown, model: model, before: before)
    }

    static func check(_ spec: MappingSpecRoot<RecordingModel>, json: Data) -> [String] {
        if !spec.mapping.definitionErrors.isEmpty {
            let parsed = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
            return refused(spec, source: parsed, json: json)
        }
        let model = RecordingModel()
        let before = model.snapshot
        var thrown: [ValidationError]?
        do {
            try Mapper.mapValues(fromJSON: json, to: model, using: spec.mapping)
        } catch {
            thrown = error.errors
            _ = error.description
        }
        // Where the library's reader is deliberately stricter than JSONSerialization (see
        // `documentedDifference`), only the reader's own promises can be checked.
        if let thrown, thrown.map(\.rule) == ["json"], readerIsStricter(json, thrown[0]) {
            return unchanged(model, before)
        }
        if documentedDifference(json), thrown?.contains(where: { $0.rule == "json" }) != true { return [] }
        // A number no `Decimal` holds exactly, which the reader refuses for a `Decimal` field where
        // JSONSerialization has already rounded it (DESIGN.md, version 3: decimals are exact or an error).
        if let thrown, thrown.contains(where: { $0.message.contains("a Decimal holds exactly") }) {
            return unchanged(model, before)
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) else {
            var problems: [String] = []
            if thrown?.map(\.rule) != ["json"] || thrown?.first?.path != "" || thrown?.first?.property != "" {
                problems.append("malformed JSON should give one json error at \"\", got \(thrown.map { "\($0)" } ?? "success")")
            }
            problems += unchanged(model, before)
            return problems
        }
        var problems = verify(spec, source: parsed, thrown: thrown, model: model, before: before)
        // The bytes and the parsed tree must map alike.
        let reparsed = RecordingModel()
        var thrownFromTree: [ValidationError]?
        do {
            try Mapper.mapValues(from: parsed, to: reparsed, using: spec.mapping)
        } catch {
            thrownFromTree = error.errors
        }
        if thrownFromTree != thrown {
            problems.append(
                "fromJSON and from the parsed tree differ: \(String(describing: thrown)) vs \(String(describing: thrownFromTree))")
        }
        let (fromTree, fromBytes) = (reparsed.snapshot, model.snapshot)
        for (property, value) in fromBytes where fromTree[property] != value {
            problems.append("fromJSON wrote \(property) = \(value), from the parsed tree \(fromTree[property] ?? "nothing")")
        }
        return problems
    }

    /// Whether the reader's `json` error is one it gives on purpose where JSONSerialization is lax:
    /// the differences below, and a number beyond `Double`'s range, which JSONSerialization rejects
    /// too unless a later duplicate key replaces it (`{"a": 1e309, "a": 1}`).
    static func readerIsStricter(_ json: Data, _ error: ValidationError) -> Bool {
        documentedDifference(json) || error.message.contains("out of range")
    }

    /// The reader's documented differences from JSONSerialization: it reads UTF-8 only (no
    /// UTF-16 or UTF-32), rejects trailing commas, keeps a U+FEFF at the start of a string, and
    /// judges a number of more than 38 significant digits by every digit, where JSONSerialization
    /// cuts it to the 38 a `Decimal` holds (`2.000…0001` is no integer), and a fraction below every
    /// `Double` (`1e-400`), which JSONSerialization reads as 0.
    static func documentedDifference(_ json: Data) -> Bool {
        let bytes = [UInt8](json)
        if bytes.contains(0) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
        if String(decoding: bytes, as: UTF8.self).lowercased().contains("\\ufeff") { return true }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.indices.dropFirst().contains(where: { bytes[$0...].starts(with: byteOrderMark) }) { return true }
        var inString = false
        var escaped = false
        // The significant digits of the number being read, before any exponent.
        var significantDigits = 0
        var inExponent = false
        // Where the number being read starts.
        var numberStart: Int?
        for (index, byte) in bytes.enumerated() {
            let inNumber =
                !inString
                && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte | 0x20 == UInt8(ascii: "e") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")))
            if inNumber, numberStart == nil { numberStart = index }
            if !inNumber, let start = numberStart {
                numberStart = nil
                if isBelowEveryDouble(String(decoding: bytes[start..<index], as: UTF8.self)) { return true }
            }
            if !inString, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if !inExponent, significantDigits > 0 || byte != UInt8(ascii: "0") { significantDigits += 1 }
                if significantDigits > 38 { return true }
                continue
            }
            if !inString, [UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte) { inExponent = true }
            if !inString, ![UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte) {
                (significantDigits, inExponent) = (0, false)
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true; continue }
            guard byte == UInt8(ascii: ",") else { continue }
            let next = bytes[(index + 1)...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") { return true }
        }
        return numberStart.map { isBelowEveryDouble(String(decoding: bytes[$0...], as: UTF8.self)) } ?? false
    }

    /// Whether a JSON number's text is a fraction below every `Double`: one that rounds to 0 but writes another digit
    /// before any exponent.
    static func isBelowEveryDouble(_ number: String) -> Bool {
        Double(number) == 0 && number.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
    }

    private static func verify(
        _ spec: MappingSpecRoot<RecordingModel>,
        source: Any?,
        thrown: [ValidationError]?,
        model: RecordingModel,
        before: [String: String]
    ) -> [String] {
        var problems: [String] = []
        let probe = RecordingModel()
        let validated = Mapper.validate(source, for: probe, using: spec.mapping)
        if !probe.log.isEmpty { problems.append("validate wrote \(probe.log)") }
        if let thrown {
            if thrown.isEmpty { problems.append("mapValues threw an empty error list") }
            if thrown != validated { problems.append("mapValues threw \(thrown) but validate returned \(validated)") }
            problems += unchanged(model, before)
        } else {
            if !validated.isEmpty { problems.append("mapValues succeeded but validate returned \(validated)") }
            let expected = spec.expectedWrites(for: source)
            if model.log != expected.map(\.property) {
                problems.append("wrote \(model.log), expected \(expected.map(\.property))")
            } else {
                // The last write to each property decides its value.
                var lastWrite: [String: Int] = [:]
                for (index, write) in expected.enumerated() { lastWrite[write.property] = index }
                for (index, write) in expected.enumerated() where lastWrite[write.property] == index {
                    if let problem = write.check?.check(write.source, model) { problems.append("\(write.property): \(problem)") }
                }
                let after = model.snapshot
                for (property, value) in before where !lastWrite.keys.contains(property) && after[property] != value {
                    problems.append("unmapped property \(property) changed from \(value) to \(after[property] ?? "nil")")
                }
            }
        }
        for error in thrown ?? validated {
            if error.rule == "mapping" { problems.append("a mapping without definition errors reported \(error)") }
            problems += pathProblems(error, source: source)
        }
        return problems
    }

    /// Every entry point refuses a mapping with definition errors: it throws (or `validate` returns)
    /// exactly those, writes nothing and creates no model.
    private static func refused(_ spec: MappingSpecRoot<RecordingModel>, source: Any?, json: Data?) -> [String] {
        let expected = spec.mapping.definitionErrors
        var problems: [String] = []
        for error in expected where error.rule != "mapping" || error.value != nil || error.message.isEmpty {
            problems.append("a definition error needs the rule mapping, no value and a message: \(error)")
        }
        func expectRefusal(_ entryPoint: String, _ body: () throws -> Void) {
            do {
                try body()
                problems.append("\(entryPoint) accepted a mapping with definition errors \(expected)")
            } catch let error as MappingError {
                if error.errors != expected {
                    problems.append("\(entryPoint) threw \(error.errors), expected the definition errors \(expected)")
                }
            } catch {
                problems.append("\(entryPoint) threw \(error), not a MappingError")
            }
        }
        let model = RecordingModel()
        let before = model.snapshot
        var created = 0
        let create = { () -> RecordingModel in
            created += 1
            return RecordingModel()
        }
        expectRefusal("mapValues") { try Mapper.mapValues(from: source, to: model, using: spec.mapping) }
        expectRefusal("mapArray(from:)") { _ = try Mapper.mapArray(from: source, using: spec.mapping, create: create) }
        expectRefusal("mapArray(from:) over [source]") {
            _ = try Mapper.mapArray(from: [source as Any], using: spec.mapping, create: create)
        }
        if let json {
            expectRefusal("mapValues(fromJSON:)") { try Mapper.mapValues(fromJSON: json, to: model, using: spec.mapping) }
            expectRefusal("mapArray(fromJSON:)") { _ = try Mapper.mapArray(fromJSON: json, using: spec.mapping, create: create) }
        }
        problems += unchanged(model, before)
        if created > 0 { problems.append("mapArray created \(created) models for a mapping with definition errors") }
        let probe = RecordingModel()
        let validated = Mapper.validate(source, for: probe, using: spec.mapping)
        if validated != expected { problems.append("validate returned \(validated), expected the definition errors \(expected)") }
        if !probe.log.isEmpty { problems.append("validate wrote \(probe.log)") }
        return problems
    }

    private static func unchanged(_ model: RecordingModel, _ before: [String: String]) -> [String] {
        var problems: [String] = []
        if !model.log.isEmpty { problems.append("a failed mapping wrote \(model.log)") }
        if model.snapshot != before { problems.append("a failed mapping changed the target") }
        return problems
    }

    /// An error points at a value in the source, or is a required key that is missing there.
    private static func pathProblems(_ error: ValidationError, source: Any?) -> [String] {
        if error.rule.isEmpty || error.message.isEmpty { return ["error without rule or message: \(error)"] }
        guard SourcePath.components(error.path) != nil else { return ["malformed error path \(error.path)"] }
        let exists = SourcePath.exists(error.path, in: source)
        if exists, error.value == nil { return ["error at an existing location without a value: \(error)"] }
        if !exists, error.rule != "isRequired" || error.value != nil {
            return ["error path \(error.path) is not in the source and not a missing required key: \(error)"]
        }
        return []
    }
}

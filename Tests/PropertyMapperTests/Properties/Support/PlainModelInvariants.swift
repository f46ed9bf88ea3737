import Foundation
import PropertyMapper

/// The all-or-nothing promise for `PlainModel` (no observers, writes into a sub-object and a
/// sub-struct), one record at a time and in batches. Returns every violation found (empty when the
/// promise held).
///
/// - per record, `mapValues(fromJSON:)`: a failure changes nothing; a success writes exactly the
///   mapped, present keys, with the values the source holds, and changes no other property;
/// - `mapArray(from:)` over `copies` copies of the parsed record: every result agrees with
///   `validate` on the record alone, every model `create` made for a failed record is unchanged, and
///   every mapped model holds exactly what a single mapping writes (the second copy and later too,
///   each into its own sub-object);
/// - `mapArray(fromJSON:)` over a JSON array of `copies` copies of the bytes: every result and
///   model agree with the per-record `mapValues(fromJSON:)`.
///
/// Observers cannot tell whether a key was written with the value it already held, so "exactly the
/// present keys" is checked by value: no preset value is one a valid source gives by accident.
enum PlainModelInvariants {
    static func check(_ spec: MappingSpecRoot<PlainModel>, json: Data, copies: Int = 4) -> [String] {
        var problems: [String] = []
        let preset = PlainModel().snapshot

        // One record, from the bytes.
        let single = PlainModel()
        var thrown: [ValidationError]?
        do {
            try Mapper.mapValues(fromJSON: json, to: single, using: spec.mapping)
        } catch {
            thrown = error.errors
        }
        let parsed = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        let comparable =
            parsed != nil && !MappingInvariants.documentedDifference(json)
            && !(thrown.map { $0.map(\.rule) == ["json"] && MappingInvariants.readerIsStricter(json, $0[0]) } ?? false)
        if thrown != nil {
            problems += unchanged(single, preset, "fromJSON")
        } else if comparable, let parsed {
            problems += written(spec, source: parsed, model: single, preset: preset, "fromJSON")
        }

        // A batch of copies of the parsed record.
        if let parsed {
            let alone = Mapper.validate(parsed, for: PlainModel(), using: spec.mapping)
            var created: [PlainModel] = []
            let records = Array(repeating: parsed, count: copies)
            if let batch = try? Mapper.mapArray(
                from: records, using: spec.mapping,
                create: { () -> PlainModel in
                    let model = PlainModel()
                    created.append(model)
                    return model
                })
            {
                problems += agree(spec, batch, created: created, source: parsed, errors: alone, preset: preset, "mapArray")
            } else {
                problems.append("mapArray threw on an array of \(copies) records")
            }
        }

        // A JSON array of copies of the bytes, when the library's reader accepted them alone (a
        // byte order mark is accepted at the start of a document only, so it is dropped).
        if thrown?.contains(where: { $0.rule == "json" }) != true {
            let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let record = json.starts(with: byteOrderMark) ? Data(json.dropFirst(byteOrderMark.count)) : json
            let array = Data("[".utf8) + ([Data](repeating: record, count: copies)).joined(separator: Data(",".utf8)) + Data("]".utf8)
            var created: [PlainModel] = []
            do {
                let batch = try Mapper.mapArray(fromJSON: array, using: spec.mapping) { () -> PlainModel in
                    let model = PlainModel()
                    created.append(model)
                    return model
                }
                problems += agree(batch, created: created, single: single, errors: thrown ?? [], preset: preset, "mapArray(fromJSON:)")
            } catch {
                // The array adds one level of nesting, which a record at the reader's limit exceeds.
                if !error.errors.allSatisfy({ $0.rule == "json" && $0.message.contains("nesting deeper") }) {
                    problems.append("mapArray(fromJSON:) threw \(error.errors) on records that map alone")
                }
            }
        }
        return problems
    }

    /// Checks a batch of copies of `source` against `validate` and the spec's expected writes.
    private static func agree(
        _ spec: MappingSpecRoot<PlainModel>, _ batch: MappedArray<PlainModel>, created: [PlainModel],
        source: Any, errors: [ValidationError], preset: [String: String], _ route: String
    ) -> [String] {
        var problems = counts(batch, created: created, route)
        for (index, result) in batch.results.enumerated() where index < created.count {
            switch result {
            case let .success(model):
                if model !== created[index] { problems.append("\(route) record \(index): not the model create made") }
                if !errors.isEmpty { problems.append("\(route) accepted record \(index), validate found \(errors)") }
                problems += written(spec, source: source, model: model, preset: preset, "\(route) record \(index)")
            case let .failure(error):
                if error.errors != errors { problems.append("\(route) record \(index): errors \(error.errors), validate found \(errors)") }
                problems += unchanged(created[index], preset, "\(route) record \(index)")
            }
        }
        return problems
    }

    /// Checks a batch of copies of some bytes against mapping them alone into `single`.
    private static func agree(
        _ batch: MappedArray<PlainModel>, created: [PlainModel], single: PlainModel,
        errors: [ValidationError], preset: [String: String], _ route: String
    ) -> [String] {
        var problems = counts(batch, created: created, route)
        for (index, result) in batch.results.enumerated() where index < created.count {
            switch result {
            case let .success(model):
                if !errors.isEmpty { problems.append("\(route) accepted record \(index), alone it failed with \(errors)") }
                let (batched, alone) = (model.snapshot, single.snapshot)
                for (property, value) in alone where batched[property] != value {
                    problems.append("\(route) record \(index) wrote \(property) = \(batched[property] ?? "nothing"), alone \(value)")
                }
            case let .failure(error):
                if error.errors != errors { problems.append("\(route) record \(index): errors \(error.errors), alone \(errors)") }
                problems += unchanged(created[index], preset, "\(route) record \(index)")
            }
        }
        return problems
    }

    private static func counts(_ batch: MappedArray<PlainModel>, created: [PlainModel], _ route: String) -> [String] {
        var problems: [String] = []
        if batch.results.count != created.count {
            problems.append("\(route): \(batch.results.count) results, create called \(created.count) times")
        }
        if Set(created.map(ObjectIdentifier.init)).count != created.count { problems.append("\(route): create's models are not distinct") }
        let authors = Set(created.map { ObjectIdentifier($0.author) })
        if authors.count != created.count { problems.append("\(route): a sub-object was replaced or shared") }
        return problems
    }

    /// A successful mapping of `source` wrote exactly the spec's expected writes (the last write to
    /// each property decides its value) and left every other property at its preset value.
    private static func written(
        _ spec: MappingSpecRoot<PlainModel>, source: Any, model: PlainModel, preset: [String: String], _ route: String
    ) -> [String] {
        var problems: [String] = []
        let expected = spec.expectedWrites(for: source)
        var lastWrite: [String: Int] = [:]
        for (index, write) in expected.enumerated() { lastWrite[write.property] = index }
        for (index, write) in expected.enumerated() where lastWrite[write.property] == index {
            if let problem = write.check?.check(write.source, model) { problems.append("\(route): \(write.property): \(problem)") }
        }
        let after = model.snapshot
        for (property, value) in preset where lastWrite[property] == nil && after[property] != value {
            problems.append("\(route): unmapped or absent property \(property) changed from \(value) to \(after[property] ?? "nil")")
        }
        return problems
    }

    private static func unchanged(_ model: PlainModel, _ preset: [String: String], _ route: String) -> [String] {
        let after = model.snapshot
        return preset.keys.sorted().compactMap { property in
            after[property] == preset[property] ? nil : "\(route): a failed mapping changed \(property) to \(after[property] ?? "nil")"
        }
    }
}

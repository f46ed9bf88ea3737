import Foundation
import PropertyMapper

/// libFuzzer entry point: maps arbitrary bytes as JSON with `RecordingModel.everyKind` (every
/// descriptor kind, every validator, nested paths and indices) into a model with preset values,
/// and with `PlainModel.crossing` (no observers; writes into a sub-object and a sub-struct) alone
/// and in batches, and traps on any broken invariant (see `MappingInvariants` and
/// `PlainModelInvariants`), so libFuzzer records the input.
///
/// Built and run by `Fuzz/run.sh`; the same invariants replay `Fuzz/corpus` in the test suite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let problems = MappingInvariants.check(RecordingModel.everyKind, json: data)
    if !problems.isEmpty {
        let input = String(decoding: data.prefix(2000), as: UTF8.self)
        fatalError("PropertyMapper invariant broken:\n- " + problems.joined(separator: "\n- ") + "\ninput: \(input)")
    }
    // The same bytes into a model without observers whose mapping writes into a sub-object and a
    // sub-struct: one record alone, and batches of copies (see `PlainModelInvariants`).
    let crossing = PlainModelInvariants.check(PlainModel.crossing, json: data)
    if !crossing.isEmpty {
        let input = String(decoding: data.prefix(2000), as: UTF8.self)
        fatalError(
            "PropertyMapper invariant broken for PlainModel:\n- " + crossing.prefix(20).joined(separator: "\n- ") + "\ninput: \(input)")
    }
    // The same bytes into a recursive model graph (see `GraphInvariants`).
    let graph = GraphInvariants.check(json: data)
    if !graph.isEmpty {
        let input = String(decoding: data.prefix(2000), as: UTF8.self)
        fatalError("PropertyMapper invariant broken for GraphNode:\n- " + graph.prefix(20).joined(separator: "\n- ") + "\ninput: \(input)")
    }
    // A top-level array maps record by record: each result agrees with mapping the element alone.
    if let records = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [Any],
        let batch = try? Mapper.mapArray(fromJSON: data, using: RecordingModel.everyKind.mapping, create: RecordingModel.init)
    {
        guard batch.results.count == records.count else {
            fatalError("mapArray returned \(batch.results.count) results for \(records.count) records")
        }
        for (index, record) in records.enumerated() {
            let alone = Mapper.validate(record, for: RecordingModel(), using: RecordingModel.everyKind.mapping)
            switch batch.results[index] {
            case .success: if !alone.isEmpty { fatalError("mapArray accepted record \(index), validate found \(alone)") }
            case let .failure(error): if error.errors != alone { fatalError("mapArray errors differ for record \(index)") }
            }
        }
    }
    return 0
}

import Foundation
import PropertyMapper

/// One case of the lossless property test: a random `Lossless.Record`, drawn from its own seed, sent
/// through every serialize entry point and mapped back. `check()` returns every round trip that
/// did not give the model back, each naming the case, its seed and the first differing property.
struct LosslessCase {
    /// The case's number in the run: with the run's base seed, all it takes to replay it.
    let index: Int
    let baseSeed: UInt64

    /// The case's own seed, drawn from its index, so cases never share a stream.
    var seed: UInt64 {
        var seeder = SplitMix64(seed: UInt64(index))
        return seeder.next() ^ baseSeed
    }

    /// Every combination of the options: compact or pretty, mapping order or sorted, nil left out or null.
    static let optionSets: [SerializationOptions] = (0..<8).map { SerializationOptions(rawValue: UInt8($0)) }

    /// How to replay the case, for failure messages.
    var header: String {
        "case \(index) (seed 0x\(String(seed, radix: 16, uppercase: true)); replay with PROPERTYMAPPER_LOSSLESS_REPLAY=\(index)"
            + " PROPERTYMAPPER_LOSSLESS_SEED=\(baseSeed) swift test --filter LosslessPropertyTests/replaysOneCase)"
    }

    func record() -> Lossless.Record {
        var random = SplitMix64(seed: seed)
        return LosslessGenerator.record(using: &random)
    }

    func check() -> [String] {
        var random = SplitMix64(seed: seed)
        let record = LosslessGenerator.record(using: &random)
        let options = (json: random.pick(Self.optionSets), foundation: random.pick(Self.optionSets), branch: random.pick(Self.optionSets))
        return LosslessRoundTrips(header: header).problems(record, options: options)
    }
}

/// The round trips of one record, each checked field by field; `header` begins every problem.
struct LosslessRoundTrips {
    let header: String

    func problems(
        _ record: Lossless.Record, options: (json: SerializationOptions, foundation: SerializationOptions, branch: SerializationOptions)
    ) -> [String] {
        var problems: [String] = []
        // The root, a Mappable struct: JSON through its own mapping, JSON with options through
        // `using:`, Foundation values with options.
        roundTrip("Record, serializeJSON(_:)", record, into: &problems) {
            try Mapper.serializeJSON($0)
        } map: {
            try Mapper.map(Lossless.Record.self, fromJSON: $0)
        }
        roundTrip("Record, serializeJSON(_:using:options: \(LosslessCase.describe(options.json)))", record, into: &problems) {
            try Mapper.serializeJSON($0, using: Lossless.Record.mapping, options: options.json)
        } map: {
            try Mapper.map(Lossless.Record.self, fromJSON: $0)
        }
        roundTrip("Record, serialize(_:options: \(LosslessCase.describe(options.foundation)))", record, into: &problems) {
            try Mapper.serialize($0, options: options.foundation)
        } map: {
            try Mapper.map(Lossless.Record.self, from: $0)
        }

        // An ImmutableMappable root, alone (half the cases) and in an array; Mappable classes in an
        // array. The record holds them all: each is a new way in for values already checked.
        let branchOptions = options.branch
        if let spare = record.spare {
            let label = "Branch (the record's spare), serializeJSON(_:options: \(LosslessCase.describe(branchOptions)))"
            roundTrip(label, spare, into: &problems) {
                try Mapper.serializeJSON($0, options: branchOptions)
            } map: {
                try Mapper.map(Lossless.Branch.self, fromJSON: $0)
            }
        }
        roundTrip("[Branch], serializeJSON(_:options: \(LosslessCase.describe(branchOptions)))", record.branches, into: &problems) {
            try Mapper.serializeJSON($0, options: branchOptions)
        } map: {
            try Mapper.map([Lossless.Branch].self, fromJSON: $0)
        }
        roundTrip("[Twig], serialize(_:options: \(LosslessCase.describe(branchOptions)))", record.branch.twigs, into: &problems) {
            try Mapper.serialize($0, options: branchOptions)
        } map: {
            try Mapper.map([Lossless.Twig].self, from: $0)
        }
        return problems
    }

    /// JSON: the output must also be what `JSONSerialization` reads without error.
    private func roundTrip<Model: FieldListed>(
        _ label: String, _ model: Model, into problems: inout [String],
        serialize: (Model) throws -> Data, map: (Data) throws -> Model
    ) {
        let data: Data
        do { data = try serialize(model) } catch {
            problems.append("\(header): \(label) threw \(LosslessCase.describe(error))")
            return
        }
        let text = { LosslessCase.truncated(String(decoding: data, as: UTF8.self)) }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            problems.append("\(header): \(label): JSONSerialization cannot read the output (\(error))\nJSON: \(text())")
        }
        compare(label, model, output: text, into: &problems) { try map(data) }
    }

    /// Foundation values.
    private func roundTrip<Model: FieldListed, Output>(
        _ label: String, _ model: Model, into problems: inout [String],
        serialize: (Model) throws -> Output, map: (Output) throws -> Model
    ) {
        let output: Output
        do { output = try serialize(model) } catch {
            problems.append("\(header): \(label) threw \(LosslessCase.describe(error))")
            return
        }
        compare(label, model, output: { LosslessCase.truncated(String(describing: output)) }, into: &problems) { try map(output) }
    }

    private func compare<Model: FieldListed>(
        _ label: String, _ model: Model, output: () -> String, into problems: inout [String], map: () throws -> Model
    ) {
        let again: Model
        do { again = try map() } catch {
            problems.append("\(header): \(label): mapping the output back threw \(LosslessCase.describe(error))\noutput: \(output())")
            return
        }
        if let difference = model.firstDifference(from: again) {
            problems.append("\(header): \(label): the model mapped back differs, first at \(difference)\noutput: \(output())")
        }
    }
}

extension LosslessCase {
    static func describe(_ options: SerializationOptions) -> String {
        let names = [
            (SerializationOptions.prettyPrinted, ".prettyPrinted"), (.sortedKeys, ".sortedKeys"), (.writingNulls, ".writingNulls"),
        ]
        return "[" + names.filter { options.contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }

    static func describe(_ error: any Error) -> String {
        (error as? MappingError).map { $0.errors.map { "\($0)" }.joined(separator: "; ") } ?? "\(error)"
    }

    static func truncated(_ text: String, to limit: Int = 6000) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.count) characters)"
    }
}

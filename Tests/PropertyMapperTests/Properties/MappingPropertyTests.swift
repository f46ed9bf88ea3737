import Foundation
import PropertyMapper
import Testing

/// Random source trees against random mappings (seeded, so every failure replays): the library's
/// invariants hold on every case (see `MappingInvariants`), for Swift literals and for JSON.
@Suite struct MappingPropertyTests {
    static let seeds = Array(UInt64(1)...40)
    /// 100 cases per seed (4,000 in all); set `PROPERTY_CASES` for a longer run.
    static let casesPerSeed = ProcessInfo.processInfo.environment["PROPERTY_CASES"].flatMap { Int($0) } ?? 100

    @Test(arguments: seeds)
    func invariantsHoldForRandomMappingsAndSources(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for index in 0..<Self.casesPerSeed {
            let (spec, isBroken) = RandomMapping.mappingCase(using: &random)
            // The generator's promise: valid mappings have no definition errors, broken ones have some.
            #expect(spec.mapping.definitionErrors.isEmpty != isBroken, "seed \(seed), case \(index): \(spec.mapping.definitionErrors)")
            let literalOnly = random.chance(0.5)
            let source = RandomMapping.source(for: spec, literalOnly: literalOnly, using: &random)
            let problems = MappingInvariants.check(spec, source: source)
            #expect(
                problems.isEmpty, "seed \(seed), case \(index), source \(String(describing: source)):\n\(problems.joined(separator: "\n"))")
            if !literalOnly, let json = RandomSource.json(source) {
                let jsonProblems = MappingInvariants.check(spec, json: json)
                #expect(
                    jsonProblems.isEmpty,
                    "seed \(seed), case \(index), JSON \(String(decoding: json, as: UTF8.self)):\n\(jsonProblems.joined(separator: "\n"))")
            }
        }
    }

    /// The generators are only useful if they reach both outcomes often.
    @Test func generatorsReachSuccessAndFailure() {
        var random = SplitMix64(seed: 2026)
        var successes = 0
        var failures = 0
        var jsonCases = 0
        var broken = 0
        var dataFailures = 0
        for _ in 0..<500 {
            let (spec, isBroken) = RandomMapping.mappingCase(using: &random)
            let literalOnly = random.chance(0.5)
            let source = RandomMapping.source(for: spec, literalOnly: literalOnly, using: &random)
            let errors = Mapper.validate(source, for: RecordingModel(), using: spec.mapping)
            if errors.isEmpty { successes += 1 } else { failures += 1 }
            if isBroken { broken += 1 } else if !errors.isEmpty { dataFailures += 1 }
            if !literalOnly, RandomSource.json(source) != nil { jsonCases += 1 }
        }
        #expect(successes >= 50, "only \(successes) of 500 random cases map successfully")
        #expect(failures >= 50, "only \(failures) of 500 random cases fail")
        // Most failures come from the data; a small share from deliberately broken mappings.
        #expect(dataFailures >= 50, "only \(dataFailures) of 500 random cases fail on their data")
        #expect((10...60).contains(broken), "\(broken) of 500 random mappings are broken, expected about 5 %")
        #expect(jsonCases >= 150, "only \(jsonCases) of 500 random cases also run as JSON")
    }

    @Test func seededGeneratorReplays() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let a = (0..<5).map { _ in first.next() }
        let b = (0..<5).map { _ in second.next() }
        #expect(a == b)
        #expect(Set(a).count == 5)
    }
}

import Foundation
import PropertyMapper
import Testing

/// DESIGN.md, "The round trip": for a mapping with no one-way field, `map(serializeJSON(model))`
/// equals `model`. Random models (`Lossless`, four levels deep, every kind of value) go through
/// `serializeJSON` with and without options, `serialize`, and the array forms, and come back equal
/// field by field: strings scalar for scalar, doubles bit for bit. Every JSON output is also read by
/// `JSONSerialization`. See `LosslessCase` for one case's round trips.
@Suite struct LosslessPropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    /// 2,000 cases per run; `PROPERTYMAPPER_LOSSLESS_CASES=100000` for a long run.
    static let caseCount = environment["PROPERTYMAPPER_LOSSLESS_CASES"].flatMap { Int($0) } ?? 2_000
    /// The run's seed; each case draws its own from it and its index. Set it to explore other cases.
    static let baseSeed = environment["PROPERTYMAPPER_LOSSLESS_SEED"].flatMap { UInt64($0) } ?? 20_261_125
    /// One case, by index, as a failure message names it.
    static let replayIndex = environment["PROPERTYMAPPER_LOSSLESS_REPLAY"].flatMap { Int($0) }
    /// The cases are dealt to shards that run in parallel: case `i` goes to shard `i % 8`.
    static let shards = Array(0..<8)
    /// A failing shard stops after this many failing cases, so one bug does not flood the log.
    static let failuresPerShard = 3

    @Test(arguments: shards)
    func mapOfSerializeJSONIsTheModel(shard: Int) {
        var failures = 0
        for index in stride(from: shard, to: Self.caseCount, by: Self.shards.count) {
            let problems = LosslessCase(index: index, baseSeed: Self.baseSeed).check()
            guard !problems.isEmpty else { continue }
            Issue.record(Comment(rawValue: problems.joined(separator: "\n\n")))
            failures += 1
            if failures == Self.failuresPerShard { return }
        }
    }

    /// `PROPERTYMAPPER_LOSSLESS_REPLAY=17 swift test --filter LosslessPropertyTests/replaysOneCase` runs
    /// case 17 alone and prints its model and its JSON.
    @Test(.enabled(if: replayIndex != nil, "set PROPERTYMAPPER_LOSSLESS_REPLAY to a case index"))
    func replaysOneCase() throws {
        let losslessCase = LosslessCase(index: try #require(Self.replayIndex), baseSeed: Self.baseSeed)
        let record = losslessCase.record()
        print(
            "\(losslessCase.header)\nmodel:\n\(record.fieldList)\nJSON:\n"
                + String(decoding: try Mapper.serializeJSON(record, options: .prettyPrinted), as: UTF8.self))
        for problem in losslessCase.check() { Issue.record(Comment(rawValue: problem)) }
    }

    /// The doubles and floats the lossless test first found changed (fixed in 2f83d86): a shortest form
    /// of 17 significant digits read back through `NSDecimalNumber.doubleValue` came back an ulp or more
    /// away (`0.30000000000000004` as `0.3000000000000001`), and a whole one beyond 64 bits
    /// (`1.8446744073709552e+19`, `Float.greatestFiniteMagnitude`) was a `type` error. Then random
    /// bit patterns, through a model of one double and one float.
    @Test func doublesAndFloatsComeBackBitForBit() {
        struct Number { var double = 0.0; var float: Float = 0 }
        let mapping: Mapping<Number> = ["double": .property(\.double), "float": .property(\.float)]
        var numbers = [
            Number(double: 0.30000000000000004), Number(double: -0.004132989618719054), Number(double: 1.8446744073709552e19),
            Number(double: 1.2345678901234567e100), Number(double: -9.223372036854776e18), Number(float: .greatestFiniteMagnitude),
            Number(float: -.greatestFiniteMagnitude), Number(float: 1e20), Number(float: 0.1),
        ]
        var random = SplitMix64(seed: Self.baseSeed)
        while numbers.count < 2_000 {
            let bits = random.next()
            let number = Number(double: Double(bitPattern: bits), float: Float(bitPattern: UInt32(truncatingIfNeeded: random.next())))
            if number.double.isFinite, number.float.isFinite { numbers.append(number) }
        }
        for number in numbers {
            var json = ""
            do {
                let data = try Mapper.serializeJSON(number, using: mapping)
                json = String(decoding: data, as: UTF8.self)
                var again = Number(double: 1, float: 1)
                try Mapper.mapValues(fromJSON: data, to: &again, using: mapping)
                #expect(again.double.bitPattern == number.double.bitPattern, "\(json) gave \(again.double)")
                #expect(again.float.bitPattern == number.float.bitPattern, "\(json) gave \(again.float)")
            } catch {
                Issue.record("\(json): \(LosslessCase.describe(error))")
            }
        }
    }

    /// One hand-built model at every edge at once, through every option set.
    @Test(arguments: LosslessCase.optionSets)
    func everyEdgeAtOnceRoundTrips(options: SerializationOptions) {
        let problems = LosslessRoundTrips(header: "edges").problems(Self.edges(), options: (options, options, options))
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n\n")))
    }

    /// The shapes the semantics promise: gaps in an index array are null and map back to nil; a
    /// trailing nil is left out and maps back to the nil the model starts with.
    @Test func indexGapsAndTrailingNilsComeBackAsNil() throws {
        var record = Lossless.Record()
        record.third = Date(timeIntervalSince1970: 1.5)
        record.longitude = nil
        let json = String(decoding: try Mapper.serializeJSON(record), as: UTF8.self)
        #expect(json.contains(#""geo":[0.0],"span":[null,null,"1970-01-01T00:00:01.500Z"]"#))
        #expect(!json.contains(#""rows":[{"#) && json.contains(#""rows":[null,0]"#))
        #expect(try Mapper.map(Lossless.Record.self, fromJSON: Data(json.utf8)) == record)

        record.first = 7
        record.third = nil
        let trailing = String(decoding: try Mapper.serializeJSON(record), as: UTF8.self)
        #expect(trailing.contains(#""span":[7]"#))
        #expect(try Mapper.map(Lossless.Record.self, fromJSON: Data(trailing.utf8)) == record)
        let nulls = String(decoding: try Mapper.serializeJSON(record, options: .writingNulls), as: UTF8.self)
        #expect(nulls.contains(#""span":[7,null,null]"#))
        #expect(try Mapper.map(Lossless.Record.self, fromJSON: Data(nulls.utf8)) == record)
    }

    /// The comparison the test relies on: exact where `==` is not, and naming the first difference.
    @Test func aDifferenceIsNamedByItsFirstProperty() {
        let record = Self.edges()
        let copy = Self.edges()
        #expect(record.firstDifference(from: copy) == nil)
        #expect(record == copy)

        copy.branch.twig.leaf = Self.leaf(value: -0.0)
        copy.branch.twig.label = "e\u{301}"
        record.branch.twig.leaf = Self.leaf(value: 0.0)
        record.branch.twig.label = "é"
        #expect(record.branch.twig.label == copy.branch.twig.label)  // Swift's == would not see it
        let difference = record.firstDifference(from: copy)
        #expect(difference == #"branch.twig.label: expected "\u{E9}", got "e\u{301}""#)
        copy.branch.twig.label = "é"
        #expect(
            record.firstDifference(from: copy)
                == "branch.twig.leaf.value: expected 0.0 (0x0), got -0.0 (0x8000000000000000)")
        #expect(record != copy)

        let header = LosslessCase(index: 17, baseSeed: 5).header
        #expect(header.hasPrefix("case 17 (seed 0x") && header.contains("PROPERTYMAPPER_LOSSLESS_REPLAY=17 PROPERTYMAPPER_LOSSLESS_SEED=5"))
    }

    /// The generator is only useful if it reaches every kind of value the test names.
    @Test func generatorReachesEveryEdge() {
        var random = SplitMix64(seed: Self.baseSeed)
        var scalars = Set<UInt32>()
        var strings: [String] = []
        for _ in 0..<3_000 {
            let text = LosslessGenerator.string(using: &random)
            strings.append(text)
            scalars.formUnion(text.unicodeScalars.map(\.value))
        }
        let controls = Set(LosslessGenerator.controls.map(\.value))
        #expect(controls.isSubset(of: scalars), "missing control characters \(controls.subtracting(scalars).sorted())")
        for required: UInt32 in [0x22, 0x5C, 0x2F, 0x2028, 0xFEFF, 0x200D, 0x301, 0x1F1EB] {
            #expect(scalars.contains(required), "no U+\(String(required, radix: 16, uppercase: true))")
        }
        #expect(scalars.contains { $0 > 0xFFFF }, "no scalar beyond the BMP")
        #expect(strings.contains { $0.isEmpty } && strings.contains { $0.utf8.count > 100 })

        // The models: every optional both nil and not, every special double, four levels and more.
        var nilPaths = Set<String>()
        var valuePaths = Set<String>()
        var values = Set<Exact>()
        var deepest = 0
        for index in 0..<400 {
            for field in LosslessCase(index: index, baseSeed: Self.baseSeed).record().fieldList.fields {
                let path = Self.shape(of: field.path)
                if field.value == .absent { nilPaths.insert(path) } else { valuePaths.insert(path) }
                values.insert(field.value)
                deepest = max(deepest, path.split(separator: ".").count)
            }
        }
        let optionals = [
            "note", "count", "ratio", "floatOrNil", "maybe", "discount", "edited", "mirror", "parent", "thumbnail", "mood",
            "rank", "aliases", "links", "longitude", "first", "second", "third", "y", "metaNote", "rowName",
            "branch.tone", "branch.until", "branch.grid", "branch.twig.small", "branch.twig.level",
            "branch.twig.leaf.small", "branch.twig.leaf.bytes", "branch.twig.leaf.uuid", "branch.twig.leaf.link",
            "branch.twig.leaf.cost", "branch.twig.leaf.moment", "branch.twig.leaf.east",
        ]
        for path in optionals {
            #expect(nilPaths.contains(path) && valuePaths.contains(path), "\(path) is not both nil and set")
        }
        for double in [-0.0, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, Double.leastNormalMagnitude, 0.1] {
            #expect(values.contains(.double(double)), "no \(double)")
        }
        #expect(deepest >= 6, "the deepest field is \(deepest) properties down")  // branch.twig.next.next.leaf.key
        #expect(valuePaths.contains("branch.twig.next.next.leaf.key") && valuePaths.contains("spare.twig.leaf.key"))
    }

    /// The path without its indices, keys and set positions: `branch.twigs[1].byName["a"]` is `branch.twigs.byName`.
    static func shape(of path: String) -> String {
        var shape = ""
        var closing: Character?
        var inString = false
        var escaped = false
        for character in path {
            if let end = closing {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                } else if character == "\"" {
                    inString = true
                } else if character == end {
                    closing = nil
                }
            } else if character == "[" {
                closing = "]"
            } else if character == "{" {
                closing = "}"
            } else {
                shape.append(character)
            }
        }
        return shape
    }

    // MARK: Fixtures

    static func leaf(value: Double) -> Lossless.Leaf {
        Lossless.Leaf(
            key: "\u{0}\u{1F}\u{7F}", value: value, big: .max, small: .min, bytes: Data([0, 255, 62, 63]),
            uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
            link: URL(string: "https://example.com/a%20b?q=%22#f"),
            cost: Decimal(string: "-99999999999999999999999999999999999999"), level: .lowest,
            moment: Date(timeIntervalSince1970: -1 + 0.999), north: -.greatestFiniteMagnitude, east: Double.leastNonzeroMagnitude)
    }

    /// Every control character, escapes, emoji, extremes of every number type, a deep chain.
    static func edges() -> Lossless.Record {
        let controls = String(String.UnicodeScalarView(LosslessGenerator.controls))
        var record = Lossless.Record()
        record.text = controls + "\"\\/\u{2028}\u{2029}\u{FEFF}👩‍👩‍👧‍👦🇫🇷e\u{301}\u{301}\u{10FFFF}"
        record.note = ""
        record.int = .min
        record.int64 = .max
        record.uint64 = .max
        record.int8 = .min
        record.count = .max
        record.double = -0.0
        record.ratio = Double.leastNonzeroMagnitude
        record.float = .greatestFiniteMagnitude
        record.floatOrNil = -.leastNonzeroMagnitude
        record.maybe = false
        record.price = Decimal(string: "12345678901234567890.123")!
        record.discount = Decimal(string: "0.00000000000000000000000000000000000001")!
        record.published = Date(timeIntervalSince1970: Double(LosslessGenerator.lastSecond) + 0.999)
        record.edited = Date(timeIntervalSince1970: Double(LosslessGenerator.firstSecond))
        record.link = URL(string: "mailto:user@example.com")!
        record.mirror = URL(string: "/relative/path?x=%2F")!
        record.blob = Data((0...255).map { UInt8($0) })
        record.thumbnail = Data()
        record.tone = .control
        record.level = .highest
        record.mood = .quoted
        record.rank = .lowest
        record.tags = ["", controls, "🇯🇵"]
        record.aliases = []
        record.matrix = [[], [Int.min, Int.max], [0]]
        record.weights = [controls: .leastNormalMagnitude, "": .greatestFiniteMagnitude, "-0": -0.0]
        record.labels = ["é", "\u{0}", "👍🏽"]
        record.tones = Lossless.Tone.allCases
        record.dates = [Date(timeIntervalSince1970: -2 + 0.5), Date(timeIntervalSince1970: 0.1)]
        record.links = [URL(string: "urn:isbn:0451450523")!]
        record.latitude = .leastNormalMagnitude.nextDown
        record.first = nil
        record.second = "\u{0}"
        record.x = 1e23
        record.rowName = "\u{1F}"
        let deep = Lossless.Twig()
        deep.leaf = leaf(value: 0.1)
        deep.picked = [leaf(value: 1), leaf(value: -1)]
        let middle = Lossless.Twig()
        middle.next = deep
        middle.replies = [deep, Lossless.Twig()]
        middle.weight = -.leastNormalMagnitude
        record.branch = Lossless.Branch(
            name: controls, code: .min, score: .greatestFiniteMagnitude, tone: .empty, when: Date(timeIntervalSince1970: 0),
            until: Date(timeIntervalSince1970: 2_147_483_648.5), tags: [controls], grid: [[-0.0, Double.leastNonzeroMagnitude], []],
            amounts: ["\"": 0.1],
            twig: middle, twigs: [deep], byName: ["\u{2028}": deep], spare: middle)
        record.branches = [record.branch]
        return record
    }
}

import Foundation
import PropertyMapper

/// Random mappings over `RecordingModel`, and random sources shaped like them (or not).
enum RandomMapping {
    typealias Spec = MappingSpec<RecordingModel>
    typealias Descriptor = PropertyDescriptor<RecordingModel>

    /// Kinds of source value: what a field receives, what a validator judges (the library's rule,
    /// restated here so the generator can pick validators that fit a field).
    struct Kinds: OptionSet, Sendable {
        let rawValue: UInt8
        static let string = Kinds(rawValue: 1 << 0)
        static let number = Kinds(rawValue: 1 << 1)
        static let boolean = Kinds(rawValue: 1 << 2)
        static let array = Kinds(rawValue: 1 << 3)
        static let object = Kinds(rawValue: 1 << 4)
        static let other = Kinds(rawValue: 1 << 5)
        static let all: Kinds = [.string, .number, .boolean, .array, .object, .other]
    }

    /// One field kind: how to make its descriptor and check its value, and a value that usually fits it.
    struct FieldKind: Sendable {
        var property: String
        var make: @Sendable () -> Descriptor
        var check: ValueCheck<RecordingModel>?
        var plausible: @Sendable (inout SplitMix64) -> Any

        /// The kinds of source value its input type (property, boxing input, call parameter) converts from.
        var receives: Kinds {
            switch property {
            case "title", "subtitle", "link", "date", "color", "optionalColor", "kind", "label", "kindName": .string
            case "id", "rating", "ratio", "score", "small", "count", "decimal", "code": .number
            case "flag", "maybeFlag": .boolean
            case "tags", "numbers": .array
            case "weights": .object
            default: .all  // payload: Any?
            }
        }

        /// A boxing or a call that makes a number.
        var makesNumber: Bool { ["color", "optionalColor", "code"].contains(property) }
    }

    static let fields: [FieldKind] = [
        FieldKind(property: "id", make: { .property(\.id) }, check: .exact(\.id) { Oracle.integer($0, as: Int.self) }) {
            $0.pick(RandomSource.integers)
        },
        FieldKind(property: "title", make: { .property(\.title) }, check: .exact(\.title, Oracle.string)) { $0.pick(RandomSource.strings) },
        FieldKind(property: "subtitle", make: { .property(\.subtitle) }, check: .optional(\.subtitle, Oracle.string)) {
            $0.pick(RandomSource.strings)
        },
        FieldKind(property: "rating", make: { .property(\.rating) }, check: .optional(\.rating) { Oracle.integer($0, as: Int.self) }) {
            Int.random(in: 0...6, using: &$0)
        },
        FieldKind(property: "ratio", make: { .property(\.ratio) }, check: .exact(\.ratio, Oracle.double)) { $0.pick(RandomSource.doubles) },
        FieldKind(property: "score", make: { .property(\.score) }, check: .exact(\.score) { Oracle.double($0).map(Float.init) }) {
            $0.pick(RandomSource.doubles)
        },
        FieldKind(property: "small", make: { .property(\.small) }, check: .exact(\.small) { Oracle.integer($0, as: Int8.self) }) {
            $0.pick(RandomSource.integers)
        },
        FieldKind(property: "count", make: { .property(\.count) }, check: .exact(\.count) { Oracle.integer($0, as: UInt64.self) }) {
            $0.pick(RandomSource.integers)
        },
        FieldKind(property: "flag", make: { .property(\.flag) }, check: .exact(\.flag, Oracle.bool)) { Bool.random(using: &$0) },
        FieldKind(property: "maybeFlag", make: { .property(\.maybeFlag) }, check: .optional(\.maybeFlag, Oracle.bool)) {
            Bool.random(using: &$0)
        },
        FieldKind(property: "tags", make: { .property(\.tags) }, check: .exact(\.tags, Oracle.strings)) { random in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in random.pick(RandomSource.strings) }
        },
        FieldKind(property: "numbers", make: { .property(\.numbers) }, check: .exact(\.numbers, Oracle.integers)) { random in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: -3...3, using: &random) }
        },
        FieldKind(property: "weights", make: { .property(\.weights) }, check: .exact(\.weights, Oracle.doubles)) { random in
            ["a": random.pick(RandomSource.doubles), "b c": 1]
        },
        FieldKind(property: "payload", make: { .property(\.payload) }, check: nil) {
            RandomSource.value(depth: 2, literalOnly: false, using: &$0)
        },
        FieldKind(property: "decimal", make: { .property(\.decimal) }, check: nil) { $0.pick(RandomSource.doubles) },
        FieldKind(property: "link", make: { .box(.url, \.link) }, check: nil) {
            $0.pick(["https://example.com/a", "http://x.example", "not a url", ""])
        },
        FieldKind(property: "date", make: { .box(.date, \.date) }, check: nil) {
            $0.pick(["2010-12-09T07:14:08Z", "2010-12-09T07:14:08.5+02:00", "yesterday"])
        },
        FieldKind(property: "color", make: { .box(.rgbColor, \.color) }, check: nil) {
            $0.pick(["#a0b1c2", "#ABCDEF", "a0b1c2", "#12345"])
        },
        FieldKind(property: "optionalColor", make: { .box(.rgbColor, \.optionalColor) }, check: nil) { $0.pick(["#a0b1c2", "#zzzzzz"]) },
        FieldKind(property: "kind", make: { .call(RecordingModel.kind(from:), \.kind) }, check: nil) {
            $0.pick(["short", "long", "live", "unknown", "other"])
        },
        FieldKind(property: "label", make: { .call(RecordingModel.label(from:), \.label) }, check: nil) { $0.pick(["none", "text", "é"]) },
        FieldKind(property: "code", make: { .call(RecordingModel.code(from:property:), \.code) }, check: nil) {
            $0.pick([1, 21, 13, 404])
        },
        FieldKind(property: "kindName", make: { .call(RecordingModel.kindName(from:property:), \.kindName) }, check: nil) {
            $0.pick(["live", ""])
        },
    ]

    /// Valid patterns only: an invalid one is a definition error (see `breakage`).
    static let patterns = ["^[a-z ]+$", "^https?://", "@", "^#[0-9a-fA-F]{6}$", "^$", "é"]

    /// One validator: the kinds of value it judges, and how to add it with random parameters.
    struct ValidatorKind: Sendable {
        var judges: Kinds
        var add: @Sendable (Descriptor, inout SplitMix64) -> Descriptor

        /// `min`, `max`, `range` and numeric `equalTo`/`oneOf` (all of this list's number validators but the custom
        /// `evenNumber`): on a boxing or call that makes a number, they judge that number.
        func fits(_ field: FieldKind) -> Bool {
            if !judges.isDisjoint(with: field.receives) { return true }
            return field.makesNumber && judges == .number && !isCustom
        }

        var isCustom = false
    }

    /// Two random length or number bounds, possibly negative, possibly swapped.
    private static func bounds(_ random: inout SplitMix64) -> (Int, Int) {
        (Int.random(in: -2...8, using: &random), Int.random(in: -2...8, using: &random))
    }

    /// Two random length bounds, possibly swapped, the first possibly negative; the larger never is, since a negative upper
    /// bound, which no length meets, is a definition error.
    private static func lengthBounds(_ random: inout SplitMix64) -> (Int, Int) {
        let (a, b) = bounds(&random)
        return (a, Swift.max(b, 0))
    }

    static let validatorKinds: [ValidatorKind] = {
        [
            ValidatorKind(judges: .all) { descriptor, _ in descriptor.isRequired() },
            ValidatorKind(judges: [.string, .array]) { descriptor, random in
                let (a, b) = lengthBounds(&random); return descriptor.lengthRange(a, b)
            },
            ValidatorKind(judges: [.string, .array]) { descriptor, random in
                let (a, b) = lengthBounds(&random)
                return descriptor.lengthRange(Swift.min(a, b)...Swift.max(a, b))
            },
            ValidatorKind(judges: [.string, .array]) { descriptor, random in
                let (a, _) = bounds(&random); return descriptor.length(Swift.max(a, 0))
            },
            ValidatorKind(judges: [.string, .array]) { descriptor, random in
                let (a, _) = bounds(&random); return descriptor.minLength(a)
            },
            ValidatorKind(judges: [.string, .array]) { descriptor, random in
                let (_, b) = lengthBounds(&random); return descriptor.maxLength(b)
            },
            ValidatorKind(judges: .string) { descriptor, random in descriptor.matchesRegEx(random.pick(patterns)) },
            ValidatorKind(judges: .string) { descriptor, _ in descriptor.oneOf(["short", "live", "none", "#a0b1c2", "text"]) },
            ValidatorKind(judges: .number) { descriptor, _ in descriptor.oneOf([1, 2, 3, 21, 404]) },
            ValidatorKind(judges: .boolean) { descriptor, random in descriptor.equalTo(random.pick([true, false])) },
            ValidatorKind(judges: .number) { descriptor, random in
                let (a, _) = bounds(&random); return descriptor.equalTo(Double(a) / 2)
            },
            ValidatorKind(judges: .number) { descriptor, random in
                let (a, _) = bounds(&random); return descriptor.min(a)
            },
            ValidatorKind(judges: .number) { descriptor, random in
                let (_, b) = bounds(&random); return descriptor.max(Double(b) * 1.5)
            },
            ValidatorKind(judges: .number) { descriptor, random in
                let (a, b) = bounds(&random); return descriptor.range(a, b)
            },
            ValidatorKind(judges: .number) { descriptor, random in
                let (a, b) = bounds(&random)
                return descriptor.range(Double(a) - 0.5, Double(b) + 0.5)
            },
            ValidatorKind(judges: .number) { descriptor, random in
                let (a, b) = bounds(&random)
                return descriptor.range(Swift.min(a, b)...Swift.max(a, b))
            },
            ValidatorKind(judges: .string) { descriptor, _ in descriptor.isLowercaseASCII() },
            ValidatorKind(
                judges: .number, add: { descriptor, _ in descriptor.validate("evenNumber") { (number: Int) in number % 2 == 0 } },
                isCustom: true),
            ValidatorKind(judges: .string) { descriptor, _ in
                descriptor.validate("throwsOnEmpty") { (text: String) throws -> Bool in
                    if text.isEmpty { throw CallProblem(reason: "empty") }
                    return true
                }
            },
        ]
    }()

    /// Adds 0 to 3 random validators, with random parameters, each one that can judge some of the
    /// values the descriptor `receives` (so the mapping has no definition error).
    static func validators(on descriptor: Descriptor, receives: Kinds, using random: inout SplitMix64) -> Descriptor {
        let fitting = validatorKinds.filter { !$0.judges.isDisjoint(with: receives) }
        var result = descriptor
        for _ in 0..<random.pick([0, 0, 0, 1, 1, 2, 3]) {
            result = random.pick(fitting).add(result, &random)
        }
        return result
    }

    /// A random mapping of up to `depth` nested levels: definition-valid in about 95 % of cases
    /// (see `mappingCase`).
    static func mapping(using random: inout SplitMix64) -> MappingSpecRoot<RecordingModel> {
        mappingCase(using: &random).spec
    }

    /// A random mapping and whether it was deliberately broken (about 5 % of cases): then it has
    /// definition errors, otherwise it has none.
    static func mappingCase(using random: inout SplitMix64) -> (spec: MappingSpecRoot<RecordingModel>, isBroken: Bool) {
        var entries = entries(depth: 3, using: &random)
        guard random.chance(0.05) else { return (MappingSpecRoot(entries), false) }
        let broken = breakage(of: entries, using: &random)
        entries.insert(broken, at: Int.random(in: 0...entries.count, using: &random))
        return (MappingSpecRoot(entries), true)
    }

    /// A root entry that makes the mapping a definition error, of a random kind.
    static func breakage(of entries: [(MappingKey, Spec)], using random: inout SplitMix64) -> (MappingKey, Spec) {
        let key = MappingKey.key("zz-broken")  // not among `RandomSource.keys`
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            // A validator that can never judge its field.
            let field = random.pick(fields.filter { $0.receives != .all })
            let misfit = validatorKinds.filter { !$0.fits(field) }
            return (key, .leaf(field.property, random.pick(misfit).add(field.make(), &random), field.check))
        case 1:
            return (key, .leaf("title", .property(\.title).matchesRegEx(random.pick(["(unclosed", "[a-", "*"]))))
        case 2:
            // The same key twice at the root.
            return (entries.first?.0 ?? key, leaf(using: &random))
        case 3:
            return (key, .nested([(.index(-Int.random(in: 1...3, using: &random)), leaf(using: &random))]))
        case 4:
            return (key, .nested([(.key("a"), leaf(using: &random)), (.index(0), leaf(using: &random))]))
        case 5:
            return (key, .leaf("ratio", random.chance(0.5) ? .property(\.ratio).min(Double.nan) : .property(\.ratio).range(0, Double.nan)))
        case 6:
            return (key, .list([], decorate: { $0 }))
        default:
            return (key, .list([.leaf("title", .property(\.title)), .leaf("id", .property(\.id))], decorate: { $0 }))
        }
    }

    /// One level's entries: keys or indices (never both), each once.
    static func entries(depth: Int, using random: inout SplitMix64) -> [(MappingKey, Spec)] {
        let useIndices = depth < 3 && random.chance(0.25)
        var used = Set<MappingKey>()
        var result: [(MappingKey, Spec)] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let key: MappingKey =
                useIndices
                ? .index(Int.random(in: 0...3, using: &random))
                : .key(random.pick(RandomSource.keys))
            guard used.insert(key).inserted else { continue }
            result.append((key, node(depth: depth, using: &random)))
        }
        return result
    }

    static func node(depth: Int, using random: inout SplitMix64) -> Spec {
        let roll = Double.random(in: 0..<1, using: &random)
        if depth > 1, roll < 0.2 {
            let decorate = random.chance(0.2)
            let seed = random.next()
            let nested = entries(depth: depth - 1, using: &random)
            // A nested level receives the container its keys or indices read.
            let receives: Kinds = nested.contains { if case .index = $0.0 { true } else { false } } ? .array : .object
            return .nested(
                nested,
                decorate: { descriptor in
                    guard decorate else { return descriptor }
                    var local = SplitMix64(seed: seed)
                    return validators(on: descriptor, receives: receives, using: &local)
                })
        }
        if roll < 0.28 {
            // Members that some one value can feed at once: a list receives what they all receive.
            var members = [random.pick(fields)]
            var receives = members[0].receives
            for _ in 1..<Int.random(in: 1...3, using: &random) {
                let member = random.pick(fields.filter { !$0.receives.isDisjoint(with: receives) })
                members.append(member)
                receives.formIntersection(member.receives)
            }
            let children = members.map { leaf($0, using: &random) }
            let seed = random.next()
            let common = receives
            return .list(
                children,
                decorate: { descriptor in
                    var local = SplitMix64(seed: seed)
                    return local.chance(0.3) ? validators(on: descriptor, receives: common, using: &local) : descriptor
                })
        }
        return leaf(using: &random)
    }

    static func leaf(using random: inout SplitMix64) -> Spec {
        leaf(random.pick(fields), using: &random)
    }

    static func leaf(_ field: FieldKind, using random: inout SplitMix64) -> Spec {
        .leaf(field.property, validators(on: field.make(), receives: field.receives, using: &random), field.check)
    }

    // MARK: Sources shaped like a mapping

    /// A source that mostly follows `spec`'s shape, with plausible values, some nulls and some noise.
    static func source(for spec: MappingSpecRoot<RecordingModel>, literalOnly: Bool, using random: inout SplitMix64) -> Any? {
        switch Int.random(in: 0..<40, using: &random) {
        case 0: return nil
        case 1: return NSNull()
        case 2: return RandomSource.value(depth: 2, literalOnly: literalOnly, using: &random)
        default: return container(for: spec.entries, literalOnly: literalOnly, using: &random)
        }
    }

    private static func container(for entries: [(MappingKey, Spec)], literalOnly: Bool, using random: inout SplitMix64) -> Any {
        let indices = entries.compactMap { if case let .index(index) = $0.0 { index } else { nil } }
        if !indices.isEmpty, indices.count == entries.count || random.chance(0.5) {
            let length = Swift.max(0, (indices.max() ?? 0) + Int.random(in: -1...1, using: &random))
            var array = (0..<length).map { _ in RandomSource.value(depth: 1, literalOnly: literalOnly, using: &random) }
            for (key, child) in entries {
                if case let .index(index) = key, index >= 0, index < length, random.chance(0.85) {
                    array[index] = value(for: child, literalOnly: literalOnly, using: &random)
                }
            }
            return array
        }
        var dictionary: [String: Any] = [:]
        for (key, child) in entries {
            if case let .key(name) = key, random.chance(0.85) {
                dictionary[name] = value(for: child, literalOnly: literalOnly, using: &random)
            }
        }
        if random.chance(0.3) {
            dictionary[random.pick(RandomSource.keys + ["extra", "z"])] = RandomSource.value(
                depth: 2, literalOnly: literalOnly, using: &random)
        }
        return dictionary
    }

    private static func value(for spec: Spec, literalOnly: Bool, using random: inout SplitMix64) -> Any {
        if random.chance(0.06) { return NSNull() }
        if random.chance(0.08) { return RandomSource.value(depth: 2, literalOnly: literalOnly, using: &random) }
        switch spec {
        case let .leaf(property, _, _):
            let field = fields.first { $0.property == property }
            return field.map { $0.plausible(&random) } ?? NSNull()
        case let .nested(entries, _):
            return container(for: entries, literalOnly: literalOnly, using: &random)
        case let .list(children, _):
            return children.first.map { value(for: $0, literalOnly: literalOnly, using: &random) } ?? NSNull()
        }
    }
}

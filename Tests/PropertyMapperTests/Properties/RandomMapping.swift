import Foundation
import PropertyMapper

/// Random mappings over `RecordingModel`, and random sources shaped like them (or not).
enum RandomMapping {
    typealias Spec = MappingSpec<RecordingModel>
    typealias Descriptor = PropertyDescriptor<RecordingModel>

    /// One field kind: how to make its descriptor and check its value, and a value that usually fits it.
    struct FieldKind: Sendable {
        var property: String
        var make: @Sendable () -> Descriptor
        var check: ValueCheck<RecordingModel>?
        var plausible: @Sendable (inout SplitMix64) -> Any
    }

    static let fields: [FieldKind] = [
        FieldKind(property: "id", make: { .property(\.id) }, check: .exact(\.id) { Oracle.integer($0, as: Int.self) }) { $0.pick(RandomSource.integers) },
        FieldKind(property: "title", make: { .property(\.title) }, check: .exact(\.title, Oracle.string)) { $0.pick(RandomSource.strings) },
        FieldKind(property: "subtitle", make: { .property(\.subtitle) }, check: .optional(\.subtitle, Oracle.string)) { $0.pick(RandomSource.strings) },
        FieldKind(property: "rating", make: { .property(\.rating) }, check: .optional(\.rating) { Oracle.integer($0, as: Int.self) }) { Int.random(in: 0...6, using: &$0) },
        FieldKind(property: "ratio", make: { .property(\.ratio) }, check: .exact(\.ratio, Oracle.double)) { $0.pick(RandomSource.doubles) },
        FieldKind(property: "score", make: { .property(\.score) }, check: .exact(\.score) { Oracle.double($0).map(Float.init) }) { $0.pick(RandomSource.doubles) },
        FieldKind(property: "small", make: { .property(\.small) }, check: .exact(\.small) { Oracle.integer($0, as: Int8.self) }) { $0.pick(RandomSource.integers) },
        FieldKind(property: "count", make: { .property(\.count) }, check: .exact(\.count) { Oracle.integer($0, as: UInt64.self) }) { $0.pick(RandomSource.integers) },
        FieldKind(property: "flag", make: { .property(\.flag) }, check: .exact(\.flag, Oracle.bool)) { Bool.random(using: &$0) },
        FieldKind(property: "maybeFlag", make: { .property(\.maybeFlag) }, check: .optional(\.maybeFlag, Oracle.bool)) { Bool.random(using: &$0) },
        FieldKind(property: "tags", make: { .property(\.tags) }, check: .exact(\.tags, Oracle.strings)) { random in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in random.pick(RandomSource.strings) }
        },
        FieldKind(property: "numbers", make: { .property(\.numbers) }, check: .exact(\.numbers, Oracle.integers)) { random in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: -3...3, using: &random) }
        },
        FieldKind(property: "weights", make: { .property(\.weights) }, check: .exact(\.weights, Oracle.doubles)) { random in
            ["a": random.pick(RandomSource.doubles), "b c": 1]
        },
        FieldKind(property: "payload", make: { .property(\.payload) }, check: nil) { RandomSource.value(depth: 2, literalOnly: false, using: &$0) },
        FieldKind(property: "decimal", make: { .property(\.decimal) }, check: nil) { $0.pick(RandomSource.doubles) },
        FieldKind(property: "link", make: { .box(.url, \.link) }, check: nil) { $0.pick(["https://example.com/a", "http://x.example", "not a url", ""]) },
        FieldKind(property: "date", make: { .box(.date, \.date) }, check: nil) { $0.pick(["2010-12-09T07:14:08Z", "2010-12-09T07:14:08.5+02:00", "yesterday"]) },
        FieldKind(property: "color", make: { .box(.rgbColor, \.color) }, check: nil) { $0.pick(["#a0b1c2", "#ABCDEF", "a0b1c2", "#12345"]) },
        FieldKind(property: "optionalColor", make: { .box(.rgbColor, \.optionalColor) }, check: nil) { $0.pick(["#a0b1c2", "#zzzzzz"]) },
        FieldKind(property: "kind", make: { .call(RecordingModel.kind(from:), \.kind) }, check: nil) { $0.pick(["short", "long", "live", "unknown", "other"]) },
        FieldKind(property: "label", make: { .call(RecordingModel.label(from:), \.label) }, check: nil) { $0.pick(["none", "text", "é"]) },
        FieldKind(property: "code", make: { .call(RecordingModel.code(from:property:), \.code) }, check: nil) { $0.pick([1, 21, 13, 404]) },
        FieldKind(property: "kindName", make: { .call(RecordingModel.kindName(from:property:), \.kindName) }, check: nil) { $0.pick(["live", ""]) },
    ]

    static let patterns = ["^[a-z ]+$", "^https?://", "@", "^#[0-9a-fA-F]{6}$", "(unclosed", "^$", "é"]

    /// Adds 0 to 3 random validators, with random parameters, whatever the field's type.
    static func validators(on descriptor: Descriptor, using random: inout SplitMix64) -> Descriptor {
        var result = descriptor
        let count = random.pick([0, 0, 0, 1, 1, 2, 3])
        for _ in 0..<count {
            let a = Int.random(in: -2...8, using: &random)
            let b = Int.random(in: -2...8, using: &random)
            switch Int.random(in: 0..<19, using: &random) {
            case 0: result = result.isRequired()
            case 1: result = result.lengthRange(a, b)
            case 2: result = result.lengthRange(Swift.min(a, b)...Swift.max(a, b))
            case 3: result = result.length(Swift.max(a, 0))
            case 4: result = result.minLength(a)
            case 5: result = result.maxLength(b)
            case 6: result = result.matchesRegEx(random.pick(patterns))
            case 7: result = result.oneOf(["short", "live", "none", "#a0b1c2", "text"])
            case 8: result = result.oneOf([1, 2, 3, 21, 404])
            case 9: result = result.equalTo(random.pick([true, false]))
            case 10: result = result.equalTo(Double(a) / 2)
            case 11: result = result.min(a)
            case 12: result = result.max(Double(b) * 1.5)
            case 13: result = result.range(a, b)
            case 14: result = result.range(Double(a) - 0.5, Double(b) + 0.5)
            case 15: result = result.range(Swift.min(a, b)...Swift.max(a, b))
            case 16: result = result.isLowercaseASCII()
            case 17: result = result.validate("evenNumber") { (number: Int) in number % 2 == 0 }
            default: result = result.validate("throwsOnEmpty") { (text: String) throws -> Bool in
                if text.isEmpty { throw CallProblem(reason: "empty") }
                return true
            }
            }
        }
        return result
    }

    /// A random mapping of up to `depth` nested levels.
    static func mapping(using random: inout SplitMix64) -> MappingSpecRoot<RecordingModel> {
        MappingSpecRoot(entries(depth: 3, using: &random))
    }

    static func entries(depth: Int, using random: inout SplitMix64) -> [(MappingKey, Spec)] {
        let useIndices = depth < 3 && random.chance(0.25)
        let mixKeys = random.chance(0.03)
        var used = Set<MappingKey>()
        var result: [(MappingKey, Spec)] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let key: MappingKey = useIndices != (mixKeys && random.chance(0.5))
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
            return .nested(entries(depth: depth - 1, using: &random), decorate: { descriptor in
                guard decorate else { return descriptor }
                var local = SplitMix64(seed: seed)
                return validators(on: descriptor, using: &local)
            })
        }
        if roll < 0.28 {
            let children = (0..<Int.random(in: 1...3, using: &random)).map { _ in leaf(using: &random) }
            let seed = random.next()
            return .list(children, decorate: { descriptor in
                var local = SplitMix64(seed: seed)
                return random2(local: &local, descriptor)
            })
        }
        return leaf(using: &random)
    }

    private static func random2(local: inout SplitMix64, _ descriptor: Descriptor) -> Descriptor {
        local.chance(0.3) ? validators(on: descriptor, using: &local) : descriptor
    }

    static func leaf(using random: inout SplitMix64) -> Spec {
        let field = random.pick(fields)
        return .leaf(field.property, validators(on: field.make(), using: &random), field.check)
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
                if case let .index(index) = key, index < length, random.chance(0.85) {
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
            dictionary[random.pick(RandomSource.keys + ["extra", "z"])] = RandomSource.value(depth: 2, literalOnly: literalOnly, using: &random)
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

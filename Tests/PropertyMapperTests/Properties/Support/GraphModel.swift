import Foundation
import PropertyMapper

/// A recursive model graph for the fuzz target and the corpus replay: nested models in an array, a
/// dictionary, a set, an optional, a merged model, an immutable model, and an enum.
final class GraphNode: Mappable {
    enum Kind: String, CaseIterable { case leaf, branch }

    var id = -1
    var kind = Kind.leaf
    var label: String? = "preset"
    var children: [GraphNode] = []
    var byName: [String: GraphLeaf] = [:]
    var tags: Set<GraphLeaf> = []
    var first: GraphLeaf?
    var settings = GraphLeaf(n: 1, s: "kept")
    var frozen: FrozenLeaf?

    static let mapping: Mapping<GraphNode> = [
        "id": .property(\.id).min(0),
        "kind": .property(\.kind),
        "label": .property(\.label).maxLength(20),
        "children": .property(\.children),
        "byName": .property(\.byName),
        "tags": .property(\.tags),
        "first": .property(\.first),
        "settings": .property(\.settings).merging(),
        "frozen": .property(\.frozen),
    ]

    init() {}

    /// Everything the node holds, children included, as text: equal snapshots, equal graphs.
    var snapshot: String {
        let names = byName.keys.sorted().map { "\($0)=\(byName[$0]!)" }
        let tagList = tags.map { "\($0)" }.sorted()
        return "{\(id) \(kind) \(label ?? "nil") [\(children.map(\.snapshot).joined(separator: ","))] \(names) \(tagList) "
            + "\(first.map { "\($0)" } ?? "nil") \(settings) \(frozen.map { "\($0)" } ?? "nil")}"
    }
}

struct GraphLeaf: Mappable, Hashable {
    var n = 0
    var s = ""
    static let mapping: Mapping<GraphLeaf> = ["n": .property(\.n).range(-5, 5), "s": .property(\.s)]
}

struct FrozenLeaf: ImmutableMappable, Equatable {
    let n: Int
    let s: String?
    static let mapping: Mapping<FrozenLeaf> = ["n": .property(\.n), "s": .property(\.s).minLength(1)]
    init(_ values: MappedValues<FrozenLeaf>) throws {
        n = try values[\.n]
        s = try values[\.s]
    }
}

/// The model-graph promises, checked on any bytes. Returns every violation found.
///
/// - from the bytes and from JSONSerialization's reading of them, `map(GraphNode.self, …)` gives
///   the same graph or the same errors, and `validate(_:as:)` returns exactly those errors;
/// - `mapValues(fromJSON:)` into a node with preset values, children included, changes nothing
///   when it fails, and otherwise gives the graph `map` made;
/// - `map([GraphNode].self, fromJSON:)` over two copies of the bytes fails with each error twice,
///   under `[0]` and `[1]`, or gives two equal graphs.
///
/// A `depth` error depends on the stack each path uses, so outcomes holding one are not compared.
enum GraphInvariants {
    static func check(json: Data) -> [String] {
        var problems: [String] = []
        let fromBytes = outcome { try Mapper.map(GraphNode.self, fromJSON: json) }
        if case let .failure(error) = fromBytes, error.errors.contains(where: { $0.rule == "depth" }) { return [] }

        if let parsed = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]),
            !MappingInvariants.documentedDifference(json),
            !fromBytes.errors.contains(where: { $0.rule == "json" })
        {
            let fromParsed = outcome { try Mapper.map(GraphNode.self, from: parsed) }
            if !fromParsed.errors.contains(where: { $0.rule == "depth" }) {
                if fromBytes.snapshot != fromParsed.snapshot || fromBytes.errors != fromParsed.errors {
                    problems.append("bytes and parsed differ: \(fromBytes.summary) vs \(fromParsed.summary)")
                }
                let validated = Mapper.validate(parsed, as: GraphNode.self)
                if validated != fromParsed.errors {
                    problems.append("validate(as:) differs from map: \(validated) vs \(fromParsed.errors)")
                }
            }
        }

        // Into a node that already holds a graph.
        let target = preset()
        let before = target.snapshot
        do {
            try Mapper.mapValues(fromJSON: json, to: target, using: GraphNode.mapping)
        } catch {
            if target.snapshot != before { problems.append("a failed mapValues changed the target: \(target.snapshot)") }
        }

        // Two copies, all or nothing.
        if !fromBytes.errors.contains(where: { $0.rule == "json" }) {
            var pair = Data("[".utf8)
            pair += json
            pair += Data(",".utf8)
            pair += json
            pair += Data("]".utf8)
            switch outcome({ try Mapper.map([GraphNode].self, fromJSON: pair) }, many: true) {
            case let .success(snapshot):
                if case let .success(one) = fromBytes, snapshot != one + "|" + one {
                    problems.append("map([T].self) gave \(snapshot), one copy gave \(one)")
                }
                if case .failure = fromBytes { problems.append("map([T].self) accepted two copies of a failing record") }
            case let .failure(error):
                let expected = fromBytes.errors.map { prefixed($0, "[0]") } + fromBytes.errors.map { prefixed($0, "[1]") }
                if !error.errors.contains(where: { $0.rule == "depth" || $0.rule == "json" }), error.errors != expected {
                    problems.append("map([T].self) errors \(error.errors) differ from each copy's \(expected)")
                }
            }
        }
        return problems
    }

    /// A node whose every property differs from what `init()` gives.
    private static func preset() -> GraphNode {
        let node = GraphNode()
        node.id = 99
        node.label = "before"
        let child = GraphNode()
        child.id = 7
        node.children = [child]
        node.byName = ["x": GraphLeaf(n: 2, s: "x")]
        node.tags = [GraphLeaf(n: 3, s: "t")]
        node.first = GraphLeaf(n: 4, s: "f")
        node.frozen = try? Mapper.map(FrozenLeaf.self, from: ["n": 5])
        return node
    }

    /// `error` of one copy as the element `element` of the pair reports it: an error about the
    /// element's source as a whole (path `""`) names the element itself.
    private static func prefixed(_ error: ValidationError, _ element: String) -> ValidationError {
        var copy = error
        copy.path = element + (error.path.isEmpty || error.path.hasPrefix("[") ? error.path : "." + error.path)
        copy.property =
            error.path.isEmpty
            ? element
            : element + (error.property.isEmpty || error.property.hasPrefix("[") ? error.property : "." + error.property)
        return copy
    }

    private static func outcome(_ map: () throws -> GraphNode) -> Result<String, MappingError> {
        do { return .success(try map().snapshot) } catch { return .failure(error as? MappingError ?? MappingError(errors: [])) }
    }

    private static func outcome(_ map: () throws -> [GraphNode], many: Bool) -> Result<String, MappingError> {
        do {
            return .success(try map().map(\.snapshot).joined(separator: "|"))
        } catch {
            return .failure(error as? MappingError ?? MappingError(errors: []))
        }
    }
}

extension Result where Success == String, Failure == MappingError {
    fileprivate var errors: [ValidationError] {
        if case let .failure(error) = self { error.errors } else { [] }
    }

    fileprivate var snapshot: String? {
        if case let .success(snapshot) = self { snapshot } else { nil }
    }

    fileprivate var summary: String {
        switch self {
        case let .success(snapshot): snapshot
        case let .failure(error): "\(error.errors)"
        }
    }
}

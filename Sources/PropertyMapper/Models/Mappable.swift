/// A model the mapper makes itself: made by `init()`, then mapped through its own `mapping`.
///
/// It maps wherever a property holds one, in optionals, arrays, `[String: …]` dictionaries and sets too, to any depth.
/// Declare the mapping a `static let`: compiled once, and read by a recursive model only when it maps one.
/// A class model is a `final class` with an `init()`: a non-final class cannot provide the `Mapping<Self>`,
/// and gets the compiler's "can only be satisfied by a 'required' initializer" and "non-final class" errors.
///
///     struct Author: Mappable {
///         var id = 0
///         var email = ""
///         static let mapping: Mapping<Author> = [
///             "id": .property(\.id).min(1),
///             "email": .property(\.email).matchesRegEx(emailPattern),
///         ]
///     }
///     let author = try Mapper.map(Author.self, from: dictionary)
public protocol Mappable: MappedModel {
    /// A model before mapping: its properties keep these values where the source is absent.
    init()
}

extension Mappable {
    public static var making: ModelMaking<Self> {
        ModelMaking(writes: true) { item, nesting, warnings in
            Engine.made { Engine.make(Self.self, from: item, nesting: nesting, into: $0, warnings: &warnings) }
        }
    }
}

/// A model made from its mapped values, for `let` properties (which its mapping may target).
///
/// An absent non-optional field is an `isRequired` error, an absent optional one nil. `init(_:)` runs only when every
/// field passed; what it throws is one `init` error at the model's path.
///
///     struct Repo: ImmutableMappable {
///         let id: Int
///         let owner: Author
///         let license: License?
///         static let mapping: Mapping<Repo> = [
///             "id": .property(\.id),
///             "owner": .property(\.owner),
///             "license": .property(\.license),
///         ]
///         init(_ values: MappedValues<Repo>) throws {
///             id = try values[\.id]; owner = try values[\.owner]; license = try values[\.license]
///         }
///     }
public protocol ImmutableMappable: MappedModel {
    /// Makes the model from the values its mapping produced.
    init(_ values: MappedValues<Self>) throws
}

extension ImmutableMappable {
    public static var making: ModelMaking<Self> {
        ModelMaking(writes: false) { item, nesting, warnings in
            Engine.made { Engine.make(Self.self, from: item, nesting: nesting, into: $0, warnings: &warnings) }
        }
    }
}

/// A model with its own mapping, as the model entry points take it (`Mapper.map(_:from:)`, `serialize(_:)`…).
/// Conform through `Mappable` or `ImmutableMappable`, which supply `making`.
public protocol MappedModel: NonisolatedModel {
    static var mapping: Mapping<Self> { get }
    /// How the library makes the model, supplied by `Mappable` and `ImmutableMappable`; never written by hand.
    static var making: ModelMaking<Self> { get }
}

/// How the library makes a model of one kind (see `MappedModel.making`); it has no public members.
public struct ModelMaking<Model>: Sendable {
    /// Whether the model is written through its key paths (a `Mappable`), which must then all be writable.
    let writes: Bool
    /// Makes a model from a source value (nil when absent) at the nesting given; appends its warnings on success.
    let make: @Sendable (SourceItem?, Nesting, inout [MappingWarning]) -> Result<Model, MappingError>
}

#if compiler(>=6.2)
/// What `Mappable` and `ImmutableMappable` refine: `SendableMetatype` keeps a model nonisolated in a module built
/// with `.defaultIsolation(MainActor.self)` (an Xcode 26 app target), so it works on and off the main actor.
public typealias NonisolatedModel = SendableMetatype
#else
/// What `Mappable` and `ImmutableMappable` refine: nothing before Swift 6.2.
public typealias NonisolatedModel = Any
#endif

/// A model the mapper makes itself: made by `init()`, then mapped through its own `mapping`.
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
///
/// A `Mappable` type maps wherever a property holds one (`.property(\.author)`), and in optionals,
/// arrays, `[String: …]` dictionaries and sets of it, to any depth. Declare the mapping as a
/// `static let`: it is compiled once, and a recursive model (a comment with replies) reads it
/// only when it maps one.
public protocol Mappable: MappedModel {
    /// A model before mapping: its properties keep these values where the source is absent.
    init()
}

extension Mappable {
    /// Made by `init()`, then mapped through its mapping.
    public static var making: ModelMaking<Self> {
        ModelMaking(writes: true) { item, nesting, warnings in
            Engine.make(Self.self, from: item, nesting: nesting, warnings: &warnings)
        }
    }
}

/// A model made from its mapped values, for `let` properties:
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
///
/// Its mapping may target `let` properties. There is no value to keep, so an absent non-optional
/// field is an `isRequired` error and an absent optional one is nil. `init(_:)` runs only when every
/// field passed; an error it throws is one error with the rule `init` at the model's path.
public protocol ImmutableMappable: MappedModel {
    /// Makes the model from the values its mapping produced.
    init(_ values: MappedValues<Self>) throws
}

extension ImmutableMappable {
    /// Made by `init(_ values:)` from the values its mapping produced.
    public static var making: ModelMaking<Self> {
        ModelMaking(writes: false) { item, nesting, warnings in
            Engine.make(Self.self, from: item, nesting: nesting, warnings: &warnings)
        }
    }
}

/// A model with its own mapping: what `Mappable` and `ImmutableMappable` share, and what the
/// entry points for models take (`Mapper.map(_:from:)`, `mapArray(from:as:)`, `validate(_:as:)`,
/// `serialize(_:)`).
///
/// Conform through `Mappable` or `ImmutableMappable`, which supply `making`.
public protocol MappedModel: NonisolatedModel {
    /// The model's mapping.
    static var mapping: Mapping<Self> { get }
    /// How the library makes the model: supplied by `Mappable` (`init()`, then the mapping) and by
    /// `ImmutableMappable` (`init(_ values:)`), never written by hand.
    static var making: ModelMaking<Self> { get }
}

/// How the library makes a model of one kind (see `MappedModel.making`); it has no public members.
public struct ModelMaking<Model>: Sendable {
    /// Whether the model is written through its key paths (a `Mappable`), which must then all be writable.
    let writes: Bool
    /// Makes a model from a source value (nil when absent), as the outermost model at the nesting
    /// given (a dry run's writes nothing); appends its warnings when it succeeds.
    let make: @Sendable (SourceItem?, Nesting, inout [MappingWarning]) -> Result<Model, MappingError>
}

#if compiler(>=6.2)
/// What `Mappable` and `ImmutableMappable` refine: a model is data, usable from any thread.
///
/// `SendableMetatype` keeps a conforming type nonisolated in a module built with
/// `.defaultIsolation(MainActor.self)` (an Xcode 26 app target), so its mapping, its key paths and
/// its models work on the main actor and off it alike.
public typealias NonisolatedModel = SendableMetatype
#else
/// What `Mappable` and `ImmutableMappable` refine: nothing before Swift 6.2.
public typealias NonisolatedModel = Any
#endif

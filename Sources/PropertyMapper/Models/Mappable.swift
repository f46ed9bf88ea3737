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
public protocol Mappable: NonisolatedModel {
    /// The model's mapping.
    static var mapping: Mapping<Self> { get }
    /// A model before mapping: its properties keep these values where the source is absent.
    init()
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
public protocol ImmutableMappable: NonisolatedModel {
    /// The model's mapping.
    static var mapping: Mapping<Self> { get }
    /// Makes the model from the values its mapping produced.
    init(_ values: MappedValues<Self>) throws
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

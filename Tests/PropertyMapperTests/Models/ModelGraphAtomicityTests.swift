import Foundation
import PropertyMapper
import Testing

// All or nothing across a graph of class models: one bad leaf deep in an array leaves the outer
// target, and every object it already held, exactly as they were.

private final class Book: Mappable {
    var title = ""
    var isbn = ""
    static let mapping: Mapping<Book> = [
        "title": .property(\.title).isRequired(),
        "isbn": .property(\.isbn).matchesRegEx(#"^\d{13}$"#),
    ]
    init() {}
    init(title: String, isbn: String) {
        self.title = title
        self.isbn = isbn
    }
}

private final class Shelf: Mappable {
    var label = ""
    var books: [Book] = []
    var featured: Book?
    static let mapping: Mapping<Shelf> = [
        "label": .property(\.label),
        "books": .property(\.books),
        "featured": .property(\.featured),
    ]
    init() {}
}

private final class Library: Mappable {
    var name = ""
    var visits = 0
    var shelves: [Shelf] = []
    var wings: [String: Shelf] = [:]
    static let mapping: Mapping<Library> = [
        "name": .property(\.name),
        "stats": ["visits": .property(\.visits)],
        "shelves": .property(\.shelves),
        "wings": .property(\.wings),
    ]
    init() {}

    /// A library already holding one shelf with one book, as an app would have it before a refresh.
    static func existing() -> Library {
        let library = Library()
        library.name = "old"
        library.visits = 1
        let shelf = Shelf()
        shelf.label = "A"
        shelf.books = [Book(title: "Old", isbn: "0000000000000")]
        library.shelves = [shelf]
        library.wings = ["east": shelf]
        return library
    }
}

/// Everything a library holds, by value.
private struct LibrarySnapshot: Equatable {
    let name: String
    let visits: Int
    let shelves: [String]
    let books: [[String]]
    let wings: [String: String]
    let shelfIdentities: [ObjectIdentifier]
    let bookIdentities: [[ObjectIdentifier]]

    init(_ library: Library) {
        name = library.name
        visits = library.visits
        shelves = library.shelves.map(\.label)
        books = library.shelves.map { $0.books.map { "\($0.title)/\($0.isbn)" } }
        wings = library.wings.mapValues(\.label)
        shelfIdentities = library.shelves.map(ObjectIdentifier.init)
        bookIdentities = library.shelves.map { $0.books.map(ObjectIdentifier.init) }
    }
}

private func book(_ title: String, _ isbn: String = "9780000000001") -> [String: Any] { ["title": title, "isbn": isbn] }

/// A refresh whose only defect is the third book of the second shelf.
private var defective: [String: Any] {
    [
        "name": "new",
        "stats": ["visits": 99],
        "shelves": [
            ["label": "B", "books": [book("One"), book("Two")], "featured": book("One")],
            ["label": "C", "books": [book("Three"), book("Four"), book("Five", "not-an-isbn")]],
        ],
        "wings": ["west": ["label": "W", "books": [book("Six")]]],
    ]
}

private var valid: [String: Any] {
    var source = defective
    source["shelves"] = [["label": "B", "books": [book("One")]], ["label": "C", "books": [book("Five")]]]
    return source
}

@Suite("Models: all or nothing across a graph of class models")
struct ModelGraphAtomicityTests {
    private let badPath = "shelves[1].books[2].isbn"

    @Test func mapValuesFromADictionaryLeavesTheGraphUntouched() throws {
        let library = Library.existing()
        let oldShelf = library.shelves[0]
        let before = LibrarySnapshot(library)
        let error = #expect(throws: MappingError.self) { try Mapper.mapValues(from: defective, to: library, using: Library.mapping) }
        #expect(error?.errors.map(\.path) == [badPath])
        #expect(error?.errors.map(\.property) == [badPath])
        #expect(LibrarySnapshot(library) == before)
        #expect(library.shelves[0] === oldShelf)
        #expect(oldShelf.label == "A" && oldShelf.books.map(\.title) == ["Old"])
    }

    @Test func mapValuesFromJSONDataAndTextLeavesTheGraphUntouched() throws {
        let data = try JSONSerialization.data(withJSONObject: defective)
        let library = Library.existing()
        let before = LibrarySnapshot(library)
        let fromData = #expect(throws: MappingError.self) { try Mapper.mapValues(fromJSON: data, to: library, using: Library.mapping) }
        #expect(fromData?.errors.map(\.path) == [badPath])
        #expect(LibrarySnapshot(library) == before)
        let text = try #require(String(data: data, encoding: .utf8))
        let fromText = #expect(throws: MappingError.self) { try Mapper.mapValues(fromJSON: text, to: library, using: Library.mapping) }
        #expect(fromText?.errors == fromData?.errors)
        #expect(LibrarySnapshot(library) == before)
    }

    @Test func validateWritesNothingEvenWhenValid() {
        let library = Library.existing()
        let before = LibrarySnapshot(library)
        #expect(Mapper.validate(valid, for: library, using: Library.mapping).isEmpty)
        #expect(LibrarySnapshot(library) == before)
        #expect(Mapper.validate(defective, for: library, using: Library.mapping).map(\.path) == [badPath])
        #expect(LibrarySnapshot(library) == before)
    }

    @Test func aValidRefreshReplacesTheNestedModelsWithNewOnes() throws {
        let library = Library.existing()
        let oldShelf = library.shelves[0]
        try Mapper.mapValues(from: valid, to: library, using: Library.mapping)
        #expect(library.name == "new" && library.visits == 99)
        #expect(library.shelves.map(\.label) == ["B", "C"])
        #expect(library.wings["west"]?.books.map(\.title) == ["Six"])
        // Nested models are made anew: the shelf the library held is not written into.
        #expect(library.shelves.allSatisfy { $0 !== oldShelf })
        #expect(oldShelf.label == "A" && oldShelf.books.map(\.title) == ["Old"])
    }

    @Test func mapArrayWithCreateLeavesAFailedRecordsModelUntouched() throws {
        let records: [Any] = [valid, defective, valid]
        var created: [(library: Library, before: LibrarySnapshot)] = []
        let batch = try Mapper.mapArray(from: records, using: Library.mapping) { () -> Library in
            let library = Library.existing()
            created.append((library, LibrarySnapshot(library)))
            return library
        }
        #expect(batch.failures.map(\.index) == [1])
        #expect(batch.failures.first?.error.errors.map(\.path) == [badPath])
        #expect(created.count == 3)
        #expect(LibrarySnapshot(created[1].library) == created[1].before)
        #expect(created[0].library.name == "new" && created[2].library.name == "new")

        let data = try JSONSerialization.data(withJSONObject: records)
        var createdFromJSON: [(library: Library, before: LibrarySnapshot)] = []
        let fromJSON = try Mapper.mapArray(fromJSON: data, using: Library.mapping) { () -> Library in
            let library = Library.existing()
            createdFromJSON.append((library, LibrarySnapshot(library)))
            return library
        }
        #expect(fromJSON.failures.map(\.index) == [1])
        #expect(fromJSON.failures.first?.error.errors == batch.failures.first?.error.errors)
        #expect(createdFromJSON.count == 3)
        #expect(LibrarySnapshot(createdFromJSON[1].library) == createdFromJSON[1].before)
    }

    @Test func modelEntryPointsAreAllOrNothingAcrossTheGraph() throws {
        let error = #expect(throws: MappingError.self) { _ = try Mapper.map([Library].self, from: [valid, defective]) }
        #expect(error?.errors.map(\.path) == ["[1]." + badPath])
        let batch = try Mapper.mapArray(from: [valid, defective], as: Library.self)
        #expect(batch.models.count == 1)
        #expect(batch.failures.map(\.index) == [1])
    }

    @Test func everyBadLeafIsReportedInDeclarationOrder() {
        var source = defective
        source["shelves"] = [
            ["label": "B", "books": [book("One", "x"), ["isbn": "9780000000001"]], "featured": book("F", "y")],
            ["label": "C", "books": [book("Five", "z")]],
        ]
        let errors = Mapper.validate(source, for: Library(), using: Library.mapping)
        #expect(
            errors.map(\.path) == [
                "shelves[0].books[0].isbn", "shelves[0].books[1].title", "shelves[0].featured.isbn", "shelves[1].books[0].isbn",
            ])
        #expect(errors.map(\.rule) == ["matchesRegEx", "isRequired", "matchesRegEx", "matchesRegEx"])
    }
}

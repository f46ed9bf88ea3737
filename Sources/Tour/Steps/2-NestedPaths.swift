import Foundation
import PropertyMapper

// Step 2 of the tour; the playground page NestedPaths holds the same code with its prose.

// tour:begin
final class Place {
    var uniqueID: Int?
    var latitude = 0.0
    var longitude = 0.0
    var views = 0

    static let mapping: Mapping<Place> = [
        "sub_object": ["title": .property(\.uniqueID)],
        "geo": [0: .property(\.latitude), 1: .property(\.longitude)],
        "stats": ["views": .property(\.views)],
    ]
}
// tour:end

func nestedPaths() throws {
    step(2, "Nested source paths and array indices")
    let placeJSON = #"{"sub_object": {"title": 456, "arbitraryData": "data"}, "geo": [51.1079, 17.0385], "stats": {"views": 1200}}"#
    print("source: \(placeJSON)")
    // tour:begin
    let place = Place()
    try Mapper.mapValues(fromJSON: placeJSON, to: place, using: Place.mapping)
    // tour:end
    table([
        ["sub_object.title", "→", "uniqueID", show(place.uniqueID)],
        ["geo[0]", "→", "latitude", show(place.latitude)],
        ["geo[1]", "→", "longitude", show(place.longitude)],
        ["stats.views", "→", "views", show(place.views)],
    ])

    let badPlaceJSON = #"{"geo": [51.1079, "east"]}"#
    print("source: \(badPlaceJSON)")
    // tour:begin
    // A value of the wrong type deep inside is reported at its full path, and nothing is written.
    do {
        try Mapper.mapValues(fromJSON: badPlaceJSON, to: place, using: Place.mapping)
    } catch {
        print(error)
    }
    // tour:end
    print("latitude is still \(show(place.latitude))")
}

/// A model with a few string properties and a count, for the key-policy and dictionary-reading tests.
struct TripFixture: Equatable {
    var start = ""
    var end = ""
    var name = ""
    var city = ""
    var count = 0
}

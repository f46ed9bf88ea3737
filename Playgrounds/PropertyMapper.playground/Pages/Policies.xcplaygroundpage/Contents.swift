/*:
 # 10. Policies

 Data from someone else's API rarely matches the model. `Mapping(keys:keyStyle:unknownKeys:coercion:rules:_:)`
 and a few descriptor options say, field by field, what to accept and what to refuse, and every
 value accepted on the way is reported as a `MappingWarning`:

 - `keys: .ignoringCaseAndSeparators` reads `departs_at` with the key `departsAt` (an exact match
   wins; two looser matches are an `ambiguousKey` error), and `.anyOf("confirmationCode", "pnr")`
   tries its keys in order. `keyStyle: .snakeCase` would instead spell every key `departs_at` both
   ways: read, written back by `serialize`, and named in errors.
 - `unknownKeys: .warn` reports a key the mapping does not name (`.fail` refuses it).
 - `.lenient()` reads the string `"1042"` as an `Int` (`coercion: .lenient` does it for every field).
 - `default:` is written when the key is absent; `fallback:` replaces a present value that fails,
   such as a status the enum does not know.
 - `.ifAbsent(_:)` and `.ifNull(_:)` (`.keep`, `.setNil`, `.useDefault`, `.fail`) tell an absent key
   from a null: here null means "not known yet" and keeps the gate, and an absent terminal is nil.
 - `.droppingInvalidElements()` drops the element of an array that fails, instead of the array.
 - `.polymorphic(_:on:_:)` maps each document into the type its `type` names.
 - `.ensure(_:_:)` judges the converted value (the `URL`), and a `MappingRule` judges two fields
   together, after every field and before anything is written.

 The `warnings:` forms of `mapValues`, `map` and `validate` hand the warnings back, only when the
 mapping succeeds. A failure is still all or nothing: every error is reported and nothing is written.

 The samples, in the page's code, are flight bookings from a travel partner's API: one payload with
 every quirk above, which maps with five warnings, and one with two defects, which is refused.
 */
import Foundation
import PropertyMapper

/// A booking's status; the airline adds new ones without notice, and `unknown` stands for them.
enum TripStatus: String, CaseIterable {
    case confirmed, pending, cancelled, unknown
}

/// One traveller on the booking; a passenger without a name is dropped from the list.
struct Passenger: Mappable {
    var name = ""
    var seat: String?

    static let mapping: Mapping<Passenger> = [
        "name": .property(\.name).isRequired(),
        "seat": .property(\.seat),
    ]
}

/// A document attached to the booking: a boarding pass or a receipt, told apart by its `type`.
protocol TripDocument: Sendable {
    var summary: String { get }
}

struct BoardingPass: Mappable, TripDocument {
    var passenger = ""
    var barcode = ""
    var summary: String { "boarding pass of \(passenger)" }

    static let mapping: Mapping<BoardingPass> = [
        "passenger": .property(\.passenger),
        "barcode": .property(\.barcode),
    ]
}

struct Receipt: Mappable, TripDocument {
    var amount = 0.0
    var currency = ""
    var summary: String { "receipt for \(amount) \(currency)" }

    static let mapping: Mapping<Receipt> = [
        "amount": .property(\.amount),
        "currency": .property(\.currency),
    ]
}

/// A flight booking as a travel partner's API sends it: snake_case keys, an id as a string, new
/// statuses, null for "not known yet", fields left out when they do not apply.
struct Trip: Mappable {
    var id = 0
    var confirmationCode = ""
    var flightNumber = ""
    var departsAt = Date(timeIntervalSince1970: 0)
    var arrivesAt = Date(timeIntervalSince1970: 0)
    var status: TripStatus = .pending
    var checkedBags = 0
    var gate: String?
    var terminal: String?
    var passengers: [Passenger] = []
    var documents: [any TripDocument] = []
    var manageURL: URL?

    static let mapping = Mapping<Trip>(
        keys: .ignoringCaseAndSeparators,  // "flightNumber" reads "flight_number"
        unknownKeys: .warn,
        rules: [MappingRule("arrivesAfterDeparture") { try $0[\.arrivesAt] > $0[\.departsAt] }],
        [
            "id": .property(\.id).lenient(),  // "1042" → 1042
            .anyOf("confirmationCode", "pnr"): .property(\.confirmationCode).isRequired(),
            "flightNumber": .property(\.flightNumber).isRequired(),
            "departsAt": .box(.date, \.departsAt),
            "arrivesAt": .box(.date, \.arrivesAt),
            "status": .property(\.status, fallback: .unknown),  // a status added later
            "checkedBags": .property(\.checkedBags, default: 0),  // left out: none
            "gate": .property(\.gate).ifNull(.keep),  // null: not known yet
            "terminal": .property(\.terminal).ifAbsent(.setNil),  // left out: none
            "passengers": .property(\.passengers).droppingInvalidElements(),
            "documents": .polymorphic(\.documents, on: "type", ["boarding_pass": BoardingPass.self, "receipt": Receipt.self]),
            "manageURL": .box(.url, \.manageURL).ensure("isSecure") { (url: URL) in url.scheme == "https" },
        ])
}

/// The trip's values, one row each.
func tripTable(_ trip: Trip) {
    table([
        ["id", show(trip.id)],
        ["confirmationCode", show(trip.confirmationCode)],
        ["flightNumber", show(trip.flightNumber)],
        ["departsAt", show(trip.departsAt)],
        ["arrivesAt", show(trip.arrivesAt)],
        ["status", show(trip.status)],
        ["checkedBags", show(trip.checkedBags)],
        ["gate", show(trip.gate)],
        ["terminal", show(trip.terminal)],
        ["passengers", show(trip.passengers.map(\.name))],
        ["documents", show(trip.documents.map(\.summary))],
        ["manageURL", show(trip.manageURL)],
    ])
}

heading(10, "Policies: messy data from a third-party API")

//: The trip as the app last saw it: at gate B12, terminal 1.
var trip = Trip()
trip.gate = "B12"
trip.terminal = "1"
print("the trip as the app last saw it: gate \(show(trip.gate)), terminal \(show(trip.terminal))")

//: The partner's payload: snake_case keys, the id as a string, the confirmation code under "pnr",
//: a status this model does not know, no checked_bags, a null gate, no terminal, a passenger
//: without a name, two kinds of documents, and a key the mapping does not name.
let payload = """
    {
      "id": "1042",
      "pnr": "K7XQ2M",
      "flight_number": "TP1350",
      "departs_at": "2026-05-14T06:25:00Z",
      "arrives_at": "2026-05-14T09:40:00Z",
      "status": "rebooked",
      "gate": null,
      "passengers": [
        {"name": "Ana Lima", "seat": "14A"},
        {"seat": "14B"},
        {"name": "Rui Lima", "seat": null}
      ],
      "documents": [
        {"type": "boarding_pass", "passenger": "Ana Lima", "barcode": "M1LIMA/ANA"},
        {"type": "receipt", "amount": 412.8, "currency": "EUR"}
      ],
      "manage_url": "https://partner.example/trips/K7XQ2M",
      "tracking_id": "a81f-22c"
    }
    """
var warnings: [MappingWarning] = []
try Mapper.mapValues(fromJSON: payload, to: &trip, using: Trip.mapping, warnings: &warnings)
print("the partner's payload, mapped onto the trip:")
tripTable(trip)

//: What the mapping did that the data did not say outright: one warning each.
print("\(warnings.count) warnings:")
for warning in warnings {
    print("  \(warning)")
}

//: Two defects: "flight_number" and "FlightNumber" both match the key "flightNumber", and the
//: flight lands before it takes off. Both are reported; nothing is written, not even the gate.
let broken = """
    {
      "id": "1042",
      "pnr": "K7XQ2M",
      "flight_number": "TP1350",
      "FlightNumber": "TP 1350",
      "departs_at": "2026-05-14T06:25:00Z",
      "arrives_at": "2026-05-14T05:40:00Z",
      "status": "confirmed",
      "gate": "C3"
    }
    """
var brokenWarnings: [MappingWarning] = []
do {
    try Mapper.mapValues(fromJSON: broken, to: &trip, using: Trip.mapping, warnings: &brokenWarnings)
    print("the broken payload mapped")
} catch {
    print("a payload with two defects: \(error.errors.count) errors")
    errorTable(error.errors)
}
print("warnings handed back by the failed mapping: \(brokenWarnings.count)")
print("the trip after the failed mapping:")
tripTable(trip)

//: [Previous](@previous)

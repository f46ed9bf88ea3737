// The code each step of the tour prints before its output: the regions of its file in
// Sources/Tour/Steps between `// tour:begin` and `// tour:end`. Generated from those files;
// TourCodeTests fails when this file differs from them, and writes the file it expects.

let stepCode: [StepCode] = [
    StepCode(
        step: 1,
        file: "Sources/Tour/Steps/1-BasicMapping.swift",
        text: #"""
            final class Clip {
                var title = ""
                var duration = 0.0
                var isPremium = false
                var tags: [String] = []
                var subtitle: String? = "draft"

                static let mapping: Mapping<Clip> = [
                    "name": .property(\.title),
                    "duration": .property(\.duration),
                    "is_premium": .property(\.isPremium),
                    "tags": .property(\.tags),
                    "subtitle": .property(\.subtitle),
                ]
            }

            struct ClipSummary {
                var title = ""
                var duration = 0.0

                static let mapping: Mapping<ClipSummary> = [
                    "name": .property(\.title),
                    "duration": .property(\.duration),
                ]
            }

            // A class is mapped in place. `null` writes `nil` into the optional `subtitle`, which was `"draft"`.
            let clip = Clip()
            try Mapper.mapValues(fromJSON: clipJSON, to: clip, using: Clip.mapping)

            // A struct is mapped through `inout`. Keys the mapping does not name are ignored.
            var summary = ClipSummary()
            try Mapper.mapValues(fromJSON: clipJSON, to: &summary, using: ClipSummary.mapping)
            """#
    ),
    StepCode(
        step: 2,
        file: "Sources/Tour/Steps/2-NestedPaths.swift",
        text: #"""
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

            let place = Place()
            try Mapper.mapValues(fromJSON: placeJSON, to: place, using: Place.mapping)

            // A value of the wrong type deep inside is reported at its full path, and nothing is written.
            do {
                try Mapper.mapValues(fromJSON: badPlaceJSON, to: place, using: Place.mapping)
            } catch {
                print(error)
            }
            """#
    ),
    StepCode(
        step: 3,
        file: "Sources/Tour/Steps/3-Boxing.swift",
        text: #"""
            extension Boxing where Value == Double {
                /// Boxes `"m:ss"` or `"h:mm:ss"` into seconds.
                static var clockDuration: Self {
                    Boxing(named: "clockDuration") { (text: String) in
                        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
                        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
                        return Double(parts.reduce(0) { $0 * 60 + $1! })
                    }
                }
            }

            final class Upload {
                var contentURL: URL?
                var publishedAt: Date?
                var length = 0.0

                static let mapping: Mapping<Upload> = [
                    "videoURL": .box(.url, \.contentURL),
                    "published_at": .box(.date, \.publishedAt),
                    "length": .box(.clockDuration, \.length),
                ]
            }

            let upload = Upload()
            try Mapper.mapValues(fromJSON: uploadJSON, to: upload, using: Upload.mapping)

            // Every boxing that fails is reported, each with its own rule.
            do {
                try Mapper.mapValues(fromJSON: badUploadJSON, to: upload, using: Upload.mapping)
            } catch {
                print(error)
            }
            """#
    ),
    StepCode(
        step: 4,
        file: "Sources/Tour/Steps/4-CallsAndLists.swift",
        text: #"""
            final class Feature {
                var type: VideoType = .live
                var contentURL: URL?
                var rawURL = ""

                static let mapping: Mapping<Feature> = [
                    "videoType": .call(Feature.videoType(from:), \.type),
                    "videoURL": .list(.box(.url, \.contentURL), .property(\.rawURL)),
                ]

                func videoType(from string: String) -> VideoType? {
                    VideoType(rawValue: string)
                }
            }

            let feature = Feature()
            try Mapper.mapValues(fromJSON: featureJSON, to: feature, using: Feature.mapping)

            // An unknown type makes the call return nil: a `call` error, and `type` keeps its value.
            do {
                try Mapper.mapValues(fromJSON: badFeatureJSON, to: feature, using: Feature.mapping)
            } catch {
                print(error)
            }
            """#
    ),
    StepCode(
        step: 5,
        file: "Sources/Tour/Steps/5-Validation.swift",
        text: #"""
            // The feed's model, Video (a final class), in Sources/FeedModel/Video.swift; steps 6, 7 and 9 use it too:
            public static let emailPattern = #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#

            public static let mapping: Mapping<Video> = [
                "id": .property(\.id).isRequired().min(1),
                "videoURL": .box(.url, \.contentURL).isRequired(),
                "name": .property(\.title).isRequired().lengthRange(1, 80),
                "videoType": .call(Video.videoType(from:), \.type, reverse: Video.name(of:)).isRequired(),
                "published_at": .box(.date, \.publishedAt).isRequired(),
                "duration": .property(\.duration).isRequired().range(0, 86_400),
                "is_premium": .property(\.isPremium).isRequired(),
                "rating": .property(\.rating).range(1, 5),
                "author": [
                    "id": .property(\.authorID).isRequired(),
                    "email": .property(\.authorEmail).isRequired().matchesRegEx(emailPattern),
                    "display_name": .property(\.authorName).isRequired(),
                ],
                "tags": .property(\.tags).isRequired(),
                "geo": [0: .property(\.latitude).isRequired(), 1: .property(\.longitude).isRequired()],
                "subtitle": .property(\.subtitle),
                "stats": [
                    "views": .property(\.views).isRequired(),
                    "likes": .property(\.likes).isRequired(),
                ],
            ]

            let video = Video()
            try Mapper.mapValues(fromJSON: Video.sampleJSON, to: video, using: Video.mapping)

            // Now a record with six defects, one per field.
            var defective = Video.sampleRecord()
            defective["id"] = "42"
            defective["videoURL"] = nil
            defective["name"] = String(repeating: "x", count: 200)
            defective["rating"] = 9
            defective["published_at"] = "yesterday"
            defective["author"] = ["id": 1680, "email": "not-an-email", "display_name": "Romeo"]
            do throws(MappingError) {
                try Mapper.mapValues(from: defective, to: video, using: Video.mapping)
                print("mapped, unexpectedly")
            } catch {
                print("a record with six defects: \(error.errors.count) errors, in mapping order")
                errorTable(error.errors)
            }
            """#
    ),
    StepCode(
        step: 6,
        file: "Sources/Tour/Steps/6-Feed.swift",
        text: #"""
            let feed = try Data(contentsOf: feedURL)
            let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }
            let failures = batch.failures

            // The first few rejected records, with the errors as the library prints them.
            print("the first 3 rejected records:")
            for failure in failures.prefix(3) {
                print("record \(failure.index): \(failure.error)")
            }
            """#
    ),
    StepCode(
        step: 7,
        file: "Sources/Tour/Steps/7-DryRun.swift",
        text: #"""
            let model = Video()
            let valid = Video.sampleRecord()
            var invalid = Video.sampleRecord()
            invalid["rating"] = 9
            invalid["videoType"] = "hologram"

            let validProblems = Mapper.validate(valid, for: model, using: Video.mapping)
            let invalidProblems = Mapper.validate(invalid, for: model, using: Video.mapping)
            """#
    ),
    StepCode(
        step: 8,
        file: "Sources/Tour/Steps/8-Models.swift",
        text: #"""
            /// A repository's visibility; GitHub Enterprise also has "internal", which this model refuses.
            enum Visibility: String, CaseIterable {
                case `public`, `private`
            }

            /// A repository's owner: a mutable model, made by `init()` and then mapped.
            struct Owner: Mappable {
                var login = ""
                var id = 0
                var profileURL: URL?

                static let mapping: Mapping<Owner> = [
                    "login": .property(\.login).isRequired(),
                    "id": .property(\.id).min(1),
                    "html_url": .box(.url, \.profileURL),
                ]
            }

            /// A repository's license: an immutable model, made from its mapped values.
            struct License: ImmutableMappable {
                let key: String
                let name: String

                static let mapping: Mapping<License> = [
                    "key": .property(\.key),
                    "name": .property(\.name),
                ]

                init(_ values: MappedValues<License>) throws {
                    key = try values[\.key]
                    name = try values[\.name]
                }
            }

            /// One repository of GitHub's "list repositories" response, with `let` properties.
            struct Repo: ImmutableMappable {
                let id: Int
                let name: String
                let owner: Owner  // a nested model
                let license: License?  // null → nil
                let topics: [String]
                let visibility: Visibility  // an enum, by its raw value
                let stars: Int
                let pushedAt: Date

                static let mapping: Mapping<Repo> = [
                    "id": .property(\.id).min(1),
                    "name": .property(\.name).lengthRange(1, 100),
                    "owner": .property(\.owner),
                    "license": .property(\.license),
                    "topics": .property(\.topics),
                    "visibility": .property(\.visibility),
                    "stargazers_count": .property(\.stars).min(0),
                    "pushed_at": .box(.date, \.pushedAt),
                ]

                init(_ values: MappedValues<Repo>) throws {
                    id = try values[\.id]
                    name = try values[\.name]
                    owner = try values[\.owner]
                    license = try values[\.license]
                    topics = try values[\.topics]
                    visibility = try values[\.visibility]
                    stars = try values[\.stars]
                    pushedAt = try values[\.pushedAt]
                }
            }

            let data = try Data(contentsOf: reposURL)

            // Each record on its own: a bad record fails alone.
            let batch = try Mapper.mapArray(fromJSON: data, as: Repo.self)

            // All or nothing: one bad record fails the whole array, its errors under its index.
            do {
                let repos = try Mapper.map([Repo].self, fromJSON: data)
                print("all \(repos.count) mapped")
            } catch {
                print("Mapper.map([Repo].self, fromJSON:) throws \(error.errors.count) errors, the first at \(error.errors[0].path)")
            }
            """#
    ),
    StepCode(
        step: 9,
        file: "Sources/Tour/Steps/9-Serializing.swift",
        text: #"""
            let feed = try Data(contentsOf: feedURL)
            let batch = try Mapper.mapArray(fromJSON: feed, using: Video.mapping) { Video() }

            // The feed's first record, mapped, then edited.
            let video = batch.models[0]
            video.title += " (remastered)"
            video.type = .longVideo
            video.rating = 5
            video.tags.append("remastered")

            // Compact, keys in mapping order, the nil subtitle left out.
            let compact = try Mapper.serializeJSON(video, using: Video.mapping)

            // Pretty, keys sorted, nil written as null.
            let pretty = try Mapper.serializeJSON(video, using: Video.mapping, options: [.prettyPrinted, .sortedKeys, .writingNulls])

            // The round trip: the text maps back into the same values, which serialize into the same bytes.
            let again = Video()
            try Mapper.mapValues(fromJSON: compact, to: again, using: Video.mapping)
            let written = try Mapper.serializeJSON(again, using: Video.mapping)

            // The whole feed in one JSON array, mapped back record by record.
            let all = try Mapper.serializeJSON(batch.models, using: Video.mapping)
            let back = try Mapper.mapArray(fromJSON: all, using: Video.mapping) { Video() }

            // A call without `reverse:` has no way back: a `serialize` error, found before anything is written.
            let noReverse: Mapping<Video> = [
                "id": .property(\.id),
                "videoType": .call(Video.videoType(from:), \.type),
            ]
            do {
                _ = try Mapper.serializeJSON(video, using: noReverse)
            } catch {
                print("without reverse: \(error.errors.count) error")
                errorTable(error.errors)
            }

            // Marked `.oneWay()`, the field is still mapped from data, and never serialized.
            let oneWay: Mapping<Video> = [
                "id": .property(\.id),
                "videoType": .call(Video.videoType(from:), \.type).oneWay(),
            ]
            print("with .oneWay(): \(String(decoding: try Mapper.serializeJSON(video, using: oneWay), as: UTF8.self))")
            """#
    ),
    StepCode(
        step: 10,
        file: "Sources/Tour/Steps/10-Policies.swift",
        text: #"""
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

            var trip = Trip()
            trip.gate = "B12"
            trip.terminal = "1"

            // The partner's payload: snake_case keys, the id as a string, the confirmation code under "pnr",
            // a status this model does not know, no checked_bags, a null gate, no terminal, a passenger
            // without a name, two kinds of documents, and a key the mapping does not name.
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

            // Two defects: "flight_number" and "FlightNumber" both match the key "flightNumber", and the
            // flight lands before it takes off. Both are reported; nothing is written, not even the gate.
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
            """#
    ),
]

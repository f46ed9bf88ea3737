import App
import Foundation
import NIOCore
import PropertyMapper
import Testing
import Vapor
import VaporTesting

/// `POST /orders` in memory (VaporTesting): the body decodes as `Content` through the Codable bridge, every check
/// of `Order.mapping` run; a good order comes back 201 through the mapping, a bad one is a 400 listing every error.
@Suite struct OrderRouteTests {
    @Test func goodOrderIsCreatedAndWrittenBackThroughTheMapping() async throws {
        try await withApp(configure: configure) { app in
            try await app.testing().test(.POST, "orders", headers: jsonHeaders, body: body(validOrderRecord())) { response in
                #expect(response.status == .created)
                #expect(response.headers.contentType == .json)
                let data = Data(response.body.readableBytesView)
                #expect(try JSONDecoder().decode(Order.self, from: data) == validOrder)
                // The mapping's shape, snake_case keys, whatever Vapor's encoder does with keys.
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                #expect(object.keys.sorted() == ["customer_email", "id", "line_items", "note", "total"])
                let items = try #require(object["line_items"] as? [[String: Any]])
                #expect(items.map { $0.keys.sorted() } == Array(repeating: ["quantity", "sku", "unit_price"], count: 2))
            }
        }
    }

    /// Decimals are exact both ways, as JSON numbers too: never read through `Double` (0.1000000000000000055…).
    @Test func decimalsKeepTheirDigits() async throws {
        let text = """
            {"id": 7, "customer_email": "ada@example.com", "total": 12345678901234567890.12,
             "line_items": [{"sku": "CAT-1", "quantity": 3, "unit_price": 0.10}]}
            """
        try await withApp(configure: configure) { app in
            try await app.testing().test(.POST, "orders", headers: jsonHeaders, body: ByteBuffer(string: text)) { response in
                #expect(response.status == .created)
                let order = try JSONDecoder().decode(Order.self, from: Data(response.body.readableBytesView))
                #expect(order.total == Decimal(string: "12345678901234567890.12"))
                #expect(order.lineItems.first?.unitPrice == Decimal(string: "0.1"))
                #expect(response.body.string.contains("12345678901234567890.12"), "\(response.body.string)")
            }
        }
    }

    @Test func badOrderIsA400ListingEveryError() async throws {
        var record = validOrderRecord()
        record["id"] = 0
        record["customer_email"] = "not-an-email"
        record = changingLineItem(1, of: record) { $0["sku"] = "AB" }
        let rejection = try await rejection(of: body(record))
        #expect(rejection.error)
        #expect(rejection.errors.map(\.path) == ["id", "customer_email", "line_items[1].sku"])
        #expect(rejection.errors.map(\.rule) == ["min", "matchesRegEx", "lengthRange"])
        #expect(rejection.reason.split(separator: "\n").count == 3)
        for (line, error) in zip(rejection.reason.split(separator: "\n"), rejection.errors) {
            #expect(line.hasPrefix("\(error.path) → "), "\(line)")
            #expect(line.contains(error.message), "\(line)")
        }
    }

    /// Types are strict: a JSON `true` is never a quantity. One root cause gives one error, no `min` on top.
    @Test func aBooleanQuantityIsOneTypeError() async throws {
        let record = changingLineItem(0, of: validOrderRecord()) { $0["quantity"] = true }
        let rejection = try await rejection(of: body(record))
        #expect(rejection.errors.map(\.path) == ["line_items[0].quantity"])
        #expect(rejection.errors.map(\.rule) == ["type"])
    }

    @Test func missingFieldsAreEachAnIsRequiredError() async throws {
        let rejection = try await rejection(of: body(["note": "only a note"]))
        #expect(rejection.errors.map(\.path) == ["id", "customer_email", "line_items", "total"])
        #expect(rejection.errors.allSatisfy { $0.rule == "isRequired" })
    }

    /// A body that is not JSON at all never reaches the mapping: Vapor's own 400, with no `errors`.
    @Test func aBodyThatIsNotJSONIsVaporsOwn400() async throws {
        try await withApp(configure: configure) { app in
            try await app.testing().test(.POST, "orders", headers: jsonHeaders, body: ByteBuffer(string: "id=1&total=3")) {
                response in
                #expect(response.status == .badRequest)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(object["error"] as? Bool == true)
                #expect(object["errors"] == nil)
            }
        }
    }

    /// JSON that is not an object is the mapping's to judge: one error, at the document's root.
    @Test func aJSONArrayIsOneError() async throws {
        let rejection = try await rejection(of: ByteBuffer(string: "[1, 2]"))
        #expect(rejection.errors.count == 1, "\(rejection.reason)")
    }

    /// Nested in a synthesized `Codable` type, every path starts at the coding path (`orders[1].line_items[0].sku`).
    @Test func anOrderInsideACodableEnvelopeHasItsPathsPrefixed() async throws {
        struct Batch: Content {
            var source: String
            var orders: [Order]
        }
        try await withApp(configure: configure) { app in
            app.post("batches") { request async throws -> HTTPStatus in
                _ = try request.content.decode(Batch.self)
                return .created
            }
            let bad = changingLineItem(0, of: validOrderRecord()) { $0["sku"] = "lower-case" }
            let envelope: [String: Any] = ["source": "shop", "orders": [validOrderRecord(), bad]]
            try await app.testing().test(.POST, "batches", headers: jsonHeaders, body: body(envelope)) { response in
                #expect(response.status == .badRequest)
                let rejection = try JSONDecoder().decode(MappingErrorBody.self, from: Data(response.body.readableBytesView))
                #expect(rejection.errors.map(\.path) == ["orders[1].line_items[0].sku"])
                #expect(rejection.errors.map(\.rule) == ["matchesRegEx"])
            }
        }
    }

    /// Posts `body` to `/orders`, expects a 400, and returns its body.
    private func rejection(of body: ByteBuffer, sourceLocation: SourceLocation = #_sourceLocation) async throws -> MappingErrorBody {
        try await withApp(configure: configure) { app in
            let response = try await app.testing().sendRequest(.POST, "orders", headers: jsonHeaders, body: body)
            #expect(response.status == .badRequest, sourceLocation: sourceLocation)
            #expect(response.headers.contentType == .json, sourceLocation: sourceLocation)
            return try JSONDecoder().decode(MappingErrorBody.self, from: Data(response.body.readableBytesView))
        }
    }
}

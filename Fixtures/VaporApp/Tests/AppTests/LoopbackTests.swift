import App
import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Vapor

/// The app served on 127.0.0.1 (a port the system picks), asked over real HTTP with a bounded client, then shut down.
@Suite struct LoopbackTests {
    @Test func servesOrdersOverLoopbackHTTP() async throws {
        let app = try await Application.make(.testing)
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        do {
            try await configure(app)
            app.http.server.configuration.hostname = "127.0.0.1"
            app.http.server.configuration.port = 0
            try await app.asyncBoot()
            try await app.server.start(address: nil)
            let port = try #require(app.http.server.shared.localAddress?.port)
            let url = "http://127.0.0.1:\(port)/orders"

            let (created, order) = try await post(try body(validOrderRecord()), to: url, using: client)
            #expect(created == .created)
            #expect(try JSONDecoder().decode(Order.self, from: order) == validOrder)

            var record = validOrderRecord()
            record["id"] = 0
            record["customer_email"] = "not-an-email"
            record = changingLineItem(1, of: record) { $0["sku"] = "AB" }
            let (rejected, errors) = try await post(try body(record), to: url, using: client)
            #expect(rejected == .badRequest)
            let rejection = try JSONDecoder().decode(MappingErrorBody.self, from: errors)
            #expect(rejection.errors.map(\.path) == ["id", "customer_email", "line_items[1].sku"])
        } catch {
            try? await client.shutdown()
            await app.server.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
        try await client.shutdown()
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    /// POSTs a JSON body; the whole exchange, body included, within 10 seconds.
    private func post(_ body: ByteBuffer, to url: String, using client: HTTPClient) async throws -> (HTTPResponseStatus, Data) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers = jsonHeaders
        request.body = .bytes(body)
        let response = try await client.execute(request, deadline: .now() + .seconds(10))
        return (response.status, Data(try await response.body.collect(upTo: 1 << 20).readableBytesView))
    }
}

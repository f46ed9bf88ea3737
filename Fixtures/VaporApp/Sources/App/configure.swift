import Vapor

/// Configures the app: its middleware and its one route.
public func configure(_ app: Application) async throws {
    app.middleware.use(MappingErrorMiddleware())
    routes(app)
}

/// `POST /orders`: 201 with the order written back through its mapping, 400 with every error of a bad one.
func routes(_ app: Application) {
    app.post("orders") { request async throws -> Response in
        let order = try request.content.decode(Order.self)
        return try await order.encodeResponse(status: .created, for: request)
    }
}

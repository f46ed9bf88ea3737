import App
import Vapor

/// Serves the app: `swift run Run serve --hostname 127.0.0.1 --port 8080`, then
/// `curl -i -H 'Content-Type: application/json' -d '{"id": 0}' http://127.0.0.1:8080/orders`.
@main
enum Entrypoint {
    static func main() async throws {
        var environment = try Environment.detect()
        try LoggingSystem.bootstrap(from: &environment)
        let app = try await Application.make(environment)
        do {
            try await configure(app)
            try await app.execute()
        } catch {
            app.logger.report(error: error)
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}

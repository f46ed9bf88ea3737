import Foundation
import PropertyMapper
import Vapor

/// Answers a request whose body failed its model's mapping (a `MappedDecodable` model decoded as `Content`) with a
/// 400 that lists every error, in the shape of Vapor's own error bodies plus the errors' fields:
///
///     {"error": true, "reason": "<every error, one per line>", "errors": [{"path": …, "rule": …, "message": …}, …]}
///
/// Every other error, a body that is not JSON at all included, goes on to Vapor's `ErrorMiddleware`.
public struct MappingErrorMiddleware: AsyncMiddleware {
    /// Keys sorted, so that the same errors always read the same; slashes as written, so a pattern reads as one.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public init() {}

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as DecodingError {
            guard let mappingError = error.mappingError else { throw error }
            request.logger.debug("rejected: \(mappingError.errors.count) errors")
            let response = Response(status: .badRequest)
            try response.content.encode(MappingErrorBody(mappingError), using: Self.encoder)
            return response
        }
    }
}

/// The body of a 400 for a mapping's errors (`MappingErrorMiddleware`).
public struct MappingErrorBody: Content, Equatable {
    /// One `ValidationError`, by its fields: its document path, the rule that failed, and what was expected.
    public struct Entry: Content, Equatable {
        public var path: String
        public var rule: String
        public var message: String
    }

    /// Always `true`, as in Vapor's error bodies.
    public var error = true
    /// Every error as `print(error)` lists it, one per line.
    public var reason: String
    public var errors: [Entry]

    public init(_ mappingError: MappingError) {
        reason = mappingError.errors.map(\.description).joined(separator: "\n")
        errors = mappingError.errors.map { Entry(path: $0.path, rule: $0.rule, message: $0.message) }
    }
}

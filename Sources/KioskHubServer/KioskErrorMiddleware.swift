package import Hummingbird
import KioskCore
import Logging

/// The API's edge for `KioskError`: each domain becomes its answer here, once for every route. The request's own
/// problem is a problem body naming it (422, or 404 for something unknown, 403 for refused credentials); a failure
/// of the database or of a service it needs is 503 with `Retry-After`, so kiosks back off and retry, and a bad
/// configuration 500: both logged, their details never sent to the client.
package struct KioskErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What the hub asks a kiosk to wait after a database failure.
    package static var retryAfterSeconds: Int { 5 }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as KioskError {
            throw Self.answer(to: error, logger: context.logger)
        }
    }

    /// The answer to `error`, logging what the client is not told.
    static func answer(to error: KioskError, logger: Logger) -> HubHTTPError {
        switch error.domain {
        case .input: return HubHTTPError(.unprocessableContent, error.message)
        case .notFound: return HubHTTPError(.notFound, error.message)
        case .auth: return HubHTTPError(.forbidden, error.message)
        case .configuration:
            logger.error("hub configuration failure", metadata: ["hub.error": "\(error.message)"])
            return HubHTTPError(.internalServerError, "the hub is misconfigured; its log says how")
        default:
            logger.error("hub database failure", metadata: ["hub.error": "\(error.message)"])
            return HubHTTPError(.serviceUnavailable, "the hub's database failed; try again later", retryAfter: retryAfterSeconds)
        }
    }
}

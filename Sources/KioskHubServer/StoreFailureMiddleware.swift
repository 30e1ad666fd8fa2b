import Hummingbird
import KioskCore
import KioskHubStorage
import Logging

/// Turns a failure of the hub's database (disk full, I/O error, busy) into 503 with `Retry-After`, so kiosks
/// back off and retry; the details go to the log, not to the client.
struct StoreFailureMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What the hub asks a kiosk to wait after a database failure.
    static var retryAfterSeconds: Int { 5 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as KioskError {
            context.logger.error("hub database failure", metadata: ["hub.error": "\(error.message)"])
            throw HubHTTPError(.serviceUnavailable, "the hub's database failed; try again later", retryAfter: Self.retryAfterSeconds)
        }
    }
}

import Hummingbird
import KioskHub
import KioskHubStorage

/// Answers 503 with `Retry-After` while the hub's database is not ready (`HubReadiness`), naming why.
struct ReadinessMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What the hub asks a client to wait while its database is not ready.
    static var retryAfterSeconds: Int { 2 }

    let readiness: HubReadiness

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let reason = readiness.reasonNotReady {
            throw HubHTTPError(.serviceUnavailable, "the hub database is not ready: \(reason)", retryAfter: Self.retryAfterSeconds)
        }
        return try await next(request, context)
    }
}

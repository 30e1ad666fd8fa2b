import Hummingbird
import KioskCore
import KioskHubServer

/// The console's edge for `KioskError`: each domain becomes an error page here, once for every page. The
/// request's own problem names itself (422, 404 for something unknown, 403 for refused credentials); a failure of
/// the database or a service is 503 (with the API's `Retry-After`) and a bad configuration 500, their details
/// logged, not shown.
struct ConsoleErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as KioskError {
            throw Self.page(for: error)
        }
    }

    /// The error page `error` is shown as.
    static func page(for error: KioskError) -> ConsoleError {
        switch error.domain {
        case .input: ConsoleError(.unprocessableContent, error.message)
        case .notFound: ConsoleError(.notFound, error.message)
        case .auth: ConsoleError(.forbidden, error.message)
        case .configuration: ConsoleError(.internalServerError, "the hub is misconfigured; its log says how", detail: error.message)
        default:
            ConsoleError(
                .serviceUnavailable,
                "the hub's database failed; try again in a moment",
                detail: error.message,
                retryAfter: KioskErrorMiddleware<HubRequestContext>.retryAfterSeconds
            )
        }
    }
}

import Foundation
import Hummingbird
import KioskHubStorage
import Logging

/// One structured log line per request: method, path, status and duration. Headers (and so tokens) are never
/// logged; the query string is left out too.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let logger = context.logger
        do {
            let response = try await next(request, context)
            log(logger, request, status: response.status.code, since: start)
            return response
        } catch {
            log(logger, request, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
            throw error
        }
    }

    private func log(_ logger: Logger, _ request: Request, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info(
            "request",
            metadata: [
                "http.method": "\(request.method.rawValue)",
                "http.path": "\(request.uri.path)",
                "http.status": "\(status)",
                "http.duration_ms": "\(String(format: "%.1f", milliseconds))",
            ]
        )
    }
}

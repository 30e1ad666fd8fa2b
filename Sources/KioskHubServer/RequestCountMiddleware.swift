import Hummingbird

/// Counts every answer by its status code (`kiosk_hub_http_requests_total`), errors included.
struct RequestCountMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: HubMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            metrics.answered(status: response.status.code)
            return response
        } catch {
            metrics.answered(status: (error as? any HTTPResponseError)?.status.code ?? 500)
            throw error
        }
    }
}

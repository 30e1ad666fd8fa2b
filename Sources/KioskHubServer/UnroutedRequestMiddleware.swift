import Hummingbird
import KioskHubStorage

/// Answers a request no route takes with a body that says so (Hummingbird's own 404 is empty): 405 with `Allow`
/// for a path the hub serves asked with another method, 404 naming the path otherwise. CONNECT is 405 whatever
/// its target: the hub is no proxy.
struct UnroutedRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods each path is served with.
    let methods: [String: [HTTPRequest.Method]]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.method == .connect {
            throw HubHTTPError(.methodNotAllowed, "CONNECT is not served: the hub is no proxy", allow: "GET, POST")
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            guard let allowed = methods[path] else { throw HubHTTPError(.notFound, "no such endpoint: \(path)") }
            throw HubHTTPError(
                .methodNotAllowed,
                "\(request.method.rawValue) is not served at \(path); use \(allowed.map(\.rawValue).joined(separator: " or "))",
                allow: allowed.map(\.rawValue).joined(separator: ", ")
            )
        }
    }
}
